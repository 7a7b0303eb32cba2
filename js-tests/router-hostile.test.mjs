// ToolRouter against servers built to mislead it (real SDK servers and
// clients, in memory): server names that would let one server's alias
// stand for another's tool, listings without end, pages too long for a
// spread, and adds that fail half-way.
import { test } from "node:test";
import assert from "node:assert/strict";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ListToolsRequestSchema, CallToolRequestSchema, McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { toLlmFacingName } from "mcp-boundary";
import { ToolRouter } from "mcp-boundary/mcp";
import { rng } from "./helpers.mjs";

/** An McpServer whose every tool answers `server:tool`, and a Client connected to it. */
async function serve(name, tools) {
  const server = new McpServer({ name, version: "1.0.0" });
  const add = (tool) => server.registerTool(tool, { inputSchema: { q: z.string().optional() } }, async () => ({ content: [{ type: "text", text: `${name}:${tool}` }] }));
  tools.forEach(add);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "router", version: "1.0.0" });
  await client.connect(b);
  return { server, client, add };
}

/**
 * A low-level SDK server whose tools/list answers `pageOf(cursor)`, counting
 * the requests, and a Client connected to it.
 */
async function paged(pageOf) {
  const server = new Server({ name: "paged", version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
  let lists = 0;
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    lists++;
    return pageOf(request.params?.cursor);
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: "text", text: `called ${request.params.name}` }] }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "router", version: "1.0.0" });
  await client.connect(b);
  return { server, client, lists: () => lists };
}

const tool = (name) => ({ name, inputSchema: { type: "object" } });
/**
 * The listings `client` starts for others (the router) while `announce`
 * runs (a change its server announces) and until the answer to a ping of
 * the test's own, sent after it on the same connection: the client hears
 * a connection's messages in order, and the router starts a listing as it
 * hears a change (nothing awaited before `client.listTools`), so a
 * listing the change causes has started by the time the ping is answered.
 * The test "a failed addServer keeps …" sees 1 for a followed server.
 */
async function listingsOn(client, announce) {
  const list = client.listTools;
  let n = 0;
  client.listTools = function (...args) {
    n++;
    return list.apply(this, args);
  };
  try {
    await announce();
    await client.ping();
  } finally {
    client.listTools = list;
  }
  return n;
}
const until = async (check) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(check());
};

/** Adds, or checks that the name was refused as one that could stand for another server's tools. */
async function tryAdd(router, name, client) {
  try {
    await router.addServer(name, client);
    return true;
  } catch (e) {
    assert.equal(e.name, "TypeError");
    assert.equal(e.code, "INVALID_ARGUMENT");
    assert.equal(e.reason, "invalid_server_name");
    return false;
  }
}

/**
 * Calls every alias the router declares: each must reach the server that
 * declared it first (`seen`), whatever was added, removed or re-listed
 * since. A model that learned an alias must never reach another server.
 */
async function sameServers(router, seen) {
  for (const { name } of router.tools("anthropic")) {
    const text = (await router.callTool(name, {})).content[0].text;
    const server = text.slice(0, text.lastIndexOf(":"));
    if (!seen.has(name)) seen.set(name, server);
    assert.equal(server, seen.get(name), `${name} stood for a tool of ${seen.get(name)}, and now for one of ${server}`);
  }
}

// Pairs of server names where the intruder's tool has the alias of a tool
// the owner lists: whoever registers first owns the alias, so an order of
// removes and re-lists hands it from one server to the other, unless a
// name is refused. [why, profile, owner, intruder, intruder's tool]
const pairs = [
  ["the separator", "openai", "ci", "ci__deploy", "prod"],
  ["a trailing _", "openai", "a", "a_", "b"],
  ["a character the profile does not show (hashed as _)", "openai", "x_y", "x.y", "t"],
  ["a first character the profile does not allow (hashed with _ in front)", "gemini", "_1x", "1x", "t"],
  ["a name too long to keep its __ in a hashed alias", "openai", "x".repeat(54), `${"x".repeat(54)}_y`, "t".repeat(10)],
];

for (const [why, profile, owner, intruder, intruderTool] of pairs) {
  test(`no server's alias stands for another's tool: ${why}, in any order of adds, removes, re-adds and list changes`, async () => {
    const shared = toLlmFacingName(`${intruder}/${intruderTool}`, { profile, overflow: "hash" });
    assert.ok(shared.startsWith(`${owner}__`));
    const ownerTool = shared.slice(owner.length + 2);
    assert.equal(toLlmFacingName(`${owner}/${ownerTool}`, { profile, overflow: "hash" }), shared, "the two tools share an alias (else this test proves nothing)");
    for (const order of [[owner, intruder], [intruder, owner]]) {
      const router = new ToolRouter({ profile });
      const seen = new Map();
      const servers = new Map();
      const connect = async (name) => {
        const s = await serve(name, name === owner ? [ownerTool, "own"] : [intruderTool, "own"]);
        servers.set(name, s);
        return tryAdd(router, name, s.client);
      };
      const added = new Map();
      for (const name of order) {
        added.set(name, await connect(name));
        await sameServers(router, seen);
      }
      let n = 0;
      const announce = async (name) => {
        const t = `new${n++}`;
        servers.get(name).add(t); // tools/list_changed: the router lists the server again
        if (added.get(name)) await until(() => router.registry.toLlmFacing(`${name}/${t}`) !== null);
        await sameServers(router, seen);
      };
      for (const [first, second] of [order, [...order].reverse()]) {
        router.removeServer(first);
        await sameServers(router, seen);
        await announce(second);
        added.set(first, await connect(first)); // a reconnect: a new client under the same name
        await sameServers(router, seen);
        await announce(first);
        await announce(second);
      }
      assert.ok(!added.get(owner) || !added.get(intruder), "at least one of the two names is refused");
    }
  });
}

test("names that cannot stand for another server's tools are accepted, under every built-in profile", async () => {
  const { client } = await serve("s", ["t"]);
  const limits = { anthropic: 128, openai: 64, gemini: 64, bedrock: 64, mcp: 128, portable: 64 };
  for (const [profile, limit] of Object.entries(limits)) {
    const router = new ToolRouter({ profile });
    // Room for `__` and a hash suffix: 11 characters under the profile's limit.
    for (const name of ["github", "a_b", "a-b", "A1", "x".repeat(limit - 11), "_s"]) {
      assert.equal(await tryAdd(router, name, client), true, `${profile}: ${name}`);
      assert.equal(router.removeServer(name), true);
    }
    for (const name of ["", "a/b", "a__b", "__", "a_", "_", "x".repeat(limit - 10), "a b", "é", "a\u0000", "lone\ud800"]) {
      assert.equal(await tryAdd(router, name, client), false, `${profile}: ${JSON.stringify(name)}`);
    }
    await assert.rejects(router.addServer(42, client), { name: "TypeError", code: "INVALID_ARGUMENT", reason: "wrong_type" });
    await assert.rejects(router.addServer("evil__MARK\n", client), (e) => !e.message.includes("MARK"), "the name is not echoed");
  }
});

test("random adds, removes, reconnects and list changes: every alias keeps its server", async () => {
  // Every name of the pairs above, each server listing the tools that
  // share aliases with the others' (mirrors), under one profile per run.
  for (const profile of ["openai", "gemini"]) {
    const names = [...new Set(pairs.filter((p) => p[1] === profile).flatMap((p) => [p[2], p[3]]))];
    const base = ["prod", "b", "t", "t".repeat(10), "run"];
    const toolsOf = (name) => {
      const own = [...base];
      for (const other of names) {
        if (other === name) continue;
        for (const t of base) {
          const shared = toLlmFacingName(`${other}/${t}`, { profile, overflow: "hash" });
          if (shared.startsWith(`${name}__`)) own.push(shared.slice(name.length + 2));
        }
      }
      return own;
    };
    const random = rng(profile === "openai" ? 30 : 31);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const router = new ToolRouter({ profile });
    const seen = new Map();
    const servers = new Map();
    let n = 0;
    for (let step = 0; step < 40; step++) {
      const name = pick(names);
      const action = servers.has(name) ? pick(["remove", "announce", "reconnect"]) : "add";
      if (action === "remove") {
        router.removeServer(name);
        servers.delete(name);
      } else if (action === "announce") {
        const t = `new${n++}`;
        servers.get(name).add(t);
        await until(() => router.registry.toLlmFacing(`${name}/${t}`) !== null);
      } else {
        const s = await serve(name, toolsOf(name));
        if (await tryAdd(router, name, s.client)) servers.set(name, s);
      }
      await sameServers(router, seen);
    }
    assert.ok(seen.size > 0);
  }
});

test("listing is bounded: fresh cursors for ever stop at 1,000 pages, and more than 2^20 tools are refused, leaving nothing behind", { timeout: 60_000 }, async () => {
  const router = new ToolRouter();
  let n = 0;
  const fresh = await paged(() => ({ tools: [tool(`t${n}`)], nextCursor: `c${n++}` }));
  await assert.rejects(router.addServer("fresh", fresh.client), (e) => {
    assert.deepEqual({ name: e.name, code: e.code, reason: e.reason, limit: e.limit }, { name: "Error", code: "TOOL_LIST_REFUSED", reason: "too_many_pages", limit: 1000 });
    return true;
  });
  assert.equal(fresh.lists(), 1000, "exactly the documented number of pages asked for");
  assert.equal(router.removeServer("fresh"), false, "not added");

  // Two pages of 2^19 + 1 tools: one more than the bound, however paged.
  const half = Array.from({ length: 2 ** 19 + 1 }, (_, i) => tool(`t${i}`));
  const many = await paged((cursor) => ({ tools: half, nextCursor: cursor === undefined ? "second" : undefined }));
  await assert.rejects(router.addServer("many", many.client), { name: "Error", code: "TOOL_LIST_REFUSED", reason: "too_many_tools", limit: 2 ** 20 });
  assert.equal(many.lists(), 2);
  assert.equal(router.removeServer("many"), false);
  assert.deepEqual(router.tools("anthropic"), []);

  // An added server whose new list has no end keeps the list it had.
  let endless = false;
  const later = await paged((cursor) => (endless ? { tools: [tool("x")], nextCursor: `${Number(cursor ?? 0) + 1}` } : { tools: [tool("a")] }));
  await router.addServer("later", later.client);
  endless = true;
  await later.server.sendToolListChanged();
  await until(() => later.lists() === 1001);
  // What the router has once that list is refused, seen as its next
  // listing starts (it lists a server one listing at a time).
  endless = false;
  const atStart = [];
  const list = later.client.listTools;
  later.client.listTools = function (...args) {
    atStart.push(router.tools("anthropic").map((t) => t.name));
    return list.apply(this, args);
  };
  await later.server.sendToolListChanged();
  await until(() => atStart.length === 1);
  assert.deepEqual(atStart[0], ["later__a"], "the refused list left the old one");
  assert.equal((await router.callTool("later__a", {})).content[0].text, "called a");
});

test("a page of 140,000 tools is listed, and past 65,536 aliases an unknown name is still -32602", { timeout: 60_000 }, async () => {
  const names = Array.from({ length: 140_000 }, (_, i) => `tool_${i}`);
  const big = await paged(() => ({ tools: names.map(tool) }));
  const router = new ToolRouter();
  assert.deepEqual(await router.addServer("big", big.client), { refused: [], unrepresentable: [] });
  assert.equal(router.tools("anthropic").length, 140_000);
  assert.equal((await router.callTool("big__tool_139999", {})).content[0].text, "called tool_139999");
  // 75,000 aliases in pages of 25,000 (no page long enough to overflow a
  // spread): more than an ErrorClassifier's catalog holds.
  const pages = await paged((cursor) => {
    const at = Number(cursor ?? 0);
    return { tools: names.slice(at, at + 25_000).map(tool), nextCursor: at + 25_000 < 75_000 ? String(at + 25_000) : undefined };
  });
  const other = new ToolRouter();
  await other.addServer("big", pages.client);
  assert.equal(other.tools("anthropic").length, 75_000);
  for (const [r, unknown] of [[router, "big__tool_1x"], [router, "nothing like it\n"], [other, "big__tool_1x"]]) {
    await assert.rejects(r.callTool(unknown, {}), (e) => {
      assert.equal(e.code, -32602);
      assert.equal(e.message, "unknown tool");
      assert.equal(e.data.code, "unknown_tool");
      assert.ok(Array.isArray(e.data.suggestions) && e.data.suggestions.every((s) => s.startsWith("big__tool_")));
      assert.ok(!JSON.stringify(e.data).includes("1x") && !JSON.stringify(e.data).includes("nothing"));
      return true;
    });
  }
});

/** What a router has of a server: its aliases, whether it answers, and whether it is listed again on a change. */
async function nothingOf(router, name, server) {
  assert.equal(router.removeServer(name), false, "not registered");
  assert.ok(!router.tools("anthropic").some((t) => t.name.startsWith(`${name}__`)));
  await assert.rejects(router.callTool(`${name}__a`, {}), { code: -32602 });
  if (server !== undefined) {
    assert.equal(await listingsOn(server.client, () => server.server.sendToolListChanged()), 0, "not followed: a change is not listed");
  }
}

test("addServer is all or nothing: whatever fails, nothing of the server stays registered or followed", async () => {
  const failing = {
    "tools/list answers an error": () => paged(() => {
      throw new McpError(ErrorCode.InternalError, "down");
    }),
    "a cursor handed back again": () => paged(() => ({ tools: [tool("a")], nextCursor: "same" })),
    "a page that is no tools/list result": () => paged(() => ({ tools: "none" })),
  };
  const router = new ToolRouter();
  for (const [why, make] of Object.entries(failing)) {
    const server = await make();
    await assert.rejects(router.addServer("s", server.client), (e) => {
      if (why === "a cursor handed back again") assert.deepEqual({ name: e.name, code: e.code, reason: e.reason, limit: e.limit }, { name: "Error", code: "TOOL_LIST_REFUSED", reason: "repeated_cursor", limit: undefined });
      return true;
    }, why);
    await nothingOf(router, "s", server);
  }
  // With "throw", a list that collides within itself.
  const strict = new ToolRouter({ onCollision: "throw" });
  const colliding = await paged(() => ({ tools: [tool("a__b"), tool("a/b")] }));
  await assert.rejects(strict.addServer("s", colliding.client), { code: "TOOL_NAME_COLLISION" });
  await nothingOf(strict, "s", colliding);
  // Something that is not a Client: refused before anything is touched.
  for (const client of [null, {}, { listTools: async () => ({ tools: [] }) }]) {
    await assert.rejects(router.addServer("s", client), { name: "TypeError", code: "INVALID_ARGUMENT", reason: "wrong_type" });
    await nothingOf(router, "s");
  }
  // The client's own handler for tools/list_changed is called again as before.
  let own = 0;
  const server = new Server({ name: "own", version: "1" }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [tool("a")], nextCursor: "same" }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "host", version: "1" });
  await client.connect(b);
  const { ToolListChangedNotificationSchema } = await import("@modelcontextprotocol/sdk/types.js");
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void own++);
  await assert.rejects(router.addServer("s", client), { name: "Error", code: "TOOL_LIST_REFUSED", reason: "repeated_cursor" });
  await server.sendToolListChanged();
  await until(() => own === 1);
});

test("a failed addServer keeps the server added earlier under that name, still followed; one that succeeds replaces it", async () => {
  const router = new ToolRouter();
  const first = await serve("first", ["a"]);
  await router.addServer("s", first.client);
  const broken = await paged(() => ({ tools: [tool("z")], nextCursor: "same" }));
  await assert.rejects(router.addServer("s", broken.client), { name: "Error", code: "TOOL_LIST_REFUSED", reason: "repeated_cursor" });
  assert.deepEqual(router.tools("anthropic").map((t) => t.name), ["s__a"]);
  assert.equal((await router.callTool("s__a", {})).content[0].text, "first:a");
  assert.equal(await listingsOn(first.client, () => first.add("b")), 1, "still followed: the change is listed (what listingsOn sees when nothing is)");
  await until(() => router.registry.toLlmFacing("s/b") !== null);
  assert.equal((await router.callTool("s__b", {})).content[0].text, "first:b", "still followed");

  const second = await serve("second", ["c"]);
  assert.deepEqual(await router.addServer("s", second.client), { refused: [], unrepresentable: [] });
  assert.deepEqual(router.tools("anthropic").map((t) => t.name), ["s__c"]);
  await assert.rejects(router.callTool("s__a", {}), { code: -32602 });
  assert.equal(await listingsOn(first.client, () => first.add("d")), 0, "the replaced server is no longer followed");
  assert.equal(router.registry.toLlmFacing("s/d"), null);
  assert.equal((await router.callTool("s__c", {})).content[0].text, "second:c");
  assert.equal(router.removeServer("s"), true);
  assert.deepEqual(router.tools("anthropic"), []);
});

test("an addServer whose later listing fails leaves nothing of it: only the last listing is put in place", async () => {
  const router = new ToolRouter();
  const first = await serve("first", ["a"]);
  await router.addServer("s", first.client);
  // The server announces a change during its first listing, then fails the
  // listing that change causes.
  let flaky;
  flaky = await paged(async () => {
    if (flaky.lists() === 1) {
      await flaky.server.sendToolListChanged();
      return { tools: [tool("z")] };
    }
    throw new Error("listing failed");
  });
  await assert.rejects(router.addServer("s", flaky.client));
  assert.equal(flaky.lists(), 2);
  assert.deepEqual(router.tools("anthropic").map((t) => t.name), ["s__a"], "the earlier server stays, untouched");
  assert.equal((await router.callTool("s__a", {})).content[0].text, "first:a");
});

test("a server that announces a change during every listing cannot hold an addServer: at most four listings", async () => {
  let flood;
  flood = await paged(async () => {
    await flood.server.sendToolListChanged();
    return { tools: [tool(`t${flood.lists()}`)] };
  });
  const router = new ToolRouter();
  await router.addServer("s", flood.client);
  assert.equal(flood.lists(), 4, "Rust's MAX_LIST_ROUNDS");
  assert.deepEqual(router.tools("anthropic").map((t) => t.name), ["s__t4"], "the last listing's tools");
});

test("removeServer during an addServer cancels it: nothing of it is registered or followed afterwards", async () => {
  let release;
  const gate = new Promise((r) => (release = r));
  const slow = await paged(async () => {
    await gate;
    return { tools: [tool("a")] };
  });
  const router = new ToolRouter();
  const adding = router.addServer("s", slow.client);
  await until(() => slow.lists() === 1);
  assert.equal(router.removeServer("s"), true, "an add in progress is cancelled");
  release();
  await adding;
  await nothingOf(router, "s", slow);
  // Two adds of one name: the later one wins, whatever order they end in.
  let open;
  const held = new Promise((r) => (open = r));
  const older = await paged(async () => {
    await held;
    return { tools: [tool("old")] };
  });
  const newer = await paged(() => ({ tools: [tool("new")] }));
  const one = router.addServer("s", older.client);
  await until(() => older.lists() === 1);
  await router.addServer("s", newer.client);
  open();
  await one;
  assert.deepEqual(router.tools("anthropic").map((t) => t.name), ["s__new"]);
  assert.equal(await listingsOn(older.client, () => older.server.sendToolListChanged()), 0, "the older client is not followed");
});

test("an unknown name longer than a piece is ranked from its pieces, as the classifier ranks it; never echoed", async () => {
  const router = new ToolRouter();
  await router.addServer("github", (await serve("github", ["create_issue", "list_repos"])).client);
  const unknown = async (name) => {
    try {
      await router.callTool(name, {});
    } catch (e) {
      assert.equal(e.code, -32602);
      assert.ok(!JSON.stringify(e.data).includes("SECRET"));
      return e.data.suggestions;
    }
    assert.fail("an unknown name was called");
  };
  // Normalizing keeps letters, digits, `-` and `_`: 40,000 spaces leave the name near an alias.
  const pad = " ".repeat(40_000);
  assert.deepEqual(await unknown(`${pad}github__create_isue`), ["github__create_issue"]);
  assert.deepEqual(await unknown(`github__create_isue${pad}`), ["github__create_issue"]);
  // A lone surrogate anywhere: no suggestions, as for a short name.
  assert.deepEqual(await unknown(`${pad}github__create_isue\uD800`), []);
  assert.deepEqual(await unknown("github__create_isue\uD800"), []);
  // Past what ranking keeps: none.
  assert.deepEqual(await unknown(`SECRET${"x".repeat(40_000)}`), []);
  assert.deepEqual(await unknown(42), []);
});
