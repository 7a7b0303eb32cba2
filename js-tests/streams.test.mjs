// fromProviderStream over the recorded event sequences of every format
// (tests/data/streams.json, which says where each shape is from): several
// calls and choices at once, names repeated in every chunk and arriving
// after the arguments, arguments that mention a name left alone,
// deep-frozen events never mutated, call ids remembered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STREAMS, registry, canonicalEvents, runSse } from "./stream-data.mjs";

const A = "github__create_issue";
const deepFreeze = (v) => {
  if (v !== null && typeof v === "object") {
    Object.values(v).forEach(deepFreeze);
    Object.freeze(v);
  }
  return v;
};
async function* from(list) {
  for (const e of list) yield e;
}
/** `events` as one chunk of text/event-stream bytes, a data line each. */
const sseOf = (events) => [new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""))];

for (const [format, { events, callIds }] of Object.entries(STREAMS.formats)) {
  test(`${format}: every name in a stream comes back canonical, nothing else changes`, async () => {
    const r = registry();
    const frozen = deepFreeze(structuredClone(events));
    const out = [];
    for await (const e of r.fromProviderStream(from(frozen), format)) out.push(e);
    assert.equal(out.length, events.length);
    assert.deepEqual(out, canonicalEvents(format));
    assert.ok(JSON.stringify(out).includes(A), "the arguments still say what they said");
    assert.deepEqual(frozen, events, "the events are not mutated");
    for (const [id, tool] of Object.entries(callIds)) assert.equal(r.toolForCallId(id), tool, `${format} ${id}`);
    assert.equal(r.toolForCallId("never-seen"), null);
    // A web ReadableStream works too.
    const stream = new ReadableStream({ start(c) { for (const e of frozen) c.enqueue(e); c.close(); } });
    const again = [];
    for await (const e of r.fromProviderStream(stream, format)) again.push(e);
    assert.deepEqual(again, out);
    // And a recorded list as it is.
    const listed = [];
    for await (const e of r.fromProviderStream(frozen, format)) listed.push(e);
    assert.deepEqual(listed, out);
  });
}

test("openai-chat: an id and a name met in different chunks of one call are paired; other calls are not", async () => {
  const r = registry();
  const chunk = (choice, call) => ({ choices: [{ index: choice, delta: { tool_calls: [call] } }] });
  const events = [
    chunk(0, { index: 0, id: "early", function: { arguments: "" } }),
    chunk(1, { index: 0, id: "other", function: { arguments: "" } }),
    chunk(0, { index: 0, function: { arguments: "{}" } }),
    chunk(0, { index: 0, function: { name: A } }),
    // No index: a call of its own, which names no tool.
    { choices: [{ index: 0, delta: { tool_calls: [{ id: "alone", function: { arguments: "" } }] } }] },
  ];
  for await (const _ of r.fromProviderStream(from(events), "openai-chat"));
  assert.equal(r.toolForCallId("early"), "github/create_issue");
  assert.equal(r.toolForCallId("other"), null, "choice 1's call has not named its tool");
  assert.equal(r.toolForCallId("alone"), null);
});

test("a call its own event renames answers null by every id, parsed and raw; an empty id or name says nothing", async () => {
  const M = "mail__add_message";
  const chunk = (call) => ({ id: "cmpl-1", choices: [{ index: 0, delta: { tool_calls: [call] } }] });
  const cases = [
    ["openai-responses", [
      { type: "response.output_item.added", output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: A, arguments: "" } },
      { type: "response.function_call_arguments.done", output_index: 0, item_id: "fc_1", name: M, arguments: "{}" },
    ], ["fc_1", "call_1"], null],
    ["openai-chat", [
      chunk({ index: 0, id: "call_0", function: { name: A, arguments: "" } }),
      chunk({ index: 0, function: { name: M } }),
      chunk({ index: 1, id: "call_9", function: { name: A, arguments: "" } }),
      chunk({ index: 1, id: "", function: { name: "", arguments: "{}" } }),
    ], ["call_0"], ["call_9", "github/create_issue"]],
  ];
  for (const [format, events, gone, kept] of cases) {
    const parsed = registry();
    for await (const _ of parsed.fromProviderStream(from(events), format));
    const raw = registry();
    await runSse(raw, format, sseOf(events));
    for (const r of [parsed, raw]) {
      for (const id of gone) assert.equal(r.toolForCallId(id), null, `${format}: ${id} named two tools`);
      if (kept) assert.equal(r.toolForCallId(kept[0]), kept[1], format);
      assert.equal(r.toolForCallId(""), null, `${format}: an empty id`);
    }
  }
});

test("openai-chat: a completion id Rust cannot hold (over 256 UTF-8 bytes, or a lone surrogate) closes the calls at every chunk, as in Rust", async () => {
  for (const completion of ["é".repeat(200), "cmpl-\uD800"]) {
    const chunk = (call) => ({ id: completion, choices: [{ index: 0, delta: { tool_calls: [call] } }] });
    const events = [chunk({ index: 0, id: "call_x", function: { arguments: "" } }), chunk({ index: 0, function: { name: A } })];
    const parsed = registry();
    for await (const _ of parsed.fromProviderStream(from(events), "openai-chat"));
    const raw = registry();
    await runSse(raw, "openai-chat", sseOf(events));
    assert.equal(parsed.toolForCallId("call_x"), null, "parsed events");
    assert.equal(raw.toolForCallId("call_x"), null, "raw text");
  }
});

test("openai-chat: a custom tool's call is rewritten and remembered, beside a function call in the same chunk", async () => {
  const r = registry();
  const delta = (calls) => ({ choices: [{ index: 0, delta: { tool_calls: calls } }] });
  const events = [
    // Id and name together, as the first chunk of a call carries them.
    delta([{ index: 0, id: "call_custom", type: "custom", custom: { name: A, input: "" } }]),
    delta([{ index: 0, custom: { input: "free text naming " + A } }]),
    // Id first, the name in a later chunk; and a function call beside it.
    delta([
      { index: 1, id: "call_later", type: "custom", custom: { input: "" } },
      { index: 2, id: "call_fn", type: "function", function: { name: "mail__add_message", arguments: "" } },
    ]),
    delta([{ index: 1, custom: { name: "mail__add_message" } }]),
  ];
  const out = [];
  for await (const e of r.fromProviderStream(from(events), "openai-chat")) out.push(e);
  assert.equal(out[0].choices[0].delta.tool_calls[0].custom.name, "github/create_issue");
  assert.deepEqual(out[1], events[1], "the input passes as it came");
  assert.equal(r.toolForCallId("call_custom"), "github/create_issue");
  assert.equal(r.toolForCallId("call_later"), "mail/add_message");
  assert.equal(r.toolForCallId("call_fn"), "mail/add_message");
  // The same events as server-sent bytes.
  const sse = registry();
  const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
  const text = await new Response(new Blob([body]).stream().pipeThrough(sse.fromProviderSse("openai-chat"))).text();
  assert.ok(text.includes('"name":"github/create_issue"'));
  assert.equal(sse.toolForCallId("call_custom"), "github/create_issue");
  assert.equal(sse.toolForCallId("call_later"), "mail/add_message");
});

test("gemini Live API: a server message's calls come back canonical and their ids are remembered", async () => {
  // As a Live session's onmessage gets them: a toolCall, then a
  // cancellation that names the call by id only.
  const r = registry();
  const events = [
    { setupComplete: {} },
    { toolCall: { functionCalls: [{ id: "live-1", name: A, args: { title: A } }, { id: "live-2", name: "mail__add_message", args: {} }] } },
    { toolCallCancellation: { ids: ["live-1"] } },
  ];
  const out = [];
  for await (const e of r.fromProviderStream(from(events), "gemini")) out.push(e);
  assert.deepEqual(out[1].toolCall.functionCalls.map((c) => c.name), ["github/create_issue", "mail/add_message"]);
  assert.equal(out[1].toolCall.functionCalls[0].args.title, A, "arguments as they were");
  assert.deepEqual(out[2], events[2]);
  assert.equal(r.toolForCallId("live-1"), "github/create_issue");
  assert.equal(r.toolForCallId("live-2"), "mail/add_message");
  // And the answer goes back under the alias.
  const answer = r.toProvider({ functionResponses: [{ id: "live-1", name: "github/create_issue", response: {} }] }, "gemini");
  assert.equal(answer.functionResponses[0].name, A);
});

test("openai-responses: a custom tool's call is remembered by its call_id and item id", async () => {
  const r = registry();
  const events = [
    { type: "response.output_item.added", output_index: 0, item: { type: "custom_tool_call", id: "ctc_1", call_id: "call_c", name: A, input: "" } },
    { type: "response.custom_tool_call_input.delta", output_index: 0, item_id: "ctc_1", delta: "hi" },
    { type: "response.completed", response: { output: [{ type: "custom_tool_call", id: "ctc_2", call_id: "call_d", name: "mail__add_message", input: "x" }] } },
  ];
  const out = [];
  for await (const e of r.fromProviderStream(from(events), "openai-responses")) out.push(e);
  assert.equal(out[0].item.name, "github/create_issue");
  assert.equal(r.toolForCallId("call_c"), "github/create_issue");
  assert.equal(r.toolForCallId("ctc_1"), "github/create_issue");
  assert.equal(r.toolForCallId("call_d"), "mail/add_message");
});

test("the call-id memory is bounded: the most recent ids are kept", async () => {
  const r = registry();
  const events = Array.from({ length: 5000 }, (_, i) => ({ type: "content_block_start", index: i, content_block: { type: "tool_use", id: `t${i}`, name: A, input: {} } }));
  for await (const _ of r.fromProviderStream(from(events), "anthropic"));
  assert.equal(r.toolForCallId("t4999"), "github/create_issue");
  assert.equal(r.toolForCallId("t0"), null, "the oldest were forgotten");
  await assert.rejects(async () => {
    for await (const _ of r.fromProviderStream(42, "anthropic"));
  }, { code: "INVALID_ARGUMENT" });
  await assert.rejects(async () => {
    for await (const _ of r.fromProviderStream("events", "anthropic"));
  }, { code: "INVALID_ARGUMENT" });
  await assert.rejects(async () => {
    for await (const _ of r.fromProviderStream(from([]), "openai"));
  }, { code: "INVALID_ARGUMENT" });
});
