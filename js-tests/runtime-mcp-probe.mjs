// mcp-boundary/mcp with the MCP SDK in the runtime that runs this file
// (js-tests/runtimes.test.mjs: Node, Deno, Bun): a protected server's
// answers to a bad and a missing argument, and a ToolRouter's tools and
// routed call, as JSON on stdout.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { z } from "zod";
import { protectServer, ToolRouter } from "mcp-boundary/mcp";
const server = protectServer(new McpServer({ name: "m", version: "1" }));
server.registerTool("pick", { inputSchema: { level: z.enum(["low", "high"]) } }, async ({ level }) => ({ content: [{ type: "text", text: level }] }));
const [a, b] = InMemoryTransport.createLinkedPair();
await server.connect(a);
const c = new Client({ name: "c", version: "1" });
await c.connect(b);
const router = new ToolRouter();
await router.addServer("m", c);
const out = {
  bad: await c.callTool({ name: "pick", arguments: { level: "mid\nX" } }),
  missing: await c.callTool({ name: "pick", arguments: {} }),
  routed: await router.callTool("m__pick", { level: "low" }),
  tools: router.tools("anthropic").map((t) => t.name),
};
console.log(JSON.stringify(out));
await c.close();
