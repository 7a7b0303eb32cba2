// mcp-boundary/mcp and check-tools take every rule, bound, message, code
// and reason from Rust (src/host/, through the main entry's internal
// __mcp()): the lists the binding exports are the ones the types declare,
// and neither JS file spells a message of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { __mcp } from "mcp-boundary";

const root = new URL("../", import.meta.url);
const source = (path) => readFileSync(new URL(path, root), "utf8");
const core = __mcp();

/** The members of `export type NAME = "a" | "b";` in a d.ts. */
function union(dts, name) {
  const m = new RegExp(`export type ${name} =([^;]+);`).exec(dts);
  assert.ok(m, `${name} is declared`);
  return [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
}

test("the types' codes and reasons are Rust's lists", () => {
  const dts = source("js/mcp.d.ts");
  assert.deepEqual(union(dts, "McpErrorCode").sort(), Object.values(core.codes).sort());
  assert.deepEqual(union(dts, "McpArgumentReason").sort(), [...core.reasons[core.codes.invalidArgument]].sort());
  assert.deepEqual(union(dts, "ToolListReason").sort(), [...core.reasons[core.codes.toolListRefused]].sort());
  assert.deepEqual(union(dts, "ReplacedAnswerKind").sort(), Object.values(core.replaced).sort());
  // The interfaces use them, with their codes spelled as Rust spells them.
  assert.match(dts, new RegExp(`interface McpArgumentError extends TypeError \\{\\s*name: "TypeError";\\s*code: "${core.codes.invalidArgument}";\\s*reason: McpArgumentReason;`));
  assert.match(dts, new RegExp(`interface ToolListError extends Error \\{\\s*name: "Error";\\s*code: "${core.codes.toolListRefused}";\\s*reason: ToolListReason;`));
});

test("the documented bounds and the profiles are Rust's", () => {
  assert.deepEqual(
    { maxPages: core.maxPages, maxTools: core.maxTools, maxCatalogEntries: core.maxCatalogEntries },
    { maxPages: 1000, maxTools: 2 ** 20, maxCatalogEntries: 65_536 },
  );
  assert.deepEqual(core.profiles, ["anthropic", "openai", "gemini", "bedrock", "mcp", "portable"]);
  assert.ok(Object.isFrozen(core));
  assert.equal(__mcp(), core, "built once");
});

test("the server-name rule is Rust's, with its code and reason, never echoing the name", () => {
  const refused = (name, options = {}) => {
    try {
      core.checkServerName(name, options);
      return null;
    } catch (e) {
      assert.ok(!String(e.message).includes("MARK"));
      return { name: e.name, code: e.code, reason: e.reason };
    }
  };
  const invalid = { name: "TypeError", code: "INVALID_ARGUMENT", reason: "invalid_server_name" };
  for (const name of ["github", "a_b", "x".repeat(117)]) assert.equal(refused(name), null, name);
  for (const name of ["", "a/b", "a__MARK", "MARK_", "x".repeat(118), "MARK\n", "\uD800MARK"]) assert.deepEqual(refused(name), invalid, name);
  assert.equal(refused("x.y", { profile: "mcp" }), null);
  assert.deepEqual(refused("x.y", { profile: "openai" }), invalid);
  assert.deepEqual(refused("x".repeat(54), { profile: "openai" }), invalid);
  assert.equal(refused("x".repeat(53), { profile: "openai", overflow: "hash" }), null);
  assert.equal(refused("ab", { profile: { maxLength: 13, allowed: "[a-z_]" } }), null);
  assert.deepEqual(refused("abc", { profile: { maxLength: 13, allowed: "[a-z_]" } }), invalid);
  for (const name of [42, null, undefined, {}]) assert.deepEqual(refused(name), { name: "TypeError", code: "INVALID_ARGUMENT", reason: "wrong_type" });
  assert.deepEqual(refused("github", { profile: "nope" }), { name: "TypeError", code: "INVALID_OPTIONS", reason: "invalid_value" });
});

test("every argument error is Rust's TypeError with its code and reason", () => {
  for (const expected of ["McpServer", "Zod", "ServerName", "Client", "ToolArguments"]) {
    const e = core.argumentError(expected);
    assert.ok(e instanceof TypeError);
    assert.deepEqual({ name: e.name, code: e.code, reason: e.reason }, { name: "TypeError", code: "INVALID_ARGUMENT", reason: "wrong_type" });
    assert.ok(e.message.length > 0);
  }
});

test("listing follows Rust's bounds", async () => {
  const client = (pages) => ({ listTools: async ({ cursor }) => pages(cursor) });
  const tool = { name: "t" };
  assert.deepEqual(await core.listTools(client((c) => (c === undefined ? { tools: [tool], nextCursor: "2" } : { tools: [tool, tool] }))), [tool, tool, tool]);
  assert.deepEqual(await core.listTools(client(() => ({ tools: [], nextCursor: "" }))), [], "an empty cursor ends the list");
  const refused = async (pages) => {
    try {
      await core.listTools(client(pages));
      return null;
    } catch (e) {
      return { name: e.name, code: e.code, reason: e.reason, limit: e.limit };
    }
  };
  assert.deepEqual(await refused(() => ({ tools: [], nextCursor: "same" })), { name: "Error", code: "TOOL_LIST_REFUSED", reason: "repeated_cursor", limit: undefined });
  // Lone surrogates are cursors of their own, not one U+FFFD.
  let n = 0;
  assert.deepEqual(await core.listTools(client(() => (n++ < 2 ? { tools: [], nextCursor: n === 1 ? "\uD800" : "\uDC00" } : { tools: [] }))), []);
  let page = 0;
  assert.deepEqual(await refused(() => ({ tools: [], nextCursor: String(page++) })), { name: "Error", code: "TOOL_LIST_REFUSED", reason: "too_many_pages", limit: 1000 });
  assert.equal(page, 1000);
  const many = { length: 2 ** 20 + 1, [Symbol.iterator]: () => assert.fail("no tool is read past the bound") };
  assert.deepEqual(await refused(() => ({ tools: many })), { name: "Error", code: "TOOL_LIST_REFUSED", reason: "too_many_tools", limit: 2 ** 20 });
  const endless = { length: Infinity, [Symbol.iterator]: () => assert.fail("no tool is read past the bound") };
  assert.deepEqual(await refused(() => ({ tools: endless })), { name: "Error", code: "TOOL_LIST_REFUSED", reason: "too_many_tools", limit: 2 ** 20 });
  // A client that throws: its error, as it is.
  const down = new Error("down");
  await assert.rejects(core.listTools({ listTools: async () => Promise.reject(down) }), (e) => e === down);
});

test("check-tools texts fill their slots in order", () => {
  assert.equal(core.say("noStringName", "t.json", 3), "t.json: tools[3] has no string name");
  assert.equal(core.say("fits", "a/b", "a__b"), "  ok      a/b -> a__b");
  assert.equal(core.say("missingCommand"), "missing command");
});

/**
 * What js/mcp/ and js/cli.mjs throw, print or construct with text of
 * their own: messages come from Rust (`core.say`, `core.argumentError`, the
 * errors of the API) and are at most passed on. Allowed: JS-only words
 * (property and method names, SDK names), `"use strict"`, a symbol's
 * description, and the one text below.
 */
// The prefix the SDK's McpError constructor puts in front of a handler's
// message, which protectServer takes off.
const ALLOWED = ["`MCP error ${error.code}: `"];
const LITERAL = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + "`[^`]*`)";

/** `text` without its `${…}` slots (braces inside a slot balanced). */
function slotless(text) {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "$" || text[i + 1] !== "{") {
      out += text[i];
      continue;
    }
    let depth = 0;
    for (i++; i < text.length; i++) {
      if (text[i] === "{") depth++;
      else if (text[i] === "}" && --depth === 0) break;
    }
    out += " ";
  }
  return out;
}

/** The literal texts in `code` (JS source) that would be messages of its own. */
export function ownTexts(code) {
  const bare = code
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/ \/\/ .*$/gm, "")
    .replace(/"use strict"/g, "")
    .replace(new RegExp(String.raw`Symbol\(${LITERAL}\)`, "g"), "Symbol()"); // a symbol's description: for debuggers only
  const found = [];
  const words = (text) => slotless(text).split(/\s+/).filter((w) => /[A-Za-z]{2}/.test(w)).length;
  // An error constructed or thrown with literal text, a class of its own extending Error.
  for (const m of bare.matchAll(new RegExp(String.raw`(?:new\s+\w*(?:Error|Unlisted)\s*\(|throw\s+)\s*${LITERAL}`, "g"))) found.push(m[0]);
  for (const m of bare.matchAll(/class\s+\w+\s+extends\s+\w*Error\b/g)) found.push(m[0]);
  // Any literal that reads as prose (two words or more), or a template with a word outside its slots.
  for (const m of bare.matchAll(new RegExp(LITERAL, "g"))) {
    const text = m[1].slice(1, -1);
    if (words(text) >= 2 || (m[1][0] === "`" && words(text) >= 1)) found.push(m[1]);
  }
  return [...new Set(found)].filter((text) => !ALLOWED.includes(text));
}

test("neither js/mcp/ nor cli.mjs spells a message", () => {
  const mcp = readdirSync(new URL("../js/mcp/", import.meta.url)).map((f) => `js/mcp/${f}`);
  assert.ok(mcp.length > 3, "js/mcp/ has its parts");
  for (const file of [...mcp, "js/cli.mjs", "js/api/mcp-core.js"]) assert.deepEqual(ownTexts(source(file)), [], `${file} spells these itself`);
});

test("the check finds the messages mcp.js and cli.mjs spelled before", () => {
  // Their lines as committed in js-tests/fixtures/ (from commit efb9aca),
  // not read from git history: a shallow clone has none, and the check
  // must run (and be able to fail) on every checkout.
  const before = (file) => readFileSync(new URL(`fixtures/${file}.txt`, import.meta.url), "utf8");
  const old = { mcp: before("mcp-before.js"), cli: before("cli-before.mjs") };
  const mcp = ownTexts(old.mcp).join("\n");
  for (const text of ["protectServer: expected an McpServer", "recipientSchema: expected the z", "ToolRouter.callTool: the arguments", "tools/list ${what}", "ToolRouter.addServer: a server name"]) {
    assert.ok(mcp.includes(text), text);
  }
  const cli = ownTexts(old.cli).join("\n");
  for (const text of ["missing command", "unknown option", "--prefix needs a value", "has no string name", "class Unlisted extends Error", "collision: "]) assert.ok(cli.includes(text), text);
});
