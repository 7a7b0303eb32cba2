// protectHandler: what the SDK's web-standard handler (v2's
// createMcpHandler) answers before any server code runs. Its checks of the
// HTTP request (headers against the body, the protocol revision, the
// per-request envelope, the JSON) refuse it with answers that can quote
// it; Rust replaces those (replace_refusal), and everything else passes
// as it is. protectServer covers what the servers answer.

/** protectHandler over Rust's host rules. */
export function createProtectHandler(core) {
  const PROTECTED = Symbol("mcp-boundary protected handler");
  const REPLACED = core.replaced;
  const MAX_REFUSAL_BYTES = core.maxRefusalBytes;

  /**
   * `response`, or Rust's fixed answer in its place when it is a JSON-RPC
   * refusal that can quote the request (only 4xx JSON answers are read),
   * with `told` hearing the original body.
   */
  async function safely(response, told) {
    if (response.status < 400 || response.status > 499) return response;
    if (!/^application\/json\b/i.test(response.headers.get("content-type") ?? "")) return response;
    const length = Number(response.headers.get("content-length") ?? 0);
    if (length > MAX_REFUSAL_BYTES) return response;
    const body = await response.clone().text();
    const replaced = core.replaceRefusal(body);
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
    const told = (body) => {
      if (onError === undefined) return;
      try {
        onError({ kind: REPLACED.requestRefused, error: body });
      } catch {
        // the operator's logging failed: the answer stands
      }
    };
    const fetch = handler.fetch;
    handler.fetch = async function protectedFetch(...args) {
      return safely(await fetch.apply(this, args), told);
    };
    Object.defineProperty(handler, PROTECTED, { value: true });
    return handler;
  };
}
