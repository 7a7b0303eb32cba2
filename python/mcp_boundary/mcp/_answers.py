"""What every SDK line shares: recognizing a failure's parts, asking the core
for the answer (its ``Protection``: every answer and every ``on_error`` kind
is the core's decision, tests/data/protect.json), and ``on_error``. The SDK
modules find the failures and turn the answers into their own types."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal, TypedDict

from mcp_boundary._literals import Kind as Kind
from mcp_boundary._mcp_boundary import protect_server_error
from mcp_boundary.mcp._catalog import SHARED, Catalog
from mcp_boundary.mcp._core import JSONDict, Listed, Policy, ToolInfo, empty


class _ErrorInfoBase(TypedDict):
    tool: str
    kind: Kind


class ErrorInfo(_ErrorInfoBase, total=False):
    """What ``on_error`` hears: the tool as called, why the answer was replaced,
    and the original error and schema issues (which may carry the caller's input:
    for the operator's logs, never for the model)."""

    error: BaseException
    issues: list[dict[str, Any]]


OnError = Callable[[ErrorInfo], object]

#: The tools as listed once, for the rest of one call.
Now = Listed


def own_issues(error: Any) -> list[dict[str, Any]]:
    """The issues for ``on_error``: pydantic's own (input included), for logs."""
    try:
        issues: list[dict[str, Any]] = list(error.errors(include_url=False))
        return issues
    except Exception:
        return []


def refused_arguments(server: Any, name: str, cause: BaseException | None) -> bool:
    """Whether ``cause`` (a tool's error's cause, on ``mcp``'s servers: 1.x
    ``FastMCP``, 2.x ``MCPServer``) is pydantic's refusal of the call's
    arguments, not a ``ValidationError`` of the handler's own (a model it
    validates, or its return value against the tool's output type): pydantic
    titles it after the tool's argument model
    (``_tool_manager.get_tool(name).fn_metadata.arg_model``, private; tested
    where docs/PYTHON.md says). Where that model cannot be read, any
    ``ValidationError`` counts as the arguments'."""
    ValidationError: Any = importlib.import_module("pydantic").ValidationError
    if not isinstance(cause, ValidationError):
        return False
    try:
        model = server._tool_manager.get_tool(name).fn_metadata.arg_model  # private, see above
    except Exception:
        return True
    return bool(cause.title == model.__name__)


class Boundary:
    """One protected server's policy (the core's), catalog and ``on_error``.
    Each method takes a failure the SDK module recognized and returns the
    core's answer converted: a ``CallToolResult`` dict, a JSON-RPC ``error``
    dict, or ``None`` (the SDK's own answer stands)."""

    def __init__(
        self,
        messages: Sequence[str],
        handler_errors: str,
        on_error: OnError | None,
        list_tools: Callable[[], Awaitable[Sequence[ToolInfo]]],
        key: Callable[[], Awaitable[tuple[object | None, object | None]]] | None = None,
    ) -> None:
        if on_error is not None and not callable(on_error):
            raise protect_server_error("on_error")
        if isinstance(messages, str):
            raise protect_server_error("messages")
        # The core checks the options (OptionsError: "Pass", an empty phrase).
        self.policy = Policy(tuple(messages), handler_errors)
        self.empty = empty(self.policy)  # for the answer when listing or reading failed
        self._on_error = on_error
        self.catalog = Catalog(self.policy, list_tools, key or _never_cached)

    async def told(self, info: ErrorInfo) -> None:
        """Tells the operator's ``on_error``; what it raises (or its awaitable raises) changes nothing."""
        if self._on_error is None:
            return
        try:
            returned = self._on_error(info)
            if inspect.isawaitable(returned):
                await returned
        except Exception:
            pass  # the operator's logging failed; the model's answer stands

    async def now(self, tool: str | None = None) -> Now:
        """The catalog of the tools as listed for this caller (listed again
        only when they changed). An SDK module that needs the tools twice
        for one call passes this on."""
        return await self.catalog.current(tool)

    async def decide(self, tool: str, failure: dict[str, Any], error: BaseException | None, issues: list[dict[str, Any]] | None, now: Now | None) -> JSONDict:
        """The core's decision for ``failure``, ``on_error`` told its kind;
        when the decision cannot be made (a failure the core cannot read):
        ``tool <name> failed`` from the tools as listed (from no tool, where
        listing failed: ``tool failed``), heard as ``failed``."""
        listed = None
        try:
            listed = now or await self.now(tool if failure["kind"] != "unknown_tool" else None)
            decision = self.policy.decide(listed, failure)
        except Exception as failure_of_ours:
            error, issues = failure_of_ours, None
            decision = self.policy.decide(listed or self.empty, {"kind": "failed", "tool": tool if isinstance(tool, str) else ""})
        kind = decision.get("kind")
        if kind is not None:
            info: ErrorInfo = {"tool": tool, "kind": kind}
            if error is not None:
                info["error"] = error
            if issues is not None:
                info["issues"] = issues
            await self.told(info)
        return decision

    async def if_unknown(self, name: str) -> tuple[Now, JSONDict | None]:
        """The tools as listed now (once, for the rest of the call) and, when
        ``name`` is not one of them, the JSON-RPC ``error`` to raise for it
        (``unknown_tool``)."""
        now = await self.now()
        return now, (None if name in now.names else await self.unknown_tool(name, now))

    async def unknown_tool(self, name: str, now: Now | None = None) -> JSONDict:
        """The JSON-RPC ``error`` for an unknown tool (suggestions from the catalog, never the name)."""
        decision = await self.decide(name, {"kind": "unknown_tool", "name": name}, None, None, now)
        error = decision.get("error")
        if isinstance(error, dict):
            return error
        return dict(self.policy.decide(self.empty, {"kind": "unknown_tool", "name": ""})["error"])

    async def invalid_arguments(self, name: str, error: BaseException, issues: Any, own: list[dict[str, Any]], now: Now | None = None) -> JSONDict:
        """The result for arguments the tool's schema refused. ``issues``: a
        pydantic ``ValidationError`` (read by the core without its input) or
        issue dicts; the input itself is not given to the core (pydantic's
        issues say whether a value was missing, and an input the core cannot
        read must not cost the answer)."""
        return await self.result(name, {"kind": "invalid_arguments", "tool": name, "issues": issues}, error, own, now)

    async def handler_error(self, name: str, error: BaseException, message: str | None, now: Now | None = None) -> JSONDict | None:
        """The result for an error the tool's handler raised (or an upstream's
        refusal a proxy forwarded), or ``None`` where the SDK's own answer
        stands (``handler_errors="pass"`` and a message that can be read)."""
        decision = await self.decide(name, {"kind": "handler_error", "tool": name, "message": message}, error, None, now)
        return _result(decision)

    async def forwarded_error(self, name: str, error: BaseException, message: str | None, now: Now | None = None) -> JSONDict:
        """The result for an error a proxy tool forwarded from the server
        behind it: classified, else ``tool <name> failed``; never passed, not
        even with ``handler_errors="pass"`` (it is not the proxy's own, and
        may quote the upstream's caller)."""
        return await self.result(name, {"kind": "forwarded_error", "tool": name, "message": message}, error, None, now)

    def own_error_result(self, name: str) -> JSONDict | None:
        """A tool's own ``isError`` result: the core's decision (the SDK's
        answer stands: ``None``). Asked of the empty catalog: a call that
        did not fail lists no tools."""
        return _result(self.policy.decide(self.empty, {"kind": "own_error_result", "tool": name}))

    async def failed(self, name: str, kind: Literal["invalid_output", "failed"], error: BaseException | None, now: Now | None = None) -> JSONDict:
        """``tool <name> failed``: a result that broke its output schema, or what failed around the call."""
        return await self.result(name, {"kind": kind, "tool": name}, error, None, now)

    async def result(self, name: str, failure: dict[str, Any], error: BaseException | None, issues: list[dict[str, Any]] | None, now: Now | None) -> JSONDict:
        """A failure whose answer is always a result."""
        answer = _result(await self.decide(name, failure, error, issues, now))
        if answer is None:  # the core answers these with a result; never the SDK's answer
            answer = _result(self.policy.decide(self.empty, {"kind": "failed", "tool": ""}))
        assert answer is not None
        return answer


async def _never_cached() -> tuple[object | None, object | None]:
    return SHARED, None


def _result(decision: JSONDict) -> JSONDict | None:
    result = decision.get("result")
    return result if isinstance(result, dict) else None


def handler_message(error: BaseException) -> str | None:
    """What a handler's error says for classifying: the text of the exception the
    handler raised (the SDK wraps it, with the original as ``__cause__``)."""
    try:
        return str(error)
    except Exception:
        return None
