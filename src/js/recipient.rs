//! Recipient exports (SPEC §1) for `js/api.js`.

use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{get, js_error, options_object, reserve, shrink, string_option, type_name, whole_option};
use crate::error::{OptionPath, OptionsError};
use crate::recipient::{
    RecipientError, RecipientOptions, RecipientValidator, RejectionReason, Shape, MAX_IDENTIFIER_LENGTH_LIMIT,
    VALID_SHAPES,
};

/// Verdict codes shared with `js/api.js`.
const BROADCAST: u32 = 0;
const IDENTITY: u32 = 1;
const REJECTED: u32 = 2;
/// A batch item that is not a string (its length slot holds this).
const NOT_A_STRING: u32 = u32::MAX;

/// Fills `out` with the fixed strings the wrapper needs, indexed by reason:
/// `[reasons, codes, titles, valid_shapes]`.
#[wasm_bindgen(js_name = "__tables")]
pub fn tables(out: &Array) {
    let list = |f: fn(RejectionReason) -> &'static str| -> Array {
        RejectionReason::ALL.iter().map(|r| JsValue::from_str(f(*r))).collect()
    };
    out.set(0, list(RejectionReason::as_str).into());
    out.set(1, list(RejectionReason::code).into());
    out.set(2, list(RejectionReason::title).into());
    out.set(3, VALID_SHAPES.iter().map(|s| JsValue::from_str(s)).collect::<Array>().into());
}

/// A parsed recipient validator (the wrapper's `RecipientValidator`) with
/// its own scratch buffers: keeping them here rather than in a
/// thread-local saves a measurable part of each call.
#[wasm_bindgen]
pub struct Validator {
    inner: RecipientValidator,
    /// UTF-16 code units written by JS before a call.
    units: Vec<u16>,
    /// Per-item lengths in, verdict codes out, for batch calls.
    meta: Vec<u32>,
}

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
        Validator { inner, units: Vec::new(), meta: Vec::new() }
    }

    /// Makes room for `len` code units; returns the buffer's byte address.
    #[must_use]
    pub fn units(&mut self, len: usize) -> usize {
        reserve(&mut self.units, len)
    }

    /// Makes room for `len` batch slots; returns the buffer's byte address.
    #[must_use]
    pub fn meta(&mut self, len: usize) -> usize {
        reserve(&mut self.meta, len)
    }

    /// Releases buffers grown past 64 Ki elements by a very large input.
    pub fn release(&mut self) {
        shrink(&mut self.units);
        shrink(&mut self.meta);
    }

    /// Verdict for the first `len` units of the buffer.
    #[must_use]
    pub fn check(&self, len: usize) -> u32 {
        self.units.get(..len).map_or(REJECTED, |s| code(self.inner.verdict(s)))
    }

    /// Verdicts for `count` strings laid end to end in the buffer, their
    /// lengths in the batch slots; each slot is overwritten with its code.
    pub fn check_many(&mut self, count: usize) {
        let mut offset = 0usize;
        for slot in self.meta.iter_mut().take(count) {
            if *slot == NOT_A_STRING {
                *slot = REJECTED;
                continue;
            }
            let end = offset + *slot as usize;
            *slot = self.units.get(offset..end).map_or(REJECTED, |s| code(self.inner.verdict(s)));
            offset = end;
        }
    }

    /// The rejection of units `offset..offset + len` of the buffer, as
    /// `out = [reason index, to, message, position?, limit?, suggestions?]`.
    pub fn reject(&self, offset: usize, len: usize, out: &Array) {
        let units = self.units.get(offset..offset + len).unwrap_or_default();
        put_rejection(&self.inner.reject_utf16(units), out);
    }

    /// The `not_a_string` rejection of a value of another type, as
    /// [`reject`](Self::reject) lays it out.
    pub fn reject_value(&self, value: &JsValue, out: &Array) {
        put_rejection(&self.inner.reject_non_string(type_name(value)), out);
    }
}

#[allow(clippy::cast_precision_loss, reason = "indexes and lengths are far below 2^53")]
fn put_rejection(e: &RecipientError, out: &Array) {
    let index = RejectionReason::ALL.iter().position(|r| *r == e.reason()).unwrap_or_default();
    let number = |n: Option<usize>| n.map_or(JsValue::UNDEFINED, |n| JsValue::from_f64(n as f64));
    out.set(0, JsValue::from_f64(index as f64));
    out.set(1, JsValue::from_str(e.to().as_str()));
    out.set(2, JsValue::from_str(&e.message()));
    out.set(3, number(e.position()));
    out.set(4, number(e.limit()));
    out.set(
        5,
        e.suggestions()
            .map_or(JsValue::UNDEFINED, |s| s.iter().map(|x| JsValue::from_str(x)).collect::<Array>().into()),
    );
}

fn code(verdict: Option<Shape>) -> u32 {
    match verdict {
        Some(Shape::Broadcast) => BROADCAST,
        Some(Shape::Identity) => IDENTITY,
        None => REJECTED,
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
        let list = known
            .dyn_ref::<Array>()
            .ok_or_else(|| OptionsError::wrong_type(OptionPath::Named("knownAgents"), "an array of strings"))?;
        let mut agents = Vec::with_capacity(list.length() as usize);
        for (i, entry) in list.iter().enumerate() {
            agents.push(
                entry
                    .as_string()
                    .ok_or_else(|| OptionsError::wrong_type(OptionPath::Entry("knownAgents", i), "a string"))?,
            );
        }
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
