// The accept check generated from Rust's rule (js/generated/shapes.js,
// used by a validator without layer 2) answers exactly what Rust answers:
// each input beside a validator whose identity pattern accepts every
// identifier, which sends every input to Rust (layer 2 present) and gives
// the same verdicts by the SPEC. The oracle is Rust's own path.
import { test } from "node:test";
import assert from "node:assert/strict";
import { validateRecipient, RecipientValidator } from "mcp-boundary";

/** Inputs around each edge of the two shapes, and seeded random ones. */
function inputs(maxLen) {
  const out = ["", "@", "@@", "@@a", "AGENT:*", "AGENT:* ", " AGENT:*", "agent:*", "AGENT:**", "AGENT:", "@a", "@-", "@_", "@a b", "@a\u0000", "@\uD800", "@é", "@ａ"];
  for (let c = 0; c < 0x180; c++) out.push(`@${String.fromCharCode(c)}`, `@a${String.fromCharCode(c)}`, String.fromCharCode(c));
  for (const n of [maxLen - 1, maxLen, maxLen + 1, maxLen + 2]) if (n >= 0) out.push(`@${"a".repeat(n)}`, `@${"a".repeat(Math.max(0, n - 1))}!`);
  let seed = 41;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0);
  const alphabet = "abcXYZ019_-@:*.! \u00e9\u4e00\uD83D";
  for (let k = 0; k < 3000; k++) {
    const len = next() % 12;
    let s = next() % 3 === 0 ? "" : "@";
    for (let i = 0; i < len; i++) s += alphabet[next() % alphabet.length];
    out.push(s);
  }
  return out;
}

for (const maxLen of [undefined, 3]) {
  test(`the generated accept check answers as Rust does (maxIdentifierLength ${maxLen ?? "default"})`, () => {
    const options = maxLen === undefined ? {} : { maxIdentifierLength: maxLen };
    const fast = new RecipientValidator(options);
    const rust = new RecipientValidator({ ...options, identityPattern: ".*" });
    let accepted = 0;
    for (const s of inputs(maxLen ?? 128)) {
      const expected = rust.validate(s);
      assert.deepEqual(fast.validate(s), expected, JSON.stringify(s));
      assert.deepEqual(fast.validateMany([s, s]), [expected, expected], JSON.stringify(s));
      assert.equal(fast.rejectionResult(s) === null, expected.ok, JSON.stringify(s));
      if (maxLen === undefined) assert.deepEqual(validateRecipient(s), expected, JSON.stringify(s));
      if (expected.ok) accepted++;
    }
    assert.ok(accepted > 100, `the inputs reach the accept path (${accepted})`);
  });
}
