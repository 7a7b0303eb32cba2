// One memory case of js-tests/memory.test.mjs, run alone in a child
// process started with --expose-gc (so nothing else the test runner does
// moves the numbers): `node --expose-gc js-tests/memory-probe.mjs <case>
// [length]` prints `{ case, units, rss, maxRss, wasm, checked }` as JSON,
// the growth in bytes of the process's resident set (now and at its peak)
// and of the wasm module's memory (whose high-water mark an instance keeps
// for its life) across one call with an input of `length` code units.
// `node js-tests/memory-probe.mjs --list` prints the case names.

// The wasm instance's memory, caught as the package instantiates it (the
// package exports no handle on it; the Node entries instantiate it on
// first use, which the warm-up below makes).
const memories = [];
const Instance = WebAssembly.Instance;
WebAssembly.Instance = new Proxy(Instance, {
  construct(target, args, newTarget) {
    const instance = Reflect.construct(target, args, newTarget);
    if (instance.exports.memory instanceof WebAssembly.Memory) memories.push(instance.exports.memory);
    return instance;
  },
});
const api = await import("mcp-boundary");
api.initSync();
WebAssembly.Instance = Instance;
if (memories.length !== 1) throw new Error("the module's memory was not caught");
const { validateRecipient, RecipientValidator, ErrorClassifier, toLlmFacingName, tryReverseToCanonical, ToolRegistry, planDelivery, markRead, readState, unreadCount } = api;

/** A registry with the tools the recorded streams call. */
function registry() {
  const r = new ToolRegistry();
  r.registerServer("github", ["create_issue"]);
  return r;
}
const catalog = { tools: { list_bounties: ["limit", "status"] }, fieldMessages: ["must be at most 100"], fieldlessMessages: ["unknown tool"] };

/** A model response (or stream event) of `format` that calls tool `name`. */
const RESPONSES = {
  anthropic: (name) => ({ role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name, input: {} }] }),
  "openai-chat": (name) => ({ choices: [{ index: 0, message: { role: "assistant", tool_calls: [{ id: "call_1", type: "function", function: { name, arguments: "{}" } }] } }] }),
  "openai-responses": (name) => ({ output: [{ type: "function_call", id: "fc_1", call_id: "call_1", name, arguments: "{}" }] }),
  gemini: (name) => ({ candidates: [{ content: { role: "model", parts: [{ functionCall: { name, args: {} } }] } }] }),
  "bedrock-converse": (name) => ({ output: { message: { role: "assistant", content: [{ toolUse: { toolUseId: "tu_1", name, input: {} } }] } } }),
};
const EVENTS = {
  anthropic: (name) => [{ type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_1", name, input: {} } }, { type: "content_block_stop", index: 1 }],
  "openai-chat": (name) => [{ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name, arguments: "" } }] } }] }],
  "openai-responses": (name) => [{ type: "response.output_item.added", output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_1", name, arguments: "" } }],
  gemini: (name) => [{ candidates: [{ content: { role: "model", parts: [{ functionCall: { id: "g1", name, args: {} } }] }, index: 0 }] }],
  "bedrock-converse": (name) => [{ contentBlockStart: { start: { toolUse: { toolUseId: "tu_1", name } }, contentBlockIndex: 1 } }],
};
const SSE = { anthropic: "event", "openai-chat": "data", "openai-responses": "event", gemini: "data", "bedrock-converse": "data" };

async function collect(iterable) {
  const all = [];
  for await (const x of iterable) all.push(x);
  return all;
}
/** The bytes of `events` as `format`'s text/event-stream carries them. */
function sseBytes(format, events) {
  let text = "";
  for (const e of events) text += `${SSE[format] === "event" ? `event: ${e.type ?? "x"}\n` : ""}data: ${JSON.stringify(e)}\n\n`;
  return new TextEncoder().encode(text);
}
/** Writes `bytes` through `r`'s fromProviderSse(format) in chunks of 64 KiB, as a socket brings them; how many bytes came out. */
async function sse(r, format, bytes) {
  const t = r.fromProviderSse(format);
  let n = 0;
  const reading = (async () => {
    for await (const c of t.readable) n += c.length;
  })();
  const w = t.writable.getWriter();
  for (let at = 0; at < bytes.length; at += 65536) await w.write(bytes.subarray(at, at + 65536));
  await w.close();
  await reading;
  return n;
}

/** `x`, flattened (a concatenation is a rope until read; flattening it in the measured call would count a copy the caller made). */
function flat(x) {
  x.charCodeAt(x.length >> 1);
  return x;
}

/**
 * The cases: each makes its input from `s` (a string of the length asked
 * for), and gives `setup` (state made before the measurement, from a
 * short input so lazily read tables are read) and `run` (the measured
 * call, with its answer checked against what a short input of the same
 * kind gives: the case must exercise what it names).
 */
const CASES = {
  "validateRecipient": (s) => {
    const to = flat(`@${s}`);
    return { run: () => validateRecipient(to), check: (r) => r.ok === false && r.error.reason === "too_long" };
  },
  "validateRecipient star": (s) => {
    const to = flat(`@${s}*`);
    return { run: () => validateRecipient(to), check: (r) => r.error.reason === "wrong_broadcast_literal" };
  },
  "RecipientValidator.validate suggestions": (s) => {
    const v = new RecipientValidator({ knownAgents: ["@neo-gpt"] }), to = flat(`@${s}`);
    return { run: () => v.validate(to), check: (r) => r.error.reason === "too_long" && r.error.suggestions.length === 0 };
  },
  "RecipientValidator.validateMany": (s) => {
    const v = new RecipientValidator(), to = flat(`@${s}`);
    return { run: () => v.validateMany(["@neo", to]), check: (r) => r[0].ok && r[1].error.reason === "too_long" };
  },
  "RecipientValidator.rejectionResult": (s) => {
    const v = new RecipientValidator(), to = flat(`@${s}`);
    return { run: () => v.rejectionResult(to), check: (r) => r.isError === true };
  },
  "ErrorClassifier.classify message": (s) => {
    const c = new ErrorClassifier(catalog), message = flat(`limit ${s}`);
    return { run: () => c.classify("list_bounties", message), check: (r) => r === null };
  },
  "ErrorClassifier.classify tool": (s) => {
    const c = new ErrorClassifier(catalog);
    return { run: () => c.classify(s, "limit must be at most 100"), check: (r) => r === null };
  },
  "ErrorClassifier.classifyIssues": (s) => {
    const c = new ErrorClassifier(catalog);
    return { run: () => c.classifyIssues("list_bounties", [{ code: "too_big", path: [s], message: s }]), check: (r) => r.length === 1 && r[0].field === null };
  },
  "ErrorClassifier.classifyIssues tool": (s) => {
    const c = new ErrorClassifier(catalog);
    return { run: () => c.classifyIssues(s, [{ code: "too_big", path: ["limit"] }]), check: (r) => r.length === 1 && r[0].tool === null && r[0].field === null };
  },
  "ErrorClassifier.toolErrorResult issues": (s) => {
    const c = new ErrorClassifier(catalog);
    return { run: () => c.toolErrorResult(s, [{ keyword: s, instancePath: `/${s}`, params: {} }]), check: (r) => r.isError === true };
  },
  "ErrorClassifier.invalidArgumentsResponse": (s) => {
    const c = new ErrorClassifier(catalog);
    return { run: () => c.invalidArgumentsResponse(1, "list_bounties", s), check: (r) => r.error.data === undefined };
  },
  "ErrorClassifier.toolErrorResult": (s) => {
    const c = new ErrorClassifier(catalog);
    return { run: () => c.toolErrorResult("list_bounties", s), check: (r) => r.isError === true };
  },
  "ErrorClassifier.invalidArgumentsResponse id": (s) => {
    const c = new ErrorClassifier(catalog);
    return { run: () => c.invalidArgumentsResponse(s, "list_bounties", "limit must be at most 100"), check: (r) => r.id === s && r.error.data.field === "limit" };
  },
  "ErrorClassifier.handlerErrorResult": (s) => {
    const c = new ErrorClassifier(catalog);
    const error = new Error(s);
    return { run: () => c.handlerErrorResult(s, error), check: (r) => r.isError === true };
  },
  "ErrorClassifier.classifyIssues instancePath": (s) => {
    const c = new ErrorClassifier(catalog);
    const path = flat(`/limit/${s}`);
    return { run: () => c.classifyIssues("list_bounties", [{ keyword: "type", instancePath: path, params: {} }]), check: (r) => r[0].field === "limit" };
  },
  "ErrorClassifier.unknownToolResponse": (s) => {
    const c = new ErrorClassifier(catalog);
    return { run: () => c.unknownToolResponse(1, s), check: (r) => r.error.code === -32602 };
  },
  // What ToolRouter answers a call of an unknown name with.
  "ToolRegistry.unknownToolResponse": (s) => {
    const r = registry();
    return { run: () => r.unknownToolResponse(1, s), check: (e) => e.error.code === -32602 && Array.isArray(e.error.data.suggestions) };
  },
  "toLlmFacingName": (s) => ({ run: () => { try { toLlmFacingName(s); } catch (e) { return e; } }, check: (e) => e.reason === "too_long" }),
  "toLlmFacingName openai": (s) => {
    const name = flat(`a/${s}`);
    return { run: () => { try { toLlmFacingName(name, { profile: "openai" }); } catch (e) { return e; } }, check: (e) => e.reason === "too_long" };
  },
  "tryReverseToCanonical": (s) => {
    const name = flat(`a__${s}`);
    return { run: () => tryReverseToCanonical(name), check: (r) => r.length === s.length + 2 && r.startsWith("a/") };
  },
  "ToolRegistry.toCanonical": (s) => {
    const r = registry();
    return { run: () => r.toCanonical(s), check: (x) => x === null };
  },
  "ToolRegistry.toLlmFacing": (s) => {
    const r = registry();
    return { run: () => r.toLlmFacing(s), check: (x) => x === null };
  },
  "ToolRegistry.register": (s) => {
    const r = registry();
    return { run: () => { try { r.register(s); } catch (e) { return e; } }, check: (e) => e.reason === "too_long" };
  },
  "ToolRegistry.register hash": (s) => {
    const r = new ToolRegistry({ overflow: "hash" }), name = flat(`a/${s}`);
    return { run: () => r.register(name), check: (alias) => alias.length === 128 && r.toCanonical(alias) === name };
  },
  "ToolRegistry.register hash é": (s) => {
    const r = new ToolRegistry({ overflow: "hash" }), name = flat(`a/${"é".repeat(s.length - 2)}`);
    return { run: () => r.register(name), check: (alias) => alias.length === 128 && r.toCanonical(alias) === name };
  },
  "ToolRegistry.lookupOverride slashes": (s) => {
    const r = registry(), name = flat("a/".repeat(s.length >> 1));
    return { run: () => r.lookupOverride({ github: 1 }, name), check: (x) => x === undefined };
  },
  "ToolRegistry.toCanonical beside a long name": (s) => {
    // A registered name as long: a lookup as long may name it, and is read whole.
    const r = new ToolRegistry({ overflow: "hash" }), other = flat(`b/${s.slice(2)}`);
    r.register(flat(`a/${s.slice(2)}`));
    return { run: () => [r.toCanonical(other), r.lookupOverride({}, other), r.unregister(other)], check: (x) => JSON.stringify(x) === "[null,null,false]" && r.entries().length === 1 };
  },
  "toLlmFacingName hash": (s) => {
    const name = flat(`a/${s}`);
    return { run: () => toLlmFacingName(name, { overflow: "hash" }), check: (alias) => alias.length === 128 };
  },
  "ToolRegistry.unregister": (s) => {
    const r = registry();
    return { run: () => r.unregister(s), check: (x) => x === false };
  },
  "ToolRegistry.toolForCallId": (s) => {
    const r = registry();
    return { run: () => r.toolForCallId(s), check: (x) => x === null };
  },
  "ToolRegistry.lookupOverride": (s) => {
    const r = registry();
    return { run: () => r.lookupOverride({ github: 1 }, s), check: (x) => x === undefined };
  },
  ...Object.fromEntries(
    Object.entries(RESPONSES).flatMap(([format, response]) => [
      [`fromProvider ${format}`, (s) => {
        const r = registry(), payload = response(s);
        return { run: () => r.fromProvider(payload, format), check: (x) => JSON.stringify(x) === JSON.stringify(payload) };
      }],
      [`toProvider ${format}`, (s) => {
        const r = registry(), payload = response(s);
        return { run: () => r.toProvider(payload, format), check: (x) => JSON.stringify(x) === JSON.stringify(payload) };
      }],
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(EVENTS).flatMap(([format, events]) => [
      [`fromProviderStream ${format}`, (s) => {
        const r = registry(), list = events(s);
        return { run: () => collect(r.fromProviderStream(list, format)), check: (x) => JSON.stringify(x) === JSON.stringify(list) };
      }],
      [`fromProviderSse ${format}`, (s) => {
        const r = registry(), bytes = sseBytes(format, events(s));
        return { run: () => sse(r, format, bytes), check: (n) => n === bytes.length };
      }],
    ]),
  ),
  "planDelivery direct": (s) => {
    const to = flat(`@${s}`);
    return { run: () => planDelivery({ to, sender: "@a", agents: [] }), check: (r) => r.ok === false && r.error.reason === "too_long" };
  },
  "planDelivery agents": (s) => {
    const id = flat(`@${s}`);
    return { run: () => planDelivery({ to: "AGENT:*", sender: id, agents: ["@b", id, { id, accountType: s }, { id: "@c", accountType: s }] }), check: (r) => r.ok === true && r.recipients.join() === "@b,@c" };
  },
  "markRead reader": (s) => {
    const reader = flat(`@${s}`);
    const message = { id: "m1", from: "@a", to: "AGENT:*", receipts: [{ recipient: "@b", deliveredAt: "2026-01-01T00:00:00Z", readAt: null }] };
    return { run: () => markRead(message, reader, "2026-01-02T00:00:00Z"), check: (r) => r.ok === false };
  },
  "markRead recipient": (s) => {
    const reader = flat(`@${s}`);
    const message = { id: "m1", from: "@a", to: "AGENT:*", receipts: [{ recipient: reader, deliveredAt: "2026-01-01T00:00:00Z", readAt: null }] };
    return { run: () => markRead(message, reader, "2026-01-02T00:00:00Z"), check: (r) => r.ok === true && r.target === "receipt" };
  },
  "readState reader": (s) => {
    const reader = flat(`@${s}`);
    return { run: () => readState({ id: "m1", from: "@a", to: "@b", readAt: null }, reader), check: (r) => r === "not_a_recipient" };
  },
  "unreadCount reader": (s) => {
    const reader = flat(`@${s}`);
    return { run: () => unreadCount([{ id: "m1", from: "@a", to: "@b", readAt: null }, { id: "m2", from: "@a", to: reader, readAt: null }], reader), check: (r) => r === 1 };
  },
};

const [name, lengthArg] = process.argv.slice(2);
if (name === "--list") {
  console.log(JSON.stringify(Object.keys(CASES)));
  process.exit(0);
}
const make = CASES[name];
if (make === undefined) throw new Error(`no case ${name}`);
const length = Number(lengthArg ?? 20_000_000);

// Warm up with a short input of the same kind: tables read on first use,
// memos and the walkers' code are made before the measurement. Then with a
// long one (300,000 units): the code only long inputs reach (pieces,
// bounded reads) is compiled, and V8's optimizing tier has run on its
// loops. Without it, that one-time cost (about 3 MiB of the process at
// 5M, 10M and 20M units alike) was measured as the input's, and the case
// that keeps a name twice its own size (UTF-8 é) came within 0.2–0.7 MiB of
// the bound, and once over it with another probe beside it.
const warm = make("abc");
await warm.run();
const warmLong = make("a".repeat(Math.min(length, 300_000)));
await warmLong.run();
// The input, made before the first reading (a rope flattened now, so the
// call measures what it copies, not the string's own flattening).
const input = "a".repeat(length);
input.charCodeAt(length >> 1);
const c = make(input);
if (typeof gc !== "function") throw new Error("run with --expose-gc");
gc();
gc();
const wasmBytes = () => memories.reduce((n, m) => n + m.buffer.byteLength, 0);
const before = { rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024, wasm: wasmBytes() };
const result = await c.run();
gc();
gc();
const after = { rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024, wasm: wasmBytes() };
const checked = c.check(result);
// A digest of the answer (an error by its own properties), to compare builds' answers.
const own = (x) => (x instanceof Error ? { name: x.name, message: x.message, ...x } : x);
const { createHash } = await import("node:crypto");
const answer = createHash("sha256").update(JSON.stringify(own(result)) ?? "undefined").digest("hex").slice(0, 16);
console.log(JSON.stringify({ case: name, units: length, rss: after.rss - before.rss, maxRss: after.maxRss - before.maxRss, wasm: after.wasm - before.wasm, checked, answer }));
