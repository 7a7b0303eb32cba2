// Types of mcp-boundary/mcp. The SDK is a peer dependency: its types are the
// ones the server was built with.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RecipientOptions } from "mcp-boundary";

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
 * A schema for the `z` passed in (Zod 3 or Zod 4) that accepts exactly what
 * `new RecipientValidator(options)` accepts, described with both valid
 * shapes (so `tools/list` teaches them). A failure carries the recipient
 * rejection, which a protected server returns as the structured error.
 * @throws {OptionsError} when `options` cannot work.
 */
export function recipientSchema<Z extends { string(): unknown }>(z: Z, options?: RecipientOptions): ReturnType<Z["string"]>;
