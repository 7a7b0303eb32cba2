// Where JS builds a result itself from Rust's answers (a hot path, where an
// object literal is far cheaper than JSON text from Rust), the result is
// the one Rust builds on its own paths: the same keys in the same order and
// the same values. The recipient rejection is held to Rust's serialization
// by the vectors and js/generated/rejections.js by generated.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ErrorClassifier } from "mcp-boundary";

const catalog = { tools: { t: ["a"] }, fieldMessages: ["must be text"], fieldlessMessages: ["x"], hints: { t: { a: { enum: ["p", "q"] } } } };

test("classify's data is the data of Rust's JSON-RPC envelope", () => {
  const c = new ErrorClassifier(catalog);
  for (const [tool, message] of [["t", "x"], ["t", "must be text"], ["nope", "x"], ["t", "a: must be text"]]) {
    const data = c.classify(tool, message);
    const envelope = c.invalidArgumentsResponse(1, tool, message).error.data ?? null;
    assert.equal(JSON.stringify(data), JSON.stringify(envelope), `${tool} ${message}`);
  }
});

test("classifyIssues' data is the data of Rust's tool error result", () => {
  const c = new ErrorClassifier(catalog);
  for (const issues of [[{ code: "invalid_type", path: ["a"], message: "m" }], [{ code: "unrecognized_keys", path: [], keys: ["b"] }], [{ code: "invalid_enum_value", path: ["a"] }]]) {
    const [data] = c.classifyIssues("t", issues);
    const result = c.toolErrorResult("t", { issues });
    assert.equal(JSON.stringify(data), JSON.stringify(result.structuredContent.error));
  }
});
