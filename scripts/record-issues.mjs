// Records the schema issues that scripts/gen_error_data_vectors.py holds
// as data: one tool's schema in Zod 4, Zod 3, Valibot, ArkType and Ajv,
// given the same inputs, and each validator's issues as it really emits
// them (Valibot's and ArkType's through their Standard Schema `validate`).
//
//   node scripts/record-issues.mjs > /tmp/issues.json
//
// prints them as JSON; paste them into the generator's RECORDED (as Python
// data) and run `make vectors`. js-tests/error_data.test.mjs imports
// `record()` and fails when a validator now emits other issues, and
// classifies the live issue objects against the vectors too.
//
// Each issue is kept as JSON: Valibot's path items without the `input`
// and `value` they carry (the whole object and the value at the key),
// ArkType's errors as their `toJSON()` without `data` (the value), plus
// the `" arkKind"` brand their own property holds. Nothing is needed of
// what is dropped; received values and messages stay, carrying SECRET.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const z3 = require("zod3");
// The Zod the MCP SDK resolves (its `zod: ^3.25 || ^4.0` dependency): 4.
const z4 = createRequire(require.resolve("@modelcontextprotocol/sdk/server/mcp.js"))("zod");
const v = require("valibot");
const { type } = require("arktype");
const Ajv = require("ajv");

/** What the schema declares of each field (the JSON Schema a server publishes); `debug` is no catalog field. */
export const PROPERTIES = {
  priority: { type: "string", enum: ["low", "normal", "high"] },
  size: { type: "string", enum: ["s", "m"] },
  limit: { type: "number", minimum: 1, maximum: 100 },
  title: { type: "string", minLength: 3, maxLength: 20 },
  count: { type: "integer" },
  urgent: { type: "boolean" },
  mode: { type: "string", const: "fast" },
  either: { anyOf: [{ type: "string" }, { type: "number" }] },
  filter: { type: "object", properties: { since: { type: "string" } }, required: ["since"], additionalProperties: false },
  tags: { type: "array", items: { type: "string", maxLength: 5 } },
  labels: { type: "object", propertyNames: { pattern: "^[a-z]+$" }, additionalProperties: { type: "string" } },
  note: { type: "string", not: { const: "ab" } },
  debug: { type: "boolean" },
};

const SECRET = "SECRET-9f3a";
const valid = { priority: "low", size: "s", limit: 5, title: "hello", count: 3, urgent: true, mode: "fast", either: "x", filter: { since: "2026" }, tags: ["ok"], labels: { a: "b" }, note: "long enough", debug: false };
/** The inputs every validator is given. */
export const INPUTS = {
  "wrong values": {
    priority: `urgent ${SECRET}`, size: "xl", limit: 1000, title: "ab", count: 1.5, urgent: "yes", mode: "slow", either: true,
    filter: { since: 1, [`extra ${SECRET}`]: 1 }, tags: ["ok", `far too long ${SECRET}`], labels: { [`BAD ${SECRET}`]: "x" }, note: "ab", debug: SECRET, [`evil ${SECRET}`]: 1,
  },
  "other bounds and types": { ...valid, priority: 7, limit: 0, title: `a title far too long ${SECRET}`, count: "3", urgent: 1, filter: SECRET, tags: SECRET, labels: [SECRET] },
  "left out": { filter: {} },
};

const zodShape = (z) => ({
  priority: z.enum(["low", "normal", "high"]),
  size: z.enum(["s", "m"]),
  limit: z.number().min(1).max(100),
  title: z.string().min(3).max(20),
  count: z.number().int(),
  urgent: z.boolean(),
  mode: z.literal("fast"),
  either: z.union([z.string(), z.number()]),
  filter: z.object({ since: z.string() }).strict(),
  tags: z.array(z.string().max(5)),
  labels: z.record(z.string().regex(/^[a-z]+$/), z.string()),
  note: z.string().refine((s) => s !== "ab", "not ab"),
  debug: z.boolean(),
});

const plain = (x) => JSON.parse(JSON.stringify(x));
const standard = async (schema, input) => (await schema["~standard"].validate(input)).issues;

const VALIDATORS = {
  zod4: {
    run: (input) => z4.object(zodShape(z4)).strict().safeParse(input).error.issues,
    json: plain,
  },
  zod3: {
    run: (input) => z3.object(zodShape(z3)).strict().safeParse(input).error.issues,
    json: plain,
  },
  valibot: {
    run: (input) => standard(v.strictObject({
      priority: v.picklist(["low", "normal", "high"]),
      size: v.picklist(["s", "m"]),
      limit: v.pipe(v.number(), v.minValue(1), v.maxValue(100)),
      title: v.pipe(v.string(), v.minLength(3), v.maxLength(20)),
      count: v.pipe(v.number(), v.integer()),
      urgent: v.boolean(),
      mode: v.literal("fast"),
      either: v.union([v.string(), v.number()]),
      filter: v.strictObject({ since: v.string() }),
      tags: v.array(v.pipe(v.string(), v.maxLength(5))),
      labels: v.record(v.pipe(v.string(), v.regex(/^[a-z]+$/)), v.string()),
      note: v.pipe(v.string(), v.check((s) => s !== "ab", "not ab")),
      debug: v.boolean(),
    }), input),
    json: (issue) => plain({ ...issue, path: issue.path?.map(({ input, value, ...item }) => item) }),
  },
  arktype: {
    run: (input) => standard(type({
      "+": "reject",
      priority: "'low'|'normal'|'high'",
      size: "'s'|'m'",
      limit: "1 <= number <= 100",
      title: "3 <= string <= 20",
      count: "number.integer",
      urgent: "boolean",
      mode: "'fast'",
      either: "string|number",
      filter: { "+": "reject", since: "string" },
      tags: "(string <= 5)[]",
      labels: { "+": "reject", "[/^[a-z]+$/]": "string" },
      note: type("string").narrow((s, ctx) => s !== "ab" || ctx.mustBe("not ab")),
      debug: "boolean",
    }), input),
    json: (error) => {
      const { data, ...rest } = error.toJSON();
      return plain({ " arkKind": error[" arkKind"], ...rest });
    },
  },
  ajv: {
    run: (input) => {
      const validate = new Ajv({ allErrors: true }).compile({ type: "object", properties: PROPERTIES, required: Object.keys(PROPERTIES), additionalProperties: false });
      if (validate(input)) throw new Error("valid");
      return validate.errors;
    },
    json: plain,
  },
};

/** Every validator's issues for every input: `{ validator, input: its name, issues (live objects), json (as the vectors keep them) }`. */
export async function record() {
  const out = [];
  for (const [validator, { run, json }] of Object.entries(VALIDATORS)) {
    for (const [input, value] of Object.entries(INPUTS)) {
      const issues = await run(value);
      out.push({ validator, input, issues, json: issues.map(json) });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const recorded = await record();
  process.stdout.write(`${JSON.stringify({ properties: PROPERTIES, inputs: INPUTS, issues: recorded.map(({ validator, input, json }) => ({ validator, input, issues: json })) }, null, 1)}\n`);
}
