// The npm package, through `import` and `require`, against the shared vectors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import * as esm from "mcp-boundary";
import { vectors, expectedOk, rng, UNSAFE } from "./helpers.mjs";

const cjs = createRequire(import.meta.url)("mcp-boundary");

for (const [label, api] of [["import", esm], ["require", cjs]]) {
  test(`${label}: recipient vectors`, () => {
    for (const c of vectors.cases) {
      const results = [api.validateRecipient(c.to, c.options), new api.RecipientValidator(c.options).validate(c.to)];
      for (const r of results) {
        if (c.expect.ok) {
          assert.deepStrictEqual(r, expectedOk(c.expect), c.name);
          continue;
        }
        assert.equal(r.ok, false, c.name);
        const e = r.error;
        assert.equal(e.code, c.expect.code, c.name);
        assert.equal(e.reason, c.expect.reason, c.name);
        assert.equal(e.error, e.code === "UNKNOWN_RECIPIENT" ? "Unknown recipient" : "Invalid recipient shape");
        assert.deepStrictEqual(e.valid_shapes, [
          "AGENT:*  (literal broadcast — note the asterisk is required)",
          "@<identifier>  (e.g., @neo-gpt; the @ prefix is mandatory)",
        ]);
        assert.equal(e.position, c.expect.position, `${c.name}: position`);
        assert.equal(e.limit, c.expect.limit, `${c.name}: limit`);
        if ("to" in c.expect) assert.equal(e.to, c.expect.to, `${c.name}: to`);
        if ("suggestions" in c.expect) assert.deepStrictEqual(e.suggestions, c.expect.suggestions, c.name);
        if (!("suggestions" in c.expect)) assert.equal("suggestions" in e, false, `${c.name}: suggestions not expected`); // every vector with knownAgents and suggestions on lists them
        assert.ok(e.message.includes(e.to), c.name);
        assert.doesNotMatch(e.message, UNSAFE, c.name);
      }
    }
  });

  test(`${label}: bad options throw a TypeError naming the option`, () => {
    for (const c of vectors.option_errors) {
      for (const make of [() => new api.RecipientValidator(c.options), () => api.validateRecipient("@a", c.options)]) {
        assert.throws(make, (e) => {
          assert.ok(e instanceof TypeError, c.name);
          assert.equal(e.name, "TypeError");
          assert.ok(Object.hasOwn(e, "name") && Object.hasOwn(e, "code") && Object.hasOwn(e, "reason"));
          assert.equal(e.code, c.throws.code, c.name);
          assert.equal(e.reason, c.throws.reason, c.name);
          assert.equal(e.option, c.throws.option, c.name);
          assert.ok(e.message.includes(c.throws.option), c.name);
          return true;
        });
      }
    }
  });
}

const { validateRecipient, RecipientValidator } = esm;

test("non-string inputs are rejections, never throws, and the module keeps working", () => {
  const inputs = [
    [undefined, "undefined"], [null, "null"], [42, "number"], [{}, "object"], [[], "array"], [Symbol("x"), "symbol"],
    [10n, "bigint"], [() => "@neo", "function"], [true, "boolean"], [new String("@neo"), "object"],
    [{ toString: () => { throw new Error("boom"); } }, "object"],
  ];
  const strict = new RecipientValidator({ knownAgents: ["@neo-gpt"], strict: true });
  for (const [value, type] of inputs) {
    for (const r of [validateRecipient(value), strict.validate(value), strict.validateMany([value])[0]]) {
      assert.equal(r.ok, false);
      assert.equal(r.error.reason, "not_a_string");
      assert.equal(r.error.code, "INVALID_RECIPIENT_SHAPE");
      assert.equal(r.error.to, type);
    }
    assert.deepStrictEqual(validateRecipient("@neo-gpt"), { ok: true, recipient: { kind: "identity", id: "neo-gpt" } });
  }
  assert.deepStrictEqual(strict.validate(0).error.suggestions, []);
});

test("results are plain JSON data", () => {
  for (const to of ["AGENT:*", "@x", "AGENT:gpt", 5]) {
    const r = new RecipientValidator({ knownAgents: ["@x"] }).validate(to);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(r)), r);
    assert.equal(Object.getPrototypeOf(r), Object.prototype);
    if (!r.ok) assert.equal(Object.getPrototypeOf(r.error), Object.prototype);
  }
  const a = validateRecipient("AGENT:*");
  a.recipient.kind = "changed";
  assert.equal(validateRecipient("AGENT:*").recipient.kind, "broadcast", "each result is a fresh object");
  // A repeated rejection comes from the memo: still a fresh object, nested arrays included.
  const v = new RecipientValidator({ knownAgents: ["@neo-gpt"] });
  for (const check of [(to) => v.validate(to), (to) => v.validateMany([to])[0]]) {
    const first = check("neo-gpt");
    const pristine = structuredClone(first);
    first.error.reason = "changed";
    first.error.valid_shapes.push("changed");
    first.error.suggestions.length = 0;
    assert.deepStrictEqual(check("neo-gpt"), pristine);
  }
});

test("validateMany equals validate item by item, in one call", () => {
  const random = rng(7);
  const pool = ["@neo-gpt", "AGENT:*", "AGENT:gpt", " @neo", "@n\u0435o", "", "@", 42, null, "@" + "x".repeat(200), "\ud800", "@a😀b"];
  const list = Array.from({ length: 10_000 }, () => pool[Math.floor(random() * pool.length)]);
  const v = new RecipientValidator({ knownAgents: ["@neo-gpt"] });
  assert.deepStrictEqual(v.validateMany(list), list.map((x) => v.validate(x)));
  assert.deepStrictEqual(v.validateMany([]), []);
  assert.throws(() => v.validateMany("@neo"), { name: "TypeError", code: "INVALID_ARGUMENT" });
});

test("huge inputs: linear, bounded renditions, and the buffers are released", () => {
  const big = "@" + "x".repeat(2_000_000);
  const r = validateRecipient(big);
  assert.equal(r.error.reason, "too_long");
  assert.equal(r.error.to.length, 65);
  assert.equal(validateRecipient("@neo" + " ".repeat(500_000)).error.reason, "surrounding_whitespace");
  const many = new RecipientValidator().validateMany(Array.from({ length: 100_000 }, (_, i) => `@a${i}`));
  assert.equal(many.length, 100_000);
  assert.ok(many.every((x) => x.ok));
  assert.deepStrictEqual(validateRecipient("@neo"), { ok: true, recipient: { kind: "identity", id: "neo" } });
});

test("seeded random input: every rejection is safe to log", () => {
  const random = rng(2026);
  const alphabet = ["@", "A", "G", "E", "N", "T", ":", "*", "x", "-", "_", " ", "\n", "\r", "\u0000", "\u200b", "\u202e", "\u2066", "\ufeff", "\ud83d", "\ude00", "é", "＠", "\u001b[31m"];
  for (let i = 0; i < 5000; i++) {
    let s = "";
    const n = Math.floor(random() * 80);
    for (let j = 0; j < n; j++) s += alphabet[Math.floor(random() * alphabet.length)];
    const r = validateRecipient(s);
    assert.equal(r.ok, /^(AGENT:\*|@[A-Za-z0-9_-]{1,128})$/.test(s) && !s.endsWith("\n"), JSON.stringify(s));
    if (!r.ok) {
      assert.doesNotMatch(r.error.to, UNSAFE, JSON.stringify(s));
      assert.doesNotMatch(r.error.message, UNSAFE, JSON.stringify(s));
      assert.ok([...r.error.to].length <= 65 * 10);
    }
  }
});

test("the web build in Node: clear error before init, same answers after", async () => {
  const web = await import("../pkg/web/index.js");
  assert.throws(() => web.validateRecipient("@neo"), /init\(\)/);
  const { readFileSync } = await import("node:fs");
  web.initSync(readFileSync(new URL("../pkg/web/mcp_boundary_bg.wasm", import.meta.url)));
  for (const c of vectors.cases) {
    assert.deepStrictEqual(web.validateRecipient(c.to, c.options), esm.validateRecipient(c.to, c.options), c.name);
  }
  await web.default(); // init after initSync is a no-op
});

test("Node entry points need no init, and init is a harmless no-op", async () => {
  assert.equal(typeof esm.default, "function");
  await esm.init();
  esm.initSync();
  assert.equal(cjs.validateRecipient("AGENT:*").ok, true);
});

test("a first-seen rejection, put together from Rust's parts, is the rejection Rust serializes: the same fields, values and order", () => {
  const v = new RecipientValidator({ knownAgents: ["@neo-gpt", "@trinity"], maxIdentifierLength: 8 });
  const plain = new RecipientValidator();
  const strict = new RecipientValidator({ knownAgents: ["@neo-gpt", "@trinity"], strict: true });
  const patterned = new RecipientValidator({ identityPattern: "^[a-z]+$" });
  const inputs = ["AGENT:gpt", "neo-gpt", "@neo gpt", " @neo-gpt", "@", "", "BROADCAST:*", "@" + "w".repeat(130), "@neo\u200bgpt", "@\ud800x", "x".repeat(300)];
  // Renditions longer than the room first given (escapes), backslashes, and every vector.
  inputs.push("\u0000".repeat(70), "@\u202e".repeat(40), "\\".repeat(10), "@neo\\gpt", "@neo-gpx", "@Neo", "@x_y");
  inputs.push(...vectors.cases.filter((c) => typeof c.to === "string" && !c.expect.ok).map((c) => c.to));
  for (const validator of [v, plain, strict, patterned]) {
    for (const to of inputs) {
      // Distinct each time (no memo), then again (the memo's copy).
      for (const round of [0, 1]) {
        const r = validator.validate(to);
        if (r.ok) continue; // accepted by this validator's options
        assert.equal(validator.rejectionResult(to) === null, false, to);
        const serialized = validator.rejectionResult(to);
        const rust = JSON.parse(serialized.content[0].text);
        assert.deepEqual(Object.keys(r.error), Object.keys(rust), `${JSON.stringify(to)} round ${round}`);
        assert.deepEqual(r.error, rust, `${JSON.stringify(to)} round ${round}`);
        assert.deepEqual(r.error, serialized.structuredContent.error);
      }
    }
  }
  // validateMany: rejections among accepted names, in place.
  const many = v.validateMany(["@neo-gpt", "AGENT:gpt", 7, "@trinity", "neo gpt"]);
  assert.deepEqual(many.map((r) => r.ok), [true, false, false, true, false]);
  assert.deepEqual(many[1].error, JSON.parse(v.rejectionResult("AGENT:gpt").content[0].text));
  assert.equal(many[2].error.reason, "not_a_string");
});

test("identityPattern as a JS RegExp keeps its JS meaning: accepted exactly when RegExp#test finds it", () => {
  const patterns = [/^@neo-[a-z0-9-]+$/, /^@NEO-/i, /neo/, /neo/y, /@neo/y, /-bot$/, /^@(neo|trinity)$/, /gpt/g, /^@[a-z]+\d*$/u, /^@a.b$/s, /^@x$/m];
  const identities = ["@neo", "@neo-1", "@NEO-x", "@xneox", "@a-bot", "@a-bots", "@trinity", "@neon", "@gpt4", "@abc123", "@a-b", "@x", "@morpheus_gpt"];
  for (const re of patterns) {
    const v = new RecipientValidator({ identityPattern: re });
    for (const id of identities) {
      re.lastIndex = 0;
      const js = re.test(id);
      const got = v.validate(id);
      assert.equal(got.ok, js, `${re} ${id}`);
      if (!js) assert.equal(got.error.reason, "pattern_mismatch");
    }
  }
  // Broadcast is never subject to it; shapes are checked first.
  assert.equal(validateRecipient("AGENT:*", { identityPattern: /^@neo/ }).ok, true);
  assert.equal(validateRecipient("neo", { identityPattern: /neo/ }).error.reason, "missing_at_prefix");
  // What regex-lite cannot mean the same: refused when the options are parsed, naming the option.
  assert.throws(() => new RecipientValidator({ identityPattern: /[\p{L}--\p{Ll}]/v }), { code: "INVALID_OPTIONS", reason: "invalid_value", option: "identityPattern" });
  assert.throws(() => new RecipientValidator({ identityPattern: /(?<=@)neo/ }), { code: "INVALID_OPTIONS", reason: "invalid_pattern" });
  for (const bad of [5, {}, ["^@neo"], null]) assert.throws(() => new RecipientValidator({ identityPattern: bad }), { code: "INVALID_OPTIONS", reason: "wrong_type" }, String(bad));
  // RegExps that cannot be read are unreadable options, not exceptions through the module.
  const throwingFlags = Object.defineProperty(/a/, "flags", { get() { throw new Error("boom"); } });
  for (const hostile of [new Proxy(/a/, {}), Object.create(RegExp.prototype), throwingFlags]) {
    assert.throws(() => new RecipientValidator({ identityPattern: hostile }), { name: "TypeError", code: "INVALID_OPTIONS", option: "identityPattern" });
  }
  assert.equal(new RecipientValidator({ identityPattern: /neo/ }).validate("@neo").ok, true, "the module keeps working");
});

// recipientStandardSchema: a Standard Schema (version 1) with its JSON Schema.
// The oracle is validateRecipient over the shared vectors.
test("recipientStandardSchema accepts what validateRecipient accepts, and rejects with its message", () => {
  const cases = vectors.cases;
  assert.ok(cases.length > 0);
  for (const c of cases) {
    const schema = esm.recipientStandardSchema(c.options);
    const std = schema["~standard"];
    assert.equal(std.version, 1);
    const got = std.validate(c.to);
    const want = esm.validateRecipient(c.to, c.options);
    if (want.ok) assert.deepEqual(got, { value: c.to }, c.name);
    else assert.deepEqual(got, { issues: [{ message: want.error.message }] }, c.name);
  }
  const std = esm.recipientStandardSchema()["~standard"];
  for (const value of [undefined, null, 7, {}, ["@a"]]) assert.ok(std.validate(value).issues.length === 1, String(value));
});

test("recipientStandardSchema's JSON Schema is recipientJsonSchema's, for the targets Rust names", () => {
  const options = { knownAgents: ["@neo-gpt"], strict: true };
  const std = esm.recipientStandardSchema(options)["~standard"];
  const glue = createRequire(import.meta.url)(new URL("../target/build-tables/mcp_boundary.js", import.meta.url).pathname);
  const table = [];
  glue.__standard_schema_table(table);
  const [vendor, targets] = table[0];
  assert.equal(std.vendor, vendor);
  assert.deepEqual(targets, ["draft-2020-12", "draft-07", "openapi-3.0"]);
  for (const target of targets) {
    assert.deepEqual(std.jsonSchema.input({ target }), esm.recipientJsonSchema(options), target);
    assert.deepEqual(std.jsonSchema.output({ target }), esm.recipientJsonSchema(options), target);
  }
  const a = std.jsonSchema.input({ target: "draft-07" });
  a.pattern = "changed";
  assert.notEqual(std.jsonSchema.input({ target: "draft-07" }).pattern, "changed", "each call a fresh copy");
  assert.throws(() => std.jsonSchema.input({ target: "draft-04\nIGNORE" }), (e) => e instanceof TypeError && e.code === "INVALID_ARGUMENT" && !e.message.includes("IGNORE"));
  assert.throws(() => esm.recipientStandardSchema({ maxIdentifierLength: 0 }), (e) => e.code === "INVALID_OPTIONS");
});
