"""protect_server against the SDK installed in this venv, through that SDK's
own client, in memory and over stdio: the caller's bytes reach the client
from the unprotected server and never from the protected one, which names
the field and tells what is allowed."""

from __future__ import annotations

import importlib
import inspect
import json
import subprocess
import sys
import warnings
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field
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
    # The options the core checks: its OptionsError, the same code and reason as JS's
    # (tests/data/protect.json's options_errors), never the value given.
    cases: list[tuple[dict[str, Any], str]] = [
        ({"handler_errors": "Pass"}, "invalid_value"),
        ({"handler_errors": "echo"}, "invalid_value"),
        ({"handler_errors": 1}, "wrong_type"),
        ({"messages": ("ok", "")}, "invalid_value"),
    ]
    for options, reason in cases:
        with pytest.raises(TypeError) as raised:
            protect_server(make_server(), **options)
        assert (getattr(raised.value, "code", None), getattr(raised.value, "reason", None)) == ("INVALID_OPTIONS", reason)
        assert "Pass" not in str(raised.value) and "echo" not in str(raised.value), str(raised.value)
    # What only Python can get wrong: the binding's argument errors.
    bad: list[dict[str, Any]] = [{"on_error": 1}, {"messages": "one phrase"}]
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


@pytest.mark.skipif(SDK != "fastmcp", reason="fastmcp's own JSON Schema check (2.11's default, strict_input_validation)")
async def test_an_optional_arguments_bound_is_named_when_the_sdks_schema_check_refuses() -> None:
    """An optional argument (``X | None``: ``anyOf: [X, {"type": "null"}]``)
    refused by the SDK's JSON Schema check before any fastmcp code runs: the
    answer says what the other SDKs say (the bound inside the ``anyOf``), not
    a type the value has. Before, ``text must be a string`` for a string."""
    strict = {"strict_input_validation": True} if has_strict_input_validation() else {}
    server = make_server(**strict)

    def send(
        priority: str,
        text: Annotated[str, Field(max_length=20)] | None = None,
        count: Annotated[int, Field(le=100)] | None = None,
        meta: dict[str, float] | None = None,
    ) -> str:
        return "sent"

    add_tool(server, send, output_schema=False)
    protect_server(server)
    expected = {
        "text": "text must have at most 20 characters",
        "count": "count must be at most 100",
        "meta": "meta contains an invalid entry",
    }
    values: dict[str, Any] = {"text": "x" * 30 + S, "count": 987654321987, "meta": {S: S}}
    async with in_memory(server) as call:
        for field, phrase in expected.items():
            answer = await call("send", {"priority": "low", field: values[field]})
            assert not leaks(answer), answer
            assert text_of(answer) == f"invalid tool arguments for send: {phrase}", (field, answer)


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


async def test_deeply_nested_arguments_get_one_of_the_cores_answers() -> None:
    # Arguments nested 150 levels deep (the SDKs' own serializers stop
    # short of 300; the core reads 512, and past that an answer that cannot
    # be built fails closed: tests/python/test_protect.py) in a field that
    # takes a Literal: the answer is one of the core's, never an
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


def count_listings(server: Any) -> list[int]:
    """A counter of the server's listings of its tools, below what
    protect_server calls and without adding a middleware (one that sees
    tools/list makes fastmcp's listing per caller): fastmcp 3.x and 4.x, its
    public list_tools(); fastmcp 2.x, its low-level tools/list handler; mcp,
    its tool manager's list_tools (what MCPServer/FastMCP.list_tools() reads)."""
    listings = [0]

    def counting(listed: Any) -> Any:
        async def counted_async(*args: Any, **kwargs: Any) -> Any:
            if kwargs.get("run_middleware", True):  # fastmcp's middleware chain lists again inside, without it
                listings[0] += 1
            return await listed(*args, **kwargs)

        def counted(*args: Any, **kwargs: Any) -> Any:
            listings[0] += 1
            return listed(*args, **kwargs)

        return counted_async if inspect.iscoroutinefunction(listed) else counted

    if SDK == "fastmcp" and sdk_version() >= (3, 0):
        server.list_tools = counting(server.list_tools)
    elif SDK == "fastmcp":
        import mcp.types as mt

        handlers = server._mcp_server.request_handlers
        handlers[mt.ListToolsRequest] = counting(handlers[mt.ListToolsRequest])
    else:
        server._tool_manager.list_tools = counting(server._tool_manager.list_tools)
    return listings


async def listings_as_the_tools_change(protect: bool) -> tuple[dict[str, int], dict[str, Any]]:
    """The server's listings in each phase of a run of failed calls (the tool
    list unchanged, a tool added, unchanged again, a tool removed), and the
    answers that tell which tools the catalog held."""
    server = make_server()
    listings = count_listings(server)
    if protect:
        protect_server(server)
    seen: dict[str, int] = {}
    answers: dict[str, Any] = {}

    def set_mode(mode: Literal["fast", "safe"]) -> str:
        return mode

    async with in_memory(server) as call:
        phases: list[tuple[str, Callable[[], Awaitable[None]]]] = []

        async def first() -> None:
            await call("set_priority", {"priority": S})

        async def unchanged() -> None:
            for _ in range(3):
                for _, name, args in ALL_BAD:
                    await call(name, args)
                await call("set_prioity", {})

        async def added() -> None:
            add_tool(server, set_mode, output_schema=False)
            answers["added_near"] = await call("set_mod", {})
            answers["added_bad"] = await call("set_mode", {"mode": S})

        async def unchanged_again() -> None:
            await call("set_mode", {"mode": S})
            await call("set_mod", {})

        async def removed() -> None:
            remove = getattr(server, "remove_tool", None) or server.local_provider.remove_tool  # fastmcp 4.x: the provider's
            remove("set_mode")
            answers["removed_near"] = await call("set_mod", {})

        phases = [("first", first), ("unchanged", unchanged), ("added", added), ("unchanged_again", unchanged_again), ("removed", removed)]
        for label, phase in phases:
            before = listings[0]
            await phase()
            seen[label] = listings[0] - before
    return seen, answers


async def test_the_catalog_is_built_once_per_change_of_the_tool_list() -> None:
    """A failed call lists the tools only when they changed since the last
    listing (at 100,000 tools a listing costs seconds): with the tool list
    unchanged, protect_server lists nothing more than the SDK itself does
    (the oracle: the same calls to the same server unprotected); after a
    tool was added or removed, once more."""
    unprotected, _ = await listings_as_the_tools_change(False)
    protected, answers = await listings_as_the_tools_change(True)
    for phase in ("unchanged", "unchanged_again"):
        assert protected[phase] == unprotected[phase], (phase, protected, unprotected)
    for phase in ("first", "added", "removed"):
        assert protected[phase] <= unprotected[phase] + 1, (phase, protected, unprotected)
    assert answers["added_near"]["jsonrpc_error"]["data"]["suggestions"][0] == "set_mode", answers  # listed again
    check_argument_answer("set_mode", "mode", "must be one of fast, safe", answers["added_bad"])
    assert "set_mode" not in answers["removed_near"]["jsonrpc_error"]["data"]["suggestions"], answers


@pytest.mark.skipif(SDK != "fastmcp", reason="fastmcp's middleware, which may list per caller")
async def test_a_listing_that_may_depend_on_the_caller_is_kept_per_session() -> None:
    """A fastmcp server whose listing may depend on the caller (here a
    middleware that sees tools/list) keeps a catalog for the session it was
    listed in, never for another: two clients, each session's first failure
    lists (and mcp 2.x, under fastmcp 4.x, has a connection per request: each
    failure lists, at most once)."""
    counts = []
    for protect in (False, True):
        server = make_server()
        listings = count_listings(server)
        server.add_middleware(hiding_middleware("no_such_tool"))
        if protect:
            protect_server(server)
        async with fastmcp_client(server) as first, fastmcp_client(server) as second:
            start = listings[0]
            for client in (first, second, first, second, first):
                await answer_of(client.call_tool_mcp("set_priority", {"priority": S}))
            counts.append(listings[0] - start)
    assert counts[1] - counts[0] == (5 if sdk_version() >= (4, 0) else 2), counts


@pytest.mark.skipif(SDK != "fastmcp" or sdk_version() >= (4, 0), reason="a session's client name (mcp 2.x, under fastmcp 4.x, has none: each request stands alone)")
async def test_another_callers_listing_is_never_used() -> None:
    """A middleware that hides a tool from one caller (by its client name):
    the other caller's failures list it first, and the hidden tool is never
    suggested to the caller it is hidden from."""
    import fastmcp
    from fastmcp.server.middleware import Middleware

    class HideFromGuest(Middleware):  # type: ignore[misc]
        async def on_list_tools(self, context: Any, call_next: Any) -> Any:
            tools = await call_next(context)
            try:
                client = context.fastmcp_context.session.client_params.clientInfo.name
            except Exception:
                client = "guest"
            return tools if client == "admin" else [t for t in tools if t.name != "set_secret_level"]

    def set_secret_level(level: int) -> str:
        return "ok"

    server = make_server()
    add_tool(server, set_secret_level, output_schema=False)
    server.add_middleware(HideFromGuest())
    protect_server(server)
    async with fastmcp.Client(server, client_info=_client_info("admin")) as admin, fastmcp.Client(server, client_info=_client_info("guest")) as guest:
        seen_by_admin = await answer_of(admin.call_tool_mcp("set_secret_leve", {}))
        seen_by_guest = await answer_of(guest.call_tool_mcp("set_secret_leve", {}))
    assert seen_by_admin["jsonrpc_error"]["data"]["suggestions"][0] == "set_secret_level", seen_by_admin
    assert "set_secret_level" not in json.dumps(seen_by_guest), seen_by_guest


def _client_info(name: str) -> Any:
    import mcp.types as mt

    return mt.Implementation(name=name, version="1")


ARGUMENT_CASES_ONLY: list[tuple[str, str, dict[str, Any]]] = [(c[0], c[1], c[2]) for c in ARGUMENT_CASES]


@pytest.mark.skipif(SDK != "fastmcp", reason="fastmcp's proxies")
@pytest.mark.parametrize("how", ["as_proxy", "create_proxy", "mounted"])
async def test_a_protected_proxy_answers_as_a_protected_server(how: str) -> None:
    """The upstream's refusal comes back as the proxy tool's error result
    (3.x, 4.x; raised before), quoting the upstream's caller (pydantic's
    input_value, a handler's text): the protected proxy answers as a
    protected server does."""
    from fastmcp import FastMCP

    upstream = make_server()
    if how == "create_proxy":
        if not hasattr(importlib.import_module("fastmcp.server"), "create_proxy"):
            pytest.skip("fastmcp 2.x has FastMCP.as_proxy only")
        from fastmcp.server import create_proxy

        proxy: Any = create_proxy(upstream)
    elif not hasattr(FastMCP, "as_proxy"):
        if how == "as_proxy":
            pytest.skip("fastmcp 4.x has create_proxy only")
        from fastmcp.server import create_proxy

        proxy = create_proxy(upstream)
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            proxy = FastMCP.as_proxy(upstream)
    if how == "mounted":
        outer = FastMCP("outer")
        outer.mount(proxy)
        proxy = outer
    async with in_memory(proxy) as call:
        assert leaks(await call("set_priority", {"priority": S}))  # unprotected: the upstream's text
    heard: list[ErrorInfo] = []
    protect_server(proxy, on_error=heard.append)
    async with in_memory(proxy) as call:
        for label, name, args in ALL_BAD:
            answer = await call(name, args)
            assert not leaks(answer), (label, answer)
            if label != "unknown_tool":
                assert answer["result"]["isError"] is True, answer
        valid = [await call(name, args) for name, args in VALID]
    assert all(not a["result"].get("isError") for a in valid), valid
    assert {h["kind"] for h in heard} <= {"handler_error", "unknown_tool", "invalid_arguments"}, heard
    # The upstream's refusal of the arguments is never passed, even with handler_errors="pass".
    passing = make_server()
    if how == "create_proxy" or not hasattr(FastMCP, "as_proxy"):
        from fastmcp.server import create_proxy

        passing_proxy: Any = create_proxy(passing)
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            passing_proxy = FastMCP.as_proxy(passing)
    protect_server(passing_proxy, handler_errors="pass")
    async with in_memory(passing_proxy) as call:
        for label, name, args in ARGUMENT_CASES_ONLY:
            answer = await call(name, args)
            assert not leaks(answer), (label, answer)
            assert text_of(answer).startswith(f"invalid tool arguments for {name}"), (label, answer)
        # Nor any other error the upstream forwards (its handler's text is not the proxy's own).
        for label, name, args in ALL_BAD:
            answer = await call(name, args)
            assert not leaks(answer), (label, answer)


@pytest.mark.skipif(SDK != "fastmcp" or sdk_version() < (3, 0), reason="fastmcp 3.x and 4.x send a result unchecked")
async def test_a_result_that_breaks_its_output_schema_is_tool_failed_on_fastmcp_3_and_4() -> None:
    import fastmcp.tools

    ToolResult = getattr(fastmcp.tools, "ToolResult", None) or importlib.import_module("fastmcp.tools.tool").ToolResult
    server = make_server()

    def counted(n: str) -> Any:
        return ToolResult(content=[], structured_content={"n": n})

    server.tool(output_schema=OUTPUT_SCHEMA)(counted)
    async with in_memory(server) as call:
        try:
            unprotected: Any = await call("counted", {"n": S})
        except Exception as raised:  # the client refuses it, quoting it
            unprotected = str(raised)
        assert leaks(unprotected), unprotected
    heard: list[ErrorInfo] = []
    protect_server(server, on_error=heard.append)
    async with in_memory(server) as call:
        answer = await call("counted", {"n": S})
    assert answer == {"result": {"content": [{"type": "text", "text": "tool counted failed"}], "isError": True}}, answer
    assert [h["kind"] for h in heard] == ["invalid_output"]


async def test_a_handlers_own_model_validation_is_the_handlers() -> None:
    """A handler that validates a model itself (its ValidationError titled
    after the model, not after the tool's arguments): the handler failed,
    the caller's arguments were valid. mcp 2.0 wraps it in a ToolError as it
    wraps a refusal of the arguments (before: "invalid tool arguments for
    load: count must be an integer")."""

    class Row(BaseModel):
        count: int

    def load(key: str) -> str:
        Row.model_validate({"count": "not a number " + key})
        return "unreachable"

    server = make_server()
    add_tool(server, load, output_schema=False)
    heard: list[ErrorInfo] = []
    protect_server(server, on_error=heard.append)
    async with in_memory(server) as call:
        answer = await call("load", {"key": S})
    assert text_of(answer) == "tool load failed", answer
    assert [h["kind"] for h in heard] == ["handler_error"]


class Doubled(BaseModel):
    """A tool's declared return type (at module level: the SDKs read annotations by name)."""

    doubled: int


@pytest.mark.skipif(SDK != "mcp2", reason="mcp 2.x converts a return value to its declared type inside the tool's run")
async def test_a_return_value_that_breaks_its_type_is_the_handlers() -> None:
    """A return value pydantic refuses against the tool's declared return
    type: the tool failed, the caller's arguments were valid (mcp 2.0 raised
    it as it raises a refusal of the arguments)."""

    def double(n: int) -> Doubled:
        return {"doubled": "not a number"}  # type: ignore[return-value]

    server = make_server()
    add_tool(server, double, output_schema=True)
    protect_server(server)
    async with in_memory(server) as call:
        answer = await call("double", {"n": 2})
    assert not leaks(answer), answer
    assert text_of(answer) == "tool double failed", answer


UNKNOWN_METHOD_QUOTED = {"mcp2"} | ({"fastmcp"} if SDK == "fastmcp" and sdk_version() >= (4, 0) else set())


async def raw_stdio_answer(protect: bool, method: str) -> dict[str, Any]:
    """The answer of stdio_server.py to one JSON-RPC request of ``method``, written as bytes."""
    import asyncio
    import os
    from pathlib import Path

    here = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(here), os.environ.get("PYTHONPATH", "")])}
    args = [str(here / "stdio_server.py"), *(["protect"] if protect else [])]
    process = await asyncio.create_subprocess_exec(
        sys.executable, *args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, env=env
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
        for message in (
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": method, "params": {}},
        ):
            process.stdin.write((json.dumps(message) + "\n").encode())
        await process.stdin.drain()
        while True:
            line = await asyncio.wait_for(process.stdout.readline(), 60)
            assert line, "the server ended"
            answer: dict[str, Any] = json.loads(line)
            if answer.get("id") == 2:
                return answer
    finally:
        process.kill()
        await process.wait()


async def test_an_unknown_method_is_the_sdks_own_answer() -> None:
    """Not covered, as docs/PYTHON.md says: an unknown JSON-RPC method is
    answered by the SDK before any server code runs, and mcp 2.x (fastmcp
    4.x with it) puts the method string in error.data. protect_server leaves
    that answer as it is; the lines that quote it are the ones the docs name."""
    answers = [await raw_stdio_answer(protect, S) for protect in (False, True)]
    assert answers[0] == answers[1]
    assert leaks(answers[1]) == (SDK in UNKNOWN_METHOD_QUOTED), answers[1]


def tool_results_carry_errors() -> bool:
    """Whether a tool can return its own error result (fastmcp's ToolResult takes is_error from 3.x's later releases)."""
    if SDK != "fastmcp":
        return True
    import fastmcp.tools

    result = getattr(fastmcp.tools, "ToolResult", None) or importlib.import_module("fastmcp.tools.tool").ToolResult
    return "is_error" in inspect.signature(result).parameters


@pytest.mark.skipif(not tool_results_carry_errors(), reason="this fastmcp's ToolResult has no is_error")
async def test_a_tools_own_error_result_is_the_tools() -> None:
    """A tool that answers with its own isError result vouches for it: the
    core keeps it (nothing replaced, nothing told), on every line."""

    def refuse(reason: str) -> Any:
        text = "refused: " + reason
        if SDK == "fastmcp":
            import fastmcp.tools
            import mcp.types as mt

            result = getattr(fastmcp.tools, "ToolResult", None) or importlib.import_module("fastmcp.tools.tool").ToolResult
            return result(content=[mt.TextContent(type="text", text=text)], is_error=True)
        from mcp.types import CallToolResult, TextContent

        return CallToolResult(content=[TextContent(type="text", text=text)], isError=True)

    answers = []
    heard: list[ErrorInfo] = []
    for protect in (False, True):
        server = make_server()
        add_tool(server, refuse, output_schema=False)
        if protect:
            protect_server(server, on_error=heard.append)
        async with in_memory(server) as call:
            answers.append(await call("refuse", {"reason": "not today"}))
    assert answers[0] == answers[1], answers
    assert answers[1]["result"]["isError"] is True and text_of(answers[1]) == "refused: not today", answers
    assert heard == []
