// A parsed stream names each tool it has named before by its number
// (js/api/streams.js and src/bindings/wasm/stream.rs keep the same
// numbering, up to Limit.MaxStreamTools tools a stream): every call's id
// still leads to its own tool, for tools named once, named again, and
// named past the numbered ones; for registered and unknown names; and
// for an id and a name met in different chunks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolRegistry } from "mcp-boundary";

const chunk = (id, call) => ({ id, object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }] });
async function* from(list) {
  for (const e of list) yield e;
}

test("openai-chat: more tools in one stream than it numbers, each named several times, every id kept with its own tool", async () => {
  const registry = new ToolRegistry();
  const count = 150; // past any numbering bound the binding has (64 today)
  const tools = Array.from({ length: count }, (_, t) => `srv${t % 7}/tool_${t}`);
  for (const t of tools) registry.register(t);
  const alias = (t) => registry.toLlmFacing(t);
  const events = [];
  const want = new Map();
  let call = 0;
  // Three rounds over every tool (one completion: one scope), then a
  // tool named in one chunk and its id in the next, then unknown names.
  for (let round = 0; round < 3; round++) {
    for (let t = 0; t < count; t++) {
      const id = `call_${round}_${t}`;
      const name = t % 11 === 0 ? `unknown_${t}` : alias(tools[t]);
      events.push(chunk("c1", { index: call++, id, type: "function", function: { name, arguments: "{}" } }));
      want.set(id, t % 11 === 0 ? name : tools[t]);
    }
  }
  events.push(chunk("c1", { index: call, type: "function", function: { name: alias(tools[3]), arguments: "" } }));
  events.push(chunk("c1", { index: call, id: "call_split", function: { arguments: "{}" } }));
  want.set("call_split", tools[3]);
  const out = [];
  for await (const e of registry.fromProviderStream(from(events), "openai-chat")) out.push(e);
  assert.equal(out.length, events.length);
  for (const [id, tool] of want) assert.equal(registry.toolForCallId(id), tool, id);
});

test("two streams at once number their tools apart", async () => {
  const registry = new ToolRegistry();
  registry.registerServer("a", ["x", "y"]);
  const [ax, ay] = ["a/x", "a/y"].map((t) => registry.toLlmFacing(t));
  // Stream one names x then y; stream two names y then x: each number means its own stream's tool.
  const one = [chunk("c1", { index: 0, id: "one_0", function: { name: ax } }), chunk("c1", { index: 1, id: "one_1", function: { name: ay } }), chunk("c1", { index: 2, id: "one_2", function: { name: ax } })];
  const two = [chunk("c2", { index: 0, id: "two_0", function: { name: ay } }), chunk("c2", { index: 1, id: "two_1", function: { name: ax } }), chunk("c2", { index: 2, id: "two_2", function: { name: ay } })];
  const i1 = registry.fromProviderStream(from(one), "openai-chat")[Symbol.asyncIterator]();
  const i2 = registry.fromProviderStream(from(two), "openai-chat")[Symbol.asyncIterator]();
  for (let k = 0; k < 4; k++) {
    await i1.next();
    await i2.next();
  }
  const want = { one_0: "a/x", one_1: "a/y", one_2: "a/x", two_0: "a/y", two_1: "a/x", two_2: "a/y" };
  for (const [id, tool] of Object.entries(want)) assert.equal(registry.toolForCallId(id), tool, id);
});
