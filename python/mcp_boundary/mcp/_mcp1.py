"""``mcp`` 1.x ``FastMCP`` (``mcp.server.fastmcp``), tested with 1.21.1 and 1.30.0.

``FastMCP`` registers its bound ``call_tool`` with its low-level server at
construction (``_setup_handlers``), and that server's ``call_tool()``
decorator answers any exception with its text, so there is no public hook.
Two private points, relied on where tested (1.21.1 and 1.30.0; docs/PYTHON.md):

- ``FastMCP._mcp_server`` (the low-level ``Server``): its public
  ``call_tool(validate_input=False)`` decorator registers our function (the
  SDK's output normalisation and validation are kept), and its
  ``request_handlers[CallToolRequest]`` is wrapped once more, outside that
  decorator, so that an unknown tool is a JSON-RPC error and what the
  decorator answers itself (a result that breaks the output schema) is
  replaced.
- ``FastMCP._tool_manager.get_tool(name).fn_metadata.arg_model``: a tool
  raises ``ToolError("Error executing tool …")`` from its cause for a bad
  argument and for a handler's own error alike; the cause is a pydantic
  ``ValidationError`` titled after this model for the arguments. Without it,
  any ``ValidationError`` cause counts as the arguments'.

The tools are read through the public ``FastMCP.list_tools()``, on failures
only, once per change of the tool list: the tool manager's registry
(``FastMCP._tool_manager._tools``, private) is watched for adds and removes
(``_catalog.registry_key``).
"""

from __future__ import annotations

import contextvars
import importlib
from dataclasses import dataclass
from typing import Any

from mcp_boundary.mcp._answers import Boundary, handler_message, own_issues, refused_arguments
from mcp_boundary.mcp._catalog import registry_key
from mcp_boundary.mcp._core import ToolInfo


@dataclass
class _Call:
    """One tools/call request, as the function inside the SDK's decorator saw it."""

    name: str
    unknown: dict[str, Any] | None = None  # the JSON-RPC error to raise
    answered: bool = False  # ours: the result is already safe
    passed: bool = False  # handler_errors="pass": the SDK's own answer stands
    returned: bool = False  # the tool returned
    ran: bool = False  # ... a result of its own making for the SDK to check (not a CallToolResult)


_CALL: contextvars.ContextVar[_Call | None] = contextvars.ContextVar("mcp_boundary_mcp1_call", default=None)


def protect(server: Any, boundary_options: dict[str, Any]) -> None:
    # Imported by name, so that type checkers read this line's code whichever SDK they see.
    mt: Any = importlib.import_module("mcp.types")
    mcp_exceptions: Any = importlib.import_module("mcp.shared.exceptions")

    McpError = mcp_exceptions.McpError
    passes_through: tuple[type[BaseException], ...] = tuple(
        e for e in (getattr(mcp_exceptions, "UrlElicitationRequiredError", None),) if isinstance(e, type)
    )

    async def list_tools() -> list[ToolInfo]:
        return [ToolInfo(t.name, t.inputSchema, t.outputSchema is not None) for t in await server.list_tools()]

    boundary = Boundary(list_tools=list_tools, key=registry_key(server), **boundary_options)
    low = server._mcp_server  # private, see the module's docstring
    call_tool = server.call_tool  # public: (name, arguments) -> content | dict

    async def answer(name: str, arguments: dict[str, Any], exc: Exception, call: _Call | None) -> Any:
        cause = exc.__cause__
        now = None  # the tools, listed at most once for this call
        if cause is None:
            now, error = await boundary.if_unknown(name)
            if error is not None:
                if call is not None:
                    call.unknown = error
                raise McpError(mt.ErrorData.model_validate(error))
        if refused_arguments(server, name, cause):
            result = await boundary.invalid_arguments(name, exc, cause, own_issues(cause), now)
        else:
            own = cause if cause is not None else exc
            answer = await boundary.handler_error(name, own, handler_message(own), now)
            if answer is None:  # the core keeps the SDK's answer (handler_errors="pass")
                if call is not None:
                    call.passed = True
                raise exc
            result = answer
        if call is not None:
            call.answered = True
        return mt.CallToolResult.model_validate(result)

    async def protected_call_tool(name: str, arguments: dict[str, Any]) -> Any:
        call = _CALL.get()
        try:
            result = await call_tool(name, arguments)
        except passes_through:
            raise
        except Exception as exc:
            return await answer(name, arguments, exc, call)
        if call is not None:
            call.returned = True
            call.ran = not isinstance(result, mt.CallToolResult)
        return result

    low.call_tool(validate_input=False)(protected_call_tool)
    checked = low.request_handlers[mt.CallToolRequest]

    async def handle_call_tool(request: Any) -> Any:
        call = _Call(request.params.name)
        token = _CALL.set(call)
        try:
            response = await checked(request)
        finally:
            _CALL.reset(token)
        if call.unknown is not None:
            raise McpError(mt.ErrorData.model_validate(call.unknown))
        result = getattr(response, "root", response)
        if call.answered or call.passed:
            return response
        if call.returned and not call.ran:  # the tool's own CallToolResult: the core's to decide
            own_result = boundary.own_error_result(call.name) if isinstance(result, mt.CallToolResult) and result.isError else None
            return response if own_result is None else mt.ServerResult(mt.CallToolResult.model_validate(own_result))
        if not (isinstance(result, mt.CallToolResult) and result.isError):
            return response
        # The decorator's own error answer: the tool's result broke its output
        # schema (or could not be normalised), or something around the call failed.
        said = [c.text for c in result.content if isinstance(c, mt.TextContent)]
        error = RuntimeError(said[0]) if said else None  # the SDK's text, for on_error only
        answer = await boundary.failed(call.name, "invalid_output" if call.ran else "failed", error)
        return mt.ServerResult(mt.CallToolResult.model_validate(answer))

    low.request_handlers[mt.CallToolRequest] = handle_call_tool
