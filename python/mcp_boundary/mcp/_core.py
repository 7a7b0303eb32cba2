"""The one place ``mcp_boundary.mcp`` calls the compiled core.

The policy is the core's ``Protection`` (src/server/, through
src/bindings/python/protect.rs): it checks the options, builds the catalog of
the tools as listed and decides the answer to each failure, with the same
JSON as the JS package and the Rust crate (tests/data/protect.json). This
package only recognizes which failure happened in its SDK and converts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mcp_boundary._mcp_boundary import Protection, ServerCatalog

JSONDict = dict[str, Any]


@dataclass(frozen=True)
class ToolInfo:
    """A tool as the SDK lists it (``tools/list``)."""

    name: str
    input_schema: Mapping[str, Any] | None
    has_output_schema: bool


@dataclass(frozen=True)
class Listed:
    """The tools as listed once: the core's catalog of them, and every tool
    listed by name (the catalog keeps the first ``MAX_CATALOG_ENTRIES``;
    whether a tool exists is asked of the listing)."""

    catalog: ServerCatalog
    tools: dict[str, ToolInfo]

    @property
    def names(self) -> dict[str, ToolInfo]:
        """The tools by name (``name in listed.names``)."""
        return self.tools


class Policy:
    """A protected server's checked options and the core's decisions."""

    __slots__ = ("_protection",)

    def __init__(self, messages: Sequence[str], handler_errors: object) -> None:
        # The core's OptionsError (INVALID_OPTIONS) for options that cannot work,
        # the same code and reason as JS: "Pass", an empty phrase.
        self._protection = Protection(messages=list(messages), handler_errors=handler_errors)  # type: ignore[arg-type]

    def listed(self, tools: Iterable[ToolInfo]) -> Listed:
        """The catalog of ``tools`` (lenient: an entry the core cannot take costs only itself)."""
        tools = list(tools)
        entries = []
        for tool in tools:
            try:
                schema = dict(tool.input_schema) if isinstance(tool.input_schema, Mapping) else None
            except Exception:  # a schema whose reading raises: the tool without its fields
                schema = None
            entries.append((tool.name, schema, bool(tool.has_output_schema)))
        return Listed(self._protection.catalog(entries), {t.name: t for t in tools if isinstance(t.name, str)})

    def decide(self, listed: Listed, failure: Mapping[str, Any]) -> JSONDict:
        """The core's decision: ``{"kind", "result"}``, ``{"kind", "error"}`` or ``{"kind": None}``."""
        decision: JSONDict = self._protection.answer(listed.catalog, dict(failure))
        return decision


def schema_issues(input_schema: Mapping[str, Any], arguments: Mapping[str, Any]) -> list[JSONDict]:
    """The core's issues of a call's ``arguments`` against the tool's
    published ``input_schema``, in Ajv's shape (empty where it cannot judge)."""
    return Protection.schema_issues(input_schema, arguments)


#: The catalog of no tool, for when listing failed.
def empty(policy: Policy) -> Listed:
    return policy.listed(())
