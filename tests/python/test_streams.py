"""Raw SSE: tests/data/streams.json as text/event-stream bytes through
SseRewriter at every split and byte by byte (tests/streams.rs), and through
ToolRegistry.from_provider_sse over an iterable and an async iterable."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

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


def both_paths(format_name: str, events: list[dict[str, Any]]) -> list[mb.ToolRegistry]:
    """Registries that read `events` parsed (EventRewriter) and as raw text (SseRewriter)."""
    parsed = stream_registry()
    rewriter = mb.EventRewriter(parsed, format_name)
    for e in events:
        rewriter.rewrite(e)
    raw = stream_registry()
    run(raw, format_name, ["".join(f"data: {json.dumps(e)}\n\n" for e in events).encode()])
    return [parsed, raw]


def test_a_call_its_own_event_renames_answers_none_by_every_id() -> None:
    a, m = "github__create_issue", "mail__add_message"
    responses = [
        {"type": "response.output_item.added", "output_index": 0,
         "item": {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": a, "arguments": ""}},
        {"type": "response.function_call_arguments.done", "output_index": 0, "item_id": "fc_1", "name": m, "arguments": "{}"},
    ]
    for r in both_paths("openai-responses", responses):
        assert r.tool_for_call_id("fc_1") is None
        assert r.tool_for_call_id("call_1") is None

    def chunk(call: dict[str, Any]) -> dict[str, Any]:
        return {"id": "cmpl-1", "choices": [{"index": 0, "delta": {"tool_calls": [call]}}]}

    chat = [
        chunk({"index": 0, "id": "call_0", "function": {"name": a, "arguments": ""}}),
        chunk({"index": 0, "function": {"name": m}}),
        chunk({"index": 1, "id": "call_9", "function": {"name": a, "arguments": ""}}),
        chunk({"index": 1, "id": "", "function": {"name": "", "arguments": "{}"}}),
        # 2**53 + 1 and 2**53 are one float: as slot numbers they are none.
        chunk({"index": 2**53 + 1, "id": "call_big", "function": {"arguments": ""}}),
        chunk({"index": 2**53, "function": {"name": m}}),
    ]
    for r in both_paths("openai-chat", chat):
        assert r.tool_for_call_id("call_0") is None
        assert r.tool_for_call_id("call_9") == "github/create_issue"
        assert r.tool_for_call_id("") is None
        assert r.tool_for_call_id("call_big") is None


def test_an_id_with_a_lone_surrogate_is_none() -> None:
    r = stream_registry()
    event = {"type": "content_block_start", "index": 0,
             "content_block": {"type": "tool_use", "id": "t\ud800", "name": "github__create_issue", "input": {}}}
    mb.EventRewriter(r, "anthropic").rewrite(event)
    assert r.tool_for_call_id("t\ud800") is None
    assert r.tool_for_call_id("t\udc00") is None
