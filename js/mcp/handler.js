// protectHandler: what the SDK's web-standard handler (v2's
// createMcpHandler) answers before any server code runs. Its checks of the
// HTTP request (headers against the body, the protocol revision, the
// per-request envelope, the JSON, the session) refuse it with answers that
// can quote it; Rust replaces each JSON-RPC refusal (refusal_answer: which
// statuses, which codes, what is kept), and everything else passes as it
// is. protectServer covers what the servers answer.

/** protectHandler over Rust's host rules, and `heard`, which calls an operator's onError safely. */
export function createProtectHandler(core, heard) {
  const PROTECTED = Symbol("mcp-boundary protected handler");
  const REPLACED = core.replaced;
  const [LOWEST, HIGHEST] = core.refusalStatuses; // Rust's: the statuses of a refusal

  /**
   * `response`, or Rust's fixed answer in its place when its JSON body is
   * a refusal Rust replaces (only JSON bodies are read), with `told`
   * hearing the original body.
   */
  async function safely(response, told) {
    if (!/^application\/json\b/i.test(response.headers.get("content-type") ?? "")) return response;
    if (response.status < LOWEST || response.status > HIGHEST) return response; // no refusal: its body is not read
    const body = await response.clone().text();
    const replaced = core.replaceRefusal(response.status, body);
    if (replaced === undefined) return response;
    told(body);
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(replaced, { status: response.status, statusText: response.statusText, headers });
  }

  /**
   * Makes the answers a web-standard MCP handler (`{ fetch }`, as
   * createMcpHandler returns it) gives before any server code runs safe:
   * those that can quote the request are replaced by fixed ones with the
   * same code and HTTP status. Returns the same handler.
   */
  return function protectHandler(handler, options) {
    if (handler === null || typeof handler !== "object" || typeof handler.fetch !== "function") throw core.argumentError("Handler");
    const onError = options?.onError;
    if (onError !== undefined && typeof onError !== "function") throw core.argumentError("OnError");
    if (handler[PROTECTED]) return handler;
    const told = (body) => heard(onError, { kind: REPLACED.requestRefused, error: body });
    const fetch = handler.fetch;
    handler.fetch = async function protectedFetch(...args) {
      return safely(await fetch.apply(this, args), told);
    };
    Object.defineProperty(handler, PROTECTED, { value: true });
    return handler;
  };
}
