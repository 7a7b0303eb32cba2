// A parsed stream's slot parts cross to Rust as values: an integer in one
// word, any other number by its bits. Whichever way a number crosses, the
// call it names pairs exactly as the same events' bytes pair in Rust's own
// JSON reading (fromProviderSse), which is the oracle here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolRegistry } from "mcp-boundary";
import { runSse } from "./stream-data.mjs";

function tools() {
  const r = new ToolRegistry();
  r.registerServer("fs", ["read_file"]);
  return r;
}
const chunk = (call) => ({ id: "c", choices: [{ index: 0, delta: { tool_calls: [call] } }] });
const sse = (events) => new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""));

// Integers on both sides of 32 bits, negative ones, -0, fractions, numbers
// past what a slot holds (15 digits), and values JSON writes as null.
const SLOTS = [0, -0, 1, 2, 3, 7, -3, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 1.5, -0.5, 1e15 - 1, 1e15, 2 ** 53, NaN, Infinity];

test("an id and a name at one numeric slot pair as Rust pairs the same bytes, integer or not", async () => {
  for (const slot of SLOTS) {
    const events = [chunk({ index: slot, id: "call_1", type: "function" }), chunk({ index: slot, function: { name: "fs__read_file", arguments: "{}" } })];
    const parsed = tools();
    for await (const _ of parsed.fromProviderStream(events, "openai-chat"));
    const raw = tools();
    await runSse(raw, "openai-chat", [sse(events)]);
    const want = raw.toolForCallId("call_1");
    assert.equal(parsed.toolForCallId("call_1"), want, `slot ${slot}`);
    // And what that is: a whole number of at most 15 digits pairs; anything else stands alone.
    const pairs = Number.isInteger(slot) && Math.abs(slot) < 1e15;
    assert.equal(want, pairs ? "fs/read_file" : null, `slot ${slot}`);
  }
});

test("an id and a name at two different numeric slots never pair", async () => {
  for (const a of SLOTS) {
    for (const b of SLOTS) {
      if (Object.is(a, b) || a === b) continue; // 0 and -0 are one slot (JSON writes both as 0)
      const events = [chunk({ index: a, id: "call_1", type: "function" }), chunk({ index: b, function: { name: "fs__read_file", arguments: "{}" } })];
      const r = tools();
      for await (const _ of r.fromProviderStream(events, "openai-chat"));
      assert.equal(r.toolForCallId("call_1"), null, `slots ${a} and ${b}`);
    }
  }
});

test("calls at integer slots that differ only past 32 bits stay apart", async () => {
  // 2^32 + 1 is not 1: a part folded to 32 bits would join the two calls.
  const events = [
    chunk({ index: 1, id: "call_1", type: "function" }),
    chunk({ index: 2 ** 32 + 1, function: { name: "fs__read_file", arguments: "{}" } }),
  ];
  const r = tools();
  for await (const _ of r.fromProviderStream(events, "openai-chat"));
  assert.equal(r.toolForCallId("call_1"), null);
});
