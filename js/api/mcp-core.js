// Rust's host rules for mcp-boundary/mcp (js/mcp/) and the check-tools
// command (js/cli.mjs), reached through the main entry's internal export
// `__mcp()` (js/api/index.js lists it in the API). Nothing here decides: the server-name rule, the
// tools/list bounds and refusals, every message, code, reason and the
// check-tools texts are src/host/'s, through src/bindings/wasm/host.rs.
export function createMcpCore(glue, h) {
  // Values come back in the transport's `out` (an array without a
  // prototype, so Rust's store into it runs no setter of the realm's).
  const { out, take, table, create, Transport, streamIssues, wasmValidatorOf } = h;
  const { FailureKind } = glue;
  let core;

  /**
   * protectServer's policy (src/server/, through src/bindings/wasm/protect.rs):
   * every answer to a failed call, and the kind onError hears, is Rust's
   * Decision: `{ kind, result }` (a CallToolResult), `{ kind, error }` (a
   * JSON-RPC error to raise) or `{ kind: null }` (the SDK's own answer
   * stands); `kind` is null when nothing was replaced.
   */
  class Protection extends Transport {
    /** Checks the options (Rust's options error for a bad one). */
    constructor(options) {
      super(create(glue.Protector, options));
    }
    /** The catalog, from `tools` as the SDK lists them: `[{ name, inputSchema, outputSchema }]`. */
    catalog(tools) {
      this.v.catalog(tools);
    }
    /** Arguments the schema refused: its issues (`input`: the arguments, which tell a value left out). */
    invalidArguments(tool, issues, input) {
      streamIssues(this, tool, issues, (t, n, c) => this.v.invalid_arguments(t, n, c, out), input);
      return take();
    }
    /** A recipient field refused `to` (a string), with `validator`'s rejection (a RecipientValidator). */
    recipientRejected(tool, to, validator) {
      const v = wasmValidatorOf(validator); // first: it throws for a freed one
      this.write2(tool, to);
      this.v.recipient_rejected(tool.length, v, to.length, out);
      this.done(tool.length + to.length);
      return take();
    }
    #answer(kind, tool, message) {
      this.write2(tool, message ?? "");
      this.v.answer(kind, tool.length, message === null ? undefined : message.length, out);
      this.done(tool.length + (message?.length ?? 0));
      return take();
    }
    /** No enabled tool is called `name` (a string, or anything else: no name). */
    unknownTool(name) {
      return this.#answer(FailureKind.UnknownTool, typeof name === "string" ? name : "", null);
    }
    /** The handler failed: `message` as read (null when it could not be). */
    handlerError(tool, message) {
      return this.#answer(FailureKind.HandlerError, tool, typeof message === "string" ? message : null);
    }
    /** A proxy tool forwarded an error of the server behind it: `message` as read (null when it could not be). */
    forwardedError(tool, message) {
      return this.#answer(FailureKind.ForwardedError, tool, typeof message === "string" ? message : null);
    }
    /** The handler's result broke its output schema. */
    invalidOutput(tool) {
      return this.#answer(FailureKind.InvalidOutput, tool, null);
    }
    /** The tool's own isError result. */
    ownErrorResult(tool) {
      return this.#answer(FailureKind.OwnErrorResult, tool, null);
    }
    /** Something read around the call threw. */
    failed(tool) {
      return this.#answer(FailureKind.Failed, tool, null);
    }
  }

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

  /**
   * Internal: not part of the public API, and it may change with any
   * release. The host's table from Rust (`maxPages`, `maxTools`, `maxRounds`,
   * `maxCatalogEntries`, `profiles`, `codes`, `reasons`, `texts`,
   * `replaced`) and its rules.
   */
  return function __mcp() {
    if (core !== undefined) return core;
    const tables = table(glue.__host_tables);
    core = Object.freeze({
      ...tables,
      /** `fn()` and the recipients recipientStandardSchema refused while it ran, with their rejection results (js/api/recipients.js). */
      recordRejections: h.recordRejections,
      /** Records a recipient refused by a RecipientValidator while recordRejections runs. */
      recordRejection: h.recordRejection,
      /** protectServer's policy for `options` ({ messages, handlerErrors }); throws Rust's options error. */
      protection: (options) => new Protection(options),
      /** Rust's TypeError (`INVALID_ARGUMENT`, `wrong_type`) for `expected`, a key of glue.HostArgument (`"Client"`). */
      argumentError(expected) {
        glue.__host_argument_error(glue.HostArgument[expected], out);
        return take();
      },
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
      /**
       * The fixed answer (JSON text) in place of the JSON body an SDK
       * answered an HTTP request with (`status`), or undefined to keep it:
       * Rust's refusal_answer decides from what is parsed here. A body that
       * is no JSON-RPC error (an OAuth error, a result) is kept.
       */
      replaceRefusal(status, body) {
        if (body.length > tables.maxRefusalBytes) return glue.__refusal_answer(status, undefined, null, undefined);
        let answer;
        try {
          answer = JSON.parse(body);
        } catch {
          return undefined;
        }
        const error = answer !== null && typeof answer === "object" ? answer.error : undefined;
        if (error === null || typeof error !== "object" || typeof error.code !== "number") return undefined;
        return glue.__refusal_answer(status, error.code, answer.id, error.data?.supported);
      },
      /** `String(text)` as check-tools shows a name: printable ASCII, the rest escaped, whole. */
      shown(text) {
        glue.__shown(String(text), out);
        return take();
      },
      /** The check-tools text `key` with `values` in its `{}` slots, in order. */
      say(key, ...values) {
        let i = 0;
        return tables.texts[key].replace(/\{\}/g, () => String(values[i++] ?? ""));
      },
    });
    return core;
  };
}
