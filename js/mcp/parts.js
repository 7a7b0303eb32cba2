// The parts of mcp-boundary/mcp: the server's (protectServer,
// protectHandler, the recipient schemas) and the host's (ToolRouter). The
// entries list theirs: index.js (both, over the main entry), server.js
// (mcp-boundary/server/mcp) and host.js (mcp-boundary/host/mcp).
import { createProtect, heard } from "./protect.js";
import { createProtectHandler } from "./handler.js";
import { createRecipientSchema } from "./recipient-schema.js";
import { createRouter } from "./router.js";

/** The server part's exports over its API, Rust's rules (`core`) and the SDK lines. */
export function createServerMcp(api, core, lines) {
  const { recipientSchema, recipientValibot, recipientArkType, rejectionOf } = createRecipientSchema(api, core);
  const protectServer = createProtect(core, lines, rejectionOf);
  const protectHandler = createProtectHandler(core, heard);
  return { protectServer, protectHandler, recipientSchema, recipientValibot, recipientArkType };
}

/** The host part's exports over its API, Rust's rules (`core`) and the SDK lines. */
export function createHostMcp(api, core, lines) {
  return { ToolRouter: createRouter(api, core, lines) };
}
