//! The JS binding: every `#[wasm_bindgen]` export, and nothing else.
//!
//! Thin by design: convert, call the core, convert back. Strings cross the
//! boundary through a scratch buffer of UTF-16 code units that the JS
//! wrapper (`js/api.js`) writes straight into wasm memory: one call per
//! check, no allocation, no UTF-8 re-encoding, and lone surrogates reach the
//! core intact. Hot paths return a small code and the wrapper builds the
//! plain result object.
//!
//! A rejection crosses as its variable parts only (reason index, rendition,
//! message, position, limit, suggestions); the wrapper builds the object
//! with the fixed strings it read once from [`tables`], so the fixed text
//! still comes from Rust but is decoded once, not per error.
//!
//! No export returns a JS value: values come back through an `out` array
//! argument, and exports return only numbers or nothing.
//! Node 20's V8 inlines JS→wasm calls into optimized code, and a lazy
//! deoptimization at the return of an inlined call that returns an
//! `externref` (or several values) aborts the process ("Fatal error …
//! unreachable code" in `DoComputeBuiltinContinuation`); a garbage
//! collection that changes a pretenuring decision is enough to trigger it,
//! e.g. in `list.map((x) => v.validate(x))`. Number and void returns are
//! safe (js-tests/recipients.test.mjs keeps a regression test).
//!
//! These exports are the wrapper's private protocol; the public JS API is
//! the one in `js/index.d.ts`.

use js_sys::{Array, Object, Reflect};

use crate::recipient::{RecipientError, RejectionReason, VALID_SHAPES};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::error::{BoundaryError, OptionPath, OptionsError};
use crate::recipient::{RecipientOptions, RecipientValidator, Shape};
use crate::safe_text::SafeText;

/// Verdict codes shared with `js/api.js`.
const BROADCAST: u32 = 0;
const IDENTITY: u32 = 1;
const REJECTED: u32 = 2;
/// A batch item that is not a string (its length slot holds this).
const NOT_A_STRING: u32 = u32::MAX;
/// Buffers above this many elements are released after use.
const KEEP: usize = 1 << 16;

/// The module's memory, for the wrapper's typed-array views.
#[wasm_bindgen(js_name = "__memory")]
#[must_use]
pub fn memory() -> JsValue {
    wasm_bindgen::memory()
}

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

fn reserve<T: Copy + Default>(buf: &mut Vec<T>, len: usize) -> usize {
    if buf.len() < len {
        buf.resize(len, T::default());
    }
    buf.as_ptr() as usize
}

fn shrink<T>(buf: &mut Vec<T>) {
    if buf.len() > KEEP {
        *buf = Vec::new();
    }
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

/// The JS type name of a non-string value: `typeof`, except `null` and
/// arrays, whose `typeof` (`object`) would tell the caller little.
fn type_name(value: &JsValue) -> &'static str {
    if value.is_null() {
        return "null";
    }
    if Array::is_array(value) {
        return "array";
    }
    match value.js_typeof().as_string().as_deref() {
        Some("undefined") => "undefined",
        Some("boolean") => "boolean",
        Some("number") => "number",
        Some("bigint") => "bigint",
        Some("symbol") => "symbol",
        Some("function") => "function",
        Some("string") => "string",
        _ => "object",
    }
}

/// The one place a core error becomes a thrown JS `Error`: `name`, `code`,
/// `reason` (and a detail such as `option`) as own properties.
pub(crate) fn js_error(e: &impl BoundaryError) -> JsValue {
    let message = e.to_string();
    let error: js_sys::Error = if e.name() == "TypeError" {
        js_sys::TypeError::new(&message).unchecked_into()
    } else {
        js_sys::Error::new(&message)
    };
    let mut props =
        vec![("name", e.name().to_owned()), ("code", e.code().to_owned()), ("reason", e.reason().to_owned())];
    props.extend(e.detail());
    for (key, value) in props {
        // Defining a property on a fresh Error cannot fail.
        let _ = Reflect::set(&error, &JsValue::from_str(key), &JsValue::from_str(&value));
    }
    error.into()
}

fn get(object: &JsValue, key: &'static str) -> Result<JsValue, OptionsError> {
    Reflect::get(object, &JsValue::from_str(key))
        .map_err(|_| OptionsError::invalid(OptionPath::Named(key), "could not be read"))
}

fn parse_options(value: &JsValue) -> Result<RecipientOptions, OptionsError> {
    let mut options = RecipientOptions::default();
    if value.is_undefined() || value.is_null() {
        return Ok(options);
    }
    if !value.is_object() || Array::is_array(value) {
        return Err(OptionsError::wrong_type(OptionPath::Whole, "an object"));
    }
    for key in Object::keys(value.unchecked_ref::<Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !matches!(key.as_str(), "knownAgents" | "strict" | "identityPattern" | "maxIdentifierLength") {
            return Err(OptionsError::unknown(SafeText::render(&key)));
        }
    }
    let known = get(value, "knownAgents")?;
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
    let strict = get(value, "strict")?;
    if !strict.is_undefined() {
        options = options.strict(
            strict.as_bool().ok_or_else(|| OptionsError::wrong_type(OptionPath::Named("strict"), "a boolean"))?,
        );
    }
    let pattern = get(value, "identityPattern")?;
    if !pattern.is_undefined() {
        options = options.identity_pattern(
            pattern
                .as_string()
                .ok_or_else(|| OptionsError::wrong_type(OptionPath::Named("identityPattern"), "a string"))?,
        );
    }
    let max = get(value, "maxIdentifierLength")?;
    if !max.is_undefined() {
        let path = OptionPath::Named("maxIdentifierLength");
        let n = max.as_f64().ok_or_else(|| OptionsError::wrong_type(path.clone(), "a whole number"))?;
        if !(n.fract() == 0.0 && n >= 1.0) {
            return Err(OptionsError::out_of_range(path, 1, crate::MAX_IDENTIFIER_LENGTH_LIMIT));
        }
        // Anything above the limit is refused by the core; saturate first.
        let ceiling = u32::try_from(crate::MAX_IDENTIFIER_LENGTH_LIMIT + 1).map_or(f64::MAX, f64::from);
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "whole, positive, clamped to the limit"
        )]
        let n = n.min(ceiling) as usize;
        options = options.max_identifier_length(n);
    }
    Ok(options)
}
