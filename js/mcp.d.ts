// Types of mcp-boundary/mcp. The SDK is a peer dependency: its types are the
// ones the server was built with.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

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
