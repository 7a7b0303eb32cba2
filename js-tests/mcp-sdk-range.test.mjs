// protectServer reaches into the SDK's tools/call flow, so the package pins
// the SDK range its peer dependency names and tests both ends: the highest
// is the SDK the other tests use; the lowest (installed as `sdk-lowest`)
// runs here, in a directory where it is the SDK that mcp-boundary/mcp loads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync, rmSync, realpathSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve("mcp-boundary/package.json")), "..");
const range = require("mcp-boundary/package.json").peerDependencies["@modelcontextprotocol/sdk"];

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
    assert.equal(version, range.match(/>=\s*([\d.]+)/)[1], "the lowest version of the range ran");
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
