// Type checks of the public .d.ts (run by `tsc -p js-tests/types` in make test).
// Correct use must compile; each `@ts-expect-error` marks a misuse that must
// NOT compile: if it ever did, tsc reports the directive as unused and fails.
import init, {
  validateRecipient,
  RecipientValidator,
  toLlmFacingName,
  tryReverseToCanonical,
  ToolRegistry,
  ToolNameError,
  type RecipientResult,
  type RecipientError,
  type RecipientReason,
  type ToolNameReason,
  ErrorClassifier,
  type ErrorData,
  planDelivery,
  readState,
  markRead,
  unreadCount,
  listUnread,
  type MessageRecord,
  type ReadState,
  type ArgumentError,
  type SizeError,
} from "mcp-boundary";
import * as valibot from "valibot";
import { type as arktype } from "arktype";

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
new RecipientValidator({ identityPattern: /^@neo-/i }).free(); // a JS RegExp, with its JS meaning

// Tool names.
const alias: string = toLlmFacingName("github/create_issue", { profile: "openai", overflow: "hash" });
const custom: string = toLlmFacingName("a/b", { profile: { maxLength: 40, allowed: "[a-z_]", firstChar: "[a-z]" } });
const back: string | null = tryReverseToCanonical(alias);
const registry = new ToolRegistry({ profile: "gemini" });
const aliases: string[] = registry.registerServer("github", ["create_issue"]);
const limit: number | undefined = registry.lookupOverride({ github: 5 }, "github__create_issue");
const request = { tools: [{ name: "github/create_issue" }] };
const outbound: { tools: { name: string }[] } = registry.toProvider(request, "anthropic");
try {
  registry.register("a//b");
} catch (e) {
  if (e instanceof ToolNameError) {
    const reason: ToolNameReason = e.reason;
    const code: "UNREPRESENTABLE_TOOL_NAME" | "TOOL_NAME_COLLISION" = e.code;
    void reason, code, e.position;
  }
}
void custom, back, aliases, limit, outbound;

// Error data.
const classifier = new ErrorClassifier({ tools: { list_bounties: ["limit"] }, fieldMessages: ["must be at most 100"] });
const seedLayout = new ErrorClassifier({ tools: ["list_bounties"], fields: ["limit"], fieldlessMessages: ["unknown tool"] });
const data: ErrorData | null = classifier.classify("list_bounties", new Error("limit must be at most 100"));
if (data !== null) {
  const field: string | null = data.field;
  void field;
}
const envelope = seedLayout.invalidArgumentsResponse(7, "list_bounties", "unknown tool");
const code: -32602 = envelope.error.code;
const suggestions: string[] = classifier.unknownToolResponse("1", "list").error.data.suggestions;
const isError: true = classifier.toolErrorResult("list_bounties", "x").isError;
// Hints as a JSON Schema declares them (type and const too), and Standard Schema issues (Valibot, ArkType).
const hinted = new ErrorClassifier({ tools: { send: ["urgent", "mode"] }, hints: { send: { urgent: { type: "boolean" }, mode: { const: "fast" } } } });
const failed = await valibot.object({ urgent: valibot.boolean() })["~standard"].validate({});
if (failed.issues) void hinted.classifyIssues("send", failed.issues, {});
const arkFailed = await arktype({ urgent: "boolean" })["~standard"].validate({});
if (arkFailed.issues) void hinted.toolErrorResult("send", { issues: arkFailed.issues }, {});
void code, suggestions, isError;

// Delivery.
const plan = planDelivery({ to: "AGENT:*", sender: "@a", agents: ["@b", { id: "@c", accountType: "agent" }] });
if (plan.ok) {
  const recipients: string[] = plan.recipients;
  void recipients;
}
const stored: MessageRecord = { id: 1, from: "@a", to: "AGENT:*", readAt: null, receipts: [{ recipient: "@b", readAt: null }] };
const st: ReadState = readState(stored, "@b");
const mark = markRead(stored, "@b", new Date());
if (mark.ok) {
  const target: "receipt" | "message" = mark.target;
  void target;
}
const unreadMessages: MessageRecord[] = listUnread([stored], "@b");
const count: number = unreadCount([stored], "@b");
void st, unreadMessages, count;

// --- misuse: each of these must fail to type-check ---

// @ts-expect-error readAt is only known after checking ok
void markRead(stored, "@b", Date.now()).readAt;

// @ts-expect-error not a read state
const notAState: ReadState = "seen";
void notAState;

// @ts-expect-error a record needs to
readState({ from: "@a" }, "@b");

// @ts-expect-error classify may return null
void classifier.classify("t", "m").field;

// @ts-expect-error a catalog needs tools
new ErrorClassifier({ fieldMessages: [] });

// @ts-expect-error unknown profile name
toLlmFacingName("a/b", { profile: "openia" });

// @ts-expect-error unknown overflow mode
new ToolRegistry({ overflow: "truncate" });

// @ts-expect-error unknown payload format
registry.toProvider(request, "claude");

// @ts-expect-error a possibly-null result used as a string
const notNull: string = tryReverseToCanonical("a__b");
void notNull;

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

// @ts-expect-error identityPattern is a string or a RegExp
new RecipientValidator({ identityPattern: 5 });

// @ts-expect-error validateMany takes an array
v.validateMany("@neo-gpt");

if (!r.ok) {
  // @ts-expect-error not one of the reasons
  const bad: RecipientReason = "typo";
  void bad;
  // @ts-expect-error position exists only for invalid_characters
  void (r.error.reason === "empty" && r.error.position);
}

// Argument errors: the reasons a caller can switch on.
function describe(e: ArgumentError | SizeError): string {
  switch (e.reason) {
    case "too_large":
      return `at most ${e.limit}`;
    case "freed":
    case "wrong_receiver":
    case "unreadable":
    case "wrong_type":
      return e.reason;
  }
}
void describe;
// @ts-expect-error: not a reason of an argument error
const notAReason: ArgumentError["reason"] = "too_long";
void notAReason;

// Streams of parsed events.
async function relay(events: AsyncIterable<{ type: string }>) {
  const r = new ToolRegistry();
  for await (const event of r.fromProviderStream(events, "anthropic")) void event.type;
  const tool: string | null = r.toolForCallId("toolu_1");
  const suggestions: string[] = r.unknownToolResponse(1, "github__create_isue").error.data.suggestions;
  // @ts-expect-error an unknown tool's answer has no classified field
  void r.unknownToolResponse(1, "x").error.data.field;
  void [tool, suggestions];
}
void relay;
// A text/event-stream proxied byte for byte, as a fetch body is.
function proxy(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return body.pipeThrough(new ToolRegistry().fromProviderSse("openai-chat"));
}
void proxy;
// @ts-expect-error: not a payload format
new ToolRegistry().fromProviderSse("openai");

// mcp-boundary/inline: the same API, ready at import.
import { validateRecipient as validateInline, ToolRegistry as InlineRegistry } from "mcp-boundary/inline";
const inlineResult: RecipientResult = validateInline("@neo-gpt");
void inlineResult;
void new InlineRegistry().toLlmFacing("a/b");

// recipientStandardSchema: a Standard Schema with its JSON Schema.
import { recipientStandardSchema, type JsonSchemaTarget } from "mcp-boundary";
const standardTo = recipientStandardSchema({ knownAgents: ["@neo-gpt"] });
const checked = standardTo["~standard"].validate("@neo-gpt");
const acceptedTo: string | undefined = checked.issues === undefined ? checked.value : undefined;
const target: JsonSchemaTarget = "draft-2020-12";
const toSchema: string = standardTo["~standard"].jsonSchema.input({ target }).pattern;
void acceptedTo;
void toSchema;

// The unions written from Rust's lists, by their names.
import { type MarkTarget, type Overflow, type ToolNameErrorCode, ToolNameError as NameError } from "mcp-boundary";
const overflow: Overflow = "hash";
void toLlmFacingName("a/b", { overflow });
// @ts-expect-error: not an overflow mode
const noOverflow: Overflow = "truncate";
void noOverflow;
const marked = markRead({ to: "@b" }, "@b", new Date());
const markTarget: MarkTarget | undefined = marked.ok ? marked.target : undefined;
void markTarget;
try {
  toLlmFacingName("");
} catch (e) {
  if (e instanceof NameError) {
    const code: ToolNameErrorCode = e.code;
    void code;
  }
}
