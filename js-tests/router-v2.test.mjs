// ToolRouter with the SDK's v2 Clients, beside a v1 Client in one router:
// tools listed and routed, list changes followed under 2025-11-25 (sent
// unasked) and 2026-07-28 (only on a subscriptions/listen stream, which
// the router opens and closes), and addServer all or nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer, InMemoryTransport, createMcpHandler } from "@modelcontextprotocol/server";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import * as z from "zod";
import { type } from "arktype";
import { ToolRouter } from "mcp-boundary/mcp";

const until = async (check) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(await check());
};
const text = (result) => result.content[0].text;

/** A v1 client of a v1 server with `tools`. */
async function v1(name, tools) {
  const server = new McpServerV1({ name, version: "1" });
  for (const tool of tools) server.registerTool(tool, { inputSchema: { q: z.string() } }, async ({ q }) => ({ content: [{ type: "text", text: `${name}:${tool}:${q}` }] }));
  const [a, b] = InMemoryV1.createLinkedPair();
  await server.connect(a);
  const client = new ClientV1({ name: "router", version: "1" });
  await client.connect(b);
  return { server, client };
}

/** Registers `tool` on a v2 server. */
const register = (server, name, tool) =>
  server.registerTool(tool, { inputSchema: type({ q: "string" }) }, async ({ q }) => ({ content: [{ type: "text", text: `${name}:${tool}:${q}` }] }));

/** A v2 client of a v2 server with `tools`, in memory (2025-11-25). */
async function v2(name, tools) {
  const server = new McpServer({ name, version: "1" });
  for (const tool of tools) register(server, name, tool);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "router", version: "1" });
  await client.connect(b);
  return { server, client };
}

/** A v2 client over 2026-07-28 of servers built per request with the tools in `tools` (a list the test may grow), and the handler (its `notify`). */
async function stateless(name, tools, fetchHook = (f) => f) {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name, version: "1" });
    for (const tool of tools) register(server, name, tool);
    return server;
  });
  const fetch = fetchHook((url, init) => handler.fetch(new Request(url, init)));
  const client = new Client({ name: "router", version: "1" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://in-process/mcp"), { fetch }));
  assert.equal(client.getNegotiatedProtocolVersion(), "2026-07-28");
  return { client, handler };
}

test("a v1 and a v2 Client in one router: tools listed and calls routed to each", async () => {
  const router = new ToolRouter({ profile: "openai" });
  const one = await v1("alpha", ["search"]);
  const two = await v2("beta", ["search", "fetch"]);
  const modern = await stateless("gamma", ["lookup"]);
  assert.deepEqual(await router.addServer("alpha", one.client), { refused: [], unrepresentable: [] });
  assert.deepEqual(await router.addServer("beta", two.client), { refused: [], unrepresentable: [] });
  assert.deepEqual(await router.addServer("gamma", modern.client), { refused: [], unrepresentable: [] });
  const names = router.tools("openai-chat").map((t) => t.function.name).sort();
  assert.deepEqual(names, ["alpha__search", "beta__fetch", "beta__search", "gamma__lookup"]);
  assert.equal(text(await router.callTool("alpha__search", { q: "x" })), "alpha:search:x");
  assert.equal(text(await router.callTool("beta/fetch", { q: "y" })), "beta:fetch:y");
  assert.equal(text(await router.callTool("gamma__lookup", { q: "z" })), "gamma:lookup:z");
  await assert.rejects(router.callTool("nope\nIGNORE", {}), (e) => e.code === -32602 && !e.message.includes("IGNORE"));
  router.removeServer("gamma");
  await modern.handler.close();
});

test("v2 under 2025-11-25: a tool added later reaches the router (sent unasked)", async () => {
  const router = new ToolRouter();
  const { server, client } = await v2("beta", ["search"]);
  await router.addServer("beta", client);
  register(server, "beta", "later");
  await until(() => router.tools("anthropic").some((t) => t.name === "beta__later"));
  assert.equal(text(await router.callTool("beta__later", { q: "q" })), "beta:later:q");
});

test("v2 under 2026-07-28: the router opens the listen stream, follows changes on it, and closes it on removeServer", async () => {
  const tools = ["lookup"];
  const bodies = [];
  // Each listen stream's body, passed through: how many are open, and how
  // many events came through each after it was closed.
  const listens = { open: 0, afterClose: 0 };
  const { client, handler } = await stateless("gamma", tools, (f) => async (url, init) => {
    const method = typeof init?.body === "string" ? JSON.parse(init.body).method : undefined;
    if (method !== undefined) bodies.push(method);
    const response = await f(url, init);
    if (method !== "subscriptions/listen" || response.body === null) return response;
    listens.open++;
    let closed = false;
    const close = () => {
      if (!closed) listens.open--;
      closed = true;
    };
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (closed) listens.afterClose++;
        if (done) {
          close();
          controller.close();
        } else controller.enqueue(value);
      },
      cancel(reason) {
        close();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  });
  const router = new ToolRouter();
  await router.addServer("gamma", client);
  assert.ok(bodies.includes("subscriptions/listen"), "a subscription was opened");
  assert.equal(listens.open, 1);
  tools.push("later");
  handler.notify.toolsChanged();
  await until(() => router.tools("anthropic").some((t) => t.name === "gamma__later"));
  assert.equal(text(await router.callTool("gamma__later", { q: "q" })), "gamma:later:q");
  // Without the router's subscription, the same change goes unheard: the
  // router closes its stream (the client cancels its body), and no other
  // is open for the change to come on.
  assert.equal(router.removeServer("gamma"), true);
  const own = [];
  client.setNotificationHandler("notifications/tools/list_changed", () => own.push(1));
  await until(() => listens.open === 0);
  tools.push("unheard");
  handler.notify.toolsChanged();
  assert.equal(listens.open, 0, "no stream was opened again");
  assert.equal(listens.afterClose, 0, "nothing came through a closed stream");
  assert.deepEqual(own, []);
  await handler.close();
});

test("addServer is all or nothing with v2 clients: a refused subscription, a failed list, or no client leaves nothing behind", async () => {
  const router = new ToolRouter();
  // The listen stream refused: the add fails, and nothing of the server stays.
  const { client, handler } = await stateless("gamma", ["lookup"], (f) => async (url, init) => {
    if (typeof init?.body === "string" && JSON.parse(init.body).method === "subscriptions/listen") return new Response("no", { status: 500 });
    return f(url, init);
  });
  await assert.rejects(router.addServer("gamma", client));
  assert.equal(router.removeServer("gamma"), false, "nothing registered");
  assert.deepEqual(router.tools("anthropic"), []);
  await assert.rejects(router.callTool("gamma__lookup", {}), (e) => e.code === -32602);
  assert.equal(client._notificationHandlers.has("notifications/tools/list_changed"), false, "not followed");
  await handler.close();
  // A list that fails.
  const two = await v2("beta", ["search"]);
  two.client.listTools = async () => Promise.reject(new Error("down"));
  await assert.rejects(router.addServer("beta", two.client), /down/);
  assert.equal(router.removeServer("beta"), false);
  assert.equal(two.client._notificationHandlers.has("notifications/tools/list_changed"), false);
  // Not a client of either line.
  for (const bad of [null, {}, { listTools() {} }]) {
    await assert.rejects(router.addServer("x", bad), (e) => e.code === "INVALID_ARGUMENT" && e.reason === "wrong_type");
    assert.equal(router.removeServer("x"), false);
  }
});

/** Waits up to `ms` for `check`. */
const within = async (ms, check) => {
  const end = Date.now() + ms;
  while (Date.now() < end && !(await check())) await new Promise((r) => setTimeout(r, 20));
  assert.ok(await check());
};

test("2026-07-28: a listen stream the server ends is opened again after Rust's wait, and the changes it brings are followed", async () => {
  const tools = ["lookup"];
  const listens = [];
  const { client, handler } = await stateless("gamma", tools, (f) => async (url, init) => {
    const method = typeof init?.body === "string" ? JSON.parse(init.body).method : undefined;
    const response = await f(url, init);
    if (method !== "subscriptions/listen") return response;
    // The first stream ends (the server's side) a moment after it opened.
    const n = listens.push(Date.now());
    if (n > 1) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else {
          controller.enqueue(value);
          setTimeout(() => {
            reader.cancel().catch(() => {});
            try {
              controller.close();
            } catch {}
          }, 50);
        }
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  });
  const router = new ToolRouter();
  await router.addServer("gamma", client);
  await within(5000, () => listens.length === 2);
  assert.ok(listens[1] - listens[0] >= 1000, `waited ${listens[1] - listens[0]} ms before opening it again`);
  tools.push("later");
  handler.notify.toolsChanged();
  await within(2000, () => router.tools("anthropic").some((t) => t.name === "gamma__later"));
  router.removeServer("gamma");
  await handler.close();
});

test("2026-07-28: the client's own listChanged stream is taken as it is (no second one), and both hear the change", async () => {
  const tools = ["lookup"];
  let listens = 0;
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: "gamma", version: "1" });
    for (const tool of tools) register(server, "gamma", tool);
    return server;
  });
  const heard = [];
  const client = new Client({ name: "router", version: "1" }, { versionNegotiation: { mode: "auto" }, listChanged: { tools: { debounceMs: 0, onChanged: (error, list) => heard.push(list?.map((t) => t.name)) } } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://in-process/mcp"), {
      fetch: async (url, init) => {
        if (typeof init?.body === "string" && JSON.parse(init.body).method === "subscriptions/listen") listens++;
        return handler.fetch(new Request(url, init));
      },
    }),
  );
  await within(2000, () => client.autoOpenedSubscription !== undefined);
  const router = new ToolRouter();
  await router.addServer("gamma", client);
  assert.equal(listens, 1, "the router opened no stream of its own");
  tools.push("later");
  handler.notify.toolsChanged();
  await within(2000, () => router.tools("anthropic").some((t) => t.name === "gamma__later"));
  await within(2000, () => heard.some((names) => names?.includes("later")));
  router.removeServer("gamma");
  await client.close();
  await handler.close();
});

test("2026-07-28: removeServer while addServer opens its stream: nothing registered or followed, the stream closed", async () => {
  let release, reached;
  const gate = new Promise((r) => (release = r));
  const atGate = new Promise((r) => (reached = r));
  const closes = [];
  const { client, handler } = await stateless("gamma", ["lookup"], (f) => async (url, init) => {
    const method = typeof init?.body === "string" ? JSON.parse(init.body).method : undefined;
    if (method === "subscriptions/listen") {
      reached();
      await gate;
    }
    if (method === "notifications/cancelled") closes.push(method);
    return f(url, init);
  });
  const router = new ToolRouter();
  const adding = router.addServer("gamma", client);
  await atGate; // the add is opening its stream
  assert.equal(router.removeServer("gamma"), true, "an add still running is cancelled");
  release();
  await adding;
  assert.deepEqual(router.tools("anthropic"), []);
  assert.equal(router.removeServer("gamma"), false);
  assert.equal(client._notificationHandlers.has("notifications/tools/list_changed"), false);
  await within(2000, () => closes.length > 0 || client._listenState?.size === 0);
  await handler.close();
});
