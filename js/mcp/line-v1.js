// The v1 line of the MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x):
// what protectServer and ToolRouter need that differs between the lines.
// Its McpServer takes Zod 3 or 4 schemas (a raw shape or an object), its
// Protocol registers handlers by request schema, and its tools may run as
// tasks.
//
// It touches these SDK internals, pinned by the peer dependency's range and
// tested at its bounds: McpServer#_registeredTools, #setToolRequestHandlers,
// #validateToolInput, #executeToolHandler, #validateToolOutput,
// #createToolError, Protocol#_requestHandlers (for the task paths, which
// it leaves to the SDK once the arguments are valid, and to answer when the
// SDK's own check of a handler's result throws) and, for ToolRouter,
// Protocol#_notificationHandlers (to keep a client's own tools/list_changed
// handler).

/** The v1 line over the SDK's modules (`sdk`: the names js/build/build.mjs imports), or null without them. */
export function createLineV1(sdk) {
  if (sdk === null) return null;
  const { McpError, ErrorCode, CallToolRequestSchema, ToolListChangedNotificationSchema, normalizeObjectSchema, getObjectShape, safeParseAsync, toJsonSchemaCompat } =
    sdk;
  const LIST_CHANGED = ToolListChangedNotificationSchema.shape.method.value;

  /**
   * A tool's input JSON Schema as v1's tools/list converts it (Zod 3 or 4,
   * a raw shape or an object), for Rust to read its fields and what each
   * declares (its type included: a wrong type is answered as on v2 and in
   * Python, SPEC 6.1). A schema that does not convert keeps its fields,
   * declaring nothing.
   */
  function listedSchema(server, name, tool) {
    const { inputSchema } = tool;
    if (inputSchema === undefined) return undefined;
    const object = normalizeObjectSchema(inputSchema);
    let properties;
    try {
      properties = toJsonSchemaCompat(object, { strictUnions: true, pipeStrategy: "input" })?.properties;
    } catch {
      const shape = getObjectShape(object);
      return { properties: Object.fromEntries(Object.keys(shape ?? {}).map((field) => [field, {}])) };
    }
    if (properties === null || typeof properties !== "object") return undefined;
    return { properties };
  }

  return {
    name: "v1",
    /** Any McpServer that is not v2's (v2's Server projects results: js/mcp/line-v2.js). */
    claimsServer: (server) => typeof server.server.projectCallToolResult !== "function",
    /** Any Client that is not v2's. */
    claimsClient: (client) => typeof client.getNegotiatedProtocolVersion !== "function",
    listedSchema,
    /** The schema's issues for `input` (none when it passes or throws). */
    async issues(inputSchema, input) {
      const schema = normalizeObjectSchema(inputSchema) ?? inputSchema;
      const parsed = await safeParseAsync(schema, input);
      return parsed.success ? [] : parsed.error.issues;
    },
    /** v1 has no cap on argument elements. */
    overElementCap: () => false,
    /** A task tool, or a task-augmented call: left to the SDK's own paths once its arguments pass. */
    tasks(tool, request) {
      const taskSupport = tool.execution?.taskSupport;
      return Boolean(request.params.task) || taskSupport === "required" || taskSupport === "optional";
    },
    /**
     * What a handler's error says, for classifying: an McpError's message
     * as the handler wrote it, without the "MCP error <code>: " its
     * constructor puts in front (a server's own phrase would never match
     * otherwise); any other error as it is. Each property is read once.
     */
    ownMessage(error, message) {
      if (!(error instanceof McpError)) return message;
      const prefix = `MCP error ${error.code}: `;
      return message.startsWith(prefix) ? message.slice(prefix.length) : message;
    },
    /** Whether a handler threw the SDK's URL elicitation error, which must reach the client as it is. */
    passesThrough: (error) => error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired,
    setToolsCall: (server, handler) => server.server.setRequestHandler(CallToolRequestSchema, handler),
    /** A valid call's result as the SDK would send it (v1 sends it as it is). */
    finish: (server, tool, result) => result,
    /** v1's revisions have no requests for input. */
    awaitsInput: () => false,
    follow: (client, handler) => client.setNotificationHandler(ToolListChangedNotificationSchema, handler),
    /** v1's revisions send list changes unasked: nothing to open. */
    subscribe: async () => undefined,
    listTools: (client, params) => client.listTools(params),
    listChanged: LIST_CHANGED,
    callTool: (client, params, options) => client.callTool(params, undefined, options),
  };
}
