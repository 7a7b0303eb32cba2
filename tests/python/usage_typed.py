"""Usage as a server or host writes it: `mypy --strict` must pass on this
file (make test-python runs it), and pytest runs it too."""

from __future__ import annotations

from datetime import datetime, timezone

import mcp_boundary
from mcp_boundary import (
    ErrorClassifier,
    EventRewriter,
    McpBoundaryError,
    RecipientValidator,
    ToolNameError,
    ToolRegistry,
    list_unread,
    mark_read,
    plan_delivery,
    read_state,
    to_llm_facing_name,
    try_reverse_to_canonical,
    unread_count,
    validate_recipient,
)


def recipients() -> str:
    result = validate_recipient("AGENT:gpt")
    if not result["ok"]:
        return result["error"]["reason"]
    v = RecipientValidator(known_agents=["@neo-gpt"], strict=True)
    quiet = RecipientValidator(known_agents=["@neo-gpt"], suggest=False).validate("AGENT:gpt")
    if not quiet["ok"]:
        assert "suggestions" not in quiet["error"]
    many = v.validate_many(["@neo-gpt", "@x"])
    return str(len(many)) + v.json_schema()["pattern"]


def delivery() -> int:
    plan = plan_delivery("AGENT:*", sender="@a", agents=["@a", "@b", {"id": "@c", "accountType": "agent"}])
    if plan["ok"]:
        recipients: list[str] = plan["recipients"]
        assert recipients == ["@b", "@c"]
    message = {"id": 1, "from": "@a", "to": "AGENT:*", "receipts": [{"recipient": "@b", "readAt": None}]}
    mark = mark_read(message, "@b", datetime.now(timezone.utc))
    if mark["ok"]:
        at: str = mark["readAt"]
        assert at.endswith("Z")
    assert read_state(message, "@b") == "unread"
    unread: list[dict[str, object]] = list_unread([message], "@b")
    return unread_count([message], "@b") + len(unread)


def tool_names() -> str | None:
    alias: str = to_llm_facing_name("github/create_issue", profile="openai")
    tools = ToolRegistry(profile="openai", overflow="hash")
    tools.register_server("github", ["create_issue"])
    request = tools.to_provider({"tools": [{"name": "github/create_issue"}]}, "anthropic")
    chunks = [b'data: {"type":"message_stop"}\n\n']
    body = b"".join(tools.from_provider_sse(chunks, "anthropic"))
    event: dict[str, object] = EventRewriter(tools, format="anthropic").rewrite({"type": "message_stop"})
    assert event == {"type": "message_stop"}
    try:
        tools.register("a/b__c")
        tools.register("a__b/c")
    except ToolNameError as e:
        assert e.code == "TOOL_NAME_COLLISION"
    assert request and body and alias
    return try_reverse_to_canonical(alias) or tools.tool_for_call_id("t1")


def errors() -> str:
    c = ErrorClassifier({"list_bounties": ["limit"]}, field_messages=["must be at most 100"])
    data = c.classify("list_bounties", "limit must be at most 100")
    issues = c.classify_issues("list_bounties", [{"code": "too_big", "maximum": 100, "path": ["limit"]}])
    served = ErrorClassifier({"": ["x"], "get": ["id"]}, output_schema_tools=["get"], lenient=True)
    assert not served.structured_errors("get") and served.tools() == ["get"]
    try:
        ErrorClassifier([""])
    except McpBoundaryError as e:
        assert e.reason == "invalid_value"
    assert issues[0]["field"] == "limit"
    return data["message"] if data is not None else mcp_boundary.__version__


def protected(server: object) -> object:
    """protect_server as a server author types it (the SDK's server class keeps its type)."""
    from mcp_boundary.mcp import ErrorInfo, protect_server

    heard: list[str] = []

    def log(info: ErrorInfo) -> None:
        heard.append(f"{info['kind']} {info['tool']!r}")

    return protect_server(server, messages=["is not a registered agent"], handler_errors="classify", on_error=log)


def typed_results() -> list[str]:
    """The result TypedDicts and Literal names, imported at run time as a user annotates with them."""
    from mcp_boundary import Accepted, ErrorData, RecipientResult, Rejected
    from mcp_boundary.types import Format, ReadStateName, RejectionReasonName

    def reason(result: RecipientResult) -> RejectionReasonName | None:
        return None if result["ok"] else result["error"]["reason"]

    accepted: Accepted = {"ok": True, "recipient": {"kind": "broadcast"}}
    result = validate_recipient("@")
    assert not result["ok"]
    rejected: Rejected = result
    state: ReadStateName = read_state({"to": "@b"}, "@b")
    fmt: Format = "openai-chat"
    data: ErrorData = {"code": "invalid_argument", "tool": None, "field": None, "message": "m"}
    return [str(reason(accepted)), str(reason(validate_recipient("AGENT:x"))), state, fmt, data["code"], str(rejected["ok"])]


def test_usage() -> None:
    assert typed_results() == ["None", "agent_prefix_with_name", "unread", "openai-chat", "invalid_argument", "False"]
    assert recipients() == "agent_prefix_with_name"
    assert delivery() == 2
    assert tool_names() == "github/create_issue"
    assert errors() == "must be at most 100"
