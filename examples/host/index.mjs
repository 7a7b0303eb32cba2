#!/usr/bin/env node
// A multi-server MCP host on the official SDK's client: `node examples/host/index.mjs [--db file]`.
//
// It starts two MCP servers over stdio (the mailbox server and a small
// "team" gateway) and connects them to a ToolRouter, which lists every
// page of their tools and registers them as `server/tool` (a hashed alias
// for a name over 64 characters, a colliding name skipped and reported).
// Then it plays the host's loop against recorded model output: a whole
// OpenAI response mapped back and routed, one streamed answer in each of
// the five provider formats (the calls' names come back canonical and each
// call id names its tool), and the raw text/event-stream bytes of an
// OpenAI stream rewritten as a gateway would proxy them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolRouter } from "mcp-boundary/mcp";

const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const dbArg = process.argv.indexOf("--db");
const scratch = dbArg < 0 ? mkdtempSync(join(tmpdir(), "mcp-host-")) : null;
const dbFile = dbArg < 0 ? join(scratch, "mailbox.sqlite") : process.argv[dbArg + 1];
const step = (title) => console.log(`\n== Host: ${title}`);
const short = (text) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

// The host's configuration names each server; tools are registered as `server/tool`.
const SERVERS = {
  mailbox: { command: process.execPath, args: [here("../mailbox-server/index.mjs"), "--db", dbFile] },
  team: { command: process.execPath, args: [here("team-server.mjs")] },
};

step("connecting the servers to a ToolRouter");
// The strictest provider profile (64 characters), so one set of aliases
// serves every format; names over it are hashed, collisions skipped.
const router = new ToolRouter({ profile: "openai", overflow: "hash", onCollision: "skip" });
const clients = [];
for (const [name, params] of Object.entries(SERVERS)) {
  const client = new Client({ name: "mcp-boundary-example-host", version: "0.1.0" });
  await client.connect(new StdioClientTransport({ ...params, stderr: "inherit" }));
  clients.push(client);
  const { refused, unrepresentable } = await router.addServer(name, client);
  for (const r of refused) console.log(`${name}: ${r.canonical} skipped (its alias ${r.alias} belongs to ${r.existing})`);
  for (const u of unrepresentable) console.log(`${name}: a tool skipped (${u.reason}: no alias can stand for its name)`);
}
for (const { canonical, alias, hashed } of router.registry.entries()) {
  console.log(`${canonical}${alias === canonical ? "" : `\n    -> ${alias}${hashed ? `  (hashed: ${canonical.length} characters do not fit 64)` : ""}`}`);
}

step("the tool definitions each provider receives");
for (const format of ["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock-converse"]) {
  const tools = router.tools(format);
  console.log(`${format}: ${tools.length} tools, the first ${JSON.stringify(tools[0]).slice(0, 110)}…`);
}

step("a recorded OpenAI response calls tools by their aliases; each is routed to its server");
const alias = (canonical) => router.registry.toLlmFacing(canonical);
const LONG = "team/summarize_every_document_in_the_workspace_and_rank_them_by_relevance";
const call = (id, name, args) => ({ id, type: "function", function: { name, arguments: JSON.stringify(args) } });
const response = {
  id: "chatcmpl-recorded",
  object: "chat.completion",
  choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [
    call("call_1", "mailbox__register_agent", { id: "@host" }),
    call("call_2", "mailbox__register_agent", { id: "@neo-gpt" }),
    call("call_3", "mailbox__add_message", { from: "@host", to: "AGENT:*", subject: "build", body: "green" }),
    call("call_4", "mailbox__add_message", { from: "@host", to: "AGENT:gpt", subject: "build", body: "green" }),
    call("call_5", alias(LONG), { query: "release notes" }),
    call("call_6", "no_such_tool", {}),
  ] } }],
};
for (const c of router.registry.fromProvider(response, "openai-chat").choices[0].message.tool_calls) {
  try {
    const result = await router.callTool(c.function.name, JSON.parse(c.function.arguments));
    console.log(`${c.id}: ${c.function.name}\n    -> ${result.isError ? "isError " : ""}${short(result.content[0].text)}`);
  } catch (e) {
    // An unknown name: the MCP error for it, which does not repeat the name.
    console.log(`${c.id}: ${c.function.name}\n    -> ${e.code} ${e.message} ${JSON.stringify(e.data)}`);
  }
}

step("one recorded stream per provider format: names back canonical, each call id names its tool");
// Each as that provider's SDK yields it: a call to unread_count, its
// arguments streamed after the name.
const ARGS = JSON.stringify({ agent: "@neo-gpt" });
const UNREAD = "mailbox__unread_count";
const RECORDED = {
  anthropic: [
    { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", content: [] } },
    { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_1", name: UNREAD, input: {} } },
    { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: ARGS } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "tool_use" } },
  ],
  "openai-chat": [
    { id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_s1", type: "function", function: { name: UNREAD, arguments: "" } }] } }] },
    { id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ARGS } }] } }] },
    { id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
  ],
  "openai-responses": [
    { type: "response.output_item.added", output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_r1", name: UNREAD, arguments: "" } },
    { type: "response.function_call_arguments.delta", item_id: "fc_1", output_index: 0, delta: ARGS },
    { type: "response.function_call_arguments.done", item_id: "fc_1", output_index: 0, name: UNREAD, arguments: ARGS },
  ],
  gemini: [{ candidates: [{ content: { role: "model", parts: [{ functionCall: { id: "g_1", name: UNREAD, args: JSON.parse(ARGS) } }] }, finishReason: "STOP" }] }],
  "bedrock-converse": [
    { contentBlockStart: { start: { toolUse: { toolUseId: "tu_1", name: UNREAD } }, contentBlockIndex: 0 } },
    { contentBlockDelta: { delta: { toolUse: { input: ARGS } }, contentBlockIndex: 0 } },
    { contentBlockStop: { contentBlockIndex: 0 } },
  ],
};
const CALL_IDS = { anthropic: "toolu_1", "openai-chat": "call_s1", "openai-responses": "call_r1", gemini: "g_1", "bedrock-converse": "tu_1" };
async function* replay(events) {
  for (const e of events) yield e;
}
const namesIn = (event) => [...JSON.stringify(event).matchAll(/"name":"([^"]+)"/g)].map((m) => m[1]);
for (const [format, events] of Object.entries(RECORDED)) {
  const names = new Set();
  for await (const event of router.registry.fromProviderStream(replay(events), format)) for (const n of namesIn(event)) names.add(n);
  const id = CALL_IDS[format];
  const tool = router.registry.toolForCallId(id);
  const result = await router.callTool(tool, JSON.parse(ARGS));
  console.log(`${format}: names ${[...names].join(", ")}; ${id} -> ${tool}\n    -> ${result.content[0].text}`);
}

step("the raw text/event-stream of an OpenAI stream, proxied byte for byte");
// As a gateway reads it from the network: chunks that split events, lines
// and the CRLF between them.
const sse = RECORDED["openai-chat"].map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join("") + "data: [DONE]\r\n\r\n";
const bytes = new TextEncoder().encode(sse);
const network = new ReadableStream({
  start(controller) {
    for (let at = 0; at < bytes.length; at += 37) controller.enqueue(bytes.slice(at, at + 37));
    controller.close();
  },
});
let proxied = "";
const decoder = new TextDecoder();
for await (const chunk of network.pipeThrough(router.registry.fromProviderSse("openai-chat"))) proxied += decoder.decode(chunk, { stream: true });
const changed = proxied.split("\r\n").filter((line, i) => line !== sse.split("\r\n")[i]);
console.log(`${bytes.length} bytes in, ${new TextEncoder().encode(proxied).length} out; the lines that changed:`);
for (const line of changed) console.log(`    ${line}`);
console.log(`the same bytes otherwise: ${proxied === sse.replaceAll(`"name":"${UNREAD}"`, '"name":"mailbox/unread_count"')}`);

for (const client of clients) await client.close();
if (scratch) rmSync(scratch, { recursive: true, force: true });
