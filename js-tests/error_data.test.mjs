// Safe error.data through the npm package: the shared vectors,
// real Zod (v3, and the v4 the MCP SDK resolves) and Ajv issues, and a
// seeded no-echo property.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import * as esm from "mcp-boundary";
import { rng } from "./helpers.mjs";
import { record, INPUTS } from "../scripts/record-issues.mjs";

const require = createRequire(import.meta.url);
const cjs = require("mcp-boundary");
const vectors = JSON.parse(readFileSync(new URL("../tests/data/error_data.json", import.meta.url), "utf8"));
const z3 = require("zod3");
// The zod that @modelcontextprotocol/sdk itself resolves (its `zod: ^3.25 || ^4.0` dependency).
const sdkRequire = createRequire(require.resolve("@modelcontextprotocol/sdk/server/mcp.js"));
const z4 = sdkRequire("zod");
const Ajv = require("ajv");
const Ajv2020 = require("ajv/dist/2020");

const seed = vectors.catalogs[0].catalog;
const FIXED = new Set(["invalid_argument", "invalid tool arguments", "unknown_tool", "unknown tool", "2.0", "text"]);

for (const [label, api] of [["import", esm], ["require", cjs]]) {
  test(`${label}: classify equals the seed reference, envelopes are byte for byte`, () => {
    let ran = 0;
    for (const c of vectors.catalogs) {
      const classifier = new api.ErrorClassifier(c.catalog);
      for (const k of c.cases) {
        assert.deepStrictEqual(classifier.classify(k.tool, k.message), k.expect, `${c.name}: ${JSON.stringify(k)}`);
        assert.deepStrictEqual(classifier.classify(k.tool, { message: k.message }), k.expect, "an object with .message");
        ran++;
      }
      for (const e of c.envelopes) {
        assert.equal(JSON.stringify(classifier.invalidArgumentsResponse(e.id, e.tool, e.message)), e.invalidArgumentsResponse);
        assert.equal(JSON.stringify(classifier.toolErrorResult(e.tool, new Error(e.message))), e.toolErrorResult);
      }
    }
    assert.ok(ran > 500);
  });

  test(`${label}: ids, unknown tools, bad catalogs`, () => {
    const classifier = new api.ErrorClassifier(seed);
    for (const { id, echo } of vectors.ids) assert.equal(classifier.invalidArgumentsResponse(id, "x", "y").id, echo);
    for (const bad of [undefined, NaN, Infinity, () => 1, Symbol("s"), 1n]) assert.equal(classifier.invalidArgumentsResponse(bad, "x", "y").id, null);
    for (const u of vectors.unknownTool) {
      const r = classifier.unknownToolResponse("r1", u.name);
      assert.deepStrictEqual(r.error.data, { code: "unknown_tool", suggestions: u.suggestions }, JSON.stringify(u.name));
      assert.equal(r.error.code, -32602);
      if (!u.suggestions.includes(u.name)) assert.ok(!JSON.stringify(r).includes(JSON.stringify(u.name)), "the name is never echoed");
    }
    for (const b of vectors.badCatalogs) {
      assert.throws(() => new api.ErrorClassifier(b.catalog), (e) => {
        assert.ok(e instanceof TypeError);
        assert.equal(e.code, "INVALID_OPTIONS");
        assert.equal(e.option, b.option, JSON.stringify(b.catalog));
        assert.equal(e.reason, b.reason, JSON.stringify(b.catalog));
        return true;
      });
    }
    assert.throws(() => new api.ErrorClassifier(), { code: "INVALID_ARGUMENT" });
  });

  test(`${label}: lenient catalogs keep what they can; outputSchemaTools answer in text only`, () => {
    const { cases, bad } = vectors.lenientCatalogs;
    for (const { name, catalog, tools, calls } of cases) {
      const c = new api.ErrorClassifier(catalog);
      assert.ok(tools.length > 0, name); // the kept tools show in each call's expected text ("for <tool>")
      for (const call of calls) {
        assert.equal(c.structuredErrors(call.tool), call.structuredErrors, JSON.stringify(call));
        assert.deepStrictEqual(c.toolErrorResult(call.tool, call.message), call.toolErrorResult, JSON.stringify(call));
        assert.deepStrictEqual(c.handlerErrorResult(call.tool, call.message), call.handlerErrorResult, JSON.stringify(call));
      }
    }
    for (const b of bad) {
      assert.throws(() => new api.ErrorClassifier(b.catalog), (e) => e.code === "INVALID_OPTIONS" && e.option === b.option && e.reason === b.reason, JSON.stringify(b.catalog));
    }
  });

  test(`${label}: recorded Zod, Valibot, ArkType and Ajv issues classify as the reference says`, () => {
    let ran = 0;
    for (const { name, catalog } of vectors.issues.catalogs) {
      const classifier = new api.ErrorClassifier(catalog);
      for (const k of vectors.issues.cases) {
        const want = k.expect[name];
        assert.deepStrictEqual(classifier.classifyIssues(k.tool, k.issues, k.input), want.data, `${name}: ${k.name}`);
        assert.deepStrictEqual(classifier.classifyIssues(k.tool, { issues: k.issues }, k.input), want.data, "a ZodError-like object");
        assert.deepStrictEqual(classifier.toolErrorResult(k.tool, { issues: k.issues }, k.input), want.result, `${name}: ${k.name}`);
        ran++;
      }
    }
    assert.ok(ran >= 40);
  });
}


const { ErrorClassifier } = esm;

test("error values of any kind: never a throw, null when there is no string message", () => {
  const c = new ErrorClassifier(seed);
  const throwing = { get message() { throw new Error("boom"); } };
  const proxy = new Proxy({}, { get() { throw new Error("trap"); } });
  for (const e of [undefined, null, 42, {}, [], Symbol("x"), 1n, { message: 5 }, throwing, proxy, () => "unknown tool"]) {
    assert.equal(c.classify("list_bounties", e), null);
    assert.equal(JSON.stringify(c.invalidArgumentsResponse(1, "list_bounties", e)), '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid tool arguments"}}');
    assert.equal(c.toolErrorResult("list_bounties", e).content[0].text, "invalid tool arguments for list_bounties");
  }
  for (const t of [undefined, 42, {}, Symbol("t")]) assert.deepStrictEqual(c.classify(t, "unknown tool"), { code: "invalid_argument", tool: null, field: null, message: "unknown tool" });
  assert.throws(() => c.classifyIssues("list_bounties", "not issues"), { code: "INVALID_ARGUMENT" });
  assert.deepStrictEqual(c.classifyIssues("list_bounties", [null, 3, {}]).map((d) => d.message), ["is invalid", "is invalid", "is invalid"]);
});

/** A schema for list_bounties in both zod versions, and the same inputs. */
const SECRET = "SECRET-9f3a";
const badInputs = [
  { limit: 1000, status: "open", repo: "x" },
  { limit: "ten", status: "open", repo: "x" },
  { limit: 5, status: `closed ${SECRET}`, repo: "x" },
  { limit: 5, status: "open" },
  { limit: 5, status: "open", repo: "x", [`evil\n${SECRET}`]: 1 },
];
function expectSafe(data, label) {
  const text = JSON.stringify(data);
  assert.ok(!text.includes(SECRET) && !text.includes("evil") && !text.includes("ten") && !text.includes("1000"), `${label}: ${text}`);
}

for (const [label, z] of [["zod v3", z3], [`zod v${z4.z ? 4 : "?"} (the MCP SDK's)`, z4]]) {
  test(`${label}: real issues become safe data`, () => {
    const c = new ErrorClassifier({ tools: { list_bounties: ["limit", "status", "repo"] }, fieldMessages: ["must be at most 100"] });
    const schema = z.object({ limit: z.number().max(100), status: z.enum(["open", "closed"]), repo: z.string() }).strict();
    const want = [["limit", "is too large or too long"], ["limit", "has the wrong type"], ["status", "is not one of the allowed values"], ["repo", null], [null, "is not a known argument"]];
    badInputs.forEach((input, i) => {
      const parsed = schema.safeParse(input);
      assert.equal(parsed.success, false);
      const issues = parsed.error.issues;
      if (z === z3 && i === 2) assert.ok(JSON.stringify(issues).includes(SECRET), "zod v3's raw issue carries the received value");
      const data = c.classifyIssues("list_bounties", issues, input);
      assert.equal(data.length, issues.length);
      const [field, message] = want[i];
      assert.equal(data[0].field, field, `${label} #${i}`);
      if (message) assert.equal(data[0].message, message, `${label} #${i}`);
      else assert.equal(data[0].message, "is required", `${label} #${i}`);
      assert.equal(data[0].tool, "list_bounties");
      expectSafe(data, `${label} #${i}`);
    });
  });
}

for (const [label, z] of [["zod v3", z3], ["zod v4", z4]]) {
  test(`${label}: a left-out argument is required, whatever code the issue has, once the input is given`, () => {
    const fields = ["kind", "exact", "either", "filter", "tags", "when"];
    const c = new ErrorClassifier({ tools: { search: fields } });
    const schema = z.object({
      kind: z.enum(["a", "b"]),
      exact: z.literal("x"),
      either: z.union([z.string(), z.number()]),
      filter: z.object({ since: z.string(), until: z.string().optional() }),
      tags: z.array(z.string()),
      when: z.string().refine((v) => v.length > 3),
    });
    const present = { kind: "c", exact: "y", either: true, filter: { since: 5 }, tags: "t", when: "ab" };
    const partial = { filter: { until: "z" } };
    const by = (data) => Object.fromEntries(data.map((d) => [d.field, d.message]));
    const left = schema.safeParse(partial).error.issues;
    assert.deepStrictEqual(by(c.classifyIssues("search", left, partial)), {
      kind: "is required",
      exact: "is required",
      either: "is required",
      filter: "is missing a required property",
      tags: "is required",
      when: "is required",
    });
    // The same through toolErrorResult, as protectServer calls it.
    const result = c.toolErrorResult("search", { issues: left }, partial);
    assert.match(result.content[0].text, /^invalid tool arguments for search: kind is required; exact is required; /);
    // Values that are there but wrong keep their own phrases.
    const wrong = by(c.classifyIssues("search", schema.safeParse(present).error.issues, present));
    assert.equal(wrong.kind, "is not one of the allowed values");
    assert.equal(wrong.filter, "contains an invalid entry", "filter.since is the wrong one");
    assert.equal(wrong.tags, "has the wrong type");
    assert.equal(wrong.when, "is invalid");
    // Without the input only Zod 3's own word tells (on invalid_type).
    const alone = by(c.classifyIssues("search", left));
    assert.equal(alone.kind, z === z3 ? "is required" : "is not one of the allowed values");
    assert.equal(alone.tags, z === z3 ? "is required" : "has the wrong type");
  });
}

for (const [label, z] of [["zod v3", z3], ["zod v4", z4]]) {
  test(`${label}: what is wrong inside a field is not said of the field`, () => {
    const c = new ErrorClassifier({ tools: { search: ["filter", "tags"] } });
    const schema = z.object({ filter: z.object({ since: z.string() }).strict(), tags: z.array(z.string().max(5)) });
    const input = { filter: { since: "x", extra: 1 }, tags: ["ok", "far too long"] };
    const data = c.classifyIssues("search", schema.safeParse(input).error.issues, input);
    assert.deepStrictEqual(data.map((d) => [d.field, d.message]), [["filter", "contains an unknown property"], ["tags", "contains an invalid entry"]]);
    // A thousand bad elements: a thousand issues, one line of text.
    const many = { filter: { since: "x" }, tags: Array(1000).fill("far too long") };
    const error = schema.safeParse(many).error;
    assert.equal(error.issues.length, 1000);
    assert.equal(c.toolErrorResult("search", error, many).content[0].text, "invalid tool arguments for search: tags contains an invalid entry");
  });
}

test("an issue string past a piece is read as the whole one, in pieces: the same answer as a short string of its kind", () => {
  const c = new ErrorClassifier({ tools: { t: ["limit"] } });
  const z = "z".repeat(40_000); // past a piece (32,768 units) and the object's issue_units
  const answers = (path) => c.classifyIssues("t", [{ keyword: "type", instancePath: path, params: {} }]);
  const cases = [
    [`/${z}/x`, "/zz/x"], // deeper, by a / past the head
    [`/${z}`, "/zz"],
    [`/limit/${z}`, "/limit/zz"],
    [`/limit${z}`, "/limitzz"],
    [`/${z}\uD800/x`, "/zz\uD800/x"], // not valid UTF-16: read as no string
  ];
  for (const [long, short] of cases) assert.deepStrictEqual(answers(long), answers(short), short);
  assert.notDeepStrictEqual(answers(`/${z}/x`), answers(`/${z}`), "the / past the head is seen");
  const zod = (code, path) => c.classifyIssues("t", [{ code, path }]);
  assert.deepStrictEqual(zod(`too_big${z}`, ["limit"]), zod("too_bigzz", ["limit"]), "a long code is no code");
  assert.deepStrictEqual(zod("too_big", [`limit${z}`]), zod("too_big", ["limitzz"]), "a long segment is no field");
  assert.equal(zod("too_big", ["limit"])[0].field, "limit");
});

test("ajv: what is wrong inside a field is not said of the field", () => {
  const validate = new Ajv({ allErrors: true }).compile({
    type: "object",
    properties: { filter: { type: "object", properties: { since: { type: "string" } }, additionalProperties: false }, tags: { type: "array", items: { type: "string", maxLength: 5 } } },
    additionalProperties: false,
  });
  assert.equal(validate({ filter: { since: "x", extra: 1 }, tags: ["ok", "far too long"], other: 1 }), false);
  const c = new ErrorClassifier({ tools: { search: ["filter", "tags"] } });
  assert.deepStrictEqual(
    c.classifyIssues("search", validate.errors).map((d) => [d.field, d.message]),
    [[null, "is not a known argument"], ["filter", "contains an unknown property"], ["tags", "contains an invalid entry"]],
  );
});

test("the input is only asked whether a value is there: never copied, hostile inputs change nothing else", () => {
  const c = new ErrorClassifier({ tools: { t: ["a"] } });
  const issues = [{ code: "invalid_type", path: ["a"] }];
  const read = [];
  const spy = new Proxy({ a: `x ${SECRET}` }, { get(o, k) { read.push(k); return o[k]; }, getOwnPropertyDescriptor(o, k) { read.push(`own ${String(k)}`); return Reflect.getOwnPropertyDescriptor(o, k); } });
  const data = c.classifyIssues("t", issues, spy);
  assert.deepStrictEqual(data, [{ code: "invalid_argument", tool: "t", field: "a", message: "has the wrong type" }]);
  expectSafe(data, "spy");
  assert.deepStrictEqual(read, ["own a", "a"], "whether `a` is there, then whether it is undefined");
  const trap = new Proxy({}, { getOwnPropertyDescriptor() { throw new Error("trap"); } });
  for (const input of [trap, null, 5, "a", [], { a: undefined }, {}]) {
    const d = c.classifyIssues("t", issues, input);
    assert.equal(d[0].field, "a");
    const absent = input !== null && typeof input === "object" && input !== trap;
    assert.equal(d[0].message, absent ? "is required" : "has the wrong type", String(input));
  }
  // Paths that are no list, or hold symbols or objects, make no claim.
  for (const path of ["a", [Symbol("a")], [{}], null]) assert.equal(c.classifyIssues("t", [{ code: "invalid_type", path }], {})[0].message, "has the wrong type");
});

test("ajv: real errors become safe data", () => {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile({
    type: "object",
    properties: { limit: { type: "number", maximum: 100 }, status: { enum: ["open", "closed"] }, repo: { type: "string" } },
    required: ["repo"],
    additionalProperties: false,
  });
  const c = new ErrorClassifier({ tools: ["list_bounties"], fields: ["limit", "status", "repo"] });
  const want = [[["limit", "is too large or too long"]], [["limit", "has the wrong type"]], [["status", "is not one of the allowed values"]], [["repo", "is required"]], [[null, "is not a known argument"]]];
  badInputs.forEach((input, i) => {
    assert.equal(validate(input), false);
    const data = c.classifyIssues("list_bounties", validate.errors);
    assert.deepStrictEqual(data.map((d) => [d.field, d.message]), want[i], `ajv #${i}: ${JSON.stringify(validate.errors)}`);
    expectSafe(data, `ajv #${i}`);
  });
});

test("ajv: a property left out inside a field is not the field left out", () => {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile({
    type: "object",
    properties: { filter: { type: "object", properties: { since: { type: "string" } }, required: ["since"] } },
    required: ["filter", "q"],
  });
  assert.equal(validate({ filter: {} }), false);
  const c = new ErrorClassifier({ tools: { search: ["filter", "q"] } });
  assert.deepStrictEqual(
    c.classifyIssues("search", validate.errors).map((d) => [d.field, d.message]),
    [["q", "is required"], ["filter", "is missing a required property"]],
  );
  // A property that another one requires (dependentRequired; draft-07's
  // dependencies in list form) is named as required.
  const pay = new ErrorClassifier({ tools: { pay: ["card", "billing_address"] } });
  const properties = { card: { type: "string" }, billing_address: { type: "string" } };
  for (const schema of [{ type: "object", properties, dependentRequired: { card: ["billing_address"] } }, { type: "object", properties, dependencies: { card: ["billing_address"] } }]) {
    const check = (schema.dependentRequired ? new Ajv2020({ allErrors: true }) : new Ajv({ allErrors: true })).compile(schema);
    assert.equal(check({ card: "4242" }), false);
    assert.deepStrictEqual(pay.classifyIssues("pay", check.errors).map((d) => [d.field, d.message]), [["billing_address", "is required"]]);
  }
});

test("seeded random messages: every output string is a catalog or fixed string", () => {
  const c = new ErrorClassifier(seed);
  const allowed = new Set([...seed.tools, ...seed.fields, ...seed.fieldMessages, ...seed.fieldlessMessages, ...FIXED]);
  const words = [...seed.fields, ...seed.fieldMessages, ...seed.fieldlessMessages, " ", "  ", "\n", "\t", "\u00a0", "\u200b", "\u202e", "\u0456", "x", "\ud800", "🦀", "é"];
  const random = rng(4242);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const collect = (v, out) => {
    if (typeof v === "string") out.push(v);
    else if (v && typeof v === "object") Object.values(v).forEach((x) => collect(x, out));
    return out;
  };
  for (let i = 0; i < 4000; i++) {
    let m = "";
    for (let j = Math.floor(random() * 6); j >= 0; j--) m += pick(words);
    if (random() < 0.02) m = m.repeat(500);
    const tool = random() < 0.7 ? pick(seed.tools) : m;
    const outputs = [
      c.classify(tool, m),
      c.invalidArgumentsResponse(null, tool, m),
      c.toolErrorResult(tool, m).structuredContent,
      c.unknownToolResponse(null, m),
      c.classifyIssues(tool, [{ code: m, path: [m] }, { keyword: m, instancePath: `/${m}`, params: { missingProperty: m } }]),
    ];
    for (const s of collect(outputs, [])) assert.ok(allowed.has(s) || /^is |^has |^does |^contains |^must be a finite/.test(s), `echoed ${JSON.stringify(s)} for ${JSON.stringify(m)}`);
    const text = c.toolErrorResult(tool, m).content[0].text;
    assert.ok(text.startsWith("invalid tool arguments"));
  }
});

test("classify looks UTF-16 up as the envelopes look decoded text up: the same answer for every message", () => {
  // classify compares the message's code units with the catalog's; the
  // envelopes decode the message first. Non-ASCII entries, astral
  // characters and lone surrogates must not tell them apart.
  const catalog = { tools: ["outil", "🦀tool"], fields: ["limité", "𝄞"], fieldMessages: ["doit être ≤ 100", "is 🦀"], fieldlessMessages: ["inconnu", "\ud83e\udd80"] };
  const c = new ErrorClassifier(catalog);
  assert.deepStrictEqual(c.classify("🦀tool", "𝄞 is 🦀"), { code: "invalid_argument", tool: "🦀tool", field: "𝄞", message: "is 🦀" });
  assert.deepStrictEqual(c.classify("outil", "limité inconnu"), { code: "invalid_argument", tool: "outil", field: null, message: "inconnu" });
  assert.equal(c.classify("outil", "\ud83e"), null, "half of a catalog phrase's pair");
  assert.equal(c.classify("outil", "𝄞 is \ud83e"), null);
  assert.equal(c.classify("\ud83e", "inconnu").tool, null, "a lone surrogate is no tool");
  const words = ["limité", "𝄞", "doit être ≤ 100", "is 🦀", "inconnu", " ", "\ud83e", "\udd80", "\ud834", "é", "e\u0301", "x"];
  const random = rng(99);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  for (let i = 0; i < 3000; i++) {
    let m = "";
    for (let j = Math.floor(random() * 4); j >= 0; j--) m += pick(words);
    const tool = random() < 0.5 ? pick(catalog.tools) : pick(words);
    const viaEnvelope = c.invalidArgumentsResponse(1, tool, m).error.data ?? null;
    assert.deepStrictEqual(c.classify(tool, m), viaEnvelope, JSON.stringify([tool, m]));
    assert.deepStrictEqual(c.classify(tool, m), viaEnvelope, "again, from the memo");
  }
});

test("the recorded issues are what the validators emit now, and the live issue objects classify as their records", async () => {
  const cases = new Map(vectors.issues.cases.map((k) => [k.name, k]));
  const classifiers = vectors.issues.catalogs.map(({ name, catalog }) => [name, new ErrorClassifier(catalog)]);
  const recorded = await record();
  assert.equal(recorded.length, 15);
  for (const { validator, input, issues, json } of recorded) {
    const k = cases.get(`${validator}: ${input}`);
    assert.ok(k, `${validator}: ${input} is in the vectors`);
    assert.deepStrictEqual(json, k.issues, `${validator}: ${input}: re-record (node scripts/record-issues.mjs) and run make vectors`);
    assert.deepStrictEqual(k.input, INPUTS[input]);
    for (const [name, c] of classifiers) {
      const data = c.classifyIssues("send", issues, INPUTS[input]);
      assert.deepStrictEqual(data, k.expect[name].data, `${name}: ${validator}: ${input}, live`);
      for (const out of [data, c.toolErrorResult("send", { issues }, INPUTS[input])]) assert.ok(!JSON.stringify(out).includes(SECRET), `${validator}: ${input}: nothing of the input`);
    }
  }
});

test("JSON-RPC envelopes return the request's id exactly, lone surrogates included", () => {
  const c = new ErrorClassifier({ tools: { t: ["a"] } });
  for (const id of ["\uD800", "a\uDFFFb", "\uDBFF\uDBFF", "plain", 7, null]) {
    assert.equal(c.invalidArgumentsResponse(id, "t", "a is bad").id, id);
    assert.equal(c.unknownToolResponse(id, "x").id, id);
  }
  assert.equal(c.unknownToolResponse({ not: "an id" }, "x").id, null);
});
