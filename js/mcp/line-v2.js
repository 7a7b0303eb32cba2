// The v2 line of the MCP TypeScript SDK (@modelcontextprotocol/server and
// /client 2.x): what protectServer and ToolRouter need that differs from
// v1. Nothing of the SDK is imported: its McpServer takes any Standard
// Schema (Zod 4, Valibot, ArkType, …) and publishes its JSON Schema, its
// Protocol registers handlers by method name, and its errors carry a brand
// that works across copies of the SDK.
//
// It touches these SDK internals, pinned by the peer dependency's range and
// tested at its bounds: McpServer#_registeredTools, #setToolRequestHandlers,
// #validateToolInput, #executeToolHandler, #validateToolOutput,
// #createToolError, #toolInputSchemaJson (the input schema as tools/list
// converts it), Protocol#_requestHandlers (to answer when the SDK's
// own check of a handler's result throws) and, for ToolRouter,
// Protocol#_notificationHandlers (to keep a client's own
// notifications/tools/list_changed handler).

const LIST_CHANGED = "notifications/tools/list_changed";
// The SDK's error brands (a Set of names on each error it makes) and the
// code of its URL elicitation error, which must reach the client as it is.
const BRANDS = Symbol.for("mcp.sdk.errorBrands");
const PROTOCOL_ERROR = "mcp.ProtocolError";
const URL_ELICITATION_REQUIRED = -32042;
// The JSON Schema target the SDK publishes tools/list in.
const TARGET = "draft-2020-12";

/** Whether a result asks the client for input (2026-07-28's `input_required`, as the SDK tells it). */
function awaitsInput(result) {
  return result !== null && typeof result === "object" && !Array.isArray(result) && result.resultType === "input_required";
}

/**
 * A tool's input schema as tools/list publishes it: the SDK's own
 * conversion (McpServer#toolInputSchemaJson, which tools/list converts
 * with: Standard JSON Schema, and z.toJSONSchema for a Zod schema without
 * it, such as Zod Mini's), else the schema's Standard JSON Schema;
 * undefined when it has none or it throws.
 */
function listedSchema(server, name, tool) {
  if (typeof server.toolInputSchemaJson === "function") return server.toolInputSchemaJson(name);
  const { inputSchema } = tool;
  if (inputSchema === undefined || inputSchema === null) return undefined;
  const json = inputSchema["~standard"]?.jsonSchema?.input({ target: TARGET });
  return json !== null && typeof json === "object" ? json : undefined;
}

export function createLineV2() {
  return {
    name: "v2",
    /** v2's Server projects tools/call results through its wire codec (v1's has no such method). */
    claimsServer: (server) => typeof server.server.projectCallToolResult === "function",
    /** v2's Client negotiates per revision (v1's has no such method). */
    claimsClient: (client) => typeof client.getNegotiatedProtocolVersion === "function",
    listedSchema,
    /** The schema's Standard Schema issues for `input` (none when it passes). */
    async issues(inputSchema, input) {
      if (inputSchema === undefined || inputSchema === null) return [];
      const result = await inputSchema["~standard"].validate(input);
      return Array.isArray(result?.issues) ? result.issues : [];
    },
    tasks: () => false, // v2 has no tasks
    /**
     * Whether `args` has more elements than the server's
     * `maxToolInputElements` allows, counted as the SDK counts them (each
     * own key and each list entry, at any depth), and no further than one
     * past the cap.
     */
    overElementCap(server, args) {
      const max = server._maxToolInputElements;
      if (typeof max !== "number") return false;
      let count = 0;
      const stack = [args];
      while (stack.length > 0) {
        const node = stack.pop();
        if (node === null || typeof node !== "object") continue;
        const visit = (child) => {
          if (child !== null && typeof child === "object") stack.push(child);
          return ++count > max;
        };
        if (Array.isArray(node)) {
          for (const child of node) if (visit(child)) return true;
        } else {
          for (const key in node) if (Object.hasOwn(node, key) && visit(node[key])) return true;
        }
      }
      return false;
    },
    /** What a handler's error says: v2's ProtocolError puts nothing in front of the message. */
    ownMessage: (error, message) => message,
    passesThrough(error) {
      const brands = error !== null && typeof error === "object" && Object.hasOwn(error, BRANDS) ? error[BRANDS] : undefined;
      return brands instanceof Set && brands.has(PROTOCOL_ERROR) && error.code === URL_ELICITATION_REQUIRED;
    },
    setToolsCall: (server, handler) => server.server.setRequestHandler("tools/call", handler),
    /**
     * A valid call's result as the SDK would send it: an input_required
     * result (2026-07-28) as it is, any other projected through the
     * negotiated revision's codec against the published output schema.
     */
    finish(server, tool, result) {
      if (awaitsInput(result)) return result;
      return server.server.projectCallToolResult(result, tool.outputSchemaJson);
    },
    awaitsInput,
    follow: (client, handler) => client.setNotificationHandler(LIST_CHANGED, handler),
    /**
     * Under 2026-07-28, list changes arrive only on a `subscriptions/listen`
     * stream: one for tools, unless the server announces none. The one the
     * client's own `listChanged` option opened carries them to the same
     * handler: it is taken as it is (closing it is the client's), unless
     * `own` (it ended: the client does not open it again). Earlier
     * revisions send changes unasked. Resolves to the subscription
     * (`close()`, `closed`), if there is one.
     */
    async subscribe(client, own) {
      if (client.getProtocolEra?.() !== "modern") return undefined;
      if (client.getServerCapabilities?.()?.tools?.listChanged !== true) return undefined;
      const auto = client.autoOpenedSubscription;
      if (!own && auto?.honoredFilter?.toolsListChanged === true) return { closed: auto.closed, close: async () => {} };
      return client.listen({ toolsListChanged: true });
    },
    /** A fresh list: the client's cache would answer a re-list with the old one. */
    listTools: (client, params) => client.listTools(params, { cacheMode: "refresh" }),
    listChanged: LIST_CHANGED,
    callTool: (client, params, options) => client.callTool(params, options),
  };
}
