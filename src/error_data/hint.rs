//! What a tool's input JSON Schema declares about a field (the one reading
//! of it: [`FieldHint::from_json_schema`], [`FieldHint::of_input_schema`]),
//! and the phrases built from it.

use serde_json::Value;

use super::catalog::MAX_CATALOG_ENTRIES;

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
    /// `type`, when it names one JSON type (`"integer"`, `["integer"]`),
    /// or one and `"null"` (`["integer", "null"]`, as schemars publishes an
    /// `Option<u32>`: read as the type, as an optional's `anyOf` is); a
    /// type this does not know, or another list of types, gives no phrase.
    pub expected_type: Option<String>,
}

/// The most `$ref`s and `anyOf`s followed from one field's schema (a
/// cycle of references ends there, with what was found).
const SCHEMA_STEPS: usize = 8;

/// A whole number in a schema (`100`, `100.0`): phrasing fractions would
/// pull float formatting into the wasm module (about 12 KB gzip), and a
/// number past 9·10^15 may not be the one the schema says (above 2^53 a
/// JS number is no longer exact).
fn whole(v: &Value) -> Option<i64> {
    #[allow(clippy::cast_possible_truncation, reason = "whole, below 9e15")]
    let n = match v {
        Value::Number(n) => {
            n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9e15).map(|f| f as i64))
        }
        _ => None,
    };
    n.filter(|n| n.unsigned_abs() < 9_000_000_000_000_000)
}

/// An allowed value as a hint lists it: a string as it is, a whole number
/// in digits; anything else (a boolean, `null`, an object) is left out.
fn option(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        other => whole(other).map(|n| n.to_string()),
    }
}

impl FieldHint {
    /// What one field's JSON Schema declares: `enum` (else `const`, the
    /// one value allowed, else a `oneOf` or `anyOf` of such values) as
    /// options, strings and whole numbers only; whole `minimum`,
    /// `maximum`, `minLength` and `maxLength` (a bound that is a fraction,
    /// or past 9·10^15, is left out; so are the exclusive bounds, which no
    /// phrase says); `type` when it is one string. An optional field's
    /// `anyOf: [X, {"type": "null"}]` (pydantic's `Optional[X]`) reads as
    /// `X`. A `$ref` is followed only by
    /// [`of_input_schema`](Self::of_input_schema), which has the root it
    /// points into; here it gives nothing.
    ///
    /// ```
    /// use mcp_boundary::FieldHint;
    /// use serde_json::json;
    ///
    /// let hint = FieldHint::from_json_schema(&json!({"type": "integer", "minimum": 1, "maximum": 100.0}));
    /// assert_eq!((hint.minimum, hint.maximum, hint.expected_type.as_deref()), (Some(1), Some(100), Some("integer")));
    /// let optional = json!({"anyOf": [{"enum": ["low", "high", true, 2]}, {"type": "null"}]});
    /// assert_eq!(FieldHint::from_json_schema(&optional).options, ["low", "high", "2"]);
    /// let variants = json!({"oneOf": [{"const": "open", "description": "Open."}, {"const": "closed"}]});
    /// assert_eq!(FieldHint::from_json_schema(&variants).options, ["open", "closed"]);
    /// ```
    #[must_use]
    pub fn from_json_schema(schema: &Value) -> Self {
        Self::read_schema(schema, None)
    }

    /// Each field's hint from a tool's whole input JSON Schema (an
    /// object schema's `properties`), in the order of `serde_json`'s map
    /// (by name, unless its `preserve_order` feature is on), fields that
    /// declare nothing left out. Besides what
    /// [`from_json_schema`](Self::from_json_schema) reads, a local
    /// `$ref` (`#/$defs/Level`, `#/definitions/Level`, any JSON Pointer
    /// after `#`) is followed into this schema, as pydantic writes an
    /// `Enum` or a nested model field: the field reads as what it points
    /// to (its siblings, such as a `default` or `description`, are not
    /// read). At most 8 references and `anyOf`s are followed from one
    /// field; a reference to another document gives nothing.
    ///
    /// ```
    /// use mcp_boundary::FieldHint;
    /// use serde_json::json;
    ///
    /// // A pydantic model's `model_json_schema()`.
    /// let schema = json!({
    ///     "$defs": {"Level": {"enum": ["low", "normal", "high"], "title": "Level", "type": "string"}},
    ///     "properties": {
    ///         "level": {"$ref": "#/$defs/Level"},
    ///         "limit": {"maximum": 100, "title": "Limit", "type": "integer"},
    ///         "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null},
    ///         "anything": {},
    ///     },
    ///     "type": "object",
    /// });
    /// let hints = FieldHint::of_input_schema(&schema);
    /// let hint = |name: &str| hints.iter().find(|(field, _)| field == name).map(|(_, hint)| hint);
    /// assert_eq!(hints.len(), 3);
    /// assert_eq!(hint("level").unwrap().options, ["low", "normal", "high"]);
    /// assert_eq!(hint("limit").unwrap().maximum, Some(100));
    /// assert_eq!(hint("note").unwrap().expected_type.as_deref(), Some("string"));
    /// assert_eq!(hint("anything"), None);
    /// ```
    #[must_use]
    pub fn of_input_schema(schema: &Value) -> Vec<(String, Self)> {
        let Some(properties) = input_object(schema).get("properties").and_then(Value::as_object) else {
            return Vec::new();
        };
        properties
            .iter()
            .take(MAX_CATALOG_ENTRIES)
            .map(|(field, property)| (field.clone(), Self::read_schema(property, Some(schema))))
            .filter(|(_, hint)| *hint != Self::default())
            .collect()
    }

    /// A field's hint, `$ref`s followed into `root` when there is one.
    fn read_schema(schema: &Value, root: Option<&Value>) -> Self {
        let schema = resolve(schema, root);
        Self::from_declared(|key| schema.get(key))
    }

    /// A field's hint from what its schema declares at each key (`enum`,
    /// `const`, `minimum`, `maximum`, `minLength`, `maxLength`, `type`):
    /// the one rule of what they say, for a reader that has the values
    /// without the schema as JSON (the wasm binding reads them from a JS
    /// object).
    pub(crate) fn from_declared<'v>(declared: impl Fn(&str) -> Option<&'v Value>) -> Self {
        let options = match (declared("enum"), declared("const")) {
            (Some(Value::Array(list)), _) => list.iter().take(MAX_CATALOG_ENTRIES).filter_map(option).collect(),
            (_, Some(constant)) => option(constant).into_iter().collect(),
            _ => constant_forms(declared("oneOf").or_else(|| declared("anyOf"))).unwrap_or_default(),
        };
        let bound = |key: &str| declared(key).and_then(whole);
        let size = |key: &str| bound(key).and_then(|n| usize::try_from(n).ok());
        Self {
            options,
            minimum: bound("minimum"),
            maximum: bound("maximum"),
            min_length: size("minLength"),
            max_length: size("maxLength"),
            expected_type: declared("type").and_then(one_type).map(str::to_owned),
        }
    }
}

/// The one JSON type a `type` names: a string, a list of it alone, or a
/// list of one type and `"null"` (an optional field, the value's own type
/// phrased).
fn one_type(declared: &Value) -> Option<&str> {
    match declared {
        Value::String(name) => Some(name),
        Value::Array(names) => match &names[..] {
            [Value::String(a)] => Some(a),
            [Value::String(a), Value::String(b)] if a != b && (a == "null" || b == "null") => {
                Some(if a == "null" { b } else { a })
            }
            _ => None,
        },
        _ => None,
    }
}

/// The object schema an input schema stands for: the schema itself, or,
/// when it declares no `properties`, where its own local `$ref` leads
/// within it (a validator that publishes a recursive type as
/// `{"$ref": "#/$defs/T", "$defs": {…}}`), at most [`SCHEMA_STEPS`] `$ref`s
/// in all. Its `properties` are the tool's fields.
pub(crate) fn input_object(schema: &Value) -> &Value {
    let mut object = schema;
    for _ in 0..SCHEMA_STEPS {
        if object.get("properties").is_some() {
            break; // its own fields (a `$ref` beside them adds to them)
        }
        match object.get("$ref").and_then(|reference| local_target(reference, schema)) {
            Some(target) => object = target,
            None => break,
        }
    }
    object
}

/// Where a local `$ref` (`#` and a JSON Pointer) leads within `root`.
fn local_target<'a>(reference: &Value, root: &'a Value) -> Option<&'a Value> {
    crate::json_pointer::get(root, reference.as_str()?.strip_prefix('#')?)
}

/// What a field's schema stands for: a local `$ref` followed into `root`
/// (when given), an optional field's `anyOf: [X, {"type": "null"}]` read
/// as `X` (either order), each at most [`SCHEMA_STEPS`] times in all.
fn resolve<'a>(mut schema: &'a Value, root: Option<&'a Value>) -> &'a Value {
    static NOTHING: Value = Value::Null;
    for _ in 0..SCHEMA_STEPS {
        if let Some(reference) = schema.get("$ref") {
            match root.and_then(|root| local_target(reference, root)) {
                Some(target) => schema = target,
                None => return &NOTHING,
            }
            continue;
        }
        let Some(Value::Array(forms)) = schema.get("anyOf") else { return schema };
        let is_null = |s: &Value| s.get("type").and_then(Value::as_str) == Some("null");
        match &forms[..] {
            [x, null] | [null, x] if is_null(null) && !is_null(x) => schema = x,
            _ => return schema,
        }
    }
    schema
}

/// The values of a `oneOf` (or `anyOf`) whose every form is one value (a
/// `const`, or an `enum` of one), as schemars publishes a Rust enum whose
/// variants have doc comments: `None` when any form is more than a value.
pub(crate) fn constant_forms(forms: Option<&Value>) -> Option<Vec<String>> {
    let Some(Value::Array(forms)) = forms else { return None };
    let constant = |form: &Value| match (form.get("const"), form.get("enum")) {
        (Some(constant), _) => Some(constant.clone()),
        (None, Some(Value::Array(one))) if one.len() == 1 => Some(one[0].clone()),
        _ => None,
    };
    let values: Option<Vec<Value>> = forms.iter().take(MAX_CATALOG_ENTRIES).map(constant).collect();
    values.filter(|v| !v.is_empty()).map(|v| v.iter().filter_map(option).collect())
}

/// The most options a "must be one of" hint lists.
const HINT_OPTIONS: usize = 20;

impl FieldHint {
    /// The phrases for a value not allowed, too small, too large, of the
    /// wrong type. A field that lists its values answers a value of the
    /// wrong type with them too: they say what it must be more exactly
    /// than its type does (a validator may report an object given to an
    /// enum as either, and every SDK then says the same).
    pub(super) fn phrases(&self) -> [Option<String>; 4] {
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
        let kind = allowed.clone().or_else(|| self.expected_type.as_deref().and_then(type_phrase).map(str::to_owned));
        [allowed, small, big, kind]
    }
}

/// What a value of a JSON Schema `type` must be.
fn type_phrase(name: &str) -> Option<&'static str> {
    Some(match name {
        "string" => "must be a string",
        "number" => "must be a number",
        "integer" => "must be an integer",
        "boolean" => "must be true or false",
        "object" => "must be an object",
        "array" => "must be a list",
        "null" => "must be null",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn enum_else_const_strings_and_whole_numbers() {
        let hint = |s: Value| FieldHint::from_json_schema(&s).options;
        assert_eq!(hint(json!({"enum": ["a", 1, 2.0, 2.5, true, null, {"x": 1}], "const": "c"})), ["a", "1", "2"]);
        assert_eq!(hint(json!({"const": "fast"})), ["fast"]);
        assert_eq!(hint(json!({"const": 7})), ["7"]);
        assert_eq!(hint(json!({"enum": "low", "const": "fast"})), ["fast"], "an enum that is no list");
        assert!(hint(json!({"enum": [], "const": "fast"})).is_empty(), "an empty enum is still the enum");
        assert!(hint(json!({"const": false})).is_empty());
    }

    #[test]
    fn bounds_are_whole_and_lengths_not_negative() {
        let h = FieldHint::from_json_schema(&json!({"minimum": -3, "maximum": 1e3, "minLength": -1, "maxLength": 2.5}));
        assert_eq!((h.minimum, h.maximum, h.min_length, h.max_length), (Some(-3), Some(1000), None, None));
        let h = FieldHint::from_json_schema(&json!({"minimum": 9e15, "maximum": 9_007_199_254_740_993_u64}));
        assert_eq!((h.minimum, h.maximum), (None, None), "past 9e15");
        let h = FieldHint::from_json_schema(
            &json!({"minimum": "1", "exclusiveMaximum": 10, "type": ["integer", "string"]}),
        );
        assert_eq!(h, FieldHint::default());
        let h = FieldHint::from_json_schema(&json!({"type": "integer", "minLength": 0}));
        assert_eq!((h.expected_type.as_deref(), h.min_length), (Some("integer"), Some(0)));
    }

    #[test]
    fn optional_reads_as_its_form_and_refs_need_the_root() {
        let string = Some("string".to_owned());
        for schema in [
            json!({"anyOf": [{"type": "string"}, {"type": "null"}]}),
            json!({"anyOf": [{"type": "null"}, {"type": "string"}], "default": null}),
            // schemars' Option<String>, either order.
            json!({"type": ["string", "null"]}),
            json!({"type": ["null", "string"]}),
            json!({"type": ["string"]}),
            json!({"anyOf": [{"anyOf": [{"type": "string"}, {"type": "null"}]}, {"type": "null"}]}),
        ] {
            assert_eq!(FieldHint::from_json_schema(&schema).expected_type, string, "{schema}");
        }
        for schema in [
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}),
            json!({"anyOf": [{"type": "null"}, {"type": "null"}]}),
            json!({"type": ["null", "null"]}),
            json!({"type": ["string", "integer", "null"]}),
            json!({"$ref": "#/$defs/Level"}),
        ] {
            assert_eq!(FieldHint::from_json_schema(&schema), FieldHint::default(), "{schema}");
        }
    }

    #[test]
    fn an_input_schema_follows_local_refs_only_so_far() {
        let schema = json!({
            "$defs": {
                "Level": {"enum": ["low", "high"], "type": "string"},
                "Alias": {"$ref": "#/$defs/Level"},
                "Loop": {"$ref": "#/$defs/Loop"},
                "a/b": {"const": "slash"},
            },
            "definitions": {"Old": {"maximum": 5}},
            "properties": {
                "level": {"$ref": "#/$defs/Level", "default": "low", "maximum": 3},
                "alias": {"anyOf": [{"$ref": "#/$defs/Alias"}, {"type": "null"}]},
                "old": {"$ref": "#/definitions/Old"},
                "escaped": {"$ref": "#/$defs/a~1b"},
                "loop": {"$ref": "#/$defs/Loop"},
                "missing": {"$ref": "#/$defs/Nowhere"},
                "remote": {"$ref": "https://example.com/schema#/$defs/Level"},
                "bare": {"title": "Bare"},
            },
        });
        let hints = FieldHint::of_input_schema(&schema);
        let mut got: Vec<(&str, &[String], Option<i64>)> =
            hints.iter().map(|(f, h)| (f.as_str(), &h.options[..], h.maximum)).collect();
        got.sort_unstable_by_key(|(f, ..)| *f);
        let lh = ["low".to_owned(), "high".to_owned()];
        assert_eq!(
            got,
            [
                ("alias", &lh[..], None),
                ("escaped", &["slash".to_owned()][..], None),
                ("level", &lh[..], None),
                ("old", &[][..], Some(5)),
            ]
        );
        assert!(FieldHint::of_input_schema(&json!({"type": "object"})).is_empty());
        // A recursive type published as a root `$ref` (ArkType's form).
        let tree = json!({
            "$ref": "#/$defs/tree",
            "$defs": {"tree": {"type": "object", "properties": {
                "root": {"type": "string", "maxLength": 3},
                "children": {"type": "array", "items": {"$ref": "#/$defs/tree"}},
            }}},
        });
        let hints = FieldHint::of_input_schema(&tree);
        assert_eq!(hints.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(), ["children", "root"]);
        assert_eq!(hints[1].1.max_length, Some(3));
        assert!(FieldHint::of_input_schema(
            &json!({"$ref": "#/$defs/loop", "$defs": {"loop": {"$ref": "#/$defs/loop"}}})
        )
        .is_empty());
        // Fields of its own beside a `$ref`: those are the tool's.
        let both = json!({"$ref": "#/$defs/tree", "$defs": tree["$defs"], "properties": {"own": {"maxLength": 2}}});
        assert_eq!(FieldHint::of_input_schema(&both).iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(), ["own"]);
        assert!(FieldHint::of_input_schema(&json!([1])).is_empty());
    }
}
