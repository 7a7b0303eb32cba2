// The shared protection-policy vectors (tests/data/protect.json): what a
// protected server answers for each failure (SPEC §6.1), through the
// package's policy (the internal `__mcp().protection`, over Rust's
// Protection), as protectServer asks it: the options as protectServer takes
// them (JS's `handlerErrors` for the file's `handler_errors`), the catalog
// from the tools as listed, and each failure as the integration recognizes
// it. The same file runs natively (tests/protect.rs) and in Python.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import * as esm from "mcp-boundary";

const require = createRequire(import.meta.url);
const cjs = require("mcp-boundary");
const vectors = JSON.parse(readFileSync(new URL("../tests/data/protect.json", import.meta.url), "utf8"));

/** The file's options (Rust's keys) as protectServer's (JS's). */
function jsOptions(options) {
  const spelled = { messages: "messages", handler_errors: "handlerErrors" };
  return Object.fromEntries(Object.entries(options).map(([k, v]) => {
    assert.ok(Object.hasOwn(spelled, k), `an option the runner does not know: ${k}`);
    return [spelled[k], v];
  }));
}

/** The decision for one failure of the file. */
function answer(api, protection, failure) {
  switch (failure.kind) {
    case "invalid_arguments":
      return protection.invalidArguments(failure.tool, failure.issues, failure.input);
    case "recipient_rejected":
      return protection.recipientRejected(failure.tool, failure.to, new api.RecipientValidator());
    case "unknown_tool":
      return protection.unknownTool(failure.name);
    case "handler_error":
      return protection.handlerError(failure.tool, failure.message);
    case "forwarded_error":
      return protection.forwardedError(failure.tool, failure.message);
    case "invalid_output":
      return protection.invalidOutput(failure.tool);
    case "own_error_result":
      return protection.ownErrorResult(failure.tool);
    case "failed":
      return protection.failed(failure.tool);
    default:
      assert.fail(`a failure kind the runner does not know: ${failure.kind}`);
  }
}

/** Whether `got` is the answer `expect` describes: the whole decision, or for a recipient's rejection its parts (the file's `about`). */
function check(got, expect, name) {
  if (expect.rejection === undefined) return assert.deepStrictEqual(got, expect, name);
  assert.equal(got.kind, expect.kind, name);
  assert.equal(got.result.isError, true, name);
  const text = JSON.parse(got.result.content[0].text);
  const structured = got.result.structuredContent;
  assert.equal(structured !== undefined, expect.structured === true, `${name}: structuredContent`);
  for (const [key, value] of Object.entries(expect.rejection)) {
    assert.deepStrictEqual(text[key], value, `${name}: ${key}`);
    if (structured !== undefined) assert.deepStrictEqual(structured.error[key], value, `${name}: ${key}`);
  }
}

for (const [label, api] of [["import", esm], ["require", cjs]]) {
  const core = api.__mcp();

  test(`${label}: each failure gets the answer the vectors say, and none carries its input`, () => {
    let cases = 0;
    for (const server of vectors.servers) {
      const protection = core.protection(jsOptions(server.options));
      protection.catalog(server.tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema ?? undefined, outputSchema: t.outputSchema })));
      for (const c of server.cases) {
        const got = answer(api, protection, c.failure);
        check(got, c.answer, `${server.name}: ${c.name}`);
        const text = JSON.stringify(got);
        assert.ok(!text.includes("SECRET") && !text.includes("IGNORE"), `${c.name}: ${text}`);
        cases++;
      }
      protection.free();
    }
    assert.ok(cases > 40, `only ${cases} cases`);
  });

  test(`${label}: options that cannot work are refused with the same code and reason`, () => {
    for (const c of vectors.options_errors) {
      assert.throws(() => core.protection(jsOptions(c.options)), (e) => e.code === c.error.code && e.reason === c.error.reason, JSON.stringify(c.options));
    }
  });
}
