// A host with both SDK lines installed: one ToolRouter over a v1 Client and
// a v2 Client, a routed result taken as either line's CallToolResult, and
// servers of both lines protected, each keeping its own type.
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult as CallToolResultV1 } from "@modelcontextprotocol/sdk/types.js";
import type { RequestOptions as RequestOptionsV1 } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { McpServer as McpServerV2, type CallToolResult as ServerCallToolResultV2 } from "@modelcontextprotocol/server";
import { Client as ClientV2, type CallToolResult as CallToolResultV2, type RequestOptions as RequestOptionsV2 } from "@modelcontextprotocol/client";
import * as z from "zod";
import { protectServer, ToolRouter, type ProtectableServer, type RoutableClient, type RoutedToolResult } from "mcp-boundary/mcp";

const router = new ToolRouter({ profile: "anthropic", onCollision: "skip" });
await router.addServer("github", new ClientV1({ name: "host", version: "1.0.0" }));
await router.addServer("mail", new ClientV2({ name: "host", version: "1.0.0" }));
const routed: RoutedToolResult = await router.callTool("github__create_issue", { title: "x" });
const asV1: CallToolResultV1 = routed;
const asV2: CallToolResultV2 = routed;
const asV2Server: ServerCallToolResultV2 = routed; // a v2 server's handler may return it as it is
void [asV1, asV2, asV2Server];

// Both lines' McpServer and Client fit what the entry describes.
const v1 = protectServer(new McpServerV1({ name: "v1", version: "1.0.0" }));
const v2 = protectServer(new McpServerV2({ name: "v2", version: "1.0.0" }), { onError: ({ kind }) => void kind });
const keptV1: McpServerV1 = v1;
const keptV2: McpServerV2 = v2;
const servers: ProtectableServer[] = [keptV1, keptV2];
const clients: RoutableClient[] = [new ClientV1({ name: "a", version: "1" }), new ClientV2({ name: "b", version: "1" })];
void [servers, clients];
v1.registerTool("send", { inputSchema: { priority: z.enum(["low", "high"]) } }, async ({ priority }) => ({ content: [{ type: "text", text: priority }] }));
v2.registerTool("send", { inputSchema: z.object({ priority: z.enum(["low", "high"]) }) }, async ({ priority }) => ({ content: [{ type: "text", text: priority }] }));
// A tool of either line may hand a routed result on as its own.
v1.registerTool("relay", { inputSchema: { title: z.string() } }, async ({ title }) => router.callTool("github__create_issue", { title }));
v2.registerTool("relay", { inputSchema: z.object({ title: z.string() }) }, async ({ title }) => router.callTool("github__create_issue", { title }));
// Either line's own request options pass to a routed call.
declare const optionsV1: RequestOptionsV1;
declare const optionsV2: RequestOptionsV2;
await router.callTool("github__create_issue", {}, optionsV1);
await router.callTool("mail__send", {}, optionsV2);
