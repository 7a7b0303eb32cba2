//! Reading a schema issue: the fixed places read from it ([`IssueFields`]),
//! and which validator's issue it is ([`Issue::from_fields`]). A binding
//! reads the places from its own values; a native caller with issues as
//! JSON reads them with [`IssueFields::from_json`].

use serde::Serialize;
use serde_json::Value;

use super::issue::Issue;

/// One step into an issue object: a key, or a list index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub(crate) enum Step {
    Key(&'static str),
    Index(usize),
}

/// Where an issue keeps its path: a list of keys and indexes, or of
/// Standard Schema path items (`{ key }`).
pub(crate) const PATH: &[Step] = &[Step::Key("path")];

/// Where a pydantic error keeps its location (a list of keys and
/// indexes); only its length is read, and its first item
/// ([`Place::FirstLoc`]).
pub(crate) const LOC: &[Step] = &[Step::Key("loc")];

/// A place read from every issue, whichever validator made it; each is
/// one field of [`IssueFields`], read only when it holds a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    Code,
    FirstSegment,
    Received,
    Keyword,
    InstancePath,
    MissingProperty,
    Kind,
    Type,
    Expected,
    ArkKind,
    FirstKey,
    FirstLoc,
}

impl Place {
    /// The steps from the issue to the place.
    pub(crate) const fn steps(self) -> &'static [Step] {
        match self {
            Self::Code => &[Step::Key("code")],
            Self::FirstSegment => &[Step::Key("path"), Step::Index(0)],
            Self::Received => &[Step::Key("received")],
            Self::Keyword => &[Step::Key("keyword")],
            Self::InstancePath => &[Step::Key("instancePath")],
            Self::MissingProperty => &[Step::Key("params"), Step::Key("missingProperty")],
            Self::Kind => &[Step::Key("kind")],
            Self::Type => &[Step::Key("type")],
            Self::Expected => &[Step::Key("expected")],
            Self::ArkKind => &[Step::Key(" arkKind")],
            Self::FirstKey => &[Step::Key("path"), Step::Index(0), Step::Key("key")],
            Self::FirstLoc => &[Step::Key("loc"), Step::Index(0)],
        }
    }
}

/// What is read of one schema issue, whichever validator made it: a few
/// fixed places, each when it holds a string, two facts about its path
/// and the length of a pydantic `loc`. Received values, unknown keys and the issue's own message are
/// never among them. [`Issue::from_fields`] decides what kind of issue
/// it is.
///
/// A binding fills it from its own values; with the issue as JSON,
/// [`IssueFields::from_json`] does.
///
/// ```
/// use mcp_boundary::{Issue, IssueFields};
///
/// // A Valibot issue, as its Standard Schema `validate` reports it.
/// let fields = IssueFields {
///     kind: Some("validation"),
///     issue_type: Some("max_value"),
///     first_key: Some("limit"),
///     path_len: 1,
///     ..IssueFields::default()
/// };
/// assert!(matches!(Issue::from_fields(&fields), Issue::Valibot { kind: "max_value", .. }));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IssueFields<'a> {
    /// `code`: a Zod issue code, or an ArkType error code.
    pub code: Option<&'a str>,
    /// `path[0]`, when it is a string (Zod, ArkType).
    pub first_segment: Option<&'a str>,
    /// `path[0].key`, when it is a string: Standard Schema's path item
    /// object (Valibot's).
    pub first_key: Option<&'a str>,
    /// `received`: Zod 3 says `"undefined"` for a value left out.
    pub received: Option<&'a str>,
    /// `keyword`: an Ajv error's.
    pub keyword: Option<&'a str>,
    /// `instancePath`: an Ajv error's JSON Pointer.
    pub instance_path: Option<&'a str>,
    /// `params.missingProperty`: an Ajv `required` error's property.
    pub missing_property: Option<&'a str>,
    /// `kind`: Valibot's `schema`, `validation` or `transformation`.
    pub kind: Option<&'a str>,
    /// `type`: the Valibot schema or action that failed (`max_value`), or
    /// a pydantic error's type (`less_than_equal`).
    pub issue_type: Option<&'a str>,
    /// `expected`, as the validator words it: only compared, with
    /// Valibot's `never` (a key its strict object does not declare) and
    /// ArkType's `removed` (a key its type rejects).
    pub expected: Option<&'a str>,
    /// `" arkKind"`: ArkType's brand, `error` on its errors.
    pub ark_kind: Option<&'a str>,
    /// `loc[0]`, when it is a string: a pydantic error's field.
    pub first_loc: Option<&'a str>,
    /// How many items `loc` has, when it is a list (a pydantic error's
    /// location); `None` when the issue has no `loc` list.
    pub loc_len: Option<usize>,
    /// How many items `path` has (0 when it has none, or is no list).
    pub path_len: usize,
    /// The input that failed has no value at `path` (a step finds no key
    /// or index there); false without the input, or where the path
    /// cannot be followed.
    pub absent: bool,
}

impl<'a> IssueFields<'a> {
    /// The fields from what `at` reads at each place (a string, or
    /// nothing), the path facts and `loc`'s length.
    pub(crate) fn read(
        at: impl Fn(Place) -> Option<&'a str>,
        path_len: usize,
        absent: bool,
        loc_len: Option<usize>,
    ) -> Self {
        Self {
            code: at(Place::Code),
            first_segment: at(Place::FirstSegment),
            first_key: at(Place::FirstKey),
            received: at(Place::Received),
            keyword: at(Place::Keyword),
            instance_path: at(Place::InstancePath),
            missing_property: at(Place::MissingProperty),
            kind: at(Place::Kind),
            issue_type: at(Place::Type),
            expected: at(Place::Expected),
            ark_kind: at(Place::ArkKind),
            first_loc: at(Place::FirstLoc),
            loc_len,
            path_len,
            absent,
        }
    }

    /// Reads an issue given as JSON: a Zod issue, a Valibot or ArkType
    /// Standard Schema issue, an Ajv error, or a pydantic error (an entry
    /// of `ValidationError.errors()`; anything else reads as
    /// nothing, an issue with no fields). `input`, the arguments that
    /// failed, tells whether the issue's path has a value in it; only
    /// presence is read.
    ///
    /// ```
    /// use mcp_boundary::IssueFields;
    /// use serde_json::json;
    ///
    /// let issue = json!({"code": "invalid_type", "expected": "string", "path": ["filter", "since"]});
    /// let fields = IssueFields::from_json(&issue, Some(&json!({"filter": {}})));
    /// assert_eq!((fields.code, fields.first_segment), (Some("invalid_type"), Some("filter")));
    /// assert_eq!((fields.path_len, fields.absent), (2, true));
    /// ```
    #[must_use]
    pub fn from_json(issue: &'a Value, input: Option<&Value>) -> Self {
        let path = at(issue, PATH);
        let path_len = path.and_then(Value::as_array).map_or(0, Vec::len);
        let absent = match (input, path) {
            (Some(input), Some(path)) => absent_at(input, path),
            _ => false,
        };
        let loc_len = at(issue, LOC).and_then(Value::as_array).map(Vec::len);
        Self::read(|place| at(issue, place.steps()).and_then(Value::as_str), path_len, absent, loc_len)
    }
}

/// What the reader reads for an issue string longer than `head.len()`
/// units ([`ErrorClassifier::issue_units`](super::ErrorClassifier::issue_units)
/// or more), given its first units and whether a `/` follows them: the
/// same at every place as the whole string, so a binding need not copy
/// it whole. A code, type or keyword it is not, being longer than all
/// (its head alone is). A field it names only where a JSON Pointer's first
/// segment ends within the head, and then the same one; past the head, no
/// field is that long. Whether a pointer goes deeper than its first
/// segment is whether a `/` follows its first unit: in the head, or the
/// `/` put after it. (Whether the whole string is valid UTF-16 the binding
/// tells by not giving it at all.)
#[cfg(any(feature = "wasm-server", test))]
pub(crate) fn cut_issue_text(head: &[u16], slash_after: bool) -> String {
    let mut text = String::from_utf16_lossy(head);
    if slash_after {
        text.push('/');
    }
    text
}

/// The value at `steps` in `value`; `None` where the way breaks. An index
/// into an object reads the key it spells, as JavaScript does.
fn at<'a>(value: &'a Value, steps: &[Step]) -> Option<&'a Value> {
    steps.iter().try_fold(value, |v, step| match (v, *step) {
        (Value::Object(map), Step::Key(key)) => map.get(key),
        (Value::Object(map), Step::Index(i)) => map.get(&i.to_string()),
        (Value::Array(list), Step::Index(i)) => list.get(i),
        _ => None,
    })
}

/// Whether `input` has no value at `path` (a list of keys and indexes, or
/// of `{ key }` items): true when a step finds no key or index there;
/// false when it finds one all the way, or the path cannot be followed (a
/// step into a primitive, an item that is neither a key nor an index, a
/// path that is no list).
fn absent_at(input: &Value, path: &Value) -> bool {
    let Some(path) = path.as_array() else { return false };
    let mut value = input;
    for item in path {
        // A Standard Schema path item may be `{ key }` (Valibot's are).
        let key = match item {
            Value::Object(segment) => segment.get("key").unwrap_or(&Value::Null),
            key => key,
        };
        let next = match (value, key) {
            (Value::Object(map), Value::String(key)) => map.get(key),
            (Value::Object(map), Value::Number(n)) => map.get(&n.to_string()),
            (Value::Array(list), Value::Number(n)) => {
                n.as_u64().and_then(|i| usize::try_from(i).ok()).and_then(|i| list.get(i))
            }
            // A JS array's own `length` is there, and leads nowhere further.
            (Value::Array(_), Value::String(key)) if key == "length" => return false,
            (Value::Array(list), Value::String(key)) => array_index(key).and_then(|i| list.get(i)),
            _ => return false,
        };
        match next {
            Some(next) => value = next,
            None => return true,
        }
    }
    false
}

/// A canonical array index (`"3"`, not `"03"` or `"+3"`), as a property
/// key names one.
fn array_index(key: &str) -> Option<usize> {
    let digits = !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit());
    if !digits || (key.len() > 1 && key.starts_with('0')) {
        return None;
    }
    key.parse().ok()
}

impl<'a> Issue<'a> {
    /// Which validator's issue `fields` describe, and what it says: an Ajv
    /// error has a `keyword`; an ArkType error is branded
    /// `" arkKind": "error"`; a Valibot issue has a `kind` of `schema`,
    /// `validation` or `transformation` and a `type`; a pydantic error
    /// has a `loc` list and a `type` (and none of those `kind`s: pydantic's
    /// errors have no `kind`, and Valibot's and Zod's keep their place in
    /// `path`, never `loc`); anything else is read as a Zod issue (one
    /// with no code is invalid, whatever it is).
    ///
    /// A value is missing when the input has none at the path, or (Zod 3,
    /// on `invalid_type` only) when the issue says it `received`
    /// `"undefined"`; a key is unknown when Valibot expected `never` there
    /// or ArkType's `predicate` expected it `removed`.
    ///
    /// ```
    /// use mcp_boundary::{Issue, IssueFields};
    ///
    /// let fields = IssueFields {
    ///     code: Some("invalid_type"),
    ///     received: Some("undefined"),
    ///     first_segment: Some("repo"),
    ///     path_len: 1,
    ///     ..IssueFields::default()
    /// };
    /// let issue = Issue::from_fields(&fields);
    /// assert_eq!(issue, Issue::Zod { code: "invalid_type", first_segment: Some("repo"), missing: true, nested: false });
    /// ```
    #[must_use]
    pub fn from_fields(fields: &IssueFields<'a>) -> Self {
        let missing = fields.absent;
        let nested = fields.path_len > 1;
        if let Some(keyword) = fields.keyword {
            return Issue::Ajv {
                keyword,
                instance_path: fields.instance_path.unwrap_or_default(),
                missing_property: fields.missing_property,
            };
        }
        if fields.ark_kind == Some("error") {
            let code = fields.code.unwrap_or_default();
            return Issue::ArkType {
                code,
                first_segment: fields.first_segment,
                unknown_key: code == "predicate" && fields.expected == Some("removed"),
                missing,
                nested,
            };
        }
        if let (Some("schema" | "validation" | "transformation"), Some(kind)) = (fields.kind, fields.issue_type) {
            return Issue::Valibot {
                kind,
                first_segment: fields.first_key,
                unknown_key: !missing && fields.expected == Some("never"),
                missing,
                nested,
            };
        }
        if let (Some(loc_len), Some(error_type)) = (fields.loc_len, fields.issue_type) {
            return Issue::Pydantic { error_type, first_segment: fields.first_loc, nested: loc_len > 1 };
        }
        let code = fields.code.unwrap_or_default();
        Issue::Zod {
            code,
            // Any other Standard Schema validator's: its path items may be
            // the spec's `{ key }` objects.
            first_segment: fields.first_segment.or(fields.first_key),
            // Zod 3's word for a value left out is on `invalid_type` only
            // (elsewhere `received` is the value itself, which may be the
            // text "undefined").
            missing: missing || (code == "invalid_type" && fields.received == Some("undefined")),
            nested,
        }
    }

    /// An issue given as JSON ([`IssueFields::from_json`], then
    /// [`Issue::from_fields`]).
    ///
    /// ```
    /// use mcp_boundary::{Catalog, ErrorClassifier, Issue};
    /// use serde_json::json;
    ///
    /// let classifier = ErrorClassifier::new(Catalog::builder().tool("search", ["filter", "limit"]).build()?)?;
    /// let input = json!({"filter": {}, "limit": 1000});
    /// let issues = [
    ///     json!({"code": "too_big", "maximum": 100, "path": ["limit"], "message": "Too big"}),
    ///     json!({"code": "required", " arkKind": "error", "path": ["filter", "since"]}),
    /// ];
    /// let issues: Vec<Issue> = issues.iter().map(|i| Issue::from_json(i, Some(&input))).collect();
    /// let data = classifier.classify_issues("search", &issues);
    /// assert_eq!(data[0].message, "is too large or too long");
    /// assert_eq!((data[1].field, data[1].message), (Some("filter"), "is missing a required property"));
    /// # Ok::<(), mcp_boundary::OptionsError>(())
    /// ```
    #[must_use]
    pub fn from_json(issue: &'a Value, input: Option<&Value>) -> Self {
        Self::from_fields(&IssueFields::from_json(issue, input))
    }

    /// The issues of a schema failure given as JSON: a list of issues, or
    /// an object holding one as `issues` (a `ZodError`, a Standard Schema
    /// failure result); `None` for anything else. `input` as for
    /// [`IssueFields::from_json`].
    ///
    /// ```
    /// use mcp_boundary::Issue;
    /// use serde_json::json;
    ///
    /// let error = json!({"issues": [{"keyword": "maximum", "instancePath": "/limit", "params": {"limit": 100}}]});
    /// let issues = Issue::list_from_json(&error, None).unwrap();
    /// assert!(matches!(issues[..], [Issue::Ajv { keyword: "maximum", instance_path: "/limit", .. }]));
    /// assert_eq!(Issue::list_from_json(&json!("not issues"), None), None);
    /// ```
    #[must_use]
    pub fn list_from_json(issues: &'a Value, input: Option<&Value>) -> Option<Vec<Self>> {
        let list = match issues {
            Value::Array(list) => list,
            Value::Object(error) => error.get("issues")?.as_array()?,
            _ => return None,
        };
        Some(list.iter().map(|issue| Self::from_json(issue, input)).collect())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::error_data::{issue_message, Catalog, ErrorClassifier, FieldHint};

    fn read<'a>(issue: &'a Value, input: &Value) -> Issue<'a> {
        Issue::from_json(issue, Some(input))
    }

    #[test]
    fn places_are_listed_once_in_stream_order() {
        let issue = json!({
            "code": "c", "path": [{"key": "k"}], "received": "r", "keyword": "w", "instancePath": "/i",
            "params": {"missingProperty": "m"}, "kind": "schema", "type": "t", "expected": "e", " arkKind": "a",
            "loc": ["l", 0],
        });
        let fields = IssueFields::from_json(&issue, None);
        let want = IssueFields {
            code: Some("c"),
            first_segment: None,
            first_key: Some("k"),
            received: Some("r"),
            keyword: Some("w"),
            instance_path: Some("/i"),
            missing_property: Some("m"),
            kind: Some("schema"),
            issue_type: Some("t"),
            expected: Some("e"),
            ark_kind: Some("a"),
            first_loc: Some("l"),
            loc_len: Some(2),
            path_len: 1,
            absent: false,
        };
        assert_eq!(fields, want);
    }

    #[test]
    fn only_strings_are_read() {
        let issue = json!({"code": 5, "path": [1, "x"], "keyword": null, "kind": {"a": 1}, "type": ["t"]});
        let fields = IssueFields::from_json(&issue, None);
        assert_eq!(fields, IssueFields { path_len: 2, ..IssueFields::default() });
        for nothing in [json!(null), json!(3), json!("code"), json!([]), json!({"path": "limit"})] {
            assert_eq!(IssueFields::from_json(&nothing, None), IssueFields::default(), "{nothing}");
            assert_eq!(issue_message(&Issue::from_json(&nothing, None)), "is invalid");
        }
    }

    #[test]
    fn absence_follows_the_path_through_keys_indexes_and_key_items() {
        let input = json!({"filter": {"since": null}, "tags": ["a"], "list": []});
        let absent = |path: Value| {
            let issue = json!({ "code": "invalid_type", "path": path });
            IssueFields::from_json(&issue, Some(&input)).absent
        };
        assert!(absent(json!(["limit"])));
        assert!(absent(json!(["filter", "until"])));
        assert!(absent(json!([{"key": "filter"}, {"key": "until", "origin": "key"}])));
        assert!(absent(json!(["tags", 1])));
        assert!(absent(json!(["tags", "01"])), "no canonical index");
        assert!(absent(json!(["tags", -1])));
        assert!(!absent(json!(["tags", "length"])), "as in JS, where an array has it");
        assert!(!absent(json!(["filter", "since"])), "null is a value");
        assert!(!absent(json!(["tags", 0])));
        assert!(!absent(json!(["tags", "0"])));
        assert!(!absent(json!([{"key": "tags"}, {"key": 0}])));
        assert!(!absent(json!([])), "the input itself is there");
        assert!(!absent(json!(["tags", 0, "deeper"])), "a step into a primitive claims nothing");
        assert!(!absent(json!([true])), "an item that is no key claims nothing");
        assert!(!absent(json!([{"nokey": 1}])));
        assert!(!absent(json!("limit")), "a path that is no list claims nothing");
        let issue = json!({"code": "invalid_type", "path": ["limit"]});
        assert!(!IssueFields::from_json(&issue, None).absent, "no input, no claim");
        assert!(!IssueFields::from_json(&issue, Some(&json!(null))).absent);
        assert!(IssueFields::from_json(&issue, Some(&json!({"1": 0}))).absent);
        let numbered = json!({"code": "invalid_type", "path": [1]});
        assert!(!IssueFields::from_json(&numbered, Some(&json!({"1": 0}))).absent, "a number names a key");
    }

    #[test]
    fn each_validator_is_told_by_its_own_marks() {
        let ajv =
            json!({"keyword": "required", "instancePath": "", "params": {"missingProperty": "repo"}, "code": "x"});
        assert_eq!(
            Issue::from_json(&ajv, None),
            Issue::Ajv { keyword: "required", instance_path: "", missing_property: Some("repo") }
        );
        let ark = json!({"code": "max", "path": ["limit"], " arkKind": "error", "kind": "schema", "type": "x"});
        assert!(matches!(
            Issue::from_json(&ark, None),
            Issue::ArkType { code: "max", first_segment: Some("limit"), .. }
        ));
        // Another ArkType kind is no error of its: read as what it has.
        let not_ark = json!({"code": "max", "path": ["limit"], " arkKind": "errors"});
        assert!(matches!(Issue::from_json(&not_ark, None), Issue::Zod { code: "max", .. }));
        let valibot = json!({"kind": "validation", "type": "max_value", "path": [{"key": "limit", "origin": "value"}]});
        assert_eq!(
            Issue::from_json(&valibot, None),
            Issue::Valibot {
                kind: "max_value",
                first_segment: Some("limit"),
                unknown_key: false,
                missing: false,
                nested: false
            }
        );
        // A `kind` Valibot does not have, or no `type`: a Zod issue.
        for other in [
            json!({"kind": "other", "type": "max_value", "code": "too_big"}),
            json!({"kind": "schema", "code": "too_big"}),
        ] {
            assert!(matches!(Issue::from_json(&other, None), Issue::Zod { code: "too_big", .. }), "{other}");
        }
    }

    #[test]
    fn pydantic_errors_have_a_loc_list_and_a_type() {
        let error = json!({"type": "less_than_equal", "loc": ["limit"], "msg": "Input should be less than or equal to 100",
            "input": 1000, "ctx": {"le": 100}, "url": "https://errors.pydantic.dev/2.11/v/less_than_equal"});
        assert_eq!(
            Issue::from_json(&error, None),
            Issue::Pydantic { error_type: "less_than_equal", first_segment: Some("limit"), nested: false }
        );
        let nested = json!({"type": "int_parsing", "loc": ["counts", "SECRET key"]});
        assert_eq!(
            Issue::from_json(&nested, None),
            Issue::Pydantic { error_type: "int_parsing", first_segment: Some("counts"), nested: true }
        );
        // A model validator's error is at the model: no field.
        let top = json!({"type": "value_error", "loc": [], "ctx": {"error": "SECRET"}});
        assert_eq!(
            Issue::from_json(&top, None),
            Issue::Pydantic { error_type: "value_error", first_segment: None, nested: false }
        );
        let positional = json!({"type": "unexpected_positional_argument", "loc": [2]});
        assert!(matches!(Issue::from_json(&positional, None), Issue::Pydantic { first_segment: None, .. }));
        // Valibot's `type` with its `kind` stays Valibot's, a `loc` that is no
        // list or no `type` is no pydantic error.
        let valibot = json!({"kind": "schema", "type": "string", "loc": ["x"], "path": [{"key": "title"}]});
        assert!(matches!(Issue::from_json(&valibot, None), Issue::Valibot { first_segment: Some("title"), .. }));
        for other in [
            json!({"type": "missing", "loc": "limit", "code": "too_big"}),
            json!({"loc": ["limit"], "code": "too_big"}),
            json!({"type": 5, "loc": ["limit"], "code": "too_big"}),
        ] {
            assert!(matches!(Issue::from_json(&other, None), Issue::Zod { code: "too_big", .. }), "{other}");
        }
    }

    #[test]
    fn pydantic_types_and_places_have_their_phrases() {
        let phrase = |t: &str, loc: Value| issue_message(&Issue::from_json(&json!({"type": t, "loc": loc}), None));
        let cases = [
            ("missing", json!(["repo"]), "is required"),
            ("missing_argument", json!(["repo"]), "is required"),
            ("missing", json!(["filter", "since"]), "is missing a required property"),
            ("missing", json!(["tags", 0, "name"]), "is missing a required property"),
            ("extra_forbidden", json!(["SECRET"]), "is not a known argument"),
            ("unexpected_keyword_argument", json!(["SECRET"]), "is not a known argument"),
            ("extra_forbidden", json!(["filter", "SECRET"]), "contains an unknown property"),
            ("literal_error", json!(["priority"]), "is not one of the allowed values"),
            ("enum", json!(["level"]), "is not one of the allowed values"),
            ("int_parsing", json!(["limit"]), "has the wrong type"),
            ("model_type", json!(["filter"]), "has the wrong type"),
            ("int_parsing", json!(["counts", "SECRET"]), "contains an invalid entry"),
            ("less_than_equal", json!(["limit"]), "is too large or too long"),
            ("string_too_long", json!(["title"]), "is too large or too long"),
            ("greater_than", json!(["limit"]), "is too small or too short"),
            ("too_short", json!(["tags"]), "is too small or too short"),
            ("multiple_of", json!(["step"]), "is not a multiple of the required step"),
            ("finite_number", json!(["ratio"]), "must be a finite number"),
            ("string_pattern_mismatch", json!(["code"]), "does not have the expected format"),
            ("url_parsing", json!(["site"]), "does not have the expected format"),
            ("union_tag_invalid", json!(["shape"]), "does not match any allowed form"),
            ("value_error", json!(["email"]), "is invalid"),
            ("assertion_error", json!(["note"]), "is invalid"),
            ("some_future_type", json!(["note"]), "is invalid"),
        ];
        for (t, loc, want) in cases {
            assert_eq!(phrase(t, loc.clone()), want, "{t} at {loc}");
        }
    }

    #[test]
    fn zod_3_says_missing_on_invalid_type_only() {
        let input = json!({});
        let missing = |issue: Value| match read(&issue, &json!({"repo": "x"})) {
            Issue::Zod { missing, .. } => missing,
            _ => unreachable!(),
        };
        assert!(missing(json!({"code": "invalid_type", "received": "undefined", "path": ["repo"]})));
        assert!(
            !missing(json!({"code": "invalid_literal", "received": "undefined", "path": ["repo"]})),
            "the text itself"
        );
        assert!(!missing(json!({"code": "invalid_type", "received": "number", "path": ["repo"]})));
        // Zod 4 says nothing: the input tells.
        let zod4 = json!({"code": "invalid_value", "values": ["a"], "path": ["kind"]});
        assert!(matches!(read(&zod4, &input), Issue::Zod { missing: true, nested: false, .. }));
        assert_eq!(issue_message(&read(&zod4, &input)), "is required");
    }

    #[test]
    fn valibot_reports_a_left_out_key_at_the_key_with_its_objects_type() {
        // v.strictObject({ priority: … }) given {}: the key's issue is the object's.
        let issue = json!({"kind": "schema", "type": "strict_object", "expected": "\"priority\"", "received": "undefined",
            "path": [{"type": "object", "origin": "key", "key": "priority"}]});
        let with_input = read(&issue, &json!({}));
        assert!(matches!(with_input, Issue::Valibot { missing: true, unknown_key: false, nested: false, .. }));
        assert_eq!(issue_message(&with_input), "is required");
        // Inside a field, a part of it.
        let nested = json!({"kind": "schema", "type": "object", "expected": "\"since\"",
            "path": [{"key": "filter", "origin": "value"}, {"key": "since", "origin": "key"}]});
        assert_eq!(issue_message(&read(&nested, &json!({"filter": {}}))), "is missing a required property");
        // Without the input it is only the object's type.
        assert_eq!(issue_message(&Issue::from_json(&issue, None)), "has the wrong type");
    }

    #[test]
    fn valibot_unknown_keys_are_expected_never() {
        let top = json!({"kind": "schema", "type": "strict_object", "expected": "never", "path": [{"key": "SECRET", "origin": "key"}]});
        let input = json!({"SECRET": 1});
        assert!(matches!(read(&top, &input), Issue::Valibot { unknown_key: true, nested: false, .. }));
        assert_eq!(issue_message(&read(&top, &input)), "is not a known argument");
        let nested = json!({"kind": "schema", "type": "strict_object", "expected": "never",
            "path": [{"key": "filter"}, {"key": "extra", "origin": "key"}]});
        assert_eq!(issue_message(&read(&nested, &json!({"filter": {"extra": 1}}))), "contains an unknown property");
        // A key the input lacks is no unknown key, whatever `expected` says.
        assert!(matches!(read(&top, &json!({})), Issue::Valibot { unknown_key: false, missing: true, .. }));
    }

    #[test]
    fn arktype_required_and_removed() {
        let required = json!({"code": "required", "path": ["limit"], "expected": "a number", " arkKind": "error"});
        assert_eq!(issue_message(&Issue::from_json(&required, None)), "is required", "ArkType says so itself");
        let nested = json!({"code": "required", "path": ["filter", "since"], " arkKind": "error"});
        assert_eq!(issue_message(&Issue::from_json(&nested, None)), "is missing a required property");
        let removed = json!({"code": "predicate", "path": ["SECRET"], "expected": "removed", " arkKind": "error"});
        assert!(matches!(Issue::from_json(&removed, None), Issue::ArkType { unknown_key: true, .. }));
        assert_eq!(issue_message(&Issue::from_json(&removed, None)), "is not a known argument");
        let inner =
            json!({"code": "predicate", "path": ["filter", "extra"], "expected": "removed", " arkKind": "error"});
        assert_eq!(issue_message(&Issue::from_json(&inner, None)), "contains an unknown property");
        let narrowed = json!({"code": "predicate", "path": ["note"], "expected": "a long note", " arkKind": "error"});
        assert_eq!(issue_message(&Issue::from_json(&narrowed, None)), "is invalid");
    }

    #[test]
    fn arktype_predicate_on_declared_options_says_them() {
        let classifier = ErrorClassifier::new(Catalog::builder().tool("send", ["priority", "note"]).build().unwrap())
            .unwrap()
            .with_hints([(
                "send",
                "priority",
                &FieldHint { options: vec!["low".into(), "normal".into(), "high".into()], ..FieldHint::default() },
            )]);
        let issues = json!([
            {"code": "predicate", "path": ["priority"], "expected": "\"high\", \"low\" or \"normal\"", " arkKind": "error"},
            {"code": "predicate", "path": ["note"], "expected": "a long note", " arkKind": "error"},
        ]);
        let issues = Issue::list_from_json(&issues, None).unwrap();
        let data = classifier.classify_issues("send", &issues);
        assert_eq!(data[0].message, "must be one of low, normal, high");
        assert_eq!(data[1].message, "is invalid");
    }

    #[test]
    fn ajv_reads_the_missing_property_for_a_top_level_required() {
        let classifier =
            ErrorClassifier::new(Catalog::builder().tool("t", ["repo", "filter"]).build().unwrap()).unwrap();
        let errors = json!([
            {"keyword": "required", "instancePath": "", "params": {"missingProperty": "repo"}},
            {"keyword": "required", "instancePath": "/filter", "params": {"missingProperty": "since"}},
            {"keyword": "additionalProperties", "instancePath": "", "params": {"additionalProperty": "SECRET"}},
        ]);
        let issues = Issue::list_from_json(&errors, None).unwrap();
        let data: Vec<_> = classifier.classify_issues("t", &issues).into_iter().map(|d| (d.field, d.message)).collect();
        assert_eq!(
            data,
            [
                (Some("repo"), "is required"),
                (Some("filter"), "is missing a required property"),
                (None, "is not a known argument")
            ]
        );
    }

    #[test]
    fn a_list_or_an_error_holding_one() {
        let issue = json!({"code": "too_big", "path": ["limit"]});
        let want =
            Some(vec![Issue::Zod { code: "too_big", first_segment: Some("limit"), missing: false, nested: false }]);
        let list = json!([issue]);
        let error = json!({ "name": "ZodError", "issues": [issue] });
        assert_eq!(Issue::list_from_json(&list, None), want);
        assert_eq!(Issue::list_from_json(&error, None), want);
        for other in [json!({"issues": "x"}), json!({}), json!(null), json!(1)] {
            assert_eq!(Issue::list_from_json(&other, None), None, "{other}");
        }
    }

    fn read_all(list: &[Value]) -> Vec<Issue<'_>> {
        list.iter().map(|i| Issue::from_json(i, None)).collect()
    }

    /// A string past `issue_units` reads the same whole and cut
    /// (`cut_issue_text`), at every place: the whole string is the oracle.
    #[test]
    fn a_cut_issue_string_reads_as_the_whole() {
        let fields = ["limit", "a/b~c", "x".repeat(40).leak()];
        let c = ErrorClassifier::new(Catalog::builder().tool("t", fields).build().unwrap()).unwrap();
        let cap = c.issue_units();
        let pad = |n: usize| "z".repeat(n);
        let mut texts = vec![];
        for n in [cap - 8, cap - 2, cap - 1, cap, cap + 1, cap + 5, 3 * cap] {
            for f in ["limit", "a~1b~0c", "x".repeat(40).as_str(), "zz"] {
                texts.push(format!("/{f}/{}", pad(n)));
                texts.push(format!("/{f}{}", pad(n)));
                texts.push(format!("/{}{f}/1", pad(n)));
                texts.push(format!("/{}/{f}", pad(n)));
                texts.push(format!("{f}{}", pad(n)));
            }
            texts.push(format!("/{}", pad(n)));
            texts.push(format!("/{}é😀/", pad(n)));
        }
        let long: Vec<String> = texts.into_iter().filter(|t| t.encode_utf16().count() > cap).collect();
        assert!(long.len() > 60, "the cases reach past the head");
        for text in &long {
            let units: Vec<u16> = text.encode_utf16().collect();
            let slash_after = units[cap..].contains(&u16::from(b'/'));
            let cut = cut_issue_text(&units[..cap], slash_after);
            let issues = |s: &str| {
                let ajv = |keyword| json!({"keyword": keyword, "instancePath": s, "params": {}});
                [
                    ajv("type"),
                    ajv("required"),
                    json!({"keyword": s, "instancePath": "/limit", "params": {}}),
                    json!({"keyword": "required", "instancePath": "", "params": {"missingProperty": s}}),
                    json!({"code": s, "path": ["limit"]}),
                    json!({"code": "too_big", "path": [s]}),
                    json!({"kind": "validation", "type": s, "path": [{"key": "limit"}]}),
                    json!({"kind": "schema", "type": "string", "path": [{"key": s}], "expected": s}),
                    json!({"code": "predicate", " arkKind": s, "path": [s], "expected": s}),
                    json!({"type": s, "loc": [s, 1]}),
                ]
            };
            let (whole, cut) = (issues(text), issues(&cut));
            let (whole, cut) = (read_all(&whole), read_all(&cut));
            assert_eq!(c.classify_issues("t", &whole), c.classify_issues("t", &cut), "{}…", &text[..20]);
        }
    }
}
