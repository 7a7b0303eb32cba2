"""The one place ``mcp_boundary.mcp`` calls the compiled core.

Everything else in this package (SDK detection, interception, the catalog,
answer shaping, ``on_error``) talks to :class:`Classifier` only. The core is
``mcp_boundary._mcp_boundary.ErrorClassifier`` (branch ``python-binding``),
which mirrors the JS ``ErrorClassifier`` and answers with the same JSON, as
dicts. The calls made here, and only here:

- ``ErrorClassifier({"tools": {name: [field, ...]}, "hints": {name: {field:
  json_schema_property}}, "field_messages": [...], "fieldless_messages":
  [...]})``; raises ``TypeError``/``ValueError`` for an entry that cannot work.
- ``.tool_error_result(tool, issues, input)`` with ``issues`` a list of
  pydantic error dicts (``ValidationError.errors(include_url=False,
  include_input=False, include_context=True)``) or Ajv-shaped errors
  (``{"keyword", "instancePath", "params"}``), ``input`` the arguments as
  called: ``{"content": [...], "isError": True, "structuredContent":
  {"error": data}}``.
- ``.handler_error_result(tool, message_or_none)``: classified, else ``tool
  <name> failed`` with no ``structuredContent``.
- ``.unknown_tool_response(None, name)``: the JSON-RPC response whose
  ``error`` is ``{"code": -32602, "message": "unknown tool", "data":
  {"code": "unknown_tool", "suggestions": [...]}}``.

TEMPORARY: while the binding is absent, :mod:`._standin` takes its place
(``STAND_IN`` is then true). Remove that fallback when wiring the binding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

try:  # the compiled core (maturin, branch python-binding)
    from mcp_boundary._mcp_boundary import ErrorClassifier as _ErrorClassifier  # type: ignore[import-not-found,import-untyped,unused-ignore]

    STAND_IN = False
except ImportError:  # TEMPORARY: development only, until the binding is merged
    from mcp_boundary.mcp._standin import ErrorClassifier as _ErrorClassifier

    STAND_IN = True

JSONDict = dict[str, Any]

#: The most tools (and fields of one tool) a catalog holds: Rust's MAX_CATALOG_ENTRIES.
MAX_CATALOG_ENTRIES = 65536

#: The kinds ``on_error`` hears: Rust's ``ReplacedAnswer`` names.
INVALID_ARGUMENTS = "invalid_arguments"
UNKNOWN_TOOL = "unknown_tool"
HANDLER_ERROR = "handler_error"
INVALID_OUTPUT = "invalid_output"
FAILED = "failed"


class Classifier:
    """A catalog of tools (names, fields, hints) and the server's own phrases."""

    __slots__ = ("_core",)

    def __init__(
        self,
        tools: Mapping[str, Sequence[str]],
        hints: Mapping[str, Mapping[str, Mapping[str, Any]]],
        messages: Sequence[str],
    ) -> None:
        self._core: Any = _ErrorClassifier(
            {
                "tools": {name: list(fields) for name, fields in tools.items()},
                "hints": {name: {f: dict(p) for f, p in h.items()} for name, h in hints.items()},
                "field_messages": list(messages),
                "fieldless_messages": list(messages),
            }
        )

    def issues_result(self, tool: str, issues: Sequence[Mapping[str, Any]], arguments: Any) -> JSONDict:
        """The ``isError`` result for arguments the schema refused: the issues classified, nothing of the input."""
        result: JSONDict = self._core.tool_error_result(tool, [dict(i) for i in issues], arguments)
        return result

    def handler_result(self, tool: str, message: str | None) -> JSONDict:
        """The ``isError`` result for a handler's error: its message classified, else ``tool <name> failed``."""
        result: JSONDict = self._core.handler_error_result(tool, message)
        return result

    def unknown_tool_error(self, name: str) -> JSONDict:
        """The JSON-RPC ``error`` object for an unknown tool (``-32602``, suggestions; never the name)."""
        response: JSONDict = self._core.unknown_tool_response(None, name)
        error: JSONDict = response["error"]
        return error


def check_messages(messages: Sequence[str]) -> None:
    """Raises the core's error for phrases that cannot work, at ``protect_server`` time."""
    Classifier({}, {}, messages)
