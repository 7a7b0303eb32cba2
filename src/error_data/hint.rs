//! Phrases built from what a tool's input schema declares about a field.

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
    /// `type`, when it names one JSON type (`"integer"`); a type this
    /// does not know, or a list of types, gives no phrase.
    pub expected_type: Option<String>,
}

/// The most options a "must be one of" hint lists.
const HINT_OPTIONS: usize = 20;

impl FieldHint {
    /// The phrases for a value not allowed, too small, too large, of the
    /// wrong type.
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
        let kind = self.expected_type.as_deref().and_then(type_phrase).map(str::to_owned);
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
