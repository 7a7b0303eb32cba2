// protectServer: an McpServer of either SDK line made safe at its tool
// boundary. The SDK answers bad input before any handler runs, and its own
// messages quote the input (validators' messages, unknown keys, record keys
// in paths, an unknown tool's name). protectServer replaces the server's
// tools/call handler with one that follows the SDK's own flow (look the
// tool up, validate the arguments, run the handler, validate the output,
// and v2's projection of the result) through the McpServer's methods, and
// tells Rust which failure happened: Rust's Decision (src/server/) is the
// answer and the kind onError hears, from a catalog of the tools as the
// SDK lists them: never the input. What is recognized here is which
// failure happened and what the SDK's own answer would be; what differs
// between the lines is the line's (js/mcp/line-v1.js, line-v2.js).
import { rpcError } from "./rpc-error.js";
import { listedTools } from "./catalog.js";

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

/** protectServer over Rust's host rules and policy (`core`), the SDK lines, and recipient-schema.js's rejectionOf. */
export function createProtect(core, lines, rejectionOf) {
  const PROTECTED = Symbol("mcp-boundary protected");
  const ANSWERING = Symbol("mcp-boundary answering");

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

  /** The text of a handler's error as the SDK's own answer carries it, or null when reading it throws. */
  function sdkMessage(error) {
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
   * arguments, unknown tools and handler errors are answered as Rust
   * decides, from a catalog of the listed tools (and `options.messages`),
   * never with the input. Returns the same server.
   */
  function protectServer(server, options) {
    const line = lineOf(server);
    if (server[PROTECTED]) return server;
    const onError = options?.onError;
    if (onError !== undefined && typeof onError !== "function") throw core.argumentError("OnError");
    // Rust checks the options (messages, handlerErrors) now, not on the first call.
    const protection = core.protection(options);
    /**
     * Tells the operator's onError what an answer replaced (the tool as
     * called, the kind Rust's Decision names, the original error or
     * issues): for logs, never for the model. Nothing is told when
     * nothing was replaced. A throwing onError changes no answer.
     */
    const told = (tool, decision, what) => {
      if (decision.kind !== null) heard(onError, { tool, kind: decision.kind, ...what });
    };
    // The catalog is built from the tools as listed, on the first failure
    // after every change of them (the SDK announces each one with
    // sendToolListChanged), never per failed call.
    let stale = true;
    const announce = server.sendToolListChanged;
    const policy = () => {
      if (stale) {
        // Marked first: a getter of a listed schema that calls a tool
        // meanwhile answers from the catalog as it was, never re-entering.
        stale = false;
        protection.catalog(listedTools(server, line, core.maxCatalogEntries));
      }
      return protection;
    };
    /** A decision's answer as a tools/call handler gives it: its result, or its JSON-RPC error thrown. */
    const answered = (decision) => {
      if (decision.error !== undefined) throw rpcError(decision);
      return decision.result;
    };

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
        const decision = policy().unknownTool(name);
        told(name, decision, {});
        return answered(decision);
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
          const decision = policy().invalidArguments(name, []);
          told(name, decision, { error, issues: [] });
          return answered(decision);
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
        // The message as the SDK's answer would carry it, and as it is
        // classified (an McpError's without its prefix); Rust decides.
        const sdk = sdkMessage(error);
        const own = ownMessage(line, error);
        let decision = policy().handlerError(name, own ?? sdk);
        if (decision.kind === null && decision.result === undefined) {
          if (sdk !== null) return server.createToolError(sdk); // the SDK's own answer stands ("pass")
          decision = policy().handlerError(name, null);
        }
        told(name, decision, { error });
        return answered(decision);
      }
      try {
        await server.validateToolOutput(tool, result, name);
      } catch (error) {
        const decision = policy().invalidOutput(name);
        told(name, decision, { error });
        return answered(decision);
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
        const decision = policy().failed(call.name);
        told(call.name, decision, { error });
        return answered(decision);
      });
    });
    // Installed last: a server the steps above refused (an SDK outside the
    // tested range) keeps its own sendToolListChanged.
    server.sendToolListChanged = function sendToolListChanged(...args) {
      stale = true;
      return announce.apply(this, args);
    };
    Object.defineProperty(server, PROTECTED, { value: true });
    return server;

    /** The answer for arguments the schema refused: Rust's, from the issues; nothing of the input. */
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
      // A recipient field that refused the arguments: Rust answers with its rejection.
      const rejected = rejectionOf(issues, input, rejections);
      const decision =
        rejected !== undefined
          ? policy().recipientRejected(name, rejected.to, rejected.validator)
          : policy().invalidArguments(name, issues, input); // the input tells a left-out argument (Zod 4 issues do not)
      told(name, decision, { error, issues });
      return answered(decision);
    }
  }

  return protectServer;
}
