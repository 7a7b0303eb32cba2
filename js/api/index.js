// The public JS API, written once as the modules of js/api/ and bundled by
// js/build/build.mjs into each entry point (CommonJS and an ES module for Node,
// ES modules for the web, Workers and the inline build).
//
// A thin layer over the wasm exports of src/bindings/wasm/: it checks argument
// types, copies strings' UTF-16 code units straight into wasm memory, makes
// one call, and materializes what Rust answers. Every rule, result shape and
// message is Rust's: codes come from the enums the glue exports (Verdict,
// Reply, Word, …), fixed strings from tables read once at start, rare
// structured results arrive whole (JSON text for JSON.parse), and hot
// results are built here from Rust's codes and strings. The memos and the
// registry's answer caches hold only Rust's answers.
//
// `glue` exists only once the wasm module is ready (the web build makes
// the API after init()), so each part is a factory: given the glue and the
// helpers of the parts before it (`h`, which grows part by part), it
// returns its functions and classes. Each factory takes what it uses into
// locals first, so the hot paths read closure locals, as in one closure.
import { createTransport } from "./transport.js";
import { createRecipients } from "./recipients.js";
import { createToolNames } from "./tool-names.js";
import { createPayloads } from "./payloads.js";
import { createStreams } from "./streams.js";
import { createRegistry } from "./registry.js";
import { createErrorData } from "./error-data.js";
import { createDelivery } from "./delivery.js";
import { createMcpCore } from "./mcp-core.js";

/**
 * The API over wasm-bindgen's `glue`. `createWalkers(helpers)` returns the
 * walkers generated from Rust's rules (js/generated/walkers.js); it is
 * called on the first rewrite, so the Node builds load them only then.
 */
export function createApi(glue, createWalkers) {
  const h = createTransport(glue);
  Object.assign(h, createRecipients(glue, h));
  Object.assign(h, createToolNames(glue, h));
  Object.assign(h, createPayloads(glue, h, createWalkers));
  Object.assign(h, createStreams(glue, h));
  Object.assign(h, createRegistry(glue, h));
  Object.assign(h, createErrorData(glue, h));
  Object.assign(h, createDelivery(glue, h));
  const api = {
    validateRecipient: h.validateRecipient,
    RecipientValidator: h.RecipientValidator,
    recipientJsonSchema: h.recipientJsonSchema,
    recipientStandardSchema: h.recipientStandardSchema,
    toLlmFacingName: h.toLlmFacingName,
    tryReverseToCanonical: h.tryReverseToCanonical,
    ToolRegistry: h.ToolRegistry,
    ToolNameError: h.ToolNameError,
    toolDefinitions: h.toolDefinitions,
    ErrorClassifier: h.ErrorClassifier,
    planDelivery: h.planDelivery,
    readState: h.readState,
    markRead: h.markRead,
    unreadCount: h.unreadCount,
    listUnread: h.listUnread,
    // mcp-boundary/mcp and check-tools (internal): Rust's host rules (mcp-core.js).
    __mcp: createMcpCore(glue, h),
  };
  // The Node entries ship with their local names shortened (js/build/build.mjs):
  // each public function and class keeps the name it is exported under.
  for (const name in api) {
    if (api[name].name !== name) Object.defineProperty(api[name], "name", { value: name });
  }
  return api;
}
