// mcp-boundary/mcp: the official MCP TypeScript SDK's servers and clients,
// made safe at their tool boundary, in both of the SDK's lines: v1
// (@modelcontextprotocol/sdk 1.x) and v2 (@modelcontextprotocol/server and
// /client 2.x). Bundled by js/build/build.mjs into the entry's `createMcp`; the
// SDK is an optional peer that only this entry loads, and only v1 is
// imported (v2 is reached through the objects a caller passes).
//
// This file is the whole entry's (mcp-boundary/mcp, over the main entry);
// server.js and host.js are the parts' (mcp-boundary/server/mcp over
// mcp-boundary/server, mcp-boundary/host/mcp over mcp-boundary/host).
//
// The parts: protect.js (protectServer, over catalog.js), handler.js
// (protectHandler, for what the SDK's HTTP handler answers itself), router.js
// (ToolRouter), recipient-schema.js (recipientSchema, recipientValibot,
// recipientArkType, and how a refused recipient is found among issues), and one file per SDK line for what
// differs between them (line-v1.js, line-v2.js).
import { createLines } from "./lines.js";
import { createServerMcp, createHostMcp } from "./parts.js";

/**
 * The entry's exports over the main entry's API and, where the project has
 * it, v1's modules (`v1`: null when they did not load, `v1Error` why).
 */
export function createMcp(api, v1, v1Error) {
  // Rust's host rules, bounds and errors (src/host/, js/api/mcp-core.js):
  // every error thrown here is Rust's, with its `code` and `reason`.
  const core = api.__mcp();
  const lines = createLines(v1, v1Error);
  return { ...createServerMcp(api, core, lines), ...createHostMcp(api, core, lines) };
}
