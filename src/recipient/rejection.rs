//! A rejection: the structured, teaching error, its message made of fixed
//! pieces, and its `isError` tool result.

use serde::Serialize;

use super::{RejectionReason, DEFAULT_MAX_IDENTIFIER_LENGTH, VALID_SHAPES};
use crate::safe_text::SafeText;

/// A rejection as a tool's `isError` result ([`RecipientError::tool_result`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RejectionResult<'e> {
    /// The rejection as JSON text.
    pub content: [crate::error_data::TextContent; 1],
    /// `{ error: rejection }`.
    #[serde(rename = "structuredContent")]
    pub structured_content: RejectionContent<'e>,
    /// Always true.
    #[serde(rename = "isError")]
    pub is_error: bool,
}

/// `structuredContent` of a [`RejectionResult`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RejectionContent<'e> {
    /// The rejection.
    pub error: &'e RecipientError,
}

/// A rejected recipient: the structured, teaching error of the contract
///
/// Serializes (serde) to the object the MCP tool returns: `error`, `code`,
/// `to`, `valid_shapes`, `message`, `reason`, and where they apply
/// `position`, `limit` and `suggestions`. `to` and the copy inside `message`
/// are [`SafeText`]; suggestions come only from the configured known agents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecipientError {
    pub(super) reason: RejectionReason,
    pub(super) to: SafeText,
    pub(super) position: Option<usize>,
    pub(super) limit: Option<usize>,
    pub(super) suggestions: Option<Vec<String>>,
}

impl RecipientError {
    /// The rejection of a value that is not a string, rendered as its type
    /// name (`"number"`, `"undefined"`…): only a fixed string can be given.
    #[must_use]
    pub(crate) fn not_a_string(type_name: &'static str) -> Self {
        Self {
            reason: RejectionReason::NotAString,
            to: SafeText::from_static(type_name),
            position: None,
            limit: None,
            suggestions: None,
        }
    }

    /// `INVALID_RECIPIENT_SHAPE` or `UNKNOWN_RECIPIENT`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.reason.code()
    }

    /// The short title: `Invalid recipient shape` or `Unknown recipient`.
    #[must_use]
    pub fn error(&self) -> &'static str {
        self.reason.title()
    }

    /// The first rule that failed.
    #[must_use]
    pub fn reason(&self) -> RejectionReason {
        self.reason
    }

    /// The safe rendition of the rejected input.
    #[must_use]
    pub fn to(&self) -> &SafeText {
        &self.to
    }

    /// For `invalid_characters`: the UTF-16 index of the first character
    /// that breaks the shape (`@neo gpt` → 4).
    #[must_use]
    pub fn position(&self) -> Option<usize> {
        self.position
    }

    /// For `too_long`: the maximum identifier length.
    #[must_use]
    pub fn limit(&self) -> Option<usize> {
        self.limit
    }

    /// Up to three known agents nearest the input, when known agents are
    /// configured (possibly empty); `None` otherwise.
    #[must_use]
    pub fn suggestions(&self) -> Option<&[String]> {
        self.suggestions.as_deref()
    }

    /// The two valid shapes, as listed in every rejection.
    #[must_use]
    pub fn valid_shapes(&self) -> [&'static str; 2] {
        VALID_SHAPES
    }

    /// The MCP `CallToolResult` a tool returns for this rejection: the
    /// error as JSON text and as `structuredContent.error`, `isError: true`.
    #[must_use]
    pub fn tool_result(&self) -> RejectionResult<'_> {
        let text = serde_json::to_string(self).unwrap_or_default();
        RejectionResult {
            content: [crate::error_data::TextContent { kind: "text", text }],
            structured_content: RejectionContent { error: self },
            is_error: true,
        }
    }

    /// The full teaching message, built from the safe rendition and fixed
    /// text only.
    #[must_use]
    pub fn message(&self) -> String {
        // Built with `push_str` (no formatting machinery): a first-seen
        // rejection is on the path of every rejected call.
        let mut m = String::with_capacity(self.to.as_str().len() + 256);
        for part in self.message_parts() {
            match part {
                MessagePart::Text(id) => m.push_str(message_text(id)),
                MessagePart::To => m.push_str(self.to.as_str()),
                MessagePart::Number(n) => push_decimal(&mut m, n),
            }
        }
        m
    }

    /// The pieces [`message`](Self::message) is made of, in order: a
    /// binding can send them as numbers and put the message together
    /// where its strings live.
    pub(crate) fn message_parts(&self) -> impl Iterator<Item = MessagePart> {
        use MessagePart::{Number, Text, To};
        let (before, after) = match self.reason {
            RejectionReason::NotAString => (text::NOT_A_STRING, text::NOT_A_STRING_END),
            RejectionReason::UnknownAgent => (text::RECIPIENT, text::UNKNOWN_AGENT),
            RejectionReason::PatternMismatch => (text::RECIPIENT, text::PATTERN_MISMATCH),
            _ => (text::RECIPIENT, text::NO_SHAPE),
        };
        let hint = MESSAGE_TEXT.len() + self.reason.index();
        let tail = match self.reason {
            RejectionReason::TooLong => [
                Some(Text(text::LIMIT_IS)),
                Some(Number(self.limit.unwrap_or(DEFAULT_MAX_IDENTIFIER_LENGTH))),
                Some(Text(text::CHARACTERS)),
            ],
            RejectionReason::InvalidCharacters => {
                [Some(Text(text::POSITION)), Some(Number(self.position.unwrap_or(0))), Some(Text(text::CLOSE))]
            }
            _ => [None; 3],
        };
        [Text(before), To, Text(after), Text(hint)].into_iter().chain(tail.into_iter().flatten())
    }
}

/// A piece of a rejection's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MessagePart {
    /// Fixed text: an index for [`message_text`].
    Text(usize),
    /// The safe rendition of the input.
    To,
    /// A number, in decimal.
    Number(usize),
}

/// The fixed text of rejection messages, each piece once (the reasons'
/// hints follow, see [`message_text`]).
pub(crate) const MESSAGE_TEXT: [&str; 10] = [
    "Recipient must be a string, not ",
    ". ",
    "Recipient '",
    "' is not a known agent. ",
    "' does not match this deployment's identity pattern. ",
    "' does not match either valid shape. ",
    " The limit is ",
    " characters.",
    " (position ",
    ")",
];

/// Names for the indexes of [`MESSAGE_TEXT`].
mod text {
    pub(super) const NOT_A_STRING: usize = 0;
    pub(super) const NOT_A_STRING_END: usize = 1;
    pub(super) const RECIPIENT: usize = 2;
    pub(super) const UNKNOWN_AGENT: usize = 3;
    pub(super) const PATTERN_MISMATCH: usize = 4;
    pub(super) const NO_SHAPE: usize = 5;
    pub(super) const LIMIT_IS: usize = 6;
    pub(super) const CHARACTERS: usize = 7;
    pub(super) const POSITION: usize = 8;
    pub(super) const CLOSE: usize = 9;
}

/// Fixed message text `id` of [`MessagePart::Text`]: a piece of
/// [`MESSAGE_TEXT`], then each reason's hint in [`RejectionReason::ALL`]
/// order.
pub(crate) fn message_text(id: usize) -> &'static str {
    match id.checked_sub(MESSAGE_TEXT.len()) {
        None => MESSAGE_TEXT[id],
        Some(reason) => RejectionReason::ALL.get(reason).map_or("", |r| r.hint()),
    }
}

/// Appends `n` in decimal.
fn push_decimal(out: &mut String, n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + u8::try_from(n % 10).unwrap_or(0);
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).unwrap_or_default());
}

impl std::fmt::Display for RecipientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for RecipientError {}

#[derive(Serialize)]
struct Wire<'a> {
    error: &'static str,
    code: &'static str,
    to: &'a SafeText,
    valid_shapes: [&'static str; 2],
    message: String,
    reason: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    suggestions: Option<&'a [String]>,
}

impl Serialize for RecipientError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Wire {
            error: self.error(),
            code: self.code(),
            to: &self.to,
            valid_shapes: VALID_SHAPES,
            message: self.message(),
            reason: self.reason.as_str(),
            position: self.position,
            limit: self.limit,
            suggestions: self.suggestions(),
        }
        .serialize(serializer)
    }
}
