#!/usr/bin/env node
// A second, small MCP server for the host example: a "team" gateway whose
// tools show the two tool-name hazards a host meets in the wild:
// - a tool name so long that `team/<name>` is over OpenAI's 64 characters;
// - a tool re-exported both as `mailbox__add_message` and as
//   `mailbox/add_message` (as proxies name upstream tools), whose aliases
//   collide: `team/mailbox__add_message` and `team/mailbox/add_message` both
//   become `team__mailbox__add_message`. (A host cannot name a server
//   `team__mailbox`, whose aliases could then be this server's.)
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const LONG = "summarize_every_document_in_the_workspace_and_rank_them_by_relevance";
const TOOLS = [
  { name: LONG, description: "Summarize and rank the workspace's documents.", inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] } },
  { name: "mailbox__add_message", description: "A proxied copy of a mailbox tool.", inputSchema: { type: "object", properties: {} } },
  { name: "mailbox/add_message", description: "The same proxied tool, named as another proxy names it.", inputSchema: { type: "object", properties: {} } },
  { name: "status", description: "The gateway's status.", inputSchema: { type: "object", properties: {} } },
];
const server = new Server({ name: "team", version: "0.1.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  const result =
    params.name === LONG
      ? { ranked: ["design.md", "roadmap.md"], query: typeof params.arguments?.query === "string" ? params.arguments.query.length : 0 }
      : { ok: true, tool: params.name === "status" ? "status" : "other" };
  return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
});
await server.connect(new StdioServerTransport());
