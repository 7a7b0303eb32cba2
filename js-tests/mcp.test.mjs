// mcp-boundary/mcp: protectServer on real McpServers (Zod 3 and Zod 4),
// driven by the SDK's own Client, in memory and over stdio. A sentinel
// planted in every place the SDK echoes input must reach the client from
// an unprotected server (so the test can fail) and never from a protected
// one, while the field is still named.
import { test } from "node:test";
import assert from "node:assert/strict";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { InMemoryTaskStore } from "@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { z as z4 } from "zod";
import { z as z3 } from "zod3";
import * as zm from "zod/mini";
import { protectServer } from "mcp-boundary/mcp";
import { MARK, SENTINEL, makeServer, attack } from "./mcp-probe.mjs";

async function connect(server) {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(b);
  await client.listTools(); // so the client knows the output schemas
  return client;
}

for (const [zod, z] of [["Zod 4", z4], ["Zod 3", z3]]) {
  test(`${zod}: the sentinel reaches the client from an unprotected server, never from a protected one`, async () => {
    const plain = await attack(await connect(makeServer(z, false)));
    assert.ok(plain.some((a) => a.includes(MARK)), "the unprotected server echoes input (else this test proves nothing)");
    const safe = await attack(await connect(makeServer(z, true)));
    for (const answer of safe) assert.ok(!answer.includes(MARK), answer);
    // The model still learns which field and what kind of problem.
    const [enumValue, unknownKey, recordKey, overLong, unknownTool, handler, typed] = safe.map((a) => JSON.parse(a));
    assert.equal(enumValue.isError, true);
    // The constants the schema declares teach the fix: enum options, bounds.
    assert.deepEqual(enumValue.structuredContent.error, { code: "invalid_argument", tool: "send", field: "priority", message: "must be one of low, normal, high" });
    assert.match(unknownKey.content[0].text, /strict: is not a known argument/);
    assert.equal(recordKey.structuredContent.error.field, "meta");
    assert.equal(overLong.structuredContent.error.message, "must have at most 20 characters");
    assert.equal(unknownTool.thrown.code, -32602);
    assert.equal(unknownTool.thrown.data.code, "unknown_tool");
    assert.deepEqual(handler, { content: [{ type: "text", text: "tool send failed" }], isError: true });
    assert.equal(typed.isError, true);
    assert.equal(typed.structuredContent, undefined, "no structuredContent against a tool's outputSchema");
    assert.match(typed.content[0].text, /typed: n must be a number$/); // as v2 and Python answer it (SPEC 6.1)
  });

  test(`${zod}: valid calls, results, outputSchema and later tools behave as without protection`, async () => {
    const clients = [await connect(makeServer(z, false)), await connect(makeServer(z, true))];
    const calls = [
      { name: "send", arguments: { priority: "high", text: "hi" } },
      { name: "strict", arguments: { id: 3 } },
      { name: "typed", arguments: { n: 21 } },
    ];
    for (const call of calls) {
      const [plain, safe] = await Promise.all(clients.map((c) => c.callTool(call)));
      assert.deepEqual(safe, plain);
    }
    const [plainTools, safeTools] = await Promise.all(clients.map((c) => c.listTools()));
    assert.deepEqual(safeTools, plainTools);
    // A tool registered after protectServer is covered, and named in answers.
    const server = makeServer(z, true);
    const client = await connect(server);
    server.registerTool("later", { inputSchema: { level: z.enum(["a", "b"]) } }, async () => ({ content: [{ type: "text", text: "ok" }] }));
    const r = await client.callTool({ name: "later", arguments: { level: SENTINEL } });
    assert.ok(!JSON.stringify(r).includes(MARK));
    assert.equal(r.structuredContent.error.tool, "later");
    assert.equal(r.structuredContent.error.field, "level");
    // A left-out argument says so, in both Zod versions (Zod 4's issue
    // for a missing enum is the one for a wrong value).
    for (const args of [{ text: "hi" }, undefined]) {
      const missing = await client.callTool({ name: "send", arguments: args });
      assert.deepEqual(missing.structuredContent.error, { code: "invalid_argument", tool: "send", field: "priority", message: "is required" });
    }
    // The server's own phrases pass.
    const known = await client.callTool({ name: "send", arguments: { priority: "low", text: "known" } });
    assert.deepEqual(known.structuredContent.error, { code: "invalid_argument", tool: "send", field: "text", message: "is not a known user" });
  });
}

for (const [zod, z] of [["Zod 4", z4], ["Zod 3", z3]]) {
  test(`${zod}: a task tool's arguments are checked before the SDK's task paths`, async () => {
    const answers = [];
    for (const protect of [false, true]) {
      const plain = new McpServer({ name: "t", version: "1" }, { capabilities: { tasks: { requests: { tools: { call: {} } } } }, taskStore: new InMemoryTaskStore() });
      const server = protect ? protectServer(plain) : plain;
      server.experimental.tasks.registerToolTask("slow", { inputSchema: z.object({ level: z.enum(["low", "high"]) }).strict(), execution: { taskSupport: "optional" } }, {
        async createTask({ level }, extra) {
          const task = await extra.taskStore.createTask({ ttl: 60_000 });
          await extra.taskStore.storeTaskResult(task.taskId, "completed", { content: [{ type: "text", text: `done ${level}` }] });
          return { task };
        },
        getTask: async (_, extra) => extra.taskStore.getTask(extra.taskId),
        getTaskResult: async (_, extra) => extra.taskStore.getTaskResult(extra.taskId),
      });
      const client = await connect(server);
      const bad = await client.callTool({ name: "slow", arguments: { level: "low", [SENTINEL]: 1 } });
      answers.push(JSON.stringify(bad));
      // A valid call still runs as a task, polled to its result.
      assert.deepEqual((await client.callTool({ name: "slow", arguments: { level: "high" } })).content, [{ type: "text", text: "done high" }]);
    }
    assert.ok(answers[0].includes(MARK), "the SDK's own answer echoes the key (else this test proves nothing)");
    assert.ok(!answers[1].includes(MARK), answers[1]);
    assert.deepEqual(JSON.parse(answers[1]).structuredContent.error, { code: "invalid_argument", tool: "slow", field: null, message: "is not a known argument" });
  });
}

test("a disabled tool is never suggested for an unknown name, and is again once enabled", async () => {
  const server = new McpServer({ name: "d", version: "1" });
  protectServer(server);
  const ok = async () => ({ content: [{ type: "text", text: "ok" }] });
  server.registerTool("search_issues", { inputSchema: { q: z4.string() } }, ok);
  const legacy = server.registerTool("search_issues_v1", { inputSchema: { q: z4.string() } }, ok);
  legacy.disable();
  const client = await connect(server);
  const suggestions = async () => {
    try {
      await client.callTool({ name: "search_issue", arguments: { q: "x" } });
    } catch (e) {
      return e.data.suggestions;
    }
    assert.fail("an unknown tool must be refused");
  };
  assert.deepEqual(await suggestions(), ["search_issues"]);
  legacy.enable();
  assert.deepEqual(await suggestions(), ["search_issues", "search_issues_v1"]);
});

test("a handler's McpError is classified by what the handler wrote, not by the SDK's prefix", async () => {
  const server = new McpServer({ name: "e", version: "1" });
  protectServer(server, { messages: ["is not a known user"] });
  server.registerTool("send", { inputSchema: { to: z4.string() } }, async ({ to }) => {
    if (to === "known") throw new McpError(ErrorCode.InvalidParams, "to is not a known user");
    throw new McpError(ErrorCode.InvalidParams, `no such user ${SENTINEL}`);
  });
  const client = await connect(server);
  const known = await client.callTool({ name: "send", arguments: { to: "known" } });
  assert.deepEqual(known.structuredContent.error, { code: "invalid_argument", tool: "send", field: "to", message: "is not a known user" });
  const other = await client.callTool({ name: "send", arguments: { to: "x" } });
  assert.deepEqual(other, { content: [{ type: "text", text: "tool send failed" }], isError: true });
});

test("handlerErrors: 'pass' keeps the SDK's answer for handler errors only", async () => {
  const server = new McpServer({ name: "p", version: "1" });
  protectServer(server, { handlerErrors: "pass" });
  server.registerTool("t", { inputSchema: { a: z4.enum(["x"]) } }, async () => {
    throw new Error("handler says hi");
  });
  const client = await connect(server);
  assert.equal((await client.callTool({ name: "t", arguments: { a: "x" } })).content[0].text, "handler says hi");
  assert.ok(!JSON.stringify(await client.callTool({ name: "t", arguments: { a: SENTINEL } })).includes(MARK));
});

test("protectServer refuses what is not an McpServer, and protecting twice is harmless", () => {
  for (const notAServer of [{}, null, 42, { registerTool() {} }]) {
    assert.throws(() => protectServer(notAServer), (e) => e instanceof TypeError && e.name === "TypeError" && e.code === "INVALID_ARGUMENT" && e.reason === "wrong_type");
  }
  assert.throws(() => protectServer(new McpServer({ name: "p", version: "1" }), { messages: 42 }), { name: "TypeError", code: "INVALID_OPTIONS" });
  const server = new McpServer({ name: "p", version: "1" });
  assert.equal(protectServer(protectServer(server)), server);
});

for (const zod of ["4", "3"]) {
  test(`over stdio, Zod ${zod}: the sentinel reaches the client from an unprotected server, never from a protected one`, async () => {
    const answers = {};
    for (const mode of ["plain", "protected"]) {
      const probe = new URL("./mcp-probe.mjs", import.meta.url).pathname;
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [probe, zod, mode] }));
      try {
        await client.listTools();
        answers[mode] = await attack(client);
      } finally {
        await client.close();
      }
    }
    assert.ok(answers.plain.some((a) => a.includes(MARK)), "the unprotected server echoes input");
    for (const answer of answers.protected) assert.ok(!answer.includes(MARK), answer);
    assert.equal(JSON.parse(answers.protected[0]).structuredContent.error.field, "priority");
  });
}

for (const [zod, z] of [["Zod 4", z4], ["Zod 3", z3]]) {
  test(`${zod}: recipientSchema accepts exactly the validator's recipients, teaches both shapes, and a protected server answers with the rejection`, async () => {
    const { recipientSchema } = await import("mcp-boundary/mcp");
    const { RecipientValidator, recipientJsonSchema } = await import("mcp-boundary");
    const options = { knownAgents: ["@neo-gpt"], strict: true };
    const schema = recipientSchema(z, options);
    const v = new RecipientValidator(options);
    for (const to of ["AGENT:*", "@neo-gpt", "@trinity", "AGENT:gpt", "neo-gpt", "", " @neo-gpt", "@neo gpt"]) {
      assert.equal(schema.safeParse(to).success, v.validate(to).ok, to);
    }
    const server = protectServer(new McpServer({ name: "mail", version: "1" }));
    server.registerTool("add_message", { inputSchema: { to: recipientSchema(z, options), body: z.string() } }, async ({ to }) => ({
      content: [{ type: "text", text: `sent to ${to}` }],
    }));
    const client = await connect(server);
    const listed = (await client.listTools()).tools[0].inputSchema.properties.to;
    assert.equal(listed.description, recipientJsonSchema(options).description, "tools/list teaches both shapes");
    const r = await client.callTool({ name: "add_message", arguments: { to: "AGENT:gpt", body: "hi" } });
    assert.equal(r.isError, true);
    assert.deepEqual(r, v.rejectionResult("AGENT:gpt"));
    assert.equal(r.structuredContent.error.reason, "agent_prefix_with_name");
    assert.deepEqual(r.structuredContent.error.suggestions, ["@neo-gpt"]);
    assert.equal((await client.callTool({ name: "add_message", arguments: { to: "@neo-gpt", body: "hi" } })).content[0].text, "sent to @neo-gpt");
  });
}

test("Zod Mini: schemas built from functions are protected alike, and recipientSchema takes its z", async () => {
  const { recipientSchema } = await import("mcp-boundary/mcp");
  const { RecipientValidator, recipientJsonSchema } = await import("mcp-boundary");
  const options = { knownAgents: ["@neo-gpt"] };
  const v = new RecipientValidator(options);
  const schema = recipientSchema(zm, options);
  for (const to of ["AGENT:*", "@neo-gpt", "AGENT:gpt", "neo-gpt", "", "@neo gpt"]) assert.equal(schema.safeParse(to).success, v.validate(to).ok, to);
  const answers = {};
  for (const protect of [false, true]) {
    const server = new McpServer({ name: "mini", version: "1" });
    if (protect) protectServer(server);
    server.registerTool(
      "send",
      { inputSchema: { to: recipientSchema(zm, options), priority: zm.enum(["low", "high"]), text: zm.optional(zm.string().check(zm.maxLength(20))), meta: zm.optional(zm.record(zm.string(), zm.number())) } },
      async ({ to }) => ({ content: [{ type: "text", text: `sent to ${to}` }] }),
    );
    server.registerTool("strict", { inputSchema: zm.strictObject({ id: zm.number() }) }, async ({ id }) => ({ content: [{ type: "text", text: `id ${id}` }] }));
    const client = await connect(server);
    const listed = (await client.listTools()).tools[0].inputSchema.properties.to;
    assert.equal(listed.description, recipientJsonSchema(options).description, "tools/list teaches both shapes");
    assert.equal((await client.callTool({ name: "send", arguments: { to: "@neo-gpt", priority: "low" } })).content[0].text, "sent to @neo-gpt");
    answers[protect] = [];
    for (const args of [
      { name: "send", arguments: { to: "@neo-gpt", priority: SENTINEL } },
      { name: "send", arguments: { to: "@neo-gpt", priority: "low", meta: { [SENTINEL]: "x" } } },
      { name: "send", arguments: { to: "@neo-gpt", priority: "low", text: SENTINEL.repeat(3) } },
      { name: "strict", arguments: { id: 1, [SENTINEL]: 1 } },
      { name: "send", arguments: { to: "AGENT:gpt", priority: "low" } },
    ]) {
      answers[protect].push(await client.callTool(args));
    }
  }
  assert.ok(answers.false.some((a) => JSON.stringify(a).includes(MARK)), "the unprotected server echoes input (else this test proves nothing)");
  for (const a of answers.true) assert.ok(!JSON.stringify(a).includes(MARK), JSON.stringify(a));
  const [enumValue, recordKey, overLong, unknownKey, recipient] = answers.true;
  assert.deepEqual(enumValue.structuredContent.error, { code: "invalid_argument", tool: "send", field: "priority", message: "must be one of low, high" });
  assert.equal(recordKey.structuredContent.error.field, "meta");
  assert.equal(overLong.structuredContent.error.message, "must have at most 20 characters");
  assert.equal(unknownKey.structuredContent.error.message, "is not a known argument");
  assert.deepEqual(recipient, v.rejectionResult("AGENT:gpt"));
  for (const notZod of [{ string: () => ({}) }, null, {}]) assert.throws(() => recipientSchema(notZod), { name: "TypeError", code: "INVALID_ARGUMENT", reason: "wrong_type" });
});

test("the main entry never loads the SDK; only mcp-boundary/mcp does", async () => {
  const { execFileSync } = await import("node:child_process");
  const loaded = (entry) =>
    execFileSync(process.execPath, ["-e", `require(${JSON.stringify(entry)}); console.log(Object.keys(require.cache).some((k) => k.includes("@modelcontextprotocol")))`], {
      encoding: "utf8",
      cwd: new URL(".", import.meta.url),
    }).trim();
  assert.equal(loaded("mcp-boundary"), "false");
  assert.equal(loaded("mcp-boundary/mcp"), "true");
});

test("a schema key the catalog cannot hold still gets safe answers", async () => {
  const server = protectServer(new McpServer({ name: "odd", version: "1" }));
  server.registerTool("odd", { inputSchema: { "a key": z4.enum(["x"]) } }, async () => ({ content: [{ type: "text", text: "ok" }] }));
  const client = await connect(server);
  const r = await client.callTool({ name: "odd", arguments: { "a key": SENTINEL } });
  assert.equal(r.isError, true);
  assert.ok(!JSON.stringify(r).includes(MARK));
  assert.equal(r.structuredContent.error.tool, "odd");
});
