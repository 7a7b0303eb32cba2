//! Errors that the API raises (as opposed to rejections it returns).
//!
//! Every error has a stable `code()` and `reason()` and a message built only
//! from fixed strings and [`SafeText`]: the binding turns any of them into a
//! JS `Error` with `name`, `code` and `reason` own properties through one
//! helper, without ever seeing raw input.

use std::borrow::Cow;
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
    /// More safe properties, named in Rust's words (`tool_name`; a
    /// binding spells them in its own), e.g. `("option", "strict")`.
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
/// `tools['list_bounties'][1]`: an option's name, then entries, keys
/// (rendered safely) and members below it.
///
/// The core names its options in Rust's words (`max_identifier_length`);
/// a binding that spells them otherwise (JS's `maxIdentifierLength`) maps
/// [`name`](Self::name) to its own words, and an options reader of a
/// binding names its own options in them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionPath {
    /// The option's name, a fixed name of the API that took the options.
    name: &'static str,
    /// Entries, keys and members below it (no allocation for a plain name:
    /// the paths are built on every options error).
    rest: String,
}

impl OptionPath {
    /// The option named `name`, e.g. `"known_agents"`.
    #[must_use]
    pub fn new(name: &'static str) -> Self {
        Self { name, rest: String::new() }
    }

    /// Entry `index` of this list option: `known_agents[2]`.
    #[must_use]
    #[cold]
    pub fn entry(mut self, index: usize) -> Self {
        use fmt::Write;
        let _ = write!(self.rest, "[{index}]");
        self
    }

    /// The entry of this map option under `key`, rendered safely
    /// ([`SafeText`]): `tools['list_bounties']`.
    #[must_use]
    #[cold]
    pub fn key(mut self, key: &str) -> Self {
        use fmt::Write;
        let _ = write!(self.rest, "['{}']", SafeText::render(key));
        self
    }

    /// The member `name` of this option's value: `hints['t']['f'].enum`.
    #[must_use]
    #[cold]
    pub fn member(mut self, name: &'static str) -> Self {
        self.rest.push('.');
        self.rest.push_str(name);
        self
    }

    /// The option's name (`known_agents` of `known_agents[2]`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The place below the option (`[2]` of `known_agents[2]`), empty for
    /// the option itself.
    #[must_use]
    pub fn below(&self) -> &str {
        &self.rest
    }
}

impl fmt::Display for OptionPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        f.write_str(&self.rest)
    }
}

/// Why a value cannot work: fixed text, which may name one option
/// (`before`, the option, `after`), so that a binding spells that name in
/// its own words as it does the option at fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Why {
    before: &'static str,
    option: &'static str,
    after: &'static str,
}

impl Why {
    /// A reason that names the option `option` between two fixed texts.
    pub(crate) const fn naming(before: &'static str, option: &'static str, after: &'static str) -> Self {
        Self { before, option, after }
    }
}

impl From<&'static str> for Why {
    fn from(text: &'static str) -> Self {
        Self { before: text, option: "", after: "" }
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
/// The message names the option (`known_agents[2]`) and what was expected,
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

// Every constructor of an error is `#[cold]` (here and in the other error
// types): the branches that build one are then cold to the optimizer, which
// keeps their allocations and moves out of line (about 6 KB of wasm).
impl OptionsError {
    /// An option of the wrong type, e.g. `strict` given as a string,
    /// `expected` saying what it takes (`"a boolean"`). The typed Rust API
    /// never raises one; a program that reads options out of untyped
    /// values (a binding, a configuration file) does, with the code and
    /// reason every binding raises.
    ///
    /// ```
    /// use mcp_boundary::{OptionPath, OptionsError};
    ///
    /// let e = OptionsError::wrong_type(OptionPath::new("known_agents").entry(1), "a string");
    /// assert_eq!((e.code(), e.reason()), ("INVALID_OPTIONS", "wrong_type"));
    /// assert_eq!(e.to_string(), "Invalid option known_agents[1]: expected a string.");
    /// ```
    #[must_use]
    #[cold]
    pub fn wrong_type(path: OptionPath, expected: &'static str) -> Self {
        Self(Box::new(Inner { kind: OptionsErrorKind::WrongType(expected), path }))
    }

    /// An option whose value cannot work.
    #[must_use]
    #[cold]
    pub(crate) fn invalid(path: OptionPath, why: impl Into<Why>) -> Self {
        Self(Box::new(Inner { kind: OptionsErrorKind::Invalid(why.into()), path }))
    }

    /// A number outside `min..=max`.
    #[must_use]
    #[cold]
    pub(crate) fn out_of_range(path: OptionPath, min: usize, max: usize) -> Self {
        Self(Box::new(Inner { kind: OptionsErrorKind::OutOfRange { min, max }, path }))
    }

    /// An option key that is not part of the API, named by its safe
    /// rendition ([`SafeText`]), never as it is. Like
    /// [`wrong_type`](Self::wrong_type), for a program that reads options
    /// out of untyped values.
    ///
    /// ```
    /// use mcp_boundary::OptionsError;
    ///
    /// let e = OptionsError::unknown_option("strict\n");
    /// assert_eq!(e.reason(), "unknown_option");
    /// assert_eq!(e.to_string(), "Unknown option 'strict\\u{000A}': check its spelling.");
    /// ```
    #[must_use]
    #[cold]
    pub fn unknown_option(key: &str) -> Self {
        let path = OptionPath { name: "", rest: format!("'{}'", SafeText::render(key)) };
        Self(Box::new(Inner { kind: OptionsErrorKind::UnknownOption, path }))
    }

    /// A pattern that does not compile.
    #[must_use]
    #[cold]
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
        Self::REASONS[match self.0.kind {
            OptionsErrorKind::WrongType(_) => 0,
            OptionsErrorKind::Invalid(_) => 1,
            OptionsErrorKind::OutOfRange { .. } => 2,
            OptionsErrorKind::UnknownOption => 3,
            OptionsErrorKind::InvalidPattern => 4,
        }]
    }

    /// Every [`reason`](Self::reason), in this order (the bindings' types
    /// list them from here).
    pub const REASONS: [&'static str; 5] =
        ["wrong_type", "invalid_value", "out_of_range", "unknown_option", "invalid_pattern"];

    /// The option at fault, e.g. `known_agents[2]`.
    #[must_use]
    pub fn option(&self) -> &OptionPath {
        &self.0.path
    }

    /// The message with every option it names (the one at fault, and one
    /// that the reason names) spelled by `spell`, which is given each
    /// option's [`name`](OptionPath::name): a binding's words for the
    /// options. `to_string()` is the message in Rust's words.
    ///
    /// ```
    /// use mcp_boundary::{RecipientOptions, RecipientValidator};
    ///
    /// let e = RecipientValidator::new(RecipientOptions::default().max_identifier_length(0)).unwrap_err();
    /// let shout = |name: &'static str| name.to_uppercase().into();
    /// assert_eq!(
    ///     e.message_with(shout),
    ///     "Invalid option MAX_IDENTIFIER_LENGTH: expected a whole number from 1 to 4096."
    /// );
    /// ```
    #[must_use]
    pub fn message_with(&self, spell: impl Fn(&'static str) -> Cow<'static, str>) -> String {
        let mut out = String::new();
        let _ = self.write(&mut out, &spell);
        out
    }

    /// The message, each option's name spelled by `spell`.
    fn write(&self, f: &mut dyn fmt::Write, spell: &dyn Fn(&'static str) -> Cow<'static, str>) -> fmt::Result {
        let (name, rest) = (spell(self.0.path.name), &self.0.path.rest);
        match &self.0.kind {
            OptionsErrorKind::WrongType(expected) => write!(f, "Invalid option {name}{rest}: expected {expected}."),
            OptionsErrorKind::Invalid(why) => {
                let option = if why.option.is_empty() { Cow::Borrowed("") } else { spell(why.option) };
                write!(f, "Invalid option {name}{rest}: {}{option}{}.", why.before, why.after)
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
}

/// The message in Rust's words: `Invalid option max_identifier_length: …`.
impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|name| Cow::Borrowed(name))
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
    fn errors_serialize_with_their_details_in_rust_words() {
        let e = RecipientValidator::new(RecipientOptions::default().max_identifier_length(0)).unwrap_err();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"code": "INVALID_OPTIONS", "reason": "out_of_range", "option": "max_identifier_length",
                "message": "Invalid option max_identifier_length: expected a whole number from 1 to 4096."})
        );
        let e = to_llm_facing_name("a//b", &Profile::builtin(BuiltinProfile::Anthropic), Overflow::Error).unwrap_err();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"code": "UNREPRESENTABLE_TOOL_NAME", "reason": "empty_segment", "tool_name": "a//b",
                "profile": "anthropic", "message": e.to_string()})
        );
        let e = records_from_json(&[json!(1)]).unwrap_err();
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            json!({"code": e.code(), "reason": e.reason(), "place": "messages[0]", "message": e.to_string()})
        );
    }
}
