// Tool names through the npm package, against the shared vectors
// and realistic provider payloads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import * as esm from "mcp-boundary";
import { rng, UNSAFE } from "./helpers.mjs";

const cjs = createRequire(import.meta.url)("mcp-boundary");
const load = (f) => JSON.parse(readFileSync(new URL(`../tests/data/${f}`, import.meta.url), "utf8"));
const names = load("tool_names.json");
const payloads = load("payloads.json");

function checkError(api, e, want, label) {
  assert.ok(e instanceof api.ToolNameError, `${label}: instanceof ToolNameError`);
  assert.ok(e instanceof Error);
  assert.equal(e.name, "ToolNameError", label);
  for (const key of ["code", "reason", "position", "length", "limit", "existing", "alias"]) {
    if (key in want) assert.equal(e[key], want[key], `${label}: ${key}`);
  }
  assert.ok(Object.hasOwn(e, "code") && Object.hasOwn(e, "reason") && Object.hasOwn(e, "name"));
  assert.doesNotMatch(e.message, UNSAFE, label);
}

function deepFreeze(x) {
  if (x !== null && typeof x === "object") {
    Object.values(x).forEach(deepFreeze);
    Object.freeze(x);
  }
  return x;
}

for (const [label, api] of [["import", esm], ["require", cjs]]) {
  test(`${label}: forward vectors`, () => {
    for (const c of names.forward) {
      const options = { profile: c.profile, ...(c.overflow ? { overflow: c.overflow } : {}) };
      if ("alias" in c) {
        assert.equal(api.toLlmFacingName(c.canonical, options), c.alias, c.name);
        assert.equal(api.toLlmFacingName(c.canonical, options), c.alias, `${c.name} (memoized)`);
      } else {
        assert.throws(() => api.toLlmFacingName(c.canonical, options), (e) => (checkError(api, e, c.error, c.name), true));
      }
    }
  });

  test(`${label}: reverse vectors`, () => {
    for (const c of names.reverse) assert.equal(api.tryReverseToCanonical(c.alias), c.canonical, c.name);
  });

  test(`${label}: registry scenarios`, () => {
    for (const s of names.registry) {
      const r = new api.ToolRegistry(s.options);
      for (const step of s.steps) {
        const label2 = `${s.name}: ${JSON.stringify(step)}`;
        if ("register" in step) {
          if (step.error) assert.throws(() => r.register(step.register), (e) => (checkError(api, e, step.error, label2), true));
          else assert.equal(r.register(step.register), step.alias, label2);
        } else if ("registerServer" in step) {
          const [server, tools] = step.registerServer;
          if (step.error) assert.throws(() => r.registerServer(server, tools), (e) => (checkError(api, e, step.error, label2), true));
          else assert.deepStrictEqual(r.registerServer(server, tools), step.aliases, label2);
        } else if ("toCanonical" in step) {
          assert.equal(r.toCanonical(step.toCanonical), step.result, label2);
        } else if ("toLlmFacing" in step) {
          assert.equal(r.toLlmFacing(step.toLlmFacing), step.result, label2);
        } else if ("lookupOverride" in step) {
          const [map, name] = step.lookupOverride;
          assert.equal(r.lookupOverride(map, name) ?? null, step.result, label2);
          assert.equal(r.lookupOverride(new Map(Object.entries(map)), name) ?? null, step.result, `${label2} (Map)`);
        } else if ("unregister" in step) {
          // JS answers whether a name was removed; Rust also names the pair.
          assert.equal(r.unregister(step.unregister), step.result !== null, label2);
        } else if ("entries" in step) {
          assert.deepStrictEqual(r.entries().map((e) => [e.canonical, e.alias, e.hashed]), step.entries, label2);
        } else {
          assert.fail(`unknown step ${label2}`);
        }
      }
    }
  });

  test(`${label}: realistic payloads of every format, both directions, inputs untouched`, () => {
    const r = new api.ToolRegistry();
    for (const c of payloads.registered) r.register(c);
    assert.equal(payloads.cases.length, 41);
    for (const c of payloads.cases) {
      const canonical = deepFreeze(structuredClone(c.canonical));
      const provider = deepFreeze(structuredClone(c.provider));
      const out = r.toProvider(canonical, c.format);
      assert.deepStrictEqual(out, c.provider, `${c.name}: toProvider`);
      assert.notStrictEqual(out, canonical, `${c.name}: a new object`);
      assert.deepStrictEqual(canonical, c.canonical, `${c.name}: input untouched`);
      assert.deepStrictEqual(r.fromProvider(provider, c.format), c.canonical, `${c.name}: fromProvider`);
      assert.deepStrictEqual(r.fromProvider(r.toProvider(canonical, c.format), c.format), c.canonical, `${c.name}: round trip`);
    }
  });
}

const { toLlmFacingName, tryReverseToCanonical, ToolRegistry, ToolNameError, toolDefinitions } = esm;

test("wrong types: clear errors, null, or undefined; never a trap", () => {
  for (const bad of [undefined, null, 42, {}, [], Symbol("s"), 1n, () => 1]) {
    assert.throws(() => toLlmFacingName(bad), { name: "TypeError", code: "INVALID_ARGUMENT" });
    assert.equal(tryReverseToCanonical(bad), null);
    const r = new ToolRegistry();
    assert.throws(() => r.register(bad), { code: "INVALID_ARGUMENT" });
    assert.throws(() => r.registerServer("s", [bad]), { code: "INVALID_ARGUMENT" });
    assert.equal(r.toCanonical(bad), null);
    assert.equal(r.toLlmFacing(bad), null);
    assert.equal(r.lookupOverride({}, bad), undefined);
  }
  const r = new ToolRegistry();
  assert.throws(() => r.toProvider({}, "anthropic-v2"), { code: "INVALID_ARGUMENT" });
  assert.throws(() => r.lookupOverride(null, "x"), { code: "INVALID_ARGUMENT" });
  for (const p of [5, null, "a string", [], { tools: "x" }]) {
    for (const f of ["anthropic", "openai-chat", "openai-responses", "gemini"]) {
      assert.deepStrictEqual(r.toProvider(p, f), p, `${JSON.stringify(p)} passes through`);
    }
  }
  assert.equal(toLlmFacingName("a/b"), "a__b", "still working");
});

test("long names cross in pieces: lookupOverride's keys and a hashed registration are the short names' rules", () => {
  // Past a piece (32,768 units) and past every registered name: built from the caller's string.
  const server = "s".repeat(40_000), tool = "t".repeat(40_000);
  const r = new ToolRegistry();
  r.register("github/create_issue");
  const canonical = `${server}/${tool}/x`;
  assert.equal(r.lookupOverride(new Map([[`${server}__${tool}__x`, 1]]), canonical), 1, "the plain alias: every / made __");
  assert.equal(r.lookupOverride({ [server]: 2 }, canonical), 2, "the server");
  assert.equal(r.lookupOverride({ [canonical]: 3, [server]: 2 }, canonical), 3, "the name first");
  const alias = `${server}__${tool}__x`;
  assert.equal(r.lookupOverride({ [`${server}/${tool}__x`]: 4, [alias]: 5 }, alias), 4, "the first __ made /, first");
  assert.equal(r.lookupOverride({ [server]: 6 }, alias), 6);
  assert.equal(r.lookupOverride({ [server]: 7 }, `${server}${tool}`), undefined, "no separator: the name alone");
  assert.equal(r.lookupOverride({ [`__${tool}`]: 8 }, `__${tool}`), 8);
  assert.equal(r.lookupOverride({ "": 9 }, `__${tool}`), undefined, "a __ at the start is no split");
  assert.equal(r.lookupOverride({ [`${server}\uD800`]: 1 }, `${server}\uD800`), undefined, "a lone surrogate: no keys");

  // With overflow "hash" every name maps and is kept: a surrogate pair split between two pieces is one character.
  const h = new ToolRegistry({ overflow: "hash" });
  const long = `a/${"b".repeat(32_765)}\u{1F600}${"c".repeat(40_000)}`;
  assert.equal(long.charCodeAt(32_767), 0xd83d, "the pair straddles the first piece's end");
  const hashed = h.register(long);
  assert.equal(hashed.length, 128);
  assert.match(hashed, /^a__b+_[0-9a-f]{8}$/);
  assert.equal(h.toCanonical(hashed), long);
  assert.equal(h.register(long), hashed, "registering again is idempotent");
  assert.throws(() => h.register(`a/${"b".repeat(40_000)}\uDE00`), { name: "ToolNameError" }, "a lone surrogate is refused");
  assert.equal(h.entries().length, 1);
});

test("options: custom profiles, bad options named, unknown keys refused", () => {
  const custom = { profile: { maxLength: 12, allowed: "[a-z_]", firstChar: "[a-z]" } };
  assert.equal(toLlmFacingName("srv/tool", custom), "srv__tool");
  assert.throws(() => toLlmFacingName("srv/Tool", custom), { name: "ToolNameError", reason: "invalid_character", position: 4 });
  assert.throws(() => toLlmFacingName("_srv/t", custom), { reason: "bad_first_character" });
  const hex = { profile: { maxLength: 12, allowed: "[a-z0-9_]", firstChar: "[a-z]" }, overflow: "hash" };
  assert.match(toLlmFacingName("srv/abcdefghijk", hex), /^srv_[0-9a-f]{8}$/);
  assert.throws(() => toLlmFacingName("srv/abcdefghijk", { ...custom, overflow: "hash" }), { reason: "too_long", length: 16, limit: 12 }, "no hex digits: the plain error");
  const cases = [
    [{ profile: "openia" }, "invalid_value", "profile"],
    [{ profile: 3 }, "wrong_type", "profile"],
    [{ overflow: "truncate" }, "invalid_value", "overflow"],
    [{ profile: { maxLength: 0, allowed: "[a]" } }, "out_of_range", "profile.maxLength"],
    [{ profile: { maxLength: 5, allowed: "[a-z]+" } }, "invalid_value", "profile.allowed"],
    [{ profile: { maxLength: 5, allowed: "[a-z]", firstChar: "a|b" } }, "invalid_value", "profile.firstChar"],
    [{ profile: { maxLength: 5, allowed: "[z-a]" } }, "invalid_pattern", "profile.allowed"],
    [{ profile: { maxLength: 5 } }, "wrong_type", "profile.allowed"],
    [{ profiel: "openai" }, "unknown_option", "'profiel'"],
  ];
  for (const [options, reason, option] of cases) {
    for (const make of [() => toLlmFacingName("a", options), () => new ToolRegistry(options)]) {
      assert.throws(make, (e) => {
        assert.ok(e instanceof TypeError, JSON.stringify(options));
        assert.equal(e.code, "INVALID_OPTIONS");
        assert.equal(e.reason, reason, JSON.stringify(options));
        assert.equal(e.option, option, JSON.stringify(options));
        return true;
      });
    }
  }
});

test("a hostile custom class pattern is refused or runs in linear time", () => {
  const start = process.hrtime.bigint();
  assert.throws(() => toLlmFacingName("a", { profile: { maxLength: 5, allowed: "[(a+)+]b" } }), { code: "INVALID_OPTIONS" });
  const name = "a".repeat(100_000) + "!";
  assert.throws(() => toLlmFacingName(name, { profile: { maxLength: 200_000 > 4096 ? 4096 : 1, allowed: "[a]" } }), ToolNameError);
  assert.ok(Number(process.hrtime.bigint() - start) < 5e9);
});

test("seeded random names: only ToolNameError, safe messages, aliases that fit", () => {
  const random = rng(33);
  const alphabet = ["a", "b", "/", "_", "__", ".", ":", "-", "9", " ", "\n", "\u202e", "é", "\ud800", "x".repeat(40)];
  const openai = { profile: "openai", overflow: "hash" };
  for (let i = 0; i < 3000; i++) {
    let s = "";
    for (let j = Math.floor(random() * 10); j > 0; j--) s += alphabet[Math.floor(random() * alphabet.length)];
    try {
      const alias = toLlmFacingName(s, openai);
      assert.match(alias, /^[A-Za-z0-9_-]{1,64}$/, JSON.stringify(s));
    } catch (e) {
      assert.ok(e instanceof ToolNameError, String(e));
      assert.doesNotMatch(e.message, UNSAFE);
    }
    const back = tryReverseToCanonical(s);
    assert.ok(back === null || typeof back === "string");
  }
});

test("aliases and reverse forms of names outside ASCII keep every other code unit as given", () => {
  const p = { profile: { maxLength: 64, allowed: "[a-zA-Z0-9а-яüöäé😀_]", firstChar: "[a-zA-Zа-яüöä]" } };
  assert.equal(toLlmFacingName("сервер/инструмент", p), "сервер__инструмент");
  assert.equal(toLlmFacingName("ü/ö😀/ä", p), "ü__ö😀__ä");
  assert.equal(tryReverseToCanonical("😀a__b😀c"), "😀a/b😀c");
  assert.equal(tryReverseToCanonical("\ud800x__y"), "\ud800x/y", "a lone surrogate is the caller's own unit, kept");
  assert.equal(tryReverseToCanonical("é__"), null);
  assert.equal(tryReverseToCanonical("é"), "é");
  for (let i = 0; i < 200; i++) {
    const name = `s${"é😀".repeat(i % 7)}/t${i}/u`;
    assert.equal(toLlmFacingName(name, p), name.replaceAll("/", "__"));
    assert.equal(tryReverseToCanonical(name.replace("/", "__").replace("/", "")), name.replace("/", "__").replace("/", "").replace("__", "/"));
  }
});

test("a registry that lives as long as the host: unregister, unregisterServer, entries, onCollision skip", () => {
  const r = new ToolRegistry({ profile: "openai", overflow: "hash", onCollision: "skip" });
  assert.equal(r.register("a/b__c"), "a__b__c");
  assert.equal(r.toCanonical("a__b__c"), "a/b__c"); // cached now
  const report = r.registerServer("a__b", ["c", "d"]);
  assert.deepEqual(report, { aliases: [null, "a__b__d"], refused: [{ canonical: "a__b/c", existing: "a/b__c", alias: "a__b__c" }] });
  const long = `gh/${"x".repeat(80)}`;
  r.register(long);
  assert.deepEqual(r.entries().map((e) => [e.canonical, e.hashed]), [["a/b__c", false], ["a__b/d", false], [long, true]]);
  assert.equal(r.unregister("a__b__c"), true, "either form");
  assert.equal(r.unregister("a/b__c"), false);
  assert.equal(r.toCanonical("a__b__c"), null, "the cache forgot it");
  assert.deepEqual(r.registerServer("a__b", ["c"]), { aliases: ["a__b__c"], refused: [] }, "the freed alias is taken");
  assert.equal(r.unregisterServer("a__b"), 2);
  assert.equal(r.entries().length, 1);
  // The default refuses the whole server, as before.
  const strict = new ToolRegistry();
  strict.register("a/b__c");
  assert.throws(() => strict.registerServer("a__b", ["c", "d"]), { code: "TOOL_NAME_COLLISION" });
  assert.equal(strict.toCanonical("a__b__d"), null);
  assert.throws(() => new ToolRegistry({ onCollision: "drop" }), { code: "INVALID_OPTIONS", option: "onCollision" });
  assert.throws(() => toLlmFacingName("a/b", { onCollision: "skip" }), { code: "INVALID_OPTIONS", reason: "unknown_option" });
});

test("every place a provider carries a tool name, both ways, and the fifth format", () => {
  const r = new ToolRegistry();
  r.register("gh/issue");
  const places = [
    ["anthropic", { messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: [{ type: "tool_reference", tool_name: "NAME" }] }] }] }],
    ["anthropic", { content: [{ type: "tool_search_tool_result", tool_use_id: "t", content: { type: "tool_search_tool_search_result", tool_references: [{ type: "tool_reference", tool_name: "NAME" }] } }] }],
    ["openai-chat", { tools: [{ type: "custom", custom: { name: "NAME" } }], tool_choice: { type: "allowed_tools", allowed_tools: { mode: "auto", tools: [{ type: "function", function: { name: "NAME" } }] } } }],
    ["openai-chat", { choices: [{ message: { tool_calls: [{ id: "c", type: "custom", custom: { name: "NAME", input: "x" } }] } }] }],
    ["openai-chat", { tool_choice: { type: "custom", custom: { name: "NAME" } } }],
    ["openai-responses", { tools: [{ type: "custom", name: "NAME" }], tool_choice: { type: "allowed_tools", mode: "required", tools: [{ type: "function", name: "NAME" }] } }],
    ["openai-responses", { type: "response.function_call_arguments.done", item_id: "i", output_index: 0, name: "NAME", arguments: "{\"a\":\"NAME\"}" }],
    ["openai-responses", { type: "response.completed", response: { output: [{ type: "function_call", call_id: "c", name: "NAME", arguments: "{}" }, { type: "custom_tool_call", name: "NAME", input: "" }] } }],
    ["openai-responses", { input: [{ type: "custom_tool_call", name: "NAME" }], tool_choice: { type: "custom", name: "NAME" } }],
    ["gemini", { tool_config: { function_calling_config: { mode: "ANY", allowed_function_names: ["NAME"] } }, contents: [{ parts: [{ function_call: { name: "NAME", args: {} } }, { function_response: { name: "NAME" } }] }] }],
    ["bedrock-converse", { toolConfig: { tools: [{ toolSpec: { name: "NAME", inputSchema: { json: {} } } }], toolChoice: { tool: { name: "NAME" } } }, messages: [{ role: "assistant", content: [{ toolUse: { toolUseId: "t", name: "NAME", input: {} } }] }] }],
    ["bedrock-converse", { output: { message: { role: "assistant", content: [{ toolUse: { toolUseId: "t", name: "NAME", input: {} } }] } } }],
    ["bedrock-converse", { contentBlockStart: { start: { toolUse: { toolUseId: "t", name: "NAME" } }, contentBlockIndex: 1 } }],
  ];
  for (const [format, template] of places) {
    const at = (name) => JSON.parse(JSON.stringify(template).replaceAll('"NAME"', JSON.stringify(name)));
    const canonical = at("gh/issue"), alias = at("gh__issue");
    assert.deepEqual(r.toProvider(canonical, format), alias, `${format} ${JSON.stringify(template)}`);
    assert.deepEqual(r.fromProvider(alias, format), canonical, `${format} back`);
  }
  // Arguments are never touched, even when they hold a name.
  const done = r.fromProvider({ type: "response.function_call_arguments.done", name: "gh__issue", arguments: '{"tool":"gh__issue"}' }, "openai-responses");
  assert.equal(done.arguments, '{"tool":"gh__issue"}');
});

test("toolDefinitions: each format's tool definition, the schema object passed as it is", () => {
  const schema = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
  const tools = [{ name: "gh__issue", description: "Open an issue", inputSchema: schema }, { name: "x" }];
  const [anthropic, chat, responses, gemini, bedrock] = ["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock-converse"].map((f) => toolDefinitions(tools, f));
  assert.deepEqual(anthropic[0], { name: "gh__issue", description: "Open an issue", input_schema: schema });
  assert.equal(anthropic[0].input_schema, schema, "the same object, not a copy");
  assert.deepEqual(anthropic[1], { name: "x", input_schema: { type: "object" } });
  assert.deepEqual(chat[0], { type: "function", function: { name: "gh__issue", description: "Open an issue", parameters: schema } });
  assert.deepEqual(responses[0], { type: "function", name: "gh__issue", description: "Open an issue", parameters: schema, strict: false });
  assert.deepEqual(gemini[0], { name: "gh__issue", description: "Open an issue", parametersJsonSchema: schema });
  assert.deepEqual(bedrock[0], { toolSpec: { name: "gh__issue", description: "Open an issue", inputSchema: { json: schema } } });
  // An empty description is none: Bedrock refuses the request with one, and MCP servers send them.
  for (const f of ["anthropic", "openai-chat", "bedrock-converse"]) {
    assert.ok(!JSON.stringify(toolDefinitions([{ name: "y", description: "" }], f)).includes("description"), f);
  }
  assert.throws(() => toolDefinitions(tools, "openai"), { code: "INVALID_ARGUMENT" });
  assert.throws(() => toolDefinitions([{ description: "no name" }], "anthropic"), { code: "INVALID_ARGUMENT" });
});

test("a payload that is a class instance keeps its class: its getters read the rewritten names", async () => {
  // As the Gemini SDK answers: a class whose `functionCalls` getter reads
  // the candidates. A plain copy would have no getter, and the host would
  // see no call at all.
  class GenerateContentResponse {
    get functionCalls() {
      return this.candidates?.[0]?.content?.parts?.filter((p) => p.functionCall).map((p) => p.functionCall);
    }
  }
  const response = () =>
    Object.assign(new GenerateContentResponse(), { candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "gh__create_issue", args: {} } }] } }] });
  const registry = new esm.ToolRegistry();
  registry.register("gh/create_issue");
  const original = response();
  const back = registry.fromProvider(original, "gemini");
  assert.ok(back instanceof GenerateContentResponse);
  assert.deepEqual(back.functionCalls, [{ name: "gh/create_issue", args: {} }]);
  assert.equal(original.functionCalls[0].name, "gh__create_issue", "the input is not mutated");
  assert.ok(registry.fromProvider(new GenerateContentResponse(), "gemini") instanceof GenerateContentResponse, "unchanged, still a copy of its class");
  const events = [];
  for await (const event of registry.fromProviderStream([response(), response()], "gemini")) events.push(event);
  assert.deepEqual(events.map((e) => e.functionCalls[0].name), ["gh/create_issue", "gh/create_issue"]);
  // The prototype is set once the copy is written: a setter on it never runs.
  let set = 0;
  class Trap {
    set candidates(v) {
      set++;
    }
  }
  const input = Object.defineProperty(Object.create(Trap.prototype), "candidates", { value: response().candidates, enumerable: true });
  const trapped = registry.fromProvider(input, "gemini");
  assert.equal(set, 0);
  assert.ok(trapped instanceof Trap);
  assert.equal(Object.getOwnPropertyDescriptor(trapped, "candidates").value[0].content.parts[0].functionCall.name, "gh/create_issue");
  // What a toJSON returns is not asked for its own toJSON by JSON; were the
  // copy to keep such a prototype, JSON would ask it. So it is plain.
  class Inner {
    toJSON() {
      return "inner";
    }
  }
  const inner = Object.assign(Object.create(Inner.prototype), { candidates: response().candidates });
  const outer = { toJSON: () => inner };
  const out = registry.fromProvider(outer, "gemini");
  assert.equal(JSON.stringify(out), JSON.stringify(outer).replace("gh__create_issue", "gh/create_issue"), "what rewriting the JSON gives");
});

test("unknownToolResponse: -32602 with the registry's aliases nearest the name, never the name, the request's id exactly", () => {
  for (const api of [esm, cjs]) {
    const r = new api.ToolRegistry();
    r.registerServer("github", ["create_issue", "list_repos"]);
    r.registerServer("mail", ["add_message"]);
    const response = r.unknownToolResponse(7, "github__create_isue");
    assert.deepEqual(response, { jsonrpc: "2.0", id: 7, error: { code: -32602, message: "unknown tool", data: { code: "unknown_tool", suggestions: response.error.data.suggestions } } });
    assert.equal(response.error.data.suggestions[0], "github__create_issue");
    const aliases = r.entries().map((e) => e.alias);
    for (const [id, name] of [["\uD800", "mail__add_mesage"], [null, "ADD-MESSAGE"], [{ not: "an id" }, "zzz SECRET"], [1.5, 42], ["a", "x".repeat(40_000) + "SECRET"], [2, " ".repeat(40_000) + "gthub__list_repos"], [NaN, "a"], [-Infinity, "b"], [-0, "c"], [10n, "d"], [new Number(4), "e"]]) {
      const answer = r.unknownToolResponse(id, name);
      // A JSON-RPC id is a string or a (finite) JSON number; anything else answers null.
      assert.equal(answer.id, typeof id === "string" || Number.isFinite(id) ? id : null);
      assert.ok(answer.error.data.suggestions.every((s) => aliases.includes(s)));
      assert.ok(!JSON.stringify(answer).includes("SECRET"));
      // The main entry has the classifier too (the host's part does not): the same answer as one of these aliases.
      if (api.ErrorClassifier !== undefined) assert.deepEqual(answer, new api.ErrorClassifier({ tools: aliases }).unknownToolResponse(id, name));
    }
    assert.deepEqual(r.unknownToolResponse(3, " ".repeat(40_000) + "gthub__list_repos").error.data.suggestions, ["github__list_repos"]);
    r.free();
    assert.throws(() => r.unknownToolResponse(1, "x"), { reason: "freed" });
  }
});
