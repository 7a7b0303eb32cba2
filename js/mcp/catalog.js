// The catalog protectServer answers from: the server's enabled tools (their
// names, fields and what their input schemas declare about each field), as
// one ErrorClassifier. The SDK line says how a tool's schema is read.

/**
 * `catalogOf(server, messages)`: an ErrorClassifier of the server's enabled
 * tools (names, fields, hints) and `messages`, the fields and hints read by
 * `line`. What the catalog cannot take (an empty name, a field with a
 * space, a schema or a getter that throws) is left out, that tool's fields
 * or hints or the tool itself, and never costs the other tools their
 * answers; of more than Rust's MAX_CATALOG_ENTRIES tools, the first.
 */
export function createCatalog(api, core) {
  const MAX_CATALOG_ENTRIES = core.maxCatalogEntries;

  return function catalogOf(server, messages, line) {
    const entries = [];
    for (const [name, tool] of Object.entries(server._registeredTools)) {
      if (entries.length === MAX_CATALOG_ENTRIES) break;
      try {
        if (!tool.enabled) continue; // not listed, not callable: never suggested
        const { fields, hints } = line.described(tool.inputSchema);
        entries.push({ name, fields: fields.slice(0, MAX_CATALOG_ENTRIES), hints });
      } catch {
        // a tool whose properties throw when read: left out
      }
    }
    const classifier = (list) =>
      new api.ErrorClassifier({
        // fromEntries: a tool named "__proto__" is an own key like any other
        tools: Object.fromEntries(list.map((e) => [e.name, e.fields])),
        hints: Object.fromEntries(list.map((e) => [e.name, e.hints])),
        fieldMessages: messages,
        fieldlessMessages: messages,
      });
    const takes = (list) => {
      try {
        classifier(list).free();
        return true;
      } catch {
        return false;
      }
    };
    /** A tool the catalog refused: its name with the fields it takes one by one, no hints; or nothing. */
    const mended = ({ name, fields }) => {
      const bare = { name, fields: [], hints: {} };
      if (!takes([bare])) return [];
      bare.fields = fields.filter((field) => takes([{ name, fields: [field], hints: {} }]));
      return [bare];
    };
    /** The entries the catalog takes, found by halves: one bad tool costs a few constructions, not one per tool. */
    const taken = (list) => {
      if (list.length === 0 || takes(list)) return list;
      if (list.length === 1) return mended(list[0]);
      const half = list.length >> 1;
      return taken(list.slice(0, half)).concat(taken(list.slice(half)));
    };
    try {
      return classifier(entries);
    } catch {
      try {
        return classifier(taken(entries));
      } catch {
        return new api.ErrorClassifier({ tools: [] }); // cannot fail: no tool named, nothing suggested
      }
    }
  };
}
