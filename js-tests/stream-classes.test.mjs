// Streams that must not mislead (issue: streams, routing and protection):
// classes of input, each through fromProviderStream (parsed events) and
// fromProviderSse (raw bytes, over chunkings): slots a later response
// reuses, ids reused across streams, CR-only lines, many keys, tiny chunks,
// events past the maximum, a reused caller buffer, binary event streams,
// duplicate keys, sources that fail or are abandoned, and the bounds of
// the registry's memories.
import { test } from "node:test";
import assert from "node:assert/strict";
import v8 from "node:v8";
import vm from "node:vm";
import { EventStreamCodec } from "@smithy/core/event-streams";
import { ToolRegistry, toolDefinitions } from "mcp-boundary";
import { STREAMS, registry, canonicalText, sseText, runSse as run } from "./stream-data.mjs";

const bytes = (text) => new TextEncoder().encode(text);
const A = "github__create_issue";

function tools() {
  const r = new ToolRegistry();
  r.registerServer("fs", ["read_file"]);
  r.registerServer("shell", ["exec"]);
  return r;
}
async function collect(iterable) {
  const out = [];
  for await (const e of iterable) out.push(e);
  return out;
}
const sse = (events) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
/** A small seeded generator: the same random splits on every run. */
function random(seed) {
  return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
}
function randomChunks(b, next, max) {
  const chunks = [];
  for (let at = 0; at < b.length; ) {
    const n = 1 + Math.floor(next() * max);
    chunks.push(b.slice(at, at + n));
    at += n;
  }
  return chunks;
}

/** Two Realtime responses whose calls both sit at output_index 0. */
function realtimeSession({ ends = true } = {}) {
  const response = (n, call, item, name) => [
    ...(ends ? [{ type: "response.created", response: { id: `resp_${n}`, output: [] } }] : []),
    { type: "response.output_item.added", response_id: `resp_${n}`, output_index: 0, item: { type: "function_call", id: item, call_id: call, name, arguments: "" } },
    { type: "response.function_call_arguments.done", response_id: `resp_${n}`, output_index: 0, item_id: item, call_id: call, name, arguments: "{}" },
    { type: "response.output_item.done", output_index: 0, item: { type: "function_call", id: item, call_id: call, name, arguments: "{}" } },
    ...(ends ? [{ type: "response.done", response: { id: `resp_${n}`, output: [] } }] : []),
  ];
  return [...response(1, "call_1", "item_1", "fs__read_file"), ...response(2, "call_2", "item_2", "shell__exec")];
}

test("a slot that a later response reuses never re-points an earlier call's id, parsed or raw, with or without end events", async () => {
  for (const ends of [true, false]) {
    const events = realtimeSession({ ends });
    const want = { call_1: "fs/read_file", item_1: "fs/read_file", call_2: "shell/exec", item_2: "shell/exec" };
    const parsed = tools();
    await collect(parsed.fromProviderStream(events, "openai-responses"));
    for (const [id, tool] of Object.entries(want)) assert.equal(parsed.toolForCallId(id), tool, `parsed ${id}`);
    const input = bytes(sse(events));
    const next = random(7);
    for (let round = 0; round < 20; round++) {
      const raw = tools();
      await run(raw, "openai-responses", randomChunks(input, next, round % 2 ? 5 : 200));
      for (const [id, tool] of Object.entries(want)) assert.equal(raw.toolForCallId(id), tool, `raw ${id}, round ${round}`);
    }
  }
});

test("Anthropic and Bedrock content blocks close; OpenAI Chat pairs within one completion", async () => {
  const anthropic = [
    { type: "message_start", message: {} },
    { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t1", name: "fs__read_file", input: {} } },
    { type: "content_block_stop", index: 0 },
    { type: "message_stop" },
    { type: "message_start", message: {} },
    { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t2", name: "shell__exec", input: {} } },
  ];
  const chunk = (id, call) => ({ id, choices: [{ index: 0, delta: { tool_calls: [call] } }] });
  const chat = [
    chunk("cmpl-1", { index: 0, id: "c1", function: { name: "fs__read_file", arguments: "" } }),
    chunk("cmpl-2", { index: 0, id: "c2", function: { arguments: "" } }), // the id first, the name later
    chunk("cmpl-2", { index: 0, function: { name: "shell__exec" } }),
  ];
  const bedrock = [
    { messageStart: { role: "assistant" } },
    { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "b1", name: "fs__read_file" } } } },
    { contentBlockStop: { contentBlockIndex: 0 } },
    { messageStop: { stopReason: "tool_use" } },
    { messageStart: { role: "assistant" } },
    { contentBlockStart: { contentBlockIndex: 0, start: { toolUse: { toolUseId: "b2", name: "shell__exec" } } } },
  ];
  for (const [format, events, want] of [
    ["anthropic", anthropic, { t1: "fs/read_file", t2: "shell/exec" }],
    ["openai-chat", chat, { c1: "fs/read_file", c2: "shell/exec" }],
    ["bedrock-converse", bedrock, { b1: "fs/read_file", b2: "shell/exec" }],
  ]) {
    const parsed = tools();
    await collect(parsed.fromProviderStream(events, format));
    const raw = tools();
    await run(raw, format, [bytes(sse(events))]);
    for (const [id, tool] of Object.entries(want)) {
      assert.equal(parsed.toolForCallId(id), tool, `${format} parsed ${id}`);
      assert.equal(raw.toolForCallId(id), tool, `${format} raw ${id}`);
    }
  }
});

test("an id seen with two tools answers null, in one stream or across streams, never the newer tool", async () => {
  const call = (id, name) => ({ candidates: [{ content: { parts: [{ functionCall: { id, name, args: {} } }] } }] });
  const r = tools();
  await collect(r.fromProviderStream([call("g1", "fs__read_file")], "gemini"));
  assert.equal(r.toolForCallId("g1"), "fs/read_file");
  await run(r, "gemini", [bytes(sse([call("g1", "shell__exec")]))]);
  assert.equal(r.toolForCallId("g1"), null);
  await collect(r.fromProviderStream([call("g1", "fs__read_file")], "gemini"));
  assert.equal(r.toolForCallId("g1"), null, "ambiguous stays so");
  const one = tools();
  await collect(one.fromProviderStream([call("g2", "fs__read_file"), call("g2", "shell__exec")], "gemini"));
  assert.equal(one.toolForCallId("g2"), null);
  // Flooding the memory with new ids does not let an ambiguous id take a tool again.
  await collect(r.fromProviderStream(Array.from({ length: 5000 }, (_, i) => call(`flood${i}`, "fs__read_file")), "gemini"));
  await collect(r.fromProviderStream([call("g1", "shell__exec")], "gemini"));
  assert.equal(r.toolForCallId("g1"), null);
});

test("a slot string over the bound, or a name too long to remember, pairs nothing", async () => {
  const long = "s".repeat(300);
  const events = (slot) => [
    { type: "response.output_item.added", output_index: slot, item: { type: "function_call", call_id: "c1" } },
    { type: "response.function_call_arguments.done", output_index: slot, name: "shell__exec" },
  ];
  const r = tools();
  await collect(r.fromProviderStream(events(long), "openai-responses"));
  assert.equal(r.toolForCallId("c1"), null);
  await collect(r.fromProviderStream(events("s"), "openai-responses"));
  assert.equal(r.toolForCallId("c1"), "shell/exec", "the oracle: a short slot pairs them");
  const chunk = (call) => ({ id: "c", choices: [{ index: 0, delta: { tool_calls: [call] } }] });
  for (const name of ["x".repeat(1025), "\uD800lone"]) {
    const t = tools();
    await collect(t.fromProviderStream([chunk({ index: 0, id: "call_1", function: { name } }), chunk({ index: 0, function: { name: "shell__exec" } })], "openai-chat"));
    assert.equal(t.toolForCallId("call_1"), null, JSON.stringify(name).slice(0, 20));
  }
});

test("every recording with CR-only line ends, at random chunkings and byte by byte", async () => {
  for (const format of Object.keys(STREAMS.formats)) {
    const input = bytes(sseText(format, "\r"));
    const want = canonicalText(sseText(format, "\r"));
    const r = registry();
    const next = random(format.length);
    for (let round = 0; round < 30; round++) assert.equal((await run(r, format, randomChunks(input, next, round % 2 ? 3 : 100))).toString(), want, format);
    assert.equal((await run(r, format, Array.from(input, (b) => Uint8Array.of(b)))).toString(), want, `${format} byte by byte`);
    for (const [id, tool] of Object.entries(STREAMS.formats[format].callIds)) assert.equal(r.toolForCallId(id), tool, `${format} ${id}`);
  }
});

test("a name beside many keys, and the duplicate key JSON keeps, are rewritten exactly", async () => {
  const r = registry();
  const keys = Array.from({ length: 3000 }, (_, i) => `"k${i}":${i}`).join(",");
  const text = `data: {${keys},"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"m","name":"x","name":"${A}","input":{"name":"${A}"}}}\n\n`;
  const want = text.replace(`"name":"${A}","input"`, `"name":"github/create_issue","input"`);
  assert.equal((await run(r, "anthropic", randomChunks(bytes(text), random(3), 50))).toString(), want);
  assert.equal(JSON.parse(want.slice(6)).content_block.name, "github/create_issue", "the oracle: the key JSON.parse keeps");
  assert.equal(r.toolForCallId("m"), "github/create_issue");
  // Both tokens the alias: only the one JSON keeps changes (the other is no name any reader sees).
  const twice = `data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"d","name":"${A}","name":"${A}"}}\n\n`;
  const last = twice.lastIndexOf(A);
  assert.equal((await run(r, "anthropic", [bytes(twice)])).toString(), `${twice.slice(0, last)}github/create_issue${twice.slice(last + A.length)}`);
});

test("a reused caller buffer: nothing of it is kept past write()", async () => {
  for (const format of Object.keys(STREAMS.formats)) {
    const input = bytes(sseText(format));
    const want = canonicalText(sseText(format));
    const r = registry();
    const t = r.fromProviderSse(format);
    const out = [];
    const reading = (async () => {
      for await (const c of t.readable) out.push(Buffer.from(c));
    })();
    const w = t.writable.getWriter();
    const buffer = Buffer.alloc(7);
    for (let at = 0; at < input.length; at += 7) {
      const n = Math.min(7, input.length - at);
      buffer.set(input.subarray(at, at + n));
      await w.write(buffer.subarray(0, n));
      buffer.fill(0x21); // the caller reuses its buffer
    }
    await w.close();
    await reading;
    assert.equal(Buffer.concat(out).toString(), want, format);
  }
});

test("an event past the maximum passes through unrewritten as it arrives; the next is rewritten", async () => {
  const r = registry();
  const big = `data: {"pad":"${"x".repeat(5 << 20)}","contentBlockStart":{"start":{"toolUse":{"toolUseId":"big","name":"${A}"}}}}\n\n`;
  const small = `data: {"contentBlockStart":{"start":{"toolUse":{"toolUseId":"s","name":"${A}"}}}}\n\n`;
  const t = r.fromProviderSse("bedrock-converse");
  const got = [];
  let out = 0;
  const reading = (async () => {
    for await (const c of t.readable) (got.push(c), (out += c.length));
  })();
  const w = t.writable.getWriter();
  const input = bytes(big + small);
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  let sent = 0;
  for (let at = 0; at < input.length; at += 65536) {
    const piece = input.subarray(at, at + 65536);
    await w.write(piece);
    sent += piece.length;
    await tick();
    // What is held never exceeds the documented 4 MiB (bytes come out before the event ends).
    assert.ok(sent - out <= 4 << 20, `${sent - out} bytes held after ${sent}`);
  }
  await w.close();
  await reading;
  assert.equal(Buffer.concat(got).toString(), big + small.replace(A, "github/create_issue"));
  assert.equal(r.toolForCallId("big"), null, "the unrewritten event's call is not remembered");
  assert.equal(r.toolForCallId("s"), "github/create_issue");
});

test("Bedrock's binary event stream passes through chunk by chunk, as it comes", async () => {
  const codec = new EventStreamCodec((b) => new TextDecoder().decode(b), (s) => new TextEncoder().encode(s));
  const frames = STREAMS.formats["bedrock-converse"].events.map((e) =>
    codec.encode({ headers: { ":event-type": { type: "string", value: Object.keys(e)[0] } }, body: bytes(JSON.stringify(e)) }),
  );
  const r = registry();
  const t = r.fromProviderSse("bedrock-converse");
  const got = [];
  const reading = (async () => {
    for await (const c of t.readable) got.push(c);
  })();
  const w = t.writable.getWriter();
  for (const [i, frame] of frames.entries()) {
    await w.write(frame);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(got.length, i + 1, `frame ${i} out before the next is written`);
    assert.deepEqual(new Uint8Array(got[i]), new Uint8Array(frame), `frame ${i} as it came`);
  }
  await w.close();
  await reading;
  assert.equal(got.length, frames.length);
});

test("fromProviderStream closes its source on every way out", async () => {
  const r = registry();
  const source = (events) => {
    const log = { returned: 0 };
    let i = 0;
    const it = {
      [Symbol.asyncIterator]: () => it,
      next: async () => (i < events.length ? { value: events[i++], done: false } : { value: undefined, done: true }),
      return: async () => {
        log.returned++;
        return { value: undefined, done: true };
      },
    };
    return { it, log };
  };
  const call = { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "x", name: A } };
  // An event that fails to walk (a getter that throws).
  const hostile = { type: "content_block_start", index: 0, content_block: { type: "tool_use", get name() { throw new Error("boom"); } } };
  const a = source([call, hostile, call]);
  await assert.rejects(collect(r.fromProviderStream(a.it, "anthropic")), /boom/);
  assert.equal(a.log.returned, 1, "a failed walk closes the source");
  // The consumer breaks.
  const b = source([call, call, call]);
  for await (const e of r.fromProviderStream(b.it, "anthropic")) {
    assert.equal(e.content_block.name, "github/create_issue");
    break;
  }
  assert.equal(b.log.returned, 1);
  // A source whose next() answers a non-object: an error, not endless undefined events.
  for (const bad of [undefined, null, 42, "x"]) {
    let returned = 0;
    const it = { [Symbol.asyncIterator]: () => it, next: () => bad, return: async () => ((returned++), { done: true }) };
    await assert.rejects(collect(r.fromProviderStream(it, "anthropic")), { name: "TypeError", code: "INVALID_ARGUMENT" });
    assert.equal(returned, 1, String(bad));
  }
  // A ReadableStream read through its reader (no async iteration): the consumer's break cancels it.
  let cancelled = 0;
  const stream = new ReadableStream({
    pull(c) {
      c.enqueue(call);
    },
    cancel() {
      cancelled++;
    },
  });
  const readerOnly = { getReader: () => stream.getReader() };
  for await (const e of r.fromProviderStream(readerOnly, "anthropic")) {
    assert.equal(e.content_block.name, "github/create_issue");
    break;
  }
  assert.equal(cancelled, 1, "the upstream stream is cancelled, not only released");
});

test("the registry's memories are bounded by size: unknown names and call ids from streams", async () => {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  const r = registry();
  gc();
  const before = process.memoryUsage().heapUsed;
  const name = (i) => `${i}`.padEnd(100_000, "n");
  for (let i = 0; i < 600; i++) {
    r.fromProvider({ content: [{ type: "tool_use", id: `u${i}`, name: name(i), input: {} }] }, "anthropic");
    r.toLlmFacing(name(i));
  }
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.ok(grown < 20e6, `600 unknown 100 KB names left ${(grown / 1e6).toFixed(0)} MB referenced`);
  // A call id or a tool name longer than any provider's is not remembered.
  const long = "i".repeat(300);
  await collect(r.fromProviderStream([{ candidates: [{ content: { parts: [{ functionCall: { id: long, name: A } }] } }] }], "gemini"));
  assert.equal(r.toolForCallId(long), null);
  await collect(r.fromProviderStream([{ candidates: [{ content: { parts: [{ functionCall: { id: "n", name: "x".repeat(2_000_000) } }] } }] }], "gemini"));
  assert.equal(r.toolForCallId("n"), null);
  // The most recent 4096 ids are kept.
  const events = Array.from({ length: 5000 }, (_, i) => ({ candidates: [{ content: { parts: [{ functionCall: { id: `k${i}`, name: A } }] } }] }));
  await collect(r.fromProviderStream(events, "gemini"));
  assert.equal(r.toolForCallId("k0"), null);
  assert.equal(r.toolForCallId("k4999"), "github/create_issue");
});

test("toolDefinitions refuses a name the format's provider refuses, naming the tool and the limit", () => {
  const long = `server__${"t".repeat(73)}`; // 81 characters: Anthropic takes it, OpenAI does not
  assert.equal(toolDefinitions([{ name: long }], "anthropic")[0].name, long);
  for (const format of ["openai-chat", "openai-responses", "gemini", "bedrock-converse"]) {
    assert.throws(() => toolDefinitions([{ name: "ok" }, { name: long }], format), (e) => {
      assert.equal(e.name, "ToolNameError");
      assert.equal(e.code, "UNREPRESENTABLE_TOOL_NAME");
      assert.equal(e.reason, "too_long");
      assert.equal(e.limit, 64);
      assert.equal(e.length, 81);
      return true;
    }, format);
  }
  assert.throws(() => toolDefinitions([{ name: "gh/issue\nIGNORE" }], "anthropic"), (e) => e.reason === "invalid_character" && !e.message.includes("\n"));
  const r = new ToolRegistry(); // the default profile: 128
  r.register(`a/${"b".repeat(79)}`);
  assert.throws(() => toolDefinitions(r.entries().map((e) => ({ name: e.alias })), "openai-chat"), { reason: "too_long" });
});

test("late and hostile iteration: a next() pending at return() walks nothing; a promise whose then throws closes the source", async () => {
  const r = registry();
  const event = { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "late", name: A } };
  let resolve;
  let returned = 0;
  const it = {
    [Symbol.asyncIterator]: () => it,
    next: () => new Promise((res) => (resolve = res)),
    return: async () => ((returned++), { done: true }),
  };
  const s = r.fromProviderStream(it, "anthropic");
  const pending = s.next();
  await s.return();
  resolve({ value: event, done: false });
  assert.deepEqual(await pending, { value: undefined, done: true });
  assert.equal(r.toolForCallId("late"), null, "the late event was not walked");
  assert.equal(returned, 1);
  // A source's promise whose `constructor` getter throws: the source is closed.
  let closed = 0;
  const hostile = Promise.resolve({ value: event, done: false });
  Object.defineProperty(hostile, "constructor", { get() { throw new Error("constructor"); } });
  const it2 = { [Symbol.asyncIterator]: () => it2, next: () => hostile, return: async () => ((closed++), { done: true }) };
  await assert.rejects(collect(r.fromProviderStream(it2, "anthropic")), /constructor/);
  assert.equal(closed, 1);
  // A promise whose own `then` lies: the engine's then reads what it holds, and the event is rewritten.
  const liar = Promise.resolve({ value: event, done: false });
  Object.defineProperty(liar, "then", { value: (ok) => ok({ value: { type: "content_block_start", content_block: { name: "forged" } }, done: false }) });
  let n = 0;
  const it3 = { [Symbol.asyncIterator]: () => it3, next: () => (n++ === 0 ? liar : Promise.resolve({ done: true })) };
  const [got] = await collect(r.fromProviderStream(it3, "anthropic"));
  assert.equal(got.content_block.name, "github/create_issue");
});

test("an id first named with a tool too long to hold, or with a lone surrogate, never takes another tool", async () => {
  const start = (name) => ({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t1", name } });
  for (const first of ["x".repeat(1025), "\uD800"]) {
    const r = tools();
    await collect(r.fromProviderStream([start(first)], "anthropic"));
    await collect(r.fromProviderStream([start("shell__exec")], "anthropic"));
    assert.equal(r.toolForCallId("t1"), null, first.slice(0, 3));
  }
});

test("a call with a function and a custom name is named by the function, parsed and raw alike", async () => {
  const event = { id: "c", choices: [{ index: 0, delta: { tool_calls: [
    { index: 0, id: "call_1", function: { name: "fs__read_file" }, custom: { name: "shell__exec" } },
    { index: 1, id: "call_2", custom: { name: "shell__exec" } },
  ] } }] };
  const parsed = tools();
  await collect(parsed.fromProviderStream([event], "openai-chat"));
  const raw = tools();
  await run(raw, "openai-chat", [bytes(sse([event]))]);
  for (const r of [parsed, raw]) {
    assert.equal(r.toolForCallId("call_1"), "fs/read_file");
    assert.equal(r.toolForCallId("call_2"), "shell/exec");
  }
});

test("a stream of a freed registry throws at its first call event, as before calls were sent in batches", async () => {
  const r = tools();
  const events = [{ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t1", name: "fs__read_file", input: {} } }];
  const stream = r.fromProviderStream(events, "anthropic");
  r.free();
  await assert.rejects(collect(stream), { code: "INVALID_ARGUMENT", reason: "freed" });
});
