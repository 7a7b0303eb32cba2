//! A call's arguments checked against the tool's own published input JSON
//! Schema, for an SDK whose arguments are read by a deserializer that
//! quotes what it refuses and checks less than the schema declares (Rust's
//! serde: a bound or a pattern that schemars publishes is never checked).
//! The issues it finds are JSON Schema keywords at JSON Pointers, as Ajv
//! reports them, so the classifier phrases them from the keyword and the
//! schema's own constants ([`Issue::Ajv`]); the arguments themselves are
//! never part of an issue, beyond the declared names `required` lists.
//!
//! The check is lenient where it cannot judge: a keyword it does not know,
//! a `$ref` outside the schema, a pattern that does not compile, or a call
//! deeper or larger than its bounds passes that part, and the SDK's own
//! reading decides.

use std::collections::HashMap;
use std::fmt::Write as _;

use regex_lite::Regex;
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use crate::error_data::{constant_forms, Issue};
use crate::recipient::{validate_recipient, RecipientError, RecipientValidator};

/// The deepest a call is followed into (objects, arrays, `$ref`s and
/// combinators each count one).
const MAX_DEPTH: usize = 64;
/// The most schema nodes one check visits: a call past it passes the rest
/// (combinators nested in combinators would otherwise grow as a product).
const MAX_STEPS: usize = 100_000;
/// The most issues one check reports.
const MAX_ISSUES: usize = 32;
/// The most patterns a schema's check compiles.
const MAX_PATTERNS: usize = 1_024;
/// The largest compiled pattern (regex-lite's own limit is 10 MiB).
const MAX_PATTERN_SIZE: usize = 1 << 20;

/// A schema issue: a JSON Schema `keyword` the value at `instance_path`
/// failed, and for `required` the declared property that is missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaIssue {
    keyword: &'static str,
    instance_path: String,
    missing_property: Option<String>,
    bound: bool,
}

/// The keywords a deserializer reads past: what a schema states about a
/// value of the right shape (its size, range and form), which serde never
/// checks. Everything else (types, `required`, unknown keys, enums,
/// combinators) serde checks itself, in forms a schema does not show
/// (aliases, `#[serde(other)]`, a struct written as an array).
const BOUNDS: [&str; 11] = [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
];

/// The longest string a `pattern` is run on (regex-lite runs in time
/// linear in it, but slowly: a longer one is left to the SDK's reader).
const MAX_PATTERN_INPUT: usize = 64 * 1024;

/// An issue in Ajv's shape (`{"keyword", "instancePath", "params":
/// {"missingProperty"}}`), the one the classifier reads back
/// ([`Issue::list_from_json`]): how a binding gives the issues to an SDK's
/// failure path (and its `on_error`) when the SDK's own schema check
/// refused a call without saying where.
impl Serialize for SchemaIssue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Params<'a> {
            #[serde(skip_serializing_if = "Option::is_none")]
            missing_property: Option<&'a str>,
        }
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Ajv<'a> {
            keyword: &'static str,
            instance_path: &'a str,
            params: Params<'a>,
        }
        Ajv {
            keyword: self.keyword,
            instance_path: &self.instance_path,
            params: Params { missing_property: self.missing_property.as_deref() },
        }
        .serialize(serializer)
    }
}

impl SchemaIssue {
    /// The issue as the classifier reads it (an Ajv error's three parts).
    #[must_use]
    pub fn issue(&self) -> Issue<'_> {
        Issue::Ajv {
            keyword: self.keyword,
            instance_path: &self.instance_path,
            missing_property: self.missing_property.as_deref(),
        }
    }

    /// The JSON Schema keyword the value failed.
    #[must_use]
    pub fn keyword(&self) -> &'static str {
        self.keyword
    }

    /// Whether the issue is a bound the schema states that a deserializer
    /// never checks (`maximum`, `maxLength`, `pattern`, `maxItems`, …, on
    /// a value of the declared type): the issues to refuse a call with
    /// before the SDK reads it. The others (a type, a missing or unknown
    /// key, a value outside an enum) the reader checks itself, and may
    /// accept in a form the schema does not show (serde's aliases, its
    /// `other` variant, a struct written as an array): they name the
    /// field once the reader has refused the call.
    #[must_use]
    pub fn is_bound(&self) -> bool {
        self.bound
    }
}

/// A tool's input schema, ready to check calls against: its patterns
/// compiled once.
///
/// ```
/// use mcp_boundary::{ArgumentCheck, Failure, ListedTool, Protection, Answer};
/// use serde_json::json;
///
/// let schema = json!({
///     "type": "object",
///     "properties": {"limit": {"type": "integer", "minimum": 1, "maximum": 100}},
///     "required": ["limit"],
///     "additionalProperties": false
/// });
/// let check = ArgumentCheck::new(&schema);
/// let call = json!({"limit": 500, "SECRET\n": 1});
/// let found = check.check(call.as_object());
/// let mut keywords: Vec<_> = found.iter().map(|i| i.keyword()).collect();
/// keywords.sort_unstable();
/// assert_eq!(keywords, ["additionalProperties", "maximum"]);
///
/// let protection = Protection::default();
/// let catalog = protection.catalog([ListedTool::new("search", Some(&schema), false)]);
/// let issues: Vec<_> = found.iter().map(|i| i.issue()).collect();
/// let decision = protection.answer(&catalog, Failure::InvalidArguments { tool: "search", issues: &issues });
/// let Answer::Result(result) = decision.answer else { unreachable!() };
/// assert!(!result.content[0].text.contains("SECRET"));
/// assert!(result.content[0].text.contains("limit"));
/// ```
#[derive(Debug, Clone)]
pub struct ArgumentCheck {
    schema: Value,
    patterns: HashMap<String, Regex>,
    recipients: Vec<String>,
}

impl ArgumentCheck {
    /// The check of calls against `input_schema` (a JSON Schema object;
    /// anything else checks nothing).
    #[must_use]
    pub fn new(input_schema: &Value) -> Self {
        let mut patterns = HashMap::new();
        collect_patterns(input_schema, 0, &mut patterns);
        let recipient = RecipientValidator::default().json_schema().pattern;
        let recipients = input_schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter(|(_, field)| field.get("pattern").and_then(Value::as_str) == Some(recipient.as_str()))
            .map(|(name, _)| name.clone())
            .collect();
        Self { schema: input_schema.clone(), patterns, recipients }
    }

    /// The §1.2 rejection of a recipient field of the call, when it has
    /// one that is refused: a top-level field whose schema is the
    /// recipient's JSON Schema ([`RecipientValidator::json_schema`] with
    /// the default options, as `recipient_json_schema` gives it), holding a
    /// string that is neither `AGENT:*` nor `@<identifier>`. A protected
    /// server answers it as JS's `recipientSchema` does: the rejection,
    /// which teaches both shapes (its rendition of the value is bounded
    /// and escaped, §1.2).
    ///
    /// ```
    /// use mcp_boundary::{ArgumentCheck, RecipientValidator};
    /// use serde_json::json;
    ///
    /// let to = serde_json::to_value(RecipientValidator::default().json_schema()).unwrap();
    /// let check = ArgumentCheck::new(&json!({"type": "object", "properties": {"to": to}}));
    /// let call = json!({"to": "AGENT:gpt"});
    /// assert_eq!(check.check(call.as_object())[0].keyword(), "pattern");
    /// assert_eq!(check.recipient_rejection(call.as_object()).unwrap().reason().as_str(), "agent_prefix_with_name");
    /// assert!(check.recipient_rejection(json!({"to": "@neo-gpt"}).as_object()).is_none());
    /// ```
    #[must_use]
    pub fn recipient_rejection(&self, arguments: Option<&Map<String, Value>>) -> Option<RecipientError> {
        let arguments = arguments?;
        self.recipients
            .iter()
            .filter_map(|field| arguments.get(field).and_then(Value::as_str))
            .find_map(|to| validate_recipient(to).err())
    }

    /// The issues of a call's `arguments` (`None`: none were sent, which
    /// is checked as an empty object); empty when the schema accepts them
    /// or cannot judge.
    #[must_use]
    pub fn check(&self, arguments: Option<&Map<String, Value>>) -> Vec<SchemaIssue> {
        let empty = Map::new();
        let arguments = arguments.unwrap_or(&empty);
        let mut walk = Walk { root: &self.schema, patterns: &self.patterns, steps: 0, issues: Vec::new() };
        let mut path = String::new();
        walk.object(&self.schema, arguments, &mut path, 0);
        walk.issues
    }
}

/// Every `pattern` in `schema`, compiled (bounded in depth and count).
fn collect_patterns(schema: &Value, depth: usize, out: &mut HashMap<String, Regex>) {
    if depth > MAX_DEPTH || out.len() >= MAX_PATTERNS {
        return;
    }
    match schema {
        Value::Object(map) => {
            let patterned = map.get("patternProperties").and_then(Value::as_object).into_iter().flat_map(|p| p.keys());
            for pattern in map.get("pattern").and_then(Value::as_str).into_iter().chain(patterned.map(String::as_str)) {
                if out.len() < MAX_PATTERNS && !out.contains_key(pattern) {
                    if let Ok(regex) = regex_lite::RegexBuilder::new(pattern).size_limit(MAX_PATTERN_SIZE).build() {
                        out.insert(pattern.to_owned(), regex);
                    }
                }
            }
            for value in map.values() {
                collect_patterns(value, depth + 1, out);
            }
        }
        Value::Array(list) => list.iter().for_each(|v| collect_patterns(v, depth + 1, out)),
        _ => {}
    }
}

/// Which `patternProperties` declare a key: their schemas (none: no
/// pattern matches it), or unknown.
enum Matched<'s> {
    Schemas(Vec<&'s Value>),
    Unknown,
}

impl Matched<'_> {
    /// No pattern declares the key.
    fn is_none(&self) -> bool {
        matches!(self, Self::Schemas(s) if s.is_empty())
    }
}

/// One check's state: the root (for `$ref`s), the budget and the issues.
struct Walk<'s> {
    root: &'s Value,
    patterns: &'s HashMap<String, Regex>,
    steps: usize,
    issues: Vec<SchemaIssue>,
}

impl<'s> Walk<'s> {
    fn push(&mut self, keyword: &'static str, path: &str, missing_property: Option<&str>) {
        self.push_issue(keyword, path, missing_property, BOUNDS.contains(&keyword));
    }

    fn push_issue(&mut self, keyword: &'static str, path: &str, missing_property: Option<&str>, bound: bool) {
        if self.issues.len() < MAX_ISSUES {
            self.issues.push(SchemaIssue {
                keyword,
                instance_path: path.to_owned(),
                missing_property: missing_property.map(str::to_owned),
                bound,
            });
        }
    }

    fn extend(&mut self, issues: Vec<SchemaIssue>) {
        let room = MAX_ISSUES.saturating_sub(self.issues.len());
        self.issues.extend(issues.into_iter().take(room));
    }

    /// Whether the walk may go on: within depth, steps and issues.
    fn go_on(&mut self, depth: usize) -> bool {
        self.steps += 1;
        depth <= MAX_DEPTH && self.steps <= MAX_STEPS && self.issues.len() < MAX_ISSUES
    }

    /// The top-level arguments object against the root schema, read in
    /// place (a valid call costs no copy of it): only a root that is a
    /// reference, a combinator or a list of constants, which schemas of
    /// tool arguments seldom are, is checked on a copy as any value is.
    fn object(&mut self, schema: &'s Value, arguments: &Map<String, Value>, path: &mut String, depth: usize) {
        let Value::Object(map) = schema else {
            let value = Value::Object(arguments.clone());
            return self.value(schema, &value, path, depth);
        };
        if ["$ref", "anyOf", "oneOf", "allOf", "not", "enum", "const"].iter().any(|k| map.contains_key(*k)) {
            let value = Value::Object(arguments.clone());
            return self.value(schema, &value, path, depth);
        }
        if !self.go_on(depth) {
            return;
        }
        if map.get("type").is_some_and(|types| !type_matches(types, &Value::Object(Map::new()))) {
            return self.push("type", path, None);
        }
        self.properties(map, arguments, path, depth);
    }

    /// `value` at `path` against `schema`.
    fn value(&mut self, schema: &'s Value, value: &Value, path: &mut String, depth: usize) {
        if !self.go_on(depth) {
            return;
        }
        let schema = match schema {
            Value::Bool(false) => return self.push("false schema", path, None),
            Value::Object(map) => map,
            _ => return,
        };
        if let Some(Value::String(reference)) = schema.get("$ref") {
            if let Some(target) = self.resolve(reference) {
                self.value(target, value, path, depth + 1);
            }
        }
        if let Some(types) = schema.get("type") {
            if !type_matches(types, value) {
                // Nothing else about a value of the wrong type says more.
                return self.push("type", path, None);
            }
        }
        if let Some(Value::Array(options)) = schema.get("enum") {
            if !options.iter().any(|o| equal(o, value)) {
                self.push("enum", path, None);
            }
        }
        if let Some(constant) = schema.get("const") {
            if !equal(constant, value) {
                self.push("const", path, None);
            }
        }
        match value {
            Value::Number(n) => self.number(schema, n.as_f64(), path),
            Value::String(s) => self.string(schema, s, path),
            Value::Array(items) => self.array(schema, items, path, depth),
            Value::Object(map) => self.properties(schema, map, path, depth),
            Value::Null | Value::Bool(_) => {}
        }
        self.combinators(schema, value, path, depth);
    }

    fn resolve(&self, reference: &str) -> Option<&'s Value> {
        let pointer = reference.strip_prefix('#')?;
        // schemars' and pydantic's own form, read without the copies a
        // JSON Pointer's escapes need.
        for part in ["/$defs/", "/definitions/"] {
            if let Some(name) = pointer.strip_prefix(part).filter(|n| !n.contains(['/', '~'])) {
                return self.root.get(&part[1..part.len() - 1])?.get(name);
            }
        }
        crate::json_pointer::get(self.root, pointer)
    }

    fn number(&mut self, schema: &Map<String, Value>, n: Option<f64>, path: &str) {
        let Some(n) = n else { return };
        let bound = |key: &str| schema.get(key).and_then(Value::as_f64);
        if bound("minimum").is_some_and(|b| n < b) {
            self.push("minimum", path, None);
        }
        if bound("maximum").is_some_and(|b| n > b) {
            self.push("maximum", path, None);
        }
        if bound("exclusiveMinimum").is_some_and(|b| n <= b) {
            self.push("exclusiveMinimum", path, None);
        }
        if bound("exclusiveMaximum").is_some_and(|b| n >= b) {
            self.push("exclusiveMaximum", path, None);
        }
        // The integer formats schemars publishes for Rust's integer types
        // (it states `minimum: 0` for the unsigned ones, never the top).
        if let Some((low, high)) = schema.get("format").and_then(Value::as_str).and_then(integer_format) {
            // A bound the schema states itself has been checked above. The
            // type's own range is serde's to check: it names the field
            // once serde refused, never refuses before it.
            if n < low && bound("minimum").is_none() {
                self.push_issue("minimum", path, None, false);
            } else if n > high && bound("maximum").is_none() {
                self.push_issue("maximum", path, None, false);
            }
        }
    }

    fn string(&mut self, schema: &Map<String, Value>, s: &str, path: &str) {
        let size = |key: &str| schema.get(key).and_then(Value::as_u64);
        let min = size("minLength");
        let max = size("maxLength");
        if min.is_some() || max.is_some() {
            // JSON Schema counts characters; only as far as a bound needs.
            let limit = max.map_or(min.unwrap_or(0), |m| m.saturating_add(1));
            let chars = s.chars().take(usize::try_from(limit).unwrap_or(usize::MAX)).count() as u64;
            if min.is_some_and(|m| chars < m) {
                self.push("minLength", path, None);
            }
            if max.is_some_and(|m| chars > m) {
                // Too long already: its pattern says no more.
                return self.push("maxLength", path, None);
            }
        }
        if let Some(Value::String(pattern)) = schema.get("pattern") {
            if s.len() <= MAX_PATTERN_INPUT && self.patterns.get(pattern).is_some_and(|regex| !regex.is_match(s)) {
                self.push("pattern", path, None);
            }
        }
    }

    fn array(&mut self, schema: &'s Map<String, Value>, items: &[Value], path: &mut String, depth: usize) {
        let size = |key: &str| schema.get(key).and_then(Value::as_u64);
        if size("minItems").is_some_and(|m| (items.len() as u64) < m) {
            self.push("minItems", path, None);
        }
        if size("maxItems").is_some_and(|m| (items.len() as u64) > m) {
            self.push("maxItems", path, None);
        }
        // Tuples: `prefixItems` (2020-12) or `items` as a list (draft 7);
        // then `items` (2020-12) or `additionalItems` (draft 7) for the rest.
        let (prefix, rest) = match (schema.get("prefixItems"), schema.get("items")) {
            (Some(Value::Array(prefix)), rest) => (prefix.as_slice(), rest),
            (_, Some(Value::Array(prefix))) => (prefix.as_slice(), schema.get("additionalItems")),
            (_, rest) => (&[][..], rest),
        };
        for (index, item) in items.iter().enumerate() {
            let Some(item_schema) = prefix.get(index).or(rest) else { break };
            let len = path.len();
            let _ = write!(path, "/{index}");
            self.value(item_schema, item, path, depth + 1);
            path.truncate(len);
            if !self.go_on(depth) {
                break;
            }
        }
    }

    fn properties(
        &mut self,
        schema: &'s Map<String, Value>,
        map: &Map<String, Value>,
        path: &mut String,
        depth: usize,
    ) {
        if let Some(Value::Array(required)) = schema.get("required") {
            for name in required.iter().filter_map(Value::as_str) {
                if !map.contains_key(name) {
                    self.push("required", path, Some(name));
                }
            }
        }
        let size = |key: &str| schema.get(key).and_then(Value::as_u64);
        if size("minProperties").is_some_and(|m| (map.len() as u64) < m) {
            self.push("minProperties", path, None);
        }
        if size("maxProperties").is_some_and(|m| (map.len() as u64) > m) {
            self.push("maxProperties", path, None);
        }
        let declared = schema.get("properties").and_then(Value::as_object);
        let patterned = schema.get("patternProperties").and_then(Value::as_object);
        let additional = schema.get("additionalProperties");
        for (key, item) in map {
            let len = path.len();
            path.push('/');
            escape_into(path, key);
            // A key is checked against its property and every pattern that
            // matches it; `additionalProperties` is for a key neither
            // declares. A pattern that could not be compiled, or a key too
            // long to match: whether it declares the key is the SDK's call.
            let property = declared.and_then(|d| d.get(key));
            let matched = patterned.map(|p| self.matching(p, key));
            if let Some(property) = property {
                self.value(property, item, path, depth + 1);
            }
            if let Some(Matched::Schemas(schemas)) = &matched {
                for schema in schemas {
                    self.value(schema, item, path, depth + 1);
                }
            }
            if property.is_none() && matched.as_ref().is_none_or(Matched::is_none) {
                match additional {
                    // Ajv reports an unknown key at its object, never the key.
                    Some(Value::Bool(false)) => self.push("additionalProperties", &path[..len], None),
                    Some(extra @ Value::Object(_)) => self.value(extra, item, path, depth + 1),
                    _ => {}
                }
            }
            path.truncate(len);
            if !self.go_on(depth) {
                break;
            }
        }
    }

    /// The schemas of `patterned` (a `patternProperties`) whose pattern
    /// matches `key`.
    fn matching(&self, patterned: &'s Map<String, Value>, key: &str) -> Matched<'s> {
        let mut schemas = Vec::new();
        for (pattern, schema) in patterned {
            match self.patterns.get(pattern) {
                Some(regex) if key.len() <= MAX_PATTERN_INPUT => {
                    if regex.is_match(key) {
                        schemas.push(schema);
                    }
                }
                _ => return Matched::Unknown,
            }
        }
        Matched::Schemas(schemas)
    }

    fn combinators(&mut self, schema: &'s Map<String, Value>, value: &Value, path: &mut String, depth: usize) {
        if let Some(Value::Array(all)) = schema.get("allOf") {
            for part in all {
                self.value(part, value, path, depth + 1);
            }
        }
        for keyword in ["anyOf", "oneOf"] {
            // `oneOf` is checked as `anyOf`: a value two forms accept is one
            // the SDK's reader takes in the first, so it is never refused.
            if let Some(list @ Value::Array(forms)) = schema.get(keyword) {
                if !forms.is_empty() && !forms.iter().any(|form| self.accepts(form, value, path, depth + 1)) {
                    self.no_form(keyword, list, forms, value, path, depth);
                }
            }
        }
        if let Some(not) = schema.get("not") {
            if self.accepts(not, value, path, depth + 1) && not != &Value::Bool(false) {
                self.push("not", path, None);
            }
        }
    }

    /// The issues of a value no form of `forms` (the list `list`)
    /// accepts. Forms that are each one value (schemars' enum whose
    /// variants have doc comments) are a list of values: `enum`. A form
    /// only a bound refuses (`Option<String>`'s string, too long) says
    /// what is wrong, as does the one form of the value's JSON type (an
    /// object missing a property); else no form fits (`anyOf`, `oneOf`).
    fn no_form(
        &mut self,
        keyword: &'static str,
        list: &'s Value,
        forms: &'s [Value],
        value: &Value,
        path: &mut String,
        depth: usize,
    ) {
        if constant_forms(Some(list)).is_some() {
            return self.push("enum", path, None);
        }
        let mut typed = Vec::new();
        for form in forms {
            let issues = self.issues_of(form, value, path, depth + 1);
            if !issues.is_empty() && issues.iter().all(SchemaIssue::is_bound) {
                return self.extend(issues);
            }
            if self.form_type(form).is_some_and(|types| type_matches(types, value)) {
                typed.push(issues);
            }
        }
        match <[Vec<SchemaIssue>; 1]>::try_from(typed) {
            Ok([issues]) if !issues.is_empty() => self.extend(issues),
            _ => self.push(keyword, path, None),
        }
    }

    /// A form's declared `type`, through one `$ref`.
    fn form_type(&self, form: &'s Value) -> Option<&'s Value> {
        let form = match form.get("$ref").and_then(Value::as_str) {
            Some(reference) => self.resolve(reference)?,
            None => form,
        };
        form.get("type")
    }

    /// `value`'s issues against `schema`, apart from the walk's own.
    fn issues_of(&mut self, schema: &'s Value, value: &Value, path: &mut String, depth: usize) -> Vec<SchemaIssue> {
        let kept = std::mem::take(&mut self.issues);
        self.value(schema, value, path, depth);
        std::mem::replace(&mut self.issues, kept)
    }

    /// Whether `schema` accepts `value`, its issues left out. A form the
    /// budget runs out in counts as accepting.
    fn accepts(&mut self, schema: &'s Value, value: &Value, path: &mut String, depth: usize) -> bool {
        self.issues_of(schema, value, path, depth).is_empty()
    }
}

/// Whether `value` has one of the types `types` names (a name or a list).
fn type_matches(types: &Value, value: &Value) -> bool {
    let one = |name: &str| match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.as_f64().is_some_and(|n| n.fract() == 0.0),
        // A type this check does not know: not judged.
        _ => true,
    };
    match types {
        Value::String(name) => one(name),
        Value::Array(names) => names.is_empty() || names.iter().filter_map(Value::as_str).any(one),
        _ => true,
    }
}

/// JSON equality, with numbers equal by value (`1` and `1.0`).
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || x.as_f64().is_some_and(|x| Some(x) == y.as_f64()),
        _ => a == b,
    }
}

/// The range of an integer `format` that schemars publishes.
#[allow(clippy::cast_precision_loss, reason = "the bounds of 64-bit integers, compared as JSON numbers are")]
fn integer_format(format: &str) -> Option<(f64, f64)> {
    Some(match format {
        "uint8" => (0.0, f64::from(u8::MAX)),
        "int8" => (f64::from(i8::MIN), f64::from(i8::MAX)),
        "uint16" => (0.0, f64::from(u16::MAX)),
        "int16" => (f64::from(i16::MIN), f64::from(i16::MAX)),
        "uint32" => (0.0, f64::from(u32::MAX)),
        "int32" => (f64::from(i32::MIN), f64::from(i32::MAX)),
        "uint64" | "uint" => (0.0, u64::MAX as f64),
        "int64" | "int" => (i64::MIN as f64, i64::MAX as f64),
        _ => return None,
    })
}

/// A key as a JSON Pointer segment (`~` → `~0`, `/` → `~1`).
fn escape_into(path: &mut String, key: &str) {
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn keywords(schema: &Value, call: &Value) -> Vec<(&'static str, String)> {
        ArgumentCheck::new(schema).check(call.as_object()).into_iter().map(|i| (i.keyword, i.instance_path)).collect()
    }

    /// A schema as schemars 1 publishes a struct with an enum, a bound, an
    /// unsigned integer, an optional field and `deny_unknown_fields`.
    fn schemars_like() -> Value {
        json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
                "status": {"$ref": "#/$defs/Status"},
                "limit": {"type": "integer", "format": "uint8", "minimum": 0, "maximum": 100},
                "count": {"type": "integer", "format": "uint32", "minimum": 0},
                "note": {"type": ["string", "null"], "maxLength": 5},
                "tags": {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}, "maxItems": 2},
                "inner": {"anyOf": [{"$ref": "#/$defs/Inner"}, {"type": "null"}]}
            },
            "required": ["status"],
            "additionalProperties": false,
            "$defs": {
                "Status": {"type": "string", "enum": ["open", "closed"]},
                "Inner": {"type": "object", "properties": {"since": {"type": "string"}}, "required": ["since"]}
            }
        })
    }

    #[test]
    fn a_valid_call_has_no_issue() {
        let call =
            json!({"status": "open", "limit": 5, "count": 7, "note": null, "tags": ["a"], "inner": {"since": "x"}});
        assert_eq!(keywords(&schemars_like(), &call), []);
        assert_eq!(keywords(&schemars_like(), &json!({"status": "closed", "inner": null})), []);
    }

    #[test]
    fn each_keyword_is_found_where_the_value_is() {
        let s = schemars_like();
        assert_eq!(keywords(&s, &json!({})), [("required", String::new())]);
        assert_eq!(keywords(&s, &json!({"status": "SECRET"})), [("enum", "/status".to_owned())]);
        assert_eq!(keywords(&s, &json!({"status": 3})), [("type", "/status".to_owned())]);
        assert_eq!(keywords(&s, &json!({"status": "open", "limit": 101})), [("maximum", "/limit".to_owned())]);
        assert_eq!(
            keywords(&s, &json!({"status": "open", "count": 5_000_000_000_u64})),
            [("maximum", "/count".to_owned())]
        );
        assert_eq!(keywords(&s, &json!({"status": "open", "count": -1})), [("minimum", "/count".to_owned())]);
        assert_eq!(keywords(&s, &json!({"status": "open", "note": "toolong"})), [("maxLength", "/note".to_owned())]);
        assert_eq!(keywords(&s, &json!({"status": "open", "tags": ["A"]})), [("pattern", "/tags/0".to_owned())]);
        assert_eq!(
            keywords(&s, &json!({"status": "open", "tags": ["a", "b", "c"]})),
            [("maxItems", "/tags".to_owned())]
        );
        // The one form of the value's type says what is wrong with it.
        assert_eq!(keywords(&s, &json!({"status": "open", "inner": {}})), [("required", "/inner".to_owned())]);
        assert_eq!(keywords(&s, &json!({"status": "open", "inner": 3})), [("anyOf", "/inner".to_owned())]);
        assert_eq!(keywords(&s, &json!({"status": "open", "limit": 1.5})), [("type", "/limit".to_owned())]);
    }

    #[test]
    fn bounds_are_what_a_reader_never_checks() {
        let s = json!({"type": "object", "properties": {
            "note": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]},
            "small": {"type": "integer", "format": "uint8"},
            "status": {"enum": ["open"]}
        }});
        let check = ArgumentCheck::new(&s);
        // An optional string, too long: its form says so, as a bound.
        let found = check.check(json!({"note": "toolong"}).as_object());
        assert_eq!((found[0].keyword(), found[0].is_bound()), ("maxLength", true));
        // The type's own range and an enum are the reader's to refuse.
        let found = check.check(json!({"small": 300, "status": "shut"}).as_object());
        assert_eq!(
            found.iter().map(|i| (i.keyword(), i.is_bound())).collect::<Vec<_>>(),
            [("maximum", false), ("enum", false)]
        );
        // A huge string is not run through a pattern.
        let p = json!({"type": "object", "properties": {"p": {"type": "string", "pattern": "^a+$"}}});
        let huge = "b".repeat(MAX_PATTERN_INPUT + 1);
        assert!(ArgumentCheck::new(&p).check(json!({"p": huge}).as_object()).is_empty());
        assert_eq!(ArgumentCheck::new(&p).check(json!({"p": "b"}).as_object())[0].keyword(), "pattern");
    }

    #[test]
    fn an_unknown_key_is_reported_at_its_object_never_by_name() {
        let issues =
            ArgumentCheck::new(&schemars_like()).check(json!({"status": "open", "SECRET\nkey": 1}).as_object());
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].keyword, "additionalProperties");
        assert_eq!(issues[0].instance_path, "");
        assert_eq!(issues[0].missing_property, None);
    }

    #[test]
    fn issues_written_in_ajvs_shape_read_back_as_themselves() {
        let s = json!({"type": "object", "required": ["repo"], "properties": {
            "repo": {"type": "string"},
            "note": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]}
        }});
        let found = ArgumentCheck::new(&s).check(json!({"note": "toolong"}).as_object());
        let written = serde_json::to_value(&found).unwrap();
        assert_eq!(
            written,
            json!([
                {"keyword": "required", "instancePath": "", "params": {"missingProperty": "repo"}},
                {"keyword": "maxLength", "instancePath": "/note", "params": {}}
            ])
        );
        let read = Issue::list_from_json(&written, None).unwrap();
        assert_eq!(read, found.iter().map(SchemaIssue::issue).collect::<Vec<_>>());
    }

    #[test]
    fn what_it_cannot_judge_passes() {
        let s = json!({"type": "object", "properties": {
            "a": {"$ref": "https://elsewhere/schema"},
            "b": {"type": "string", "pattern": "(unclosed"},
            "c": {"type": "frobnicate"},
            "d": {"if": {"type": "string"}, "then": {"minLength": 100}}
        }});
        assert_eq!(keywords(&s, &json!({"a": 1, "b": "x", "c": 2, "d": "y"})), []);
        // Not an object at all: nothing is checked.
        assert_eq!(keywords(&json!("not a schema"), &json!({"x": 1})), []);
    }

    #[test]
    fn one_of_never_refuses_what_a_form_accepts() {
        let s = json!({"type": "object", "properties": {"v": {"oneOf": [{"type": "number"}, {"type": "integer"}]}}});
        assert_eq!(keywords(&s, &json!({"v": 3})), []);
        assert_eq!(keywords(&s, &json!({"v": "x"})), [("oneOf", "/v".to_owned())]);
        // Forms that are each one value are a list of values.
        let s = json!({"type": "object", "properties": {"v": {"oneOf": [{"const": "a"}, {"enum": ["b"], "description": "B"}]}}});
        assert_eq!(keywords(&s, &json!({"v": "b"})), []);
        assert_eq!(keywords(&s, &json!({"v": "SECRET"})), [("enum", "/v".to_owned())]);
    }

    #[test]
    fn deep_and_recursive_calls_are_bounded() {
        let s = json!({"$ref": "#/$defs/Node", "$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}}});
        let mut call = json!({});
        for _ in 0..1_000 {
            call = json!({"next": call});
        }
        assert_eq!(keywords(&s, &call), []);
        let wide = Value::Object((0..200_000).map(|i| (format!("k{i}"), json!(i))).collect());
        let strict = json!({"type": "object", "additionalProperties": false});
        assert_eq!(keywords(&strict, &wide).len(), MAX_ISSUES);
        // A reference to itself never loops.
        let own = json!({"$ref": "#"});
        assert_eq!(keywords(&own, &json!({"a": 1})), []);
    }

    #[test]
    fn keys_are_json_pointer_segments() {
        let s = json!({"type": "object", "properties": {"a/b": {"type": "string"}, "c~d": {"type": "string"}}});
        assert_eq!(
            keywords(&s, &json!({"a/b": 1, "c~d": 2})),
            [("type", "/a~1b".to_owned()), ("type", "/c~0d".to_owned())]
        );
    }

    #[test]
    fn pattern_properties_judge_the_keys_they_match() {
        // pydantic's dict[Annotated[str, pattern], Annotated[str, max_length]].
        let headers = json!({"type": "object", "properties": {"headers": {"anyOf": [
            {"type": "object", "patternProperties": {"^[a-z-]+$": {"type": "string", "maxLength": 5}}, "additionalProperties": false},
            {"type": "null"},
        ]}}});
        assert_eq!(
            keywords(&headers, &json!({"headers": {"x-a": "toolong"}}))[0],
            ("maxLength", "/headers/x-a".to_owned())
        );
        assert_eq!(
            keywords(&headers, &json!({"headers": {"X_A": "ok"}}))[0],
            ("additionalProperties", "/headers".to_owned())
        );
        assert!(keywords(&headers, &json!({"headers": {"x-a": "ok"}})).is_empty());
        assert!(keywords(&headers, &json!({"headers": null})).is_empty());
        // Every matching pattern's schema applies, to a declared key too.
        let both = json!({"type": "object", "patternProperties": {"^a": {"type": "string"}, "b$": {"maxLength": 1}}});
        assert_eq!(keywords(&both, &json!({"ab": "xy"})), [("maxLength", "/ab".to_owned())]);
        let declared = json!({"type": "object", "properties": {"ab": {"type": "string"}}, "patternProperties": {"b$": {"maxLength": 1}}});
        assert_eq!(keywords(&declared, &json!({"ab": "xy"})), [("maxLength", "/ab".to_owned())]);
        // A pattern that does not compile leaves its keys to the SDK.
        let broken =
            json!({"type": "object", "patternProperties": {"(": {"type": "string"}}, "additionalProperties": false});
        assert!(keywords(&broken, &json!({"x": 1})).is_empty());
    }
}
