// mcp-boundary/server/mcp, over mcp-boundary/server: protectServer,
// protectHandler and the recipient schemas (parts.js). index.js is the
// whole entry.
import { createLines } from "./lines.js";
import { createServerMcp } from "./parts.js";

/** The entry's exports over the server part's API and, where the project has it, v1's modules. */
export function createMcp(api, v1, v1Error) {
  return createServerMcp(api, api.__mcp(), createLines(v1, v1Error));
}
