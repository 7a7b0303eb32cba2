//! The validator: options checked once, then the hot verdict and the
//! slow rejection.

use super::options::RecipientOptions;
use super::shape::{cmp_units, shape, Diagnosis, Shape, Unit};
use super::{
    Recipient, RecipientError, RejectionReason, BROADCAST, DEFAULT_MAX_IDENTIFIER_LENGTH, IDENTITY_PREFIX,
    MAX_IDENTIFIER_LENGTH_LIMIT, MAX_KNOWN_AGENTS, MAX_PATTERN_SIZE,
};
use crate::error::{OptionPath, OptionsError, Why};
use crate::nearest::nearest;
use crate::safe_text::SafeText;

/// How many suggestions a rejection carries at most.
const MAX_SUGGESTIONS: usize = 3;

/// A recipient validator with its options parsed once.
#[derive(Debug, Clone)]
pub struct RecipientValidator {
    pub(super) max_len: usize,
    /// Sorted and de-duplicated, for binary search on the hot path.
    known_sorted: Vec<String>,
    /// In the caller's order, for suggestions; `None` when not configured.
    pub(super) known_in_order: Option<Vec<String>>,
    /// `known_in_order`'s identifiers as suggestions compare them.
    known_keys: Vec<Vec<u8>>,
    pub(super) strict: bool,
    /// Layer 3: rejections carry suggestions (with known agents).
    suggests: bool,
    pattern: Option<regex_lite::Regex>,
}

impl Default for RecipientValidator {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl RecipientValidator {
    /// Layer 1 only, default length: what [`validate_recipient`](super::validate_recipient) uses.
    pub const DEFAULT: Self = Self {
        max_len: DEFAULT_MAX_IDENTIFIER_LENGTH,
        known_sorted: Vec::new(),
        known_in_order: None,
        known_keys: Vec::new(),
        strict: false,
        suggests: true,
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
        let known_agents = || OptionPath::new("known_agents");
        let max_len = options.max_identifier_length.unwrap_or(DEFAULT_MAX_IDENTIFIER_LENGTH);
        if !(1..=MAX_IDENTIFIER_LENGTH_LIMIT).contains(&max_len) {
            return Err(OptionsError::out_of_range(
                OptionPath::new("max_identifier_length"),
                1,
                MAX_IDENTIFIER_LENGTH_LIMIT,
            ));
        }
        let pattern = match options.identity_pattern {
            None => None,
            Some(p) => Some(
                compile_full_match(&p)
                    .ok_or_else(|| OptionsError::invalid_pattern(OptionPath::new("identity_pattern")))?,
            ),
        };
        if options.strict && options.known_agents.is_none() {
            return Err(OptionsError::invalid(
                OptionPath::new("strict"),
                Why::naming("strict needs ", "known_agents", ", the list to be strict about"),
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
                        Why::naming(
                            "not a valid identity; expected '@' followed by 1 to ",
                            "max_identifier_length",
                            " characters of [A-Za-z0-9_-]",
                        ),
                    ));
                }
                if pattern.as_ref().is_some_and(|p| !p.is_match(agent)) {
                    return Err(OptionsError::invalid(
                        known_agents().entry(i),
                        Why::naming("does not match ", "identity_pattern", ""),
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
            suggests: !options.no_suggestions,
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
            // A short input's units are copied; a longer one's are seen as they
            // are decoded: a rejected input is never copied whole.
            None => {
                let mut diagnosis = self.diagnosis();
                if to.len() <= diagnosis.held() {
                    let units: Vec<u16> = to.encode_utf16().collect();
                    return Err(self.reject_utf16(&units));
                }
                diagnosis.feed(to.encode_utf16());
                Err(self.reject_diagnosed(&diagnosis))
            }
        }
    }

    /// The hot path: the full verdict (all layers) with no allocation
    /// unless an identity pattern is configured; `None` means rejected.
    #[inline]
    pub(crate) fn verdict<T: Unit>(&self, s: &[T]) -> Option<Shape> {
        let shape = shape(s, self.max_len)?;
        // Without layer 2 (the default), no call: it was a tenth of a
        // first-seen identity's check in wasm.
        let layer2 = self.strict || self.pattern.is_some();
        (shape == Shape::Broadcast || !layer2 || self.layer2_error(s).is_none()).then_some(shape)
    }

    /// The longest identity (`@` and an identifier, in bytes and in UTF-16
    /// code units alike: an identity is ASCII) this validator accepts: a
    /// longer string is refused without being read (or copied in).
    pub(crate) fn longest_identity(&self) -> usize {
        IDENTITY_PREFIX.len() + self.max_len
    }

    /// The longest identifier layer 1 accepts, when layer 1 alone decides
    /// an accepted shape (no identity pattern, not strict); `None` when an
    /// identity also needs layer 2. The wasm wrapper's generated accept
    /// check (js/generated/shapes.js) applies only then.
    #[cfg(feature = "wasm-server")]
    pub(crate) fn shape_decides(&self) -> Option<usize> {
        (!self.strict && self.pattern.is_none()).then_some(self.max_len)
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

    /// The full rejection for input (UTF-16 code units) that
    /// [`verdict`](Self::verdict) refused.
    /// Slow path: it diagnoses the reason, renders the input and ranks
    /// suggestions.
    pub(crate) fn reject_utf16(&self, units: &[u16]) -> RecipientError {
        self.reject_diagnosed(&Diagnosis::of(units, self.max_len))
    }

    /// [`reject_utf16`](Self::reject_utf16) of the input `diagnosis` saw
    /// (in one piece or in several).
    pub(crate) fn reject_diagnosed(&self, diagnosis: &Diagnosis<'_>) -> RecipientError {
        let whole = diagnosis.whole().filter(|units| shape(units, self.max_len).is_some());
        let (reason, position, limit) = match whole {
            Some(units) => (self.layer2_error(units).unwrap_or(RejectionReason::UnknownAgent), None, None),
            None => diagnosis.reason(),
        };
        let suggestions = self.suggestions_from().map(|known| self.suggest(diagnosis, known));
        RecipientError { reason, to: SafeText::render_utf16(diagnosis.head()), position, limit, suggestions }
    }

    /// What a rejection of input of any length needs to see of it, fed
    /// in pieces ([`reject_diagnosed`](Self::reject_diagnosed)).
    pub(crate) fn diagnosis(&self) -> Diagnosis<'static> {
        Diagnosis::new(self.max_len)
    }

    /// The rejection of a value that is not a string (a host that reads
    /// `to` from JSON may get a number or `null`), rendered as its type name,
    /// with `suggestions: []` when known agents are configured.
    #[must_use]
    pub fn reject_non_string(&self, type_name: &'static str) -> RecipientError {
        let mut error = RecipientError::not_a_string(type_name);
        error.suggestions = self.suggestions_from().map(|_| Vec::new());
        error
    }

    /// The known agents a rejection's suggestions (and, strict, the JSON
    /// Schema's description) name; `None` when there are none or
    /// suggestions are off (the rejection has no `suggestions` then).
    pub(super) fn suggestions_from(&self) -> Option<&[String]> {
        self.known_in_order.as_deref().filter(|_| self.suggests)
    }

    /// The known agents nearest the input's trimmed text, after an
    /// `AGENT:` prefix.
    fn suggest(&self, diagnosis: &Diagnosis<'_>, known: &[String]) -> Vec<String> {
        let query = diagnosis.query(2 * self.max_len);
        let candidates = self.known_keys.iter().map(Vec::as_slice).zip(known.iter().map(String::as_str));
        nearest(&query, candidates, MAX_SUGGESTIONS).into_iter().map(str::to_owned).collect()
    }
}

/// Compiles a pattern so that it must match the whole identity (anchors
/// added around it), with regex-lite's linear-time engine.
/// Patterns that compile larger than [`MAX_PATTERN_SIZE`] are refused, so
/// the cost of a match is bounded by the options as well as the input.
fn compile_full_match(pattern: &str) -> Option<regex_lite::Regex> {
    regex_lite::RegexBuilder::new(&format!("^(?:{pattern})$")).size_limit(MAX_PATTERN_SIZE).nest_limit(64).build().ok()
}
