// A Cloudflare Worker at an MCP tool boundary, every part of mcp-boundary
// in use: `npx wrangler dev` in this folder, then
//   curl -s localhost:8787/ ; curl -s -d '{"to":"AGENT:gpt","body":"hi"}' localhost:8787/add_message
// and a remote MCP server at /mcp: the SDK's (v2) web-standard handler,
// speaking the stateless 2026-07-28 revision (and 2025-11-25 to older
// clients), a server built per request and protected by protectServer, the
// handler's own refusals by protectHandler.
// "mcp-boundary" resolves to its Workers build (the `workerd` condition):
// the .wasm is bundled as a module and the API answers with no init call.
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import { z } from "zod";
import { validateRecipient, planDelivery, ToolRegistry, ErrorClassifier, toolDefinitions } from "mcp-boundary";
import { protectServer, protectHandler, recipientSchema } from "mcp-boundary/mcp";

const AGENTS = ["@neo-gpt", "@trinity-gemini", "@host"];
const TOOLS = [
  { name: "mailbox/add_message", description: "Send a message to an agent or to every agent.", inputSchema: { type: "object", properties: { to: { type: "string" }, body: { type: "string" } }, required: ["to", "body"] } },
  { name: "mailbox/summarize_every_document_in_the_workspace_and_rank_them_by_relevance", description: "A long name.", inputSchema: { type: "object" } },
];
const registry = new ToolRegistry({ profile: "openai", overflow: "hash" });
const aliases = TOOLS.map((t) => registry.register(t.name));
const errors = new ErrorClassifier({ tools: { "mailbox/add_message": ["to", "body"] }, fieldMessages: ["is required"] });

/** A new server for each request (stateless: a Worker keeps no session). */
function mcpServer() {
  const server = protectServer(new McpServer({ name: "mailbox-worker", version: "1.0.0" }));
  server.registerTool(
    "add_message",
    { description: "Send a message to an agent or to every agent.", inputSchema: z.object({ to: recipientSchema(z), body: z.string() }) },
    async ({ to }) => {
      const plan = planDelivery({ to, sender: "@host", agents: AGENTS });
      return { content: [{ type: "text", text: JSON.stringify(plan) }] };
    },
  );
  return server;
}

const mcp = protectHandler(createMcpHandler(mcpServer));

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/mcp") return mcp.fetch(request);
    if (request.method === "POST" && url.pathname === "/add_message") {
      const args = await request.json().catch(() => ({}));
      if (typeof args.body !== "string") return Response.json(errors.toolErrorResult("mailbox/add_message", "body is required"));
      const plan = planDelivery({ to: args.to, sender: "@host", agents: AGENTS });
      return Response.json(plan.ok ? { content: [{ type: "text", text: JSON.stringify(plan) }] } : { isError: true, structuredContent: { error: plan.error } });
    }
    // The tools as OpenAI would be offered them, and a model's call mapped back.
    const offered = toolDefinitions(TOOLS.map((t, i) => ({ ...t, name: aliases[i] })), "openai-chat");
    const reply = registry.fromProvider({ choices: [{ message: { tool_calls: [{ id: "call_1", type: "function", function: { name: aliases[0], arguments: "{}" } }] } }] }, "openai-chat");
    return Response.json({
      offered: offered.map((t) => t.function.name),
      called: reply.choices[0].message.tool_calls[0].function.name,
      recipient: validateRecipient("@neo-gpt"),
    });
  },
};
