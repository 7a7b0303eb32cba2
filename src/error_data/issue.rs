//! Schema-validation issues (Zod, Valibot and ArkType issues, Ajv errors,
//! pydantic errors) and the fixed phrases they are reported with: one table, [`Phrase`], is
//! the only list of them.

use std::borrow::Cow;

use super::classifier::ErrorClassifier;
use super::response::{ErrorData, TextContent, ToolErrorResult, INVALID_ARGUMENT, INVALID_ARGUMENTS_MESSAGE};
use super::text::error_text;

/// One schema-validation issue, reduced to what can be used safely: a
/// code or keyword to look up, and where it points. Received values and the
/// issue's own message are never part of it. [`Issue::from_json`] reads
/// one given as JSON, [`Issue::from_fields`] one whose places a caller
/// read itself ([`IssueFields`](super::IssueFields)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
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
    /// A Valibot issue (`{ kind, type, path }`, path items `{ key }`), as
    /// its Standard Schema `validate` gives it.
    Valibot {
        /// `issue.type`: the schema or action that failed, e.g. `max_value`.
        kind: &'a str,
        /// `issue.path[0].key` when it is a string.
        first_segment: Option<&'a str>,
        /// The issue is about a key its object does not declare (a strict
        /// object's `expected: "never"`); the path ends at that key.
        unknown_key: bool,
        /// The value the issue is about is absent from the call (a key
        /// left out is reported at the key, with its object's type).
        missing: bool,
        /// The issue's path goes below a top-level argument.
        nested: bool,
    },
    /// An ArkType error (`{ code, path }`), as its Standard Schema
    /// `validate` gives it.
    ArkType {
        /// `error.code`, e.g. `maxLength`.
        code: &'a str,
        /// `error.path[0]` when it is a string.
        first_segment: Option<&'a str>,
        /// A key the type rejects (`"+": "reject"`: `predicate` with
        /// `expected: "removed"`); the path ends at that key.
        unknown_key: bool,
        /// The value the issue is about is absent from the call.
        missing: bool,
        /// The issue's path goes below a top-level argument.
        nested: bool,
    },
    /// A pydantic 2 error (`{ type, loc }`): an entry of
    /// `ValidationError.errors()`, of a model's or of a validated call's
    /// arguments (`validate_call`, as Python MCP SDKs check a tool's
    /// arguments). Only `type` and `loc[0]` are read: never `input`,
    /// `msg` or `url`, nor anything of `ctx` (which may quote the input:
    /// `value_error`'s `error`, `union_tag_invalid`'s `tag`); what the
    /// schema declares comes from the tool's JSON Schema instead
    /// ([`FieldHint::of_input_schema`](super::FieldHint::of_input_schema)).
    ///
    /// pydantic says itself what is missing (`missing`,
    /// `missing_argument`) and which key is unknown (`extra_forbidden`,
    /// `unexpected_keyword_argument`: `loc` ends at that key, as
    /// Valibot's and ArkType's paths do). A union's errors have the
    /// member's label in `loc` (`["either", "int"]`) and read as nested.
    Pydantic {
        /// `error.type`, e.g. `less_than_equal`.
        error_type: &'a str,
        /// `error.loc[0]` when it is a string: a field, an argument, or a
        /// key the caller chose (shown only when it is a catalog field).
        first_segment: Option<&'a str>,
        /// `loc` has more than one item: what is wrong lies inside the
        /// field `loc[0]` names.
        nested: bool,
    },
}

/// Declares [`Phrase`] and its texts in one list, so a phrase cannot exist
/// without its text, nor a text without its phrase (a phrase missing from a
/// second list used to be reported as "has the wrong type").
macro_rules! phrases {
    ($($(#[$doc:meta])* $name:ident => $text:literal,)*) => {
        /// A fixed phrase of a schema issue; its index is its place in
        /// [`ISSUE_MESSAGES`], the number the binding sends.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) enum Phrase {
            $($(#[$doc])* $name,)*
        }

        /// Every fixed phrase [`issue_message`] can return, in a fixed
        /// order (for the no-echo proofs, and the table a binding sends once).
        pub const ISSUE_MESSAGES: [&str; [$($text),*].len()] = [$($text),*];
    };
}

phrases! {
    WrongType => "has the wrong type",
    Required => "is required",
    /// What is wrong lies inside the named field: "filter is required",
    /// "filter is not a known argument" or "tags has the wrong type" (for
    /// one element) would send the caller looking at a field it passed
    /// rightly.
    MissingPart => "is missing a required property",
    UnknownPart => "contains an unknown property",
    NotAllowed => "is not one of the allowed values",
    UnknownArgument => "is not a known argument",
    NoForm => "does not match any allowed form",
    Format => "does not have the expected format",
    Small => "is too small or too short",
    Big => "is too large or too long",
    Step => "is not a multiple of the required step",
    NotFinite => "must be a finite number",
    InvalidEntry => "contains an invalid entry",
    Duplicates => "contains duplicate items",
    Invalid => "is invalid",
}

impl Phrase {
    /// The phrase's text.
    pub(crate) const fn text(self) -> &'static str {
        ISSUE_MESSAGES[self.index() as usize]
    }

    /// Its index in [`ISSUE_MESSAGES`] (a binding sends phrases by it).
    pub(crate) const fn index(self) -> u32 {
        self as u32
    }

    /// Which schema hints ([`FieldHint`](super::FieldHint)) can stand in
    /// for it, the first the field has: a value not allowed; no form
    /// matched (a field with declared options says it the same way, as
    /// ArkType reports `'a'|'b'` as a union, else by its one declared type,
    /// as ArkType reports a boolean as `true | false`); too small; too
    /// large; of the wrong type.
    pub(crate) const fn hint_slots(self) -> &'static [usize] {
        match self {
            Self::NotAllowed => &[0],
            Self::NoForm => &[0, 3],
            Self::Small => &[1],
            Self::Big => &[2],
            Self::WrongType => &[3],
            _ => &[],
        }
    }

    /// The phrase for a schema issue.
    pub(crate) fn of(issue: &Issue<'_>) -> Self {
        match *issue {
            Issue::Zod { code, first_segment, missing, nested } => {
                let phrase = lookup(ZOD, code);
                // Unknown keys are reported at the object that has them.
                let phrase = match phrase {
                    Self::UnknownArgument if first_segment.is_some() => Self::UnknownPart,
                    _ => phrase,
                };
                phrase.placed(missing, nested)
            }
            Issue::Valibot { kind, unknown_key, missing, nested, .. } => {
                lookup(VALIBOT, kind).keyed(unknown_key, missing, nested)
            }
            Issue::ArkType { code, unknown_key, missing, nested, .. } => {
                lookup(ARKTYPE, code).keyed(unknown_key, missing, nested)
            }
            Issue::Ajv { keyword, instance_path, .. } => Self::of_ajv(keyword, instance_path),
            Issue::Pydantic { error_type, nested, .. } => {
                // `extra_forbidden` and the unexpected arguments (the only
                // types whose phrase is `UnknownArgument`) are about a key.
                // A value left out has its own types (`missing`), whose
                // phrase is `Required`: `keyed` places it.
                let phrase = lookup(PYDANTIC, error_type);
                phrase.keyed(phrase == Self::UnknownArgument, false, nested)
            }
        }
    }

    /// Where the issue is: a value left out gets the phrase of a wrong
    /// type, a value not allowed or no form matched (which one depends on
    /// the schema and the validator); a custom issue (a refinement's own
    /// rule) keeps its phrase; anything below a top-level argument is an
    /// entry of it.
    fn placed(self, missing: bool, nested: bool) -> Self {
        match self {
            Self::WrongType | Self::NotAllowed | Self::NoForm if missing && nested => Self::MissingPart,
            Self::WrongType | Self::NotAllowed | Self::NoForm if missing => Self::Required,
            Self::Required if nested => Self::MissingPart,
            Self::UnknownPart | Self::Required => self,
            _ if nested => Self::InvalidEntry,
            phrase => phrase,
        }
    }

    /// As [`placed`](Self::placed), for validators whose issue about a key
    /// ends its path at the key (Valibot, ArkType): a key left out or not
    /// declared is a part of the field its path starts at, or a top-level
    /// argument.
    fn keyed(self, unknown_key: bool, missing: bool, nested: bool) -> Self {
        match (unknown_key, nested) {
            (true, true) => Self::UnknownPart,
            (true, false) => Self::UnknownArgument,
            _ => self.placed(missing, nested),
        }
    }

    /// An Ajv keyword's phrase. Ajv reports `required` and unknown
    /// properties at the object that lacks or has them; anything else where
    /// the bad value is.
    fn of_ajv(keyword: &str, instance_path: &str) -> Self {
        let inside = !instance_path.is_empty();
        let deep = instance_path.strip_prefix('/').is_some_and(|rest| rest.contains('/'));
        match lookup(AJV, keyword) {
            Self::Required if inside => Self::MissingPart,
            Self::UnknownArgument if inside => Self::UnknownPart,
            phrase @ (Self::Required | Self::UnknownArgument) => phrase,
            _ if deep => Self::InvalidEntry,
            phrase => phrase,
        }
    }
}

/// More UTF-16 code units than any code, type, keyword or other word an
/// issue's string is compared with (the tables' below, and the reader's
/// own: `dependentRequired`, `transformation`, …).
#[cfg(any(feature = "wasm-server", test))]
pub(crate) const WORD_UNITS: usize = 64;

/// The phrases of a validator's issue codes, as groups of codes with one
/// phrase; a code it does not list is [`Phrase::Invalid`].
type Table = &'static [(&'static [&'static str], Phrase)];

/// `code`'s phrase in `table`. A scan of a table, not a `match` on the
/// strings, which compiled to a comparison per string (about 10 KB of
/// wasm); the tables are short, and an issue is looked up once.
fn lookup(table: Table, code: &str) -> Phrase {
    table.iter().find(|(codes, _)| codes.contains(&code)).map_or(Phrase::Invalid, |&(_, phrase)| phrase)
}

/// A Zod issue code's phrase (v3 and v4).
const ZOD: Table = &[
    (&["invalid_type"], Phrase::WrongType),
    (&["invalid_literal", "invalid_enum_value", "invalid_value"], Phrase::NotAllowed),
    (&["unrecognized_keys"], Phrase::UnknownArgument),
    (&["invalid_union", "invalid_union_discriminator"], Phrase::NoForm),
    (&["invalid_string", "invalid_format", "invalid_date"], Phrase::Format),
    (&["too_small"], Phrase::Small),
    (&["too_big"], Phrase::Big),
    (&["not_multiple_of"], Phrase::Step),
    (&["not_finite"], Phrase::NotFinite),
    (&["invalid_key", "invalid_element"], Phrase::InvalidEntry),
];

/// A Valibot issue type's phrase (a schema's type, or a validation
/// action's); a key left out is reported with its object's type.
const VALIBOT: Table = &[
    (&["picklist", "enum", "literal", "value", "values", "not_value", "not_values"], Phrase::NotAllowed),
    (&["union", "variant"], Phrase::NoForm),
    (
        &[
            "min_value",
            "gt_value",
            "min_length",
            "min_size",
            "min_entries",
            "min_words",
            "min_graphemes",
            "min_bytes",
            "non_empty",
        ],
        Phrase::Small,
    ),
    (
        &["max_value", "lt_value", "max_length", "max_size", "max_entries", "max_words", "max_graphemes", "max_bytes"],
        Phrase::Big,
    ),
    (&["multiple_of"], Phrase::Step),
    (&["finite"], Phrase::NotFinite),
    (
        &[
            "regex",
            "email",
            "rfc_email",
            "url",
            "uuid",
            "iso_date",
            "iso_date_time",
            "iso_time",
            "iso_time_second",
            "iso_timestamp",
            "iso_week",
            "ip",
            "ipv4",
            "ipv6",
            "mac",
            "mac48",
            "mac64",
            "hex_color",
            "hexadecimal",
            "hash",
            "digits",
            "decimal",
            "base64",
            "bic",
            "credit_card",
            "cuid2",
            "emoji",
            "imei",
            "nanoid",
            "octal",
            "ulid",
            "slug",
            "starts_with",
            "ends_with",
        ],
        Phrase::Format,
    ),
    (&["check_items", "some_item", "every_item"], Phrase::InvalidEntry),
    (
        &[
            "string",
            "number",
            "bigint",
            "boolean",
            "date",
            "array",
            "tuple",
            "strict_tuple",
            "loose_tuple",
            "tuple_with_rest",
            "object",
            "strict_object",
            "loose_object",
            "object_with_rest",
            "record",
            "map",
            "set",
            "null",
            "undefined",
            "nan",
            "blob",
            "file",
            "function",
            "instance",
            "symbol",
            "integer",
            "safe_integer",
        ],
        Phrase::WrongType,
    ),
];

/// An ArkType error code's phrase.
const ARKTYPE: Table = &[
    (&["required"], Phrase::Required),
    (&["domain", "proto"], Phrase::WrongType),
    (&["unit"], Phrase::NotAllowed),
    (&["union"], Phrase::NoForm),
    (&["min", "minLength", "after"], Phrase::Small),
    (&["max", "maxLength", "before"], Phrase::Big),
    (&["divisor"], Phrase::Step),
    (&["pattern"], Phrase::Format),
];

/// A pydantic error type's phrase (pydantic-core's `ErrorType`). A
/// number, boolean or other non-text value that does not parse is of
/// the wrong type; a text that does not parse as a date, time, URL or
/// UUID has the wrong format. `value_error` and `assertion_error`
/// (a validator's own rule, also pydantic's e-mail check) are invalid.
const PYDANTIC: Table = &[
    (
        &["missing", "missing_argument", "missing_keyword_only_argument", "missing_positional_only_argument"],
        Phrase::Required,
    ),
    (&["extra_forbidden", "unexpected_keyword_argument", "unexpected_positional_argument"], Phrase::UnknownArgument),
    (&["literal_error", "enum"], Phrase::NotAllowed),
    (&["union_tag_invalid", "union_tag_not_found"], Phrase::NoForm),
    (&["greater_than", "greater_than_equal", "too_short", "string_too_short", "bytes_too_short"], Phrase::Small),
    (
        &[
            "less_than",
            "less_than_equal",
            "too_long",
            "string_too_long",
            "bytes_too_long",
            "url_too_long",
            "int_parsing_size",
            "decimal_max_digits",
            "decimal_max_places",
            "decimal_whole_digits",
        ],
        Phrase::Big,
    ),
    (&["multiple_of"], Phrase::Step),
    (&["finite_number"], Phrase::NotFinite),
    (
        &[
            "string_pattern_mismatch",
            "string_unicode",
            "json_invalid",
            "bytes_invalid_encoding",
            "url_parsing",
            "url_syntax_violation",
            "url_scheme",
            "uuid_parsing",
            "uuid_version",
            "date_parsing",
            "date_from_datetime_parsing",
            "date_from_datetime_inexact",
            "time_parsing",
            "datetime_parsing",
            "datetime_object_invalid",
            "datetime_from_date_parsing",
            "time_delta_parsing",
            "timezone_naive",
            "timezone_aware",
            "timezone_offset",
        ],
        Phrase::Format,
    ),
    (&["invalid_key", "set_item_not_hashable"], Phrase::InvalidEntry),
    (
        &[
            "model_type",
            "model_attributes_type",
            "dataclass_type",
            "dataclass_exact_type",
            "none_required",
            "iterable_type",
            "string_type",
            "string_sub_type",
            "dict_type",
            "mapping_type",
            "list_type",
            "tuple_type",
            "set_type",
            "frozen_set_type",
            "bool_type",
            "bool_parsing",
            "int_type",
            "int_parsing",
            "int_from_float",
            "float_type",
            "float_parsing",
            "bytes_type",
            "date_type",
            "time_type",
            "datetime_type",
            "time_delta_type",
            "url_type",
            "uuid_type",
            "decimal_type",
            "decimal_parsing",
            "complex_type",
            "complex_str_parsing",
            "callable_type",
            "is_instance_of",
            "is_subclass_of",
            "arguments_type",
            "json_type",
        ],
        Phrase::WrongType,
    ),
];

/// Ajv's keywords. `dependentRequired` (and draft-07's `dependencies` in
/// its list form) name a property required by another one.
const AJV: Table = &[
    (&["required", "dependentRequired", "dependencies"], Phrase::Required),
    (&["additionalProperties", "unevaluatedProperties"], Phrase::UnknownArgument),
    (&["type"], Phrase::WrongType),
    (&["enum", "const"], Phrase::NotAllowed),
    (&["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"], Phrase::Small),
    (&["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"], Phrase::Big),
    (&["pattern", "format"], Phrase::Format),
    (&["multipleOf"], Phrase::Step),
    (&["oneOf", "anyOf"], Phrase::NoForm),
    (&["uniqueItems"], Phrase::Duplicates),
];

/// A classified issue's phrase: fixed or a schema hint (a catalog string
/// id).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IssuePhrase {
    Fixed(Phrase),
    Hint(u32),
}

/// The fixed message for a schema issue, one of [`ISSUE_MESSAGES`].
///
/// ```
/// use mcp_boundary::{issue_message, Issue};
///
/// let issue = Issue::Zod { code: "too_big", first_segment: Some("limit"), missing: false, nested: false };
/// assert_eq!(issue_message(&issue), "is too large or too long");
/// ```
#[must_use]
pub fn issue_message(issue: &Issue<'_>) -> &'static str {
    Phrase::of(issue).text()
}

/// The most distinct problems (field and phrase) an issue result's text
/// names.
pub const ISSUES_IN_TEXT: usize = 32;

impl ErrorClassifier {
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
            structured_content: self.structured(tool, first),
        }
    }

    /// Safe data for schema-validation issues (Zod, Valibot and ArkType
    /// issues, Ajv errors, pydantic errors): the field is the top-level path segment when it
    /// is a field of the tool, the message a fixed phrase for the issue's
    /// code, type or keyword, or what the field's schema hint says.
    #[must_use]
    pub fn classify_issues(&self, tool: &str, issues: &[Issue<'_>]) -> Vec<ErrorData<'_>> {
        self.classify_issue_ids(tool, issues)
            .into_iter()
            .map(|(tool, field, message)| ErrorData {
                code: INVALID_ARGUMENT,
                tool: tool.map(|t| self.string(t)),
                field: field.map(|f| self.string(f)),
                message: match message {
                    IssuePhrase::Fixed(phrase) => phrase.text(),
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
                    Issue::Zod { first_segment, .. }
                    | Issue::Valibot { first_segment, .. }
                    | Issue::ArkType { first_segment, .. }
                    | Issue::Pydantic { first_segment, .. } => first_segment.map(Cow::Borrowed),
                    Issue::Ajv {
                        keyword: "required" | "dependentRequired" | "dependencies",
                        instance_path: "",
                        missing_property,
                    } => missing_property.map(Cow::Borrowed),
                    Issue::Ajv { instance_path, .. } => first_pointer_segment(instance_path),
                };
                let field = segment.as_deref().and_then(|s| self.field_id(tool_id, s));
                let fixed = Phrase::of(issue);
                let slots: &[usize] = match *issue {
                    // ArkType checks a union of three or more literals as one
                    // predicate: on a field that declares its options, they are
                    // what it expected.
                    Issue::ArkType { code: "predicate", unknown_key: false, nested: false, .. } => &[0],
                    // pydantic's strict mode wants an Enum field's value as an
                    // instance of its class (`is_instance_of`, whose class name
                    // the JSON caller cannot give): on a field that declares
                    // its options, they are what it expected; else its type.
                    Issue::Pydantic { error_type: "is_instance_of", nested: false, .. } => &[0, 3],
                    _ => fixed.hint_slots(),
                };
                let hint = match (tool_id, field) {
                    (Some(t), Some(f)) => slots.iter().find_map(|&slot| self.hint(t, f, slot)),
                    _ => None,
                };
                (tool_id, field, hint.map_or(IssuePhrase::Fixed(fixed), IssuePhrase::Hint))
            })
            .collect()
    }
}

/// The first segment of a JSON Pointer (`/limit/0` → `limit`), unescaped.
pub(super) fn first_pointer_segment(pointer: &str) -> Option<Cow<'_, str>> {
    let rest = pointer.strip_prefix('/')?;
    Some(crate::json_pointer::unescape(rest.split('/').next().unwrap_or_default()))
}

#[cfg(test)]
mod word_tests {
    use super::*;

    #[test]
    fn every_word_is_shorter_than_word_units() {
        for table in [ZOD, VALIBOT, ARKTYPE, PYDANTIC, AJV] {
            for (codes, _) in table {
                for code in *codes {
                    assert!(code.encode_utf16().count() < WORD_UNITS, "{code}");
                }
            }
        }
    }
}
