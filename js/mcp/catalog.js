// The tools protectServer's catalog is built from, as the SDK lists them
// (tools/list): each enabled tool's name, its input JSON Schema converted
// as the SDK line converts it for tools/list, and whether it declares an
// output schema. What the catalog takes of them (fields, what each field
// declares, leniently: an entry that cannot be read costs only itself) is
// Rust's (src/server/catalog.rs, through src/bindings/wasm/protect.rs).

/**
 * `listedTools(server, line, max)`: the server's enabled tools as
 * `{ name, inputSchema, outputSchema }`, the first `max` of them. A tool
 * whose properties throw when read is left out here (the SDK could not
 * list it either); one whose schema does not convert is listed without
 * fields.
 */
export function listedTools(server, line, max) {
  const tools = [];
  for (const [name, tool] of Object.entries(server._registeredTools)) {
    if (tools.length === max) break;
    try {
      if (!tool.enabled) continue; // not listed, not callable: never suggested
      // First, so that a tool whose schema cannot be read still answers in text only.
      const outputSchema = tool.outputSchema !== undefined;
      let inputSchema;
      try {
        inputSchema = line.listedSchema(server, name, tool);
      } catch {
        inputSchema = undefined; // a schema that throws: no fields
      }
      tools.push({ name, inputSchema, outputSchema });
    } catch {
      // a tool whose properties throw when read: left out
    }
  }
  return tools;
}
