// Rust's host rules for mcp-boundary/mcp (js/mcp/) and the check-tools
// command (js/cli.mjs), reached through each entry's internal export
// `__mcp()` (js/api/parts.js lists it in the API). Nothing here decides: the
// tools/list bounds and refusals, every message, code and reason are
// src/host/'s and src/server/'s, through src/bindings/wasm/host.rs, whose
// table the build writes into js/generated/tables.js; each part adds its
// rules (mcp-server.js, mcp-host.js, and the main entry's mcp-cli.js, which
// adds the check-tools texts).
import { hostTables } from "../generated/tables.js";

export function createMcpCore(glue, h, parts) {
  const { out, take } = h;
  let core;
  /**
   * Internal: not part of the public API, and it may change with any
   * release. The host's table from Rust (`maxPages`, `maxTools`, `maxRounds`,
   * `maxCatalogEntries`, `profiles`, `codes`, `reasons`, `replaced`) and
   * the rules of the entry's parts (the main entry's check-tools: `texts`, `say`, …).
   */
  return function __mcp() {
    if (core !== undefined) return core;
    const tables = hostTables();
    core = Object.freeze({
      ...tables,
      /** Rust's TypeError (`INVALID_ARGUMENT`, `wrong_type`) for `expected`, a key of glue.HostArgument (`"Client"`). */
      argumentError(expected) {
        glue.__host_argument_error(glue.HostArgument[expected], out);
        return take();
      },
      ...Object.assign({}, ...parts.map((rules) => rules(tables))),
    });
    return core;
  };
}
