// Loaded with `node --import` by js-tests/parts.test.mjs: the suites of one
// part run against that part's entry. "mcp-boundary" (and
// "mcp-boundary/mcp") resolve to the entry named by MCP_BOUNDARY_PART
// ("server" or "host"), for import (a resolve hook) and for require (the
// CommonJS resolver), so a suite written for the main entry checks the
// part's module with its own assertions.
import { register, createRequire } from "node:module";

const part = process.env.MCP_BOUNDARY_PART;
if (part !== "server" && part !== "host") throw new Error("js-tests/part-hook.mjs: set MCP_BOUNDARY_PART to server or host");
const mapped = { "mcp-boundary": `mcp-boundary/${part}`, "mcp-boundary/mcp": `mcp-boundary/${part}/mcp` };
register(
  `data:text/javascript,${encodeURIComponent(`
    const mapped = ${JSON.stringify(mapped)};
    export async function resolve(specifier, context, next) {
      return next(mapped[specifier] ?? specifier, context);
    }
  `)}`,
);
const Module = createRequire(import.meta.url)("node:module");
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, mapped[request] ?? request, ...rest);
};
