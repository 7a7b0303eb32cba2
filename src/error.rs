//! Errors that the API raises (as opposed to rejections it returns).
//!
//! Every error has a stable `code()` and `reason()` and a message built only
//! from fixed strings and [`SafeText`]: the binding turns any of them into a
//! JS `Error` with `name`, `code` and `reason` own properties through one
//! helper, without ever seeing raw input.

use std::fmt;

use crate::safe_text::SafeText;

/// What every raised error says besides its message: a binding turns it
/// into its language's error (the JS binding adds the JS `name`), and
/// `Serialize` writes it as JSON (`code`, `reason`, `message`, then the
/// details).
pub(crate) trait BoundaryError: fmt::Display {
    /// The stable machine-readable code, e.g. `"INVALID_OPTIONS"`.
    fn code(&self) -> &'static str;
    /// The stable reason within the code, e.g. `"wrong_type"`.
    fn reason(&self) -> &'static str;
    /// More safe properties for the JS error, e.g. `("option", "strict")`.
    fn details(&self) -> Vec<(&'static str, Detail)> {
        Vec::new()
    }
}

/// Serializes an error as its JSON object: `code`, `reason`, `message`,
/// then its details.
pub(crate) fn serialize_error<S: serde::Serializer>(e: &dyn BoundaryError, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let details = e.details();
    let mut map = serializer.serialize_map(Some(3 + details.len()))?;
    map.serialize_entry("code", e.code())?;
    map.serialize_entry("reason", e.reason())?;
    map.serialize_entry("message", &e.to_string())?;
    for (key, value) in details {
        match value {
            Detail::Text(text) => map.serialize_entry(key, &text)?,
            Detail::Number(n) => map.serialize_entry(key, &n)?,
        }
    }
    map.end()
}

/// `Serialize` through [`serialize_error`].
macro_rules! serialize_as_error {
    ($($ty:ty),*) => {$(
        /// Serializes as a JSON object: `code`, `reason`, `message`, then
        /// the error's details (the properties the JS error carries).
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::error::serialize_error(self, serializer)
            }
        }
    )*};
}
pub(crate) use serialize_as_error;

/// The value of one extra error property: safe text or a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Detail {
    /// Text built from fixed strings and safe renditions only.
    Text(String),
    /// A position, length or limit.
    Number(usize),
}

/// Where in the options an error was found, e.g. `known_agents[2]` or
/// `tools['list_bounties'][1]`: a fixed option name, then entries, keys
/// (rendered safely) and nested names; or an option key that is not part of
/// the API.
///
/// It displays (`to_string()`) in Rust's words (`max_identifier_length`); a binding names
/// the same place in its own language's words (`maxIdentifierLength` in JS).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionPath {
    /// The option's name in Rust's words (empty for a place that is all
    /// `rest`).
    rust: &'static str,
    /// The same in JS's words.
    js: &'static str,
    /// Entries, keys and places below it, the same in both (no allocation
    /// for a plain name: the paths are built on every options error).
    rest: String,
}

impl OptionPath {
    /// A named option, spelled for Rust and for JS.
    pub(crate) fn named(rust: &'static str, js: &'static str) -> Self {
        Self { rust, js, rest: String::new() }
    }

    /// A named option that only a binding's options have (JS's words for
    /// both): a binding reads options out of its own values.
    #[cfg_attr(not(all(feature = "wasm", target_arch = "wasm32")), allow(dead_code, reason = "for the wasm binding"))]
    pub(crate) fn js_only(name: &'static str) -> Self {
        Self::named(name, name)
    }

    /// A place in a binding's options, built from fixed names, indexes and
    /// safe renditions of keys (`hints['t']['f'].enum`).
    #[cfg_attr(not(all(feature = "wasm", target_arch = "wasm32")), allow(dead_code, reason = "for the wasm binding"))]
    pub(crate) fn js_place(place: String) -> Self {
        Self { rust: "", js: "", rest: place }
    }

    /// The options argument itself.
    #[cfg_attr(not(all(feature = "wasm", target_arch = "wasm32")), allow(dead_code, reason = "for the wasm binding"))]
    pub(crate) fn whole() -> Self {
        Self::named("options", "options")
    }

    /// An option key that is not part of the API, rendered safely.
    #[cfg_attr(not(all(feature = "wasm", target_arch = "wasm32")), allow(dead_code, reason = "for the wasm binding"))]
    pub(crate) fn unknown(key: &SafeText) -> Self {
        Self::js_place(format!("'{key}'"))
    }

    /// Entry `index` of this list option: `known_agents[2]`.
    #[must_use]
    pub(crate) fn entry(mut self, index: usize) -> Self {
        use fmt::Write;
        let _ = write!(self.rest, "[{index}]");
        self
    }

    /// The entry of this map option under `key` (rendered safely):
    /// `tools['list_bounties']`.
    #[must_use]
    pub(crate) fn key(mut self, key: &str) -> Self {
        use fmt::Write;
        let _ = write!(self.rest, "['{}']", SafeText::render(key));
        self
    }

    /// The place in JS's words, e.g. `knownAgents[2]`.
    #[cfg_attr(not(all(feature = "wasm", target_arch = "wasm32")), allow(dead_code, reason = "for the wasm binding"))]
    pub(crate) fn js(&self) -> String {
        let mut place = String::with_capacity(self.js.len() + self.rest.len());
        place.push_str(self.js);
        place.push_str(&self.rest);
        place
    }
}

impl fmt::Display for OptionPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rust)?;
        f.write_str(&self.rest)
    }
}

/// Why a value cannot work, in Rust's and in JS's words (the same text
/// unless it names an option).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Why {
    rust: &'static str,
    js: &'static str,
}

impl Why {
    /// A reason that names options, spelled for Rust and for JS.
    pub(crate) const fn spelled(rust: &'static str, js: &'static str) -> Self {
        Self { rust, js }
    }
}

impl From<&'static str> for Why {
    fn from(text: &'static str) -> Self {
        Self { rust: text, js: text }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum OptionsErrorKind {
    WrongType(&'static str),
    Invalid(Why),
    OutOfRange { min: usize, max: usize },
    UnknownOption,
    InvalidPattern,
}

/// Options that cannot work: a wrong type, a value out of range, an entry
/// that is not valid, a pattern that does not compile, an unknown key.
///
/// The message names the option (`knownAgents[2]`) and what was expected,
/// never the value that was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionsError(Box<Inner>);

/// Boxed, so a `Result` of options is a pointer wide: building a result
/// moves less (wasm size).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    kind: OptionsErrorKind,
    path: OptionPath,
}

impl OptionsError {
    /// An option of the wrong type, e.g. `strict` given as a string (only a
    /// binding, which reads options out of its own values, sees one: the
    /// Rust API takes typed options).
    #[cfg_attr(not(all(feature = "wasm", target_arch = "wasm32")), allow(dead_code, reason = "for the wasm binding"))]
    #[must_use]
    pub(crate) fn wrong_type(path: OptionPath, expected: &'static str) -> Self {
        Self(Box::new(Inner { kind: OptionsErrorKind::WrongType(expected), path }))
    }

    /// An option whose value cannot work.
    #[must_use]
    pub(crate) fn invalid(path: OptionPath, why: impl Into<Why>) -> Self {
        Self(Box::new(Inner { kind: OptionsErrorKind::Invalid(why.into()), path }))
    }

    /// A number outside `min..=max`.
    #[must_use]
    pub(crate) fn out_of_range(path: OptionPath, min: usize, max: usize) -> Self {
        Self(Box::new(Inner { kind: OptionsErrorKind::OutOfRange { min, max }, path }))
    }

    /// An option key that is not part of the API (rendered safely).
    #[cfg_attr(not(all(feature = "wasm", target_arch = "wasm32")), allow(dead_code, reason = "for the wasm binding"))]
    #[must_use]
    pub(crate) fn unknown(key: &SafeText) -> Self {
        Self(Box::new(Inner { kind: OptionsErrorKind::UnknownOption, path: OptionPath::unknown(key) }))
    }

    /// A pattern that does not compile.
    #[must_use]
    pub(crate) fn invalid_pattern(path: OptionPath) -> Self {
        Self(Box::new(Inner { kind: OptionsErrorKind::InvalidPattern, path }))
    }

    /// Always `"INVALID_OPTIONS"`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        "INVALID_OPTIONS"
    }

    /// `wrong_type`, `invalid_value`, `out_of_range`, `unknown_option` or
    /// `invalid_pattern`.
    #[must_use]
    pub fn reason(&self) -> &'static str {
        match self.0.kind {
            OptionsErrorKind::WrongType(_) => "wrong_type",
            OptionsErrorKind::Invalid(_) => "invalid_value",
            OptionsErrorKind::OutOfRange { .. } => "out_of_range",
            OptionsErrorKind::UnknownOption => "unknown_option",
            OptionsErrorKind::InvalidPattern => "invalid_pattern",
        }
    }

    /// The option at fault, e.g. `known_agents[2]`.
    #[must_use]
    pub fn option(&self) -> &OptionPath {
        &self.0.path
    }
}

impl OptionsError {
    /// The message with the option named as a binding's language names
    /// it (`js`) or as Rust does.
    fn write(&self, f: &mut fmt::Formatter<'_>, js: bool) -> fmt::Result {
        let (name, rest) = (if js { self.0.path.js } else { self.0.path.rust }, &self.0.path.rest);
        match &self.0.kind {
            OptionsErrorKind::WrongType(expected) => write!(f, "Invalid option {name}{rest}: expected {expected}."),
            OptionsErrorKind::Invalid(why) => {
                write!(f, "Invalid option {name}{rest}: {}.", if js { why.js } else { why.rust })
            }
            OptionsErrorKind::OutOfRange { min, max } => {
                write!(f, "Invalid option {name}{rest}: expected a whole number from {min} to {max}.")
            }
            OptionsErrorKind::UnknownOption => write!(f, "Unknown option {name}{rest}: check its spelling."),
            OptionsErrorKind::InvalidPattern => {
                write!(f, "Invalid option {name}{rest}: not a valid regular expression (regex-lite syntax).")
            }
        }
    }

    /// The message in JS's words (`Invalid option maxIdentifierLength: …`).
    #[cfg_attr(not(all(feature = "wasm", target_arch = "wasm32")), allow(dead_code, reason = "for the wasm binding"))]
    pub(crate) fn js_message(&self) -> String {
        struct Js<'a>(&'a OptionsError);
        impl fmt::Display for Js<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, true)
            }
        }
        Js(self).to_string()
    }
}

/// The message in Rust's words: `Invalid option max_identifier_length: …`.
impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl std::error::Error for OptionsError {}

serialize_as_error!(OptionsError);

impl BoundaryError for OptionsError {
    fn code(&self) -> &'static str {
        OptionsError::code(self)
    }
    fn reason(&self) -> &'static str {
        OptionsError::reason(self)
    }
    fn details(&self) -> Vec<(&'static str, Detail)> {
        vec![("option", Detail::Text(self.0.path.to_string()))]
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::{
        records_from_json, to_llm_facing_name, BuiltinProfile, Overflow, Profile, RecipientOptions, RecipientValidator,
    };

    #[test]
    fn errors_serialize_as_the_objects_js_throws() {
        let e = RecipientValidator::new(RecipientOptions::default().max_identifier_length(0)).unwrap_err();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"code": "INVALID_OPTIONS", "reason": "out_of_range", "option": "max_identifier_length",
                "message": "Invalid option max_identifier_length: expected a whole number from 1 to 4096."})
        );
        let e = to_llm_facing_name("a//b", &Profile::builtin(BuiltinProfile::Anthropic), Overflow::Error).unwrap_err();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"code": "UNREPRESENTABLE_TOOL_NAME", "reason": "empty_segment", "toolName": "a//b",
                "profile": "anthropic", "message": e.to_string()})
        );
        let e = records_from_json(&[json!(1)]).unwrap_err();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"code": e.code(), "reason": e.reason(), "place": "messages[0]", "message": e.to_string()})
        );
    }
}
