"""``protect_server``: Python MCP servers whose ``tools/call`` answers never
carry the caller's input (SPEC §6 and §8).

Supported: ``mcp`` 1.x ``FastMCP`` (``mcp.server.fastmcp``), ``mcp`` 2.x
``MCPServer`` (``mcp.server.mcpserver``) and ``fastmcp`` 2.x to 4.x
``FastMCP``; each line is tested at the lowest and highest version of its
range in ``_versions.TESTED``, and ``protect_server`` warns
(``UntestedSdkWarning``) for a version outside it. This module imports no
SDK; ``protect_server`` imports the one the server comes from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from mcp_boundary._literals import HandlerErrors
from mcp_boundary._mcp_boundary import protect_server_error
from mcp_boundary.mcp._answers import ErrorInfo, Kind, OnError
from mcp_boundary.mcp._versions import UntestedSdkWarning

__all__ = ["ErrorInfo", "Kind", "OnError", "UntestedSdkWarning", "protect_server"]

S = TypeVar("S")

_MARK = "_mcp_boundary_protected"


def _line_of(server: object) -> str | None:
    """Which SDK line the server's class comes from, by its module (no SDK imported)."""
    for cls in type(server).__mro__:
        module = cls.__module__ or ""
        if cls.__name__ == "FastMCP" and (module == "fastmcp" or module.startswith("fastmcp.")):
            return "fastmcp"
        if cls.__name__ == "FastMCP" and module.startswith("mcp.server.fastmcp"):
            return "mcp1"
        if cls.__name__ == "MCPServer" and module.startswith("mcp.server.mcpserver"):
            return "mcp2"
    return None


def protect_server(
    server: S,
    *,
    messages: Sequence[str] = (),
    handler_errors: HandlerErrors = "classify",
    on_error: OnError | None = None,
) -> S:
    """Makes every ``tools/call`` answer of ``server`` safe and returns it.

    - Arguments the tool's schema refuses: an ``isError`` result naming the
      field and what is allowed (from the tool's JSON Schema), never the input.
    - An unknown tool: JSON-RPC ``-32602`` ``"unknown tool"`` with
      ``data: {"code": "unknown_tool", "suggestions": [...]}``.
    - An error the handler raises (``ToolError`` included): passed when its
      message is one of ``messages``, alone or after a field name; else
      ``tool <name> failed``. ``handler_errors="pass"`` keeps the SDK's
      answer for these only.
    - Valid calls, and tools added later, behave as without it.

    ``on_error(info)`` hears every answer given in place of the SDK's
    (``{"tool", "kind", "error"?, "issues"?}``); what it raises is ignored.

    An SDK version outside the tested range of its line (read from the
    installed distribution's metadata) gives an ``UntestedSdkWarning``; the
    server is protected all the same.
    """
    line = _line_of(server)
    if line is None:
        raise protect_server_error("server")
    if getattr(server, _MARK, False):
        return server
    options = {"messages": messages, "handler_errors": handler_errors, "on_error": on_error}
    from mcp_boundary.mcp import _versions

    _versions.check(line, stacklevel=2)  # a warning, never a refusal
    if line == "mcp1":
        from mcp_boundary.mcp import _mcp1

        _mcp1.protect(server, options)
    elif line == "mcp2":
        from mcp_boundary.mcp import _mcp2

        _mcp2.protect(server, options)
    else:
        from mcp_boundary.mcp import _fastmcp

        _fastmcp.protect(server, options)
    setattr(server, _MARK, True)
    return server
