"""protect_server against the SDK installed in this venv, through that SDK's
own client, in memory and over stdio: the caller's bytes reach the client
from the unprotected server and never from the protected one, which names
the field and tells what is allowed."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from typing import Any, Literal

import pytest
from sdk_support import (
    ARGUMENT_CASES,
    HANDLER_CASES,
    S,
    SDK,
    UNKNOWN_CASE,
    WITH_OUTPUT_SCHEMA,
    add_tool,
    answer_of,
    fastmcp_client,
    has_strict_input_validation,
    in_memory,
    leaks,
    make_server,
    over_stdio,
    sdk_version,
    text_of,
    unprotected_already_safe,
)

from mcp_boundary.mcp import ErrorInfo, UntestedSdkWarning, protect_server

pytestmark = pytest.mark.anyio

ALL_BAD: list[tuple[str, str, dict[str, Any]]] = [(c[0], c[1], c[2]) for c in ARGUMENT_CASES] + [(c[0], c[1], c[2]) for c in HANDLER_CASES] + [UNKNOWN_CASE]
VALID: list[tuple[str, dict[str, Any]]] = [
    ("set_priority", {"priority": "low"}),
    ("set_level", {"level": "high"}),
    ("set_limit", {"limit": 100}),
    ("update_profile", {"profile": {"name": "ann"}}),
    ("scores", {"scores": {"a": 1}}),
    ("note", {"text": "short"}),
]


def check_argument_answer(tool: str, field: str, phrase: str | None, answer: dict[str, Any]) -> None:
    assert not leaks(answer), answer
    assert "result" in answer, answer
    result = answer["result"]
    assert result["isError"] is True
    text = text_of(answer)
    assert text.startswith(f"invalid tool arguments for {tool}: "), text
    assert f"{field} {phrase}" in text if phrase else f" {field} " in f" {text} ", text
    if tool in WITH_OUTPUT_SCHEMA:
        # A client may check structuredContent against the tool's output schema, error results included.
        assert "structuredContent" not in result, result
    else:
        error = result["structuredContent"]["error"]
        assert error["code"] == "invalid_argument" and error["tool"] == tool
        if (field, phrase) != ("limit", "is required"):  # beside an extra argument, either issue may come first
            assert (error["field"], error["message"]) == (field, phrase or error["message"]), error


def check_protected(label: str, name: str, answer: dict[str, Any]) -> None:
    assert not leaks(answer), (label, answer)
    for case in ARGUMENT_CASES:
        if case[0] == label:
            check_argument_answer(case[1], case[3], case[4], answer)
    for handler_case in HANDLER_CASES:
        if handler_case[0] == label:
            assert answer["result"]["isError"] is True
            assert text_of(answer) == handler_case[3], answer
            assert "structuredContent" not in answer["result"]
    if label == "unknown_tool":
        assert answer == {"jsonrpc_error": {"code": -32602, "message": "unknown tool", "data": {"code": "unknown_tool", "suggestions": []}}}


def check_unprotected(label: str, answer: dict[str, Any]) -> None:
    if unprotected_already_safe(label, answer):
        assert not leaks(answer), answer
    else:
        assert leaks(answer), (label, answer)  # the same test finds the caller's bytes without protect_server


@pytest.mark.parametrize(("label", "name", "args"), ALL_BAD, ids=[c[0] for c in ALL_BAD])
async def test_in_memory_bad_call(label: str, name: str, args: dict[str, Any]) -> None:
    async with in_memory(make_server()) as call:
        check_unprotected(label, await call(name, args))
    async with in_memory(protect_server(make_server())) as call:
        check_protected(label, name, await call(name, args))


@pytest.mark.parametrize("protect", [False, True], ids=["unprotected", "protected"])
async def test_stdio_bad_calls(protect: bool) -> None:
    async with over_stdio(*(["protect"] if protect else [])) as call:
        for label, name, args in ALL_BAD:
            answer = await call(name, args)
            if protect:
                check_protected(label, name, answer)
            else:
                check_unprotected(label, answer)
        for name, valid_args in VALID:
            assert not (await call(name, valid_args))["result"].get("isError")


async def test_stdio_valid_calls_identical() -> None:
    answers = []
    for args in ([], ["protect"]):
        async with over_stdio(*args) as call:
            answers.append([await call(name, a) for name, a in VALID])
    assert answers[0] == answers[1]


async def test_valid_calls_identical() -> None:
    seen = []
    for server in (make_server(), protect_server(make_server())):
        async with in_memory(server) as call:
            seen.append([await call(name, args) for name, args in VALID])
    assert seen[0] == seen[1]
    assert all(a["result"].get("isError") is not True for a in seen[1])


async def test_tool_added_later_is_covered() -> None:
    server = protect_server(make_server())

    def set_mode(mode: Literal["fast", "safe"], depth: int) -> str:
        return f"{mode}{depth}"

    async with in_memory(server) as call:
        assert (await call("set_mode", {"mode": "fast", "depth": 1}))["jsonrpc_error"]["message"] == "unknown tool"
        add_tool(server, set_mode, output_schema=False)
        check_argument_answer("set_mode", "mode", "must be one of fast, safe", await call("set_mode", {"mode": S, "depth": 1}))
        check_argument_answer("set_mode", "depth", "must be an integer", await call("set_mode", {"mode": "fast", "depth": S}))
        assert text_of(await call("set_mode", {"mode": "safe", "depth": 2})) == "safe2"
        answer = await call("set_mod", {})
        assert answer["jsonrpc_error"]["data"]["code"] == "unknown_tool"
        assert answer["jsonrpc_error"]["data"]["suggestions"][0] == "set_mode"


async def test_unknown_tool_suggests_nearest() -> None:
    async with in_memory(protect_server(make_server())) as call:
        answer = await call("set_prioity\n" + S, {})
    assert not leaks(answer)
    assert answer["jsonrpc_error"]["code"] == -32602


async def test_near_name_suggestions() -> None:
    async with in_memory(protect_server(make_server())) as call:
        answer = await call("set_prioity", {})
    assert answer["jsonrpc_error"]["data"]["suggestions"][0] == "set_priority"


async def test_on_error_hears_each_kind() -> None:
    heard: list[ErrorInfo] = []
    async with in_memory(protect_server(make_server(), on_error=heard.append)) as call:
        await call("set_priority", {"priority": S})
        await call(S, {})
        await call("get_user", {"user": S})
        await call("fail", {"reason": S})
        await call("set_priority", {"priority": "low"})
    kinds = [(h["tool"], h["kind"]) for h in heard]
    assert kinds == [("set_priority", "invalid_arguments"), (S, "unknown_tool"), ("get_user", "handler_error"), ("fail", "handler_error")]
    assert heard[0]["issues"] and isinstance(heard[0]["error"], BaseException)
    assert str(heard[2]["error"]) == "no such user " + S  # the operator's logs get the original
    assert "error" not in heard[1]


async def test_raising_on_error_changes_nothing() -> None:
    def on_error(info: ErrorInfo) -> None:
        raise RuntimeError("logging is down " + info["tool"])

    async def async_on_error(info: ErrorInfo) -> None:
        raise RuntimeError("async logging is down")

    seen = []
    for kw in ({}, {"on_error": on_error}, {"on_error": async_on_error}):
        async with in_memory(protect_server(make_server(), **kw)) as call:
            seen.append([await call(name, args) for _, name, args in ALL_BAD])
    assert seen[0] == seen[1] == seen[2]


async def test_messages_pass_alone_or_after_a_field() -> None:
    server = protect_server(make_server(), messages=("is not a registered agent",))
    async with in_memory(server) as call:
        ok = await call("send", {"to": "@bob"})
        other = await call("send", {"to": S})
    assert text_of(ok) == "invalid tool arguments for send: to is not a registered agent"
    assert ok["result"]["structuredContent"]["error"] == {
        "code": "invalid_argument", "tool": "send", "field": "to", "message": "is not a registered agent",
    }
    assert text_of(other) == "tool send failed" and not leaks(other)


async def test_handler_errors_pass_keeps_the_sdks_answer_for_handler_errors_only() -> None:
    answers = {}
    for protect in (False, True):
        server = make_server()
        if protect:
            protect_server(server, handler_errors="pass")
        async with in_memory(server) as call:
            answers[protect] = {label: await call(name, args) for label, name, args in ALL_BAD}
    for label, _, _, _ in HANDLER_CASES:
        assert answers[True][label] == answers[False][label]
    for label, name, _, field, phrase in ARGUMENT_CASES:
        check_argument_answer(name, field, phrase, answers[True][label])
    assert not leaks(answers[True]["unknown_tool"])


async def test_protect_twice_is_once() -> None:
    heard: list[ErrorInfo] = []
    server = protect_server(protect_server(make_server(), on_error=heard.append))
    async with in_memory(server) as call:
        await call("set_priority", {"priority": S})
    assert len(heard) == 1


def test_bad_options_fail_at_once() -> None:
    bad: list[dict[str, Any]] = [{"handler_errors": "echo"}, {"on_error": 1}, {"messages": "one phrase"}]
    for options in bad:
        with pytest.raises(TypeError) as raised:
            protect_server(make_server(), **options)
        # The core's error: its code, its reason, its message (which names the option, never the value).
        assert (getattr(raised.value, "code", None), getattr(raised.value, "reason", None)) == ("INVALID_ARGUMENT", "wrong_type")
        assert str(raised.value).startswith("protect_server: ") and "echo" not in str(raised.value), str(raised.value)
    with pytest.raises((TypeError, ValueError)):
        protect_server(make_server(), messages=("",))
    with pytest.raises(TypeError) as raised:
        protect_server(object())
    assert "Python MCP SDK" in str(raised.value)


@pytest.mark.skipif(SDK != "fastmcp" or not has_strict_input_validation(), reason="fastmcp's strict_input_validation (2.12+)")
async def test_fastmcp_strict_input_validation() -> None:
    for protect in (False, True):
        server = make_server(strict_input_validation=True)
        if protect:
            protect_server(server)
        async with in_memory(server) as call:
            for label, name, args in ALL_BAD:
                answer = await call(name, args)
                if protect:
                    assert not leaks(answer), (label, answer)
                    if label in ("literal", "enum", "int_le", "max_length"):
                        case = next(c for c in ARGUMENT_CASES if c[0] == label)
                        check_argument_answer(case[1], case[3], case[4], answer)


def test_importing_mcp_boundary_imports_no_sdk() -> None:
    code = (
        "import sys, mcp_boundary, mcp_boundary.mcp;"
        "from mcp_boundary.mcp import protect_server;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('mcp', 'fastmcp', 'pydantic')];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_no_untested_sdk_warning_in_the_tested_venvs() -> None:
    # Each venv of scripts/python-sdk-tests.sh holds a version its line is tested at.
    with warnings.catch_warnings():
        warnings.simplefilter("error", UntestedSdkWarning)
        protect_server(make_server())


@pytest.mark.parametrize("version", ["0.0.1", "99.0.0", "not a version"])
async def test_an_untested_sdk_version_warns_and_is_protected(version: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    real = importlib.metadata.version
    read: list[str] = []

    def fake(name: str) -> str:
        read.append(name)
        return version if name in ("mcp", "fastmcp") else real(name)

    monkeypatch.setattr(importlib.metadata, "version", fake)
    with pytest.warns(UntestedSdkWarning) as caught:
        server = protect_server(make_server())
    assert read == ["fastmcp" if SDK == "fastmcp" else "mcp"]  # the server's own SDK, from its metadata
    assert len(caught) == 1 and caught[0].filename == __file__, [(w.filename, str(w.message)) for w in caught]
    assert version in str(caught[0].message)
    async with in_memory(server) as call:  # a warning, not a refusal
        check_protected("literal", "set_priority", await call("set_priority", {"priority": S}))


def hiding_middleware(hidden: str) -> Any:
    """A fastmcp middleware that leaves ``hidden`` out of tools/list."""
    from fastmcp.server.middleware import Middleware

    class Hide(Middleware):  # type: ignore[misc]
        async def on_list_tools(self, context: Any, call_next: Any) -> Any:
            return [t for t in await call_next(context) if getattr(t, "key", t.name) != hidden and t.name != hidden]

    return Hide()


@pytest.mark.skipif(SDK != "fastmcp", reason="fastmcp's middleware")
async def test_a_tool_the_server_hides_is_never_suggested() -> None:
    server = make_server()

    def set_secret_level(level: int) -> str:
        return "ok"

    add_tool(server, set_secret_level, output_schema=False)
    server.add_middleware(hiding_middleware("set_secret_level"))
    protect_server(server)
    async with fastmcp_client(server) as client:
        listed = [t.name for t in await client.list_tools()]
        assert "set_secret_level" not in listed and "set_level" in listed  # what the client sees
        answer = await answer_of(client.call_tool_mcp("set_secret_leve", {}))
        shown = await answer_of(client.call_tool_mcp("set_levl", {}))
    assert answer["jsonrpc_error"]["data"]["code"] == "unknown_tool", answer
    assert "set_secret_level" not in json.dumps(answer), answer
    assert shown["jsonrpc_error"]["data"]["suggestions"][0] == "set_level", shown  # a listed one still is


@pytest.mark.skipif(SDK != "fastmcp", reason="fastmcp 2.11 wraps every error of a tool in ToolError")
async def test_a_handlers_own_pydantic_error_is_a_handler_error() -> None:
    """A handler that validates with pydantic itself (another function's
    TypeAdapter, titled call[<that function>]) failed: its answer is the
    handler's ("tool <name> failed"), not "invalid tool arguments", and
    handler_errors="pass" keeps the SDK's own answer for it."""
    from pydantic import TypeAdapter

    def helper(count: int) -> int:
        return count

    def lookup(key: str) -> str:
        TypeAdapter(helper).validate_python({"count": "not a number " + key})
        return "unreachable"

    answers = []
    for handler_errors in ("classify", "pass"):
        server = make_server()
        add_tool(server, lookup, output_schema=False)
        protect_server(server, handler_errors=handler_errors)  # type: ignore[arg-type]
        async with fastmcp_client(server) as client:
            answers.append(await answer_of(client.call_tool_mcp("lookup", {"key": "k"})))
    classified, passed = answers
    assert text_of(classified) == "tool lookup failed", classified
    assert "invalid tool arguments" not in json.dumps(passed), passed  # the SDK's own answer, whatever its form


@pytest.mark.skipif(SDK != "fastmcp", reason="fastmcp's visibility by tags")
async def test_a_tool_hidden_by_tags_is_never_suggested() -> None:
    server = make_server()

    def set_hidden_level(level: int) -> str:
        return "ok"

    server.tool(tags={"internal"}, output_schema=None)(set_hidden_level)
    if callable(getattr(server, "disable", None)):
        server.disable(tags={"internal"})  # 3.x, 4.x
    else:
        server.exclude_tags = {"internal"}  # 2.x: FastMCP(exclude_tags=...)
    protect_server(server)
    async with fastmcp_client(server) as client:
        assert "set_hidden_level" not in [t.name for t in await client.list_tools()]
        answers = [await answer_of(client.call_tool_mcp(name, {"level": S})) for name in ("set_hidden_leve", "set_hidden_level")]
    for answer in answers:
        assert answer["jsonrpc_error"]["data"]["code"] == "unknown_tool", answer
        assert "set_hidden_level" not in json.dumps(answer) and not leaks(answer), answer


async def listings_per_call(protect: bool, strict: bool) -> dict[str, int]:
    """How many times the server lists its tools for each bad call (and a valid one)."""
    server = make_server(**({"strict_input_validation": True} if strict else {}))
    listings = [0]
    if SDK == "fastmcp":
        from fastmcp.server.middleware import Middleware

        class Count(Middleware):  # type: ignore[misc]
            async def on_list_tools(self, context: Any, call_next: Any) -> Any:
                listings[0] += 1
                return await call_next(context)

        server.add_middleware(Count())
    else:
        listed = server.list_tools

        async def counted(*args: Any, **kwargs: Any) -> Any:
            listings[0] += 1
            return await listed(*args, **kwargs)

        server.list_tools = counted
    if protect:
        protect_server(server)
    seen = {}
    async with in_memory(server) as call:
        for label, name, args in [*ALL_BAD, ("near_name", "set_prioity", {}), ("valid", "set_priority", {"priority": "low"})]:
            before = listings[0]
            await call(name, args)
            seen[label] = listings[0] - before
    return seen


@pytest.mark.parametrize("strict", [False, True], ids=["default", "strict"])
async def test_tools_listed_at_most_once_per_bad_call(strict: bool) -> None:
    if strict and not (SDK == "fastmcp" and has_strict_input_validation()):
        pytest.skip("fastmcp's strict_input_validation")
    unprotected = await listings_per_call(False, strict)
    protected = await listings_per_call(True, strict)
    # What the SDK lists itself (mcp 1.x's low-level server refreshes its cache
    # for an unknown name), and at most once more for the answer.
    assert all(protected[label] <= unprotected[label] + 1 for label in protected), (protected, unprotected)
    assert protected["valid"] == unprotected["valid"]


OUTPUT_SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}


def server_with_broken_output() -> Any:
    """A tool whose result breaks its own output schema (the SDK checks it on mcp 1.x's low-level server)."""
    server = make_server()

    def echo(n: str) -> dict[str, str]:
        return {"n": n}

    if SDK == "fastmcp":
        server.tool(output_schema=OUTPUT_SCHEMA)(echo)
    else:
        server.tool(structured_output=True)(echo)
        server._tool_manager.get_tool("echo").fn_metadata.output_schema = OUTPUT_SCHEMA
    return server


@pytest.mark.skipif(SDK == "mcp2" or (SDK == "fastmcp" and sdk_version() >= (4, 0)), reason="mcp 2.x's server does not check output")
async def test_invalid_output_is_tool_failed() -> None:
    async with in_memory(server_with_broken_output()) as call:
        assert leaks(await call("echo", {"n": S}))
    heard: list[ErrorInfo] = []
    async with in_memory(protect_server(server_with_broken_output(), on_error=heard.append)) as call:
        answer = await call("echo", {"n": S})
    assert answer == {"result": {"content": [{"type": "text", "text": "tool echo failed"}], "isError": True}}
    assert [h["kind"] for h in heard] == ["invalid_output"]


async def test_an_answer_that_cannot_be_built_fails_closed() -> None:
    # Arguments nested past what the core reads (150 levels) in a field that
    # takes a Literal: the answer is still one of the core's, never an
    # exception's text, and on_error hears it.
    deep: Any = S
    for _ in range(150):
        deep = {"k": deep}
    heard: list[str] = []
    server = protect_server(make_server(), on_error=lambda info: heard.append(info["kind"]))
    async with in_memory(server) as call:
        answer = await call("set_priority", {"priority": deep})
    assert not leaks(answer), answer
    text = text_of(answer)
    assert "nested" not in text and "Invalid argument" not in text, text
    assert text in (
        "invalid tool arguments for set_priority: priority must be one of low, high",
        # the SDK's JSON Schema check (fastmcp 2.11) finds both that the value is not an option and not a string
        "invalid tool arguments for set_priority: priority must be one of low, high; priority must be a string",
        "tool set_priority failed",
    ), text
    assert heard and heard[0] in ("invalid_arguments", "failed"), heard


def test_the_readme_python_example_runs() -> None:
    # The README's Python example, with what it leaves to the reader: a
    # pydantic model, its error for a bad call, and the SDK's server class.
    import re
    from pathlib import Path
    from typing import Literal

    from pydantic import BaseModel, ValidationError

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    block = re.search(r"```python\n(.*?)```", readme, re.S)
    assert block is not None, "the README has a Python example"

    class Send(BaseModel):
        priority: Literal["low", "high"]

    args = {"priority": S}
    try:
        Send.model_validate(args)
    except ValidationError as e:
        validation_error = e
    server_class = type(make_server())
    scope: dict[str, Any] = {"Send": Send, "validation_error": validation_error, "args": args, "FastMCP": lambda name: server_class(name)}
    exec(compile(block.group(1), "README.md", "exec"), scope)
    result = scope["errors"].issues_result("send", validation_error, args)
    assert result["structuredContent"]["error"]["message"] == "must be one of low, high"
    assert not leaks(result)
    assert getattr(scope["server"], "_mcp_boundary_protected", False)
