// Differential test: random payloads of every format through the npm
// package's walker (over JS objects, exotic ones included) and through the
// native Rust walker (over the same payloads' JSON, by the
// `rewrite_payloads` example). Both must give the same JSON, so rewriting an
// object gives what rewriting its JSON gives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { ToolRegistry } from "mcp-boundary";
import { rng } from "./helpers.mjs";

const SEED = 0x5eed9;
const PER_FORMAT = 300;
const FORMATS = ["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock-converse"];
const CANONICAL = ["github/create_issue", "github/list_prs", "fs/read_file", "search", "a/b__c", "mail/add_message"];

// Every key and `type` value that a provider puts on the way to a tool name,
// and some that it does not, so random trees hit the rewritten places often.
const KEYS = [
  "tools", "tool_choice", "messages", "content", "type", "name", "function", "tool_calls", "choices", "message", "delta",
  "input", "output", "item", "content_block", "functionDeclarations", "function_declarations", "toolConfig",
  "functionCallingConfig", "allowedFunctionNames", "contents", "parts", "functionCall", "functionResponse", "candidates",
  "id", "text", "args", "tool_name", "tool_references", "custom", "allowed_tools", "response", "tool_config",
  "function_calling_config", "allowed_function_names", "function_call", "function_response", "toolSpec",
  "toolChoice", "tool", "toolUse", "contentBlockStart", "start", "history", "toolCall", "functionCalls",
  "functionResponses", "toolResponse", "items", "data", "namespace", "session",
];
const TYPES = [
  "tool", "tool_use", "function", "function_call", "text", "custom", "tool_result", "tool_reference", "tool_search_tool_result",
  "custom_tool_call", "allowed_tools", "response.function_call_arguments.done",
];

function generator(seed, registry) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const aliases = CANONICAL.map((c) => registry.toLlmFacing(c));
  const names = [...CANONICAL, ...aliases, "unknown/tool", "unknown__tool", "plain"];

  /** A leaf: mostly names, sometimes other JSON values or JS values JSON skips or converts. */
  function leaf() {
    const r = random();
    if (r < 0.55) return pick(names);
    if (r < 0.65) return pick(TYPES);
    if (r < 0.7) return new String(pick(names)); // JSON writes the string
    if (r < 0.74) return undefined; // skipped in objects, null in arrays
    if (r < 0.77) return () => pick(names); // skipped in objects, null in arrays
    if (r < 0.82) return null;
    if (r < 0.9) return Math.floor(random() * 100);
    return random() < 0.5;
  }

  /** Wraps a plain object in one of the shapes JSON.stringify reads differently from a naive walker. */
  function exotic(plain) {
    const r = random();
    if (r < 0.55) return plain;
    const entries = Object.entries(plain);
    if (r < 0.63) {
      // Inherited properties: JSON sees none of them.
      const own = entries.filter(() => random() < 0.5);
      const proto = Object.fromEntries(entries.filter((e) => !own.includes(e)));
      return Object.assign(Object.create(proto), Object.fromEntries(own));
    }
    if (r < 0.7) return Object.assign(Object.create(null), plain); // null prototype
    if (r < 0.77) {
      // A class instance: own fields count, prototype getters do not (and
      // are never called: JSON.stringify does not call these, which throw).
      class Node {
        get name() {
          return "github/create_issue";
        }
        get type() {
          return "tool_use";
        }
      }
      // Name and When steps read their key before checking it
      // (docs/DECISIONS.md, "What a payload walker reads"): no trap there.
      const readFirst = ["name", "type", "tool_name", "namespace"];
      for (const k of KEYS.filter((k) => !readFirst.includes(k))) {
        Object.defineProperty(Node.prototype, k, {
          get() {
            throw new Error(`the walker read the inherited getter ${k}`);
          },
        });
      }
      const node = new Node();
      for (const [k, v] of entries) Object.defineProperty(node, k, { value: v, enumerable: true, writable: true, configurable: true });
      return node;
    }
    if (r < 0.84) {
      // Own getters (enumerable, so JSON reads them) and non-enumerable properties (JSON skips them).
      const o = {};
      for (const [k, v] of entries) {
        if (random() < 0.5) Object.defineProperty(o, k, { get: () => v, enumerable: true, configurable: true });
        else Object.defineProperty(o, k, { value: v, enumerable: random() < 0.6, writable: true, configurable: true });
      }
      return o;
    }
    if (r < 0.9) return { toJSON: () => plain, name: "github/create_issue", type: "tool_use" }; // JSON writes toJSON()
    const o = { ...plain };
    o[Symbol("name")] = "github/create_issue"; // symbol keys are skipped
    return o;
  }

  function tree(depth) {
    if (depth === 0 || random() < 0.15) return leaf();
    if (random() < 0.35) {
      const list = Array.from({ length: Math.floor(random() * 4) }, () => tree(depth - 1));
      if (random() < 0.1) list.length += 1; // a hole
      return list;
    }
    const o = {};
    const n = 1 + Math.floor(random() * 4);
    for (let i = 0; i < n; i++) o[pick(KEYS)] = pick(KEYS) === "type" ? pick(TYPES) : tree(depth - 1);
    if (random() < 0.4) o.type = pick(TYPES);
    if (random() < 0.4) o.name = leaf();
    return exotic(o);
  }

  /** A copy of a template with "$" leaves as random names, extra random keys, and exotic objects. */
  function shaped(t) {
    if (t === "$") return leaf();
    if (Array.isArray(t)) return Array.from({ length: 1 + Math.floor(random() * 3) }, () => shaped(t[0]));
    if (t !== null && typeof t === "object") {
      const o = {};
      for (const [k, v] of Object.entries(t)) o[k] = shaped(v);
      if (random() < 0.3) o[pick(KEYS)] = tree(2);
      return exotic(o);
    }
    return t;
  }

  return (format) => (random() < 0.6 ? shaped(pick(TEMPLATES[format])) : tree(7));
}

// Payloads shaped like each format's requests, responses and streams ("$": a name).
const TEMPLATES = {
  anthropic: [
    { tools: [{ name: "$" }] },
    { tool_choice: { type: "tool", name: "$" } },
    { messages: [{ content: [{ type: "tool_use", name: "$" }] }] },
    { content: [{ type: "tool_use", name: "$" }] },
    [{ content: [{ type: "tool_use", name: "$" }] }],
    { content_block: { type: "tool_use", name: "$" } },
    { messages: [{ content: [{ type: "tool_result", content: [{ type: "tool_reference", tool_name: "$" }] }] }] },
    { content: [{ type: "tool_search_tool_result", content: { tool_references: [{ type: "tool_reference", tool_name: "$" }] } }] },
  ],
  "openai-chat": [
    { tools: [{ function: { name: "$" } }] },
    { tool_choice: { function: { name: "$" } } },
    { messages: [{ tool_calls: [{ function: { name: "$" } }] }] },
    { choices: [{ message: { tool_calls: [{ function: { name: "$" } }] } }] },
    { choices: [{ delta: { tool_calls: [{ function: { name: "$" } }] } }] },
    [{ tool_calls: [{ function: { name: "$" } }] }],
    { tools: [{ type: "custom", custom: { name: "$" } }], tool_choice: { type: "custom", custom: { name: "$" } } },
    { tool_choice: { type: "allowed_tools", allowed_tools: { mode: "auto", tools: [{ type: "function", function: { name: "$" } }] } } },
    { choices: [{ message: { tool_calls: [{ type: "custom", custom: { name: "$" } }] } }] },
  ],
  "openai-responses": [
    { tools: [{ type: "function", name: "$" }] },
    { tool_choice: { type: "function", name: "$" } },
    { input: [{ type: "function_call", name: "$" }] },
    { output: [{ type: "function_call", name: "$" }] },
    [{ type: "function_call", name: "$" }],
    { item: { type: "function_call", name: "$" } },
    { tools: [{ type: "custom", name: "$" }], tool_choice: { type: "allowed_tools", mode: "auto", tools: [{ type: "function", name: "$" }] } },
    { type: "response.function_call_arguments.done", item_id: "i", name: "$", arguments: "{}" },
    { type: "response.completed", response: { output: [{ type: "function_call", name: "$" }, { type: "custom_tool_call", name: "$" }] } },
  ],
  gemini: [
    { tools: [{ functionDeclarations: [{ name: "$" }] }] },
    { toolConfig: { functionCallingConfig: { allowedFunctionNames: ["$"] } } },
    { contents: [{ parts: [{ functionCall: { name: "$" } }] }] },
    { candidates: [{ content: { parts: [{ functionResponse: { name: "$" } }] } }] },
    [{ parts: [{ functionCall: { name: "$" } }] }],
    { tool_config: { function_calling_config: { allowed_function_names: ["$"] } }, contents: [{ parts: [{ function_call: { name: "$" } }] }] },
  ],
  "bedrock-converse": [
    { toolConfig: { tools: [{ toolSpec: { name: "$" } }], toolChoice: { tool: { name: "$" } } } },
    { messages: [{ role: "assistant", content: [{ toolUse: { toolUseId: "t", name: "$", input: {} } }] }] },
    { output: { message: { content: [{ toolUse: { toolUseId: "t", name: "$" } }] } } },
    { contentBlockStart: { start: { toolUse: { toolUseId: "t", name: "$" } }, contentBlockIndex: 0 } },
    [{ content: [{ toolUse: { name: "$" } }] }],
  ],
};

/** The JSON of `v` with object keys sorted, so key order does not matter (serde_json sorts its maps). */
function canonical(v) {
  return JSON.stringify(v, (_, x) =>
    x !== null && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x,
  );
}

test("the JS walker and the native walker give the same JSON for random payloads of every format", () => {
  const registry = new ToolRegistry();
  for (const name of CANONICAL) registry.register(name);
  const next = generator(SEED, registry);
  const cases = [];
  for (const format of FORMATS) {
    for (let i = 0; i < PER_FORMAT; i++) {
      const payload = next(format);
      const direction = i % 2 === 0 ? "to" : "from";
      const before = JSON.stringify(payload);
      const rewritten = direction === "to" ? registry.toProvider(payload, format) : registry.fromProvider(payload, format);
      assert.equal(JSON.stringify(payload), before, "the input is not mutated");
      if (before === undefined) continue; // a top-level value JSON cannot write
      cases.push({ format, direction, json: before, js: JSON.stringify(rewritten) });
    }
  }
  const input = [JSON.stringify(CANONICAL), ...cases.map((c) => `{"format":"${c.format}","direction":"${c.direction}","payload":${c.json}}`)].join("\n");
  const native = execFileSync("cargo", ["run", "-q", "--example", "rewrite_payloads"], { input, encoding: "utf8", maxBuffer: 1 << 28 })
    .trimEnd()
    .split("\n");
  assert.equal(native.length, cases.length);
  let renamed = 0;
  cases.forEach((c, i) => {
    assert.equal(canonical(JSON.parse(c.js)), canonical(JSON.parse(native[i])), `case ${i} (${c.format}, ${c.direction}): ${c.json}`);
    if (c.js !== c.json) renamed++;
  });
  // The generator must reach the rewritten places, or the comparison says little.
  assert.ok(renamed > cases.length / 10, `only ${renamed} of ${cases.length} payloads had a name rewritten`);
});

test("an inherited property is not a place: rewriting an object gives what rewriting its JSON gives", () => {
  const registry = new ToolRegistry();
  registry.register("a/b");
  const payload = { tool_choice: Object.create({ type: "tool", name: "a/b" }) };
  assert.equal(JSON.stringify(registry.toProvider(payload, "anthropic")), '{"tool_choice":{}}');
  const own = { tool_choice: { type: "tool", name: "a/b" } };
  assert.equal(JSON.stringify(registry.toProvider(own, "anthropic")), '{"tool_choice":{"type":"tool","name":"a__b"}}');
});
