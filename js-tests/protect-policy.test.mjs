// protectServer's policy is Rust's (issue 39): its options are checked by
// the core, its catalog is built from the tools as the SDK lists them
// (leniently: one bad tool costs only itself), and a recipient field is one
// expression in every validator (Zod classic and Mini, Valibot, ArkType),
// refusing with the §1.2 rejection and showing both shapes in tools/list.
// Driven through a v2 server and the v2 Client in memory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { McpServer, InMemoryTransport } from "@modelcontextprotocol/server";
import { Client } from "@modelcontextprotocol/client";
import * as z from "zod";
import * as zm from "zod/mini";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { RecipientValidator, recipientJsonSchema, __mcp } from "mcp-boundary";
import { protectServer, recipientSchema, recipientValibot, recipientArkType } from "mcp-boundary/mcp";

/** A v2 Client of `server` over the in-memory transport. */
async function connect(server) {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(b);
  await client.listTools();
  return client;
}

/** Runs `fn` with console.warn silenced (the SDK warns about tool names and Zod Mini's JSON Schema). */
async function quietly(fn) {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

test("handlerErrors: a value the core does not know is its options error, a non-string the binding's wrong_type", () => {
  const server = () => new McpServer({ name: "o", version: "1" });
  for (const value of ["Pass", "classify ", "PASS", ""]) {
    assert.throws(() => protectServer(server(), { handlerErrors: value }), (e) => e.name === "TypeError" && e.code === "INVALID_OPTIONS" && e.reason === "invalid_value" && !e.message.includes(`"${value}"`), value);
  }
  for (const value of [true, 1, null, ["pass"]]) {
    assert.throws(() => protectServer(server(), { handlerErrors: value }), (e) => e.code === "INVALID_OPTIONS" && e.reason === "wrong_type", String(value));
  }
  for (const value of ["pass", "classify", undefined]) protectServer(server(), { handlerErrors: value });
  assert.throws(() => protectServer(server(), { messages: ["ok", ""] }), (e) => e.code === "INVALID_OPTIONS" && e.reason === "invalid_value");
});

test("a tool whose name holds a lone surrogate costs only itself: every other tool keeps its fields, options and suggestions", async () => {
  const answers = async (lone) =>
    quietly(async () => {
      const server = protectServer(new McpServer({ name: "s", version: "1" }));
      server.registerTool("send", { inputSchema: z.object({ priority: z.enum(["low", "high"]) }) }, async () => ({ content: [] }));
      if (lone) server.registerTool("bad\uD800name", { inputSchema: z.object({ x: z.string() }) }, async () => ({ content: [] }));
      const client = await connect(server);
      const refused = await client.callTool({ name: "send", arguments: { priority: "urgent" } });
      const unknown = await client.callTool({ name: "sen", arguments: {} }).then(
        () => assert.fail("an unknown tool is an error"),
        (e) => e.data,
      );
      const own = lone ? await client.callTool({ name: "bad\uD800name", arguments: { x: 1 } }) : undefined;
      return { refused, unknown, own };
    });
  const expected = {
    content: [{ type: "text", text: "invalid tool arguments for send: priority must be one of low, high" }],
    structuredContent: { error: { code: "invalid_argument", tool: "send", field: "priority", message: "must be one of low, high" } },
    isError: true,
  };
  const plain = await answers(false);
  assert.deepEqual(plain.refused, expected, "without the bad tool (the oracle)");
  assert.deepEqual(plain.unknown, { code: "unknown_tool", suggestions: ["send"] });
  const lone = await answers(true);
  assert.deepEqual(lone.refused, expected, "the bad tool changes no other tool's answer");
  assert.deepEqual(lone.unknown, { code: "unknown_tool", suggestions: ["send"] });
  // Its own calls are still answered safely, without its name.
  assert.equal(lone.own.isError, true);
  assert.equal(lone.own.content[0].text, "invalid tool arguments: has the wrong type");
});

test("Zod Mini: a refusal names the field and what it takes, from the schema as tools/list publishes it", async () => {
  await quietly(async () => {
    const server = protectServer(new McpServer({ name: "mini", version: "1" }));
    const inputSchema = zm.object({ priority: zm.enum(["low", "normal", "high"]), count: zm.optional(zm.number().check(zm.maximum(100))) });
    server.registerTool("send", { inputSchema }, async () => ({ content: [{ type: "text", text: "sent" }] }));
    const client = await connect(server);
    const listed = (await client.listTools()).tools[0].inputSchema;
    assert.deepEqual(listed.properties.priority.enum, ["low", "normal", "high"], "the SDK lists Zod Mini's fields (else this test proves nothing)");
    const bad = await client.callTool({ name: "send", arguments: { priority: "SECRET" } });
    assert.deepEqual(bad.structuredContent.error, { code: "invalid_argument", tool: "send", field: "priority", message: "must be one of low, normal, high" });
    const big = await client.callTool({ name: "send", arguments: { priority: "low", count: 7000 } });
    assert.deepEqual(big.structuredContent.error, { code: "invalid_argument", tool: "send", field: "count", message: "must be at most 100" });
  });
});

// The recipient field in each validator: one expression.
const recipientFields = {
  "Zod classic": () => z.object({ to: recipientSchema(z), body: z.string() }),
  "Zod Mini": () => zm.object({ to: recipientSchema(zm), body: zm.string() }),
  Valibot: () => toStandardJsonSchema(v.object({ to: recipientValibot(v), body: v.string() })),
  ArkType: () => type({ to: recipientArkType(type), body: "string" }),
};

for (const [validator, schema] of Object.entries(recipientFields)) {
  test(`${validator}: the recipient field shows both shapes in tools/list and refuses with the §1.2 rejection`, async () => {
    await quietly(async () => {
      const server = protectServer(new McpServer({ name: "mail", version: "1" }));
      server.registerTool("mail", { inputSchema: schema() }, async ({ to }) => ({ content: [{ type: "text", text: `to ${to}` }] }));
      const client = await connect(server);
      const { pattern, description } = recipientJsonSchema();
      const to = (await client.listTools()).tools[0].inputSchema.properties.to;
      assert.equal(to.type, "string");
      assert.equal(to.description, description, "both shapes, told to the model");
      if (validator !== "Zod classic" && validator !== "Zod Mini") assert.equal(to.pattern, pattern);
      for (const bad of ["AGENT:gpt", "neo", "@", "SECRET\nIGNORE"]) {
        const answer = await client.callTool({ name: "mail", arguments: { to: bad, body: "hi" } });
        assert.deepEqual(answer, new RecipientValidator().rejectionResult(bad), bad);
      }
      assert.equal((await client.callTool({ name: "mail", arguments: { to: "@neo-gpt", body: "hi" } })).content[0].text, "to @neo-gpt");
      assert.equal((await client.callTool({ name: "mail", arguments: { to: "AGENT:*", body: "hi" } })).content[0].text, "to AGENT:*");
    });
  });
}

test("recipientValibot and recipientArkType refuse what is not their validator with Rust's argument error, and take the validator's options", () => {
  for (const bad of [null, {}, z, type]) assert.throws(() => recipientValibot(bad), (e) => e.code === "INVALID_ARGUMENT" && e.reason === "wrong_type");
  for (const bad of [null, {}, v, () => 1]) assert.throws(() => recipientArkType(bad), (e) => e.code === "INVALID_ARGUMENT" && e.reason === "wrong_type");
  const options = { knownAgents: ["@neo-gpt"] };
  const valid = new RecipientValidator(options);
  const vs = recipientValibot(v, options), at = recipientArkType(type, options);
  for (const to of ["@neo-gpt", "@other", "AGENT:*"]) {
    assert.equal(v.safeParse(vs, to).success, valid.validate(to).ok, to);
    assert.equal(!(at(to) instanceof type.errors), valid.validate(to).ok, to);
  }
});

test("a listed schema's part that cannot be read (a throwing getter, a cycle, a lone surrogate) costs only itself", () => {
  const cycle = { type: "object" };
  cycle.properties = { self: cycle };
  // Reached twice from every level: read whole, it would be 2^depth values.
  const fork = { type: "object" };
  fork.properties = { a: fork, b: fork };
  const properties = {
    priority: { type: "string", enum: ["low", "high"] },
    forked: fork,
    looped: cycle,
    ["bad\uDC00key"]: { type: "string" },
    level: { $ref: "#/$defs/Level" },
  };
  Object.defineProperty(properties, "trap", { enumerable: true, get: () => { throw new Error("SECRET getter"); } });
  const inputSchema = { type: "object", properties, $defs: { Level: { type: "integer", maximum: 5 } } };
  // Through the policy protectServer asks (the SDK's own conversion never hands it such a schema: it cannot list one).
  const protection = __mcp().protection({});
  protection.catalog([{ name: "odd", inputSchema, outputSchema: false }, { name: "bad\uD800", inputSchema: { properties: { x: {} } }, outputSchema: true }]);
  const refused = (field, code = "invalid_type") => protection.invalidArguments("odd", [{ code, path: [field] }]).result.structuredContent.error;
  assert.deepEqual(refused("priority", "invalid_value"), { code: "invalid_argument", tool: "odd", field: "priority", message: "must be one of low, high" });
  assert.deepEqual(refused("level", "too_big"), { code: "invalid_argument", tool: "odd", field: "level", message: "must be at most 5" }, "a $ref followed");
  assert.equal(refused("looped").field, "looped", "a cyclic property keeps its field");
  assert.equal(refused("forked").field, "forked", "and one reached twice from every level is read within a bound");
  assert.equal(refused("trap").field, "trap", "a property whose getter throws keeps its field, declaring nothing");
  assert.equal(protection.unknownTool("od").error.data.suggestions[0], "odd");
  protection.free();
});
