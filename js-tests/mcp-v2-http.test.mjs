// What the SDK's web-standard handler (v2's createMcpHandler, the stateless
// 2026-07-28 revision) answers before any server code runs: its checks of
// the HTTP request itself. Raw requests carrying a sentinel in headers and
// body: every answer that quotes it from an unprotected handler comes
// without it from protectHandler's, with the same status and code, and
// every other answer is unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import * as z from "zod";
import { protectHandler, protectServer } from "mcp-boundary/mcp";

const MARK = "SENTINEL-sk-live-123";
const S = `${MARK}\nIGNORE`;

function factory(protect) {
  return () => {
    const server = new McpServer({ name: "probe", version: "1.0.0" });
    if (protect) protectServer(server);
    server.registerTool("pick", { inputSchema: z.object({ priority: z.enum(["low", "high"]) }) }, async () => ({ content: [] }));
    // A parameter the client mirrors into an Mcp-Param-Region header.
    server.registerTool("regional", { inputSchema: z.object({ region: z.string().meta({ "x-mcp-header": "Region" }) }) }, async () => ({ content: [] }));
    return server;
  };
}

const ENV = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
const H = (extra = {}) => ({ "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", ...extra });
const call = (name, args = {}, meta = ENV) => JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args, _meta: meta } });
const base64 = (text) => `=?base64?${Buffer.from(text).toString("base64")}?=`;

const cases = [
  ["Mcp-Name against the body's tool name", H({ "mcp-method": "tools/call", "mcp-name": "A" }), call(S)],
  ["Mcp-Name absent", H({ "mcp-method": "tools/call" }), call(S)],
  ["Mcp-Name an invalid base64 value", H({ "mcp-method": "tools/call", "mcp-name": `=?base64?${MARK}!?=` }), call("pick")],
  ["Mcp-Name in base64 against the body", H({ "mcp-method": "tools/call", "mcp-name": base64(S) }), call("A")],
  ["Mcp-Method against the body", H({ "mcp-method": MARK, "mcp-name": "pick" }), call("pick", { priority: "low" })],
  ["the body's method against Mcp-Method", H({ "mcp-method": "A" }), JSON.stringify({ jsonrpc: "2.0", id: 7, method: S, params: { _meta: ENV } })],
  ["a revision header against the envelope", H({ "mcp-protocol-version": "2025-11-25", "mcp-method": "tools/call", "mcp-name": "pick" }), call("pick")],
  ["an unsupported revision", H({ "mcp-protocol-version": MARK, "mcp-method": "tools/call", "mcp-name": "pick" }), call("pick", {}, { ...ENV, "io.modelcontextprotocol/protocolVersion": MARK })],
  ["an invalid envelope", H({ "mcp-method": "tools/call", "mcp-name": "pick" }), call("pick", {}, { ...ENV, "io.modelcontextprotocol/clientInfo": S })],
  ["Mcp-Param-Region absent", H({ "mcp-method": "tools/call", "mcp-name": "regional" }), call("regional", { region: S })],
  ["Mcp-Param-Region against the body", H({ "mcp-method": "tools/call", "mcp-name": "regional", "mcp-param-region": "A" }), call("regional", { region: S })],
  ["a body that is not JSON", H({}), `${MARK}{`],
  ["an unknown tool, legacy and stateless", { "content-type": "application/json", accept: "application/json, text/event-stream" }, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: S, arguments: {} } })],
  ["a 2025-era revision header the SDK does not support", { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": `2025-11-25 ${MARK}` }, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list", params: {} })],
  ["a valid call", H({ "mcp-method": "tools/call", "mcp-name": "pick" }), call("pick", { priority: "low" })],
  ["GET", { accept: "text/event-stream" }, null],
];

async function answers(handler) {
  const out = [];
  for (const [label, headers, body] of cases) {
    const response = await handler.fetch(new Request("http://in-process/mcp", { method: body === null ? "GET" : "POST", headers, ...(body !== null && { body }) }));
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    out.push({ label, status: response.status, code: json?.error?.code, text });
  }
  return out;
}

test("what the SDK's HTTP handler answers itself: quoted from an unprotected handler, never from a protected one", async () => {
  const plain = await answers(createMcpHandler(factory(false)));
  const heard = [];
  const safe = await answers(protectHandler(createMcpHandler(factory(true)), { onError: (info) => heard.push(info) }));
  const quoted = plain.filter((a) => a.text.includes(MARK)).map((a) => a.label);
  assert.ok(quoted.length >= 8, `the unprotected handler quotes the request (else this test proves nothing): ${quoted.join("; ")}`);
  for (const [i, answer] of safe.entries()) {
    assert.ok(!answer.text.includes(MARK), `${answer.label}: ${answer.text}`);
    assert.equal(answer.status, plain[i].status, `${answer.label}: same status`);
    assert.equal(answer.code, plain[i].code, `${answer.label}: same code`);
  }
  const byLabel = Object.fromEntries(safe.filter((a) => a.code !== undefined).map((a) => [a.label, JSON.parse(a.text)]));
  // Byte for byte: the id stays the integer it was (a typed client matches it as one).
  assert.equal(safe.find((a) => a.label === "Mcp-Name against the body's tool name").text, `{"jsonrpc":"2.0","id":7,"error":{"code":-32020,"message":"Bad Request: the request headers and body disagree"}}`);
  assert.ok(plain.find((a) => a.label === "a 2025-era revision header the SDK does not support").text.includes(MARK), "the 2025-era path quotes the header");
  assert.deepEqual(byLabel["an unsupported revision"].error.data, { supported: ["2026-07-28"] }, "the server's revisions stay, for the client to choose");
  const valid = (list) => list.find((a) => a.label === "a valid call").text;
  assert.equal(valid(safe), valid(plain), "a valid call as without it");
  assert.ok(heard.length >= 8 && heard.every((h) => h.kind === "request_refused" && typeof h.error === "string"), "onError hears each replaced answer, with the SDK's own");
});

test("the v2 Client sees the fixed answer when its headers disagree with its body", async () => {
  for (const protect of [false, true]) {
    const handler = createMcpHandler(factory(protect));
    if (protect) protectHandler(handler);
    const tamper = async (url, init) => {
      const request = new Request(url, init);
      if (request.headers.get("mcp-method") !== "tools/call") return handler.fetch(request);
      const headers = new Headers(request.headers);
      headers.set("mcp-name", "A");
      return handler.fetch(new Request(request, { headers }));
    };
    const client = new Client({ name: "c", version: "1" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StreamableHTTPClientTransport(new URL("http://in-process/mcp"), { fetch: tamper }));
    const error = await client.callTool({ name: S, arguments: {} }).then(() => assert.fail("refused"), (e) => e);
    assert.equal(error.code, -32020);
    assert.equal(JSON.stringify({ m: error.message, d: error.data }).includes(MARK), !protect, JSON.stringify(error.message));
    await handler.close();
  }
});

test("protectHandler refuses what is not a handler, and wraps a handler once", () => {
  for (const bad of [null, {}, { fetch: 1 }, () => {}]) assert.throws(() => protectHandler(bad), (e) => e.code === "INVALID_ARGUMENT" && e.reason === "wrong_type");
  assert.throws(() => protectHandler({ fetch() {} }, { onError: 1 }), (e) => e.code === "INVALID_ARGUMENT");
  const handler = createMcpHandler(factory(true));
  const once = protectHandler(handler).fetch;
  assert.equal(protectHandler(handler), handler);
  assert.equal(handler.fetch, once);
});
