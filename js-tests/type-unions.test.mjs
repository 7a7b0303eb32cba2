// What js/index.d.ts still spells by hand, each against what Rust declares:
// the keys of results and the names and codes that sit inside structured
// types, or that only the wasm binding lists (its argument errors, the
// collision modes), and that each options or record error an input
// reaches has a reason of the declared union. The literal unions of names
// that come from Rust's lists (reasons, codes, formats, profiles, states) are not
// held here: `make pkg` writes them (js/build/unions.mjs) and
// js-tests/generated.test.mjs fails when the committed ones are stale.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tableOf } from "../js/build/generate.mjs";
import { thrown } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const glue = require(new URL("../target/build-tables/mcp_boundary.js", import.meta.url).pathname);
const api = require("mcp-boundary");
const types = readFileSync(new URL("../js/index.d.ts", import.meta.url), "utf8");

/** The string literals of `text`, in order. */
const literals = (text) => [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`));
/** The text of `export type name = …;` (up to the first `;` at the end of a line). */
function typeText(name) {
  const m = new RegExp(`export type ${name}(?:<[^>]*>)? =([\\s\\S]*?);\\n`).exec(types);
  assert.ok(m, `index.d.ts declares no type ${name}`);
  return m[1];
}
/** The text of `export interface name … { … }` (up to the first line that is only `}`). */
function interfaceText(name) {
  const m = new RegExp(`(?:export )?(?:interface|class) ${name}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(types);
  assert.ok(m, `index.d.ts declares no interface ${name}`);
  return m[1];
}
/** The literals of member `key` of an interface's text. */
function member(text, key) {
  const m = new RegExp(`\\n\\s*${key}\\??: ([^;]*);`).exec(text);
  assert.ok(m, `no member ${key}`);
  return literals(m[1]);
}
/** The names after "expected" in one of Rust's option messages: `a, b or c`, or `"a" or "b"`. */
function namesIn(message, after) {
  const m = new RegExp(`${after}([^.;{]*)`).exec(message);
  assert.ok(m, message);
  return m[1].split(/, | or /).map((s) => s.trim().replace(/^"|"$/g, "")).filter((s) => /^[a-z-]+$/.test(s));
}
const sorted = (xs) => [...new Set(xs)].sort();

const rejection = tableOf(glue.__rejection_tables);

const names = tableOf(glue.__names);

test("recipient errors and codes are Rust's", () => {
  const declared = [...types.matchAll(/error: "([^"]+)";\s*code: "([A-Z_]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
  assert.deepEqual(sorted(declared), sorted(rejection.reasons.map((r) => `${r[0]} ${r[1]}`)));
  // The keys of a rejection: RecipientErrorBase and the members each kind adds.
  const keys = [...interfaceText("RecipientErrorBase").matchAll(/\n {2}(\w+)\??:/g)].map((m) => m[1]);
  keys.push("error", "code", "reason", "position", "limit");
  assert.deepEqual(sorted(keys), sorted(rejection.fields.map(([key]) => key)));
});

test("recipient kinds are Rust's", () => {
  const [broadcast, identity] = tableOf(glue.__recipient_tables);
  assert.deepEqual(sorted(literals(typeText("Recipient"))), sorted([broadcast, identity]));
});

test("payload formats are Rust's: its rules, tool layouts, stream tables and message", () => {
  const formats = names.formats;
  const stream = tableOf(glue.__stream_tables);
  for (const list of [tableOf(glue.__rules), tableOf(glue.__tool_layouts).formats, stream.calls, stream.scopes]) {
    assert.deepEqual(sorted(list.map(([f]) => f)), sorted(formats));
  }
  const e = thrown(() => api.toolDefinitions([], "no such format"));
  assert.deepEqual(sorted(namesIn(e.message, "one of ")), sorted(formats));
  // ToolDefinitions has one member per format.
  const members = [...interfaceText("ToolDefinitions").matchAll(/\n {2}"?([\w-]+)"?:/g)].map((m) => m[1]);
  assert.deepEqual(sorted(members), sorted(formats));
});

test("each tool definition type has the keys and fixed values of Rust's layout", () => {
  const defined = Object.fromEntries([...interfaceText("ToolDefinitions").matchAll(/\n {2}"?([\w-]+)"?: (\w+);/g)].map((m) => [m[1], m[2]]));
  for (const [format, layout] of tableOf(glue.__tool_layouts).formats) {
    const text = interfaceText(defined[format]);
    for (const [path, place] of layout) {
      for (const key of path) assert.match(text, new RegExp(`\\b${key}\\??:`), `${defined[format]} lacks ${key}`);
      if ("value" in place) assert.match(text, new RegExp(`${path.at(-1)}: ${JSON.stringify(place.value)}`), `${defined[format]}.${path.join(".")}`);
    }
  }
});

test("collision modes are the ones Rust names; the tool layouts' profiles are built-in", () => {
  // Every profile a tool layout names is one of them.
  for (const [, , profile] of tableOf(glue.__tool_layouts).formats) assert.ok(names.profiles.includes(profile), profile);
  const collision = thrown(() => new api.ToolRegistry({ onCollision: "no such mode" }));
  const declared = /export interface RegistryOptions<C extends ([^=]*) =/.exec(types);
  assert.deepEqual(sorted(namesIn(collision.message, "expected ")), sorted(literals(declared[1])));
});

test("record keys are Rust's", () => {
  const { keys, timestampKey } = tableOf(glue.__delivery_tables);
  const message = interfaceText("MessageRecord"), receipt = interfaceText("ReceiptRecord");
  for (const key of [...keys.message, keys.receipts, timestampKey]) assert.match(message, new RegExp(`\\n\\s*${key}\\??:`), key);
  for (const key of [...keys.receipt, timestampKey]) assert.match(receipt, new RegExp(`\\n\\s*${key}\\??:`), key);
});

test("error data's code and keys are Rust's", () => {
  const sample = tableOf(glue.__shape_samples).error_data;
  assert.deepEqual(member(interfaceText("ErrorData"), "code"), [sample.code]);
  for (const key of Object.keys(sample)) assert.match(interfaceText("ErrorData"), new RegExp(`\\n\\s*${key}\\??:`), key);
});

test("a validation's keys are Rust's", () => {
  const { identity, rejected } = tableOf(glue.__shape_samples);
  const [ok, recipient] = Object.keys(identity), [, error] = Object.keys(rejected);
  assert.ok(types.includes(`export type RecipientResult = { ${ok}: true; ${recipient}: Recipient } | { ${ok}: false; ${error}: RecipientError };`));
  for (const key of Object.keys(identity.recipient)) assert.match(types, new RegExp(`\\b${key}: `), key);
});

test("argument and size errors: names, codes and reasons are Rust's", () => {
  const errors = [];
  for (const k of Object.keys(glue.Expected).filter((k) => !/^\d+$/.test(k))) {
    const out = [];
    glue.__argument_error(glue.Expected[k], out);
    errors.push(out[0]);
  }
  for (const kind of Object.values(glue.Misuse).filter((v) => typeof v === "number")) {
    for (const cls of Object.values(glue.Class).filter((v) => typeof v === "number")) {
      const out = [];
      glue.__misuse(kind, cls, out);
      errors.push(out[0]);
    }
  }
  // Agents whose length throws while Rust reads them (`unreadable`).
  const agents = new Proxy([], { get: (t, k) => (k === "length" ? assert.fail("unreadable") : t[k]) });
  errors.push(thrown(() => api.planDelivery({ to: "AGENT:*", agents })));
  const argument = interfaceText("ArgumentError");
  assert.deepEqual(sorted(errors.map((e) => e.name)), member(argument, "name"));
  assert.deepEqual(sorted(errors.map((e) => e.code)), member(argument, "code"));
  assert.deepEqual(sorted(errors.map((e) => e.reason)), sorted(member(argument, "reason")));
  const size = interfaceText("SizeError");
  const tooLarge = tableOf(glue.__too_large), tooMany = [];
  glue.__too_many(glue.Expected.Recipients, tooMany);
  for (const e of [tooLarge, tooMany[0]]) {
    assert.deepEqual([e.name], member(size, "name"));
    assert.deepEqual([e.code], member(size, "code"));
    assert.deepEqual([e.reason], member(size, "reason"));
  }
  // The classes Rust names in its misuse errors are the ones declared.
  for (const name of Object.keys(glue.Class).filter((k) => !/^\d+$/.test(k))) assert.match(types, new RegExp(`export class ${name}\\b`));
});

test("the tool-name errors Rust throws are of the declared name, and of each reason of Rust's list with its code", () => {
  // The errors as thrown: each reason of ToolNameReason::ALL is reached by an input, with the code Rust pairs it with.
  const declared = interfaceText("ToolNameError"), reasons = names.tool_name_reasons.map(([reason]) => reason);
  const registry = new api.ToolRegistry();
  registry.register("a/b__c");
  const errors = [
    thrown(() => api.toLlmFacingName("")),
    thrown(() => api.toLlmFacingName("a//b")),
    thrown(() => api.toLlmFacingName("a/b c")),
    thrown(() => api.toLlmFacingName(`a/${"b".repeat(200)}`)),
    thrown(() => api.toLlmFacingName("1a/b", { profile: "gemini" })),
    thrown(() => registry.register("a__b/c")),
  ];
  for (const e of errors) {
    assert.ok(e instanceof api.ToolNameError, e.message);
    assert.deepEqual([e.name], member(declared, "name"));
    assert.deepEqual([e.reason, e.code], names.tool_name_reasons.find(([reason]) => reason === e.reason), e.message);
  }
  assert.deepEqual(sorted(errors.map((e) => e.reason)), sorted(reasons));
});

test("the options and record errors Rust throws are of the declared names, codes and reasons", () => {
  // Each reason reached by an input is one of Rust's lists (the generated unions).
  const options = [{ maxIdentifierLength: "x" }, { maxIdentifierLength: 0 }, { bogus: 1 }, { identityPattern: "(" }].map((o) => thrown(() => new api.RecipientValidator(o)));
  options.push(thrown(() => api.toLlmFacingName("a/b", { profile: "no such profile" })));
  const declared = interfaceText("OptionsError");
  for (const e of options) assert.deepEqual([e.name, e.code], [...member(declared, "name"), ...member(declared, "code")]);
  assert.deepEqual(sorted(options.map((e) => e.reason)), sorted(literals(typeText("OptionsErrorReason"))));

  const broadcast = "AGENT:*";
  const records = [null, { to: 1 }, { to: "@b", from: 1 }, { to: "@b", readAt: 1 }, { to: broadcast, receipts: 1 }, { to: "@b", receipts: [] }, { to: broadcast, receipts: [{ recipient: 1 }] }, { to: broadcast, receipts: [{ recipient: "@b" }, { recipient: "@b" }] }];
  const malformed = records.map((r) => thrown(() => api.unreadCount([r], "@b")));
  const record = interfaceText("MalformedRecordError");
  for (const e of malformed) assert.deepEqual([e.name, e.code], [...member(record, "name"), ...member(record, "code")]);
  assert.deepEqual(member(record, "reason"), [], "the reason is the generated MalformedRecordReason");
  assert.deepEqual(sorted(malformed.map((e) => e.reason)), sorted(literals(typeText("MalformedRecordReason"))));

  const refused = api.markRead({ to: "@c" }, "@b", 0);
  assert.deepEqual([refused.ok, refused.error.code], [false, ...literals(/error: \{ code: ("[A-Z_]+")/.exec(typeText("MarkReadResult"))[1])]);
});

test("recipientStandardSchema's vendor is Rust's", () => {
  const [vendor] = tableOf(glue.__standard_schema_table);
  assert.ok(interfaceText("RecipientStandardSchema").includes(`readonly vendor: ${JSON.stringify(vendor)};`));
});
