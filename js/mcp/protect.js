// protectServer: an McpServer of either SDK line made safe at its tool
// boundary. The SDK answers bad input before any handler runs, and its own
// messages quote the input (validators' messages, unknown keys, record keys
// in paths, an unknown tool's name). protectServer replaces the server's
// tools/call handler with one that follows the SDK's own flow (look the
// tool up, validate the arguments, run the handler, validate the output,
// and v2's projection of the result) through the McpServer's methods, and
// answers every failure with what Rust builds from a catalog of the
// registered tools: never the input. What differs between the lines is the
// line's (js/mcp/line-v1.js, line-v2.js).
import { createCatalog } from "./catalog.js";

/**
 * Calls an operator's `onError` (when there is one) with `info`: what it
 * throws, or the promise it returns rejects with, is ignored (the
 * operator's logging failed; the model's answer stands, and the process
 * lives on).
 */
export function heard(onError, info) {
  if (onError === undefined) return;
  try {
    const returned = onError(info);
    if (returned !== null && typeof returned === "object" && typeof returned.then === "function") returned.then(undefined, () => {});
  } catch {
    // the operator's logging failed
  }
}

export function createProtect(api, core, lines, rejectionOf) {
  const PROTECTED = Symbol("mcp-boundary protected");
  const ANSWERING = Symbol("mcp-boundary answering");
  const REPLACED = core.replaced; // the kinds onError hears, by key: Rust's names
  const catalogOf = createCatalog(api, core);

  /** A JSON-RPC error whose code, message and data are exactly Rust's (the SDKs' error classes would prefix or reshape it). */
  function rpcError(envelope) {
    const e = new Error(envelope.error.message);
    e.code = envelope.error.code;
    if (envelope.error.data !== undefined) e.data = envelope.error.data;
    return e;
  }

  /**
   * What a handler's error says, for classifying (as the line reads it);
   * null when it has no message or reading it throws. A thrown value is the
   * handler's: a getter or Proxy trap of it may throw, with the input in
   * its text, so each property is read once and what cannot be read leaves
   * the error unclassified.
   */
  function ownMessage(line, error) {
    if (typeof error === "string") return error;
    try {
      const message = error !== null && typeof error === "object" ? error.message : undefined;
      return typeof message === "string" ? line.ownMessage(error, message) : null;
    } catch {
      return null;
    }
  }

  /** Whether the handler's error must reach the client as it is (the URL elicitation error); a value that cannot be read is not. */
  function passesThrough(line, error) {
    try {
      return line.passesThrough(error);
    } catch {
      return false;
    }
  }

  /** What "pass" passes: the text of a handler's error, or null when reading it throws. */
  function passedMessage(error) {
    try {
      const message = error instanceof Error ? error.message : String(error);
      return typeof message === "string" ? message : null;
    } catch {
      return null;
    }
  }

  /**
   * The registered, enabled tool called `name`: `{ tool, name }`;
   * undefined for none. A tool
   * whose properties throw when read is none (the SDK could not list it
   * either).
   */
  function lookUp(server, name) {
    try {
      const tools = server._registeredTools;
      const tool = Object.hasOwn(tools, name) ? tools[name] : undefined;
      if (tool === undefined || !tool.enabled) return undefined;
      return { tool, name };
    } catch {
      return undefined;
    }
  }

  /** The SDK line of `server`, or Rust's argument error for something that is no McpServer. */
  function lineOf(server) {
    const shaped = server !== null && typeof server === "object" && typeof server.registerTool === "function" && server.server !== null && typeof server.server === "object";
    const line = shaped ? lines.server(server) : undefined;
    if (line === undefined) throw core.argumentError("McpServer");
    return line;
  }

  /**
   * Makes every tools/call answer of an McpServer (v1 or v2) safe: invalid
   * arguments, unknown tools and handler errors are answered from a
   * catalog of the registered tools (and `options.messages`), never with
   * the input. Returns the same server.
   */
  function protectServer(server, options) {
    const line = lineOf(server);
    if (server[PROTECTED]) return server;
    const messages = options?.messages ?? [];
    const passHandlerErrors = options?.handlerErrors === "pass";
    const onError = options?.onError;
    if (onError !== undefined && typeof onError !== "function") throw core.argumentError("OnError");
    /**
     * Tells the operator's onError what an answer replaced (the tool as
     * called, the kind, the original error or issues): for logs, never for
     * the model. A throwing onError changes no answer.
     */
    const told = (tool, kind, what) => heard(onError, { tool, kind, ...what });
    new api.ErrorClassifier({ tools: [], fieldMessages: messages, fieldlessMessages: messages }).free(); // bad options fail here, not on the first call
    // Built from the registered tools, again after every change of them
    // (the SDK announces each one with sendToolListChanged).
    let classifier = null;
    const announce = server.sendToolListChanged;
    const current = () => (classifier ??= catalogOf(server, messages, line));

    if (!server._toolHandlersInitialized) server.setToolRequestHandlers();
    const sdkHandler = server.server._requestHandlers.get("tools/call");
    // The call this handler answers itself, in a record the wrapper below
    // puts on the SDK's `extra` (v2: `ctx`) of each request, under a symbol
    // no one else reads (a Map or WeakMap entry, or Reflect.set, cost
    // 150-250 ns of every valid call; an assignment costs nothing
    // measurable). The SDK may hand the handler a copy of `ctx` (v2's
    // request-state rounds): the copy holds the same record. From the
    // moment its tool is found, anything that throws (a hostile getter of
    // the tool, of a thrown value, of a result the SDK checks after this
    // handler returns it) is answered "tool <name> failed", never with the
    // exception's text, which may carry the input.
    const mark = (extra, call) => {
      try {
        const record = extra[ANSWERING];
        if (record !== undefined) record.call = call;
      } catch {
        // an `extra` that cannot be read: its call's errors pass as the SDK sends them
      }
    };
    line.setToolsCall(server, async (request, extra) => {
      const name = request.params.name;
      const call = lookUp(server, name);
      if (call === undefined) {
        told(name, REPLACED.unknownTool, {});
        throw rpcError(current().unknownToolResponse(null, name));
      }
      const { tool } = call;
      mark(extra, call);
      let args;
      try {
        args = await server.validateToolInput(tool, request.params.arguments, name);
      } catch (error) {
        if (line.overElementCap(server, request.params.arguments)) {
          // Past the server's cap on argument elements (v2's
          // maxToolInputElements): not validated again for its issues (the
          // cap is there so that a huge input is not walked), and answered
          // without a field.
          told(name, REPLACED.invalidArguments, { error, issues: [] });
          return current().toolErrorResult(name, { issues: [] });
        }
        return await invalidArguments(tool, name, request.params.arguments, error);
      }
      // v1's task tools and task-augmented calls run on the SDK's own
      // paths (task creation, polling), once their arguments have passed
      // here: the SDK validates them again, and only refuses what passed.
      if (line.tasks(tool, request)) {
        mark(extra, undefined);
        return sdkHandler(request, extra);
      }
      let result;
      try {
        result = await server.executeToolHandler(tool, args, extra);
      } catch (error) {
        if (passesThrough(line, error)) {
          mark(extra, undefined);
          throw error;
        }
        const message = passHandlerErrors ? passedMessage(error) : null;
        if (message !== null) return server.createToolError(message);
        told(name, REPLACED.handlerError, { error });
        return current().handlerErrorResult(name, passHandlerErrors ? null : ownMessage(line, error));
      }
      try {
        await server.validateToolOutput(tool, result, name);
      } catch (error) {
        told(name, REPLACED.invalidOutput, { error });
        return current().handlerErrorResult(name, null); // a result that breaks its own outputSchema: "tool <name> failed"
      }
      const answer = line.finish(server, tool, result);
      // A request for input (v2, 2026-07-28) is the SDK's to check and
      // send: what it refuses there is its protocol error, as without
      // protection (a later round marks the call again).
      if (line.awaitsInput(answer)) mark(extra, undefined);
      return answer;
    });
    // Around the SDK's checks of the request and of the result (which read
    // every property of the result: a getter there throws in the SDK).
    const checked = server.server._requestHandlers.get("tools/call");
    server.server._requestHandlers.set("tools/call", (request, extra) => {
      const record = { call: undefined };
      try {
        extra[ANSWERING] = record;
      } catch {
        // an `extra` that takes no property: its call's errors pass as the SDK sends them
      }
      return checked(request, extra).then(undefined, (error) => {
        const { call } = record;
        if (call === undefined) throw error; // no tool found (ours, -32602), the request itself, the SDK's task paths or its check of a request for input: as before
        told(call.name, REPLACED.failed, { error });
        return current().handlerErrorResult(call.name, null);
      });
    });
    // Installed last: a server the steps above refused (an SDK outside the
    // tested range) keeps its own sendToolListChanged.
    server.sendToolListChanged = function sendToolListChanged(...args) {
      classifier = null;
      return announce.apply(this, args);
    };
    Object.defineProperty(server, PROTECTED, { value: true });
    return server;

    /** The result for arguments the schema refused: the issues, classified; nothing of the input. */
    async function invalidArguments(tool, name, args, error) {
      let issues = [], rejections = [];
      const input = args ?? {};
      try {
        // Validated again for the issues, which the SDK's error has only as text.
        let pending;
        ({ value: pending, rejections } = core.recordRejections(() => line.issues(tool.inputSchema, input)));
        issues = await pending;
      } catch {
        // a schema that throws: no issue to name
      }
      told(name, REPLACED.invalidArguments, { error, issues });
      // A recipient that failed recipientSchema or recipientStandardSchema: its rejection result is the answer.
      const rejection = rejectionOf(issues, input, rejections);
      if (rejection !== undefined) {
        // Without structuredContent where Rust says the tool's error results are text only (it has an outputSchema).
        const { structuredContent, ...text } = structuredClone(rejection);
        return current().structuredErrors(name) ? { ...text, structuredContent } : text;
      }
      return current().toolErrorResult(name, { issues }, input); // the input tells a left-out argument (Zod 4 issues do not)
    }
  }

  return { protectServer, rpcError };
}
