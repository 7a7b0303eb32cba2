// The parts of the API, each over the wasm module built with its cargo
// feature (src/bindings/wasm/mod.rs): a server's part (recipients,
// delivery, error data, protectServer's policy) and a host's part (tool
// names, payloads, streams, SSE, the router's rules, among them the
// unknown-tool answer from the registry's aliases). The entries (index.js: both, the main
// entry's; server.js; host.js) each list their parts, and a bundle of one
// carries only the factories its parts call: the others are never
// imported into it.
//
// A part is a function of the glue, the helpers of the parts before it
// (`h`, which grows part by part) and `createWalkers`; it adds its
// helpers to `h` and returns its public functions and classes (`api`)
// and its rules for mcp-boundary/mcp (`mcp`, js/api/mcp-core.js).
import { createTransport } from "./transport.js";
import { createRecipients } from "./recipients.js";
import { createToolNames } from "./tool-names.js";
import { createPayloads } from "./payloads.js";
import { createStreams } from "./streams.js";
import { createRegistry } from "./registry.js";
import { createErrorData } from "./error-data.js";
import { createDelivery } from "./delivery.js";
import { createMcpCore } from "./mcp-core.js";
import { createMcpServer } from "./mcp-server.js";
import { createMcpHost } from "./mcp-host.js";
import { createMcpCli } from "./mcp-cli.js";

/** A server's part: recipients, delivery, error data, protectServer's policy. */
export function serverPart(glue, h) {
  Object.assign(h, createRecipients(glue, h));
  const { ErrorClassifier } = Object.assign(h, createErrorData(glue, h));
  Object.assign(h, createDelivery(glue, h));
  return {
    api: {
      validateRecipient: h.validateRecipient,
      RecipientValidator: h.RecipientValidator,
      recipientJsonSchema: h.recipientJsonSchema,
      recipientStandardSchema: h.recipientStandardSchema,
      ErrorClassifier,
      planDelivery: h.planDelivery,
      readState: h.readState,
      markRead: h.markRead,
      unreadCount: h.unreadCount,
      listUnread: h.listUnread,
    },
    mcp: createMcpServer(glue, h),
  };
}

/** A host's part: tool names, payloads, streams, SSE, the router's rules. */
export function hostPart(glue, h, createWalkers) {
  Object.assign(h, createToolNames(glue, h));
  Object.assign(h, createPayloads(glue, h, createWalkers));
  Object.assign(h, createStreams(glue, h));
  Object.assign(h, createRegistry(glue, h));
  return {
    api: {
      toLlmFacingName: h.toLlmFacingName,
      tryReverseToCanonical: h.tryReverseToCanonical,
      ToolRegistry: h.ToolRegistry,
      ToolNameError: h.ToolNameError,
      toolDefinitions: h.toolDefinitions,
    },
    mcp: createMcpHost(glue, h),
  };
}

/** The check-tools command's rules (js/cli.mjs): the main entry's alone. */
export function cliPart(glue, h) {
  return { api: {}, mcp: createMcpCli(glue, h) };
}

/**
 * The API of `parts` over wasm-bindgen's `glue`. `createWalkers(helpers)`
 * returns the walkers generated from Rust's rules (js/generated/walkers.js);
 * it is called on the first rewrite, so the Node builds load them only then.
 */
export function createParts(glue, createWalkers, parts) {
  const h = createTransport(glue);
  const api = {};
  const rules = [];
  for (const part of parts) {
    const made = part(glue, h, createWalkers);
    Object.assign(api, made.api);
    rules.push(made.mcp);
  }
  // mcp-boundary/mcp and check-tools (internal): Rust's host rules (mcp-core.js).
  api.__mcp = createMcpCore(glue, h, rules);
  // The Node entries ship with their local names shortened (js/build/build.mjs):
  // each public function and class keeps the name it is exported under.
  for (const name in api) {
    if (api[name].name !== name) Object.defineProperty(api[name], "name", { value: name });
  }
  return api;
}
