//! Recipient validation for an agent mailbox's `add_message` `to`.
//!
//! Layer 1 (shape) is always on and knows no identities: `AGENT:*` or
//! `@` plus 1..=`max_identifier_length` characters of `[A-Za-z0-9_-]`.
//! Layer 2 (known agents, identity pattern) and layer 3 (suggestions) are
//! opt-in through [`RecipientOptions`]. Nothing is ever trimmed, folded or
//! corrected: a rejection explains, it does not guess.

mod json_schema;
mod options;
mod reason;
pub(crate) mod rejection;
pub(crate) mod shape;
#[cfg(test)]
mod tests;
mod validator;

use serde::Serialize;

pub use json_schema::RecipientJsonSchema;
pub use options::RecipientOptions;
pub use reason::RejectionReason;
pub use rejection::{RecipientError, RejectionContent, RejectionResult};
pub use validator::RecipientValidator;

/// The broadcast literal, matched byte for byte.
pub const BROADCAST: &str = "AGENT:*";

/// The default and the ceiling of `max_identifier_length`.
pub const DEFAULT_MAX_IDENTIFIER_LENGTH: usize = 128;
/// The largest `max_identifier_length` accepted in options.
pub const MAX_IDENTIFIER_LENGTH_LIMIT: usize = 4096;

/// The two shapes a recipient may have, as every rejection lists them.
pub const VALID_SHAPES: [&str; 2] = [
    "AGENT:*  (literal broadcast — note the asterisk is required)",
    "@<identifier>  (e.g., @neo-gpt; the @ prefix is mandatory)",
];

/// The most entries `known_agents` may have.
pub const MAX_KNOWN_AGENTS: usize = 65_536;

/// The most an `identity_pattern` may compile to (regex-lite's size
/// limit, in bytes of its program): a match then costs at most about this
/// many steps per character of the identity.
pub const MAX_PATTERN_SIZE: usize = 16_384;

/// What starts every direct recipient: the identifier follows it.
pub const IDENTITY_PREFIX: &str = "@";

/// A validated recipient.
///
/// Serializes (serde) as JS sees it: `{ "kind": "broadcast" }` or
/// `{ "kind": "identity", "id": "neo-gpt" }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recipient<'a> {
    /// `AGENT:*`: every agent of the audience.
    Broadcast,
    /// `@id`: one agent; holds the identifier without its `@`.
    Identity(&'a str),
}

impl Recipient<'_> {
    /// The recipient's `kind` as it serializes: `"broadcast"` or
    /// `"identity"` (the wrapper reads both once and builds accepted
    /// results with them).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Broadcast => "broadcast",
            Self::Identity(_) => "identity",
        }
    }
}

impl Serialize for Recipient<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut wire = serializer.serialize_struct("Recipient", 1 + usize::from(matches!(self, Self::Identity(_))))?;
        wire.serialize_field("kind", self.kind())?;
        if let Self::Identity(id) = self {
            wire.serialize_field("id", id)?;
        }
        wire.end()
    }
}

/// A validation as JSON carries it (the JS API's `validateRecipient`
/// result, which a tool can return to its caller as it is):
/// `{ "ok": true, "recipient": { "kind": "identity", "id": "neo-gpt" } }`
/// or `{ "ok": false, "error": { "code": …, "reason": …, … } }`.
///
/// ```
/// use mcp_boundary::{validate_recipient, Validation};
/// let json = serde_json::to_value(Validation::from(&validate_recipient("@neo-gpt"))).unwrap();
/// assert_eq!(json, serde_json::json!({ "ok": true, "recipient": { "kind": "identity", "id": "neo-gpt" } }));
/// let json = serde_json::to_value(Validation::from(&validate_recipient("AGENT:gpt"))).unwrap();
/// assert_eq!((&json["ok"], &json["error"]["reason"]), (&serde_json::json!(false), &serde_json::json!("agent_prefix_with_name")));
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Validation<'r, 'e> {
    /// The recipient is valid.
    Accepted(Recipient<'r>),
    /// It is not, and why.
    Rejected(&'e RecipientError),
}

impl<'r, 'e> From<&'e Result<Recipient<'r>, RecipientError>> for Validation<'r, 'e> {
    fn from(result: &'e Result<Recipient<'r>, RecipientError>) -> Self {
        match result {
            Ok(recipient) => Self::Accepted(*recipient),
            Err(error) => Self::Rejected(error),
        }
    }
}

impl Serialize for Validation<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut wire = serializer.serialize_struct("Validation", 2)?;
        match self {
            Self::Accepted(recipient) => {
                wire.serialize_field("ok", &true)?;
                wire.serialize_field("recipient", recipient)?;
            }
            Self::Rejected(error) => {
                wire.serialize_field("ok", &false)?;
                wire.serialize_field("error", error)?;
            }
        }
        wire.end()
    }
}

/// Validates a recipient with the default options (layer 1 only).
///
/// ```
/// use mcp_boundary::{validate_recipient, Recipient};
/// assert_eq!(validate_recipient("@neo-gpt"), Ok(Recipient::Identity("neo-gpt")));
/// assert_eq!(validate_recipient("AGENT:*"), Ok(Recipient::Broadcast));
/// let err = validate_recipient("AGENT:gpt").unwrap_err();
/// assert_eq!(err.reason().as_str(), "agent_prefix_with_name");
/// ```
///
/// # Errors
/// As [`RecipientValidator::validate`]: `"AGENT:gpt"`, `"BROADCAST:*"`,
/// `" @neo-gpt"`, `"neo-gpt"`, `"@@neo"`, `"＠neo"`, `"@"`, `""`.
pub fn validate_recipient(to: &str) -> Result<Recipient<'_>, RecipientError> {
    RecipientValidator::DEFAULT.validate(to)
}
