// The literal unions of the package's types (js/index.d.ts, js/mcp.d.ts)
// and the `Literal`s of the Python package (python/mcp_boundary/_literals.py),
// written from the core's lists of names (the `__names` export of the
// build with the build-tables feature: each enum's `ALL`, in its order).
// Each union here names the Rust list it is made of; its doc comment and
// its place stay hand-written in the .d.ts, where the build rewrites only
// the declaration. js-tests/generated.test.mjs regenerates the three files
// and fails when a committed one differs.

/** The names of `pairs` (`[name, code]`) that come with `code`. */
const withCode = (pairs, code) => pairs.filter(([, c]) => c === code).map(([name]) => name);
/** The codes of `pairs`, each once, in order. */
const codesOf = (pairs) => [...new Set(pairs.map(([, c]) => c))];

/**
 * `[file, type name, names, form]` for every generated union of the
 * TypeScript declarations; form `tuple` is a readonly tuple (the valid
 * shapes, listed in that order in every rejection).
 */
export function typeUnions(n) {
  return [
    ["js/index.d.ts", "RecipientShapeReason", withCode(n.rejection_reasons, "INVALID_RECIPIENT_SHAPE")],
    ["js/index.d.ts", "UnknownRecipientReason", withCode(n.rejection_reasons, "UNKNOWN_RECIPIENT")],
    ["js/index.d.ts", "ValidShapes", n.valid_shapes, "tuple"],
    ["js/index.d.ts", "JsonSchemaTarget", n.json_schema_targets],
    ["js/index.d.ts", "BuiltinProfileName", n.profiles],
    ["js/index.d.ts", "Overflow", n.overflow],
    ["js/index.d.ts", "ToolNameReason", n.tool_name_reasons.map(([name]) => name)],
    ["js/index.d.ts", "ToolNameErrorCode", codesOf(n.tool_name_reasons)],
    ["js/index.d.ts", "PayloadFormat", n.formats],
    ["js/index.d.ts", "ReadState", n.read_states],
    ["js/index.d.ts", "MarkTarget", n.mark_targets],
    ["js/index.d.ts", "OptionsErrorReason", n.options_reasons],
    ["js/index.d.ts", "MalformedRecordReason", n.record_reasons],
    ["js/mcp.d.ts", "HandlerErrors", n.handler_errors],
    ["js/mcp.d.ts", "ReplacedAnswerKind", n.replaced_answers],
    ["js/mcp.d.ts", "McpErrorCode", codesOf(n.router_reasons)],
    ["js/mcp.d.ts", "McpArgumentReason", withCode(n.router_reasons, "INVALID_ARGUMENT")],
    ["js/mcp.d.ts", "ToolListReason", withCode(n.router_reasons, "TOOL_LIST_REFUSED")],
  ];
}

/** `export type name = …;`, on one line when it fits in 150 characters. */
function declaration(name, names, form) {
  if (names.length === 0) throw new Error(`js/build/unions.mjs: Rust lists no names for ${name}`);
  const quoted = names.map((s) => JSON.stringify(s));
  if (form === "tuple") return `export type ${name} = readonly [\n${quoted.map((q) => `  ${q},\n`).join("")}];`;
  const line = `export type ${name} = ${quoted.join(" | ")};`;
  return line.length <= 150 ? line : `export type ${name} =\n${quoted.map((q) => `  | ${q}`).join("\n")};`;
}

/**
 * `text` (a .d.ts) with the declarations of `unions` (`[name, names,
 * form]`) written from Rust's names: each `export type name = …;` (up to
 * the first `;` that ends a line) must be there exactly once.
 */
function rewriteDeclarations(file, text, unions) {
  for (const [name, names, form] of unions) {
    const found = new RegExp(`^export type ${name} =[\\s\\S]*?;$`, "gm");
    const matches = text.match(found) ?? [];
    if (matches.length !== 1) throw new Error(`js/build/unions.mjs: ${file} should declare \`export type ${name} = …;\` once (found ${matches.length})`);
    text = text.replace(found, () => declaration(name, names, form));
  }
  return text;
}

/** `Name = Literal[…]`, wrapped one name a line past 110 characters. */
function literal(name, names) {
  if (names.length === 0) throw new Error(`js/build/unions.mjs: Rust lists no names for ${name}`);
  const quoted = names.map((s) => JSON.stringify(s));
  const line = `${name} = Literal[${quoted.join(", ")}]`;
  return line.length <= 110 ? line : `${name} = Literal[\n${quoted.map((q) => `    ${q},\n`).join("")}]`;
}

/** `[name, doc, names]` for every Literal of python/mcp_boundary/_literals.py. */
export function pythonLiterals(n) {
  const rejections = n.rejection_reasons;
  return [
    ["Format", "A provider payload format (``Format::ALL``).", n.formats],
    ["ProfileName", "A built-in tool-name profile (``BuiltinProfile::ALL``).", n.profiles],
    ["Overflow", "What a name too long for its profile becomes (``Overflow::ALL``).", n.overflow],
    ["RejectionReasonName", "Why a recipient was rejected (``RejectionReason::ALL``).", rejections.map(([name]) => name)],
    ["RecipientCode", "A recipient rejection's code (``RejectionReason::code``).", codesOf(rejections)],
    ["RecipientKindName", "An accepted recipient's kind.", n.recipient_kinds],
    ["ToolNameReasonName", "Why a tool name was refused (``ToolNameReason::ALL``).", n.tool_name_reasons.map(([name]) => name)],
    ["ToolNameCode", "A tool-name error's code (``ToolNameReason::code``).", codesOf(n.tool_name_reasons)],
    ["ReadStateName", "A reader's view of a message (``ReadState::ALL``).", n.read_states],
    ["MarkTarget", "What ``mark_read`` sets: the reader's receipt or the message (``MarkTarget::ALL``).", n.mark_targets],
    ["PlanKind", "A delivery plan's kind (``DeliveryPlan``'s variants).", n.plan_kinds],
    ["NotARecipientCode", "Why ``mark_read`` refused (``NotARecipient::code``).", [n.not_a_recipient_code]],
    ["ErrorDataCode", "The code of an ``ErrorData`` (``INVALID_ARGUMENT``).", [n.error_data_code]],
    ["HandlerErrors", "``protect_server``'s ``handler_errors`` (``HandlerErrors::ALL``).", n.handler_errors],
    ["ReplacedAnswerKind", "Why a protected server replaced an answer (``ReplacedAnswer::ALL``).", n.replaced_answers],
    // A Python server is never asked to replace an HTTP refusal (no binding
    // of the package serves HTTP): on_error hears every other kind.
    ["Kind", "What ``on_error`` hears: a replaced answer's kind other than an HTTP refusal.", n.replaced_answers.filter((k) => k !== "request_refused")],
  ];
}

const PYTHON_HEADER = `"""The names of the core's lists as \`\`typing.Literal\`\`s, for the package's
types (\`\`mcp_boundary.types\`\`, the compiled module's stubs, \`\`mcp_boundary.mcp\`\`).

Generated by \`\`make pkg\`\` (js/build/build.mjs, js/build/unions.mjs) from
Rust's lists: change the Rust enum, never this file.
"""
`;

/** The text of python/mcp_boundary/_literals.py. */
function pythonSource(n) {
  const literals = pythonLiterals(n);
  const all = literals.map(([name]) => `    ${JSON.stringify(name)},\n`).join("");
  const body = literals.map(([name, doc, names]) => `#: ${doc}\n${literal(name, names)}\n`).join("");
  return `${PYTHON_HEADER}\nfrom typing import Literal\n\n__all__ = [\n${all}]\n\n${body}`;
}

/**
 * `{ path: text }` for js/index.d.ts, js/mcp.d.ts (`read(path)` gives
 * their committed text, whose generated declarations are written again)
 * and python/mcp_boundary/_literals.py, from `names` (the `__names` table).
 */
export function unionSources(names, read) {
  const out = {};
  const byFile = new Map();
  for (const [file, name, list, form] of typeUnions(names)) {
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push([name, list, form]);
  }
  for (const [file, unions] of byFile) out[file] = rewriteDeclarations(file, read(file), unions);
  out["python/mcp_boundary/_literals.py"] = pythonSource(names);
  return out;
}
