// fromProviderStream over recorded event sequences of every format, shaped
// as the providers' SDKs yield them (Anthropic `MessageStreamEvent`,
// OpenAI `ChatCompletionChunk` and `ResponseStreamEvent`, Gemini
// `GenerateContentResponse` chunks, Bedrock `ConverseStreamOutput`):
// several calls at once, names repeated in every chunk and arriving after
// the arguments, arguments that mention a name left alone, deep-frozen
// events never mutated, call ids remembered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ToolRegistry } from "mcp-boundary";

const A = "github__create_issue", B = "mail__add_message";
const ARGS = JSON.stringify({ title: `see ${A}` });
const deepFreeze = (v) => {
  if (v !== null && typeof v === "object") {
    Object.values(v).forEach(deepFreeze);
    Object.freeze(v);
  }
  return v;
};

const RECORDINGS = {
  anthropic: [
    { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", content: [] } },
    { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_1", name: A, input: {} } },
    { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: ARGS } },
    { type: "content_block_stop", index: 0 },
    { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_2", name: B, input: {} } },
    { type: "message_delta", delta: { stop_reason: "tool_use" } },
  ],
  "openai-chat": [
    { id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: A, arguments: "" } }, { index: 1, id: "call_2", type: "function", function: { name: B, arguments: "" } }] } }] },
    { id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ARGS } }] } }] },
    // Some compatible servers repeat the name in every chunk.
    { id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { tool_calls: [{ index: 1, function: { name: B, arguments: "{}" } }] } }] },
    { id: "c", object: "chat.completion.chunk", choices: [{ index: 1, delta: { tool_calls: [{ index: 0, id: "call_3", function: { name: A } }] } }] },
  ],
  "openai-responses": [
    { type: "response.created", sequence_number: 0, response: { id: "r", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: A, arguments: "" } },
    { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 0, delta: ARGS },
    // The name again, after the arguments.
    { type: "response.function_call_arguments.done", item_id: "fc_1", output_index: 0, name: A, arguments: ARGS },
    { type: "response.output_item.done", output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: A, arguments: ARGS } },
    { type: "response.completed", response: { id: "r", output: [{ type: "function_call", id: "fc_1", call_id: "call_1", name: A, arguments: ARGS }, { type: "function_call", id: "fc_2", call_id: "call_2", name: B, arguments: "{}" }] } },
  ],
  gemini: [
    { candidates: [{ content: { role: "model", parts: [{ functionCall: { id: "g1", name: A, args: { title: A } } }, { functionCall: { name: B, args: {} } }] }, index: 0 }] },
    { candidates: [{ content: { role: "model", parts: [{ text: "done" }] }, finishReason: "STOP" }] },
  ],
  "bedrock-converse": [
    { messageStart: { role: "assistant" } },
    { contentBlockStart: { start: { toolUse: { toolUseId: "tu_1", name: A } }, contentBlockIndex: 0 } },
    { contentBlockDelta: { delta: { toolUse: { input: ARGS } }, contentBlockIndex: 0 } },
    { contentBlockStop: { contentBlockIndex: 0 } },
    { messageStop: { stopReason: "tool_use" } },
  ],
};

const CALL_IDS = { anthropic: ["toolu_1", "toolu_2"], "openai-chat": ["call_1", "call_2", "call_3"], "openai-responses": ["call_1", "fc_1", "call_2"], gemini: ["g1"], "bedrock-converse": ["tu_1"] };

async function* from(list) {
  for (const e of list) yield e;
}

for (const [format, events] of Object.entries(RECORDINGS)) {
  test(`${format}: every name in a stream comes back canonical, nothing else changes`, async () => {
    const r = new ToolRegistry();
    r.registerServer("github", ["create_issue"]);
    r.registerServer("mail", ["add_message"]);
    const frozen = deepFreeze(structuredClone(events));
    const out = [];
    for await (const e of r.fromProviderStream(from(frozen), format)) out.push(e);
    assert.equal(out.length, events.length);
    const expected = JSON.parse(JSON.stringify(events).replaceAll(`"name":"${A}"`, '"name":"github/create_issue"').replaceAll(`"name":"${B}"`, '"name":"mail/add_message"'));
    assert.deepEqual(out, expected);
    assert.deepEqual(frozen, events, "the events are not mutated");
    for (const id of CALL_IDS[format]) assert.match(r.toolForCallId(id), /^(github\/create_issue|mail\/add_message)$/, `${format} ${id}`);
    assert.equal(r.toolForCallId("never-seen"), null);
    // A web ReadableStream works too.
    const stream = new ReadableStream({ start(c) { for (const e of frozen) c.enqueue(e); c.close(); } });
    const again = [];
    for await (const e of r.fromProviderStream(stream, format)) again.push(e);
    assert.deepEqual(again, expected);
  });
}

test("the call-id memory is bounded: the most recent ids are kept", async () => {
  const r = new ToolRegistry();
  r.register("github/create_issue");
  const events = Array.from({ length: 5000 }, (_, i) => ({ type: "content_block_start", index: i, content_block: { type: "tool_use", id: `t${i}`, name: A, input: {} } }));
  for await (const _ of r.fromProviderStream(from(events), "anthropic"));
  assert.equal(r.toolForCallId("t4999"), "github/create_issue");
  assert.equal(r.toolForCallId("t0"), null, "the oldest were forgotten");
  await assert.rejects(async () => {
    for await (const _ of r.fromProviderStream(42, "anthropic"));
  }, { code: "INVALID_ARGUMENT" });
});
