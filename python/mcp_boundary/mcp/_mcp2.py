"""``mcp`` 2.x ``MCPServer`` (``mcp.server.mcpserver``), tested with 2.0.0 and 2.3.0.

The hook is the public ``MCPServer.call_tool(name, arguments, context)``,
overridden on the instance: the server's tools/call handler (the private
``_handle_call_tool``, and any extension's ``intercept_tool_call`` around
it) calls ``self.call_tool`` for every request, re-raises an ``MCPError``
as a JSON-RPC error and sends a returned ``CallToolResult`` as it is. That
``_handle_call_tool`` reaches the tool through ``self.call_tool`` is the one
assumption about private code for the hook, tested at 2.0.0 and 2.3.0.

``Tool.run`` raises ``ToolError`` from a pydantic ``ValidationError`` for
bad arguments, ``ToolError`` from a handler's ``ToolError`` and
``UnexpectedToolError`` from anything else (2.0 has no
``UnexpectedToolError``: a handler's error, its own ``ValidationError``
too, is a ``ToolError`` from it, so the arguments' is told apart by its
title, the tool's argument model's, as on 1.x: ``_answers.refused_arguments``,
a private point of the tool manager, tested at 2.0.0 and 2.3.0); an
unknown tool is a ``ToolError`` with no cause. The tools are read through
the public ``MCPServer.list_tools()``, on failures only, once per change of the tool
list: the tool manager's registry (``MCPServer._tool_manager._tools``,
private) is watched for adds and removes (``_catalog.registry_key``).
"""

from __future__ import annotations

import importlib
from typing import Any

from mcp_boundary.mcp._answers import Boundary, handler_message, own_issues, refused_arguments
from mcp_boundary.mcp._catalog import registry_key
from mcp_boundary.mcp._core import ToolInfo


class _Never(Exception):
    """An exception class nothing raises (for what an SDK version lacks)."""


def protect(server: Any, boundary_options: dict[str, Any]) -> None:
    # Imported by name, so that type checkers read this line's code whichever SDK they see.
    sdk_exceptions: Any = importlib.import_module("mcp.server.mcpserver.exceptions")
    ToolError = sdk_exceptions.ToolError
    # 2.0 has no UnexpectedToolError (a handler's error is a ToolError there): none is one.
    UnexpectedToolError: type[BaseException] = getattr(sdk_exceptions, "UnexpectedToolError", _Never)
    mcp_exceptions: Any = importlib.import_module("mcp.shared.exceptions")
    CallToolResult: Any = importlib.import_module("mcp.types").CallToolResult

    MCPError = mcp_exceptions.MCPError
    passes_through: tuple[type[BaseException], ...] = tuple(
        e for e in (getattr(mcp_exceptions, "UrlElicitationRequiredError", None),) if isinstance(e, type)
    )

    async def list_tools() -> list[ToolInfo]:
        return [ToolInfo(t.name, t.input_schema, t.output_schema is not None) for t in await server.list_tools()]

    boundary = Boundary(list_tools=list_tools, key=registry_key(server), **boundary_options)
    call_tool = server.call_tool  # the class's, bound

    def result_of(answer: dict[str, Any]) -> Any:
        return CallToolResult.model_validate(answer, by_alias=True)

    async def protected_call_tool(name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        try:
            result = await call_tool(name, arguments, context)
        except passes_through:
            raise
        except MCPError as exc:
            # A handler's protocol error would reach the client with its own text.
            message = exc.error.message if isinstance(exc.error.message, str) else None
            answer = await boundary.handler_error(name, exc, message)
            if answer is None:  # the core keeps the SDK's answer (handler_errors="pass")
                raise
            return result_of(answer)
        except Exception as exc:
            cause = exc.__cause__
            now = None  # the tools, listed at most once for this call
            if isinstance(exc, ToolError) and cause is None:
                now, error = await boundary.if_unknown(name)
                if error is not None:
                    raise MCPError(code=error["code"], message=error["message"], data=error.get("data")) from None
            if isinstance(exc, ToolError) and not isinstance(exc, UnexpectedToolError) and refused_arguments(server, name, cause):
                return result_of(await boundary.invalid_arguments(name, exc, cause, own_issues(cause), now))
            own = cause if cause is not None else exc
            answer = await boundary.handler_error(name, own, handler_message(own), now)
            if answer is None:
                raise
            return result_of(answer)
        if getattr(result, "is_error", False):  # the tool's own error result: the core's to decide
            own_result = boundary.own_error_result(name)
            if own_result is not None:
                return result_of(own_result)
        return result

    server.call_tool = protected_call_tool
