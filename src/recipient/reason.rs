//! Why a recipient was rejected, and what each reason teaches.

/// Why a recipient was rejected: the first rule that fails, in contract order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RejectionReason {
    /// The JS value is not a string.
    NotAString,
    /// `""` or `"@"`.
    Empty,
    /// Valid once leading/trailing white space is removed (` @neo-gpt`).
    SurroundingWhitespace,
    /// Contains `*` but is not `AGENT:*` (`BROADCAST:*`, `agent:*`).
    WrongBroadcastLiteral,
    /// `AGENT:` then anything else (`AGENT:gpt`); the prefix is matched
    /// without regard to ASCII case, for the hint only.
    AgentPrefixWithName,
    /// Valid once `@` is put in front (`neo-gpt`).
    MissingAtPrefix,
    /// `@` plus more than `max_identifier_length` valid characters.
    TooLong,
    /// A character breaks the shape; see [`RecipientError::position`](super::RecipientError::position).
    InvalidCharacters,
    /// Shape-valid, but not in `known_agents` under `strict`.
    UnknownAgent,
    /// Shape-valid, but does not match `identity_pattern`.
    PatternMismatch,
}

impl RejectionReason {
    /// Every reason, in contract order (the JS binding indexes this list).
    pub const ALL: [Self; 10] = [
        Self::NotAString,
        Self::Empty,
        Self::SurroundingWhitespace,
        Self::WrongBroadcastLiteral,
        Self::AgentPrefixWithName,
        Self::MissingAtPrefix,
        Self::TooLong,
        Self::InvalidCharacters,
        Self::UnknownAgent,
        Self::PatternMismatch,
    ];

    /// `INVALID_RECIPIENT_SHAPE` for layer-1 reasons, else `UNKNOWN_RECIPIENT`.
    #[must_use]
    pub fn code(self) -> &'static str {
        if self.is_shape() {
            "INVALID_RECIPIENT_SHAPE"
        } else {
            "UNKNOWN_RECIPIENT"
        }
    }

    /// The short title: `Invalid recipient shape` or `Unknown recipient`.
    #[must_use]
    pub fn title(self) -> &'static str {
        if self.is_shape() {
            "Invalid recipient shape"
        } else {
            "Unknown recipient"
        }
    }

    /// The stable `snake_case` name, e.g. `"agent_prefix_with_name"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NotAString => "not_a_string",
            Self::Empty => "empty",
            Self::SurroundingWhitespace => "surrounding_whitespace",
            Self::WrongBroadcastLiteral => "wrong_broadcast_literal",
            Self::AgentPrefixWithName => "agent_prefix_with_name",
            Self::MissingAtPrefix => "missing_at_prefix",
            Self::TooLong => "too_long",
            Self::InvalidCharacters => "invalid_characters",
            Self::UnknownAgent => "unknown_agent",
            Self::PatternMismatch => "pattern_mismatch",
        }
    }

    /// The position in [`ALL`](Self::ALL) (its declaration order).
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    fn is_shape(self) -> bool {
        !matches!(self, Self::UnknownAgent | Self::PatternMismatch)
    }

    pub(super) fn hint(self) -> &'static str {
        match self {
            Self::NotAString | Self::Empty => {
                "Give a string: 'AGENT:*' to broadcast, or '@' followed by the agent's identifier (e.g. '@neo-gpt')."
            }
            Self::SurroundingWhitespace => {
                "It has leading or trailing white space; recipients are compared byte for byte and nothing is trimmed for you. Send it again without the white space."
            }
            Self::WrongBroadcastLiteral => {
                "To broadcast, send exactly 'AGENT:*': uppercase AGENT, a colon, an asterisk, nothing else."
            }
            Self::AgentPrefixWithName => {
                "'AGENT:' only forms the broadcast literal 'AGENT:*'; to reach one agent use '@' followed by its identifier (e.g. '@neo-gpt')."
            }
            Self::MissingAtPrefix => "A direct recipient needs the '@' prefix: '@<identifier>' (e.g. '@neo-gpt').",
            Self::TooLong => "The identifier after '@' is longer than this deployment allows.",
            Self::InvalidCharacters => {
                "An identifier is '@' followed only by A-Z, a-z, 0-9, '_' and '-'; the character at 'position' (a UTF-16 index) is not allowed there."
            }
            Self::UnknownAgent => "No agent with this identifier is known to this deployment; check the identifier, or broadcast with 'AGENT:*'.",
            Self::PatternMismatch => {
                "Identifiers in this deployment follow a naming pattern that this one does not match; check the identifier, or broadcast with 'AGENT:*'."
            }
        }
    }
}
