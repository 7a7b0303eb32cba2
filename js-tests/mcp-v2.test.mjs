// mcp-boundary/mcp on the SDK's v2 line: protectServer on v2 McpServers with
// each Standard Schema validator (Zod 4, Valibot, ArkType), driven by the
// v2 Client in memory (2025-11-25) and over the stateless 2026-07-28
// revision through the SDK's handler factory. A sentinel planted in every
// place a server echoes input must reach the client from an unprotected
// server (so the test can fail) and never from a protected one, while the
// field is named and the allowed values or bounds are told.
import { test } from "node:test";
import assert from "node:assert/strict";
import { McpServer } from "@modelcontextprotocol/server";
import { type } from "arktype";
import * as z from "zod";
import { RecipientValidator } from "mcp-boundary";
import { protectServer } from "mcp-boundary/mcp";
import { MARK, NUMBER, validators, makeServer, inMemory, stateless, attack } from "./mcp-v2-probe.mjs";

const echoes = (answer) => answer.includes(MARK) || answer.includes(String(NUMBER));

/** What the model must still learn from each protected answer: the field, and what is allowed. */
function assertTeaches(answers) {
  const safe = Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, JSON.parse(a)]));
  const error = (k) => safe[k].structuredContent?.error;
  // The options as the published schema lists them (ArkType sorts its own).
  const { message, ...enumError } = error("enumValue");
  assert.deepEqual(enumError, { code: "invalid_argument", tool: "send", field: "priority" });
  assert.deepEqual(message.replace(/^must be one of /, "").split(", ").sort(), ["high", "low", "normal"], message);
  assert.deepEqual(error("number"), { code: "invalid_argument", tool: "send", field: "count", message: "must be at most 100" });
  assert.equal(error("unknownKey").message, "is not a known argument");
  assert.equal(error("unknownKey").field, null, "a key the schema does not declare is never shown");
  assert.deepEqual([error("nestedUnknownKey").field, error("nestedUnknownKey").message], ["filter", "contains an unknown property"]);
  assert.deepEqual([error("recordKey").field, error("recordKey").message], ["meta", "contains an invalid entry"]);
  assert.deepEqual([error("overLong").field, error("overLong").message], ["text", "must have at most 20 characters"]);
  // typed has an outputSchema: its error results carry text only.
  assert.equal(safe.wrongType.structuredContent, undefined);
  assert.equal(safe.wrongType.content[0].text, "invalid tool arguments for typed: n must be a number");
  assert.deepEqual([error("missing").field, error("missing").message], ["priority", "is required"]);
  assert.equal(safe.unknownTool.thrown.code, -32602);
  assert.equal(safe.unknownTool.thrown.message, "unknown tool");
  assert.equal(safe.unknownTool.thrown.data.code, "unknown_tool");
  assert.deepEqual([safe.handler.content, safe.handler.isError, safe.handler.structuredContent], [[{ type: "text", text: "tool send failed" }], true, undefined]);
}

for (const validator of Object.keys(validators)) {
  test(`v2, ${validator}, in memory: the sentinel reaches the client from an unprotected server, never from a protected one`, async () => {
    const plain = await attack(await inMemory(makeServer(validator, false)));
    assert.ok(Object.values(plain).some(echoes), "the unprotected server echoes input (else this test proves nothing)");
    const safe = await attack(await inMemory(makeServer(validator, true)));
    for (const [what, answer] of Object.entries(safe)) assert.ok(!echoes(answer), `${what}: ${answer}`);
    assertTeaches(safe);
  });

  test(`v2, ${validator}, 2026-07-28 through the handler factory: a server built per request is protected in one line`, async () => {
    const plain = await attack(await stateless(() => makeServer(validator, false)));
    assert.ok(Object.values(plain).some(echoes), "the unprotected server echoes input");
    const safe = await attack(await stateless(() => makeServer(validator, true)));
    for (const [what, answer] of Object.entries(safe)) assert.ok(!echoes(answer), `${what}: ${answer}`);
    assertTeaches(safe);
  });

  test(`v2, ${validator}: valid calls, results, outputSchema and handler phrases behave as without protection`, async () => {
    for (const connect of [inMemory, (s) => stateless(() => s)]) {
      const [plain, safe] = [await connect(makeServer(validator, false)), await connect(makeServer(validator, true))];
      for (const call of [
        { name: "send", arguments: { priority: "high" } },
        { name: "send", arguments: { priority: "low", text: "ok", count: 3, meta: { a: 1 } } },
        { name: "strict", arguments: { id: 7 } },
        { name: "typed", arguments: { n: 21 } },
      ]) {
        assert.deepEqual(await safe.callTool(call), await plain.callTool(call), JSON.stringify(call));
      }
      const known = await safe.callTool({ name: "send", arguments: { priority: "low", text: "known" } });
      assert.deepEqual(known.structuredContent.error, { code: "invalid_argument", tool: "send", field: "text", message: "is not a known user" }, "the server's own phrase passes");
      assert.deepEqual((await safe.listTools()).tools, (await plain.listTools()).tools, "tools/list as without protection");
    }
  });
}

test("v2: a recipient refused by recipientStandardSchema inside ArkType is answered with the recipient rejection", async () => {
  for (const client of [await inMemory(makeServer("ArkType", true)), await stateless(() => makeServer("ArkType", true))]) {
    const answer = await client.callTool({ name: "mail", arguments: { to: "AGENT:gpt", body: "hi" } });
    const { _meta, ...result } = answer; // 2026-07-28 adds the server's info
    assert.deepEqual(result, new RecipientValidator().rejectionResult("AGENT:gpt"));
    assert.equal(answer.structuredContent.error.code, "INVALID_RECIPIENT_SHAPE");
    const ok = await client.callTool({ name: "mail", arguments: { to: "@neo-gpt", body: "hi" } });
    assert.equal(ok.content[0].text, "to @neo-gpt");
  }
});

test("v2: onError hears every replaced answer, with the original issues or error", async () => {
  const heard = [];
  const server = makeServer("Valibot", true, { onError: (info) => heard.push(info) });
  const client = await inMemory(server);
  await attack(client);
  const kinds = heard.map((h) => h.kind);
  assert.ok(kinds.includes("invalid_arguments") && kinds.includes("unknown_tool") && kinds.includes("handler_error"), kinds.join());
  const invalid = heard.find((h) => h.kind === "invalid_arguments");
  assert.ok(Array.isArray(invalid.issues) && invalid.issues.length > 0, "the validator's own issues, for the operator's logs");
});

test("v2: tools registered after protectServer, and output checks, behave as without it", async () => {
  const server = protectServer(new McpServer({ name: "later", version: "1" }));
  const client = await inMemory(server);
  server.registerTool("late", { inputSchema: type({ level: "1 <= number.integer <= 5" }), outputSchema: z.object({ ok: z.boolean() }) }, async ({ level }) =>
    level === 5 ? { content: [{ type: "text", text: "bad" }], structuredContent: { ok: "no" } } : { content: [{ type: "text", text: "fine" }], structuredContent: { ok: true } },
  );
  const bad = await client.callTool({ name: "late", arguments: { level: 9 } });
  assert.equal(bad.content[0].text, "invalid tool arguments for late: level must be at most 5");
  assert.deepEqual((await client.callTool({ name: "late", arguments: { level: 2 } })).structuredContent, { ok: true });
  const broken = await client.callTool({ name: "late", arguments: { level: 5 } });
  assert.deepEqual(broken, { content: [{ type: "text", text: "tool late failed" }], isError: true }, "a result that breaks its own outputSchema");
});

test("v2: protectServer refuses what is not an McpServer, and leaves no wrapper behind", () => {
  for (const bad of [null, {}, { registerTool() {}, server: null }]) assert.throws(() => protectServer(bad), (e) => e.code === "INVALID_ARGUMENT" && e.reason === "wrong_type");
  const server = new McpServer({ name: "twice", version: "1" });
  const own = server.sendToolListChanged;
  assert.equal(protectServer(protectServer(server)), server);
  assert.notEqual(server.sendToolListChanged, own, "wrapped once");
  const wrapped = server.sendToolListChanged;
  protectServer(server);
  assert.equal(server.sendToolListChanged, wrapped, "not again");
});

test("v2: an onError that rejects (an async logger whose sink is down) changes no answer, and nothing is left unhandled", async () => {
  const unhandled = [];
  const listener = (reason) => unhandled.push(reason);
  process.on("unhandledRejection", listener);
  // Each promise onError returns rejects: protectServer must give each a
  // rejection handler (its `then` is watched), so none is ever unhandled;
  // and Node reported none it did not.
  let calls = 0;
  const unwatched = new Set();
  const onError = () => {
    calls++;
    const rejected = Promise.reject(new Error("log sink down"));
    unwatched.add(rejected);
    const then = rejected.then;
    rejected.then = function (onFulfilled, onRejected) {
      if (typeof onRejected === "function") unwatched.delete(rejected);
      return then.call(this, onFulfilled, onRejected);
    };
    return rejected;
  };
  try {
    const server = makeServer("Zod 4", true, { onError });
    const answers = await attack(await inMemory(server));
    for (const [what, answer] of Object.entries(answers)) assert.ok(!echoes(answer), `${what}: ${answer}`);
    assertTeaches(answers);
    assert.ok(calls > 0, "onError was called");
    assert.equal(unwatched.size, 0, "every rejected promise onError returned was handled");
    assert.deepEqual(unhandled, []);
  } finally {
    process.off("unhandledRejection", listener);
  }
});

test("v2: past the server's maxToolInputElements, the call is refused at once, never validated again, and says nothing of the input", async () => {
  for (const protect of [false, true]) {
    const server = new McpServer({ name: "capped", version: "1" }, { maxToolInputElements: 100 });
    if (protect) protectServer(server);
    let validations = 0;
    const counted = z.object({ a: z.array(z.number()) }).superRefine(() => void validations++);
    server.registerTool("t", { inputSchema: counted }, async () => ({ content: [{ type: "text", text: "ok" }] }));
    const client = await inMemory(server);
    const answer = await client.callTool({ name: "t", arguments: { a: Array.from({ length: 50_000 }, (_, i) => i), [MARK]: 1 } });
    assert.equal(answer.isError, true);
    assert.ok(!JSON.stringify(answer).includes(MARK), JSON.stringify(answer));
    assert.equal(validations, 0, "the cap is checked before any validation");
    if (protect) assert.equal(answer.content[0].text, "invalid tool arguments for t");
    assert.equal((await client.callTool({ name: "t", arguments: { a: [1, 2] } })).content[0].text, "ok");
  }
});
