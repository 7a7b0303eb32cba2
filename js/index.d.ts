// Public types of the mcp-boundary npm package (hand-written: the generated
// wasm-bindgen types say `any`). Every result is plain data; discriminate on
// `ok`, `code` and `reason`. The literal unions of names (reasons, codes,
// formats, profiles, states: the ones js/build/unions.mjs lists) are written
// by `make pkg` from Rust's lists: change the Rust enum, not the union.

/** The reasons of an `INVALID_RECIPIENT_SHAPE` rejection, in the order they are tried. */
export type RecipientShapeReason =
  | "not_a_string"
  | "empty"
  | "surrounding_whitespace"
  | "wrong_broadcast_literal"
  | "agent_prefix_with_name"
  | "missing_at_prefix"
  | "too_long"
  | "invalid_characters";

/** The reasons of an `UNKNOWN_RECIPIENT` rejection (layer 2). */
export type UnknownRecipientReason = "unknown_agent" | "pattern_mismatch";

/** Every recipient rejection reason. */
export type RecipientReason = RecipientShapeReason | UnknownRecipientReason;

/** Every recipient rejection code. */
export type RecipientErrorCode = RecipientError["code"];

/** The two valid shapes, exactly as every rejection lists them. */
export type ValidShapes = readonly [
  "AGENT:*  (literal broadcast — note the asterisk is required)",
  "@<identifier>  (e.g., @neo-gpt; the @ prefix is mandatory)",
];

interface RecipientErrorBase {
  /** A safe rendition of the input: ≤ 64 characters then `…`, invisible characters as `\u{XXXX}`; for a non-string, its type name. */
  to: string;
  valid_shapes: ValidShapes;
  /** A teaching message; quotes `to` only in its safe rendition. */
  message: string;
  /** Up to 3 entries of `knownAgents`, nearest first; present only when `knownAgents` is configured. */
  suggestions?: string[];
}

/** A rejection by the shape rules (layer 1). */
export type RecipientShapeError = RecipientErrorBase & { error: "Invalid recipient shape"; code: "INVALID_RECIPIENT_SHAPE" } & (
    | { reason: "invalid_characters"; /** UTF-16 index of the first character that breaks the shape. */ position: number }
    | { reason: "too_long"; /** The configured `maxIdentifierLength`. */ limit: number }
    | { reason: Exclude<RecipientShapeReason, "invalid_characters" | "too_long"> }
  );

/** A rejection by the deployment's known agents or identity pattern (layer 2). */
export type UnknownRecipientError = RecipientErrorBase & {
  error: "Unknown recipient";
  code: "UNKNOWN_RECIPIENT";
  reason: UnknownRecipientReason;
};

/** The structured error an `add_message` tool returns for a bad `to`. */
export type RecipientError = RecipientShapeError | UnknownRecipientError;

/** A valid recipient. */
export type Recipient = { kind: "broadcast" } | { kind: "identity"; /** The identifier without its `@`. */ id: string };

/** The result of validating one recipient. */
export type RecipientResult = { ok: true; recipient: Recipient } | { ok: false; error: RecipientError };

/** Recipient options; all off by default (layer 1 only). */
export interface RecipientOptions {
  /** The deployment's agents (`@<identifier>` each). Enables `suggestions`; with `strict`, others are rejected. */
  knownAgents?: readonly string[];
  /** Reject shape-valid identities that are not in `knownAgents` (`UNKNOWN_RECIPIENT`). Needs `knownAgents`. */
  strict?: boolean;
  /** Rejections carry `suggestions` drawn from `knownAgents` (default `true`); `false` keeps the agents' names from the caller (no suggestions, none in the JSON Schema's description). */
  suggest?: boolean;
  /**
   * A regex (regex-lite syntax) the whole identity, `@` included, must match, e.g. `"^@neo-[a-z0-9-]+$"`;
   * or a JS `RegExp`, which an identity passes as `RegExp#test` would (e.g. `/^@neo-/i`).
   */
  identityPattern?: string | RegExp;
  /** The longest identifier after `@`: 1 to 4096, default 128. */
  maxIdentifierLength?: number;
}

/** The reasons of an `INVALID_OPTIONS` error. */
export type OptionsErrorReason = "wrong_type" | "invalid_value" | "out_of_range" | "unknown_option" | "invalid_pattern";

/** Thrown (as a `TypeError`) for options that cannot work. */
export interface OptionsError extends TypeError {
  name: "TypeError";
  code: "INVALID_OPTIONS";
  reason: OptionsErrorReason;
  /** The option at fault, e.g. `"knownAgents[2]"`. */
  option: string;
}

/**
 * Thrown when an argument cannot be used: `wrong_type` (not the kind of value
 * expected), `unreadable` (a getter or Proxy trap threw while it was read),
 * `freed` (a method of an object whose `free()` was called, `free()` again
 * included), `wrong_receiver` (a method called on something that is not an
 * instance of its class). A `TypeError`.
 */
export interface ArgumentError extends TypeError {
  name: "TypeError";
  code: "INVALID_ARGUMENT";
  reason: "wrong_type" | "unreadable" | "freed" | "wrong_receiver";
}

/**
 * Thrown (as a `RangeError`) before anything is read or allocated for a call
 * whose strings are more than `limit` (2^28) UTF-16 code units in all, or
 * for an array longer than `limit` (2^20) elements that the call would read
 * element by element (recipients, tool names, tools, messages, issues,
 * agents, each array a payload rewrite walks): a sparse array can claim
 * 2^32 - 1 elements while holding none.
 */
export interface SizeError extends RangeError {
  name: "RangeError";
  code: "INVALID_ARGUMENT";
  reason: "too_large";
  limit: number;
}

/**
 * Validates an `add_message` recipient. Accepts any value: a non-string is a
 * rejection with reason `not_a_string`, never a throw.
 * @throws {OptionsError} when `options` cannot work.
 */
export function validateRecipient(to: unknown, options?: RecipientOptions): RecipientResult;

/** A recipient validator whose options are parsed once. */
export class RecipientValidator {
  /** @throws {OptionsError} when `options` cannot work. */
  constructor(options?: RecipientOptions);
  /** Validates one recipient; never throws. */
  validate(to: unknown): RecipientResult;
  /**
   * Validates many recipients in one call across the wasm boundary.
   * @throws {ArgumentError} when `list` is not an array.
   * @throws {SizeError} for a list longer than 2^20.
   */
  validateMany(list: readonly unknown[]): RecipientResult[];
  /** `null` when `to` is accepted; else the MCP `CallToolResult` (isError) a tool returns for its rejection. */
  rejectionResult(to: unknown): RejectionResult | null;
  /** Frees the wasm memory now (optional: it is freed when garbage-collected). */
  free(): void;
}

// ---- Tool names ----

/** The built-in profiles: `anthropic` (default), `openai`, `gemini`, `bedrock`, `mcp`, `portable`. */
/** A rejected recipient as a tool's result: the rejection as JSON text and as `structuredContent.error`. */
export type RejectionResult = {
  content: [{ type: "text"; text: string }];
  structuredContent: { error: RecipientError };
  isError: true;
};

/** A JSON Schema fragment for a recipient argument: what `tools/list` shows the model. */
export interface RecipientJsonSchema {
  type: "string";
  /** Anchored: accepts exactly `AGENT:*` and `@<identifier>` (layer 1, with `maxIdentifierLength`). */
  pattern: string;
  /** Both valid shapes in words (and the known agents, when `strict`). */
  description: string;
}

/**
 * The JSON Schema fragment of a recipient argument under `options`, for a
 * tool's `inputSchema`: the model sees both valid shapes before it calls.
 * @throws {OptionsError} when `options` cannot work.
 */
export function recipientJsonSchema(options?: RecipientOptions): RecipientJsonSchema;

/** A JSON Schema dialect that `recipientStandardSchema`'s JSON Schema is given for. */
export type JsonSchemaTarget = "draft-2020-12" | "draft-07" | "openapi-3.0";

/**
 * A Standard Schema (version 1) of a recipient, with its JSON Schema
 * (Standard JSON Schema): a tool in any validator stack can declare
 * `to: recipientStandardSchema()`.
 */
export interface RecipientStandardSchema {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "mcp-boundary";
    /** Never throws: an accepted `to` is the value; a rejection is one issue with the §1.2 message. */
    validate(value: unknown): { readonly value: string; readonly issues?: undefined } | { readonly issues: ReadonlyArray<{ readonly message: string }> };
    readonly types?: { readonly input: string; readonly output: string };
    readonly jsonSchema: {
      /** @throws {ArgumentError} for a target other than a JsonSchemaTarget. */
      input(options: { readonly target: JsonSchemaTarget | (string & {}) }): RecipientJsonSchema;
      /** @throws {ArgumentError} for a target other than a JsonSchemaTarget. */
      output(options: { readonly target: JsonSchemaTarget | (string & {}) }): RecipientJsonSchema;
    };
  };
}

/**
 * A Standard Schema that accepts exactly what `new RecipientValidator(options)`
 * accepts, with its JSON Schema (`recipientJsonSchema(options)`).
 * @throws {OptionsError} when `options` cannot work.
 */
export function recipientStandardSchema(options?: RecipientOptions): RecipientStandardSchema;

/** The built-in tool-name profiles. */
export type BuiltinProfileName = "anthropic" | "openai" | "gemini" | "bedrock" | "mcp" | "portable";

/** A custom name rule; `allowed` and `firstChar` are single regex character classes such as `"[A-Za-z0-9_-]"`. */
export interface CustomProfile {
  /** 1 to 4096. */
  maxLength: number;
  allowed: string;
  firstChar?: string;
}

/** Options of `toLlmFacingName` and `ToolRegistry`. */
export interface ToolNameOptions {
  profile?: BuiltinProfileName | CustomProfile;
  /** `"error"` (default) refuses unrepresentable names; `"hash"` gives `prefix_xxxxxxxx` within the limit. */
  overflow?: Overflow;
}

/** What a name that does not fit its profile becomes (`ToolNameOptions.overflow`). */
export type Overflow = "error" | "hash";

/** The codes of a `ToolNameError`. */
export type ToolNameErrorCode = "UNREPRESENTABLE_TOOL_NAME" | "TOOL_NAME_COLLISION";

/** The reasons of a `ToolNameError`. */
export type ToolNameReason = "empty" | "empty_segment" | "invalid_character" | "too_long" | "bad_first_character" | "collision";

/** The provider payload formats that `toProvider` and `fromProvider` rewrite. */
export type PayloadFormat = "anthropic" | "openai-chat" | "openai-responses" | "gemini" | "bedrock-converse";

/**
 * Thrown for a canonical name a profile cannot represent
 * (`UNREPRESENTABLE_TOOL_NAME`) or a registration whose alias belongs to
 * another name (`TOOL_NAME_COLLISION`). Names appear only as safe renditions.
 */
export class ToolNameError extends Error {
  name: "ToolNameError";
  code: ToolNameErrorCode;
  reason: ToolNameReason;
  /** Safe rendition of the canonical name at fault. */
  toolName: string;
  /** The profile's name, or `"custom"`. */
  profile: string;
  /** For `invalid_character`: the UTF-16 index in the canonical name. */
  position?: number;
  /** For `too_long`: the alias length and the profile's limit. */
  length?: number;
  limit?: number;
  /** For `collision`: the canonical name registered first, and the alias both map to (safe renditions). */
  existing?: string;
  alias?: string;
}

/**
 * The LLM-facing alias of a canonical `server/tool` name: `/` becomes `__`,
 * and the whole result must satisfy the profile.
 * @throws {ToolNameError} when the profile cannot represent the name (and `overflow` is not `"hash"`).
 * @throws {OptionsError} when the options cannot work.
 */
export function toLlmFacingName(canonical: string, options?: ToolNameOptions): string;

/**
 * Heuristic reverse without a registry: unchanged without `__` or with `/`;
 * otherwise the first `__` becomes `/`; `null` when it is at either end.
 */
export function tryReverseToCanonical(name: string): string | null;

/** The authoritative two-form mapping of a host's tools. */
/** A tool to declare to a provider. */
export interface ToolSpec {
  name: string;
  description?: string;
  /** The JSON Schema of its input (`{ type: "object" }` when absent). */
  inputSchema?: object;
}

/** A JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A tool's input schema as a definition carries it: the spec's `inputSchema` object itself, or `{ type: "object" }`. */
export interface ToolInputSchema {
  type: "object";
  [key: string]: JsonValue;
}

/** An Anthropic Messages tool (`tools[]`). */
export interface AnthropicToolDefinition {
  name: string;
  description?: string;
  input_schema: ToolInputSchema;
}

/** An OpenAI Chat Completions function tool (`tools[]`). */
export interface OpenAIChatToolDefinition {
  type: "function";
  function: { name: string; description?: string; parameters: ToolInputSchema };
}

/** An OpenAI Responses function tool (`tools[]`); not strict, which would make every optional field required. */
export interface OpenAIResponsesToolDefinition {
  type: "function";
  name: string;
  description?: string;
  parameters: ToolInputSchema;
  strict: false;
}

/** A Gemini function declaration (one of a tool's `functionDeclarations`), its schema as JSON Schema. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parametersJsonSchema: ToolInputSchema;
}

/** A Bedrock Converse tool (`toolConfig.tools[]`). */
export interface BedrockToolDefinition {
  toolSpec: { name: string; description?: string; inputSchema: { json: ToolInputSchema } };
}

/** The tool definition of each payload format; each is assignable to that provider SDK's own tool type. */
export interface ToolDefinitions {
  anthropic: AnthropicToolDefinition;
  "openai-chat": OpenAIChatToolDefinition;
  "openai-responses": OpenAIResponsesToolDefinition;
  gemini: GeminiFunctionDeclaration;
  "bedrock-converse": BedrockToolDefinition;
}

/**
 * Each tool as a `format` request declares it: Anthropic `{ name,
 * description, input_schema }`; OpenAI Chat `{ type: "function", function:
 * { name, description, parameters } }`; OpenAI Responses `{ type:
 * "function", name, description, parameters, strict: false }` (left out,
 * strict mode makes every optional field required); Gemini one of a tool's
 * `functionDeclarations` (`{ name, description, parametersJsonSchema }`:
 * JSON Schema as it is, which Gemini's `parameters` refuses); Bedrock
 * Converse `{ toolSpec: { name, description, inputSchema: { json } } }`.
 * An empty description is left out.
 * @throws {ArgumentError} for an unknown format or tools that are not a list of specs.
 * @throws {SizeError} for more than 2^20 tools.
 * @throws {ToolNameError} for a name the format's provider would refuse (and
 *   with it the whole request), as it is: OpenAI, Gemini and Bedrock take 64
 *   characters where Anthropic takes 128 (`reason`, `length`, `limit`).
 */
export function toolDefinitions<F extends PayloadFormat>(tools: readonly ToolSpec[], format: F): ToolDefinitions[F][];

/** Options of a `ToolRegistry`: a profile and overflow mode, and what `registerServer` does with a colliding tool. */
export interface RegistryOptions<C extends "throw" | "skip" = "throw"> extends ToolNameOptions {
  /** `"throw"` (default): refuse the whole server; `"skip"`: register the rest and report the refused ones. */
  onCollision?: C;
}

/** What `registerServer` did under `onCollision: "skip"`. */
export interface ServerReport {
  /** Per tool, in order: its alias, or `null` when it was refused. */
  aliases: (string | null)[];
  /** The tools whose alias belongs to another name. */
  refused: { canonical: string; existing: string; alias: string }[];
}

/** One registered name. */
export interface RegistryEntry {
  canonical: string;
  alias: string;
  /** Whether the alias is a hashed one, not the plain `server__tool` form. */
  hashed: boolean;
}

export class ToolRegistry<C extends "throw" | "skip" = "throw"> {
  /** @throws {OptionsError} when the options cannot work. */
  constructor(options?: RegistryOptions<C>);
  /**
   * Registers a canonical name and returns its alias (idempotent).
   * @throws {ToolNameError} `UNREPRESENTABLE_TOOL_NAME` or `TOOL_NAME_COLLISION`; nothing is overwritten.
   */
  register(canonical: string): string;
  /**
   * Registers `server/tool` for every tool name, all or nothing; returns the
   * aliases in order. With `onCollision: "skip"`, registers every tool that
   * does not collide and returns the report.
   * @throws {ToolNameError} for the first name that fails (with "skip": that cannot be mapped at all).
   * @throws {SizeError} for more than 2^20 tool names.
   */
  registerServer(server: string, toolNames: readonly string[]): C extends "skip" ? ServerReport : string[];
  /** Removes a registered name (either form); its alias can be taken again. `true` when it was registered. */
  unregister(name: string): boolean;
  /** Removes every `server/…` name; returns how many. */
  unregisterServer(server: string): number;
  /** Every registered name, in registration order. */
  entries(): RegistryEntry[];
  /**
   * The parsed stream events of `source` (an async iterable or a web
   * `ReadableStream`, as the provider SDKs yield them, or a recorded list),
   * each with aliases replaced by canonical names; the ids of the calls
   * they carry are remembered for `toolForCallId`. The events are not
   * mutated. Every way out closes the source (its `return()`; a stream read
   * through `getReader()` is cancelled): the end, an event that fails, a
   * consumer's `break`.
   *
   * # Errors
   * `TypeError` (`INVALID_ARGUMENT`) for a source such as `42` or
   * `"events"`, or a format such as `"openai"` (thrown when called), and
   * from the iteration for a source whose `next()` answers a non-object.
   */
  fromProviderStream<E>(source: AsyncIterable<E> | ReadableStream<E> | Iterable<E>, format: PayloadFormat): AsyncIterable<E>;
  /**
   * A byte `TransformStream` over a provider's `text/event-stream` (as a
   * gateway proxies it): each event's JSON data with aliases replaced by
   * canonical names in place, every other byte as it came, whatever the
   * chunk boundaries (inside an event, a line, a CRLF or a character).
   * Call ids are remembered as `fromProviderStream` remembers them. One
   * event is held at most, up to 4 MiB (a longer one passes through
   * unrewritten); chunks are copied, so a caller may reuse its buffer; a
   * binary stream (Bedrock's event stream) passes through chunk by chunk.
   *
   * # Errors
   * `TypeError` (`INVALID_ARGUMENT`) for a format such as `"openai"`, and,
   * from the stream, for a chunk that is not bytes (a string).
   */
  fromProviderSse(format: PayloadFormat): TransformStream<Uint8Array, Uint8Array>;
  /**
   * The tool of a call id seen in a stream; `null` for one not seen,
   * forgotten (the most recent 4,096 within 1 MiB are kept), or seen with
   * two different tools: an id never moves to another tool.
   */
  toolForCallId(id: string): string | null;
  /**
   * The -32602 response for a call of a tool this registry does not hold:
   * up to 3 of its aliases nearest `name` (among the first 65,536, in
   * registration order); the name itself never appears. What
   * `ToolRouter.callTool` throws for an unknown name.
   */
  unknownToolResponse(id: unknown, name: string): UnknownToolResponse;
  /** Either form in, the canonical name out; `null` for unknown names. */
  toCanonical(name: string): string | null;
  /** Either form in, the alias out; `null` for unknown names. */
  toLlmFacing(name: string): string | null;
  /** A config value keyed by either form of the name or by its server; the canonical key wins. */
  lookupOverride<V>(map: Readonly<Record<string, V>> | ReadonlyMap<string, V>, name: string): V | undefined;
  /**
   * A new outbound payload (request, response or message list) with canonical names replaced by aliases.
   * @throws {SizeError} for an array it walks (messages, content, tools, …) longer than 2^20.
   */
  toProvider<P>(payload: P, format: PayloadFormat): P;
  /** A new payload with aliases replaced by canonical names. @throws {SizeError} as `toProvider`. */
  fromProvider<P>(payload: P, format: PayloadFormat): P;
  /** Frees the wasm memory now (optional). */
  free(): void;
}

// ---- Safe error.data ----

/**
 * What the classifier may say. `tools` is either an object of tool → fields,
 * or (the seed's layout) a list of tools with one global `fields` list, where
 * every field counts for every tool, known or not. `fieldMessages` is either
 * a list of phrases for any field, or an object of field → phrases.
 */
export type ErrorCatalog = (
  | {
      tools: Readonly<Record<string, readonly string[]>>;
      fieldMessages?: readonly string[] | Readonly<Record<string, readonly string[]>>;
      fieldlessMessages?: readonly string[];
    }
  | {
      tools: readonly string[];
      fields?: readonly string[];
      fieldMessages?: readonly string[] | Readonly<Record<string, readonly string[]>>;
      fieldlessMessages?: readonly string[];
    }
) & {
  /** What each tool's JSON Schema declares per field, phrased for issues of the matching kind (`must be one of …`). */
  hints?: Readonly<Record<string, Readonly<Record<string, FieldHint>>>>;
  /**
   * Keep what the catalog can take rather than throw: a tool with an empty name, a field that is empty
   * or has a space, a hint that cannot be read are left out (phrases are still checked). For a catalog
   * read from a server's own tools.
   */
  lenient?: boolean;
  /**
   * Tools that declare an `outputSchema`: their error results carry no `structuredContent`, which a
   * client checks against that schema (error results included) and which an error never fits.
   */
  outputSchemaTools?: readonly string[];
};

/** What a JSON Schema declares about one field (other keys are ignored, so a property schema can be passed as is). */
export interface FieldHint {
  readonly enum?: readonly unknown[];
  /** The one value allowed, when there is no `enum`. */
  readonly const?: unknown;
  /** One JSON type (`"integer"`) phrases a wrong type (`must be an integer`); a list of types does not. */
  readonly type?: string | readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
}

/** Safe error data: every string is one of the catalog's or one of the library's fixed strings. */
export interface ErrorData {
  code: "invalid_argument";
  /** The tool, when it is a catalog tool. */
  tool: string | null;
  /** The field, when the message named one. */
  field: string | null;
  message: string;
}

/** A JSON-RPC request id as it may be echoed. */
export type JsonRpcId = string | number | null;

/** The -32602 response; `data` only when something classified (else byte for byte the legacy envelope). */
export interface InvalidArgumentsResponse {
  jsonrpc: "2.0";
  id: JsonRpcId;
  error: { code: -32602; message: "invalid tool arguments"; data?: ErrorData };
}

/** The -32602 response for an unknown tool, with suggestions (catalog tools, or a registry's aliases). */
export interface UnknownToolResponse {
  jsonrpc: "2.0";
  id: JsonRpcId;
  error: { code: -32602; message: "unknown tool"; data: { code: "unknown_tool"; suggestions: string[] } };
}

/**
 * An MCP CallToolResult reporting the error as a tool execution error (MCP
 * 2025-11-25). A type, not an interface, so it is assignable to the SDK's
 * `CallToolResult`.
 */
export type ToolErrorResult = {
  content: [{ type: "text"; text: string }];
  isError: true;
  /** Absent for a tool in the catalog's `outputSchemaTools`. */
  structuredContent?: { error: ErrorData };
};

/** The CallToolResult for a handler that threw: `structuredContent` only when the message classified. */
export type ToolFailureResult = {
  content: [{ type: "text"; text: string }];
  isError: true;
  structuredContent?: { error: ErrorData };
};

/**
 * A Zod issue (v3 or v4), a Standard Schema issue (Valibot's and ArkType's,
 * as their `~standard.validate` gives them: path items may be `{ key }`) or
 * an Ajv `ErrorObject`, or a pydantic error (`{ type, loc }`, an entry of a
 * Python `ValidationError.errors()` as JSON), as the validators produce them
 * (only fixed places are read; no index signature, so their own types are
 * accepted as they are).
 */
export type SchemaIssue =
  | { readonly code: string; readonly path: readonly PropertyKey[] }
  | { readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined }
  | { readonly keyword: string; readonly instancePath: string; readonly params?: object }
  | { readonly type: string; readonly loc: readonly (string | number)[] };

/** A list of schema issues, or a failed validation that carries one (a `ZodError`, v3 or v4; a Standard Schema failure result). */
export type SchemaIssues = readonly SchemaIssue[] | { readonly issues: readonly SchemaIssue[] };

/** What `classify` accepts: a message, or anything with a string `.message` (an Error). */
export type ErrorLike = string | { readonly message: string } | unknown;

/** A whitelist-only classifier of tool-argument errors. */
export class ErrorClassifier {
  /** @throws {OptionsError} naming the place of a catalog entry that cannot work. */
  constructor(catalog: ErrorCatalog);
  /** `{ code, tool, field, message }` when the message matches the catalog exactly; else null. */
  classify(tool: string, error: ErrorLike): ErrorData | null;
  invalidArgumentsResponse(id: unknown, tool: string, error: ErrorLike): InvalidArgumentsResponse;
  /** A `ZodError` (v3 or v4) gives the result of its issues; `input` as for `classifyIssues`. */
  toolErrorResult(tool: string, error: ErrorLike, input?: unknown): ToolErrorResult;
  /** For an error a tool's handler threw: classified, else `tool <name> failed`, nothing of the error's own text. */
  handlerErrorResult(tool: string, error: ErrorLike): ToolFailureResult;
  /** Suggests up to 3 catalog tools nearest `name`; the name itself never appears. */
  unknownToolResponse(id: unknown, name: string): UnknownToolResponse;
  /** Whether `tool`'s error results carry `structuredContent`: false for a tool in the catalog's `outputSchemaTools`. */
  structuredErrors(tool: string): boolean;
  /**
   * One safe datum per issue: the field when the top-level path is a field of the tool, a fixed message.
   * `input`, the arguments that failed, lets a left-out argument say `is required` where the issue
   * does not tell (Zod 4); only whether a value is present is read.
   * @throws {SizeError} for more than 2^20 issues.
   */
  classifyIssues(tool: string, issues: SchemaIssues, input?: unknown): ErrorData[];
  /** Frees the wasm memory now (optional). */
  free(): void;
}

// ---- Broadcast delivery and read state ----

/** An audience entry: an identity, or an account with its type (`human` and `sentinel` never receive broadcasts). */
export type AgentEntry = string | { id: string; accountType?: string | null };

/** Who a message goes to. */
export type DeliveryPlan =
  | { ok: true; kind: "direct"; recipients: [string] }
  | { ok: true; kind: "broadcast"; /** Sorted, de-duplicated, without the sender. */ recipients: string[] }
  | { ok: false; error: RecipientError };

/** One receipt per audience member of a broadcast. */
export interface ReceiptRecord {
  recipient: string;
  deliveredAt?: string | Date;
  /** `null` until read; an ISO-8601 UTC timestamp after (a `Date`, as database drivers give it, counts as its ISO text). */
  readAt: string | Date | null;
}

/** A message as the host stores it. A broadcast without `receipts` is legacy (one shared `readAt`). */
export interface MessageRecord {
  id?: unknown;
  from?: string | null;
  to: string;
  /** As a receipt's `readAt`. */
  readAt?: string | Date | null;
  receipts?: ReceiptRecord[] | null;
  [key: string]: unknown;
}

/** A reader's view of a message. */
export type ReadState = "unread" | "read" | "not_a_recipient";

/** What `markRead` sets: the reader's receipt, or the message itself (a direct message has no receipts). */
export type MarkTarget = "receipt" | "message";

/** The update `markRead` asks the host to store. */
export type MarkReadResult =
  | { ok: true; alreadyRead: boolean; /** Set the reader's receipt, or the message itself. */ target: MarkTarget; readAt: string }
  | { ok: false; error: { code: "NOT_A_RECIPIENT"; message: string } };

/** Why a stored record was refused (`MalformedRecord::REASONS`). */
export type MalformedRecordReason =
  | "not_a_record"
  | "to"
  | "from"
  | "read_at"
  | "receipts"
  | "receipts_on_direct"
  | "recipient"
  | "duplicate_receipt";
/** Thrown for a record that breaks the rules; names the place, never the content. */
export interface MalformedRecordError extends Error {
  name: "MalformedRecordError";
  code: "MALFORMED_RECORD";
  reason: MalformedRecordReason;
  /** E.g. `"messages[3].receipts[1]"`. */
  place: string;
}

/**
 * Validates `to` and names the recipients: the direct one, or the
 * broadcast audience as it stands now (the agents `options` accept as
 * recipients, without the sender, human and sentinel accounts).
 * @throws {ArgumentError} for arguments of the wrong type.
 * @throws {SizeError} for more than 2^20 agents.
 */
export function planDelivery(
  message: { to: unknown; sender?: string | null; agents?: readonly AgentEntry[] },
  options?: RecipientOptions,
): DeliveryPlan;

/** @throws {MalformedRecordError} */
export function readState(message: MessageRecord, reader: string): ReadState;

/**
 * The update for the host to store; the first read wins.
 * @param now an ISO-8601 UTC timestamp, a `Date`, or epoch milliseconds.
 * @throws {MalformedRecordError}
 */
export function markRead(message: MessageRecord, reader: string, now: string | Date | number): MarkReadResult;

/** @throws {MalformedRecordError} @throws {SizeError} for more than 2^20 messages. */
export function unreadCount(messages: readonly MessageRecord[], reader: string): number;

/** The unread records themselves (not copies), in order. @throws {MalformedRecordError} @throws {SizeError} for more than 2^20 messages. */
export function listUnread<M extends MessageRecord>(messages: readonly M[], reader: string): M[];

/** What `init` accepts: a URL or path of the `.wasm`, its bytes, a `Response`, or a compiled module. */
export type InitInput = string | URL | Request | Response | BufferSource | WebAssembly.Module;

/**
 * Loads the wasm module. Required once, awaited, before any other call in
 * the web build (browsers, bundlers). Optional in Node, where the module is
 * loaded on the first call that needs it (and its input is ignored): call
 * it to load it now, or to meet a load error at start.
 */
export default function init(input?: InitInput | Promise<InitInput>): Promise<void>;
/** Synchronous `init` from the `.wasm` bytes or a compiled module (in Node, loads the package's own now). */
export function initSync(module: BufferSource | WebAssembly.Module): void;
export { init };

/**
 * @internal For `mcp-boundary/mcp` and the `check-tools` command: Rust's
 * host rules, bounds, codes and texts. Not part of the API; it may change
 * in any release.
 */
export function __mcp(): McpCore;
/** @internal What {@link __mcp} returns. */
export interface McpCore {
  readonly maxPages: number;
  readonly maxTools: number;
  readonly maxCatalogEntries: number;
  readonly profiles: readonly string[];
  readonly codes: Readonly<Record<string, string>>;
  readonly reasons: Readonly<Record<string, readonly string[]>>;
  readonly texts: Readonly<Record<string, string>>;
  argumentError(expected: string): TypeError & { code: string; reason: string };
  checkServerName(name: unknown, options: { profile?: ToolNameOptions["profile"]; overflow?: ToolNameOptions["overflow"] }): void;
  listTools<T>(client: { listTools(params: { cursor?: string }): Promise<{ tools: T[]; nextCursor?: string }> }): Promise<T[]>;
  checkTools(names: readonly string[], prefix: string, profiles: readonly string[], json: boolean): { ok: boolean; output: string };
  shown(text: unknown): string;
  say(key: string, ...values: unknown[]): string;
}
