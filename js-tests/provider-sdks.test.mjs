// The provider SDKs as hosts have them: each SDK parses the recorded
// responses and streams (tests/data/streams.json, served by a stand-in
// fetch or request handler, so nothing leaves the machine), and what it
// yields goes through fromProvider / fromProviderStream. The events an SDK
// makes must come back as the recorded events do.
import { test } from "node:test";
import assert from "node:assert/strict";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { GoogleGenAI } from "@google/genai";
import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from "@aws-sdk/client-bedrock-runtime";
// The Bedrock client's own event-stream codec, to frame the recorded
// stream as AWS sends it (a declared dev dependency, at the version the
// client uses).
import { EventStreamCodec } from "@smithy/core/event-streams";
import { Readable } from "node:stream";
import { STREAMS, registry, canonicalEvents, sseText } from "./stream-data.mjs";

const A = "github__create_issue";
const served = (body, type) => async () => new Response(body, { status: 200, headers: { "content-type": type } });
const sse = (format) => served(sseText(format), "text/event-stream");
const json = (value) => served(JSON.stringify(value), "application/json");
async function collect(iterable) {
  const out = [];
  for await (const e of iterable) out.push(e);
  return out;
}
function assertCallIds(r, format) {
  for (const [id, tool] of Object.entries(STREAMS.formats[format].callIds)) assert.equal(r.toolForCallId(id), tool, `${format} ${id}`);
}

test("Anthropic SDK: a create() stream and a messages.stream() helper's events come back canonical", async () => {
  const r = registry();
  const raw = await new Anthropic({ apiKey: "k", fetch: sse("anthropic") }).messages.create({ model: "m", max_tokens: 1, messages: [], stream: true });
  assert.deepEqual(JSON.parse(JSON.stringify(await collect(r.fromProviderStream(raw, "anthropic")))), canonicalEvents("anthropic"));
  assertCallIds(r, "anthropic");
  // The helper builds its message from the events it parsed, before the
  // rewrite: its finalMessage() goes through fromProvider.
  const helper = new Anthropic({ apiKey: "k", fetch: sse("anthropic") }).messages.stream({ model: "m", max_tokens: 1, messages: [] });
  const events = await collect(r.fromProviderStream(helper, "anthropic"));
  assert.deepEqual(events.filter((e) => e.type === "content_block_start").map((e) => e.content_block.name ?? null), [null, "github/create_issue", "mail/add_message"]);
  const final = await helper.finalMessage();
  assert.equal(final.content[1].name, A);
  assert.deepEqual(r.fromProvider(final, "anthropic").content.map((b) => b.name ?? null), [null, "github/create_issue", "mail/add_message"]);
});

test("Anthropic SDK: a Message as create() returns it", async () => {
  const message = { id: "msg_1", type: "message", role: "assistant", model: "m", content: [{ type: "tool_use", id: "toolu_9", name: A, input: { title: A } }], stop_reason: "tool_use", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
  const got = await new Anthropic({ apiKey: "k", fetch: json(message) }).messages.create({ model: "m", max_tokens: 1, messages: [] });
  const back = registry().fromProvider(got, "anthropic");
  assert.equal(back.content[0].name, "github/create_issue");
  assert.deepEqual(back.content[0].input, { title: A }, "arguments are the model's own");
});

test("OpenAI SDK: Chat Completions and Responses streams come back canonical", async () => {
  for (const [format, call] of [
    ["openai-chat", (c) => c.chat.completions.create({ model: "m", messages: [], stream: true })],
    ["openai-responses", (c) => c.responses.create({ model: "m", input: "x", stream: true })],
  ]) {
    const r = registry();
    const stream = await call(new OpenAI({ apiKey: "k", fetch: sse(format) }));
    assert.deepEqual(JSON.parse(JSON.stringify(await collect(r.fromProviderStream(stream, format)))), canonicalEvents(format), format);
    assertCallIds(r, format);
  }
});

test("OpenAI SDK: a chat completion and a response as create() returns them", async () => {
  const completion = { id: "c", object: "chat.completion", created: 1, model: "m", choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: A, arguments: "{}" } }] } }] };
  const chat = await new OpenAI({ apiKey: "k", fetch: json(completion) }).chat.completions.create({ model: "m", messages: [] });
  assert.equal(registry().fromProvider(chat, "openai-chat").choices[0].message.tool_calls[0].function.name, "github/create_issue");
  const response = { id: "resp_1", object: "response", created_at: 1, status: "completed", model: "m", output: [{ type: "function_call", id: "fc_1", call_id: "call_2", name: A, arguments: "{}", status: "completed" }] };
  const got = await new OpenAI({ apiKey: "k", fetch: json(response) }).responses.create({ model: "m", input: "x" });
  const back = registry().fromProvider(got, "openai-responses");
  assert.equal(back.output[0].name, "github/create_issue");
  assert.equal(typeof back.output_text, "string", "the SDK's own output_text is kept");
});

test("Google GenAI SDK: a stream and a response keep their class, and functionCalls reads canonical names", async () => {
  const r = registry();
  const saved = globalThis.fetch;
  try {
    globalThis.fetch = sse("gemini");
    const ai = new GoogleGenAI({ apiKey: "k" });
    const events = await collect(r.fromProviderStream(await ai.models.generateContentStream({ model: "m", contents: "x" }), "gemini"));
    assert.equal(events.length, STREAMS.formats.gemini.events.length);
    assert.equal(events[0].constructor.name, "GenerateContentResponse");
    assert.deepEqual(events.flatMap((e) => e.functionCalls ?? []).map((c) => c.name), ["github/create_issue", "mail/add_message"]);
    assertCallIds(r, "gemini");
    globalThis.fetch = json({ candidates: [{ index: 0, content: { role: "model", parts: [{ functionCall: { id: "g9", name: A, args: { t: A } } }] } }] });
    const response = r.fromProvider(await ai.models.generateContent({ model: "m", contents: "x" }), "gemini");
    assert.deepEqual(response.functionCalls, [{ id: "g9", name: "github/create_issue", args: { t: A } }]);
  } finally {
    globalThis.fetch = saved;
  }
});

test("Bedrock Runtime SDK: a Converse response and a ConverseStream's events come back canonical", async () => {
  const utf8 = { toUtf8: (b) => new TextDecoder().decode(b), fromUtf8: (s) => new TextEncoder().encode(s) };
  const codec = new EventStreamCodec(utf8.toUtf8, utf8.fromUtf8);
  // The AWS event-stream framing: one binary message per event, named by its header.
  const frames = STREAMS.formats["bedrock-converse"].events.map((e) => {
    const [type] = Object.keys(e);
    return codec.encode({
      headers: { ":event-type": { type: "string", value: type }, ":message-type": { type: "string", value: "event" }, ":content-type": { type: "string", value: "application/json" } },
      body: utf8.fromUtf8(JSON.stringify(e[type])),
    });
  });
  const answer = (body, type) => ({
    handle: async () => ({ response: { statusCode: 200, headers: { "content-type": type }, body } }),
  });
  const client = (handler) => new BedrockRuntimeClient({ region: "us-east-1", credentials: { accessKeyId: "a", secretAccessKey: "s" }, requestHandler: handler });
  const r = registry();
  const streamed = await client(answer(Readable.from(frames.map((f) => Buffer.from(f))), "application/vnd.amazon.eventstream")).send(new ConverseStreamCommand({ modelId: "m", messages: [] }));
  const events = await collect(r.fromProviderStream(streamed.stream, "bedrock-converse"));
  assert.deepEqual(JSON.parse(JSON.stringify(events)), canonicalEvents("bedrock-converse"));
  assertCallIds(r, "bedrock-converse");
  const body = JSON.stringify({ output: { message: { role: "assistant", content: [{ toolUse: { toolUseId: "tu_9", name: A, input: { t: A } } }] } }, stopReason: "tool_use", usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, metrics: { latencyMs: 1 } });
  const converse = await client(answer(Readable.from([Buffer.from(body)]), "application/json")).send(new ConverseCommand({ modelId: "m", messages: [] }));
  const back = r.fromProvider(converse, "bedrock-converse");
  assert.deepEqual(back.output.message.content[0].toolUse, { toolUseId: "tu_9", name: "github/create_issue", input: { t: A } });
});
