//! A protected server's options, checked once, the same in every language.

use crate::error::{OptionPath, OptionsError};
use crate::error_data::MAX_CATALOG_ENTRIES;

/// What a protected server answers when a tool's handler fails.
///
/// The list may grow: a `match` needs a wildcard arm.
///
/// ```compile_fail,E0004
/// use mcp_boundary::HandlerErrors;
/// fn name(h: HandlerErrors) -> &'static str {
///     match h {
///         HandlerErrors::Classify => "classify",
///         HandlerErrors::Pass => "pass",
///     }
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum HandlerErrors {
    /// Classified against the catalog and the server's own phrases, else
    /// `tool <name> failed` (the default).
    #[default]
    Classify,
    /// The SDK's own answer for a handler's error stands (the handler's
    /// message, which the server vouches for).
    Pass,
}

impl HandlerErrors {
    /// Every value, in declaration order.
    pub const ALL: [Self; 2] = [Self::Classify, Self::Pass];

    /// `"classify"` or `"pass"`: how every language spells the option's value.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Classify => "classify",
            Self::Pass => "pass",
        }
    }

    /// The value named `name` (exactly, case-sensitive: `"Pass"` is none),
    /// or the options error every binding raises for the option
    /// `handler_errors` (`INVALID_OPTIONS`, `invalid_value`), which names
    /// the values allowed and never the one given.
    ///
    /// # Errors
    /// An [`OptionsError`] for a name that is not `"classify"` or `"pass"`.
    pub fn parse(name: &str) -> Result<Self, OptionsError> {
        name.parse().map_err(|_| OptionsError::invalid(OptionPath::new("handler_errors"), HANDLER_ERRORS_EXPECTED))
    }
}

impl HandlerErrors {
    /// The options error every binding raises for a `handler_errors` value
    /// that is not a string (`INVALID_OPTIONS`, `wrong_type`).
    #[must_use]
    #[cold]
    pub fn not_a_string() -> OptionsError {
        OptionsError::wrong_type(OptionPath::new("handler_errors"), "a string, \"classify\" or \"pass\"")
    }
}

/// What [`HandlerErrors::parse`] says is allowed.
const HANDLER_ERRORS_EXPECTED: &str = "expected \"classify\" or \"pass\"";

/// The options of a protected server: its own safe phrases (`messages`,
/// which a handler's error may say, alone or after a field name) and what
/// to do with handler errors.
///
/// ```
/// use mcp_boundary::{HandlerErrors, Protection, ProtectOptions};
///
/// let options = ProtectOptions::default().messages(["matches multiple bounties"]).handler_errors(HandlerErrors::Classify);
/// let protection = Protection::new(options)?;
/// assert_eq!(protection.handler_errors(), HandlerErrors::Classify);
/// assert!(Protection::new(ProtectOptions::default().messages([""])).is_err()); // an empty phrase never matches
/// # Ok::<(), mcp_boundary::OptionsError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProtectOptions {
    /// The server's own safe phrases.
    pub messages: Vec<String>,
    /// What a handler's error is answered with.
    pub handler_errors: HandlerErrors,
}

impl ProtectOptions {
    /// The server's own safe phrases.
    #[must_use]
    pub fn messages<S: Into<String>>(mut self, messages: impl IntoIterator<Item = S>) -> Self {
        self.messages = messages.into_iter().map(Into::into).collect();
        self
    }

    /// What a handler's error is answered with.
    #[must_use]
    pub fn handler_errors(mut self, handler_errors: HandlerErrors) -> Self {
        self.handler_errors = handler_errors;
        self
    }
}

/// A protected server's policy: its checked options. It builds the
/// catalog a server answers from ([`catalog`](Self::catalog)) and decides
/// each answer ([`answer`](Self::answer)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Protection {
    pub(super) messages: Vec<String>,
    pub(super) handler_errors: HandlerErrors,
}

impl Protection {
    /// Checks the options: what a server's handlers may say must be able
    /// to match (no empty phrase, at most
    /// [`MAX_CATALOG_ENTRIES`](crate::MAX_CATALOG_ENTRIES)).
    ///
    /// # Errors
    /// An [`OptionsError`] at `messages[i]` (never the phrase itself).
    pub fn new(options: ProtectOptions) -> Result<Self, OptionsError> {
        let ProtectOptions { messages, handler_errors } = options;
        // Checked as the catalog will hold them, so that building one from
        // a server's tools never fails.
        let at = || OptionPath::new("messages");
        if messages.len() > MAX_CATALOG_ENTRIES {
            return Err(OptionsError::invalid(at(), "has more than 65536 entries (MAX_CATALOG_ENTRIES)"));
        }
        if let Some(i) = messages.iter().position(String::is_empty) {
            return Err(OptionsError::invalid(at().entry(i), "a phrase must not be empty"));
        }
        Ok(Self { messages, handler_errors })
    }

    /// What a handler's error is answered with.
    #[must_use]
    pub fn handler_errors(&self) -> HandlerErrors {
        self.handler_errors
    }

    /// The server's own phrases.
    #[must_use]
    pub fn messages(&self) -> &[String] {
        &self.messages
    }
}

impl Default for Protection {
    fn default() -> Self {
        Self { messages: Vec::new(), handler_errors: HandlerErrors::Classify }
    }
}
