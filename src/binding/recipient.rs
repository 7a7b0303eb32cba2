//! Recipient exports for `js/api.js`.

use js_sys::Array;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{
    get, js_error, options_object, scratch_exports, string_list, string_option, to_js, type_name, whole_option, Reply,
    Scratch, Verdict,
};
use crate::error::{OptionPath, OptionsError};
use crate::recipient::{
    Recipient, RecipientError, RecipientOptions, RecipientValidator, RejectionReason, Shape, IDENTITY_PREFIX,
    MAX_IDENTIFIER_LENGTH_LIMIT, MAX_KNOWN_AGENTS, VALID_SHAPES,
};

/// What the wrapper needs to materialize an accepted result on the hot
/// path: the two recipients as Rust serializes them, and where an
/// identifier starts in an accepted `@<identifier>`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Tables {
    broadcast: Recipient<'static>,
    identity: Recipient<'static>,
    identity_start: usize,
}

/// Sets `out[0]` to the recipient tables (read once by the wrapper).
#[wasm_bindgen(js_name = "__recipient_tables")]
pub fn recipient_tables(out: &Array) {
    let tables = Tables {
        broadcast: Recipient::Broadcast,
        identity: Recipient::Identity(""),
        identity_start: IDENTITY_PREFIX.len(),
    };
    out.set(0, to_js(&tables));
}

/// A field of a rejection, as the wrapper materializes a first-seen one
/// from [`Validator::reject_parts`] (building it through serde-wasm-bindgen,
/// a call into JS per property and string, cost about 2.6 µs).
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
    /// The reason's index in [`RejectionReason::ALL`].
    Reason = 0,
    /// The position, or -1.
    Position = 1,
    /// The limit, or -1.
    Limit = 2,
    /// How many suggestions, or -1 for none configured.
    Suggestions = 3,
    /// The lengths of the string parts follow: the rendition, the message,
    /// then each suggestion.
    Lengths = 4,
}

/// The rejection tables: the fields in order, per reason `[error, code,
/// reason]`, and the valid shapes.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RejectionTables {
    fields: [(&'static str, RejectionField); 9],
    reasons: Vec<[&'static str; 3]>,
    valid_shapes: [&'static str; 2],
}

/// Sets `out[0]` to the rejection tables (read once by the wrapper).
#[wasm_bindgen(js_name = "__rejection_tables")]
pub fn rejection_tables(out: &Array) {
    let tables = RejectionTables {
        fields: REJECTION_FIELDS,
        reasons: RejectionReason::ALL.iter().map(|r| [r.title(), r.code(), r.as_str()]).collect(),
        valid_shapes: VALID_SHAPES,
    };
    out.set(0, to_js(&tables));
}

/// A failed validation as the JS API returns it.
#[derive(Serialize)]
pub(super) struct Rejected<'e> {
    ok: bool,
    error: &'e RecipientError,
}

/// `{ ok: false, error }` as a JS value.
pub(super) fn rejected(error: &RecipientError) -> JsValue {
    to_js(&Rejected { ok: false, error })
}

/// A parsed recipient validator (the wrapper's `RecipientValidator`) with
/// its own scratch buffers: keeping them here rather than in a
/// thread-local saves a measurable part of each call.
#[wasm_bindgen]
pub struct Validator {
    inner: RecipientValidator,
    scratch: Scratch,
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
            out.set(0, js_error(&e));
            RecipientValidator::DEFAULT
        });
        Validator { inner, scratch: Scratch::default() }
    }

    /// The verdict for the first `len` code units.
    #[must_use]
    pub fn check(&self, len: usize) -> Verdict {
        verdict(self.inner.verdict(self.scratch.units(0, len)))
    }

    /// Verdicts for `count` strings laid end to end in the unit buffer,
    /// their lengths in the words ([`Word::Other`](super::Word) for other values);
    /// each word is overwritten with its [`Verdict`].
    pub fn check_many(&mut self, count: usize) {
        let Scratch { units, words } = &mut self.scratch;
        let mut offset = 0usize;
        for slot in words.iter_mut().take(count) {
            let Ok(len) = usize::try_from(*slot) else {
                *slot = Verdict::Rejected as i32;
                continue;
            };
            let end = offset.saturating_add(len);
            let v = units.get(offset..end).map_or(Verdict::Rejected, |s| verdict(self.inner.verdict(s)));
            *slot = v as i32;
            offset = end;
        }
    }

    /// The rejection of the first `len` code units as parts
    /// ([`RejectWord`]s, and its strings end to end from the start of the
    /// units, which the input no longer needs): the units written, or
    /// [`Reply::NoRoom`](super::Reply) when the buffers do not hold them.
    pub fn reject_parts(&mut self, len: usize) -> i32 {
        let e = self.inner.reject_utf16(self.scratch.units(0, len));
        let message = e.message();
        let suggestions = e.suggestions();
        let parts = [e.to().as_str(), message.as_str()];
        let parts = parts.iter().copied().chain(suggestions.unwrap_or_default().iter().map(String::as_str));
        let lengths = RejectWord::Lengths as usize;
        let reason = RejectionReason::ALL.iter().position(|r| *r == e.reason()).unwrap_or(0);
        let word = |v: Option<usize>| v.and_then(|v| i32::try_from(v).ok()).unwrap_or(-1);
        let count = 2 + suggestions.map_or(0, <[String]>::len);
        let Scratch { units, words } = &mut self.scratch;
        if words.len() < lengths + count {
            return Reply::NoRoom as i32;
        }
        words[..lengths].copy_from_slice(&[
            word(Some(reason)),
            word(e.position()),
            word(e.limit()),
            word(suggestions.map(<[String]>::len)),
        ]);
        let mut at = 0;
        for (k, part) in parts.enumerate() {
            let start = at;
            for unit in part.encode_utf16() {
                let Some(slot) = units.get_mut(at) else { return Reply::NoRoom as i32 };
                *slot = unit;
                at += 1;
            }
            words[lengths + k] = word(Some(at - start));
        }
        word(Some(at))
    }

    /// Sets `out[0]` to the `isError` tool result for the rejection of code
    /// units `offset..offset + len` (which the wrapper found rejected).
    pub fn reject_result(&self, offset: usize, len: usize, out: &Array) {
        out.set(0, to_js(&self.inner.reject_utf16(self.scratch.units(offset, len)).tool_result()));
    }

    /// As [`reject_result`](Self::reject_result) for a value of another
    /// type than string.
    pub fn reject_value_result(&self, value: &JsValue, out: &Array) {
        out.set(0, to_js(&self.inner.reject_non_string(type_name(value)).tool_result()));
    }

    /// Sets `out[0]` to the JSON Schema fragment for a recipient.
    pub fn json_schema(&self, out: &Array) {
        out.set(0, to_js(&self.inner.json_schema()));
    }

    /// Sets `out[0]` to the `not_a_string` rejection of a value of
    /// another type, as [`reject`](Self::reject) does.
    pub fn reject_value(&self, value: &JsValue, out: &Array) {
        out.set(0, rejected(&self.inner.reject_non_string(type_name(value))));
    }
}

fn verdict(verdict: Option<Shape>) -> Verdict {
    match verdict {
        Some(Shape::Broadcast) => Verdict::Broadcast,
        Some(Shape::Identity) => Verdict::Identity,
        None => Verdict::Rejected,
    }
}

fn parse_options(value: &JsValue) -> Result<RecipientOptions, OptionsError> {
    let mut options = RecipientOptions::default();
    let Some(value) = options_object(value, &["knownAgents", "strict", "identityPattern", "maxIdentifierLength"])?
    else {
        return Ok(options);
    };
    let known = get(value, "knownAgents", "knownAgents")?;
    if !known.is_undefined() {
        let agents = string_list(
            &known,
            MAX_KNOWN_AGENTS,
            || OptionPath::Named("knownAgents"),
            |i| OptionPath::Entry("knownAgents", i),
        )?;
        options = options.known_agents(agents);
    }
    let strict = get(value, "strict", "strict")?;
    if !strict.is_undefined() {
        options = options.strict(
            strict.as_bool().ok_or_else(|| OptionsError::wrong_type(OptionPath::Named("strict"), "a boolean"))?,
        );
    }
    if let Some(pattern) = string_option(value, "identityPattern", "identityPattern")? {
        options = options.identity_pattern(pattern);
    }
    if let Some(n) = whole_option(value, "maxIdentifierLength", "maxIdentifierLength", MAX_IDENTIFIER_LENGTH_LIMIT)? {
        options = options.max_identifier_length(n);
    }
    Ok(options)
}
