// The JSON-RPC envelopes Rust builds for both parts (the classifier's, a
// registry's unknown-tool answer) carry the request's id back.

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
