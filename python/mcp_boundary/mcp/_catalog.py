"""The catalog ``protect_server`` answers from: the server's tools (names, the
fields of each input schema and what the schema declares about each field),
as one core classifier, rebuilt whenever the tools it was built from change.
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


@dataclass(frozen=True)
class _Entry:
    name: str
    fields: list[str]
    schema: Mapping[str, Any]


class Catalog:
    """A classifier of the tools ``list_tools`` gives, built again when they change."""

    def __init__(self, messages: Sequence[str], list_tools: Callable[[], Awaitable[Sequence[ToolInfo]]]) -> None:
        self._messages = tuple(messages)
        self._list_tools = list_tools
        self._source: tuple[tuple[str, Any], ...] | None = None
        self._classifier: _core.Classifier | None = None
        self._tools: dict[str, ToolInfo] = {}

    async def current(self) -> tuple[_core.Classifier, dict[str, ToolInfo]]:
        """The classifier of the tools as they are now, and those tools by name."""
        try:
            tools = list(await self._list_tools())
        except Exception:  # a listing that fails: answer from what was built, or from nothing
            tools = None
        if tools is not None:
            source = tuple((t.name, t.input_schema) for t in tools)
            if self._classifier is None or source != self._source:
                self._classifier = _build(tools, self._messages)
                self._source = source
                self._tools = {t.name: t for t in tools}
        if self._classifier is None:
            self._classifier = _build([], self._messages)
        return self._classifier, self._tools


def _build(tools: Sequence[ToolInfo], messages: Sequence[str]) -> _core.Classifier:
    """The classifier of ``tools``: one bad tool costs only itself (found by halves), never another tool its answers."""
    entries: list[_Entry] = []
    for tool in tools:
        if len(entries) == _core.MAX_CATALOG_ENTRIES:
            break
        try:
            fields = fields_of(tool.input_schema)
        except Exception:
            continue
        entries.append(_Entry(tool.name, fields, tool.input_schema if isinstance(tool.input_schema, Mapping) else {}))

    def make(items: Sequence[_Entry]) -> _core.Classifier:
        return _core.Classifier({e.name: e.fields for e in items}, {e.name: e.schema for e in items}, messages)

    def takes(items: Sequence[_Entry]) -> bool:
        try:
            make(items)
            return True
        except Exception:
            return False

    def mended(entry: _Entry) -> list[_Entry]:
        if not takes([_Entry(entry.name, [], {})]):
            return []
        return [_Entry(entry.name, [f for f in entry.fields if takes([_Entry(entry.name, [f], {})])], {})]

    def taken(items: Sequence[_Entry]) -> list[_Entry]:
        if not items or takes(items):
            return list(items)
        if len(items) == 1:
            return mended(items[0])
        half = len(items) // 2
        return taken(items[:half]) + taken(items[half:])

    try:
        return make(entries)
    except Exception:
        try:
            return make(taken(entries))
        except Exception:
            return _core.Classifier({}, {}, messages)
