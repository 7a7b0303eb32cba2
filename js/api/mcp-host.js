// The host's part of Rust's rules for mcp-boundary/mcp (js/mcp/router.js)
// and the check-tools command (js/cli.mjs): the server-name rule, the
// tools/list bounds and refusals, the check-tools findings and texts
// (src/host/, through src/bindings/wasm/router.rs and check_tools.rs; the
// texts are src/bindings/wasm/cli_texts.rs's table, which the build writes
// into js/generated/tables.js). Nothing here decides.
import { checkToolsTexts } from "../generated/tables.js";

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

  /** The rules, with the check-tools texts by key (`texts`), read when `__mcp()` is first called (js/api/mcp-core.js). */
  return () => {
    const texts = checkToolsTexts();
    return {
      texts,
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
      /**
       * What check-tools reports for tool `names` (strings), each as
       * `prefix/name` (`name` for an empty prefix), under the built-in
       * `profiles`: `{ ok, output }`, whether every name fits as it is, and
       * the --json report (`json`) or the text report.
       */
      checkTools(names, prefix, profiles, json) {
        const ok = glue.__check_tools(names, prefix, profiles, json, out);
        if (ok < 0) throw take();
        return { ok: ok === 1, output: take() };
      },
      /** `String(text)` as check-tools shows a name: printable ASCII, the rest escaped, whole. */
      shown(text) {
        glue.__shown(String(text), out);
        return take();
      },
      /** The check-tools text `key` with `values` in its `{}` slots, in order. */
      say(key, ...values) {
        let i = 0;
        return texts[key].replace(/\{\}/g, () => String(values[i++] ?? ""));
      },
    };
  };
}
