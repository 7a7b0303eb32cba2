"""The one place ``mcp_boundary.mcp`` calls the compiled core.

Everything else in this package (SDK detection, interception, the catalog,
answer shaping, ``on_error``) talks to :class:`Classifier` only, which
holds the core's ``ErrorClassifier`` and answers with the same JSON as the
JS package, as dicts: every message, phrase and bound is Rust's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mcp_boundary._mcp_boundary import MAX_CATALOG_ENTRIES as _MAX_CATALOG_ENTRIES
from mcp_boundary._mcp_boundary import ErrorClassifier as _ErrorClassifier

JSONDict = dict[str, Any]

#: The most tools (and fields of one tool) a catalog holds: Rust's MAX_CATALOG_ENTRIES.
MAX_CATALOG_ENTRIES: int = _MAX_CATALOG_ENTRIES


class Classifier:
    """A catalog of tools (names, fields, their input schemas for hints,
    which declare an output schema) and the server's own phrases. Lenient:
    what the core cannot take of one tool (an empty name, a field with a
    space, a schema it cannot read) costs only that, never another tool its
    answers; the phrases are checked (``check_messages``)."""

    __slots__ = ("_core",)

    def __init__(
        self,
        tools: Mapping[str, Sequence[str]],
        input_schemas: Mapping[str, Mapping[str, Any]],
        messages: Sequence[str],
        output_schema_tools: Sequence[str] = (),
    ) -> None:
        self._core = _ErrorClassifier(
            {name: list(fields) for name, fields in tools.items()},
            field_messages=list(messages),
            fieldless_messages=list(messages),
            input_schemas={name: dict(schema) for name, schema in input_schemas.items()},
            output_schema_tools=list(output_schema_tools),
            lenient=True,
        )

    def issues_result(self, tool: str, issues: Sequence[Mapping[str, Any]], arguments: Any) -> JSONDict:
        """The ``isError`` result for arguments the schema refused: the issues
        classified, nothing of the input (text only for a tool with an output schema)."""
        result: JSONDict = self._core.issues_result(tool, [dict(i) for i in issues], arguments)
        return result

    def handler_result(self, tool: str, message: str | None) -> JSONDict:
        """The ``isError`` result for a handler's error: its message classified, else ``tool <name> failed``."""
        result: JSONDict = self._core.handler_error_result(tool, message if message is not None else "")
        return result

    def unknown_tool_error(self, name: str) -> JSONDict:
        """The JSON-RPC ``error`` object for an unknown tool (``-32602``, suggestions; never the name)."""
        response: JSONDict = self._core.unknown_tool_response(None, name)
        error: JSONDict = response["error"]
        return error


def check_messages(messages: Sequence[str]) -> None:
    """Raises the core's error for phrases that cannot work, at ``protect_server`` time."""
    Classifier({}, {}, messages)
