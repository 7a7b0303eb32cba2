// Hostile values in every argument position of every exported function and
// method, misuse after free() and on other objects, sizes that cannot fit,
// names that differ only in lone surrogates, options that answer
// differently on each read. After each attack the same object (and the
// module) must still answer a known-good call exactly as before: an attack
// may throw, but it may not poison anything.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as api from "mcp-boundary";

const {
  validateRecipient, RecipientValidator, toLlmFacingName, tryReverseToCanonical, ToolRegistry, ErrorClassifier,
  planDelivery, readState, markRead, unreadCount, listUnread, toolDefinitions,
} = api;

/** Values that throw when touched, lie about themselves, or are simply not what is expected. */
function hostiles() {
  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };
  const revokedArray = () => {
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    return proxy;
  };
  const boom = () => {
    throw new Error("hostile");
  };
  const throwingTraps = {
    get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom, set: boom,
  };
  // Calls back into the API from inside a read, then throws.
  const reentrant = new Proxy({}, {
    get() {
      validateRecipient("@x");
      new RecipientValidator().validate("AGENT:gpt");
      toLlmFacingName("a/b");
      throw new Error("hostile");
    },
    ownKeys: boom,
  });
  let grows = 0;
  const growing = [];
  Object.defineProperty(growing, 0, { get() { growing.push("@x", { to: "@x" }); return grows++ ? "@x" : "@y"; }, enumerable: true });
  const sparse = [];
  sparse.length = 3;
  const vast = []; // holds nothing, claims the most an array can
  vast.length = 2 ** 32 - 1;
  const throwingElement = [];
  Object.defineProperty(throwingElement, 0, { get: boom, enumerable: true });
  return {
    "a revoked Proxy": revoked(),
    "a revoked array Proxy": revokedArray(),
    "a Proxy whose traps throw": new Proxy({}, throwingTraps),
    "an array Proxy whose traps throw": new Proxy([], throwingTraps),
    "a Proxy that calls back in": reentrant,
    "an object with throwing getters": Object.defineProperties({}, Object.fromEntries(
      ["to", "from", "readAt", "receipts", "profile", "overflow", "knownAgents", "tools", "message", "code", "path", "id", "agents", "sender", "type", "name", "content", "length", "toJSON"]
        .map((k) => [k, { get: boom, enumerable: true }]),
    )),
    "an object with a throwing toString": { toString: boom, valueOf: boom, [Symbol.toPrimitive]: boom },
    "a sparse array": sparse,
    "a sparse array claiming 2^32 - 1 elements": vast,
    "an array that grows while it is read": growing,
    "an array with a throwing element": throwingElement,
    "a BigInt": 10n,
    "a Symbol": Symbol("hostile"),
    "a function": () => "@x",
    "null": null,
    "undefined": undefined,
    "NaN": NaN,
    "a lone surrogate": "\ud800",
  };
}

/** Every operation: its known-good call and its argument positions, on a fresh object. */
function operations() {
  const catalog = { tools: ["list_bounties"], fields: ["limit"], fieldMessages: ["is required"], fieldlessMessages: ["unknown tool"] };
  const message = { to: "AGENT:*", from: "@a", readAt: null, receipts: [{ recipient: "@b", readAt: null }] };
  return [
    { name: "validateRecipient", make: () => null, call: (_, a) => validateRecipient(...a), good: ["AGENT:gpt"], arity: 2 },
    { name: "new RecipientValidator", make: () => null, call: (_, a) => new RecipientValidator(...a).validate("@neo"), good: [undefined], arity: 1 },
    { name: "RecipientValidator#validate", make: () => new RecipientValidator({ knownAgents: ["@neo-gpt"] }), call: (v, a) => v.validate(...a), good: ["neo-gpt"], arity: 1 },
    { name: "RecipientValidator#validateMany", make: () => new RecipientValidator(), call: (v, a) => v.validateMany(...a), good: [["@a", "AGENT:x", 5]], arity: 1 },
    { name: "toLlmFacingName", make: () => null, call: (_, a) => toLlmFacingName(...a), good: ["github/create_issue", { profile: "openai" }], arity: 2 },
    { name: "tryReverseToCanonical", make: () => null, call: (_, a) => tryReverseToCanonical(...a), good: ["github__create_issue"], arity: 1 },
    { name: "new ToolRegistry", make: () => null, call: (_, a) => new ToolRegistry(...a).register("a/b"), good: [{ profile: "gemini" }], arity: 1 },
    ...[
      ["register", ["fs/read_file"]],
      ["registerServer", ["mail", ["add", "list"]]],
      ["toCanonical", ["gh__issue"]],
      ["toLlmFacing", ["gh/issue"]],
      ["lookupOverride", [{ gh: 1 }, "gh__issue"]],
      ["unregister", ["none/such"]],
      ["unregisterServer", ["nosuch"]],
      ["toProvider", [{ tools: [{ name: "gh/issue" }] }, "anthropic"]],
      ["fromProvider", [[{ content: [{ type: "tool_use", name: "gh__issue" }] }], "anthropic"]],
      ["unknownToolResponse", [8, "gh__isue"]],
    ].map(([method, good]) => ({
      name: `ToolRegistry#${method}`,
      make: () => {
        const r = new ToolRegistry();
        r.register("gh/issue");
        return r;
      },
      call: (r, a) => r[method](...a),
      good,
      arity: good.length,
    })),
    { name: "new ErrorClassifier", make: () => null, call: (_, a) => new ErrorClassifier(...a).classify("list_bounties", "limit is required"), good: [catalog], arity: 1 },
    ...[
      ["classify", ["list_bounties", "limit is required"]],
      ["invalidArgumentsResponse", [7, "list_bounties", new Error("limit is required")]],
      ["toolErrorResult", ["list_bounties", "unknown tool"]],
      ["unknownToolResponse", [8, "list_bountie"]],
      ["classifyIssues", ["list_bounties", [{ code: "invalid_type", path: ["limit"], received: "undefined" }, { keyword: "required", instancePath: "", params: { missingProperty: "limit" } }], { other: 1 }]],
    ].map(([method, good]) => ({
      name: `ErrorClassifier#${method}`,
      make: () => new ErrorClassifier(catalog),
      call: (c, a) => c[method](...a),
      good,
      arity: good.length,
    })),
    { name: "planDelivery", make: () => null, call: (_, a) => planDelivery(...a), good: [{ to: "AGENT:*", sender: "@a", agents: ["@a", "@b", { id: "@c", accountType: "agent" }] }], arity: 2 },
    { name: "readState", make: () => null, call: (_, a) => readState(...a), good: [message, "@b"], arity: 2 },
    { name: "markRead", make: () => null, call: (_, a) => markRead(...a), good: [message, "@b", "2026-11-22T08:00:00Z"], arity: 3 },
    { name: "unreadCount", make: () => null, call: (_, a) => unreadCount(...a), good: [[message, message], "@b"], arity: 2 },
    { name: "listUnread", make: () => null, call: (_, a) => listUnread(...a), good: [[message], "@b"], arity: 2 },
    { name: "toolDefinitions", make: () => null, call: (_, a) => toolDefinitions(...a), good: [[{ name: "gh__issue", inputSchema: { type: "object" } }], "openai-chat"], arity: 2 },
  ];
}

/** A known-good call of every kind, on module-level state: its answers must never change. */
function everything() {
  const r = new ToolRegistry();
  return JSON.stringify([
    validateRecipient("@neo"), validateRecipient("neo"), new RecipientValidator().validateMany(["@a", "b"]),
    toLlmFacingName("a/b"), toLlmFacingName("a/b", { profile: "openai" }), tryReverseToCanonical("a__b"),
    r.register("x/y"), r.toCanonical("x__y"), unreadCount([{ to: "@b", from: "@a" }], "@b"),
  ]);
}

test("hostile values in every argument position: each call answers or throws, and nothing is poisoned", () => {
  const baseline = everything();
  const values = Object.entries(hostiles());
  for (const op of operations()) {
    const subject = op.make();
    const expected = JSON.stringify(op.call(subject, op.good));
    for (let position = 0; position < op.arity; position++) {
      for (const [label, value] of values) {
        const args = [...op.good];
        args[position] = value;
        try {
          op.call(subject, args);
        } catch (e) {
          assert.ok(e instanceof Error, `${op.name} arg ${position}, ${label}: threw a non-Error`);
        }
        assert.equal(JSON.stringify(op.call(subject, op.good)), expected, `${op.name} after arg ${position} = ${label}`);
      }
    }
  }
  assert.equal(everything(), baseline);
});

test("hostile values nested inside options, catalogs, issues, agents, records and payloads", () => {
  const baseline = everything();
  for (const [label, h] of Object.entries(hostiles())) {
    const attacks = [
      () => new RecipientValidator({ knownAgents: h }),
      () => new RecipientValidator({ knownAgents: ["@a", h] }),
      () => new RecipientValidator({ identityPattern: h }),
      () => toLlmFacingName("a/b", { profile: h }),
      () => toLlmFacingName("a/b", { profile: { maxLength: h, allowed: "[a-z_]" } }),
      () => new ToolRegistry({ overflow: h }),
      () => new ErrorClassifier({ tools: h }),
      () => new ErrorClassifier({ tools: { t: h } }),
      () => new ErrorClassifier({ tools: ["t"], fieldMessages: { f: h } }),
      () => new ErrorClassifier({ tools: ["t"] }).classifyIssues("t", [h, { code: h, path: h }]),
      () => planDelivery({ to: "AGENT:*", agents: [h, { id: h }] }),
      () => unreadCount([h, { to: "@b", from: "@a", receipts: h }, { to: "AGENT:*", receipts: [h] }], "@b"),
      () => new ToolRegistry().toProvider({ tools: h, tool_choice: { type: h, name: h } }, "anthropic"),
    ];
    for (const attack of attacks) {
      try {
        attack();
      } catch (e) {
        assert.ok(e instanceof Error, `${label}: threw a non-Error`);
      }
    }
    assert.equal(everything(), baseline, label);
  }
});

test("a caller's own exception never passes through: a getter or a Proxy that throws while an argument is read is the argument's error", () => {
  const sentinel = new Error("the caller's own");
  const boom = () => {
    throw sentinel;
  };
  const throwingItem = () => Object.defineProperty(["@a", "@b"], 1, { get: boom });
  const throwingLength = () => new Proxy(["@a"], { get: (t, k) => (k === "length" ? boom() : t[k]) });
  const r = new ToolRegistry();
  const ours = (f, code, label) => {
    let thrown = null;
    try {
      f();
    } catch (e) {
      thrown = e;
    }
    assert.ok(thrown !== null, `${label}: threw nothing`);
    assert.notEqual(thrown, sentinel, `${label}: the caller's exception passed through`);
    assert.equal(Object.hasOwn(thrown, "code") && thrown.code, code, `${label}: ${thrown}`);
    assert.ok(typeof thrown.reason === "string" || code === "MALFORMED_RECORD", `${label}: a reason`);
  };
  ours(() => planDelivery({ get to() { return boom(); }, agents: [] }), "INVALID_ARGUMENT", "planDelivery's to");
  ours(() => planDelivery(new Proxy({}, { get: boom })), "INVALID_ARGUMENT", "planDelivery's arguments");
  ours(() => new RecipientValidator().validateMany(throwingItem()), "INVALID_ARGUMENT", "validateMany's item");
  ours(() => new RecipientValidator().validateMany(throwingLength()), "INVALID_ARGUMENT", "validateMany's length");
  ours(() => r.registerServer("s", Object.defineProperty(["a", "b"], 0, { get: boom })), "INVALID_ARGUMENT", "registerServer's name");
  ours(() => toolDefinitions([{ get name() { return boom(); } }], "anthropic"), "INVALID_ARGUMENT", "a tool's name");
  ours(() => toolDefinitions([{ name: "t", get inputSchema() { return boom(); } }], "anthropic"), "INVALID_ARGUMENT", "a tool's schema");
  ours(() => toolDefinitions(Object.defineProperty([{ name: "t" }], 0, { get: boom }), "anthropic"), "INVALID_ARGUMENT", "a tool");
  ours(() => unreadCount(Object.defineProperty([{ to: "@b", from: "@a" }], 0, { get: boom }), "@b"), "MALFORMED_RECORD", "a message");
  ours(() => unreadCount(throwingLength(), "@b"), "INVALID_ARGUMENT", "the messages' length");
  // And everything still answers.
  assert.deepEqual(new RecipientValidator().validateMany(["@a"]).map((v) => v.ok), [true]);
  assert.deepEqual(planDelivery({ to: "AGENT:*", agents: ["@a"] }).recipients, ["@a"]);
});

test("a getter that throws inside an issue list leaves the classifier working", () => {
  const c = new ErrorClassifier({ tools: ["t"], fields: ["limit"] });
  const issue = Object.defineProperty({}, "code", { get() { throw new Error("hostile"); }, enumerable: true });
  const data = c.classifyIssues("t", [issue, { code: "invalid_type", path: ["limit"], received: "undefined" }]);
  assert.equal(data.length, 2, "an unreadable issue is still one datum");
  assert.equal(data[1].field, "limit");
  assert.equal(c.classify("t", "limit is required"), null);
});

test("a revoked Proxy as a recipient is a rejection, and the validator keeps working", () => {
  const v = new RecipientValidator({ knownAgents: ["@neo"] });
  const { proxy, revoke } = Proxy.revocable([], {});
  revoke();
  for (const check of [() => v.validate(proxy), () => validateRecipient(proxy), () => v.validateMany([proxy])[0]]) {
    const r = check();
    assert.equal(r.ok, false);
    assert.equal(r.error.reason, "not_a_string");
  }
  // A call that needs a larger buffer than any before.
  assert.equal(v.validate("@" + "n".repeat(100)).ok, true);
  assert.equal(planDelivery({ to: proxy }, { knownAgents: ["@neo"] }).ok, false);
});

test("after free(): every method throws a clear error and touches nothing; double free and other objects likewise", () => {
  const cases = [
    [new RecipientValidator(), (v) => [() => v.validate("@a"), () => v.validateMany(["@a"])]],
    [new ToolRegistry(), (r) => [() => r.register("a/b"), () => r.registerServer("s", ["t"]), () => r.toCanonical("a"), () => r.toLlmFacing("a"), () => r.lookupOverride({}, "a"), () => r.toProvider({}, "anthropic"), () => r.fromProvider({}, "anthropic"), () => r.unregister("a"), () => r.unregisterServer("s"), () => r.entries(), () => r.unknownToolResponse(1, "x")]],
    [new ErrorClassifier({ tools: ["t"] }), (c) => [() => c.classify("t", "x"), () => c.invalidArgumentsResponse(1, "t", "x"), () => c.toolErrorResult("t", "x"), () => c.unknownToolResponse(1, "x"), () => c.classifyIssues("t", [])]],
  ];
  const baseline = everything();
  for (const [object, methods] of cases) {
    const other = new object.constructor(object instanceof ErrorClassifier ? { tools: ["t"] } : undefined);
    object.free();
    for (const call of [...methods(object), () => object.free()]) {
      assert.throws(call, (e) => e instanceof TypeError && e.code === "INVALID_ARGUMENT" && e.reason === "freed" && e.message.includes(object.constructor.name));
    }
    for (const call of methods(Object.create(object.constructor.prototype))) {
      assert.throws(call, (e) => e instanceof TypeError && e.code === "INVALID_ARGUMENT" && e.reason === "wrong_receiver");
    }
    const method = Object.getOwnPropertyNames(object.constructor.prototype).find((m) => m !== "constructor");
    assert.throws(() => object.constructor.prototype[method].call(undefined, "x"), (e) => e.reason === "wrong_receiver");
    // Fill the allocator: a freed object's buffers must not have been written.
    for (let i = 0; i < 2000; i++) new RecipientValidator().validate("@" + "z".repeat(i % 300));
    assert.doesNotThrow(() => methods(other).forEach((call) => call()));
  }
  assert.equal(everything(), baseline);
});

test("a call whose strings cannot fit is refused before anything is allocated", () => {
  // Names to register are copied in whole (with overflow "hash" any length
  // maps): 17 of 16 Mi units pass the limit of 2^28.
  const r = new ToolRegistry({ overflow: "hash" });
  const big = "a".repeat((1 << 24) - 1);
  const list = Array.from({ length: 17 }, () => big);
  assert.throws(() => r.registerServer("s", list), (e) => e instanceof RangeError && e.code === "INVALID_ARGUMENT" && e.reason === "too_large" && e.limit === 2 ** 28);
  assert.equal(r.register("s/t"), "s__t");
  assert.equal(r.toCanonical("s__a"), null, "nothing of the refused call was registered");
  // Recipients that long can never be valid: they are answered, never copied in whole.
  const v = new RecipientValidator();
  const recipients = Array.from({ length: 17 }, () => "@" + big);
  assert.deepEqual(new Set(v.validateMany(recipients).map((x) => x.error.reason)), new Set(["too_long"]));
  assert.equal(v.validate("@neo").ok, true);
  assert.equal(v.validateMany(["@a", "b"]).length, 2);
});

test("a rejected recipient of more than half the limit is rejected, not refused", () => {
  // The rejection's strings are bounded (a rendition shows 64 characters),
  // so the room it asks for must not be twice the input's.
  const v = new RecipientValidator();
  const huge = "neo-gpt" + "x".repeat(2 ** 27); // 2^27 + 7 units, no "@"
  const r = v.validate(huge);
  assert.equal(r.ok, false);
  assert.equal(r.error.reason, "invalid_characters");
  assert.equal(r.error.position, 0);
  assert.equal(r.error.to, huge.slice(0, 64) + "…");
  assert.deepEqual(v.validateMany(["@a", huge]).map((x) => x.ok), [true, false]);
  assert.equal(v.validate("@neo").ok, true);
});

test("names that differ only in lone surrogates never share an alias", () => {
  for (const overflow of ["hash", "error"]) {
    const r = new ToolRegistry({ overflow, profile: { maxLength: 64, allowed: "[a-zA-Z0-9_\u{FFFD}-]" } });
    const aliases = new Map();
    for (const name of ["a/\ud800", "a/\udc00", "a/\ufffd", "a/x\ud800y", "a/x\ufffdy", "\ud800/b"]) {
      let alias;
      try {
        alias = r.register(name);
      } catch (e) {
        assert.equal(e.code, "UNREPRESENTABLE_TOOL_NAME", name);
        if (/[\ud800-\udfff]/.test(name)) assert.equal(e.reason, "invalid_character", name);
        continue;
      }
      assert.ok(!aliases.has(alias), `${JSON.stringify(name)} shares ${alias} with ${JSON.stringify(aliases.get(alias))}`);
      aliases.set(alias, name);
      assert.equal(r.toCanonical(alias), name);
    }
    assert.equal(r.toCanonical("a__\ud800"), null);
    assert.throws(() => r.registerServer("a", ["ok", "\udc00"]), { code: "UNREPRESENTABLE_TOOL_NAME", reason: "invalid_character" });
    assert.equal(r.toCanonical("a__ok"), null, "registerServer is all or nothing");
  }
  assert.throws(() => toLlmFacingName("a/\ud800", { overflow: "hash" }), { reason: "invalid_character", position: 2 });
});

test("every alias satisfies its own profile, the separator included", () => {
  const noUnderscore = { profile: { maxLength: 64, allowed: "[a-z]" } };
  assert.throws(() => toLlmFacingName("a/b", noUnderscore), { code: "UNREPRESENTABLE_TOOL_NAME", reason: "invalid_character", position: 1 });
  assert.equal(toLlmFacingName("ab", noUnderscore), "ab");
  assert.throws(() => toLlmFacingName("a/b", { ...noUnderscore, overflow: "hash" }), { code: "UNREPRESENTABLE_TOOL_NAME" });
  assert.throws(() => new ToolRegistry(noUnderscore).register("a/b"), { reason: "invalid_character" });
});

test("the options cache is keyed by the values read, each read once", () => {
  assert.equal(toLlmFacingName("a/b", {}), "a__b");
  assert.throws(() => toLlmFacingName("a/b", { profile: "undefined" }), { code: "INVALID_OPTIONS", option: "profile" });
  assert.throws(() => toLlmFacingName("a/b", { overflow: "undefined" }), { code: "INVALID_OPTIONS", option: "overflow" });
  // A getter that answers differently on each read.
  let reads = 0;
  const fickle = { get profile() { return reads++ % 2 === 0 ? "openai" : { maxLength: 200, allowed: "[a-z._/]" }; } };
  for (let i = 0; i < 6; i++) {
    try {
      toLlmFacingName("a.b/c", fickle);
    } catch {
      // refused under openai, as it should be
    }
  }
  assert.throws(() => toLlmFacingName("a.b/c", { profile: "openai" }), { code: "UNREPRESENTABLE_TOOL_NAME" });
  const long = `s/${"x".repeat(70)}`;
  assert.throws(() => toLlmFacingName(long, { profile: "openai" }), { reason: "too_long" });
});

test("options that drive cost are bounded at construction", () => {
  // A pattern that compiles past the size limit is refused.
  assert.throws(() => new RecipientValidator({ identityPattern: "(?:[a-z]{1,100}){1,100}" }), { code: "INVALID_OPTIONS", option: "identityPattern" });
  assert.ok(new RecipientValidator({ identityPattern: "@[a-z-]+" }).validate("@neo-gpt").ok);
  // More known agents than the limit.
  const many = Array.from({ length: 65_537 }, (_, i) => `@a${i}`);
  assert.throws(() => new RecipientValidator({ knownAgents: many }), { code: "INVALID_OPTIONS", option: "knownAgents" });
  assert.throws(() => new ErrorClassifier({ tools: many }), { code: "INVALID_OPTIONS", option: "tools" });
});

test("every array a call reads is bounded before its elements: a RangeError naming the list and the limit", () => {
  const baseline = everything();
  const limit = 2 ** 20;
  const vast = [];
  vast.length = 2 ** 32 - 1;
  const over = [];
  over.length = limit + 1;
  const r = new ToolRegistry();
  r.register("gh/issue");
  const c = new ErrorClassifier({ tools: ["t"], fields: ["limit"] });
  const calls = {
    "validateMany": (list) => new RecipientValidator().validateMany(list),
    "registerServer": (list) => r.registerServer("s", list),
    "toolDefinitions": (list) => toolDefinitions(list, "anthropic"),
    "unreadCount": (list) => unreadCount(list, "@b"),
    "listUnread": (list) => listUnread(list, "@b"),
    "classifyIssues": (list) => c.classifyIssues("t", list),
    "planDelivery": (list) => planDelivery({ to: "AGENT:*", sender: "@a", agents: list }),
    "fromProvider, a bare list": (list) => r.fromProvider(list, "anthropic"),
    "toProvider, messages": (list) => r.toProvider({ messages: list }, "anthropic"),
    "fromProvider, a message's content": (list) => r.fromProvider([{ role: "assistant", content: list }], "anthropic"),
    "toProvider, Gemini's allowed names": (list) => r.toProvider({ toolConfig: { functionCallingConfig: { allowedFunctionNames: list } } }, "gemini"),
  };
  for (const [name, call] of Object.entries(calls)) {
    for (const list of [vast, over]) {
      assert.throws(() => call(list), (e) => {
        assert.ok(e instanceof RangeError, `${name}: a RangeError`);
        assert.equal(e.code, "INVALID_ARGUMENT", name);
        assert.equal(e.reason, "too_large", name);
        assert.equal(e.limit, limit, name);
        assert.match(e.message, /^Invalid argument: the elements of .+ exceed the limit of 1048576 in one call\.$/, name);
        return true;
      }, name);
    }
  }
  // At the limit, a list is read as before.
  const full = new Array(limit).fill("@a");
  assert.equal(new RecipientValidator().validateMany(full).length, limit);
  assert.equal(r.fromProvider([{ role: "assistant", content: full }], "anthropic")[0].content, full, "nothing to change: the same list");
  assert.equal(unreadCount(new Array(limit).fill({ to: "@b", from: "@a", readAt: null }), "@b"), limit);
  assert.equal(everything(), baseline);
});

test("smaller edges: a sparse tool list, a receipts array that grows while it is read", () => {
  const r = new ToolRegistry();
  const sparse = ["a"];
  sparse.length = 3;
  assert.throws(() => r.registerServer("s", sparse), { code: "INVALID_ARGUMENT", reason: "wrong_type" });
  assert.equal(r.toCanonical("s__a"), null);
  const receipts = [{ recipient: "@b", readAt: null }];
  Object.defineProperty(receipts, 1, { get() { receipts.push({ recipient: "@c", readAt: null }); return { recipient: "@d", readAt: null }; }, enumerable: true, configurable: true });
  const messages = [{ to: "AGENT:*", from: "@a", receipts }, { to: "@b", from: "@a" }];
  assert.equal(unreadCount(messages, "@b"), 2);
  assert.deepEqual(listUnread(messages, "@b"), messages);
});

// A realm whose prototypes carry what a polluting merge (or a program)
// put there: run in a process of its own, so the pollution stays there.
const pollutedRealm = `
const api = require("mcp-boundary");
const cases = JSON.parse(require("node:fs").readFileSync("tests/data/recipients.json", "utf8")).cases;
const formats = ["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock-converse"];
const keysOf = (v) => (v !== null && typeof v === "object" ? Object.keys(v).sort().map((k) => [k, keysOf(v[k])]) : typeof v);
import("./js-tests/exercise.mjs").then(({ exercise }) => {
  const run = () => {
    const tool = { name: "a__b", description: "d", inputSchema: { type: "object" } };
    const answers = [exercise(api, cases), formats.map((f) => api.toolDefinitions([tool], f))];
    for (let i = 0; i < 3; i++) answers.push(api.validateRecipient("AGENT:gpt")); // the second and third from the memo
    return answers;
  };
  const clean = run();
  process.stdout; // Node's own streams, loaded before the pollution
  const polluting = ["polluted", "value", "function", "slot", "error", "data", "recipient", "suggestions"];
  for (const k of polluting) Object.prototype[k] = { polluted: k };
  const polluted = run();
  for (const k of polluting) delete Object.prototype[k];
  const registry = new api.ToolRegistry({ profile: "openai" });
  const setters = ["name", "code", "reason", "value", "position", "limit", "option", "length", "profile", "toolName"];
  for (const k of setters) Object.defineProperty(Object.prototype, k, { __proto__: null, set() { throw new Error("setter " + k); }, configurable: true });
  const errors = [];
  for (const f of [() => new api.ToolRegistry({ profile: 5 }), () => registry.register("a/" + "b".repeat(300)), () => api.unreadCount(5, "@a"), () => new api.RecipientValidator({ identityPattern: 5 })]) {
    try {
      f();
      errors.push("no error");
    } catch (e) {
      errors.push([e.constructor.name, ...["name", "code", "reason"].map((k) => Object.getOwnPropertyDescriptor(e, k)?.value)]);
    }
  }
  for (const k of setters) delete Object.prototype[k];
  console.log(JSON.stringify({ same: JSON.stringify(polluted) === JSON.stringify(clean), keys: JSON.stringify(keysOf(polluted)) === JSON.stringify(keysOf(clean)), errors, after: [registry.register("x/y"), api.validateRecipient("@neo").ok] }));
});
`;

test("in a polluted realm: answers as in a clean one, errors with their own properties, nothing poisoned", () => {
  const cwd = new URL("..", import.meta.url);
  const report = JSON.parse(execFileSync(process.execPath, ["-e", pollutedRealm], { cwd, encoding: "utf8" }));
  // Inherited enumerable properties are neither copied into an answer nor taken for a part of one.
  assert.equal(report.same, true);
  assert.equal(report.keys, true);
  // Errors are made without running a setter of the realm's, each property its own.
  assert.deepStrictEqual(report.errors, [
    ["TypeError", "TypeError", "INVALID_OPTIONS", "wrong_type"],
    ["ToolNameError", "ToolNameError", "UNREPRESENTABLE_TOOL_NAME", "too_long"],
    ["TypeError", "TypeError", "INVALID_ARGUMENT", "wrong_type"],
    ["TypeError", "TypeError", "INVALID_OPTIONS", "wrong_type"],
  ]);
  assert.deepStrictEqual(report.after, ["x__y", true]);
});

// A hardened realm: the intrinsics frozen before the package loads (as a
// lockdown does), so assigning an inherited read-only property (an
// error's `name`) throws, where defining it does not.
const frozenRealm = `
for (const c of [Object, Array, Function, Error, TypeError, RangeError, String, Number, Boolean, Map, Set, Promise, RegExp, Date, Symbol]) {
  Object.freeze(c.prototype);
  Object.freeze(c);
}
const api = require("mcp-boundary");
const cases = JSON.parse(require("node:fs").readFileSync("tests/data/recipients.json", "utf8")).cases;
import("./js-tests/exercise.mjs").then(({ exercise }) => {
  const registry = new api.ToolRegistry({ profile: "openai" });
  const errors = [];
  for (const f of [() => new api.ToolRegistry({ profile: 5 }), () => registry.register("a/" + "b".repeat(300)), () => api.unreadCount(5, "@a"), () => api.toLlmFacingName(5)]) {
    try {
      f();
      errors.push("no error");
    } catch (e) {
      errors.push([e.constructor.name, ...["name", "code", "reason"].map((k) => Object.getOwnPropertyDescriptor(e, k)?.value)]);
    }
  }
  const after = [registry.register("x/y"), registry.registerServer("s", ["a", "b"]), api.validateRecipient("AGENT:gpt").error.reason, api.validateRecipient("AGENT:gpt").error.reason];
  console.log(JSON.stringify({ answers: exercise(api, cases), errors, after }));
});
`;

test("in a realm with frozen intrinsics: the same answers, errors with their own properties, nothing poisoned", () => {
  const cwd = new URL("..", import.meta.url);
  const frozen = JSON.parse(execFileSync(process.execPath, ["-e", frozenRealm], { cwd, encoding: "utf8" }));
  const plain = JSON.parse(execFileSync(process.execPath, ["-e", frozenRealm.replace("Object.freeze(c.prototype);", "").replace("Object.freeze(c);", "")], { cwd, encoding: "utf8" }));
  assert.deepStrictEqual(frozen, plain);
  assert.deepStrictEqual(frozen.errors, [
    ["TypeError", "TypeError", "INVALID_OPTIONS", "wrong_type"],
    ["ToolNameError", "ToolNameError", "UNREPRESENTABLE_TOOL_NAME", "too_long"],
    ["TypeError", "TypeError", "INVALID_ARGUMENT", "wrong_type"],
    ["TypeError", "TypeError", "INVALID_ARGUMENT", "wrong_type"],
  ]);
  assert.deepStrictEqual(frozen.after, ["x__y", ["s__a", "s__b"], "agent_prefix_with_name", "agent_prefix_with_name"]);
});
