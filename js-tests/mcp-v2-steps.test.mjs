// v2's own steps around a tools/call, protected and not: protectServer
// replaces a v2 McpServer's tools/call handler with one that follows the
// SDK's flow, and the SDK's steps around that handler (its input_required
// results: the 2026-07-28 multi round-trip and the legacy shim that
// fulfils them on 2025-11-25; result projection: non-object roots,
// non-object structuredContent, contentless results and the text
// auto-append; the output schema checks; the URL elicitation error) must
// reach the v2 Client as without protection. Each call is made on a
// protected and an unprotected server of the same SDK copy, at both ends
// of the tested range (2.4.0, and 2.0.0 as server-lowest/client-lowest),
// over 2025-11-25 in memory and over 2026-07-28 through the SDK's handler
// factory, and the two answers are compared whole: the result or error
// the client got, and the requests its own handlers were asked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as z from "zod";
import { protectServer } from "mcp-boundary/mcp";

const versionOf = (name) => JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), "utf8")).version;

/** Each SDK copy the package's range is tested at: its server and client packages, and their versions. */
const sdks = [
  { server: "@modelcontextprotocol/server", client: "@modelcontextprotocol/client" },
  { server: "server-lowest", client: "client-lowest" },
].map(({ server, client }) => ({
  label: `${server}@${versionOf(server)}`,
  versions: [versionOf(server), versionOf(client)],
  server,
  client,
}));

async function load(sdk) {
  return { ...sdk, S: await import(sdk.server), C: await import(sdk.client) };
}

const text = (t) => ({ type: "text", text: t });
const CONFIRM = { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] };
const ELICITATIONS = [{ mode: "url", elicitationId: "auth-1", url: "https://example.com/authorize", message: "Authorize access" }];

/** The tools, by case: each a name, its config, and its handler over the server package `S`. */
function tools(S) {
  const { inputRequired, inputResponse, UrlElicitationRequiredError, ProtocolError, ProtocolErrorCode } = S;
  return {
    // 1. input_required (2026-07-28's multi round-trip; the legacy shim on 2025-11-25)
    confirm: [{ inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, "confirm");
      if (view.kind !== "elicit") return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: `Deploy to ${env}?`, requestedSchema: CONFIRM }) } });
      return { content: [text(`${view.action} ${env} ${JSON.stringify(view.content ?? null)}`)] };
    }],
    // Two rounds, the second carried by requestState, then a result checked against its outputSchema.
    rounds: [{ inputSchema: z.object({ n: z.number() }), outputSchema: z.object({ total: z.number(), state: z.string() }) }, async ({ n }, ctx) => {
      const state = ctx.mcpReq.requestState?.();
      const view = inputResponse(ctx.mcpReq.inputResponses, "more");
      if (state === undefined) return inputRequired({ inputRequests: { more: inputRequired.elicit({ message: "first?", requestedSchema: { type: "object", properties: { add: { type: "number" } } } }) }, requestState: "round-1" });
      if (state === "round-1") return inputRequired({ inputRequests: { more: inputRequired.elicit({ message: `second after ${view.content?.add}?`, requestedSchema: { type: "object", properties: { add: { type: "number" } } } }) }, requestState: `round-2:${view.content?.add}` });
      const total = n + Number(state.split(":")[1]) + (view.content?.add ?? 0);
      return { content: [text(`total ${total}`)], structuredContent: { total, state } };
    }],
    // URL mode: on 2025-11-25 the shim mints an elicitationId (random).
    visit: [{ inputSchema: z.object({}) }, async (_args, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, "visit");
      if (view.kind !== "elicit") return inputRequired({ inputRequests: { visit: inputRequired.elicitUrl({ message: "Open the page", url: "https://example.com/consent" }) } });
      return { content: [text(`visited: ${view.action}`)] };
    }],
    roots: [{ inputSchema: z.object({}) }, async (_args, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, "roots");
      if (view.kind !== "roots") return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      return { content: [text(view.roots.map((r) => r.uri).join(","))] };
    }],
    // A client that declines.
    declined: [{ inputSchema: z.object({}) }, async (_args, ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, "decline");
      if (view.kind !== "elicit") return inputRequired({ inputRequests: { decline: inputRequired.elicit({ message: "decline this", requestedSchema: CONFIRM }) } });
      return { content: [text(`answer: ${view.action}`)], isError: view.action !== "accept" };
    }],
    // A server bug the SDK refuses: an input_required result with neither inputRequests nor requestState.
    emptyInput: [{}, async () => ({ resultType: "input_required" })],

    // 2. result projection
    arrayRoot: [{ outputSchema: z.array(z.string()) }, async () => ({ content: [text("two names")], structuredContent: ["ann", "bob"] })],
    arrayRootNoText: [{ outputSchema: z.array(z.string()) }, async () => ({ content: [], structuredContent: ["ann", "bob"] })],
    numberRoot: [{ outputSchema: z.number() }, async () => ({ structuredContent: 42 })],
    stringRootContentless: [{ outputSchema: z.string() }, async () => ({ structuredContent: "hi" })],
    nonObjectNoSchema: [{}, async () => ({ content: [{ type: "image", data: "AAAA", mimeType: "image/png" }], structuredContent: [1, 2, 3] })],
    nullStructured: [{}, async () => ({ structuredContent: null })],
    contentless: [{}, async () => ({})],
    contentlessStructured: [{ outputSchema: z.object({ ok: z.boolean() }) }, async () => ({ structuredContent: { ok: true } })],
    contentlessMeta: [{}, async () => ({ _meta: { note: "kept" } })],

    // 3. output schema checks
    breaks: [{ outputSchema: z.object({ ok: z.boolean() }) }, async () => ({ content: [text("bad")], structuredContent: { ok: "no" } })],
    breaksArrayRoot: [{ outputSchema: z.array(z.string()) }, async () => ({ content: [text("bad")], structuredContent: [1] })],
    errorNoStructured: [{ outputSchema: z.object({ ok: z.boolean() }) }, async () => ({ content: [text("the tool's own error")], isError: true })],
    errorContentless: [{ outputSchema: z.object({ ok: z.boolean() }) }, async () => ({ isError: true })],
    missingStructured: [{ outputSchema: z.object({ ok: z.boolean() }) }, async () => ({ content: [text("forgot it")] })],

    // 4. the URL elicitation error (-32042)
    urlError: [{}, async () => {
      throw new UrlElicitationRequiredError(ELICITATIONS, "Authorization required");
    }],
    urlProtocolError: [{}, async () => {
      throw new ProtocolError(ProtocolErrorCode.UrlElicitationRequired, "Authorize first", { elicitations: ELICITATIONS });
    }],
  };
}

/** A v2 McpServer of `sdk` with every case's tool, protected or not. */
function makeServer(sdk, protect, options) {
  const server = new sdk.S.McpServer({ name: "steps", version: "1.0.0" });
  if (protect) protectServer(server, options);
  for (const [name, [config, handler]] of Object.entries(tools(sdk.S))) server.registerTool(name, config, handler);
  return server;
}

/**
 * A v2 Client of `sdk` that answers input requests (elicitation form and
 * URL, roots) with its own handlers, recording each request they were
 * asked; `capable: false` declares none of it.
 */
function makeClient(sdk, negotiation, capable = true) {
  const seen = [];
  const client = new sdk.C.Client(
    { name: "steps-client", version: "1.0.0" },
    { ...(capable && { capabilities: { elicitation: { form: {}, url: {} }, roots: {} } }), ...(negotiation && { versionNegotiation: negotiation }) },
  );
  if (capable) {
    client.setRequestHandler("elicitation/create", async (request) => {
      const params = request.params;
      seen.push({ method: "elicitation/create", params });
      if (params.message === "decline this") return { action: "decline" };
      if (params.mode === "url") return { action: "accept" };
      if (params.message === "first?") return { action: "accept", content: { add: 10 } };
      if (params.message?.startsWith("second")) return { action: "accept", content: { add: 5 } };
      return { action: "accept", content: { confirm: true } };
    });
    client.setRequestHandler("roots/list", async () => {
      seen.push({ method: "roots/list" });
      return { roots: [{ uri: "file:///work", name: "work" }] };
    });
  }
  return { client, seen };
}

/** Over 2025-11-25, in memory. */
async function inMemory(sdk, server, capable) {
  const [a, b] = sdk.S.InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const { client, seen } = makeClient(sdk, undefined, capable);
  await client.connect(b);
  if (client.getNegotiatedProtocolVersion() !== "2025-11-25") throw new Error(`spoke ${client.getNegotiatedProtocolVersion()}`);
  await client.listTools(); // so the client knows the output schemas
  return { client, seen, close: () => client.close() };
}

/** Over 2026-07-28, through the SDK's handler factory, a server built per request by `factory`. */
async function stateless(sdk, factory, capable) {
  const handler = sdk.S.createMcpHandler(factory);
  const { client, seen } = makeClient(sdk, { mode: "auto" }, capable);
  await client.connect(new sdk.C.StreamableHTTPClientTransport(new URL("http://in-process/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
  if (client.getNegotiatedProtocolVersion() !== "2026-07-28") throw new Error(`spoke ${client.getNegotiatedProtocolVersion()}`);
  await client.listTools();
  return { client, seen, close: async () => { await client.close(); await handler.close?.(); } };
}

const revisions = {
  "2025-11-25": (sdk, protect, capable, options) => inMemory(sdk, makeServer(sdk, protect, options), capable),
  "2026-07-28": (sdk, protect, capable, options) => stateless(sdk, () => makeServer(sdk, protect, options), capable),
};

/** What the client saw of one call: `{ result }` or `{ error }` (its class, code, message, data), and what its handlers were asked. */
async function answer(connection, name, args = {}) {
  connection.seen.length = 0;
  let outcome;
  try {
    outcome = { result: await connection.client.callTool({ name, arguments: args }) };
  } catch (e) {
    outcome = { error: { name: e?.constructor?.name, code: e?.code, message: e?.message, data: e?.data } };
  }
  return { ...outcome, asked: structuredClone(connection.seen) };
}

/**
 * The same answer with what may differ between two runs of the same call
 * blanked: the elicitationId the 2025-11-25 shim mints for a URL-mode
 * request (a random UUID, seen only by the client's handler). The shim's
 * legs on 2025-11-25 also carry a progressToken, which counts the
 * connection's requests: both connections make the same calls in the same
 * order, so it is compared as it is.
 */
function comparable(a) {
  const copy = structuredClone(a);
  for (const asked of copy.asked) if (asked.params?.mode === "url" && typeof asked.params.elicitationId === "string") asked.params.elicitationId = "<minted>";
  return copy;
}

/**
 * Connects a protected and an unprotected server the same way and, for
 * each call, returns both answers: `[name, plain, safe]`.
 */
async function both(sdk, revision, calls, capable = true) {
  const plain = await revisions[revision](sdk, false, capable);
  const safe = await revisions[revision](sdk, true, capable);
  try {
    const out = [];
    for (const [name, args] of calls) out.push([name, await answer(plain, name, args), await answer(safe, name, args)]);
    return out;
  } finally {
    await plain.close();
    await safe.close();
  }
}

const byName = (answers) => Object.fromEntries(answers.map(([name, plain, safe]) => [name, { plain, safe }]));
/** The 2026-07-28 result's `_meta` the server adds (its info): the same protected or not, and part of every answer compared. */
const serverMeta = (revision) => (revision === "2026-07-28" ? { _meta: { "io.modelcontextprotocol/serverInfo": { name: "steps", version: "1.0.0" } } } : {});
const MODERN = "2026-07-28";
const LEGACY = "2025-11-25";

test("the SDK copies under test are the two ends of the range", () => {
  assert.deepEqual(sdks.map((s) => s.versions), [["2.4.0", "2.4.0"], ["2.0.0", "2.0.0"]]);
});

for (const sdk of await Promise.all(sdks.map(load))) {
  for (const revision of [LEGACY, MODERN]) {
    const where = `${sdk.label}, ${revision}`;

    test(`${where}: input_required results end in the same final results, protected or not`, async () => {
      const answers = await both(sdk, revision, [
        ["confirm", { env: "prod" }],
        ["rounds", { n: 1 }],
        ["visit", {}],
        ["roots", {}],
        ["declined", {}],
      ]);
      for (const [name, plain, safe] of answers) assert.deepEqual(comparable(safe), comparable(plain), `${name}: ${JSON.stringify({ plain, safe })}`);
      // What the unprotected server answers: the rounds ran (else the comparison proves nothing).
      const a = byName(answers);
      assert.deepEqual(a.confirm.plain.result, { ...serverMeta(revision), content: [{ type: "text", text: 'accept prod {"confirm":true}' }] });
      assert.deepEqual(a.confirm.plain.asked.map((r) => r.params.message), ["Deploy to prod?"]);
      assert.deepEqual(a.rounds.plain.result.structuredContent, { total: 16, state: "round-2:10" }, "two rounds, the second by requestState, then the outputSchema-checked result");
      assert.deepEqual(a.rounds.plain.asked.map((r) => r.params.message), ["first?", "second after 10?"]);
      assert.equal(a.visit.plain.result.content[0].text, "visited: accept");
      assert.equal(a.roots.plain.result.content[0].text, "file:///work");
      assert.deepEqual([a.declined.plain.result.content[0].text, a.declined.plain.result.isError], ["answer: decline", true]);
      // The one field blanked: the elicitationId the 2025-11-25 shim mints for a URL request (2026-07-28 has none).
      for (const side of ["plain", "safe"]) {
        const id = a.visit[side].asked[0].params.elicitationId;
        if (revision === LEGACY) assert.match(id, /^[0-9a-f-]{36}$/, side);
        else assert.equal(id, undefined, side);
      }
    });

    test(`${where}: result projection (non-object roots and structuredContent, contentless results, the text auto-append) as without protection`, async () => {
      const names = ["arrayRoot", "arrayRootNoText", "numberRoot", "stringRootContentless", "nonObjectNoSchema", "nullStructured", "contentless", "contentlessStructured", "contentlessMeta"];
      const answers = await both(sdk, revision, names.map((n) => [n, {}]));
      for (const [name, plain, safe] of answers) assert.deepEqual(safe, plain, `${name}: ${JSON.stringify({ plain, safe })}`);
      const a = byName(answers);
      const legacy = revision === LEGACY;
      // 2025-11-25 wraps a non-object value as { result } (its wire has object-only structuredContent); 2026-07-28 sends it as it is.
      const wrapped = (value) => (legacy ? { result: value } : value);
      assert.deepEqual(a.arrayRoot.plain.result, { ...serverMeta(revision), content: [{ type: "text", text: "two names" }], structuredContent: wrapped(["ann", "bob"]) });
      assert.deepEqual(a.arrayRootNoText.plain.result.content, [{ type: "text", text: '["ann","bob"]' }], "the text auto-append");
      assert.deepEqual(a.numberRoot.plain.result, { ...serverMeta(revision), content: [{ type: "text", text: "42" }], structuredContent: wrapped(42) });
      assert.deepEqual(a.stringRootContentless.plain.result.content, [{ type: "text", text: '"hi"' }]);
      assert.deepEqual(a.nonObjectNoSchema.plain.result.content.map((c) => c.type), ["image", "text"]);
      assert.deepEqual(a.nullStructured.plain.result.structuredContent, wrapped(null));
      assert.deepEqual(a.contentless.plain.result, { ...serverMeta(revision), content: [] }, "normalizeContentlessToolResult");
      assert.deepEqual(a.contentlessStructured.plain.result, { ...serverMeta(revision), content: [], structuredContent: { ok: true } });
      assert.equal(a.contentlessMeta.plain.result._meta.note, "kept");
    });

    test(`${where}: output schema checks: error results pass as they are; a result that breaks its outputSchema is "tool <name> failed" (intended)`, async () => {
      const answers = await both(sdk, revision, ["errorNoStructured", "errorContentless", "breaks", "breaksArrayRoot", "missingStructured"].map((n) => [n, {}]));
      const a = byName(answers);
      assert.deepEqual(a.errorNoStructured.safe, a.errorNoStructured.plain);
      assert.deepEqual(a.errorNoStructured.plain.result, { ...serverMeta(revision), content: [{ type: "text", text: "the tool's own error" }], isError: true });
      assert.deepEqual(a.errorContentless.safe, a.errorContentless.plain);
      assert.deepEqual(a.errorContentless.plain.result, { ...serverMeta(revision), content: [], isError: true });
      const sdkText = {
        breaks: "Output validation error: Invalid structured content for tool breaks: ok: Invalid input: expected boolean, received string",
        breaksArrayRoot: "Output validation error: Invalid structured content for tool breaksArrayRoot: 0: Invalid input: expected string, received number",
        missingStructured: "Output validation error: Tool missingStructured has an output schema but no structured content was provided",
      };
      for (const [name, text] of Object.entries(sdkText)) {
        assert.deepEqual(a[name].plain, { result: { ...serverMeta(revision), content: [{ type: "text", text }], isError: true }, asked: [] }, `${name}, unprotected: the SDK's text`);
        assert.deepEqual(a[name].safe, { result: { ...serverMeta(revision), content: [{ type: "text", text: `tool ${name} failed` }], isError: true }, asked: [] }, `${name}, protected`);
      }
    });

    test(`${where}: a handler throwing the URL elicitation error (-32042): the client sees the same error`, async () => {
      const answers = await both(sdk, revision, [["urlError", {}], ["urlProtocolError", {}]]);
      for (const [name, plain, safe] of answers) assert.deepEqual(safe, plain, `${name}: ${JSON.stringify({ plain, safe })}`);
      const a = byName(answers);
      if (revision === LEGACY) {
        assert.deepEqual(a.urlError.plain.error, { name: "UrlElicitationRequiredError", code: -32042, message: "Authorization required", data: { elicitations: ELICITATIONS } });
        assert.deepEqual(a.urlProtocolError.plain.error, { name: "UrlElicitationRequiredError", code: -32042, message: "Authorize first", data: { elicitations: ELICITATIONS } });
      } else {
        // 2026-07-28 has no -32042: the SDK answers its own internal error, steering to inputRequired.elicitUrl.
        for (const name of ["urlError", "urlProtocolError"]) {
          assert.equal(a[name].plain.error.code, -32603);
          assert.match(a[name].plain.error.message, /^URL elicitation cannot be signalled by throwing UrlElicitationRequiredError on protocol revision 2026-07-28/);
        }
      }
    });
  }

  test(`${sdk.label}, 2025-11-25: a client without the capability an input request needs gets the legacy shim's result, protected or not`, async () => {
    const answers = await both(sdk, LEGACY, [["confirm", { env: "prod" }], ["visit", {}], ["roots", {}]], false);
    for (const [name, plain, safe] of answers) assert.deepEqual(safe, plain, `${name}: ${JSON.stringify({ plain, safe })}`);
    assert.deepEqual(byName(answers).confirm.plain.result, {
      content: [{ type: "text", text: "Cannot request input 'confirm' (elicitation/create): the client on this 2025-era connection did not declare the required capability" }],
      isError: true,
    });
  });

  test(
    `${sdk.label}, 2026-07-28: a client without the capability an input request needs gets the SDK's -32021, protected or not`,
    async () => {
      const answers = await both(sdk, MODERN, [["confirm", { env: "prod" }], ["visit", {}], ["roots", {}]], false);
      const a = byName(answers);
      assert.deepEqual(a.confirm.plain.error, {
        name: "MissingRequiredClientCapabilityError",
        code: -32021,
        message: "Cannot request input 'confirm' (elicitation/create): the request's client capabilities do not declare the required capability",
        data: { requiredCapabilities: { elicitation: { form: {} } } },
      });
      for (const [name, plain, safe] of answers) assert.deepEqual(safe, plain, `${name}: ${JSON.stringify({ plain, safe })}`);
    },
  );

  test(
    `${sdk.label}: an input_required result the SDK refuses (neither inputRequests nor requestState) gets the SDK's -32603, protected or not`,
    async () => {
      const plain = {}, safe = {};
      for (const revision of [LEGACY, MODERN]) {
        [[, plain[revision], safe[revision]]] = await both(sdk, revision, [["emptyInput", {}]]);
        assert.deepEqual(plain[revision].error, {
          name: "ProtocolError",
          code: -32603,
          message: "Handler for tools/call returned an input-required result with neither inputRequests nor requestState (every InputRequiredResult must include at least one of the two)",
          data: undefined,
        });
      }
      assert.deepEqual(safe, plain, JSON.stringify({ plain, safe }));
    },
  );
}

test("2026-07-28 with request-state verification (the SDK hands the handler a copy of ctx): a last round's result that throws is 'tool <name> failed' when protected", async () => {
  const sdk = await load(sdks[0]);
  const SECRET = "SK-LIVE-verify-123";
  const { inputRequired } = sdk.S;
  const factory = (protect) => () => {
    const server = new sdk.S.McpServer({ name: "steps", version: "1.0.0" }, { requestState: { verify: async (state) => `verified:${state}` } });
    if (protect) protectServer(server);
    server.registerTool("leak", { inputSchema: z.object({}) }, async (_args, ctx) => {
      if (ctx.mcpReq.requestState?.() === undefined) {
        return inputRequired({ inputRequests: { more: inputRequired.elicit({ message: "first?", requestedSchema: { type: "object", properties: { add: { type: "number" } } } }) }, requestState: "round-1" });
      }
      return {
        get content() {
          throw new Error(`leaked ${SECRET}`);
        },
      };
    });
    return server;
  };
  const seen = {};
  for (const protect of [false, true]) {
    const connection = await stateless(sdk, factory(protect), true);
    try {
      seen[protect] = await answer(connection, "leak");
    } finally {
      await connection.close();
    }
  }
  assert.ok(JSON.stringify(seen.false).includes(SECRET), "unprotected, the getter's text reaches the client (else this test proves nothing)");
  assert.ok(!JSON.stringify(seen.true).includes(SECRET), JSON.stringify(seen.true));
  assert.deepEqual(seen.true.result?.content, [{ type: "text", text: "tool leak failed" }], JSON.stringify(seen.true));
});
