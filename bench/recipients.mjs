// Recipient validation beside a plain-JS equivalent: `make bench`.
import { validateRecipient, RecipientValidator } from "mcp-boundary";
import { compare, report } from "./harness.mjs";

// ---- the plain-JS equivalent: a regex plus the same result objects ----
const SHAPE = /^(?:AGENT:\*|@[A-Za-z0-9_-]{1,128})$/;
const VALID_SHAPES = [
  "AGENT:*  (literal broadcast — note the asterisk is required)",
  "@<identifier>  (e.g., @neo-gpt; the @ prefix is mandatory)",
];
function plainReason(to) {
  if (typeof to !== "string") return "not_a_string";
  if (to === "" || to === "@") return "empty";
  const t = to.trim();
  if (t !== to && SHAPE.test(t)) return "surrounding_whitespace";
  if (to.includes("*")) return "wrong_broadcast_literal";
  if (/^agent:/i.test(to)) return "agent_prefix_with_name";
  if (SHAPE.test("@" + to)) return "missing_at_prefix";
  if (/^@[A-Za-z0-9_-]+$/.test(to)) return "too_long";
  return "invalid_characters";
}
// The teaching hint per reason, written out as a host would.
const HINTS = {
  not_a_string: "Give a string: 'AGENT:*' to broadcast, or '@' followed by the agent's identifier (e.g. '@neo-gpt').",
  empty: "Give a string: 'AGENT:*' to broadcast, or '@' followed by the agent's identifier (e.g. '@neo-gpt').",
  surrounding_whitespace: "It has leading or trailing white space; recipients are compared byte for byte and nothing is trimmed for you. Send it again without the white space.",
  wrong_broadcast_literal: "To broadcast, send exactly 'AGENT:*': uppercase AGENT, a colon, an asterisk, nothing else.",
  agent_prefix_with_name: "'AGENT:' only forms the broadcast literal 'AGENT:*'; to reach one agent use '@' followed by its identifier (e.g. '@neo-gpt').",
  missing_at_prefix: "A direct recipient needs the '@' prefix: '@<identifier>' (e.g. '@neo-gpt').",
  too_long: "The identifier after '@' is longer than this deployment allows.",
  invalid_characters: "An identifier is '@' followed only by A-Z, a-z, 0-9, '_' and '-'; the character at 'position' (a UTF-16 index) is not allowed there.",
};
function plainValidate(to) {
  if (typeof to === "string" && SHAPE.test(to)) {
    return to === "AGENT:*"
      ? { ok: true, recipient: { kind: "broadcast" } }
      : { ok: true, recipient: { kind: "identity", id: to.slice(1) } };
  }
  const reason = plainReason(to);
  // The rendition escapes invisible characters, as ours does.
  const shown = typeof to === "string" ? to.slice(0, 64).replace(/[\u0000-\u001f\u007f-\u00a0\u200b-\u200f\u2028-\u202e\ufeff]/g, (c) => `\\u{${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}}`) : typeof to;
  const message = `Recipient '${shown}' does not match either valid shape. ${HINTS[reason]}`;
  const error = { error: "Invalid recipient shape", code: "INVALID_RECIPIENT_SHAPE", to: shown, valid_shapes: VALID_SHAPES, message, reason };
  if (reason === "invalid_characters") {
    error.position = to[0] !== "@" ? 0 : 1 + to.slice(1).search(/[^A-Za-z0-9_-]/);
    error.message += ` (position ${error.position})`;
  } else if (reason === "too_long") {
    error.limit = 128;
    error.message += " The limit is 128 characters.";
  }
  return { ok: false, error };
}

// ---- inputs ----
const accept = ["@neo-gpt", "@trinity-gemini", "AGENT:*", "@morpheus_2"];
const reject = ["AGENT:gpt", "neo-gpt", "@neo gpt", " @neo-gpt"];
const mixed = Array.from({ length: 10_000 }, (_, i) => (i % 10 === 9 ? reject[i % 4] : accept[i % 4]));
const accepted = mixed.filter((x) => SHAPE.test(x));
const validator = new RecipientValidator();
// Distinct strings never hit the per-validator memo of accepted verdicts.
const distinct = Array.from({ length: 1 << 18 }, (_, i) => `@agent-${i.toString(36)}`);
const distinctBatch = distinct.slice(0, 10_000);
const rejectDistinct = Array.from({ length: 1 << 16 }, (_, i) => `agent-${i.toString(36)}`);

for (const x of [...accept, ...reject, ...rejectDistinct.slice(0, 100)]) {
  const a = validateRecipient(x), b = plainValidate(x);
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`bench equivalents disagree on ${x}`);
}

const rows = [
  compare("validateRecipient, accept path (repeated recipients)", (i) => +validateRecipient(accept[i & 3]).ok, (i) => +plainValidate(accept[i & 3]).ok, { target: 1.5 }),
  compare("validateRecipient, accept path, distinct strings (no memo hit)", (i) => +validateRecipient(distinct[i & 0x3ffff]).ok, (i) => +plainValidate(distinct[i & 0x3ffff]).ok, { target: 1.5 }),
  compare("validateRecipient, reject path (repeated recipients)", (i) => +validateRecipient(reject[i & 3]).ok, (i) => +plainValidate(reject[i & 3]).ok, { iterations: 50_000 }),
  compare("rejection serialized as a tool returns it, distinct strings", (i) => JSON.stringify(validateRecipient(rejectDistinct[i & 0xffff])).length, (i) => JSON.stringify(plainValidate(rejectDistinct[i & 0xffff])).length, { iterations: 50_000, target: 1.2 }),
  compare("validateRecipient, reject path, distinct strings (no memo hit)", (i) => +validateRecipient(rejectDistinct[i & 0xffff]).ok, (i) => +plainValidate(rejectDistinct[i & 0xffff]).ok, { iterations: 50_000 }),
  compare("RecipientValidator.validate, accept path (repeated)", (i) => +validator.validate(accept[i & 3]).ok, (i) => +plainValidate(accept[i & 3]).ok, { target: 1.5 }),
  compare(
    "validateMany, 10,000 accepted, repeated recipients (per item)",
    () => validator.validateMany(accepted).length,
    () => accepted.map(plainValidate).length,
    { iterations: 50, perCall: accepted.length, target: 1.0 },
  ),
  compare(
    "validateMany, 10,000 distinct accepted (per item, no memo hit)",
    () => validator.validateMany(distinctBatch).length,
    () => distinctBatch.map(plainValidate).length,
    { iterations: 30, perCall: distinctBatch.length, target: 1.0 },
  ),
  compare(
    "validateMany, 10,000 with 10 % rejected (per item)",
    () => validator.validateMany(mixed).length,
    () => mixed.map(plainValidate).length,
    { iterations: 30, perCall: mixed.length },
  ),
];
report("Recipients", rows);
