// A host's part (mcp-boundary/host): tool names, payloads, streams, SSE, the
// router's rules (js/api/parts.js), over the module built with the
// wasm-host feature.
import { createParts, hostPart } from "./parts.js";

/** The host part's API over wasm-bindgen's `glue` (js/api/index.js). */
export function createApi(glue, createWalkers) {
  return createParts(glue, createWalkers, [hostPart]);
}
