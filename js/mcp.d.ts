// Types of mcp-boundary/mcp. The SDK is an optional peer dependency in either
// of its lines, v1 (@modelcontextprotocol/sdk) and v2
// (@modelcontextprotocol/server and /client), and a project may have one
// line alone or both: nothing here imports an SDK's types. What
// protectServer and ToolRouter take is described by the members they use,
// which both lines' McpServer and Client have; a protected server keeps its
// own type, and a routed call's result is assignable to both lines'
// CallToolResult.
import type { PayloadFormat, RecipientOptions, ToolDefinitions, ToolNameOptions, ToolNameReason, ToolRegistry } from "mcp-boundary";

/** Options of {@link protectServer}. */
export interface ProtectOptions {
  /**
   * The server's own safe phrases: a handler error whose message is one of
   * them (alone, or after a field name) is passed on; any other message is
   * replaced by `tool <name> failed`.
   */
  messages?: string[];
  /** `"pass"` keeps the SDK's answer for handler errors (their messages as they are); the default is `"classify"`. */
  handlerErrors?: HandlerErrors;
  /**
   * Called for every answer protectServer gives in place of the SDK's, for
   * the operator's logs (the model never sees what it is given): the tool
   * as called, why, and the original error or schema issues, which may
   * carry the caller's input. What it throws is ignored.
   */
  onError?: (info: ProtectErrorInfo) => void;
}

/** How {@link ProtectOptions.handlerErrors} treats a handler's error (Rust's `HandlerErrors`). */
export type HandlerErrors = "classify" | "pass";

/** Why protectServer replaced an answer (Rust's `ReplacedAnswer` names). */
export type ReplacedAnswerKind = "invalid_arguments" | "unknown_tool" | "handler_error" | "invalid_output" | "failed" | "request_refused";

/** What {@link ProtectOptions.onError} is told. */
export interface ProtectErrorInfo {
  /** The tool's name as the call gave it (caller input: for logs). */
  tool: string;
  kind: Exclude<ReplacedAnswerKind, "request_refused">;
  /** What the schema, the handler or the SDK threw (absent for an unknown tool). */
  error?: unknown;
  /** The input schema's issues (`invalid_arguments`). */
  issues?: readonly unknown[];
}

/**
 * What {@link protectServer} takes: an `McpServer` of either SDK line (v1's
 * from `@modelcontextprotocol/sdk/server/mcp.js`, v2's from
 * `@modelcontextprotocol/server`), described by the public members both
 * have; the line is told at run time, and what else protectServer reaches
 * is the SDK's own, within the peer dependency's ranges.
 */
export interface ProtectableServer {
  registerTool(name: string, config: never, handler: never): unknown;
  sendToolListChanged(): void;
  /** The low-level `Server`, whose `tools/call` handler protectServer replaces. */
  readonly server: {
    setRequestHandler(request: never, handler: never): void;
  };
}

/**
 * Makes every `tools/call` answer of an `McpServer` (v1 or v2) safe:
 * arguments its input schema refuses (v1: Zod 3 or 4; v2: any Standard
 * Schema, such as Zod 4, Valibot or ArkType), unknown tools and errors
 * thrown by handlers are answered from a catalog of the registered tools
 * (their names and fields) and `options.messages`, never with the caller's
 * input. Valid calls, results and `outputSchema` behave as without it;
 * tools registered later are covered. Returns the same server, with its
 * own type.
 * @throws {McpArgumentError} (`wrong_type`) for something that is not an `McpServer`.
 * @throws {OptionsError} for options that cannot work.
 */
export function protectServer<S extends ProtectableServer>(server: S, options?: ProtectOptions): S;

/** A web-standard MCP handler, as the v2 SDK's `createMcpHandler` returns it. */
export interface ProtectableHandler {
  fetch(request: Request, ...rest: never[]): Promise<Response>;
}

/** What {@link ProtectHandlerOptions.onError} is told: the SDK's own refusal body, which may quote the request (for logs). */
export interface RefusedRequestInfo {
  kind: "request_refused";
  error: string;
}

/** Options of {@link protectHandler}. */
export interface ProtectHandlerOptions {
  /** Called for every refusal protectHandler replaces, for the operator's logs. What it throws is ignored. */
  onError?: (info: RefusedRequestInfo) => void;
}

/**
 * Makes the answers a web-standard MCP handler gives before any server
 * code runs safe: its refusals of the HTTP request that can quote it
 * (`-32020` headers against the body, `-32022` an unsupported revision,
 * `-32602` an invalid envelope, `-32700` no JSON) are replaced by fixed
 * ones with the same code and status; every other answer passes as it is.
 * Returns the same handler, its `fetch` wrapped.
 * @throws {McpArgumentError} (`wrong_type`) for something with no `fetch` function, or an `onError` that is no function.
 */
export function protectHandler<H extends ProtectableHandler>(handler: H, options?: ProtectHandlerOptions): H;

/**
 * A schema for the `z` passed in (Zod 3 or Zod 4, classic or Mini) that accepts exactly what
 * `new RecipientValidator(options)` accepts, described with both valid
 * shapes (so `tools/list` teaches them). A failure carries the recipient
 * rejection, which a protected server returns as the structured error.
 * @throws {McpArgumentError} (`wrong_type`) for a `z` that is not Zod's.
 * @throws {OptionsError} when `options` cannot work.
 */
export function recipientSchema<Z extends { string(): unknown }>(z: Z, options?: RecipientOptions): ReturnType<Z["string"]>;

/**
 * A Valibot string schema for the `v` passed in (`import * as v from
 * "valibot"`) that accepts exactly what `new RecipientValidator(options)`
 * accepts and refuses with the recipient rejection's message, which a
 * protected server answers with the rejection; its JSON Schema (through
 * `@valibot/to-json-schema`) is `recipientJsonSchema(options)`'s, both
 * shapes told.
 * @throws {McpArgumentError} (`wrong_type`) for a `v` that is not Valibot's.
 * @throws {OptionsError} when `options` cannot work.
 */
export function recipientValibot<V extends { string(): unknown }>(v: V, options?: RecipientOptions): ReturnType<V["string"]>;

/**
 * An ArkType string type for the `type` passed in (`import { type } from
 * "arktype"`) that accepts exactly what `new RecipientValidator(options)`
 * accepts and refuses with the recipient rejection's message, which a
 * protected server answers with the rejection; its JSON Schema is
 * `recipientJsonSchema(options)`'s, both shapes told.
 * @throws {McpArgumentError} (`wrong_type`) for a `type` that is not ArkType's.
 * @throws {OptionsError} when `options` cannot work.
 */
export function recipientArkType<T extends { string: unknown }>(type: T, options?: RecipientOptions): T["string"];


/** A tool a server had to give up: its alias belongs to another name. */
export interface RefusedTool {
  canonical: string;
  existing: string;
  alias: string;
}

/** A tool left out because no alias can stand for its name (an empty part, a lone surrogate). */
export interface UnrepresentableTool {
  canonical: string;
  reason: Exclude<ToolNameReason, "collision">;
}

/** The codes of the errors this entry throws itself (Rust's `RouterCode`). */
export type McpErrorCode = "INVALID_ARGUMENT" | "TOOL_LIST_REFUSED";

/** The reasons of an `INVALID_ARGUMENT` this entry throws (Rust's `RouterReason`). */
export type McpArgumentReason = "wrong_type" | "invalid_server_name";

/** The reasons of a `TOOL_LIST_REFUSED` (Rust's `RouterReason`). */
export type ToolListReason = "repeated_cursor" | "too_many_pages" | "too_many_tools";

/**
 * Thrown for an argument of the wrong kind (`wrong_type`): to
 * {@link protectServer} something that is no `McpServer`, to
 * {@link recipientSchema} a `z` that is not Zod's, to {@link recipientValibot}
 * a `v` that is not Valibot's, to {@link recipientArkType} a `type` that is
 * not ArkType's, to
 * {@link ToolRouter.addServer} a name that is no string or a `client` that
 * is no `Client`, to {@link ToolRouter.callTool} arguments that are not
 * an object. The message says what was expected, never the value.
 */
export interface McpArgumentError extends TypeError {
  name: "TypeError";
  code: "INVALID_ARGUMENT";
  reason: McpArgumentReason;
}

/**
 * Thrown by {@link ToolRouter.addServer} for a server name whose aliases
 * could stand for another server's tools (`invalid_server_name`: empty,
 * with `/` or `__`, ending in `_`, or not shown as it is under the
 * router's profile with 11 characters to spare), or for a value that is
 * no name or no `Client` (`wrong_type`). The name is never in the message.
 */
export interface RouterArgumentError extends McpArgumentError {}

/**
 * Thrown by {@link ToolRouter.addServer} for a server whose `tools/list`
 * it will not follow: a cursor handed back again, more than 1,000 pages
 * (`limit: 1000`) or more than 2^20 tools (`limit: 1048576`). The server
 * is not added; an added server whose new list is refused keeps its list.
 */
export interface ToolListError extends Error {
  name: "Error";
  code: "TOOL_LIST_REFUSED";
  reason: ToolListReason;
  /** The bound, for `too_many_pages` and `too_many_tools`. */
  limit?: number;
}

/**
 * What {@link ToolRouter.addServer} takes: a connected `Client` of either SDK
 * line (v1's from `@modelcontextprotocol/sdk/client/index.js`, v2's from
 * `@modelcontextprotocol/client`), described by the members both have.
 */
export interface RoutableClient {
  listTools(params: { cursor?: string }): Promise<{ tools: readonly { name: string; description?: string; inputSchema: object }[]; nextCursor?: string }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }, ...rest: never[]): Promise<unknown>;
  setNotificationHandler(notification: never, handler: never): void;
}

/** What both lines' `RequestOptions` mean alike, for {@link ToolRouter.callTool}. */
export interface RoutedCallOptions {
  /** Cancels the request. */
  signal?: AbortSignal;
  /** Milliseconds before the request fails (the SDK's default when absent). */
  timeout?: number;
  /** Whether a progress notification restarts `timeout`. */
  resetTimeoutOnProgress?: boolean;
  /** Milliseconds the request may take in all, progress or not. */
  maxTotalTimeout?: number;
  /** Asks the server for progress notifications, each given here. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** Annotations of a content block (MCP's `Annotations`). */
export interface ContentAnnotations {
  audience?: ("user" | "assistant")[];
  priority?: number;
  lastModified?: string;
}

/** One block of a tool result's `content` (MCP's `ContentBlock`), as both SDK lines type it. */
export type RoutedContentBlock =
  | { type: "text"; text: string; annotations?: ContentAnnotations; _meta?: Record<string, unknown> }
  | { type: "image"; data: string; mimeType: string; annotations?: ContentAnnotations; _meta?: Record<string, unknown> }
  | { type: "audio"; data: string; mimeType: string; annotations?: ContentAnnotations; _meta?: Record<string, unknown> }
  | {
      type: "resource_link";
      uri: string;
      name: string;
      title?: string;
      description?: string;
      mimeType?: string;
      size?: number;
      icons?: { src: string; mimeType?: string; sizes?: string[]; theme?: "light" | "dark" }[];
      annotations?: ContentAnnotations;
      _meta?: Record<string, unknown>;
    }
  | {
      type: "resource";
      resource: { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown> } | { uri: string; mimeType?: string; blob: string; _meta?: Record<string, unknown> };
      annotations?: ContentAnnotations;
      _meta?: Record<string, unknown>;
    };

/**
 * A tool's result as {@link ToolRouter.callTool} gives it (MCP's
 * `CallToolResult`): what the server's client returned, assignable to
 * either SDK line's `CallToolResult`. `structuredContent` is an object, as
 * MCP and v1 have it (v2 types it `unknown`); v1's result of the
 * 2024-10-07 revision (`toolResult`, no `content`) is left out, as v1's
 * own `CallToolResult` leaves it.
 */
export interface RoutedToolResult {
  [key: string]: unknown;
  content: RoutedContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/**
 * A host's tools from its connected SDK `Client`s (v1 and v2 alike, in one
 * router), each as `server/tool` in one `ToolRegistry` (aliases under
 * `options.profile`; `overflow` defaults to `"hash"`; collisions skipped
 * and reported), declared to a provider in its own shape, and a model's
 * call routed back to the right server.
 */
export class ToolRouter {
  /** `onCollision` is `"skip"` unless told: a colliding tool is refused and reported, not its whole server. */
  constructor(options?: ToolNameOptions & { onCollision?: "throw" | "skip" });
  /**
   * Connects a server's tools (every page of `tools/list`, within 1,000
   * pages and 2^20 tools) and follows its `tools/list_changed`; returns the
   * tools refused for a collision (within the server: two servers' aliases
   * never meet) and, with `onCollision: "skip"`, those left out because no
   * alias can stand for their names. All or nothing: when it throws,
   * nothing of the server is registered or followed, and a server added
   * earlier under the name stays as it was; when it succeeds, it replaces
   * that server. A `removeServer` or a later `addServer` of the name while
   * it lists cancels it (it resolves with nothing registered).
   * @throws {RouterArgumentError} for a server name that could stand for another server's tools, or a `client` that is no `Client`.
   * @throws {ToolNameError} with `onCollision: "throw"`, when a tool's alias is taken (`TOOL_NAME_COLLISION`) or cannot be made (`UNREPRESENTABLE_TOOL_NAME`); the server is not added.
   * @throws {ToolListError} for a `tools/list` that repeats a cursor or passes a bound; the server is not added.
   */
  addServer(name: string, client: RoutableClient): Promise<{ refused: RefusedTool[]; unrepresentable: UnrepresentableTool[] }>;
  /** Disconnects a server's tools (closing the client is the caller's), or cancels its `addServer` still listing; false for an unknown server. */
  removeServer(name: string): boolean;
  /** The tools as `format` requests declare them, under their aliases (for `gemini`: the `functionDeclarations`). */
  tools<F extends PayloadFormat>(format: F): ToolDefinitions[F][];
  /** The registry behind the router: `toCanonical`, `toLlmFacing`, `toProvider`, `fromProvider`. */
  readonly registry: ToolRegistry<"skip">;
  /**
   * Calls a tool by its alias or canonical name on the server that has it.
   * @throws an error with `code: -32602`, `message: "unknown tool"` and `data.suggestions` (aliases) for a name that is no tool; the name is never echoed.
   * @throws {McpArgumentError} (`wrong_type`) for arguments that are not an object, such as OpenAI's JSON text before `JSON.parse`.
   */
  callTool(name: string, args?: Record<string, unknown>, options?: RoutedCallOptions): Promise<RoutedToolResult>;
}
