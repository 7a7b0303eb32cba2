"""mcp_boundary in Python beside the Python a server would write, in the
same process, alternating rounds, medians: `make bench` (after make
test-python has built it into .venv/). Numbers are measurements, not
assertions: nothing here fails a build."""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Callable
from typing import Any, Literal

import mcp_boundary as mb

ROUNDS, N = 7, 20_000


def per_op(fn: Callable[[int], object], n: int = N) -> float:
    start = time.perf_counter_ns()
    for i in range(n):
        fn(i)
    return (time.perf_counter_ns() - start) / n


def compare(name: str, ours: Callable[[int], object], plain: Callable[[int], object], target: str, n: int = N) -> None:
    a, b = [], []
    for _ in range(ROUNDS):
        a.append(per_op(ours, n))
        b.append(per_op(plain, n))
    ma, mb_ = statistics.median(a), statistics.median(b)
    print(f"| {name} | {ma:,.0f} | {mb_:,.0f} | {ma / mb_:.2f}× | {target} |")


print("| operation | mcp_boundary ns/op | plain Python ns/op | ratio | target |")
print("|---|---:|---:|---:|---:|")

# A first-seen accepted recipient, beside a compiled re check building the same dict.
SHAPE = re.compile(r"@[A-Za-z0-9][A-Za-z0-9._-]{0,63}|AGENT:\*")
names = [f"@agent-{i}" for i in range(N)]


def plain_recipient(i: int) -> dict[str, object]:
    to = names[i]
    if SHAPE.fullmatch(to) is None:
        return {"ok": False}
    return {"ok": True, "recipient": {"kind": "broadcast"}} if to == "AGENT:*" else {"ok": True, "recipient": {"kind": "identity", "id": to[1:]}}


assert mb.validate_recipient(names[0]) == plain_recipient(0)
compare("validate_recipient, a first-seen accepted identity", lambda i: mb.validate_recipient(names[i]), plain_recipient, "≤ 1.0×")

# classify, beside a dict lookup and a re split.
classifier = mb.ErrorClassifier({"list_bounties": ["limit", "status"]}, field_messages=["must be at most 100", "must be one of open, closed"])
messages = [f"limit must be at most {100 + (i % 3) * 900}" for i in range(N)]
PHRASES = {"must be at most 100": True, "must be one of open, closed": True}
FIELDS = {"limit", "status"}
SPLIT = re.compile(r"\s")


def plain_classify(i: int) -> object:
    field, _, phrase = messages[i].partition(" ")
    parts = SPLIT.split(messages[i], maxsplit=1)
    return {"field": field, "message": phrase} if field in FIELDS and PHRASES.get(phrase) and len(parts) == 2 else None


compare("classify, a message of the catalog or not", lambda i: classifier.classify("list_bounties", messages[i]), plain_classify, "≤ 1.0×")

# Raw SSE, beside a loop that json.loads and json.dumps each event.
registry = mb.ToolRegistry(profile="openai")
registry.register_server("github", ["create_issue", "list_repos"])
events = [
    {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": f"toolu_{i}", "name": "github__create_issue", "input": {}}}
    for i in range(64)
] + [{"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": "{\"title\": \"x\"}"}} for _ in range(192)]
body = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events).encode()
chunks = [body[i : i + 1400] for i in range(0, len(body), 1400)]


def ours_sse(_: int) -> int:
    rewriter = mb.SseRewriter(registry, "anthropic")
    return sum(len(rewriter.feed(c)) for c in chunks) + len(rewriter.finish())


def plain_sse(_: int) -> int:
    out = 0
    for block in body.split(b"\n\n"):
        for line in block.split(b"\n"):
            if line.startswith(b"data: "):
                event = json.loads(line[6:])
                block_ = event.get("content_block")
                if isinstance(block_, dict) and isinstance(block_.get("name"), str):
                    block_["name"] = block_["name"].replace("__", "/", 1)
                out += len(json.dumps(event))
    return out


compare(f"raw SSE, {len(body):,} bytes of Anthropic events per op", ours_sse, plain_sse, "< 1.0×", n=50)


# A protected server's failed call beside a valid one, at 100,000 tools, through
# the SDK's own in-memory client: when this runs in an SDK venv of
# scripts/python-sdk-tests.sh (`.venvs/mcp-2.3.0/bin/python bench/python.py`).
# The catalog is listed once per change of the tool list, never per failed call.
def protected_server_calls(tools: int = 100_000, calls: int = 30) -> None:
    import asyncio
    import importlib.util

    if importlib.util.find_spec("mcp") is None or importlib.util.find_spec("fastmcp") is not None:
        return
    from mcp_boundary.mcp import protect_server

    def set_priority(priority: Literal["low", "high"]) -> str:
        return priority

    if importlib.util.find_spec("mcp.server.mcpserver") is not None:
        from mcp import Client
        from mcp.server.mcpserver import MCPServer

        server: Any = MCPServer("bench")
    else:
        from mcp.server.fastmcp import FastMCP

        server = FastMCP("bench")
    server.add_tool(set_priority)
    manager = server._tool_manager  # private: 100,000 copies of one tool, without building each
    one = manager.get_tool("set_priority")
    for i in range(tools - 1):
        manager._tools[f"tool_{i}"] = one.model_copy(update={"name": f"tool_{i}"})
    protect_server(server)

    async def run() -> None:
        if importlib.util.find_spec("mcp.server.mcpserver") is not None:
            context: Any = Client(server)
        else:
            from mcp.shared.memory import create_connected_server_and_client_session

            context = create_connected_server_and_client_session(server._mcp_server)
        async with context as client:
            async def timed(args: dict[str, Any]) -> float:
                start = time.perf_counter_ns()
                await client.call_tool("set_priority", args)
                return (time.perf_counter_ns() - start) / 1e6

            await timed({"priority": "nope"})  # the first failure lists the tools once
            valid, failed = [], []
            for _ in range(calls):
                valid.append(await timed({"priority": "low"}))
                failed.append(await timed({"priority": "nope"}))
            v, f = statistics.median(valid), statistics.median(failed)
            print(f"| protect_server, a failed call beside a valid one, {tools:,} tools | {f:.2f} ms | {v:.2f} ms | {f / v:.2f}× | ≤ 2.0× |")

    asyncio.run(run())


protected_server_calls()
