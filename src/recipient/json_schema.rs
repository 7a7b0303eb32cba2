//! A JSON Schema fragment for a recipient argument.

use serde::Serialize;

use super::{RecipientValidator, VALID_SHAPES};

/// How many known agents a [`RecipientJsonSchema`] description lists.
const JSON_SCHEMA_AGENTS: usize = 50;

/// A JSON Schema fragment for a recipient argument
/// ([`RecipientValidator::json_schema`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RecipientJsonSchema {
    /// Always `string`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Anchored; accepts exactly `AGENT:*` and `@<identifier>`.
    pub pattern: String,
    /// Both shapes, in words.
    pub description: String,
}

impl RecipientValidator {
    /// A JSON Schema fragment for a recipient argument, for a tool's input
    /// schema: `type`, a `pattern` that accepts exactly the two shapes
    /// (layer 1, with this validator's identifier length), and a
    /// `description` that teaches both, listing known agents when strict
    /// (and suggestions are not turned off: `suggest(false)` keeps the
    /// agents' names from the caller everywhere).
    #[must_use]
    pub fn json_schema(&self) -> RecipientJsonSchema {
        let pattern = format!("^(?:AGENT:\\*|@[A-Za-z0-9_-]{{1,{}}})$", self.max_len);
        let mut description = format!("The recipient, exactly one of: {} or {}.", VALID_SHAPES[0], VALID_SHAPES[1]);
        if let (true, Some(known)) = (self.strict, self.suggestions_from()) {
            description.push_str(" Known agents: ");
            description.push_str(&known.iter().take(JSON_SCHEMA_AGENTS).cloned().collect::<Vec<_>>().join(", "));
            if known.len() > JSON_SCHEMA_AGENTS {
                description.push_str(", …");
            }
            description.push('.');
        }
        RecipientJsonSchema { kind: "string", pattern, description }
    }
}
