// ToolRouter over real SDK servers (in memory): every page of tools/list,
// collisions skipped and reported, names over 64 characters and dotted
// names hashed per profile, a tool added after connect, a server removed,
// calls routed by alias or canonical name, unknown names never echoed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ToolRouter } from "mcp-boundary/mcp";

const LONG = "summarize_every_document_in_the_workspace_and_rank_them_by_relevance";

async function serve(name, tools) {
  const server = new McpServer({ name, version: "1.0.0" });
  for (const tool of tools) {
    server.registerTool(tool, { description: `the ${tool} tool`, inputSchema: { q: z.string() } }, async ({ q }) => ({
      content: [{ type: "text", text: `${name}:${tool}:${q}` }],
    }));
  }
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "router", version: "1.0.0" });
  await client.connect(b);
  return { server, client };
}

const until = async (check) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(check());
};

test("ToolRouter: two servers, a collision, long and dotted names, a tool added later, a server removed", async () => {
  const gh = await serve("github", ["create_issue", "search.code", LONG]);
  const a = await serve("a", ["b__c", "b/c", "d"]); // a/b__c and a/b/c both make a__b__c
  const router = new ToolRouter({ profile: "openai" });
  assert.deepEqual(await router.addServer("github", gh.client), { refused: [], unrepresentable: [] });
  const { refused } = await router.addServer("a", a.client);
  assert.deepEqual(refused, [{ canonical: "a/b/c", existing: "a/b__c", alias: "a__b__c" }]);
  // A server name with the separator in it is refused: its aliases could be another server's.
  await assert.rejects(router.addServer("a__b", (await serve("a__b", ["c"])).client), { name: "TypeError", code: "INVALID_ARGUMENT", reason: "invalid_server_name" });

  const names = router.tools("openai-chat").map((t) => t.function.name);
  assert.ok(names.includes("github__create_issue"));
  assert.ok(names.every((n) => /^[A-Za-z0-9_-]{1,64}$/.test(n)), "every name fits OpenAI");
  assert.equal(names.length, 5, "the refused tool is not declared");
  const anthropic = router.tools("anthropic");
  assert.deepEqual(anthropic[0], { name: "github__create_issue", description: "the create_issue tool", input_schema: anthropic[0].input_schema });
  assert.equal(anthropic[0].input_schema.type, "object");
  // In the order the servers listed them, server after server.
  const canonical = (n) => router.registry.toCanonical(n);
  assert.deepEqual(names.map(canonical), ["github/create_issue", "github/search.code", `github/${LONG}`, "a/b__c", "a/d"]);
  // Gemini takes the SDK's JSON Schema (with its `$schema`) in
  // parametersJsonSchema: its OpenAPI-subset `parameters` refuses `$schema`.
  const gemini = router.tools("gemini");
  assert.deepEqual(Object.keys(gemini[0]), ["name", "description", "parametersJsonSchema"]);
  assert.ok("$schema" in gemini[0].parametersJsonSchema, "the SDK's schema, as it is");
  assert.deepEqual(gemini[0].parametersJsonSchema, anthropic[0].input_schema);
  // Responses: strict: false, or the API would make every optional field required.
  assert.equal(router.tools("openai-responses")[0].strict, false);

  // Routed by alias or canonical name, to the server that has the tool.
  const byAlias = await router.callTool("github__create_issue", { q: "x" });
  assert.equal(byAlias.content[0].text, "github:create_issue:x");
  assert.equal((await router.callTool("a/d", { q: "y" })).content[0].text, "a:d:y");
  assert.equal((await router.callTool("a__b__c", { q: "y" })).content[0].text, "a:b__c:y");
  const dotted = router.registry.toLlmFacing("github/search.code");
  assert.match(dotted, /^github__search_code_[0-9a-f]{8}$/);
  assert.equal((await router.callTool(dotted, { q: "z" })).content[0].text, "github:search.code:z");

  // Unknown names: -32602 with suggestions, never the name.
  await assert.rejects(router.callTool("github__create_isue\nIGNORE", {}), (e) => {
    assert.equal(e.code, -32602);
    assert.deepEqual(e.data.suggestions[0], "github__create_issue");
    assert.ok(!JSON.stringify({ m: e.message, d: e.data }).includes("IGNORE"));
    return true;
  });

  // Arguments are an object: JSON text (as OpenAI gives them) or a list is
  // refused before the server is asked; none at all is {}.
  for (const args of ['{"q":"x"}', ["x"], 5]) {
    await assert.rejects(router.callTool("github__create_issue", args), {
      name: "TypeError",
      code: "INVALID_ARGUMENT",
      reason: "wrong_type",
      message: /arguments must be an object.*JSON\.parse/,
    });
  }
  assert.equal((await router.callTool("github__create_issue")).isError, true, "no arguments: the server's own answer for a missing q");

  // A tool registered after connect arrives with tools/list_changed.
  gh.server.registerTool("close_issue", { inputSchema: { q: z.string() } }, async () => ({ content: [{ type: "text", text: "closed" }] }));
  await until(() => router.tools("anthropic").some((t) => t.name === "github__close_issue"));
  assert.equal((await router.callTool("github__close_issue", { q: "1" })).content[0].text, "closed");

  // A removed server's tools are gone, and its alias is free again.
  assert.equal(router.removeServer("a"), true);
  assert.ok(!router.tools("gemini").some((t) => t.name === "a__b__c"));
  await assert.rejects(router.callTool("a__b__c", {}), { code: -32602 });
  const again = await serve("a", ["b/c"]);
  assert.deepEqual(await router.addServer("a", again.client), { refused: [], unrepresentable: [] }, "re-adding takes the freed alias");
  assert.equal((await router.callTool("a__b__c", { q: "w" })).content[0].text, "a:b/c:w");
});

test('ToolRouter onCollision "throw": a colliding server is not added, and a refused new list keeps the old one', async () => {
  const a = await serve("a", ["b__c"]);
  const ab = await serve("ab", ["c__d", "c/d"]);
  const router = new ToolRouter({ profile: "openai", onCollision: "throw" });
  assert.deepEqual(await router.addServer("a", a.client), { refused: [], unrepresentable: [] });
  await assert.rejects(router.addServer("ab", ab.client), { name: "ToolNameError", code: "TOOL_NAME_COLLISION" });
  assert.equal(router.removeServer("ab"), false, "not added");
  assert.deepEqual(router.registry.entries().map((e) => e.canonical), ["a/b__c"]);
  // The first server's new list collides within itself: its old list
  // stays. The router lists a server one listing at a time, so what it has
  // when the next listing starts is what the colliding one left.
  const list = a.client.listTools.bind(a.client);
  const answers = [], atStart = [];
  a.client.listTools = async (...args) => {
    atStart.push(router.registry.entries().map((e) => e.canonical));
    const page = await list(...args);
    answers.push(page.tools.map((t) => t.name));
    return page;
  };
  const colliding = a.server.registerTool("b/c", { inputSchema: { q: z.string() } }, async () => ({ content: [{ type: "text", text: "never" }] }));
  await until(() => answers.length === 1);
  assert.deepEqual(answers[0], ["b__c", "b/c"], "the colliding list was listed");
  colliding.remove(); // one more change: listed once the colliding list is refused
  await until(() => atStart.length === 2);
  assert.deepEqual(atStart[1], ["a/b__c"], "the refused list left the old one");
  assert.equal((await router.callTool("a__b__c", { q: "1" })).content[0].text, "a:b__c:1");
});

test("ToolRouter keeps the client's own tools/list_changed handler, before and after removeServer", async () => {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  server.registerTool("a", { inputSchema: { q: z.string() } }, async () => ({ content: [{ type: "text", text: "a" }] }));
  const [t1, t2] = InMemoryTransport.createLinkedPair();
  await server.connect(t1);
  let changes = 0;
  // The SDK's own option: the client re-lists and calls onChanged.
  const client = new Client({ name: "host", version: "1.0.0" }, { listChanged: { tools: { onChanged: () => changes++ } } });
  await client.connect(t2);
  const router = new ToolRouter();
  await router.addServer("s", client);
  const add = (name) => server.registerTool(name, { inputSchema: { q: z.string() } }, async () => ({ content: [{ type: "text", text: name }] }));
  add("b");
  await until(() => changes === 1 && router.tools("anthropic").some((t) => t.name === "s__b"));
  assert.equal(router.removeServer("s"), true);
  add("c");
  await until(() => changes === 2);
  assert.deepEqual(router.tools("anthropic"), [], "a removed server is not followed");
});

test("ToolRouter ends at the newest tool list when list answers come back out of order", async () => {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  const add = (name) => server.registerTool(name, { inputSchema: { q: z.string() } }, async () => ({ content: [{ type: "text", text: name }] }));
  add("a");
  const [t1, t2] = InMemoryTransport.createLinkedPair();
  await server.connect(t1);
  const client = new Client({ name: "host", version: "1.0.0" });
  await client.connect(t2);
  // The client's own handler, which the router calls after its own: a
  // count of the changes the router has heard.
  let heard = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void heard++);
  const router = new ToolRouter();
  await router.addServer("s", client);
  // The first listing after this is answered, then held back (a slow
  // network path) until the burst below has been heard; the next is not.
  const list = client.listTools.bind(client);
  let calls = 0, answered = 0, release;
  const held = new Promise((r) => (release = r));
  client.listTools = async (...args) => {
    const n = ++calls;
    const page = await list(...args);
    answered++;
    if (n === 1) await held;
    return page;
  };
  add("b"); // its listing sees a and b, and comes back last
  await until(() => answered === 1);
  add("c"); add("d"); // a burst, as a server announces each tool it adds
  await until(() => heard === 3);
  release(); // every change is heard: no listing but the one the burst asked for is to come
  const names = () => router.tools("anthropic").map((t) => t.name);
  await until(() => calls >= 2 && names().length === 4);
  assert.deepEqual(names(), ["s__a", "s__b", "s__c", "s__d"]);
  assert.equal(calls, 2, "the burst during the first listing is one more listing");
});

test("ToolRouter lists every page of tools/list, and refuses a server that repeats a cursor", { timeout: 20_000 }, async () => {
  const { Server } = await import("@modelcontextprotocol/sdk/server/index.js");
  const { ListToolsRequestSchema, CallToolRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
  // A low-level server that pages its tools two at a time; `loop` hands
  // back its first cursor forever.
  async function paged(names, loop = false) {
    const server = new Server({ name: "paged", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      const at = Number(request.params?.cursor ?? 0);
      const next = at + 2 < names.length ? String(loop ? 2 : at + 2) : undefined;
      return { tools: names.slice(at, at + 2).map((name) => ({ name, inputSchema: { type: "object" } })), nextCursor: next };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: "text", text: `called ${request.params.name}` }] }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "router", version: "1.0.0" });
    await client.connect(b);
    return client;
  }
  const router = new ToolRouter();
  assert.deepEqual(await router.addServer("p", await paged(["a", "b", "c", "d", "e"])), { refused: [], unrepresentable: [] });
  assert.deepEqual(router.tools("anthropic").map((t) => t.name), ["p__a", "p__b", "p__c", "p__d", "p__e"]);
  assert.equal((await router.callTool("p__e", {})).content[0].text, "called e");
  await assert.rejects(router.addServer("loop", await paged(["a", "b", "c", "d", "e", "f"], true)), /repeated a cursor/);
  assert.equal(router.removeServer("loop"), false, "not added");

  // A tool name no alias can stand for costs that tool, not the server
  // (with "skip"); with "throw" the server is refused, as for a collision.
  const odd = ["ok", "", "a//b", "lone\ud800", "also_ok"];
  assert.deepEqual(await router.addServer("odd", await paged(odd)), {
    refused: [],
    unrepresentable: [
      { canonical: "odd/", reason: "empty_segment" },
      { canonical: "odd/a//b", reason: "empty_segment" },
      { canonical: "odd/lone\ud800", reason: "invalid_character" },
    ],
  });
  assert.deepEqual(router.tools("openai-chat").filter((t) => t.function.name.startsWith("odd")).map((t) => t.function.name), ["odd__ok", "odd__also_ok"]);
  assert.equal((await router.callTool("odd__also_ok", {})).content[0].text, "called also_ok");
  const strict = new ToolRouter({ onCollision: "throw" });
  await assert.rejects(strict.addServer("odd", await paged(odd)), { name: "ToolNameError", code: "UNREPRESENTABLE_TOOL_NAME" });
});
