// The JSON-RPC errors protectServer and ToolRouter throw with Rust's
// envelopes (the server's and the host's part both).

/** A JSON-RPC error whose code, message and data are exactly Rust's (the SDKs' error classes would prefix or reshape it). */
export function rpcError(envelope) {
  const e = new Error(envelope.error.message);
  e.code = envelope.error.code;
  if (envelope.error.data !== undefined) e.data = envelope.error.data;
  return e;
}
