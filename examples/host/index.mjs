#!/usr/bin/env node
// A multi-server MCP host on the official SDK's client: `node examples/host/index.mjs [--db file]`.
//
// It starts two MCP servers over stdio (the mailbox server and a small
// "team" gateway), lists their tools, registers them in a ToolRegistry as
// `server/tool`, builds the tool lists the Anthropic and OpenAI APIs accept
// (a hashed alias for a name over 64 characters, a collision refused), then
// takes a recorded model response that calls tools by their aliases, maps
// it back with fromProvider, and calls the right tool on the right server;
// then does the same through a ToolRouter, with a recorded stream.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolRegistry, ToolNameError } from "mcp-boundary";
import { ToolRouter } from "mcp-boundary/mcp";

const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const dbArg = process.argv.indexOf("--db");
const scratch = dbArg < 0 ? mkdtempSync(join(tmpdir(), "mcp-host-")) : null;
const dbFile = dbArg < 0 ? join(scratch, "mailbox.sqlite") : process.argv[dbArg + 1];
const step = (title) => console.log(`\n== Host: ${title}`);

// The host's configuration names each server; tools are registered as `server/tool`.
const SERVERS = {
  team__mailbox: { command: process.execPath, args: [here("../mailbox-server/index.mjs"), "--db", dbFile] },
  team: { command: process.execPath, args: [here("team-server.mjs")] },
};

step("starting the servers over stdio");
const clients = {};
const tools = {};
for (const [name, params] of Object.entries(SERVERS)) {
  const client = new Client({ name: "mcp-boundary-example-host", version: "0.1.0" });
  await client.connect(new StdioClientTransport({ ...params, stderr: "inherit" }));
  clients[name] = client;
  tools[name] = (await client.listTools()).tools;
  console.log(`${name}: ${tools[name].map((t) => t.name).join(", ")}`);
}

step("registering every tool as server/tool, per provider profile");
const registries = { anthropic: new ToolRegistry({ profile: "anthropic" }), openai: new ToolRegistry({ profile: "openai", overflow: "hash" }) };
const offered = { anthropic: [], openai: [] };
for (const [profile, registry] of Object.entries(registries)) {
  for (const [server, list] of Object.entries(tools)) {
    for (const tool of list) {
      const canonical = `${server}/${tool.name}`;
      try {
        const alias = registry.register(canonical);
        offered[profile].push(tool.name === canonical ? tool : { ...tool, name: canonical });
        if (alias !== canonical.replaceAll("/", "__")) console.log(`[${profile}] ${canonical}\n    -> ${alias}  (hashed: ${canonical.length + 1} characters do not fit 64)`);
      } catch (e) {
        if (!(e instanceof ToolNameError)) throw e;
        console.log(`[${profile}] ${canonical} refused: ${e.code}\n    ${e.message}`);
      }
    }
  }
}

step("the tool lists each provider receives (names only)");
const anthropicRequest = registries.anthropic.toProvider(
  { model: "claude-sonnet-4-5", max_tokens: 1024, tools: offered.anthropic.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })), messages: [{ role: "user", content: "Tell everyone the build is green." }] },
  "anthropic",
);
const openaiRequest = registries.openai.toProvider(
  { model: "gpt-4.1", tools: offered.openai.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.inputSchema } })), messages: [{ role: "user", content: "Tell everyone the build is green." }] },
  "openai-chat",
);
console.log(`anthropic: ${anthropicRequest.tools.map((t) => t.name).join(", ")}`);
console.log(`openai:    ${openaiRequest.tools.map((t) => t.function.name).join(", ")}`);

step("a recorded OpenAI response calls tools by their aliases");
const openai = registries.openai;
const response = {
  id: "chatcmpl-recorded",
  object: "chat.completion",
  choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [
    { id: "call_1", type: "function", function: { name: "team__mailbox__register_agent", arguments: JSON.stringify({ id: "@host" }) } },
    { id: "call_2", type: "function", function: { name: "team__mailbox__register_agent", arguments: JSON.stringify({ id: "@neo-gpt" }) } },
    { id: "call_3", type: "function", function: { name: "team__mailbox__add_message", arguments: JSON.stringify({ from: "@host", to: "AGENT:*", subject: "build", body: "green" }) } },
    { id: "call_4", type: "function", function: { name: "team__mailbox__add_message", arguments: JSON.stringify({ from: "@host", to: "AGENT:gpt", subject: "build", body: "green" }) } },
    { id: "call_5", type: "function", function: { name: openai.toLlmFacing(`team/summarize_every_document_in_the_workspace_and_rank_them_by_relevance`), arguments: JSON.stringify({ query: "release notes" }) } },
    { id: "call_6", type: "function", function: { name: "team__mailbox__unread_count", arguments: JSON.stringify({ agent: "@neo-gpt" }) } },
  ] } }],
};
const mapped = openai.fromProvider(response, "openai-chat");
for (const call of mapped.choices[0].message.tool_calls) {
  const canonical = call.function.name;
  const slash = canonical.indexOf("/");
  const [server, tool] = [canonical.slice(0, slash), canonical.slice(slash + 1)];
  const result = await clients[server].callTool({ name: tool, arguments: JSON.parse(call.function.arguments) });
  const text = result.content[0].text;
  console.log(`${call.id}: ${canonical}\n    -> ${result.isError ? "isError " : ""}${text.length > 400 ? `${text.slice(0, 400)}…` : text}`);
}

step("the same servers through a ToolRouter, and a recorded Anthropic stream");
// ToolRouter does the glue above in one place: every page of each server's
// tools, collisions skipped and reported, the provider's tool shape, and a
// call routed back by alias. Streams come back with canonical names, and
// the call id says which tool was called.
const router = new ToolRouter({ profile: "anthropic" });
for (const [name, client] of Object.entries(clients)) {
  const { refused } = await router.addServer(name, client);
  for (const r of refused) console.log(`${name}: ${r.canonical} skipped (its alias ${r.alias} belongs to ${r.existing})`);
}
console.log(`anthropic tools: ${router.tools("anthropic").map((t) => t.name).join(", ")}`);
async function* recordedStream() {
  yield { type: "message_start", message: { id: "msg_rec", type: "message", role: "assistant", content: [] } };
  yield { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_rec", name: "team__mailbox__unread_count", input: {} } };
  yield { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify({ agent: "@neo-gpt" }) } };
  yield { type: "content_block_stop", index: 0 };
  yield { type: "message_delta", delta: { stop_reason: "tool_use" } };
}
let input = "";
for await (const event of router.registry.fromProviderStream(recordedStream(), "anthropic")) {
  if (event.type === "content_block_start") console.log(`stream: tool_use ${event.content_block.id} -> ${event.content_block.name}`);
  if (event.type === "content_block_delta") input += event.delta.partial_json;
}
const streamed = router.registry.toolForCallId("toolu_rec");
const answer = await router.callTool(streamed, JSON.parse(input));
console.log(`toolu_rec: ${streamed}\n    -> ${answer.content[0].text}`);

for (const client of Object.values(clients)) await client.close();
if (scratch) rmSync(scratch, { recursive: true, force: true });
