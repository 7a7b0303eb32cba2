"""Raw SSE: tests/data/streams.json as text/event-stream bytes through
SseRewriter at every split and byte by byte (tests/streams.rs), and through
ToolRegistry.from_provider_sse over an iterable and an async iterable."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

import mcp_boundary as mb
from test_tool_names import STREAMS, canonical_text, stream_registry


def sse_text(f: dict, eol: str) -> str:
    text = ""
    for e in f["events"]:
        if f["sse"] == "event":
            text += f"event: {e['type']}{eol}"
        text += "data: " + json.dumps(e, separators=(",", ":"), ensure_ascii=False) + eol + eol
    if f.get("done"):
        text += "data: " + f["done"] + eol + eol
    return text


def run(r: mb.ToolRegistry, format_name: str, chunks: list[bytes]) -> bytes:
    sse = mb.SseRewriter(r, format_name)
    out = b"".join(sse.feed(c) for c in chunks)
    return out + sse.finish()


@pytest.mark.parametrize("format_name", sorted(STREAMS["formats"]))
@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_every_split_and_byte_by_byte(format_name: str, eol: str) -> None:
    f = STREAMS["formats"][format_name]
    text = sse_text(f, eol)
    want = canonical_text(text).encode()
    assert want != text.encode()
    data = text.encode()
    for cut in range(len(data) + 1):
        assert run(stream_registry(), format_name, [data[:cut], data[cut:]]) == want, cut
    r = stream_registry()
    assert run(r, format_name, [data[i : i + 1] for i in range(len(data))]) == want
    for call_id, tool in f["callIds"].items():
        assert r.tool_for_call_id(call_id) == tool


@pytest.mark.parametrize("format_name", sorted(STREAMS["formats"]))
def test_from_provider_sse_iterable_and_async(format_name: str) -> None:
    f = STREAMS["formats"][format_name]
    data = sse_text(f, "\n").encode()
    want = canonical_text(data.decode()).encode()
    chunks = [data[i : i + 7] for i in range(0, len(data), 7)]
    assert b"".join(stream_registry().from_provider_sse(iter(chunks), format_name)) == want

    async def source() -> AsyncIterator[bytes]:
        for c in chunks:
            yield c

    async def collect() -> bytes:
        r = stream_registry()
        return b"".join([c async for c in r.from_provider_sse(source(), format_name)])

    assert asyncio.run(collect()) == want
