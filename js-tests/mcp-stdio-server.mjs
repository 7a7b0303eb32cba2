// A protected McpServer on stdio, for js-tests/mcp.test.mjs.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { protectServer } from "mcp-boundary/mcp";

const server = protectServer(new McpServer({ name: "stdio-probe", version: "1.0.0" }));
server.registerTool("send", { inputSchema: { priority: z.enum(["low", "high"]) } }, async ({ priority }) => ({
  content: [{ type: "text", text: `sent ${priority}` }],
}));
await server.connect(new StdioServerTransport());
