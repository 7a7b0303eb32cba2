// The server's part of Rust's rules for mcp-boundary/mcp (js/mcp/):
// protectServer's policy (src/server/, through
// src/bindings/wasm/protect.rs) and the HTTP refusals protectHandler
// replaces (src/bindings/wasm/refusal.rs). Nothing here decides.
export function createMcpServer(glue, h) {
  // Values come back in the transport's `out` (an array without a
  // prototype, so Rust's store into it runs no setter of the realm's).
  const { out, take, create, Transport, streamIssues, wasmValidatorOf } = h;
  const { FailureKind } = glue;

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

  /** The rules, given the host table (js/api/mcp-core.js). */
  return (tables) => ({
    /** `fn()` and the recipients recipientStandardSchema refused while it ran, with their rejection results (js/api/recipients.js). */
    recordRejections: h.recordRejections,
    /** Records a recipient refused by a RecipientValidator while recordRejections runs. */
    recordRejection: h.recordRejection,
    /** protectServer's policy for `options` ({ messages, handlerErrors }); throws Rust's options error. */
    protection: (options) => new Protection(options),
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
  });
}
