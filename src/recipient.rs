//! Recipient validation for an agent mailbox's `add_message` `to`.
//!
//! Layer 1 (shape) is always on and knows no identities: `AGENT:*` or
//! `@` plus 1..=`max_identifier_length` characters of `[A-Za-z0-9_-]`.
//! Layer 2 (known agents, identity pattern) and layer 3 (suggestions) are
//! opt-in through [`RecipientOptions`]. Nothing is ever trimmed, folded or
//! corrected: a rejection explains, it does not guess.

use serde::Serialize;

use crate::error::{OptionPath, OptionsError, Why};
use crate::nearest::nearest;
use crate::safe_text::{trim_js, SafeText};

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

/// How many suggestions a rejection carries at most.
const MAX_SUGGESTIONS: usize = 3;

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
    /// A character breaks the shape; see [`RecipientError::position`].
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

    fn hint(self) -> &'static str {
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

/// A rejected recipient: the structured, teaching error of the contract
///
/// Serializes (serde) to the object the MCP tool returns: `error`, `code`,
/// `to`, `valid_shapes`, `message`, `reason`, and where they apply
/// `position`, `limit` and `suggestions`. `to` and the copy inside `message`
/// are [`SafeText`]; suggestions come only from the configured known agents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecipientError {
    reason: RejectionReason,
    to: SafeText,
    position: Option<usize>,
    limit: Option<usize>,
    suggestions: Option<Vec<String>>,
}

impl RecipientError {
    /// The rejection of a value that is not a string, rendered as its type
    /// name (`"number"`, `"undefined"`…): only a fixed string can be given.
    #[must_use]
    pub fn not_a_string(type_name: &'static str) -> Self {
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
const MESSAGE_TEXT: [&str; 10] = [
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

/// Every fixed message text, by index (for a binding's table).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code, reason = "read by the wasm binding and the tests"))]
pub(crate) fn message_texts() -> impl Iterator<Item = &'static str> {
    (0..MESSAGE_TEXT.len() + RejectionReason::ALL.len()).map(message_text)
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

/// Options of a [`RecipientValidator`]; all default to off (layer 1 only).
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct RecipientOptions {
    known_agents: Option<Vec<String>>,
    strict: bool,
    identity_pattern: Option<String>,
    max_identifier_length: Option<usize>,
}

impl RecipientOptions {
    /// Layer 2/3: the deployment's agents, each `@<identifier>`. Enables
    /// suggestions; with [`strict`](Self::strict) also rejects others.
    pub fn known_agents<I, S>(mut self, agents: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.known_agents = Some(agents.into_iter().map(Into::into).collect());
        self
    }

    /// Layer 2: reject shape-valid identities that are not known agents.
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// Layer 2: a regex (regex-lite syntax) that the whole identity,
    /// including `@`, must match; e.g. `^@neo-[a-z0-9-]+$`.
    pub fn identity_pattern(mut self, pattern: impl Into<String>) -> Self {
        self.identity_pattern = Some(pattern.into());
        self
    }

    /// The longest identifier accepted after `@` (default 128).
    pub fn max_identifier_length(mut self, max: usize) -> Self {
        self.max_identifier_length = Some(max);
        self
    }
}

/// A recipient validator with its options parsed once.
#[derive(Debug, Clone)]
pub struct RecipientValidator {
    max_len: usize,
    /// Sorted and de-duplicated, for binary search on the hot path.
    known_sorted: Vec<String>,
    /// In the caller's order, for suggestions; `None` when not configured.
    known_in_order: Option<Vec<String>>,
    /// `known_in_order`'s identifiers as suggestions compare them.
    known_keys: Vec<Vec<u8>>,
    strict: bool,
    pattern: Option<regex_lite::Regex>,
}

impl Default for RecipientValidator {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A code unit of either UTF-8 or UTF-16 text; the shape is pure ASCII, so
/// one byte check serves both.
pub(crate) trait Unit: Copy {
    fn code(self) -> u32;
}
impl Unit for u8 {
    fn code(self) -> u32 {
        u32::from(self)
    }
}
impl Unit for u16 {
    fn code(self) -> u32 {
        u32::from(self)
    }
}

/// `[A-Za-z0-9_-]`, by table: the hot path is one load per character.
const IDENT: [bool; 128] = {
    let mut t = [false; 128];
    let mut c = 0;
    while c < 128 {
        #[allow(clippy::cast_possible_truncation, reason = "c < 128")]
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        c += 1;
    }
    t
};

#[inline]
fn is_ident<T: Unit>(u: T) -> bool {
    let c = u.code();
    c < 128 && IDENT[c as usize]
}

fn eq_ascii<T: Unit>(s: &[T], lit: &[u8]) -> bool {
    s.len() == lit.len() && s.iter().zip(lit).all(|(a, b)| a.code() == u32::from(*b))
}

/// The shape verdict (layer 1) without allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Broadcast,
    Identity,
}

#[inline]
fn shape<T: Unit>(s: &[T], max_len: usize) -> Option<Shape> {
    match s.split_first() {
        Some((at, rest)) if at.code() == u32::from(b'@') => {
            (!rest.is_empty() && rest.len() <= max_len && rest.iter().all(|u| is_ident(*u))).then_some(Shape::Identity)
        }
        _ => eq_ascii(s, BROADCAST.as_bytes()).then_some(Shape::Broadcast),
    }
}

/// Orders an ASCII identity given as code units against a stored string.
fn cmp_units<T: Unit>(stored: &str, s: &[T]) -> std::cmp::Ordering {
    stored.bytes().map(u32::from).cmp(s.iter().map(|u| u.code()))
}

impl RecipientValidator {
    /// Layer 1 only, default length: what [`validate_recipient`] uses.
    pub const DEFAULT: Self = Self {
        max_len: DEFAULT_MAX_IDENTIFIER_LENGTH,
        known_sorted: Vec::new(),
        known_in_order: None,
        known_keys: Vec::new(),
        strict: false,
        pattern: None,
    };

    /// Parses and checks the options once.
    ///
    /// # Errors
    /// An [`OptionsError`] naming the option when:
    /// - a `known_agents` entry is not `@<identifier>` within the length
    ///   limit (`"neo"`, `"@neo gpt"`, `"AGENT:*"`), or does not match the
    ///   identity pattern;
    /// - `strict` is set without `known_agents`;
    /// - `identity_pattern` is not a valid regex-lite pattern (`"("`);
    /// - `max_identifier_length` is 0 or above 4096.
    pub fn new(options: RecipientOptions) -> Result<Self, OptionsError> {
        let known_agents = || OptionPath::named("known_agents", "knownAgents");
        let max_len = options.max_identifier_length.unwrap_or(DEFAULT_MAX_IDENTIFIER_LENGTH);
        if !(1..=MAX_IDENTIFIER_LENGTH_LIMIT).contains(&max_len) {
            return Err(OptionsError::out_of_range(
                OptionPath::named("max_identifier_length", "maxIdentifierLength"),
                1,
                MAX_IDENTIFIER_LENGTH_LIMIT,
            ));
        }
        let pattern = match options.identity_pattern {
            None => None,
            Some(p) => Some(compile_full_match(&p).ok_or_else(|| {
                OptionsError::invalid_pattern(OptionPath::named("identity_pattern", "identityPattern"))
            })?),
        };
        if options.strict && options.known_agents.is_none() {
            return Err(OptionsError::invalid(
                OptionPath::named("strict", "strict"),
                Why::spelled(
                    "strict needs known_agents, the list to be strict about",
                    "strict needs knownAgents, the list to be strict about",
                ),
            ));
        }
        if let Some(agents) = &options.known_agents {
            if agents.len() > MAX_KNOWN_AGENTS {
                return Err(OptionsError::invalid(known_agents(), "has more than 65536 entries (MAX_KNOWN_AGENTS)"));
            }
            for (i, agent) in agents.iter().enumerate() {
                if agent == BROADCAST {
                    return Err(OptionsError::invalid(
                        known_agents().entry(i),
                        "list identities only ('@<identifier>'); AGENT:* is always allowed",
                    ));
                }
                if shape(agent.as_bytes(), max_len) != Some(Shape::Identity) {
                    return Err(OptionsError::invalid(
                        known_agents().entry(i),
                        Why::spelled(
                            "not a valid identity; expected '@' followed by 1 to max_identifier_length characters of [A-Za-z0-9_-]",
                            "not a valid identity; expected '@' followed by 1 to maxIdentifierLength characters of [A-Za-z0-9_-]",
                        ),
                    ));
                }
                if pattern.as_ref().is_some_and(|p| !p.is_match(agent)) {
                    return Err(OptionsError::invalid(
                        known_agents().entry(i),
                        Why::spelled("does not match identity_pattern", "does not match identityPattern"),
                    ));
                }
            }
        }
        let mut known_sorted = options.known_agents.clone().unwrap_or_default();
        crate::heap_sort::sort(&mut known_sorted);
        known_sorted.dedup();
        let known_keys = options
            .known_agents
            .iter()
            .flatten()
            .map(|k| crate::nearest::normalize(&k[IDENTITY_PREFIX.len()..]))
            .collect();
        Ok(Self {
            max_len,
            known_sorted,
            known_in_order: options.known_agents,
            known_keys,
            strict: options.strict,
            pattern,
        })
    }

    /// Validates a recipient.
    ///
    /// # Errors
    /// A [`RecipientError`] for anything but `AGENT:*` and a valid
    /// `@<identifier>`: `"AGENT:gpt"` (`agent_prefix_with_name`),
    /// `" @neo-gpt"` (`surrounding_whitespace`), `"neo-gpt"`
    /// (`missing_at_prefix`), `"@neo gpt"` (`invalid_characters`, position
    /// 4), `""` (`empty`); and with layer 2, identities that are unknown or
    /// miss the pattern (`UNKNOWN_RECIPIENT`).
    pub fn validate<'a>(&self, to: &'a str) -> Result<Recipient<'a>, RecipientError> {
        match self.verdict(to.as_bytes()) {
            Some(Shape::Broadcast) => Ok(Recipient::Broadcast),
            Some(Shape::Identity) => Ok(Recipient::Identity(&to[IDENTITY_PREFIX.len()..])),
            None => {
                let units: Vec<u16> = to.encode_utf16().collect();
                Err(self.reject_utf16(&units))
            }
        }
    }

    /// The hot path: the full verdict (all layers) with no allocation
    /// unless an identity pattern is configured; `None` means rejected.
    #[inline]
    pub(crate) fn verdict<T: Unit>(&self, s: &[T]) -> Option<Shape> {
        let shape = shape(s, self.max_len)?;
        (shape == Shape::Broadcast || self.layer2_error(s).is_none()).then_some(shape)
    }

    fn layer2_error<T: Unit>(&self, identity: &[T]) -> Option<RejectionReason> {
        if let Some(pattern) = &self.pattern {
            // A shape-valid identity is ASCII, so this conversion is exact.
            let text: String = identity.iter().map(|u| char::from(u8::try_from(u.code()).unwrap_or(b'?'))).collect();
            if !pattern.is_match(&text) {
                return Some(RejectionReason::PatternMismatch);
            }
        }
        if self.strict && self.known_sorted.binary_search_by(|k| cmp_units(k, identity)).is_err() {
            return Some(RejectionReason::UnknownAgent);
        }
        None
    }

    /// The full rejection for input that [`verdict`](Self::verdict) refused.
    /// Slow path: it diagnoses the reason, renders the input and ranks
    /// suggestions.
    pub(crate) fn reject_utf16(&self, units: &[u16]) -> RecipientError {
        let (reason, position, limit) = match shape(units, self.max_len) {
            Some(_) => (self.layer2_error(units).unwrap_or(RejectionReason::UnknownAgent), None, None),
            None => diagnose(units, self.max_len),
        };
        let suggestions = self.known_in_order.as_ref().map(|known| self.suggest(units, known));
        RecipientError { reason, to: SafeText::render_utf16(units), position, limit, suggestions }
    }

    /// A JSON Schema fragment for a recipient argument, for a tool's input
    /// schema: `type`, a `pattern` that accepts exactly the two shapes
    /// (layer 1, with this validator's identifier length), and a
    /// `description` that teaches both, listing known agents when strict.
    #[must_use]
    pub fn json_schema(&self) -> RecipientJsonSchema {
        let pattern = format!("^(?:AGENT:\\*|@[A-Za-z0-9_-]{{1,{}}})$", self.max_len);
        let mut description = format!("The recipient, exactly one of: {} or {}.", VALID_SHAPES[0], VALID_SHAPES[1]);
        if let (true, Some(known)) = (self.strict, &self.known_in_order) {
            description.push_str(" Known agents: ");
            description.push_str(&known.iter().take(JSON_SCHEMA_AGENTS).cloned().collect::<Vec<_>>().join(", "));
            if known.len() > JSON_SCHEMA_AGENTS {
                description.push_str(", …");
            }
            description.push('.');
        }
        RecipientJsonSchema { kind: "string", pattern, description }
    }

    /// The rejection of a value that is not a string (a host that reads
    /// `to` from JSON may get a number or `null`), rendered as its type name,
    /// with `suggestions: []` when known agents are configured.
    #[must_use]
    pub fn reject_non_string(&self, type_name: &'static str) -> RecipientError {
        let mut error = RecipientError::not_a_string(type_name);
        error.suggestions = self.known_in_order.as_ref().map(|_| Vec::new());
        error
    }

    fn suggest(&self, units: &[u16], known: &[String]) -> Vec<String> {
        let text = String::from_utf16_lossy(trim_js(units));
        let query = strip_prefix_ignore_ascii_case(&text, "AGENT:").unwrap_or(&text);
        let candidates = self.known_keys.iter().map(Vec::as_slice).zip(known.iter().map(String::as_str));
        nearest(query, candidates, MAX_SUGGESTIONS, 2 * self.max_len).into_iter().map(str::to_owned).collect()
    }
}

fn strip_prefix_ignore_ascii_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &s[prefix.len()..])
}

/// Compiles a pattern so that it must match the whole identity (anchors
/// added around it), with regex-lite's linear-time engine.
/// Patterns that compile larger than [`MAX_PATTERN_SIZE`] are refused, so
/// the cost of a match is bounded by the options as well as the input.
fn compile_full_match(pattern: &str) -> Option<regex_lite::Regex> {
    regex_lite::RegexBuilder::new(&format!("^(?:{pattern})$")).size_limit(MAX_PATTERN_SIZE).nest_limit(64).build().ok()
}

/// The first failing shape rule for input that is not shape-valid.
fn diagnose(s: &[u16], max_len: usize) -> (RejectionReason, Option<usize>, Option<usize>) {
    const AT: u16 = b'@' as u16;
    if s.is_empty() || s == [AT] {
        return (RejectionReason::Empty, None, None);
    }
    let trimmed = trim_js(s);
    if trimmed.len() != s.len() && shape(trimmed, max_len).is_some() {
        return (RejectionReason::SurroundingWhitespace, None, None);
    }
    if s.contains(&u16::from(b'*')) {
        return (RejectionReason::WrongBroadcastLiteral, None, None);
    }
    if s.len() >= 6
        && s[..6].iter().zip(b"AGENT:").all(|(u, b)| u8::try_from(*u).is_ok_and(|c| c.eq_ignore_ascii_case(b)))
    {
        return (RejectionReason::AgentPrefixWithName, None, None);
    }
    let all_ident = |t: &[u16]| t.iter().all(|u| is_ident(*u));
    if s[0] != AT {
        if s.len() <= max_len && all_ident(s) {
            return (RejectionReason::MissingAtPrefix, None, None);
        }
        return (RejectionReason::InvalidCharacters, Some(0), None);
    }
    match s[1..].iter().position(|u| !is_ident(*u)) {
        Some(i) => (RejectionReason::InvalidCharacters, Some(i + 1), None),
        None => (RejectionReason::TooLong, None, Some(max_len)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_index_in_declaration_order() {
        for (i, r) in RejectionReason::ALL.iter().enumerate() {
            assert_eq!(r.index(), i, "{r:?}");
        }
    }

    #[test]
    fn recipients_serialize_with_their_kind() {
        assert_eq!(serde_json::to_string(&Recipient::Broadcast).ok().as_deref(), Some(r#"{"kind":"broadcast"}"#));
        assert_eq!(
            serde_json::to_string(&Recipient::Identity("neo-gpt")).ok().as_deref(),
            Some(r#"{"kind":"identity","id":"neo-gpt"}"#)
        );
    }

    #[test]
    fn message_parts_name_fixed_texts() {
        let texts: Vec<&str> = message_texts().collect();
        assert_eq!(texts.len(), MESSAGE_TEXT.len() + RejectionReason::ALL.len());
        for (i, t) in texts.iter().enumerate() {
            assert!(!t.is_empty(), "text {i}");
            assert!(i >= MESSAGE_TEXT.len() || !texts[..i].contains(t), "text {i} repeats");
        }
        let e = validate_recipient("@neo gpt").unwrap_err();
        let parts: Vec<MessagePart> = e.message_parts().collect();
        assert_eq!(parts[1], MessagePart::To);
        assert_eq!(parts[parts.len() - 2], MessagePart::Number(4));
        assert!(e.message().ends_with(" (position 4)"), "{}", e.message());
    }

    fn reason(to: &str) -> (&'static str, Option<usize>) {
        let e = validate_recipient(to).unwrap_err();
        (e.reason().as_str(), e.position())
    }

    #[test]
    fn accepts_the_two_shapes() {
        assert_eq!(validate_recipient("AGENT:*"), Ok(Recipient::Broadcast));
        assert_eq!(validate_recipient("@a"), Ok(Recipient::Identity("a")));
        assert_eq!(validate_recipient(&format!("@{}", "x".repeat(128))).map(|_| ()), Ok(()));
    }

    #[test]
    fn reasons_in_spec_order() {
        assert_eq!(reason(""), ("empty", None));
        assert_eq!(reason("@"), ("empty", None));
        assert_eq!(reason(" @neo-gpt"), ("surrounding_whitespace", None));
        assert_eq!(reason("@neo-gpt\n"), ("surrounding_whitespace", None));
        assert_eq!(reason("AGENT:*\t"), ("surrounding_whitespace", None));
        assert_eq!(reason("BROADCAST:*"), ("wrong_broadcast_literal", None));
        assert_eq!(reason("agent:*"), ("wrong_broadcast_literal", None));
        assert_eq!(reason("AGENT: *"), ("wrong_broadcast_literal", None));
        assert_eq!(reason("AGENT:**"), ("wrong_broadcast_literal", None));
        assert_eq!(reason("AGENT:gpt"), ("agent_prefix_with_name", None));
        assert_eq!(reason("neo-gpt"), ("missing_at_prefix", None));
        assert_eq!(reason(&format!("@{}", "x".repeat(129))), ("too_long", None));
        assert_eq!(reason("@neo gpt"), ("invalid_characters", Some(4)));
        assert_eq!(reason("@@neo"), ("invalid_characters", Some(1)));
        assert_eq!(reason("＠neo"), ("invalid_characters", Some(0)));
        assert_eq!(reason("@neo\u{200b}"), ("invalid_characters", Some(4)));
        assert_eq!(reason("@😀x y"), ("invalid_characters", Some(1)));
        assert_eq!(reason("@ab\u{1F600} "), ("invalid_characters", Some(3)));
    }

    #[test]
    fn position_counts_utf16_units() {
        let e = validate_recipient("@ab😀c d").unwrap_err();
        assert_eq!(e.position(), Some(3));
        let e = validate_recipient("😀@").unwrap_err();
        assert_eq!(e.position(), Some(0));
    }

    #[test]
    fn strict_known_agents_and_pattern() {
        let v =
            RecipientValidator::new(RecipientOptions::default().known_agents(["@neo-gpt", "@neo-claude"]).strict(true))
                .unwrap();
        assert!(v.validate("@neo-gpt").is_ok());
        assert!(v.validate("AGENT:*").is_ok());
        let e = v.validate("@neo-gp").unwrap_err();
        assert_eq!((e.code(), e.reason().as_str()), ("UNKNOWN_RECIPIENT", "unknown_agent"));
        assert_eq!(e.suggestions(), Some(&["@neo-gpt".to_owned()][..]));
        let e = v.validate("AGENT:gpt").unwrap_err();
        assert_eq!(e.suggestions(), Some(&["@neo-gpt".to_owned()][..]));

        let p = RecipientValidator::new(RecipientOptions::default().identity_pattern("@neo-[a-z0-9-]+")).unwrap();
        assert!(p.validate("@neo-x1").is_ok());
        assert_eq!(p.validate("@trin").unwrap_err().reason(), RejectionReason::PatternMismatch);
        assert_eq!(p.validate("@xneo-a").unwrap_err().reason(), RejectionReason::PatternMismatch, "whole identity");
    }

    #[test]
    fn bad_options_name_the_option() {
        let e = RecipientValidator::new(RecipientOptions::default().known_agents(["@ok", "nope"])).unwrap_err();
        assert_eq!(e.option().to_string(), "known_agents[1]");
        assert_eq!(e.option().js(), "knownAgents[1]", "the JS binding's words");
        assert!(!e.to_string().contains("nope"));
        let e = RecipientValidator::new(RecipientOptions::default().identity_pattern("(")).unwrap_err();
        assert_eq!(e.reason(), "invalid_pattern");
        let e = RecipientValidator::new(RecipientOptions::default().max_identifier_length(0)).unwrap_err();
        assert_eq!(e.reason(), "out_of_range");
        assert_eq!(e.to_string(), "Invalid option max_identifier_length: expected a whole number from 1 to 4096.");
        assert_eq!(e.js_message(), "Invalid option maxIdentifierLength: expected a whole number from 1 to 4096.");
        let e = RecipientValidator::new(RecipientOptions::default().strict(true)).unwrap_err();
        assert_eq!(e.option().to_string(), "strict");
    }

    #[test]
    fn message_never_holds_raw_controls() {
        let e = validate_recipient("@x\n\u{202e}evil").unwrap_err();
        let m = e.message();
        assert!(!m.contains('\n') && !m.contains('\u{202e}'));
        assert!(m.starts_with("Recipient '@x\\u{000A}\\u{202E}evil' does not match either valid shape."));
    }
}
