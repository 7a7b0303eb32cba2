// The JSON-RPC envelopes of both parts carry the request's id back: the
// classifier's, which Rust builds, and a registry's unknown-tool answer,
// which is Rust's envelope (js/generated/tables.js) with the registry's
// suggestions put in.
import { unknownToolTable } from "../generated/tables.js";

/**
 * A JSON-RPC response with the request's string id exactly: the response
 * crossed as JSON text, where a lone surrogate (a JS string may hold
 * one; Rust's may not) became U+FFFD, and the client could no longer
 * match its request. Other ids are Rust's (a number, or null).
 */
export function withId(response, id) {
  if (typeof id === "string") response.id = id;
  return response;
}

/**
 * §4.3's unknown-tool response: Rust's envelope (the core's
 * `ToolRegistry::unknown_tool_response` for a registry with no tool; the
 * build writes it) with `suggestions`, the registry's ranking, and the
 * id as Rust's envelope would hold the id it converts from JS: a string
 * or a finite number as it is (a JSON number is finite), anything else
 * null. The host's module then carries no serializer of envelopes.
 */
export function unknownToolResponse(id, suggestions) {
  const response = unknownToolTable();
  response.id = Number.isFinite(id) ? id : null; // a number as Rust's envelopes keep it; a string below
  response.error.data.suggestions = suggestions;
  return withId(response, id);
}
