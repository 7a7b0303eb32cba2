// mcp-boundary/mcp: the official MCP TypeScript SDK's McpServer, made safe
// at its tool boundary. Written once and wrapped by js/build.mjs for ESM and
// CommonJS; the SDK is an optional peer dependency that only this entry
// loads.
//
// The SDK answers bad input before any handler runs, and its own messages
// quote the input (Zod enum errors, strict objects' unknown keys, record
// keys in paths, an unknown tool's name). protectServer replaces the
// server's tools/call handler with one that follows the SDK's own flow
// (look the tool up, validate the arguments, run the handler, validate the
// output) through the McpServer's methods, and answers every failure with
// what Rust builds from a catalog of the registered tools: never the input.
//
// It touches these SDK internals, pinned by the peer dependency's range and
// tested at its bounds: McpServer#_registeredTools, #setToolRequestHandlers,
// #validateToolInput, #executeToolHandler, #validateToolOutput,
// #createToolError, Protocol#_requestHandlers (for the task paths, which
// it leaves to the SDK once the arguments are valid, and to answer when the
// SDK's own check of a handler's result throws) and, for ToolRouter,
// Protocol#_notificationHandlers (to keep a client's own tools/list_changed
// handler).
function createMcp(api, sdk) {
  "use strict";
  const { McpError, ErrorCode, CallToolRequestSchema, ToolListChangedNotificationSchema, normalizeObjectSchema, getObjectShape, safeParseAsync, toJsonSchemaCompat } =
    sdk;
  const PROTECTED = Symbol("mcp-boundary protected");
  const ANSWERING = Symbol("mcp-boundary answering");
  const LIST_CHANGED = ToolListChangedNotificationSchema.shape.method.value;
  // Rust's host rules, bounds and errors (src/host/, js/api/mcp-core.js): every
  // error thrown here is Rust's, with its `code` and `reason`.
  const core = api.__mcp();
  // The most entries of one catalog list (Rust's MAX_CATALOG_ENTRIES): a
  // catalog built from more tools, or a tool with more fields, would be
  // refused whole, so only the first ones are taken.
  const MAX_CATALOG_ENTRIES = core.maxCatalogEntries;
  const REPLACED = core.replaced; // the kinds onError hears, by key: Rust's names

  /** The top-level field names of a tool's input schema (Zod 3 or 4, a raw shape or an object); none for others. */
  function fieldsOf(inputSchema) {
    if (inputSchema === undefined) return [];
    try {
      const shape = getObjectShape(normalizeObjectSchema(inputSchema));
      return shape && typeof shape === "object" ? Object.keys(shape) : [];
    } catch {
      return [];
    }
  }

  /**
   * An error result as a tool may return it: a client validates any
   * `structuredContent` against the tool's outputSchema, error results
   * included, so a tool with one gets the text only.
   */
  function forTool(call, result) {
    if (!call.output || result.structuredContent === undefined) return result;
    const { structuredContent, ...rest } = result;
    return rest;
  }

  /**
   * What each field's JSON Schema declares (as tools/list shows it: enum,
   * bounds), for Rust to phrase as hints; nothing for a schema that does
   * not convert.
   */
  function hintsOf(inputSchema) {
    if (inputSchema === undefined) return {};
    try {
      const json = toJsonSchemaCompat(normalizeObjectSchema(inputSchema), { strictUnions: true, pipeStrategy: "input" });
      return json?.properties ?? {};
    } catch {
      return {};
    }
  }

  /**
   * What a handler's error says, for classifying: an McpError's message
   * as the handler wrote it, without the "MCP error <code>: " its
   * constructor puts in front (a server's own phrase would never match
   * otherwise); any other error as it is.
   */
  function ownMessage(error) {
    if (typeof error === "string") return error;
    // A thrown value is the handler's: a getter or Proxy trap of it may
    // throw, with the input in its text. Each property is read once, and
    // what cannot be read leaves the error unclassified.
    try {
      const message = error !== null && typeof error === "object" ? error.message : undefined;
      if (typeof message !== "string") return null;
      if (!(error instanceof McpError)) return message;
      const prefix = `MCP error ${error.code}: `;
      return message.startsWith(prefix) ? message.slice(prefix.length) : message;
    } catch {
      return null;
    }
  }

  /** Whether a handler threw the SDK's URL elicitation error, which must reach the client as it is; a value that cannot be read is not. */
  function isUrlElicitation(error) {
    try {
      return error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired;
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
   * The registered, enabled tool called `name`, with what its answers
   * need, read once: `{ tool, name, output, tasks }`; undefined for none.
   * A tool whose properties throw when read is none (the SDK could not
   * list it either).
   */
  function lookUp(server, name) {
    try {
      const tools = server._registeredTools;
      const tool = Object.hasOwn(tools, name) ? tools[name] : undefined;
      if (tool === undefined || !tool.enabled) return undefined;
      const taskSupport = tool.execution?.taskSupport;
      return { tool, name, output: tool.outputSchema !== undefined, tasks: taskSupport === "required" || taskSupport === "optional" };
    } catch {
      return undefined;
    }
  }

  /**
   * An ErrorClassifier of the server's enabled tools (names, fields, hints)
   * and `messages`. What the catalog cannot take (an empty name, a field
   * with a space, a schema or a getter that throws) is left out, that
   * tool's fields or hints or the tool itself, and never costs the other
   * tools their answers; of more than MAX_CATALOG_ENTRIES tools, the first.
   */
  function catalogOf(server, messages) {
    const entries = [];
    for (const [name, tool] of Object.entries(server._registeredTools)) {
      if (entries.length === MAX_CATALOG_ENTRIES) break;
      try {
        if (!tool.enabled) continue; // not listed, not callable: never suggested
        const schema = tool.inputSchema;
        entries.push({ name, fields: fieldsOf(schema).slice(0, MAX_CATALOG_ENTRIES), hints: hintsOf(schema) });
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
  }

  /** A JSON-RPC error whose code, message and data are exactly Rust's (McpError would prefix the message). */
  function rpcError(envelope) {
    const e = new Error(envelope.error.message);
    e.code = envelope.error.code;
    if (envelope.error.data !== undefined) e.data = envelope.error.data;
    return e;
  }

  /**
   * Makes every tools/call answer of an McpServer safe: invalid arguments,
   * unknown tools and handler errors are answered from a catalog of the
   * registered tools (and `options.messages`), never with the input.
   * Returns the same server.
   */
  function protectServer(server, options) {
    if (server === null || typeof server !== "object" || typeof server.registerTool !== "function" || server.server === undefined) {
      throw core.argumentError("McpServer");
    }
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
    const told = (tool, kind, what) => {
      if (onError === undefined) return;
      try {
        onError({ tool, kind, ...what });
      } catch {
        // the operator's logging failed: the model's answer stands
      }
    };
    new api.ErrorClassifier({ tools: [], fieldMessages: messages, fieldlessMessages: messages }).free(); // bad options fail here, not on the first call
    // Built from the registered tools, again after every change of them
    // (the SDK announces each one with sendToolListChanged).
    let classifier = null;
    const announce = server.sendToolListChanged;
    server.sendToolListChanged = function sendToolListChanged(...args) {
      classifier = null;
      return announce.apply(this, args);
    };
    const current = () => (classifier ??= catalogOf(server, messages));

    if (!server._toolHandlersInitialized) server.setToolRequestHandlers();
    const sdkHandler = server.server._requestHandlers.get("tools/call");
    // The call this handler answers itself, on the SDK's `extra` of each
    // request, under a symbol no one else reads (a Map or WeakMap entry,
    // or Reflect.set, cost 150-250 ns of every valid call; an assignment
    // costs nothing measurable): from the moment its tool is found,
    // anything that throws (a hostile getter of the tool, of a thrown
    // value, of a result the SDK checks after this handler returns it) is
    // answered "tool <name> failed", never with the exception's text,
    // which may carry the input.
    const mark = (extra, call) => {
      try {
        extra[ANSWERING] = call;
      } catch {
        // an `extra` that takes no property: its call's errors pass as the SDK sends them
      }
    };
    server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
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
        return forTool(call, await invalidArguments(tool, name, request.params.arguments, error));
      }
      // Task tools and task-augmented calls run on the SDK's own paths
      // (task creation, polling), once their arguments have passed here:
      // the SDK validates them again, and only refuses what passed.
      if (request.params.task || call.tasks) {
        mark(extra, undefined);
        return sdkHandler(request, extra);
      }
      let result;
      try {
        result = await server.executeToolHandler(tool, args, extra);
      } catch (error) {
        if (isUrlElicitation(error)) {
          mark(extra, undefined);
          throw error;
        }
        const message = passHandlerErrors ? passedMessage(error) : null;
        if (message !== null) return server.createToolError(message);
        told(name, REPLACED.handlerError, { error });
        return forTool(call, current().handlerErrorResult(name, passHandlerErrors ? null : ownMessage(error)));
      }
      try {
        await server.validateToolOutput(tool, result, name);
      } catch (error) {
        told(name, REPLACED.invalidOutput, { error });
        return forTool(call, current().handlerErrorResult(name, null)); // a result that breaks its own outputSchema: "tool <name> failed"
      }
      return result;
    });
    // Around the SDK's checks of the request and of the result (which read
    // every property of the result: a getter there throws in the SDK).
    const checked = server.server._requestHandlers.get("tools/call");
    server.server._requestHandlers.set("tools/call", (request, extra) =>
      checked(request, extra).then(undefined, (error) => {
        const call = extra !== null && typeof extra === "object" ? extra[ANSWERING] : undefined;
        if (call === undefined) throw error; // no tool found (ours, -32602), the request itself, or the SDK's task paths: as before
        told(call.name, REPLACED.failed, { error });
        return forTool(call, current().handlerErrorResult(call.name, null));
      }),
    );
    Object.defineProperty(server, PROTECTED, { value: true });
    return server;

    /** The result for arguments the schema refused: the issues, classified; nothing of the input. */
    async function invalidArguments(tool, name, args, error) {
      let issues = [];
      const input = args ?? {};
      try {
        const schema = normalizeObjectSchema(tool.inputSchema) ?? tool.inputSchema;
        const parsed = await safeParseAsync(schema, input);
        if (!parsed.success) issues = parsed.error.issues;
      } catch {
        // a schema that throws: no issue to name
      }
      told(name, REPLACED.invalidArguments, { error, issues });
      // A recipient that failed recipientSchema: its rejection result is the answer.
      const rejection = rejectionOf(issues);
      if (rejection !== undefined) return structuredClone(rejection);
      return current().toolErrorResult(name, { issues }, input); // the input tells a left-out argument (Zod 4 issues do not)
    }
  }

  // The key under which a recipient schema's issue carries its rejection.
  const REJECTION = "mcpBoundaryRecipient";

  /**
   * A schema for the `z` passed in (Zod 3 or 4, classic or Mini) that
   * accepts exactly what `new RecipientValidator(options)` accepts; a
   * failure carries the rejection, which protectServer answers with.
   */
  function recipientSchema(z, options) {
    const base = z !== null && (typeof z === "object" || typeof z === "function") && typeof z.string === "function" ? z.string() : null;
    // Classic schemas have methods; Zod Mini's take checks made by
    // functions of `z` instead (`z.describe`, or `z.meta` where a Mini
    // has no `z.describe`).
    const classic = base !== null && typeof base.describe === "function" && typeof base.superRefine === "function";
    const mini = base !== null && !classic && typeof base.check === "function" && typeof z.superRefine === "function";
    if (!classic && !mini) throw core.argumentError("Zod");
    const validator = new api.RecipientValidator(options);
    const { description } = api.recipientJsonSchema(options);
    const refine = (value, ctx) => {
      const result = validator.rejectionResult(value);
      if (result !== null) ctx.addIssue({ code: "custom", message: result.structuredContent.error.message, params: { [REJECTION]: result } });
    };
    if (classic) return base.describe(description).superRefine(refine);
    const describe = typeof z.describe === "function" ? z.describe(description) : typeof z.meta === "function" ? z.meta({ description }) : null;
    return base.check(...(describe === null ? [] : [describe]), z.superRefine(refine));
  }

  /** The rejection result a schema issue carries, if it is one of recipientSchema's. */
  function rejectionOf(issues) {
    for (const issue of issues) {
      const r = issue?.code === "custom" ? issue.params?.[REJECTION] : undefined;
      if (r !== undefined) return r;
    }
    return undefined;
  }

  /**
   * A host's tools from its connected SDK Clients, each as `server/tool`
   * in one ToolRegistry (aliases per profile, collisions skipped and
   * reported), declared to a provider in its own shape, and a model's call
   * routed back to the server that has the tool.
   */
  class ToolRouter {
    #registry;
    #servers = new Map(); // server → { client, tools: Map of canonical → tool, refused, and how it is followed and listed }
    #adding = new Map(); // server → the entry of its newest addServer, until its tools are in place
    #classifier = null; // for unknown names: suggestions among the aliases
    #skip;
    #nameOptions; // the registry's profile and overflow
    constructor(options) {
      // A host would rather lose one tool than a server: "skip" unless told.
      const onCollision = options?.onCollision ?? "skip";
      this.#nameOptions = { profile: options?.profile, overflow: options?.overflow ?? "hash" };
      this.#registry = new api.ToolRegistry({ ...this.#nameOptions, onCollision });
      this.#skip = onCollision === "skip";
    }
    /**
     * Connects a server's tools (every page of tools/list), and follows its
     * tools/list_changed. Returns what was refused for a collision and
     * what no alias can stand for; with onCollision "throw", either throws.
     * All or nothing: when it throws, nothing of this server is registered
     * or followed, and a server added earlier under the name stays as it
     * was; when it succeeds, the new tools replace that server's.
     */
    async addServer(name, client) {
      // Rust's rule (docs/DECISIONS.md): a server name that could make one
      // server's alias another's is refused, and so is a value that is no name.
      core.checkServerName(name, this.#nameOptions);
      if (client === null || typeof client !== "object" || typeof client.listTools !== "function" || typeof client.setNotificationHandler !== "function") {
        throw core.argumentError("Client");
      }
      const entry = { client, tools: new Map(), registered: [], refused: [], listing: null, stale: false, previous: undefined, installed: undefined };
      this.#adding.set(name, entry); // until its tools are in place; a later addServer or removeServer of the name cancels it
      try {
        this.#follow(entry, () => this.#refresh(name, entry).catch(() => {})); // a refused new list keeps the old one
        return await this.#refresh(name, entry);
      } finally {
        if (this.#adding.get(name) === entry) this.#adding.delete(name);
        if (this.#servers.get(name) !== entry) this.#unfollow(entry); // failed or cancelled: not followed either
      }
    }
    /**
     * Calls `changed` on the client's tools/list_changed, and then the
     * handler the client had for it (its own `listChanged` option, a
     * host's handler): following a server must not silence them.
     */
    #follow(entry, changed) {
      const handlers = entry.client._notificationHandlers; // Protocol's, by method
      const previous = handlers instanceof Map ? handlers.get(LIST_CHANGED) : undefined;
      entry.client.setNotificationHandler(ToolListChangedNotificationSchema, (notification) => {
        changed();
        return previous?.(notification);
      });
      entry.previous = previous;
      entry.installed = handlers instanceof Map ? handlers.get(LIST_CHANGED) : undefined;
    }
    /**
     * The client's own handler back, unless another has replaced ours
     * since (that one still calls ours, which then does nothing).
     */
    #unfollow(entry) {
      const handlers = entry.client._notificationHandlers;
      if (!(handlers instanceof Map)) entry.client.removeNotificationHandler?.(LIST_CHANGED);
      else if (handlers.get(LIST_CHANGED) === entry.installed) {
        if (entry.previous === undefined) handlers.delete(LIST_CHANGED);
        else handlers.set(LIST_CHANGED, entry.previous);
      }
    }
    /** Whether `entry` is the server's: added, or the newest addServer of the name still listing. */
    #current(name, entry) {
      return this.#servers.get(name) === entry || this.#adding.get(name) === entry;
    }
    /**
     * Lists the server's tools and maps them. One listing at a time per
     * server: a change announced during one (servers announce each tool
     * they add, so they come in bursts) lists once more after it, so the
     * mapping ends at the newest list whatever order the answers come in.
     */
    #refresh(name, entry) {
      if (!this.#current(name, entry)) return Promise.resolve({ refused: [], unrepresentable: [] }); // removed
      if (entry.listing !== null) {
        entry.stale = true;
        return entry.listing;
      }
      entry.listing = (async () => {
        let result, error;
        try {
          do {
            entry.stale = false;
            try {
              result = await this.#list(name, entry);
              error = undefined;
            } catch (e) {
              error = e;
            }
          } while (entry.stale && this.#current(name, entry));
        } finally {
          entry.listing = null;
        }
        if (error !== undefined) throw error;
        return result;
      })();
      return entry.listing;
    }
    /**
     * One listing, and its tools in place of the server's: of this entry's
     * earlier list, or, for an add, of the server added earlier under the
     * name, which then stops being followed. A list the registry refuses
     * ("throw") changes nothing.
     */
    async #list(name, entry) {
      const tools = await core.listTools(entry.client); // within Rust's bounds, or its TOOL_LIST_REFUSED error
      if (!this.#current(name, entry)) return { refused: [], unrepresentable: [] }; // removed or replaced meanwhile
      const earlier = this.#servers.get(name); // entry itself on a re-list
      const before = earlier === undefined ? [] : earlier.registered;
      this.#registry.unregisterServer(name);
      let refused = [], unrepresentable = [];
      let names = tools.map((t) => t.name);
      try {
        let report;
        try {
          report = this.#registry.registerServer(name, names);
        } catch (e) {
          // With "skip", one name that no alias can stand for (an empty
          // part, a lone surrogate) must not cost the whole server: those
          // are left out and reported, the rest registered. Rare, so only
          // then is each name asked on its own.
          if (!this.#skip || !(e instanceof api.ToolNameError)) throw e; // with "skip", a collision never throws
          ({ names, unrepresentable } = this.#representable(name, names));
          report = this.#registry.registerServer(name, names);
        }
        if (this.#skip) refused = report.refused;
      } catch (e) {
        this.#registry.unregisterServer(name);
        this.#registry.registerServer(name, before); // "throw": the list that fitted stays
        throw e;
      }
      if (earlier !== entry) {
        if (earlier !== undefined) this.#unfollow(earlier);
        this.#servers.set(name, entry);
        this.#adding.delete(name);
      }
      entry.tools = new Map(tools.map((t) => [`${name}/${t.name}`, t]));
      entry.registered = names; // what a refused later list puts back
      entry.refused = refused;
      this.#classifier = null;
      return { refused, unrepresentable };
    }
    /** `names` split into those an alias can stand for and the others (`{ canonical, reason }`), as the registry's options decide. */
    #representable(server, names) {
      const ok = [], unrepresentable = [];
      for (const tool of names) {
        const canonical = `${server}/${tool}`;
        try {
          api.toLlmFacingName(canonical, this.#nameOptions);
          ok.push(tool);
        } catch (e) {
          if (!(e instanceof api.ToolNameError)) throw e; // all it throws for a name
          unrepresentable.push({ canonical, reason: e.reason });
        }
      }
      return { names: ok, unrepresentable };
    }
    /** Disconnects a server's tools (the client itself is the caller's to close), and cancels an addServer of the name still listing. */
    removeServer(name) {
      const adding = this.#adding.delete(name); // its addServer stops following it
      const entry = this.#servers.get(name);
      if (entry === undefined) return adding;
      this.#unfollow(entry);
      this.#servers.delete(name);
      this.#registry.unregisterServer(name);
      this.#classifier = null;
      return true;
    }
    /** The tools, as `format` requests declare them, under their aliases. */
    tools(format) {
      const specs = [];
      for (const { canonical, alias } of this.#registry.entries()) {
        const tool = this.#toolOf(canonical);
        if (tool !== undefined) specs.push({ name: alias, description: tool.description, inputSchema: tool.inputSchema });
      }
      return api.toolDefinitions(specs, format);
    }
    /** The registry: aliases both ways, and payload rewriting (toProvider, fromProvider). */
    get registry() {
      return this.#registry;
    }
    /**
     * Calls a tool by its alias or canonical name on the server that has
     * it. An unknown name throws the JSON-RPC -32602 "unknown tool" error
     * with suggestions among the aliases; the name is never echoed.
     */
    async callTool(name, args, options) {
      const canonical = typeof name === "string" ? this.#registry.toCanonical(name) : null;
      const server = canonical === null ? undefined : canonical.slice(0, canonical.indexOf("/"));
      const entry = server === undefined ? undefined : this.#servers.get(server);
      const tool = entry?.tools.get(canonical);
      if (tool === undefined) {
        // Suggestions among the first aliases a catalog holds: a catalog of
        // more would be refused whole, and the answer must still be -32602.
        this.#classifier ??= new api.ErrorClassifier({ tools: this.#registry.entries().slice(0, MAX_CATALOG_ENTRIES).map((e) => e.alias) });
        throw rpcError(this.#classifier.unknownToolResponse(null, typeof name === "string" ? name : ""));
      }
      // The server would refuse anything else with an error about its own
      // request schema; OpenAI's arguments arrive as JSON text.
      if (args !== undefined && args !== null && (typeof args !== "object" || Array.isArray(args))) {
        throw core.argumentError("ToolArguments");
      }
      return entry.client.callTool({ name: tool.name, arguments: args ?? {} }, undefined, options);
    }
    #toolOf(canonical) {
      return this.#servers.get(canonical.slice(0, canonical.indexOf("/")))?.tools.get(canonical);
    }
  }

  return { protectServer, recipientSchema, ToolRouter };
}
