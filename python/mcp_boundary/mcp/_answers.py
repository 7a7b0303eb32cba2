"""What every SDK line shares: the answers ``protect_server`` gives in place of
the SDK's, as dicts with the MCP wire's keys, and ``on_error``. The SDK
modules find the failures and turn these dicts into their own types."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypedDict

from mcp_boundary._literals import Kind as Kind
from mcp_boundary._mcp_boundary import protect_server_error
from mcp_boundary.mcp import _core
from mcp_boundary.mcp._catalog import Catalog, ToolInfo

JSONDict = dict[str, Any]


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

#: The catalog as listed once: its classifier and the tools by name.
Now = tuple[_core.Classifier, dict[str, ToolInfo]]


def pydantic_issues(error: Any) -> list[dict[str, Any]]:
    """A pydantic ``ValidationError``'s issues as the core reads them
    (``type`` and ``loc``): never ``input``, ``msg``, ``url`` or ``ctx``,
    which can carry the caller's (a union tag, a validator's own error)."""
    out: list[dict[str, Any]] = []
    for issue in error.errors(include_url=False, include_input=False, include_context=False):
        out.append({"type": issue["type"], "loc": list(issue["loc"])})
    return out


def own_issues(error: Any) -> list[dict[str, Any]]:
    """The issues for ``on_error``: pydantic's own (input included), for logs."""
    try:
        issues: list[dict[str, Any]] = list(error.errors(include_url=False))
        return issues
    except Exception:
        return []


class Boundary:
    """One protected server's options, catalog and answers."""

    def __init__(
        self,
        messages: Sequence[str],
        handler_errors: str,
        on_error: OnError | None,
        list_tools: Callable[[], Awaitable[Sequence[ToolInfo]]],
    ) -> None:
        if handler_errors not in ("classify", "pass"):
            raise protect_server_error("handler_errors")
        if on_error is not None and not callable(on_error):
            raise protect_server_error("on_error")
        if isinstance(messages, str):
            raise protect_server_error("messages")
        self.messages = tuple(messages)
        _core.check_messages(self.messages)  # bad phrases fail here, not on the first call
        self.empty = _core.Classifier({}, {}, ())  # for the answer when building one failed
        self.pass_handler_errors = handler_errors == "pass"
        self._on_error = on_error
        self.catalog = Catalog(self.messages, list_tools)

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

    async def now(self) -> Now:
        """The catalog of the tools as listed now (built again when they
        changed). Each method below lists the tools itself unless given this:
        an SDK module that needs the tools twice for one call lists them once
        (a proxy's tools/list may be remote)."""
        return await self.catalog.current()

    async def if_unknown(self, name: str) -> tuple[Now, JSONDict | None]:
        """The tools as listed now (once, for the rest of the call) and, when
        ``name`` is not one of them, the JSON-RPC ``error`` to raise for it
        (``unknown_tool``)."""
        now = await self.now()
        return now, (None if name in now[1] else await self.unknown_tool(name, now))

    async def unknown_tool(self, name: str, now: Now | None = None) -> JSONDict:
        """The JSON-RPC ``error`` for an unknown tool, told to ``on_error``;
        without suggestions when the catalog cannot give them."""
        await self.told({"tool": name, "kind": "unknown_tool"})
        try:
            classifier, _ = now or await self.catalog.current()
            return classifier.unknown_tool_error(name)
        except Exception:
            return self.empty.unknown_tool_error("")

    async def invalid_arguments(
        self, name: str, arguments: Any, error: BaseException, issues: Sequence[Mapping[str, Any]], own: list[dict[str, Any]], now: Now | None = None
    ) -> JSONDict:
        """The result for arguments the tool's schema refused. The input is
        not given to the core: pydantic's issues say themselves whether a
        value was missing, and an input the core cannot read (too deep)
        must not cost the answer."""
        try:
            classifier, _ = now or await self.catalog.current()
            await self.told({"tool": name, "kind": "invalid_arguments", "error": error, "issues": own})
            return classifier.issues_result(name, issues, None)
        except Exception as failure:
            return await self.fallback(name, failure)

    async def handler_error(self, name: str, error: BaseException, message: str | None, now: Now | None = None) -> JSONDict:
        """The result for an error the tool's handler raised: classified, else ``tool <name> failed``."""
        try:
            classifier, _ = now or await self.catalog.current()
            await self.told({"tool": name, "kind": "handler_error", "error": error})
            return classifier.handler_result(name, message)
        except Exception as failure:
            return await self.fallback(name, failure)

    async def fallback(self, name: str, failure: BaseException) -> JSONDict:
        """What is answered when building an answer failed (a message the core
        cannot read, a catalog that failed): ``tool <name> failed`` from an
        empty catalog, never the failure's text; ``on_error`` hears it."""
        await self.told({"tool": name, "kind": "failed", "error": failure})
        try:
            return self.empty.handler_result(name, None)
        except Exception:
            return self.empty.handler_result("", None)  # a name the core cannot read: not said

    async def failed(self, name: str, kind: Kind, error: BaseException | None, now: Now | None = None) -> JSONDict:
        """``tool <name> failed``: a result that broke its output schema, or what failed around the call."""
        info: ErrorInfo = {"tool": name, "kind": kind}
        if error is not None:
            info["error"] = error
        await self.told(info)
        try:
            classifier, _ = now or await self.catalog.current()
            return classifier.handler_result(name, None)
        except Exception:
            return self.empty.handler_result("", None)


def handler_message(error: BaseException) -> str | None:
    """What a handler's error says for classifying: the text of the exception the
    handler raised (the SDK wraps it, with the original as ``__cause__``)."""
    try:
        return str(error)
    except Exception:
        return None
