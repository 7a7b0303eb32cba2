//! Safe `error.data` for tool-argument errors.
//!
//! A whitelist classifier: an error message is matched exactly against the
//! host's catalog of tools, fields and phrases, and a result refers only to
//! catalog strings (its fields borrow from the classifier, so the types
//! themselves rule out echoing caller input), or to this module's fixed
//! strings.

use crate::fast_hash::{FastMap as HashMap, FastSet as HashSet};
use crate::interned::{Interned, Text};
use std::borrow::Cow;

use serde::Serialize;
use serde_json::Value;

use crate::error::{OptionPath, OptionsError};
use crate::nearest::nearest;
use crate::safe_text::SafeText;

/// `error.data.code` of a classified tool-argument error.
pub const INVALID_ARGUMENT: &str = "invalid_argument";
/// `error.data.code` of an unknown-tool response.
pub const UNKNOWN_TOOL: &str = "unknown_tool";
/// JSON-RPC "Invalid params".
pub const INVALID_PARAMS: i64 = -32602;
/// The JSON-RPC error message of `invalidArgumentsResponse` (the legacy envelope's).
pub const INVALID_ARGUMENTS_MESSAGE: &str = "invalid tool arguments";
/// The JSON-RPC error message of `unknownToolResponse`.
pub const UNKNOWN_TOOL_MESSAGE: &str = "unknown tool";

/// Which fields belong to which tools.
#[derive(Debug, Clone)]
pub enum ToolFields {
    /// Each tool with its own fields: `{ list_bounties: ["limit", "status"] }`.
    PerTool(Vec<(String, Vec<String>)>),
    /// The seed's layout: a list of tools and one list of fields, every field
    /// counting as a field of every tool, known or not.
    Global {
        /// The catalog's tools.
        tools: Vec<String>,
        /// Fields of every tool.
        fields: Vec<String>,
    },
}

/// Which phrases may follow a field name.
#[derive(Debug, Clone)]
pub enum FieldPhrases {
    /// Any phrase with any field.
    Global(Vec<String>),
    /// Phrases per field, so that no field pairs with another's phrase.
    PerField(Vec<(String, Vec<String>)>),
}

/// The most entries one list of a catalog may have (tools, fields, each
/// list of phrases).
pub const MAX_CATALOG_ENTRIES: usize = 65_536;

impl Catalog {
    /// Every list within [`MAX_CATALOG_ENTRIES`].
    fn check_sizes(&self) -> Result<(), OptionsError> {
        let check = |len: usize, path: &dyn Fn() -> OptionPath| {
            if len > MAX_CATALOG_ENTRIES {
                Err(OptionsError::invalid(path(), "has more than 65536 entries (MAX_CATALOG_ENTRIES)"))
            } else {
                Ok(())
            }
        };
        match &self.tools {
            ToolFields::Global { tools, fields } => {
                check(tools.len(), &|| OptionPath::Named("tools"))?;
                check(fields.len(), &|| OptionPath::Named("fields"))?;
            }
            ToolFields::PerTool(tools) => {
                check(tools.len(), &|| OptionPath::Named("tools"))?;
                for (tool, fields) in tools {
                    check(fields.len(), &|| OptionPath::Place(format!("tools['{}']", SafeText::render(tool))))?;
                }
            }
        }
        match &self.field_messages {
            FieldPhrases::Global(phrases) => check(phrases.len(), &|| OptionPath::Named("fieldMessages"))?,
            FieldPhrases::PerField(fields) => {
                check(fields.len(), &|| OptionPath::Named("fieldMessages"))?;
                for (field, phrases) in fields {
                    check(phrases.len(), &|| {
                        OptionPath::Place(format!("fieldMessages['{}']", SafeText::render(field)))
                    })?;
                }
            }
        }
        check(self.fieldless_messages.len(), &|| OptionPath::Named("fieldlessMessages"))
    }
}

/// What a host tells the classifier it may say.
#[derive(Debug, Clone)]
pub struct Catalog {
    /// The tools and their fields.
    pub tools: ToolFields,
    /// Phrases that follow a field name (`limit must be at most 100`).
    pub field_messages: FieldPhrases,
    /// Phrases that stand alone (`unknown tool`).
    pub fieldless_messages: Vec<String>,
}

/// Classified error data: every string is a catalog string or one of this
/// module's fixed strings, borrowed from the classifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ErrorData<'c> {
    /// Always `invalid_argument`.
    pub code: &'static str,
    /// The tool, when it is a catalog tool.
    pub tool: Option<&'c str>,
    /// The field, when the message named one.
    pub field: Option<&'c str>,
    /// The catalog phrase (or, for schema issues, a fixed phrase).
    pub message: &'c str,
}

/// One schema-validation issue, reduced to what can be used safely: a
/// code or keyword to look up, and where it points. Received values and the
/// issue's own message are never part of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Issue<'a> {
    /// A Zod issue (`{ code, path }`, v3 or v4).
    Zod {
        /// `issue.code`, e.g. `too_big`.
        code: &'a str,
        /// `issue.path[0]` when it is a string.
        first_segment: Option<&'a str>,
        /// The value the issue is about is absent from the call. Zod 3
        /// says so (`invalid_type` with `received: "undefined"`); Zod 4
        /// does not (a left-out enum is `invalid_value`, a left-out string
        /// `invalid_type` like a number in its place), so a caller with the
        /// input tells it from there.
        missing: bool,
        /// The issue's path goes below a top-level argument
        /// (`["filter", "since"]`, `["tags", 1]`): what is wrong (or
        /// missing) is a part of the named field, not the field.
        nested: bool,
    },
    /// An Ajv error (`{ keyword, instancePath, params }`).
    Ajv {
        /// `error.keyword`, e.g. `maximum`.
        keyword: &'a str,
        /// `error.instancePath`, e.g. `/limit`.
        instance_path: &'a str,
        /// `error.params.missingProperty` of a `required` error (a schema name).
        missing_property: Option<&'a str>,
    },
}

/// The fixed phrases that a schema hint can stand in for.
const NOT_ALLOWED: &str = "is not one of the allowed values";
const SMALL: &str = "is too small or too short";
const BIG: &str = "is too large or too long";

/// A classified issue's phrase: fixed ([`ISSUE_MESSAGES`] index) or a
/// schema hint (a catalog string id).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IssuePhrase {
    Fixed(u32),
    Hint(u32),
}

/// The fixed message for a schema issue.
#[must_use]
pub fn issue_message(issue: &Issue<'_>) -> &'static str {
    const WRONG_TYPE: &str = "has the wrong type";
    const REQUIRED: &str = "is required";
    const UNKNOWN_ARGUMENT: &str = "is not a known argument";
    const NO_FORM: &str = "does not match any allowed form";
    const FORMAT: &str = "does not have the expected format";
    const STEP: &str = "is not a multiple of the required step";
    const INVALID: &str = "is invalid";
    // What is wrong lies inside the named field: "filter is required",
    // "filter is not a known argument" or "tags has the wrong type" (for
    // one element) would send the caller looking at a field it passed
    // rightly.
    const MISSING_PART: &str = "is missing a required property";
    const UNKNOWN_PART: &str = "contains an unknown property";
    const INVALID_ENTRY: &str = "contains an invalid entry";
    match *issue {
        Issue::Zod { code, first_segment, missing, nested } => {
            let phrase = match code {
                "invalid_type" => WRONG_TYPE,
                "invalid_literal" | "invalid_enum_value" | "invalid_value" => NOT_ALLOWED,
                "unrecognized_keys" => UNKNOWN_ARGUMENT,
                "invalid_union" | "invalid_union_discriminator" => NO_FORM,
                "invalid_string" | "invalid_format" | "invalid_date" => FORMAT,
                "too_small" => SMALL,
                "too_big" => BIG,
                "not_multiple_of" => STEP,
                "not_finite" => "must be a finite number",
                "invalid_key" | "invalid_element" => INVALID_ENTRY,
                _ => INVALID,
            };
            match phrase {
                // A value left out gets the code of a wrong type, a value
                // not allowed or no form matched (which one depends on the
                // schema and the Zod version); a custom issue (a
                // refinement's own rule) keeps its phrase.
                WRONG_TYPE | NOT_ALLOWED | NO_FORM if missing && nested => MISSING_PART,
                WRONG_TYPE | NOT_ALLOWED | NO_FORM if missing => REQUIRED,
                // Unknown keys are reported at the object that has them.
                UNKNOWN_ARGUMENT if first_segment.is_some() => UNKNOWN_PART,
                _ if nested => INVALID_ENTRY,
                _ => phrase,
            }
        }
        Issue::Ajv { keyword, instance_path, .. } => {
            // Ajv reports `required` and unknown properties at the object
            // that lacks or has them; anything else where the bad value is.
            let inside = !instance_path.is_empty();
            let deep = instance_path.strip_prefix('/').is_some_and(|rest| rest.contains('/'));
            match keyword {
                // `dependentRequired` (and draft-07's `dependencies` in its
                // list form) name a property required by another one.
                "required" | "dependentRequired" | "dependencies" if inside => MISSING_PART,
                "required" | "dependentRequired" | "dependencies" => REQUIRED,
                "additionalProperties" | "unevaluatedProperties" if inside => UNKNOWN_PART,
                "additionalProperties" | "unevaluatedProperties" => UNKNOWN_ARGUMENT,
                _ if deep => INVALID_ENTRY,
                "type" => WRONG_TYPE,
                "enum" | "const" => NOT_ALLOWED,
                "minimum" | "exclusiveMinimum" | "minLength" | "minItems" | "minProperties" => SMALL,
                "maximum" | "exclusiveMaximum" | "maxLength" | "maxItems" | "maxProperties" => BIG,
                "pattern" | "format" => FORMAT,
                "multipleOf" => STEP,
                "oneOf" | "anyOf" => NO_FORM,
                "uniqueItems" => "contains duplicate items",
                _ => INVALID,
            }
        }
    }
}

/// The most distinct problems (field and phrase) an issue result's text
/// names.
pub const ISSUES_IN_TEXT: usize = 32;

/// Every fixed phrase [`issue_message`] can return (for the no-echo proofs).
pub const ISSUE_MESSAGES: [&str; 15] = [
    "has the wrong type",
    "is required",
    "is missing a required property",
    "contains an unknown property",
    "is not one of the allowed values",
    "is not a known argument",
    "does not match any allowed form",
    "does not have the expected format",
    "is too small or too short",
    "is too large or too long",
    "is not a multiple of the required step",
    "must be a finite number",
    "contains an invalid entry",
    "contains duplicate items",
    "is invalid",
];

/// A whitelist classifier of tool-argument errors over one catalog.
#[derive(Debug, Clone)]
pub struct ErrorClassifier {
    /// Every catalog string once; results index into it.
    strings: Interned,
    /// What each string is in a global layout, by id ([`Role`] bits): one
    /// load instead of a set lookup per question.
    roles: Vec<u8>,
    /// Catalog tools, in catalog order.
    tools: Vec<u32>,
    /// `tools` as suggestions compare them.
    tool_keys: Vec<Vec<u8>>,
    /// Fields are per tool (`tool_fields`) rather than [`Role::FIELD`].
    fields_per_tool: bool,
    tool_fields: HashMap<u32, HashSet<u32>>,
    /// Phrases are per field (`field_phrases`) rather than [`Role::PHRASE`].
    phrases_per_field: bool,
    field_phrases: HashMap<u32, HashSet<u32>>,
    /// Phrases built from what a tool's schema declares for a field, per
    /// (tool, field): for a value not allowed, too small, too large.
    hints: HashMap<(u32, u32), [Option<u32>; 3]>,
}

/// The bits of [`ErrorClassifier::roles`].
struct Role;

impl Role {
    const TOOL: u8 = 1;
    /// A field of every tool (global layout).
    const FIELD: u8 = 2;
    /// A phrase after any field (global phrases).
    const PHRASE: u8 = 4;
    const FIELDLESS: u8 = 8;
}

/// What a tool's input schema declares about one field, which helps a
/// caller fix a call: schema-side constants, never input.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldHint {
    /// The allowed values (`enum`).
    pub options: Vec<String>,
    /// `minimum` (numbers; a whole number, to be phrased).
    pub minimum: Option<i64>,
    /// `maximum` (numbers; a whole number, to be phrased).
    pub maximum: Option<i64>,
    /// `minLength` (strings).
    pub min_length: Option<usize>,
    /// `maxLength` (strings).
    pub max_length: Option<usize>,
}

/// The most options a "must be one of" hint lists.
const HINT_OPTIONS: usize = 20;

impl FieldHint {
    /// The phrases for a value not allowed, too small, too large.
    fn phrases(&self) -> [Option<String>; 3] {
        let allowed = (!self.options.is_empty()).then(|| {
            let mut list = self.options.iter().take(HINT_OPTIONS).cloned().collect::<Vec<_>>().join(", ");
            if self.options.len() > HINT_OPTIONS {
                list.push_str(", …");
            }
            format!("must be one of {list}")
        });
        let small = match (self.minimum, self.min_length) {
            (Some(n), _) => Some(format!("must be at least {n}")),
            (None, Some(n)) => Some(format!("must have at least {n} characters")),
            (None, None) => None,
        };
        let big = match (self.maximum, self.max_length) {
            (Some(n), _) => Some(format!("must be at most {n}")),
            (None, Some(n)) => Some(format!("must have at most {n} characters")),
            (None, None) => None,
        };
        [allowed, small, big]
    }
}

/// A classification as indexes into the classifier's strings.
pub(crate) type Ids = (Option<u32>, Option<u32>, u32);

impl ErrorClassifier {
    /// Checks and indexes a catalog.
    ///
    /// # Errors
    /// An [`OptionsError`] naming the entry's place (never its content):
    /// a field that is empty or contains a space (`tools.list_bounties[1]`,
    /// `fields[0]`: a head never contains a space, so it could never match),
    /// an empty phrase (`fieldMessages[2]`, `fieldMessages.limit[0]`,
    /// `fieldlessMessages[0]`), or an empty tool name (`tools[3]`).
    pub fn new(catalog: Catalog) -> Result<Self, OptionsError> {
        catalog.check_sizes()?;
        let mut c = Self::empty();
        match catalog.tools {
            ToolFields::PerTool(tools) => {
                for (tool, fields) in tools {
                    let key = SafeText::render(&tool);
                    let t = c.tool(tool, || OptionPath::Place(format!("tools['{key}']")))?;
                    let mut set = HashSet::default();
                    for (i, field) in fields.into_iter().enumerate() {
                        set.insert(c.field(field, || OptionPath::Place(format!("tools['{key}'][{i}]")))?);
                    }
                    c.tool_fields.entry(t).or_default().extend(set);
                }
                c.fields_per_tool = true;
            }
            ToolFields::Global { tools, fields } => {
                for (i, tool) in tools.into_iter().enumerate() {
                    c.tool(tool, || OptionPath::Entry("tools", i))?;
                }
                for (i, field) in fields.into_iter().enumerate() {
                    let f = c.field(field, || OptionPath::Entry("fields", i))?;
                    c.mark(f, Role::FIELD);
                }
            }
        }
        match catalog.field_messages {
            FieldPhrases::Global(phrases) => {
                for (i, p) in phrases.into_iter().enumerate() {
                    let p = c.phrase(p, || OptionPath::Entry("fieldMessages", i))?;
                    c.mark(p, Role::PHRASE);
                }
            }
            FieldPhrases::PerField(map) => {
                for (field, phrases) in map {
                    let key = SafeText::render(&field);
                    let f = c.field(field, || OptionPath::Place(format!("fieldMessages['{key}']")))?;
                    for (i, p) in phrases.into_iter().enumerate() {
                        let p = c.phrase(p, || OptionPath::Place(format!("fieldMessages['{key}'][{i}]")))?;
                        c.field_phrases.entry(f).or_default().insert(p);
                    }
                }
                c.phrases_per_field = true;
            }
        }
        for (i, p) in catalog.fieldless_messages.into_iter().enumerate() {
            let p = c.phrase(p, || OptionPath::Entry("fieldlessMessages", i))?;
            c.mark(p, Role::FIELDLESS);
        }
        Ok(c)
    }

    /// The id of catalog string `text`, if it is one.
    fn id<T: Text>(&self, text: T) -> Option<u32> {
        self.strings.get(text)
    }

    fn intern(&mut self, s: String) -> u32 {
        let id = self.strings.intern(s);
        if self.roles.len() <= id as usize {
            self.roles.resize(id as usize + 1, 0);
        }
        id
    }

    fn mark(&mut self, id: u32, role: u8) {
        if let Some(r) = self.roles.get_mut(id as usize) {
            *r |= role;
        }
    }

    fn is(&self, id: u32, role: u8) -> bool {
        self.roles.get(id as usize).is_some_and(|r| r & role != 0)
    }

    fn tool(&mut self, name: String, place: impl FnOnce() -> OptionPath) -> Result<u32, OptionsError> {
        if name.is_empty() {
            return Err(OptionsError::invalid(place(), "a tool name must not be empty"));
        }
        let key = crate::nearest::normalize(&name);
        let id = self.intern(name);
        if !self.is(id, Role::TOOL) {
            self.mark(id, Role::TOOL);
            self.tools.push(id);
            self.tool_keys.push(key);
        }
        Ok(id)
    }

    fn field(&mut self, name: String, place: impl FnOnce() -> OptionPath) -> Result<u32, OptionsError> {
        if name.is_empty() || name.contains(' ') {
            return Err(OptionsError::invalid(place(), "a field name must be non-empty and contain no space"));
        }
        Ok(self.intern(name))
    }

    fn phrase(&mut self, text: String, place: impl FnOnce() -> OptionPath) -> Result<u32, OptionsError> {
        if text.is_empty() {
            return Err(OptionsError::invalid(place(), "a phrase must not be empty"));
        }
        Ok(self.intern(text))
    }

    /// The catalog string with this index.
    pub(crate) fn string(&self, id: u32) -> &str {
        self.strings.string(id)
    }

    /// Every catalog string, in index order: the strings a result can be
    /// made of (a binding can send them once and then send indexes).
    #[must_use]
    pub fn strings(&self) -> &[String] {
        self.strings.strings()
    }

    /// A classifier with an empty catalog (classifies nothing).
    #[must_use]
    pub fn empty() -> Self {
        Self {
            strings: Interned::default(),
            roles: Vec::new(),
            tools: Vec::new(),
            tool_keys: Vec::new(),
            fields_per_tool: false,
            tool_fields: HashMap::default(),
            phrases_per_field: false,
            field_phrases: HashMap::default(),
            hints: HashMap::default(),
        }
    }

    /// This classifier, with phrases built from what each tool's schema
    /// declares about its fields (`(tool, field, hint)`; pairs that are not
    /// a catalog tool and one of its fields are ignored): a schema issue of
    /// the matching kind on that field then says, e.g., `must be one of
    /// low, normal, high` instead of the generic phrase.
    #[must_use]
    pub fn with_hints<'h>(mut self, hints: impl IntoIterator<Item = (&'h str, &'h str, &'h FieldHint)>) -> Self {
        for (tool, field, hint) in hints {
            let Some(tool_id) = self.tool_id(tool) else { continue };
            let Some(field_id) = self.field_id(Some(tool_id), field) else { continue };
            let ids = hint.phrases().map(|phrase| phrase.map(|p| self.intern(p)));
            self.hints.insert((tool_id, field_id), ids);
        }
        self
    }

    /// The catalog's tools, in catalog order.
    pub fn tools(&self) -> impl Iterator<Item = &str> {
        self.tools.iter().map(|t| self.string(*t))
    }

    /// The index of a catalog tool.
    pub(crate) fn tool_id<T: Text>(&self, tool: T) -> Option<u32> {
        self.id(tool).filter(|&id| self.is_tool(id))
    }

    /// Whether string `id` is a catalog tool.
    pub(crate) fn is_tool(&self, id: u32) -> bool {
        self.is(id, Role::TOOL)
    }

    fn field_id<T: Text>(&self, tool: Option<u32>, head: T) -> Option<u32> {
        let id = self.id(head)?;
        let known = if self.fields_per_tool {
            tool.and_then(|t| self.tool_fields.get(&t)).is_some_and(|f| f.contains(&id))
        } else {
            self.is(id, Role::FIELD)
        };
        known.then_some(id)
    }

    fn is_field_phrase(&self, field: u32, phrase: u32) -> bool {
        if self.phrases_per_field {
            self.field_phrases.get(&field).is_some_and(|p| p.contains(&phrase))
        } else {
            self.is(phrase, Role::PHRASE)
        }
    }

    /// The classification as indexes, `message` in either encoding.
    pub(crate) fn classify_ids<T: Text>(&self, tool: T, message: T) -> Option<Ids> {
        self.classify_for(self.tool_id(tool), message)
    }

    /// [`classify_ids`](Self::classify_ids) for a tool already looked up
    /// ([`tool_id`](Self::tool_id)).
    pub(crate) fn classify_for<T: Text>(&self, tool: Option<u32>, message: T) -> Option<Ids> {
        // Split at the first single ASCII space; matching is exact.
        if let Some((head, tail)) = message.split_space() {
            if let Some(field) = self.field_id(tool, head) {
                if let Some(phrase) = self.id(tail) {
                    if self.is_field_phrase(field, phrase) {
                        return Some((tool, Some(field), phrase));
                    }
                    if self.is(phrase, Role::FIELDLESS) {
                        return Some((tool, None, phrase));
                    }
                }
            }
        }
        let whole = self.id(message)?;
        self.is(whole, Role::FIELDLESS).then_some((tool, None, whole))
    }

    /// Classifies a tool-argument error message:
    /// 1. `<field> <field phrase>` → that field and phrase;
    /// 2. `<field> <field-less phrase>` → no field, that phrase;
    /// 3. `<field-less phrase>` → no field, that phrase;
    /// 4. anything else → `None`.
    ///
    /// `tool` in the result is set only for a catalog tool.
    #[must_use]
    pub fn classify(&self, tool: &str, message: &str) -> Option<ErrorData<'_>> {
        self.classify_ids(tool, message).map(|ids| self.data(ids))
    }

    pub(crate) fn data(&self, (tool, field, message): Ids) -> ErrorData<'_> {
        ErrorData {
            code: INVALID_ARGUMENT,
            tool: tool.map(|t| self.string(t)),
            field: field.map(|f| self.string(f)),
            message: self.string(message),
        }
    }

    /// The JSON-RPC 2.0 response for invalid tool arguments: serialized,
    /// byte for byte the legacy envelope
    /// `{"jsonrpc":"2.0","id":…,"error":{"code":-32602,"message":"invalid tool arguments"}}`
    /// when nothing classifies, with `error.data` when something does. An
    /// `id` that is not a string, a number or null becomes null.
    #[must_use]
    pub fn invalid_arguments_response(&self, id: &Value, tool: &str, message: &str) -> ErrorResponse<'_> {
        ErrorResponse {
            jsonrpc: "2.0",
            id: request_id(id),
            error: RpcError {
                code: INVALID_PARAMS,
                message: INVALID_ARGUMENTS_MESSAGE,
                data: self.classify(tool, message).map(RpcData::Argument),
            },
        }
    }

    /// An MCP `CallToolResult` with `isError: true` (MCP 2025-11-25 reports
    /// validation errors as tool execution errors); its text is built only
    /// from catalog and fixed strings. Unclassified errors get the fixed
    /// message `invalid tool arguments`.
    #[must_use]
    pub fn tool_error_result(&self, tool: &str, message: &str) -> ToolErrorResult<'_> {
        let data = self.classify(tool, message).unwrap_or(ErrorData {
            code: INVALID_ARGUMENT,
            tool: self.tool_id(tool).map(|t| self.string(t)),
            field: None,
            message: INVALID_ARGUMENTS_MESSAGE,
        });
        ToolErrorResult {
            content: [TextContent { kind: "text", text: error_text(&data) }],
            is_error: true,
            structured_content: StructuredError { error: data },
        }
    }

    /// The `isError` result for schema issues (a failed input schema): the
    /// first issue's data as `structuredContent.error`, the issues in the
    /// text (each field and phrase once, and at most [`ISSUES_IN_TEXT`] of
    /// them: a thousand bad elements of one list say so once, not a
    /// thousand times into the model's context), and nothing of the input.
    #[must_use]
    pub fn issues_result(&self, tool: &str, issues: &[Issue<'_>]) -> ToolErrorResult<'_> {
        let all = self.classify_issues(tool, issues);
        let first = all.first().copied().unwrap_or(ErrorData {
            code: INVALID_ARGUMENT,
            tool: self.tool_id(tool).map(|t| self.string(t)),
            field: None,
            message: INVALID_ARGUMENTS_MESSAGE,
        });
        let mut text = error_text(&first);
        let mut said: Vec<(Option<&str>, &str)> = vec![(first.field, first.message)];
        for data in all.iter().skip(1) {
            // The first few dozen problems are enough to fix a call, and
            // the list stays short to search (a set cost 0.6 KB gzip).
            if said.len() == ISSUES_IN_TEXT {
                break;
            }
            if said.contains(&(data.field, data.message)) {
                continue;
            }
            said.push((data.field, data.message));
            text.push_str("; ");
            if let Some(field) = data.field {
                text.push_str(field);
                text.push(' ');
            }
            text.push_str(data.message);
        }
        ToolErrorResult {
            content: [TextContent { kind: "text", text }],
            is_error: true,
            structured_content: StructuredError { error: first },
        }
    }

    /// The `isError` result for an error a tool's handler threw: its
    /// message classified against the catalog, else `tool <name> failed`
    /// (the name only when it is a catalog tool) with no structured data.
    #[must_use]
    pub fn handler_error_result(&self, tool: &str, message: &str) -> ToolFailure<'_> {
        if let Some(data) = self.classify(tool, message) {
            return ToolFailure {
                content: [TextContent { kind: "text", text: error_text(&data) }],
                is_error: true,
                structured_content: Some(StructuredError { error: data }),
            };
        }
        let text = match self.tool_id(tool) {
            Some(t) => format!("tool {} failed", self.string(t)),
            None => String::from("tool failed"),
        };
        ToolFailure { content: [TextContent { kind: "text", text }], is_error: true, structured_content: None }
    }

    /// Up to three catalog tools nearest `name`, nearest first.
    #[must_use]
    pub fn suggest_tools(&self, name: &str) -> Vec<&str> {
        self.suggest_tool_ids(name).into_iter().map(|id| self.string(id)).collect()
    }

    pub(crate) fn suggest_tool_ids(&self, name: &str) -> Vec<u32> {
        nearest(name, self.tool_keys.iter().map(Vec::as_slice).zip(self.tools.iter().copied()), 3, 256)
    }

    /// The JSON-RPC response for an unknown tool: `-32602` with
    /// `data.suggestions` from the catalog; the name itself never appears.
    #[must_use]
    pub fn unknown_tool_response(&self, id: &Value, name: &str) -> ErrorResponse<'_> {
        ErrorResponse {
            jsonrpc: "2.0",
            id: request_id(id),
            error: RpcError {
                code: INVALID_PARAMS,
                message: UNKNOWN_TOOL_MESSAGE,
                data: Some(RpcData::UnknownTool { code: UNKNOWN_TOOL, suggestions: self.suggest_tools(name) }),
            },
        }
    }

    /// Safe data for schema-validation issues (Zod issues, Ajv errors): the
    /// field is the top-level path segment when it is a field of the tool,
    /// the message a fixed phrase for the issue's code or keyword.
    #[must_use]
    pub fn classify_issues(&self, tool: &str, issues: &[Issue<'_>]) -> Vec<ErrorData<'_>> {
        self.classify_issue_ids(tool, issues)
            .into_iter()
            .map(|(tool, field, message)| ErrorData {
                code: INVALID_ARGUMENT,
                tool: tool.map(|t| self.string(t)),
                field: field.map(|f| self.string(f)),
                message: match message {
                    IssuePhrase::Fixed(i) => ISSUE_MESSAGES[i as usize],
                    IssuePhrase::Hint(id) => self.string(id),
                },
            })
            .collect()
    }

    /// As [`classify_issues`](Self::classify_issues), with the message as
    /// an index into [`ISSUE_MESSAGES`].
    pub(crate) fn classify_issue_ids(
        &self,
        tool: &str,
        issues: &[Issue<'_>],
    ) -> Vec<(Option<u32>, Option<u32>, IssuePhrase)> {
        let tool_id = self.tool_id(tool);
        issues
            .iter()
            .map(|issue| {
                let segment = match *issue {
                    Issue::Zod { first_segment, .. } => first_segment.map(Cow::Borrowed),
                    Issue::Ajv {
                        keyword: "required" | "dependentRequired" | "dependencies",
                        instance_path: "",
                        missing_property,
                    } => missing_property.map(Cow::Borrowed),
                    Issue::Ajv { instance_path, .. } => first_pointer_segment(instance_path),
                };
                let field = segment.as_deref().and_then(|s| self.field_id(tool_id, s));
                let fixed = issue_message(issue);
                let hint = match (tool_id, field) {
                    (Some(t), Some(f)) => self.hints.get(&(t, f)).and_then(|h| match fixed {
                        NOT_ALLOWED => h[0],
                        SMALL => h[1],
                        BIG => h[2],
                        _ => None,
                    }),
                    _ => None,
                };
                let message = hint.map_or_else(
                    || {
                        let i = ISSUE_MESSAGES.iter().position(|m| *m == fixed).unwrap_or_default();
                        IssuePhrase::Fixed(u32::try_from(i).unwrap_or_default())
                    },
                    IssuePhrase::Hint,
                );
                (tool_id, field, message)
            })
            .collect()
    }
}

/// The first segment of a JSON Pointer (`/limit/0` → `limit`), unescaped.
fn first_pointer_segment(pointer: &str) -> Option<Cow<'_, str>> {
    let rest = pointer.strip_prefix('/')?;
    let segment = rest.split('/').next().unwrap_or_default();
    if !segment.contains('~') {
        return Some(segment.into());
    }
    // `~1` is `/` and `~0` is `~`, in one pass (what replacing `~1` and then
    // `~0` gives; `str::replace` costs about 2 KB of wasm for this one use).
    let mut out = String::with_capacity(segment.len());
    let mut chars = segment.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('~', Some('1')) => {
                chars.next();
                out.push('/');
            }
            ('~', Some('0')) => {
                chars.next();
                out.push('~');
            }
            _ => out.push(c),
        }
    }
    Some(out.into())
}

/// A JSON-RPC 2.0 error response; serializes with its keys in protocol
/// order (`jsonrpc`, `id`, `error`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ErrorResponse<'c> {
    /// Always `2.0`.
    pub jsonrpc: &'static str,
    /// The request id: a string, a number or null.
    pub id: Value,
    /// The error object.
    pub error: RpcError<'c>,
}

/// The `error` of a JSON-RPC response.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RpcError<'c> {
    /// Always `-32602` (invalid params) here.
    pub code: i64,
    /// A fixed message.
    pub message: &'static str,
    /// Absent when nothing classified, so the envelope stays the legacy one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<RpcData<'c>>,
}

/// `error.data`: classified argument data, or unknown-tool suggestions.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RpcData<'c> {
    /// A classified tool-argument error.
    Argument(ErrorData<'c>),
    /// An unknown tool, with catalog tools to try instead.
    UnknownTool {
        /// Always `unknown_tool`.
        code: &'static str,
        /// Up to three catalog tool names.
        suggestions: Vec<&'c str>,
    },
}

/// An MCP `CallToolResult` reporting a tool-argument error.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolErrorResult<'c> {
    /// One text block built from catalog and fixed strings.
    pub content: [TextContent; 1],
    /// Always true.
    #[serde(rename = "isError")]
    pub is_error: bool,
    /// `{ error: data }`.
    #[serde(rename = "structuredContent")]
    pub structured_content: StructuredError<'c>,
}

/// An MCP `CallToolResult` for a tool whose handler failed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolFailure<'c> {
    /// One text block built from catalog and fixed strings.
    pub content: [TextContent; 1],
    /// Always true.
    #[serde(rename = "isError")]
    pub is_error: bool,
    /// `{ error: data }` when the message classified.
    #[serde(rename = "structuredContent", skip_serializing_if = "Option::is_none")]
    pub structured_content: Option<StructuredError<'c>>,
}

/// A text content block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TextContent {
    /// Always `text`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The text.
    pub text: String,
}

/// `structuredContent` of a tool error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StructuredError<'c> {
    /// The error data.
    pub error: ErrorData<'c>,
}

/// The text of an `isError` result: catalog and fixed strings only.
#[must_use]
pub fn error_text(data: &ErrorData<'_>) -> String {
    let mut text = String::from(INVALID_ARGUMENTS_MESSAGE);
    if let Some(tool) = data.tool {
        text.push_str(" for ");
        text.push_str(tool);
    }
    if data.message != INVALID_ARGUMENTS_MESSAGE {
        text.push_str(": ");
        if let Some(field) = data.field {
            text.push_str(field);
            text.push(' ');
        }
        text.push_str(data.message);
    }
    text
}

/// A JSON-RPC id as it may be echoed: a string, a finite number or null.
fn request_id(id: &Value) -> Value {
    match id {
        Value::String(_) | Value::Number(_) => id.clone(),
        _ => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> ErrorClassifier {
        ErrorClassifier::new(Catalog {
            tools: ToolFields::Global {
                tools: vec!["list_bounties".into(), "get_bounty".into()],
                fields: vec!["limit".into(), "status".into(), "issue_number".into()],
            },
            field_messages: FieldPhrases::Global(vec!["must be at most 100".into(), "must be a boolean".into()]),
            fieldless_messages: vec!["unknown tool".into(), "matches multiple bounties".into()],
        })
        .unwrap()
    }

    #[test]
    fn rules_in_order() {
        let c = seed();
        let d = c.classify("list_bounties", "limit must be at most 100").unwrap();
        assert_eq!((d.tool, d.field, d.message), (Some("list_bounties"), Some("limit"), "must be at most 100"));
        let d = c.classify("nope", "limit must be a boolean").unwrap();
        assert_eq!((d.tool, d.field), (None, Some("limit")), "global fields count for unknown tools");
        let d = c.classify("get_bounty", "status matches multiple bounties").unwrap();
        assert_eq!((d.field, d.message), (None, "matches multiple bounties"));
        let d = c.classify("get_bounty", "unknown tool").unwrap();
        assert_eq!((d.field, d.message), (None, "unknown tool"));
        for bad in [
            "limit  must be at most 100",
            "limit must be at most 100\n",
            "Limit must be at most 100",
            "limit\tmust be at most 100",
            "limit must be at most 1000",
            "",
            "unknown tool ",
        ] {
            assert_eq!(c.classify("list_bounties", bad), None, "{bad:?}");
        }
    }

    #[test]
    fn per_tool_fields_and_per_field_phrases() {
        let c = ErrorClassifier::new(Catalog {
            tools: ToolFields::PerTool(vec![("a".into(), vec!["x".into()]), ("b".into(), vec!["y".into()])]),
            field_messages: FieldPhrases::PerField(vec![("x".into(), vec!["is bad".into()])]),
            fieldless_messages: vec![],
        })
        .unwrap();
        assert!(c.classify("a", "x is bad").is_some());
        assert_eq!(c.classify("b", "x is bad"), None, "x is not a field of b");
        assert_eq!(c.classify("c", "x is bad"), None, "unknown tools have no fields");
        assert_eq!(c.classify("b", "y is bad"), None, "y does not pair with x's phrase");
    }

    #[test]
    fn pointer_segments_unescape_as_json_pointer_says() {
        let seg = |p: &str| first_pointer_segment(p).map(Cow::into_owned);
        assert_eq!(seg("/limit/0"), Some("limit".into()));
        assert_eq!(seg("/a~1b/c"), Some("a/b".into()));
        assert_eq!(seg("/m~0n"), Some("m~n".into()));
        assert_eq!(seg("/~01"), Some("~1".into()), "~0 then 1, not ~ then ~1");
        assert_eq!(seg("/~"), Some("~".into()));
        assert_eq!(seg("/~2é~"), Some("~2é~".into()));
        assert_eq!(seg("/"), Some(String::new()));
        assert_eq!(seg("limit"), None);
    }

    #[test]
    fn text_and_code_units_classify_alike() {
        let c = ErrorClassifier::new(Catalog {
            tools: ToolFields::PerTool(vec![("outil".into(), vec!["limité".into(), "𝄞".into()])]),
            field_messages: FieldPhrases::PerField(vec![("𝄞".into(), vec!["is 🦀".into()])]),
            fieldless_messages: vec!["inconnu".into()],
        })
        .unwrap();
        let units = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
        let tools = ["outil", "outi", "🦀", ""];
        let messages = ["𝄞 is 🦀", "limité inconnu", "inconnu", "limité is 🦀", "𝄞  is 🦀", "𝄞 is", " inconnu", "x"];
        for tool in tools {
            for message in messages {
                let (t, m) = (units(tool), units(message));
                let from_units = c.classify_ids(t.as_slice(), m.as_slice());
                assert_eq!(c.classify_ids(tool, message), from_units, "{tool} {message}");
                assert_eq!(c.classify_for(c.tool_id(tool), m.as_slice()), from_units, "{tool} {message}");
            }
        }
        assert_eq!(c.classify_ids("outil", "𝄞 is 🦀"), Some((Some(0), Some(2), 3)));
        let lone = [units("𝄞 is 🦀").as_slice(), &[0xD83E]].concat();
        assert_eq!(c.classify_ids(units("outil").as_slice(), &lone[..lone.len() - 2]), None, "a lone surrogate");
    }

    #[test]
    fn catalog_errors_name_the_place() {
        let e = ErrorClassifier::new(Catalog {
            tools: ToolFields::PerTool(vec![("t".into(), vec!["ok".into(), "has space".into()])]),
            field_messages: FieldPhrases::Global(vec![]),
            fieldless_messages: vec![],
        })
        .unwrap_err();
        assert_eq!(e.option().to_string(), "tools['t'][1]");
        assert!(!e.to_string().contains("has space"));
        let e = ErrorClassifier::new(Catalog {
            tools: ToolFields::Global { tools: vec![], fields: vec![] },
            field_messages: FieldPhrases::Global(vec!["x".into(), String::new()]),
            fieldless_messages: vec![],
        })
        .unwrap_err();
        assert_eq!(e.option().to_string(), "fieldMessages[1]");
    }

    #[test]
    fn envelopes() {
        use serde_json::json;
        let c = seed();
        let text = |v: &dyn erased::Ser| v.json();
        let legacy = c.invalid_arguments_response(&json!(7), "list_bounties", "something else");
        assert_eq!(
            text(&legacy),
            r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"invalid tool arguments"}}"#
        );
        let r = c.invalid_arguments_response(&json!({"x": 1}), "list_bounties", "limit must be at most 100");
        assert_eq!(
            text(&r),
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"invalid tool arguments","data":{"code":"invalid_argument","tool":"list_bounties","field":"limit","message":"must be at most 100"}}}"#
        );
        let t = c.tool_error_result("list_bounties", "limit must be at most 100");
        assert_eq!(t.content[0].text, "invalid tool arguments for list_bounties: limit must be at most 100");
        assert!(text(&t).starts_with(r#"{"content":[{"type":"text","#));
        let u = c.unknown_tool_response(&json!("a"), "list_bountie");
        assert_eq!(
            text(&u),
            r#"{"jsonrpc":"2.0","id":"a","error":{"code":-32602,"message":"unknown tool","data":{"code":"unknown_tool","suggestions":["list_bounties"]}}}"#
        );
    }

    /// Serializing test values to JSON text without naming each type.
    mod erased {
        pub trait Ser {
            fn json(&self) -> String;
        }
        impl<T: serde::Serialize> Ser for T {
            fn json(&self) -> String {
                serde_json::to_string(self).unwrap()
            }
        }
    }

    #[test]
    fn issues() {
        let c = seed();
        let got = c.classify_issues(
            "list_bounties",
            &[
                Issue::Zod { code: "too_big", first_segment: Some("limit"), missing: false, nested: false },
                Issue::Zod { code: "invalid_type", first_segment: Some("evil\n"), missing: true, nested: false },
                Issue::Ajv { keyword: "required", instance_path: "", missing_property: Some("status") },
                Issue::Ajv { keyword: "maximum", instance_path: "/limit", missing_property: None },
            ],
        );
        assert_eq!((got[0].field, got[0].message), (Some("limit"), "is too large or too long"));
        assert_eq!((got[1].field, got[1].message), (None, "is required"));
        assert_eq!(got[2].field, Some("status"));
        assert_eq!(got[3].field, Some("limit"));
    }

    #[test]
    fn a_left_out_value_is_required_whatever_code_zod_gives_it() {
        let c = seed();
        let zod = |code, missing, nested| Issue::Zod { code, first_segment: Some("status"), missing, nested };
        let message = |issue| c.classify_issues("list_bounties", &[issue])[0].message;
        // Zod 4 gives a left-out enum `invalid_value`, a left-out union `invalid_union`.
        for code in ["invalid_type", "invalid_value", "invalid_enum_value", "invalid_literal", "invalid_union"] {
            assert_eq!(message(zod(code, true, false)), "is required", "{code}");
            assert_eq!(message(zod(code, true, true)), "is missing a required property", "{code}");
        }
        assert_eq!(message(zod("invalid_value", false, false)), "is not one of the allowed values");
        // A refinement's own issue keeps its phrase, absent value or not.
        assert_eq!(message(zod("custom", true, false)), "is invalid");
        let ajv = |instance_path| Issue::Ajv { keyword: "required", instance_path, missing_property: Some("status") };
        let got = c.classify_issues("list_bounties", &[ajv(""), ajv("/status")]);
        assert_eq!((got[0].field, got[0].message), (Some("status"), "is required"));
        assert_eq!((got[1].field, got[1].message), (Some("status"), "is missing a required property"));
    }

    #[test]
    fn the_text_says_each_field_and_phrase_once() {
        let c = seed();
        let bad = Issue::Zod { code: "too_big", first_segment: Some("limit"), missing: false, nested: true };
        let other = Issue::Zod { code: "invalid_type", first_segment: Some("status"), missing: false, nested: false };
        let mut issues = vec![bad; 1000];
        issues.insert(500, other);
        let result = c.issues_result("list_bounties", &issues);
        assert_eq!(
            result.content[0].text,
            "invalid tool arguments for list_bounties: limit contains an invalid entry; status has the wrong type"
        );
        // At most ISSUES_IN_TEXT distinct problems are named.
        let fields: Vec<String> = (0..10).map(|i| format!("f{i}")).collect();
        let wide = ErrorClassifier::new(Catalog {
            tools: ToolFields::PerTool(vec![("t".into(), fields.clone())]),
            field_messages: FieldPhrases::Global(Vec::new()),
            fieldless_messages: Vec::new(),
        })
        .unwrap();
        let codes = ["too_big", "too_small", "invalid_type", "invalid_value", "custom", "invalid_format"];
        let many: Vec<Issue<'_>> = fields
            .iter()
            .flat_map(|f| {
                codes.iter().map(|c| Issue::Zod {
                    code: c,
                    first_segment: Some(f.as_str()),
                    missing: false,
                    nested: false,
                })
            })
            .collect();
        let text = &wide.issues_result("t", &many).content[0].text;
        assert_eq!(text.matches("; ").count() + 1, ISSUES_IN_TEXT, "{text}");
    }

    #[test]
    fn what_lies_inside_a_field_is_not_said_of_the_field() {
        let c = seed();
        let message = |issue| c.classify_issues("list_bounties", &[issue])[0];
        let zod = |code, first_segment, nested| Issue::Zod { code, first_segment, missing: false, nested };
        // One element or property of the field is wrong.
        for code in ["invalid_type", "too_big", "invalid_value", "custom"] {
            let got = message(zod(code, Some("status"), true));
            assert_eq!((got.field, got.message), (Some("status"), "contains an invalid entry"), "{code}");
        }
        assert_eq!(message(zod("invalid_type", Some("status"), false)).message, "has the wrong type");
        // Unknown keys are reported at the object that has them.
        let got = message(zod("unrecognized_keys", Some("status"), false));
        assert_eq!((got.field, got.message), (Some("status"), "contains an unknown property"));
        let got = message(zod("unrecognized_keys", None, false));
        assert_eq!((got.field, got.message), (None, "is not a known argument"));
        let ajv = |keyword, instance_path| Issue::Ajv { keyword, instance_path, missing_property: None };
        let phrases: Vec<&str> = c
            .classify_issues(
                "list_bounties",
                &[
                    ajv("additionalProperties", ""),
                    ajv("additionalProperties", "/status"),
                    ajv("maximum", "/limit"),
                    ajv("maximum", "/limit/0"),
                    ajv("type", "/status/since"),
                ],
            )
            .iter()
            .map(|d| d.message)
            .collect();
        assert_eq!(
            phrases,
            [
                "is not a known argument",
                "contains an unknown property",
                "is too large or too long",
                "contains an invalid entry",
                "contains an invalid entry"
            ]
        );
    }
}
