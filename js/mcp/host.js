// mcp-boundary/host/mcp, over mcp-boundary/host: ToolRouter (parts.js).
// index.js is the whole entry.
import { createLines } from "./lines.js";
import { createHostMcp } from "./parts.js";

/** The entry's exports over the host part's API and, where the project has it, v1's modules. */
export function createMcp(api, v1, v1Error) {
  return createHostMcp(api, api.__mcp(), createLines(v1, v1Error));
}
