"""The catalog ``protect_server`` answers from: the server's tools (names, the
fields of each input schema and what the schema declares about each field),
as one core classifier, rebuilt whenever the tools it was built from change.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mcp_boundary.mcp import _core

# What a field's JSON Schema may declare that the core phrases (Rust's FieldHint).
_HINT_KEYS = ("enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "type")
_REF_DEPTH = 8


@dataclass(frozen=True)
class ToolInfo:
    """A registered tool as the SDK lists it."""

    name: str
    input_schema: Mapping[str, Any] | None
    has_output_schema: bool


def _resolve(schema: Mapping[str, Any], prop: Any) -> Mapping[str, Any] | None:
    """A property with its ``$ref`` (into ``$defs``), single ``allOf`` and ``X | None`` unwrapped."""
    for _ in range(_REF_DEPTH):
        if not isinstance(prop, Mapping):
            return None
        ref = prop.get("$ref")
        all_of = prop.get("allOf")
        if ref is None and isinstance(all_of, list) and len(all_of) == 1:
            ref = all_of[0].get("$ref") if isinstance(all_of[0], Mapping) else None
        if isinstance(ref, str):
            target: Any = None
            for prefix in ("#/$defs/", "#/definitions/"):
                if ref.startswith(prefix):
                    defs = schema.get(prefix[2:-1])
                    target = defs.get(ref[len(prefix):]) if isinstance(defs, Mapping) else None
            if not isinstance(target, Mapping):
                return None
            prop = {**target, **{k: v for k, v in prop.items() if k not in ("$ref", "allOf")}}
            continue
        branches = prop.get("anyOf", prop.get("oneOf"))
        if isinstance(branches, list):
            others = [b for b in branches if not (isinstance(b, Mapping) and b.get("type") == "null")]
            if len(others) == 1 and len(others) < len(branches):
                # `X | None`: X's options and bounds; no single type (null is allowed too).
                inner = _resolve(schema, others[0])
                if inner is None:
                    return None
                return {k: v for k, v in inner.items() if k != "type"}
            return None
        return prop
    return None


def described(schema: Mapping[str, Any] | None) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """The fields of an input schema and, per field, what it declares (enum, bounds, type)."""
    if not isinstance(schema, Mapping):
        return [], {}
    properties = schema.get("properties")
    if not isinstance(properties, Mapping):
        return [], {}
    fields: list[str] = []
    hints: dict[str, dict[str, Any]] = {}
    for field, prop in properties.items():
        if not isinstance(field, str) or not field or " " in field:
            continue  # a field the catalog cannot take: left out, the others stay
        if len(fields) == _core.MAX_CATALOG_ENTRIES:
            break
        fields.append(field)
        resolved = _resolve(schema, prop)
        if resolved is not None:
            hint = {k: resolved[k] for k in _HINT_KEYS if k in resolved}
            if hint:
                hints[field] = hint
    return fields, hints


@dataclass(frozen=True)
class _Entry:
    name: str
    fields: list[str]
    hints: dict[str, dict[str, Any]]


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
            fields, hints = described(tool.input_schema)
        except Exception:
            continue
        entries.append(_Entry(tool.name, fields, hints))

    def make(items: Sequence[_Entry]) -> _core.Classifier:
        return _core.Classifier({e.name: e.fields for e in items}, {e.name: e.hints for e in items}, messages)

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
