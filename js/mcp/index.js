// mcp-boundary/mcp: the official MCP TypeScript SDK's servers and clients,
// made safe at their tool boundary, in both of the SDK's lines: v1
// (@modelcontextprotocol/sdk 1.x) and v2 (@modelcontextprotocol/server and
// /client 2.x). Bundled by js/build/build.mjs into the entry's `createMcp`; the
// SDK is an optional peer that only this entry loads, and only v1 is
// imported (v2 is reached through the objects a caller passes).
//
// The parts: protect.js (protectServer, over catalog.js), handler.js
// (protectHandler, for what the SDK's HTTP handler answers itself), router.js
// (ToolRouter), recipient-schema.js (recipientSchema, recipientValibot,
// recipientArkType, and how a refused recipient is found among issues), and one file per SDK line for what
// differs between them (line-v1.js, line-v2.js).
import { createLineV1 } from "./line-v1.js";
import { createLineV2 } from "./line-v2.js";
import { createProtect, heard } from "./protect.js";
import { createProtectHandler } from "./handler.js";
import { createRecipientSchema } from "./recipient-schema.js";
import { createRouter } from "./router.js";

/**
 * The entry's exports over the main entry's API and, where the project has
 * it, v1's modules (`v1`: null when they did not load, `v1Error` why).
 */
export function createMcp(api, v1, v1Error) {
  // Rust's host rules, bounds and errors (src/host/, js/api/mcp-core.js):
  // every error thrown here is Rust's, with its `code` and `reason`.
  const core = api.__mcp();
  const lineV1 = createLineV1(v1);
  const lineV2 = createLineV2();
  /** The line an SDK object (`server` or `client`, by `role`) is of; undefined for neither. v1's, when its modules did not load, throws why. */
  const lineFor = (role) => (object) => {
    if (lineV2[role](object)) return lineV2;
    if (lineV1 === null) {
      if (v1Error !== undefined) throw v1Error;
      return undefined;
    }
    return lineV1[role](object) ? lineV1 : undefined;
  };
  const lines = { server: lineFor("claimsServer"), client: lineFor("claimsClient") };
  const { recipientSchema, recipientValibot, recipientArkType, rejectionOf } = createRecipientSchema(api, core);
  const { protectServer, rpcError } = createProtect(core, lines, rejectionOf);
  const ToolRouter = createRouter(api, core, lines, rpcError);
  const protectHandler = createProtectHandler(core, heard);
  return { protectServer, protectHandler, recipientSchema, recipientValibot, recipientArkType, ToolRouter };
}
