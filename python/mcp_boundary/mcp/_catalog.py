"""The catalog ``protect_server`` answers from: the server's tools (names, the
fields of each input schema and what the schema declares about each field,
which declare an output schema), as one core classifier, rebuilt whenever
the tools it was built from change.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mcp_boundary.mcp import _core


@dataclass(frozen=True)
class ToolInfo:
    """A registered tool as the SDK lists it."""

    name: str
    input_schema: Mapping[str, Any] | None
    has_output_schema: bool


def fields_of(schema: Mapping[str, Any] | None) -> list[str]:
    """The top-level fields of an input schema (what each declares is the core's to read)."""
    if not isinstance(schema, Mapping):
        return []
    properties = schema.get("properties")
    if not isinstance(properties, Mapping):
        return []
    return [field for field in properties if isinstance(field, str)][: _core.MAX_CATALOG_ENTRIES]


class Catalog:
    """A classifier of the tools ``list_tools`` gives, built again when they change."""

    def __init__(self, messages: Sequence[str], list_tools: Callable[[], Awaitable[Sequence[ToolInfo]]]) -> None:
        self._messages = tuple(messages)
        self._list_tools = list_tools
        self._source: tuple[tuple[str, Any, bool], ...] | None = None
        self._classifier: _core.Classifier | None = None
        self._empty: _core.Classifier | None = None
        self._tools: dict[str, ToolInfo] = {}

    async def current(self) -> tuple[_core.Classifier, dict[str, ToolInfo]]:
        """The classifier of the tools as they are now, and those tools by name.
        A listing that fails gives an empty catalog (no tool named or
        suggested), never the last one built: what a listing shows may
        depend on the caller (fastmcp's visibility, auth), and another
        caller's tools are not this one's to hear of."""
        try:
            tools = list(await self._list_tools())
        except Exception:
            if self._empty is None:
                self._empty = _build([], self._messages)
            return self._empty, {}
        source = tuple((t.name, t.input_schema, t.has_output_schema) for t in tools)
        if self._classifier is None or source != self._source:
            self._classifier = _build(tools, self._messages)
            self._source = source
            self._tools = {t.name: t for t in tools}
        return self._classifier, self._tools


def _build(tools: Sequence[ToolInfo], messages: Sequence[str]) -> _core.Classifier:
    """The classifier of ``tools`` (the first ``MAX_CATALOG_ENTRIES``); the
    core leaves out what it cannot take of each, so one bad tool costs only itself."""
    fields: dict[str, list[str]] = {}
    schemas: dict[str, Mapping[str, Any]] = {}
    output: list[str] = []
    for tool in tools[: _core.MAX_CATALOG_ENTRIES]:
        if tool.has_output_schema:  # first: a tool whose schema cannot be read still answers in text only
            output.append(tool.name)
        try:
            fields[tool.name] = fields_of(tool.input_schema)
            if isinstance(tool.input_schema, Mapping):
                schemas[tool.name] = tool.input_schema
        except Exception:  # a schema whose reading raises: the tool without its fields
            fields.setdefault(tool.name, [])
    try:
        return _core.Classifier(fields, schemas, messages, output)
    except Exception:  # cannot happen for checked phrases; never an answer lost
        return _core.Classifier({}, {}, messages, output)
