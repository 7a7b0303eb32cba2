//! Errors that the API raises (as opposed to rejections it returns).
//!
//! Every error has a stable `code()` and `reason()` and a message built only
//! from fixed strings and [`SafeText`]: the binding turns any of them into a
//! JS `Error` with `name`, `code` and `reason` own properties through one
//! helper, without ever seeing raw input.

use std::fmt;

use crate::safe_text::SafeText;

/// What the binding needs to throw an error as a JS `Error`.
pub trait BoundaryError: fmt::Display {
    /// The JS `name` of the error (`"TypeError"` for bad options).
    fn name(&self) -> &'static str;
    /// The stable machine-readable code, e.g. `"INVALID_OPTIONS"`.
    fn code(&self) -> &'static str;
    /// The stable reason within the code, e.g. `"wrong_type"`.
    fn reason(&self) -> &'static str;
    /// More safe properties for the JS error, e.g. `("option", "strict")`.
    fn details(&self) -> Vec<(&'static str, Detail)> {
        Vec::new()
    }
}

/// The value of one extra error property: safe text or a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detail {
    /// Text built from fixed strings and safe renditions only.
    Text(String),
    /// A position, length or limit.
    Number(usize),
}

/// Where in the options an error was found: a fixed option name, an entry of
/// a list option, or (safely rendered) an option key we do not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionPath {
    /// A named option, e.g. `strict`.
    Named(&'static str),
    /// One entry of a list option, e.g. `knownAgents[2]`.
    Entry(&'static str, usize),
    /// The options argument itself.
    Whole,
    /// An option key that is not part of the API, rendered safely.
    Unknown(SafeText),
    /// A place inside a structured option, e.g. `tools.list_bounties[1]`,
    /// built from fixed names, indexes and safe renditions of keys.
    Place(String),
}

impl fmt::Display for OptionPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Named(name) => f.write_str(name),
            Self::Entry(name, index) => write!(f, "{name}[{index}]"),
            Self::Whole => f.write_str("options"),
            Self::Unknown(key) => write!(f, "'{key}'"),
            Self::Place(place) => f.write_str(place),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum OptionsErrorKind {
    WrongType(&'static str),
    Invalid(&'static str),
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
pub struct OptionsError {
    kind: OptionsErrorKind,
    path: OptionPath,
}

/// Constructors for bindings, which read options out of their own values
/// (the JS binding reads JS objects); the Rust API itself takes typed
/// options and so reports only invalid values.
impl OptionsError {
    /// An option of the wrong type, e.g. `strict` given as a string.
    #[must_use]
    pub fn wrong_type(path: OptionPath, expected: &'static str) -> Self {
        Self { kind: OptionsErrorKind::WrongType(expected), path }
    }

    /// An option whose value cannot work.
    #[must_use]
    pub fn invalid(path: OptionPath, why: &'static str) -> Self {
        Self { kind: OptionsErrorKind::Invalid(why), path }
    }

    /// A number outside `min..=max`.
    #[must_use]
    pub fn out_of_range(path: OptionPath, min: usize, max: usize) -> Self {
        Self { kind: OptionsErrorKind::OutOfRange { min, max }, path }
    }

    /// An option key that is not part of the API (rendered safely).
    #[must_use]
    pub fn unknown(key: SafeText) -> Self {
        Self { kind: OptionsErrorKind::UnknownOption, path: OptionPath::Unknown(key) }
    }

    /// A pattern that does not compile.
    #[must_use]
    pub fn invalid_pattern(path: OptionPath) -> Self {
        Self { kind: OptionsErrorKind::InvalidPattern, path }
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
        match self.kind {
            OptionsErrorKind::WrongType(_) => "wrong_type",
            OptionsErrorKind::Invalid(_) => "invalid_value",
            OptionsErrorKind::OutOfRange { .. } => "out_of_range",
            OptionsErrorKind::UnknownOption => "unknown_option",
            OptionsErrorKind::InvalidPattern => "invalid_pattern",
        }
    }

    /// The option at fault, e.g. `knownAgents[2]`.
    #[must_use]
    pub fn option(&self) -> &OptionPath {
        &self.path
    }
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = &self.path;
        match &self.kind {
            OptionsErrorKind::WrongType(expected) => write!(f, "Invalid option {path}: expected {expected}."),
            OptionsErrorKind::Invalid(why) => write!(f, "Invalid option {path}: {why}."),
            OptionsErrorKind::OutOfRange { min, max } => {
                write!(f, "Invalid option {path}: expected a whole number from {min} to {max}.")
            }
            OptionsErrorKind::UnknownOption => write!(f, "Unknown option {path}: check its spelling."),
            OptionsErrorKind::InvalidPattern => {
                write!(f, "Invalid option {path}: not a valid regular expression (regex-lite syntax).")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

impl BoundaryError for OptionsError {
    fn name(&self) -> &'static str {
        "TypeError"
    }
    fn code(&self) -> &'static str {
        OptionsError::code(self)
    }
    fn reason(&self) -> &'static str {
        OptionsError::reason(self)
    }
    fn details(&self) -> Vec<(&'static str, Detail)> {
        vec![("option", Detail::Text(self.path.to_string()))]
    }
}

/// An argument that cannot be used, e.g. a number where a tool name string
/// belongs: `INVALID_ARGUMENT`, with a reason. Its message names what was
/// expected, never the value:
/// - `wrong_type` (a `TypeError`): not the kind of value expected;
/// - `unreadable` (a `TypeError`): a getter or a Proxy trap threw while it
///   was read, or a Proxy was revoked;
/// - `too_large` (a `RangeError`): more than the call can take, refused
///   before anything is allocated;
/// - `freed` (a `TypeError`): a method of an object whose `free()` was
///   called;
/// - `wrong_receiver` (a `TypeError`): a method called on something that is
///   not an instance of its class (a method detached from its object).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgumentError {
    kind: ArgumentKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum ArgumentKind {
    WrongType(String),
    Unreadable(&'static str),
    TooLarge { what: &'static str, limit: usize },
    Freed(&'static str),
    WrongReceiver(&'static str),
}

impl ArgumentError {
    /// An error saying what was `expected` (a fixed phrase of ours, such
    /// as `"a tool name string"`).
    #[must_use]
    pub fn new(expected: &'static str) -> Self {
        Self { kind: ArgumentKind::WrongType(expected.to_owned()) }
    }

    /// An error saying that `what` is one of the fixed `choices`:
    /// `a payload format: one of "anthropic", "gemini"`.
    #[must_use]
    pub fn one_of(what: &'static str, choices: &[&'static str]) -> Self {
        let mut expected = format!("{what}: one of ");
        for (i, choice) in choices.iter().enumerate() {
            if i > 0 {
                expected.push_str(", ");
            }
            expected.push('"');
            expected.push_str(choice);
            expected.push('"');
        }
        Self { kind: ArgumentKind::WrongType(expected) }
    }

    /// `what` (a fixed phrase, `"the issues"`) threw while it was read.
    #[must_use]
    pub fn unreadable(what: &'static str) -> Self {
        Self { kind: ArgumentKind::Unreadable(what) }
    }

    /// `what` (a fixed phrase, `"the recipients"`) is more than `limit`
    /// (in the unit `what` names) in one call.
    #[must_use]
    pub fn too_large(what: &'static str, limit: usize) -> Self {
        Self { kind: ArgumentKind::TooLarge { what, limit } }
    }

    /// A method of a freed `class` (`"RecipientValidator"`).
    #[must_use]
    pub fn freed(class: &'static str) -> Self {
        Self { kind: ArgumentKind::Freed(class) }
    }

    /// A method of `class` called on something else.
    #[must_use]
    pub fn wrong_receiver(class: &'static str) -> Self {
        Self { kind: ArgumentKind::WrongReceiver(class) }
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ArgumentKind::WrongType(expected) => write!(f, "Invalid argument: expected {expected}."),
            ArgumentKind::Unreadable(what) => {
                write!(f, "Invalid argument: {what} could not be read (a getter or a Proxy threw).")
            }
            ArgumentKind::TooLarge { what, limit } => {
                write!(f, "Invalid argument: {what} exceed the limit of {limit} in one call.")
            }
            ArgumentKind::Freed(class) => {
                write!(f, "This {class} was freed (free() was called) and can no longer be used; create a new one.")
            }
            ArgumentKind::WrongReceiver(class) => {
                write!(f, "A {class} method was called on something that is not a {class}.")
            }
        }
    }
}

impl std::error::Error for ArgumentError {}

impl BoundaryError for ArgumentError {
    fn name(&self) -> &'static str {
        if matches!(self.kind, ArgumentKind::TooLarge { .. }) {
            "RangeError"
        } else {
            "TypeError"
        }
    }
    fn code(&self) -> &'static str {
        "INVALID_ARGUMENT"
    }
    fn reason(&self) -> &'static str {
        match self.kind {
            ArgumentKind::WrongType(_) => "wrong_type",
            ArgumentKind::Unreadable(_) => "unreadable",
            ArgumentKind::TooLarge { .. } => "too_large",
            ArgumentKind::Freed(_) => "freed",
            ArgumentKind::WrongReceiver(_) => "wrong_receiver",
        }
    }
    fn details(&self) -> Vec<(&'static str, Detail)> {
        match self.kind {
            ArgumentKind::TooLarge { limit, .. } => vec![("limit", Detail::Number(limit))],
            _ => Vec::new(),
        }
    }
}
