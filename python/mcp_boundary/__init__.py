"""mcp-boundary: checks for the place where an MCP server or host takes in
untrusted strings from language models and peer agents.

Every rule, result shape and message lives in the Rust core
(``mcp_boundary._mcp_boundary``); this package re-exports it and adds only
what exists because of Python: ``ToolRegistry.from_provider_sse`` over an
iterable or async iterable of bytes, and pydantic models given to
``to_provider``/``from_provider``/``EventRewriter.rewrite`` (or as the
elements of a list given to them) come back as models of the same class.
Importing it never imports an MCP SDK. The results' shapes are the
TypedDicts of ``mcp_boundary.types`` (re-exported here), with the Literal
names written from Rust's lists.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, TypeVar, overload

from mcp_boundary import _mcp_boundary
from mcp_boundary._mcp_boundary import (
    BROADCAST,
    FORMATS,
    VALID_SHAPES,
    ArgumentError,
    ErrorClassifier,
    MalformedRecordError,
    McpBoundaryError,
    OptionsError,
    RecipientValidator,
    SseRewriter,
    ToolNameError,
    list_unread,
    mark_read,
    plan_delivery,
    read_state,
    recipient_json_schema,
    to_llm_facing_name,
    tool_definitions,
    try_reverse_to_canonical,
    unread_count,
    validate_recipient,
)

from mcp_boundary._literals import Format
from mcp_boundary.types import (
    Accepted,
    CustomProfile,
    ErrorData,
    Marked,
    NotARecipientData,
    NotMarked,
    Planned,
    RecipientError,
    RecipientJsonSchema,
    RecipientKind,
    RecipientResult,
    RefusedTool,
    RegistryEntry,
    Rejected,
    ServerReport,
)

__version__: str = _mcp_boundary.__version__

__all__ = [
    "BROADCAST",
    "FORMATS",
    "VALID_SHAPES",
    "Accepted",
    "ArgumentError",
    "CustomProfile",
    "ErrorClassifier",
    "ErrorData",
    "EventRewriter",
    "MalformedRecordError",
    "Marked",
    "McpBoundaryError",
    "NotARecipientData",
    "NotMarked",
    "OptionsError",
    "Planned",
    "RecipientError",
    "RecipientJsonSchema",
    "RecipientKind",
    "RecipientResult",
    "RecipientValidator",
    "RefusedTool",
    "RegistryEntry",
    "Rejected",
    "ServerReport",
    "SseRewriter",
    "ToolNameError",
    "ToolRegistry",
    "__version__",
    "list_unread",
    "mark_read",
    "plan_delivery",
    "read_state",
    "recipient_json_schema",
    "to_llm_facing_name",
    "tool_definitions",
    "try_reverse_to_canonical",
    "unread_count",
    "validate_recipient",
]

_P = TypeVar("_P")


def _model_again(given: Any, result: Any) -> Any:
    """``result`` (the rewritten JSON of ``given``) as ``given``'s class when
    ``given`` is a pydantic model (validated from the rewritten dict), else
    as it is."""
    validate = getattr(type(given), "model_validate", None)
    if validate is not None and hasattr(given, "model_dump"):
        return validate(result)
    return result


def _as_model(payload: Any, result: Any) -> Any:
    """A pydantic model given comes back as its class; so does each model
    element of a list given (a history mixing dicts and models), the other
    elements as the core made them. Models nested deeper (in a dict) come
    back as their dicts. A tuple comes back a tuple (the type it was given)."""
    if isinstance(payload, (list, tuple)) and isinstance(result, list) and len(result) == len(payload):
        items = [_model_again(p, r) for p, r in zip(payload, result)]
        return tuple(items) if isinstance(payload, tuple) else items
    return _model_again(payload, result)


class EventRewriter(_mcp_boundary.EventRewriter):
    """Parsed stream events rewritten one by one (see the core's class);
    an event may be a dict or a provider SDK's pydantic event model."""

    __slots__ = ()

    def rewrite(self, event: _P) -> _P:
        """The event with aliases made canonical names: a dict, or a
        pydantic model (a model of the same class comes back)."""
        return _as_model(event, super().rewrite(event))  # type: ignore[no-any-return]


class ToolRegistry(_mcp_boundary.ToolRegistry):
    """The two-way mapping of a host's tool names (see the core's class);
    payloads may also be the provider SDKs' pydantic models, and raw SSE
    streams are rewritten by ``from_provider_sse``."""

    __slots__ = ()

    def to_provider(self, payload: _P, format: Format) -> _P:  # noqa: A002 - the API's name
        """The payload with canonical names made aliases: a dict or list,
        or a pydantic model (a model of the same class comes back, as do
        the model elements of a list)."""
        return _as_model(payload, super().to_provider(payload, format))  # type: ignore[no-any-return]

    def from_provider(self, payload: _P, format: Format) -> _P:  # noqa: A002
        """The payload with aliases made canonical names (as ``to_provider``)."""
        return _as_model(payload, super().from_provider(payload, format))  # type: ignore[no-any-return]

    @overload
    def from_provider_sse(self, chunks: AsyncIterable[bytes], format: Format) -> AsyncIterator[bytes]: ...
    @overload
    def from_provider_sse(self, chunks: Iterable[bytes], format: Format) -> Iterator[bytes]: ...
    def from_provider_sse(
        self, chunks: Iterable[bytes] | AsyncIterable[bytes], format: Format  # noqa: A002
    ) -> Iterator[bytes] | AsyncIterator[bytes]:
        """Raw ``text/event-stream`` bytes with tool names made canonical,
        from an iterable (a generator) or an async iterable (an httpx
        response's ``aiter_bytes()``), chunks of any size."""
        rewriter = SseRewriter(self, format)
        if isinstance(chunks, AsyncIterable):
            return _sse_async(rewriter, chunks)
        return _sse(rewriter, chunks)


def _sse(rewriter: SseRewriter, chunks: Iterable[bytes]) -> Iterator[bytes]:
    for chunk in chunks:
        out = rewriter.feed(chunk)
        if out:
            yield out
    rest = rewriter.finish()
    if rest:
        yield rest


async def _sse_async(rewriter: SseRewriter, chunks: AsyncIterable[bytes]) -> AsyncIterator[bytes]:
    async for chunk in chunks:
        out = rewriter.feed(chunk)
        if out:
            yield out
    rest = rewriter.finish()
    if rest:
        yield rest
