// A server's part (mcp-boundary/server): recipients, delivery, error data,
// protectServer's policy (js/api/parts.js), over the module built with the
// wasm-server feature.
import { createParts, serverPart } from "./parts.js";

/** The server part's API over wasm-bindgen's `glue` (js/api/index.js). */
export function createApi(glue, createWalkers) {
  return createParts(glue, createWalkers, [serverPart]);
}
