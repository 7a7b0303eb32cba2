// Regression: Node 20's V8 aborted the process ("Fatal error … unreachable
// code") when optimized code that had inlined a wasm export returning a JS
// object was lazily deoptimized, e.g. by a GC in `list.map((x) => v.validate(x))`
// after a validateMany. The binding now returns no JS values (src/js.rs).
// A crash fails this whole file, so it stands alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { RecipientValidator, validateRecipient } from "mcp-boundary";
import { rng } from "./helpers.mjs";

test("hot map over validate after validateMany survives deoptimization", () => {
  const random = rng(7);
  const pool = ["@neo-gpt", "AGENT:*", "AGENT:gpt", " @neo", "@n\u0435o", "", "@", 42, null, "@" + "x".repeat(200), "\ud800", "@a😀b"];
  const list = Array.from({ length: 10_000 }, () => pool[Math.floor(random() * pool.length)]);
  const v = new RecipientValidator({ knownAgents: ["@neo-gpt"] });
  for (let round = 0; round < 3; round++) {
    const many = v.validateMany(list);
    const mapped = list.map((x) => v.validate(x));
    assert.deepStrictEqual(many, mapped);
  }
});

test("hot loop constructing validators (options on every call) survives", () => {
  const out = [];
  for (let i = 0; i < 20_000; i++) {
    out.push(validateRecipient(i % 3 ? "@neo" : "AGENT:gpt", { knownAgents: ["@neo"], strict: i % 2 === 0 }));
    if (i % 97 === 0) {
      try {
        validateRecipient("@neo", { strict: true });
      } catch (e) {
        out.push(e.code);
      }
    }
  }
  assert.equal(out.filter((r) => r === "INVALID_OPTIONS").length, 207);
});
