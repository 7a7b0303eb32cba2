// The host's part of Rust's rules for mcp-boundary/mcp (js/mcp/router.js):
// the server-name rule and the tools/list bounds and refusals (src/host/,
// through src/bindings/wasm/router.rs). The check-tools command's are
// mcp-cli.js's. Nothing here decides.

export function createMcpHost(glue, h) {
  const { out, take } = h;

  /** One server's tools/list, page by page, within Rust's bounds. */
  class Listing {
    #inner = new glue.Listing();
    /**
     * The page's number of tools and its nextCursor: true when the next
     * page is to be asked for, false when the list is complete; throws
     * Rust's `TOOL_LIST_REFUSED` error past a bound or for a cursor handed
     * back again. The listing is freed when it ends either way.
     */
    page(tools, cursor) {
      const more = this.#inner.page(tools, cursor, out);
      if (more !== 1) this.free();
      if (more < 0) throw take();
      return more === 1;
    }
    /** Frees the listing (again: nothing). */
    free() {
      this.#inner?.free();
      this.#inner = undefined;
    }
  }

  /** The router's rules, read when `__mcp()` is first called (js/api/mcp-core.js). */
  return () => ({
    /** Throws Rust's error for a server name a router with `options` ({ profile, overflow }) refuses. */
    checkServerName(name, options) {
      if (!glue.__check_server_name(name, options, out)) throw take();
    },
    /**
     * Every page of an SDK Client's tools/list (its tools, in order),
     * within Rust's bounds; Rust's `TOOL_LIST_REFUSED` error past them or
     * for a cursor handed back again.
     */
    async listTools(client) {
      const tools = [];
      const listing = new Listing();
      try {
        for (let cursor; ; ) {
          const page = await client.listTools(cursor === undefined ? {} : { cursor });
          const more = listing.page(page.tools.length, page.nextCursor);
          for (const tool of page.tools) tools.push(tool); // not push(...page.tools): a long page would overflow the call stack
          if (!more) return tools;
          cursor = page.nextCursor;
        }
      } finally {
        listing.free();
      }
    },
  });
}
