// Type checks of the public .d.ts (run by `tsc -p js-tests/types` in make test).
// Correct use must compile; each `@ts-expect-error` marks a misuse that must
// NOT compile: if it ever did, tsc reports the directive as unused and fails.
import init, { validateRecipient, RecipientValidator, type RecipientResult, type RecipientError, type RecipientReason } from "mcp-boundary";

await init();

const r: RecipientResult = validateRecipient("@neo-gpt");
if (r.ok) {
  if (r.recipient.kind === "identity") {
    const id: string = r.recipient.id;
    void id;
  }
} else {
  const e: RecipientError = r.error;
  const code: "INVALID_RECIPIENT_SHAPE" | "UNKNOWN_RECIPIENT" = e.code;
  const reason: RecipientReason = e.reason;
  if (e.code === "INVALID_RECIPIENT_SHAPE" && e.reason === "invalid_characters") {
    const position: number = e.position;
    void position;
  }
  if (e.code === "UNKNOWN_RECIPIENT") {
    const r2: "unknown_agent" | "pattern_mismatch" = e.reason;
    void r2;
  }
  const shapes: readonly [string, string] = e.valid_shapes;
  void code, reason, shapes, e.suggestions?.length;
}

// Any value may be validated at runtime (a tool's raw arguments are unknown).
const raw: unknown = JSON.parse("42");
validateRecipient(raw);

const v = new RecipientValidator({ knownAgents: ["@neo-gpt"], strict: true, identityPattern: "^@neo-.+$", maxIdentifierLength: 64 });
const many: RecipientResult[] = v.validateMany(["@a", "AGENT:*", 3]);
void many;
v.free();

// --- misuse: each of these must fail to type-check ---

// @ts-expect-error reading `recipient` without checking `ok`
void validateRecipient("@x").recipient;

// @ts-expect-error reading `error` without checking `ok`
void validateRecipient("@x").error;

if (r.ok) {
  // @ts-expect-error a broadcast has no id
  void (r.recipient.kind === "broadcast" && r.recipient.id);
}

// @ts-expect-error wrong option type
validateRecipient("@x", { strict: "yes" });

// @ts-expect-error knownAgents is a list, not a string
new RecipientValidator({ knownAgents: "@neo-gpt" });

// @ts-expect-error misspelled option
new RecipientValidator({ knownagents: ["@neo-gpt"] });

// @ts-expect-error validateMany takes an array
v.validateMany("@neo-gpt");

if (!r.ok) {
  // @ts-expect-error not one of the reasons
  const bad: RecipientReason = "typo";
  void bad;
  // @ts-expect-error position exists only for invalid_characters
  void (r.error.reason === "empty" && r.error.position);
}
