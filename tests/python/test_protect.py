"""tests/data/protect.json (what a protected server answers for each failure,
SPEC §6.1), as tests/protect.rs runs it natively and js-tests/ in JS: the
compiled module's Protection, its catalog of the tools as listed, and the
decision for each failure as a dict."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from conftest import vectors
from mcp_boundary._mcp_boundary import OptionsError, Protection, ServerCatalog

DOC = vectors("protect")


def protection(options: dict[str, Any]) -> Protection:
    """The options as the file gives them (Rust's keys are Python's)."""
    return Protection(messages=options.get("messages"), handler_errors=options.get("handler_errors"))


def catalog(p: Protection, tools: list[dict[str, Any]]) -> ServerCatalog:
    return p.catalog((t["name"], t["inputSchema"], t["outputSchema"]) for t in tools)


def check(got: dict[str, Any], expect: dict[str, Any], name: str) -> None:
    """The whole decision, or for a recipient's rejection its parts (the file's ``about``)."""
    if "rejection" not in expect:
        assert got == expect, name
        return
    assert got["kind"] == expect["kind"], name
    result = got["result"]
    assert result["isError"] is True, name
    text = json.loads(result["content"][0]["text"])
    structured = result.get("structuredContent")
    assert (structured is not None) == expect["structured"], name
    for key, value in expect["rejection"].items():
        assert text[key] == value, (name, key)
        if structured is not None:
            assert structured["error"][key] == value, (name, key)


@pytest.mark.parametrize("server", DOC["servers"], ids=lambda s: s["name"])
def test_each_failure_gets_the_answer_the_vectors_say(server: dict[str, Any]) -> None:
    p = protection(server["options"])
    c = catalog(p, server["tools"])
    assert server["cases"]
    for case in server["cases"]:
        check(p.answer(c, case["failure"]), case["answer"], case["name"])


@pytest.mark.parametrize("case", DOC["options_errors"], ids=lambda c: json.dumps(c["options"]))
def test_options_that_cannot_work_raise_the_cores_error(case: dict[str, Any]) -> None:
    with pytest.raises(OptionsError) as raised:
        protection(case["options"])
    assert (raised.value.code, raised.value.reason) == (case["error"]["code"], case["error"]["reason"])  # type: ignore[attr-defined]
    for value in case["options"].values():
        if isinstance(value, str):
            assert value not in str(raised.value)


def test_a_pydantic_validation_error_is_read_as_its_issues() -> None:
    # What the SDK integrations give: pydantic's own error, never its input.
    from pydantic import BaseModel, ValidationError

    class Send(BaseModel):
        limit: int

    p = Protection()
    c = p.catalog([("send", {"type": "object", "properties": {"limit": {"type": "integer"}}}, False)])
    try:
        Send.model_validate({"limit": "SECRET-9f3a"})
    except ValidationError as error:
        got = p.answer(c, {"kind": "invalid_arguments", "tool": "send", "issues": error})
    assert got["kind"] == "invalid_arguments"
    assert got["result"]["content"][0]["text"] == "invalid tool arguments for send: limit must be an integer"
    assert "SECRET" not in json.dumps(got)


def test_a_bad_catalog_entry_costs_only_itself() -> None:
    p = Protection()
    c = p.catalog([("a\ud800", None, False), ("ok", None, False), "not a tool", ("x", object(), True), (1, None, False)])
    assert c.tools() == ["ok", "x"]
    assert c.has_tool("ok") and not c.has_tool("a\ud800")
    answer = p.answer(c, {"kind": "invalid_output", "tool": "x"})
    assert answer == {"kind": "invalid_output", "result": {"content": [{"type": "text", "text": "tool x failed"}], "isError": True}}


def test_a_name_or_message_that_is_not_exactly_text_is_none() -> None:
    # Read as the wasm binding reads JS strings: never another catalog
    # tool's name, never a message that pass mode would let through.
    p = Protection(messages=["must be at most 100"], handler_errors="pass")
    c = p.catalog([("a\ud800", None, True), ("a\ufffd", {"type": "object", "properties": {"limit": {}}}, False)])
    # The tool whose name is not text keeps its output flag: its answers are text only.
    answer = p.answer(c, {"kind": "handler_error", "tool": "a\ud800", "message": None})
    assert answer == {"kind": "handler_error", "result": {"content": [{"type": "text", "text": "tool failed"}], "isError": True}}
    answer = p.answer(c, {"kind": "forwarded_error", "tool": "a\ud800", "message": "must be at most 100"})
    assert answer["result"]["content"][0]["text"] == "invalid tool arguments: must be at most 100"
    assert "structuredContent" not in answer["result"] and "a\ufffd" not in json.dumps(answer, ensure_ascii=False)
    # A message with a lone surrogate is none: not passed as it is.
    answer = p.answer(c, {"kind": "handler_error", "tool": "a\ufffd", "message": "db \ud800 down"})
    assert answer["kind"] == "handler_error" and answer["result"]["content"][0]["text"] == "tool a\ufffd failed"


def test_a_failure_that_cannot_be_read_is_an_argument_error() -> None:
    p = Protection()
    c = p.catalog([])
    for bad in ({"kind": "SECRET"}, {}, "handler_error"):
        with pytest.raises(TypeError) as raised:
            p.answer(c, bad)  # type: ignore[arg-type]
        assert "SECRET" not in str(raised.value)
    with pytest.raises(TypeError):
        p.answer(object(), {"kind": "failed", "tool": "t"})  # type: ignore[arg-type]


def test_an_answer_that_cannot_be_built_fails_closed() -> None:
    """Issues the core cannot read (nested past what the binding reads): the
    answer is ``tool <name> failed`` from the core, never an exception's
    text, and ``on_error`` hears ``failed`` with the error of ours."""
    from mcp_boundary.mcp._answers import Boundary
    from mcp_boundary.mcp._core import ToolInfo

    heard: list[Any] = []

    async def list_tools() -> list[ToolInfo]:
        return [ToolInfo("t", {"type": "object", "properties": {"limit": {"type": "integer"}}}, False)]

    boundary = Boundary(messages=(), handler_errors="classify", on_error=heard.append, list_tools=list_tools)
    deep: Any = "SECRET"
    for _ in range(600):
        deep = [deep]
    issues = [{"type": "int_parsing", "loc": ["limit"], "input": deep, "ctx": deep}]
    answer = asyncio.run(boundary.invalid_arguments("t", RuntimeError("SECRET"), issues, []))
    assert answer == {"content": [{"type": "text", "text": "tool t failed"}], "isError": True}, answer
    assert [h["kind"] for h in heard] == ["failed"]
