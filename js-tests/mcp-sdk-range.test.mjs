// protectServer reaches into the SDK's tools/call flow, so the package pins
// each line's range in its peer dependencies and tests both ends: the
// highest is the SDK the other tests use (checked here to be the newest
// minor under the range's bound); the lowest (v1 installed as `sdk-lowest`,
// v2 as `server-lowest` and `client-lowest`) runs here, in a directory where
// it is the SDK the project has.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, mkdirSync, readFileSync, symlinkSync, writeFileSync, rmSync, realpathSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve("mcp-boundary/package.json")), "..");
const peers = require("mcp-boundary/package.json").peerDependencies;
const range = peers["@modelcontextprotocol/sdk"];
/** The bounds of a peer range `>=a.b.c <x.y.0`: the lowest version, and the bound's [major, minor]. */
function bounds(range) {
  const match = range.match(/^>=\s*(\d+\.\d+\.\d+)\s+<\s*(\d+)\.(\d+)\.0$/);
  assert.ok(match, `a range of the form >=a.b.c <x.y.0: ${range}`);
  return { lowest: match[1], below: [Number(match[2]), Number(match[3])] };
}
/** Asserts that the installed `name` is the newest minor under its range's bound (a.b.x for <a.(b+1).0), the highest end tested. */
function assertHighestTested(name) {
  const { lowest, below } = bounds(peers[name]);
  const version = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version;
  const [major, minor] = version.split(".").map(Number);
  assert.deepEqual([major, minor + 1], below, `${name} ${version} is the newest minor under ${peers[name]}: bump the range with the SDK the tests use`);
  const [v, l] = [version, lowest].map((x) => x.split(".").map(Number));
  const order = v[0] - l[0] || v[1] - l[1] || v[2] - l[2];
  assert.ok(order >= 0, `${name} ${version} is within ${peers[name]}`);
}

const scenario = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { protectServer } from "mcp-boundary/mcp";
const MARK = "SK-LIVE-7f3a";
const server = protectServer(new McpServer({ name: "range", version: "1" }));
server.registerTool("send", { inputSchema: { priority: z.enum(["low", "high"]), meta: z.record(z.string(), z.number()).optional() } }, async ({ priority }) => {
  if (priority === "high") throw new Error("no such user " + MARK);
  return { content: [{ type: "text", text: "sent " + priority }] };
});
const [a, b] = InMemoryTransport.createLinkedPair();
await server.connect(a);
const client = new Client({ name: "c", version: "1" });
await client.connect(b);
const answers = [];
for (const args of [{ priority: MARK }, { priority: "low", meta: { [MARK]: "x" } }, { priority: "high" }, { priority: "low" }]) {
  answers.push(await client.callTool({ name: "send", arguments: args }));
}
try { await client.callTool({ name: MARK, arguments: {} }); } catch (e) { answers.push({ code: e.code, message: e.message, data: e.data }); }
const version = JSON.parse(readFileSync(new URL("./node_modules/@modelcontextprotocol/sdk/package.json", import.meta.url), "utf8")).version;
console.log(JSON.stringify({ version, answers }));
`;

test(`the lowest SDK of the peer range (${range}) is protected the same way`, () => {
  const dir = mkdtempSync(join(tmpdir(), "sdk-lowest-"));
  try {
    const modules = join(dir, "node_modules");
    mkdirSync(join(modules, "@modelcontextprotocol"), { recursive: true });
    symlinkSync(realpathSync(join(root, "node_modules", "sdk-lowest")), join(modules, "@modelcontextprotocol", "sdk"));
    symlinkSync(realpathSync(join(root, "node_modules", "zod")), join(modules, "zod"));
    // A copy, not a link: the package must find this directory's SDK.
    cpSync(realpathSync(join(root, "pkg")), join(modules, "mcp-boundary"), { recursive: true });
    writeFileSync(join(dir, "scenario.mjs"), scenario);
    const { version, answers } = JSON.parse(execFileSync(process.execPath, [join(dir, "scenario.mjs")], { cwd: dir, encoding: "utf8" }));
    assert.equal(version, bounds(range).lowest, "the lowest version of the range ran");
    const text = JSON.stringify(answers);
    assert.ok(!text.includes("SK-LIVE-7f3a"), text);
    assert.equal(answers[0].structuredContent.error.message, "must be one of low, high");
    assert.equal(answers[1].structuredContent.error.field, "meta");
    assert.equal(answers[2].content[0].text, "tool send failed");
    assert.equal(answers[3].content[0].text, "sent low");
    assert.equal(answers[4].code, -32602);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(`the installed v1 SDK is the highest end of its peer range (${range})`, () => {
  assertHighestTested("@modelcontextprotocol/sdk");
});

// v2: the same calls to a protected v2 McpServer with a Zod 4 schema, by
// the v2 Client in memory (2025-11-25) and over 2026-07-28 through the
// handler factory, a server built per request.
const scenarioV2 = `
import { McpServer, InMemoryTransport, createMcpHandler } from "@modelcontextprotocol/server";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod";
import { protectServer } from "mcp-boundary/mcp";
const MARK = "SK-LIVE-7f3a";
function build() {
  const server = protectServer(new McpServer({ name: "range", version: "1" }));
  server.registerTool("send", { inputSchema: z.object({ priority: z.enum(["low", "high"]), meta: z.record(z.string(), z.number()).optional() }) }, async ({ priority }) => {
    if (priority === "high") throw new Error("no such user " + MARK);
    return { content: [{ type: "text", text: "sent " + priority }] };
  });
  return server;
}
async function inMemory() {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await build().connect(a);
  const client = new Client({ name: "c", version: "1" });
  await client.connect(b);
  return client;
}
async function stateless() {
  const handler = createMcpHandler(() => build());
  const client = new Client({ name: "c", version: "1" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://in-process/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
  return client;
}
const runs = {};
for (const [how, connect] of Object.entries({ inMemory, stateless })) {
  const client = await connect();
  const answers = [];
  for (const args of [{ priority: MARK }, { priority: "low", meta: { [MARK]: "x" } }, { priority: "high" }, { priority: "low" }]) {
    answers.push(await client.callTool({ name: "send", arguments: args }));
  }
  try { await client.callTool({ name: MARK, arguments: {} }); } catch (e) { answers.push({ code: e.code, message: e.message, data: e.data }); }
  runs[how] = { protocol: client.getNegotiatedProtocolVersion(), answers };
  await client.close();
}
const version = (name) => JSON.parse(readFileSync(new URL("./node_modules/" + name + "/package.json", import.meta.url), "utf8")).version;
// The core the server loads: resolved from where the server is.
const core = JSON.parse(readFileSync(join(dirname(createRequire(fileURLToPath(import.meta.resolve("@modelcontextprotocol/server"))).resolve("@modelcontextprotocol/core")), "..", "package.json"), "utf8")).version;
console.log(JSON.stringify({ server: version("@modelcontextprotocol/server"), client: version("@modelcontextprotocol/client"), core, runs }));
`;

test(`the lowest v2 SDK of the peer range (server ${peers["@modelcontextprotocol/server"]}, client ${peers["@modelcontextprotocol/client"]}) is protected the same way`, () => {
  const dir = mkdtempSync(join(tmpdir(), "sdk-v2-lowest-"));
  try {
    const modules = join(dir, "node_modules");
    mkdirSync(join(modules, "@modelcontextprotocol"), { recursive: true });
    // server-lowest and client-lowest each have their own core (2.0.0), where npm put it.
    const server = realpathSync(join(root, "node_modules", "server-lowest"));
    symlinkSync(server, join(modules, "@modelcontextprotocol", "server"));
    symlinkSync(realpathSync(join(root, "node_modules", "client-lowest")), join(modules, "@modelcontextprotocol", "client"));
    symlinkSync(realpathSync(join(server, "node_modules", "@modelcontextprotocol", "core")), join(modules, "@modelcontextprotocol", "core"));
    symlinkSync(realpathSync(join(root, "node_modules", "zod")), join(modules, "zod"));
    // A copy, not a link: the package must find this directory's SDK.
    cpSync(realpathSync(join(root, "pkg")), join(modules, "mcp-boundary"), { recursive: true });
    writeFileSync(join(dir, "scenario.mjs"), scenarioV2);
    const ran = JSON.parse(execFileSync(process.execPath, [join(dir, "scenario.mjs")], { cwd: dir, encoding: "utf8" }));
    assert.equal(ran.server, bounds(peers["@modelcontextprotocol/server"]).lowest, "the lowest server of the range ran");
    assert.equal(ran.client, bounds(peers["@modelcontextprotocol/client"]).lowest, "the lowest client of the range ran");
    assert.equal(ran.core, ran.server, "with its own core");
    assert.equal(ran.runs.stateless.protocol, "2026-07-28");
    for (const [how, { answers }] of Object.entries(ran.runs)) {
      const text = JSON.stringify(answers);
      assert.ok(!text.includes("SK-LIVE-7f3a"), `${how}: ${text}`);
      assert.equal(answers[0].structuredContent.error.message, "must be one of low, high", `${how}: ${text}`);
      assert.equal(answers[1].structuredContent.error.field, "meta", `${how}: ${text}`);
      assert.equal(answers[2].content[0].text, "tool send failed", `${how}: ${text}`);
      assert.equal(answers[3].content[0].text, "sent low", `${how}: ${text}`);
      assert.equal(answers[4].code, -32602, `${how}: ${text}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(`the installed v2 SDK is the highest end of its peer range (${peers["@modelcontextprotocol/server"]})`, () => {
  assertHighestTested("@modelcontextprotocol/server");
  assertHighestTested("@modelcontextprotocol/client");
});
