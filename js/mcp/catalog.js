// The catalog protectServer answers from: the server's enabled tools (their
// names, fields and what their input schemas declare about each field), as
// one ErrorClassifier. The SDK line says how a tool's schema is read; what
// the catalog can take of it, and which tools' error results are text only,
// is Rust's (the catalog's `lenient` and `outputSchemaTools`).

/**
 * `catalogOf(server, messages, line)`: an ErrorClassifier of the server's
 * enabled tools (names, fields, hints, whether each declares an output
 * schema) and `messages`. What the catalog cannot take (an empty name, a
 * field with a space, a hint that cannot be read) Rust leaves out; a tool
 * whose properties throw when read is left out here. Of more than Rust's
 * MAX_CATALOG_ENTRIES tools, the first.
 */
export function createCatalog(api, core) {
  const MAX_CATALOG_ENTRIES = core.maxCatalogEntries;

  return function catalogOf(server, messages, line) {
    const tools = {};
    const hints = {};
    const outputSchemaTools = [];
    let count = 0;
    for (const [name, tool] of Object.entries(server._registeredTools)) {
      if (count === MAX_CATALOG_ENTRIES) break;
      try {
        if (!tool.enabled) continue; // not listed, not callable: never suggested
        // First, so that a tool whose schema cannot be read still answers in text only.
        if (tool.outputSchema !== undefined) outputSchemaTools.push(name);
        const described = line.described(tool.inputSchema);
        // defineProperty: a tool named "__proto__" is an own key like any other
        Object.defineProperty(tools, name, { value: described.fields.slice(0, MAX_CATALOG_ENTRIES), enumerable: true });
        Object.defineProperty(hints, name, { value: described.hints, enumerable: true });
        count++;
      } catch {
        // a tool whose properties throw when read: left out
      }
    }
    const catalog = { tools, hints, outputSchemaTools, fieldMessages: messages, fieldlessMessages: messages, lenient: true };
    try {
      return new api.ErrorClassifier(catalog);
    } catch {
      return new api.ErrorClassifier({ tools: [], outputSchemaTools }); // no tool named, nothing suggested
    }
  };
}
