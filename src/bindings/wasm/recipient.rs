//! Recipient exports for `js/api/`.

use js_sys::{Array, RegExp};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{
    get, js_error, options_object, scratch_exports, string_list, to_js, type_name, unreadable, whole_option, word,
    Give, Reply, Scratch, Verdict,
};
use crate::error::{OptionPath, OptionsError};
use crate::recipient::rejection::MessagePart;
use crate::recipient::shape::{Diagnosis, Shape};
use crate::recipient::{
    RecipientError, RecipientOptions, RecipientValidator, Validation, MAX_IDENTIFIER_LENGTH_LIMIT, MAX_KNOWN_AGENTS,
};

/// Sets `out[0]` to what the wrapper needs to materialize an accepted
/// result on the hot path (read once): `[broadcast kind, identity kind,
/// where an identifier starts in an accepted "@<identifier>"]`, as JSON
/// text like every structured value (read at every start: the first
/// `serde_json` call costs nothing measurable there, where the first
/// serde-wasm-bindgen call once cost about 0.5 ms).
#[cfg(feature = "build-tables")]
#[wasm_bindgen(js_name = "__recipient_tables")]
pub fn recipient_tables(out: &Array) {
    use crate::recipient::{Recipient, IDENTITY_PREFIX};
    out.give(to_js(&(Recipient::Broadcast.kind(), Recipient::Identity("").kind(), word(Some(IDENTITY_PREFIX.len())))));
}

/// A field of a rejection, as the wrapper materializes a first-seen one
/// from [`Validator::reject_parts`] (building it through a serializer, a
/// call into JS per property and string, cost about 2.6 µs).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(into = "u8")]
pub enum RejectionField {
    /// The title: the reason's [`RecipientError::error`].
    Error = 0,
    /// The reason's code.
    Code = 1,
    /// The safe rendition of the input (a string part).
    To = 2,
    /// The two valid shapes.
    ValidShapes = 3,
    /// The teaching message (a string part).
    Message = 4,
    /// The reason's name.
    Reason = 5,
    /// A number word; absent when negative.
    Position = 6,
    /// A number word; absent when negative.
    Limit = 7,
    /// String parts; absent when the count word is negative.
    Suggestions = 8,
}

impl From<RejectionField> for u8 {
    fn from(f: RejectionField) -> u8 {
        f as u8
    }
}

/// A rejection's fields in the order (and under the keys) its serialization
/// has them (checked by a test against [`RecipientError`]'s `Serialize`).
#[cfg(feature = "build-tables")]
const REJECTION_FIELDS: [(&str, RejectionField); 9] = [
    ("error", RejectionField::Error),
    ("code", RejectionField::Code),
    ("to", RejectionField::To),
    ("valid_shapes", RejectionField::ValidShapes),
    ("message", RejectionField::Message),
    ("reason", RejectionField::Reason),
    ("position", RejectionField::Position),
    ("limit", RejectionField::Limit),
    ("suggestions", RejectionField::Suggestions),
];

/// The words [`Validator::reject_parts`] writes.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RejectWord {
    /// The reason's index in [`RejectionReason::ALL`](crate::recipient::RejectionReason::ALL).
    Reason = 0,
    /// The position, or -1.
    Position = 1,
    /// The limit, or -1.
    Limit = 2,
    /// How many suggestions, or -1 for none configured.
    Suggestions = 3,
    /// The length of the rendition, the first string written; or -1 when
    /// the rendition is the input itself (nothing to escape or shorten),
    /// which the wrapper then uses as it is.
    To = 4,
    /// How many [`MessageWord`]s follow.
    Message = 5,
    /// The message words start here; the suggestions' lengths follow them.
    Parts = 6,
}

/// A word of a rejection's message ([`RejectWord::Parts`]): a
/// non-negative word is fixed text, an index into the tables' `texts`.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageWord {
    /// The rendition of the input.
    To = -1,
    /// A number, in decimal: the next word.
    Number = -2,
}

/// The rejection tables: the fields in order, per reason `[error, code,
/// reason]`, the valid shapes, and the fixed texts of messages.
#[cfg(feature = "build-tables")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RejectionTables {
    fields: [(&'static str, RejectionField); 9],
    reasons: Vec<[&'static str; 3]>,
    valid_shapes: [&'static str; 2],
    texts: Vec<&'static str>,
}

/// Sets `out[0]` to the rejection tables (read once by the wrapper).
#[cfg(feature = "build-tables")]
#[wasm_bindgen(js_name = "__rejection_tables")]
pub fn rejection_tables(out: &Array) {
    use crate::recipient::rejection::{message_text, MESSAGE_TEXT};
    use crate::recipient::{RejectionReason, VALID_SHAPES};
    let tables = RejectionTables {
        fields: REJECTION_FIELDS,
        reasons: RejectionReason::ALL.iter().map(|r| [r.title(), r.code(), r.as_str()]).collect(),
        valid_shapes: VALID_SHAPES,
        texts: (0..MESSAGE_TEXT.len() + RejectionReason::ALL.len()).map(message_text).collect(),
    };
    out.give(to_js(&tables));
}

/// `{ ok: false, error }` as a JS value.
pub(super) fn rejected(error: &RecipientError) -> JsValue {
    to_js(&Validation::Rejected(error))
}

/// A parsed recipient validator (the wrapper's `RecipientValidator`) with
/// its own scratch buffers: keeping them here rather than in a
/// thread-local saves a measurable part of each call.
#[wasm_bindgen]
pub struct Validator {
    pub(super) inner: RecipientValidator,
    scratch: Scratch,
    /// What the pieces of an input too long to cross whole showed
    /// ([`feed`](Validator::feed)).
    fed: Diagnosis<'static>,
}

scratch_exports!(Validator);

#[wasm_bindgen]
impl Validator {
    /// Parses options once; `undefined` gives layer 1 only. For options
    /// that cannot work (a wrong type, out of range, unknown, invalid), sets
    /// `out[0]` to a `TypeError` with `code: "INVALID_OPTIONS"`, `reason`
    /// and `option`, for the wrapper to throw, and returns a layer-1
    /// validator that the wrapper frees.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(options: &JsValue, out: &Array) -> Validator {
        let inner = parse_options(options).and_then(RecipientValidator::new).unwrap_or_else(|e| {
            out.give(js_error(&e));
            RecipientValidator::DEFAULT
        });
        let fed = inner.diagnosis();
        Validator { inner, scratch: Scratch::default(), fed }
    }

    /// The most code units of an input that cross whole: a longer one is
    /// never valid, and is not written for its verdict; its rejection is
    /// found from its pieces ([`feed`](Self::feed)), of which no more than
    /// this many units are kept.
    #[must_use]
    pub fn whole(&self) -> usize {
        self.fed.held()
    }

    /// The longest identifier layer 1 accepts when it alone decides an
    /// accepted shape (no identity pattern, not strict), else -1: the
    /// wrapper's generated accept check (js/generated/shapes.js, from
    /// [`__shape_rule`](super::build_tables)) answers those inputs without
    /// crossing.
    #[must_use]
    pub fn shape_max(&self) -> i32 {
        self.inner.shape_decides().map_or(-1, |n| i32::try_from(n).unwrap_or(i32::MAX))
    }

    /// The verdict for the first `len` code units (not written, and
    /// rejected, when longer than [`whole`](Self::whole)).
    #[must_use]
    pub fn check(&self, len: usize) -> Verdict {
        self.scratch.within(len, self.whole()).map_or(Verdict::Rejected, |units| verdict(self.inner.verdict(units)))
    }

    /// Takes the next piece of an input longer than [`whole`](Self::whole),
    /// in units `..len` (`first`: the input's first piece), for the
    /// rejection [`reject_parts`](Self::reject_parts) or
    /// [`reject_result`](Self::reject_result) gives once all are fed.
    pub fn feed(&mut self, len: usize, first: bool) {
        if first {
            self.fed = self.inner.diagnosis();
        }
        self.fed.feed(self.scratch.units(0, len).iter().copied());
    }

    /// Verdicts for `count` strings laid end to end in the unit buffer,
    /// their lengths in the words ([`Word::Other`](super::Word) for other values);
    /// each word is overwritten with its [`Verdict`]. A string longer than
    /// [`whole`](Self::whole) is rejected, and was not written.
    pub fn check_many(&mut self, count: usize) {
        let whole = self.whole();
        let Scratch { units, words } = &mut self.scratch;
        let mut offset = 0usize;
        for slot in words.iter_mut().take(count) {
            let Some(len) = usize::try_from(*slot).ok().filter(|len| *len <= whole) else {
                *slot = Verdict::Rejected as i32;
                continue;
            };
            let end = offset.saturating_add(len);
            let v = units.get(offset..end).map_or(Verdict::Rejected, |s| verdict(self.inner.verdict(s)));
            *slot = v as i32;
            offset = end;
        }
    }

    /// The rejection of the first `len` code units as parts: the
    /// [`RejectWord`]s, and from the start of the units (the input is read
    /// first) the strings: the rendition unless it is the input, then each
    /// suggestion. Their size is bounded (a rendition shows at most
    /// [`RENDITION_MAX_CHARS`](crate::RENDITION_MAX_CHARS) characters), not
    /// the input's. Returns the units written, or [`Reply::NoRoom`] when the
    /// buffers do not hold them.
    pub fn reject_parts(&mut self, len: usize) -> i32 {
        let e = self.rejection(len);
        // The rendition is the input only when the input is short: a longer
        // one (past what crosses whole) has more characters than are shown.
        let input = self.scratch.within(len, self.whole());
        let verbatim = input.is_some_and(|input| e.to().as_str().encode_utf16().eq(input.iter().copied()));
        let (message, count) = message_words(&e);
        let suggestions = e.suggestions();
        let Scratch { units, words } = &mut self.scratch;
        let parts = RejectWord::Parts as usize;
        let listed = suggestions.unwrap_or_default();
        let Some(slots) = words.get_mut(..parts + count + listed.len()) else { return Reply::NoRoom as i32 };
        let mut at = 0;
        let to = if verbatim {
            -1
        } else {
            let Some(end) = put_utf16(units, at, e.to().as_str()) else { return Reply::NoRoom as i32 };
            let n = end - at;
            at = end;
            word(Some(n))
        };
        for (slot, s) in slots[parts + count..].iter_mut().zip(listed) {
            let Some(end) = put_utf16(units, at, s) else { return Reply::NoRoom as i32 };
            *slot = word(Some(end - at));
            at = end;
        }
        slots[parts..parts + count].copy_from_slice(&message[..count]);
        slots[..parts].copy_from_slice(&[
            word(Some(e.reason().index())),
            word(e.position()),
            word(e.limit()),
            word(suggestions.map(<[String]>::len)),
            to,
            word(Some(count)),
        ]);
        word(Some(at))
    }

    /// Sets `out[0]` to the `isError` tool result for the rejection of the
    /// first `len` code units, which the wrapper found rejected (fed in
    /// pieces when longer than [`whole`](Self::whole)).
    pub fn reject_result(&self, len: usize, out: &Array) {
        out.give(to_js(&self.rejection(len).tool_result()));
    }

    /// The rejection of the first `len` units, or of the input fed in
    /// pieces when it is longer than [`whole`](Self::whole).
    fn rejection(&self, len: usize) -> RecipientError {
        match self.scratch.within(len, self.whole()) {
            Some(units) => self.inner.reject_utf16(units),
            None => self.inner.reject_diagnosed(&self.fed),
        }
    }

    /// As [`reject_result`](Self::reject_result) for a value of another
    /// type than string.
    pub fn reject_value_result(&self, value: &JsValue, out: &Array) {
        out.give(to_js(&self.inner.reject_non_string(type_name(value)).tool_result()));
    }

    /// Sets `out[0]` to the JSON Schema fragment for a recipient.
    pub fn json_schema(&self, out: &Array) {
        out.give(to_js(&self.inner.json_schema()));
    }

    /// Sets `out[0]` to the `not_a_string` rejection of a value of
    /// another type, as [`reject`](Self::reject) does.
    pub fn reject_value(&self, value: &JsValue, out: &Array) {
        out.give(rejected(&self.inner.reject_non_string(type_name(value))));
    }
}

/// A rejection's message as [`MessageWord`]s: the words and how many.
fn message_words(e: &RecipientError) -> ([i32; 12], usize) {
    let mut words = [0; 12];
    let mut n = 0;
    for part in e.message_parts() {
        let (first, second) = match part {
            MessagePart::Text(id) => (word(Some(id)), None),
            MessagePart::To => (MessageWord::To as i32, None),
            MessagePart::Number(value) => (MessageWord::Number as i32, Some(word(Some(value)))),
        };
        for w in std::iter::once(first).chain(second) {
            if let Some(slot) = words.get_mut(n) {
                *slot = w;
                n += 1;
            }
        }
    }
    (words, n)
}

/// Writes `text` as UTF-16 from unit `at`: the end, or `None` when it does
/// not fit.
fn put_utf16(units: &mut [u16], at: usize, text: &str) -> Option<usize> {
    let mut end = at;
    for unit in text.encode_utf16() {
        *units.get_mut(end)? = unit;
        end += 1;
    }
    Some(end)
}

fn verdict(verdict: Option<Shape>) -> Verdict {
    match verdict {
        Some(Shape::Broadcast) => Verdict::Broadcast,
        Some(Shape::Identity) => Verdict::Identity,
        None => Verdict::Rejected,
    }
}

/// `identityPattern`: a string in regex-lite syntax, which the whole
/// identity must match, or a JS `RegExp` as users write one
/// (`/^@neo-[a-z0-9-]+$/i`), which keeps its JS meaning: what
/// `RegExp#test` finds (anywhere in the identity unless anchored; at its
/// start if sticky), with its flags written inline. For identities, which
/// are ASCII once their shape is valid, the two syntaxes agree on what a
/// pattern matches.
fn pattern_option(object: &JsValue) -> Result<Option<String>, OptionsError> {
    let path = || OptionPath::new("identityPattern");
    let v = get(object, "identityPattern", "identityPattern")?;
    if v.is_undefined() {
        return Ok(None);
    }
    if let Some(s) = v.as_string() {
        return Ok(Some(s));
    }
    if !v.is_instance_of::<RegExp>() {
        return Err(OptionsError::wrong_type(path(), "a string or a RegExp"));
    }
    // Read as any option is (a getter that throws, a Proxy, is an
    // unreadable option, not an exception through the module).
    let text = |key| get(&v, key, "identityPattern")?.as_string().ok_or_else(|| unreadable(path()));
    let source = text("source")?;
    let mut inline = String::new();
    let mut sticky = false;
    for flag in text("flags")?.chars() {
        match flag {
            'i' | 'm' | 's' => inline.push(flag),
            // Sticky: a match must start where the test starts, at 0.
            'y' => sticky = true,
            // No bearing on whether one identity matches.
            'g' | 'd' | 'u' => {}
            // `v` changes what a class means; regex-lite has no such syntax.
            _ => return Err(OptionsError::invalid(path(), "has a RegExp flag other than i, m, s, u, g, y or d")),
        }
    }
    // The core matches the whole identity; `test` finds a match anywhere
    // (after the start, when sticky), so the rest may be anything.
    let mut pattern = String::with_capacity(source.len() + inline.len() + 32);
    if !inline.is_empty() {
        pattern.push_str("(?");
        pattern.push_str(&inline);
        pattern.push(')');
    }
    if !sticky {
        pattern.push_str("(?s:.)*?");
    }
    pattern.push_str("(?:");
    pattern.push_str(&source);
    pattern.push_str(")(?s:.)*");
    Ok(Some(pattern))
}

fn parse_options(value: &JsValue) -> Result<RecipientOptions, OptionsError> {
    let mut options = RecipientOptions::default();
    let Some(value) =
        options_object(value, &["knownAgents", "strict", "suggest", "identityPattern", "maxIdentifierLength"])?
    else {
        return Ok(options);
    };
    let known = get(value, "knownAgents", "knownAgents")?;
    if !known.is_undefined() {
        let agents = string_list(
            &known,
            MAX_KNOWN_AGENTS,
            || OptionPath::new("knownAgents"),
            |i| OptionPath::new("knownAgents").entry(i),
        )?;
        options = options.known_agents(agents);
    }
    let strict = get(value, "strict", "strict")?;
    if !strict.is_undefined() {
        options = options
            .strict(strict.as_bool().ok_or_else(|| OptionsError::wrong_type(OptionPath::new("strict"), "a boolean"))?);
    }
    let suggest = get(value, "suggest", "suggest")?;
    if !suggest.is_undefined() {
        options = options.suggest(
            suggest.as_bool().ok_or_else(|| OptionsError::wrong_type(OptionPath::new("suggest"), "a boolean"))?,
        );
    }
    if let Some(pattern) = pattern_option(value)? {
        options = options.identity_pattern(pattern);
    }
    if let Some(n) = whole_option(value, "maxIdentifierLength", "maxIdentifierLength", MAX_IDENTIFIER_LENGTH_LIMIT)? {
        options = options.max_identifier_length(n);
    }
    Ok(options)
}
