// Types of mcp-boundary/mcp. The SDK is a peer dependency: its types are the
// ones the server was built with.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RecipientOptions } from "mcp-boundary";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { PayloadFormat, ToolDefinitions, ToolNameOptions, ToolRegistry } from "mcp-boundary";

/** Options of {@link protectServer}. */
export interface ProtectOptions {
  /**
   * The server's own safe phrases: a handler error whose message is one of
   * them (alone, or after a field name) is passed on; any other message is
   * replaced by `tool <name> failed`.
   */
  messages?: string[];
  /** `"pass"` keeps the SDK's answer for handler errors (their messages as they are); the default is `"classify"`. */
  handlerErrors?: "classify" | "pass";
}

/**
 * Makes every `tools/call` answer of an `McpServer` safe: arguments its
 * input schema refuses (Zod 3 or 4), unknown tools and errors thrown by
 * handlers are answered from a catalog of the registered tools (their
 * names and fields) and `options.messages`, never with the caller's input.
 * Valid calls, results and `outputSchema` behave as without it; tools
 * registered later are covered. Returns the same server.
 * @throws {TypeError} for something that is not an `McpServer`, or options that cannot work.
 */
export function protectServer<S extends McpServer>(server: S, options?: ProtectOptions): S;

/**
 * A schema for the `z` passed in (Zod 3 or Zod 4, classic or Mini) that accepts exactly what
 * `new RecipientValidator(options)` accepts, described with both valid
 * shapes (so `tools/list` teaches them). A failure carries the recipient
 * rejection, which a protected server returns as the structured error.
 * @throws {OptionsError} when `options` cannot work.
 */
export function recipientSchema<Z extends { string(): unknown }>(z: Z, options?: RecipientOptions): ReturnType<Z["string"]>;


/** A tool a server had to give up: its alias belongs to another name. */
export interface RefusedTool {
  canonical: string;
  existing: string;
  alias: string;
}

/** A tool left out because no alias can stand for its name (an empty part, a lone surrogate). */
export interface UnrepresentableTool {
  canonical: string;
  reason: "empty" | "empty_segment" | "invalid_character" | "too_long" | "bad_first_character";
}

/**
 * A host's tools from its connected SDK `Client`s, each as `server/tool` in
 * one `ToolRegistry` (aliases under `options.profile`; `overflow` defaults
 * to `"hash"`; collisions skipped and reported), declared to a provider in
 * its own shape, and a model's call routed back to the right server.
 */
export class ToolRouter {
  /** `onCollision` is `"skip"` unless told: a colliding tool is refused and reported, not its whole server. */
  constructor(options?: ToolNameOptions & { onCollision?: "throw" | "skip" });
  /**
   * Connects a server's tools (every page of `tools/list`) and follows its
   * `tools/list_changed`; returns the tools refused for a collision and,
   * with `onCollision: "skip"`, those left out because no alias can stand
   * for their names.
   * @throws {TypeError} for a server name that is empty or contains `/`.
   * @throws {ToolNameError} with `onCollision: "throw"`, when a tool's alias is taken (`TOOL_NAME_COLLISION`) or cannot be made (`UNREPRESENTABLE_TOOL_NAME`); the server is not added.
   * @throws {Error} for a server whose `tools/list` repeats a cursor; the server is not added.
   */
  addServer(name: string, client: Client): Promise<{ refused: RefusedTool[]; unrepresentable: UnrepresentableTool[] }>;
  /** Disconnects a server's tools (closing the client is the caller's); false for an unknown server. */
  removeServer(name: string): boolean;
  /** The tools as `format` requests declare them, under their aliases (for `gemini`: the `functionDeclarations`). */
  tools<F extends PayloadFormat>(format: F): ToolDefinitions[F][];
  /** The registry behind the router: `toCanonical`, `toLlmFacing`, `toProvider`, `fromProvider`. */
  readonly registry: ToolRegistry<"skip">;
  /**
   * Calls a tool by its alias or canonical name on the server that has it.
   * @throws an error with `code: -32602`, `message: "unknown tool"` and `data.suggestions` (aliases) for a name that is no tool; the name is never echoed.
   * @throws {TypeError} for arguments that are not an object, such as OpenAI's JSON text before `JSON.parse`.
   */
  callTool(name: string, args?: Record<string, unknown>, options?: Parameters<Client["callTool"]>[2]): Promise<CallToolResult>;
}
