//! The JS binding: every `#[wasm_bindgen]` export, and nothing else.
//!
//! Thin by design: convert, call the core, convert back. Strings cross the
//! boundary through scratch buffers of UTF-16 code units that the JS
//! wrapper (`js/api.js`) writes straight into wasm memory, and results that
//! are strings come back the same way: one call per operation, no UTF-8
//! re-encoding, and lone surrogates reach the core intact. Hot paths return
//! a number and the wrapper builds the plain result.
//!
//! A rejection crosses as its variable parts only; the wrapper builds the
//! object with fixed strings it read once from Rust ([`recipient::tables`],
//! [`tool_name::rules`]), so fixed text still comes from Rust but is decoded
//! once, not per call.
//!
//! No export returns a JS value: values come back through an `out` array
//! argument, and exports return only numbers or nothing. Node 20's V8
//! inlines JS→wasm calls into optimized code, and a lazy deoptimization at
//! the return of an inlined call that returns an `externref` (or several
//! values) aborts the process ("Fatal error … unreachable code" in
//! `DoComputeBuiltinContinuation`); a garbage collection that changes a
//! pretenuring decision is enough to trigger it, e.g. in
//! `list.map((x) => v.validate(x))`. Number and void returns are safe
//! (js-tests/v8-deopt.test.mjs keeps a regression test).
//!
//! These exports are the wrapper's private protocol; the public JS API is
//! the one in `js/index.d.ts`.

pub mod delivery;
pub mod error_data;
pub mod recipient;
pub mod tool_name;

pub use delivery::{audience, delivery_tables, Mailbox};
pub use error_data::{error_tables, Classifier};
pub use recipient::{tables, Validator};
pub use tool_name::{rules, Mapper, Registry};

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::error::{BoundaryError, Detail, OptionPath, OptionsError};
use crate::safe_text::SafeText;

/// Buffers above this many elements are released after use.
const KEEP: usize = 1 << 16;

/// The module's memory, for the wrapper's typed-array views.
#[wasm_bindgen(js_name = "__memory")]
#[must_use]
pub fn memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Grows `buf` to at least `len` elements; returns its byte address.
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

/// Code units `..len` of the buffer as a string (a lone surrogate becomes
/// U+FFFD, which no built-in profile allows anyway).
fn read(buf: &[u16], len: usize) -> String {
    String::from_utf16_lossy(buf.get(..len).unwrap_or_default())
}

/// The result length when it does not fit the buffer: the wrapper grows
/// the buffer and asks again.
const NO_ROOM: i32 = -2;

/// Writes `s` at the start of the buffer; its length in code units, or
/// [`NO_ROOM`].
fn write(buf: &mut [u16], s: &str) -> i32 {
    let n = s.encode_utf16().count();
    if n > buf.len() {
        return NO_ROOM;
    }
    for (slot, unit) in buf.iter_mut().zip(s.encode_utf16()) {
        *slot = unit;
    }
    i32::try_from(n).unwrap_or(NO_ROOM)
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
/// `reason` and the error's details as own properties.
pub(crate) fn js_error(e: &impl BoundaryError) -> JsValue {
    let message = e.to_string();
    let error: js_sys::Error = if e.name() == "TypeError" {
        js_sys::TypeError::new(&message).unchecked_into()
    } else {
        js_sys::Error::new(&message)
    };
    let mut props = vec![
        ("name", Detail::Text(e.name().to_owned())),
        ("code", Detail::Text(e.code().to_owned())),
        ("reason", Detail::Text(e.reason().to_owned())),
    ];
    props.extend(e.details());
    for (key, value) in props {
        let value = match value {
            Detail::Text(s) => JsValue::from_str(&s),
            #[allow(clippy::cast_precision_loss, reason = "positions and lengths are far below 2^53")]
            Detail::Number(n) => JsValue::from_f64(n as f64),
        };
        // Defining a property on a fresh Error cannot fail.
        let _ = Reflect::set(&error, &JsValue::from_str(key), &value);
    }
    error.into()
}

/// Property `key` of an options object; `path` names it in errors.
fn get(object: &JsValue, key: &str, path: &'static str) -> Result<JsValue, OptionsError> {
    Reflect::get(object, &JsValue::from_str(key))
        .map_err(|_| OptionsError::invalid(OptionPath::Named(path), "could not be read"))
}

/// `None` for `undefined`/`null`; the object when it is a plain options
/// object whose keys are all in `known`.
fn options_object<'v>(value: &'v JsValue, known: &[&str]) -> Result<Option<&'v JsValue>, OptionsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if !value.is_object() || Array::is_array(value) {
        return Err(OptionsError::wrong_type(OptionPath::Whole, "an object"));
    }
    for key in Object::keys(value.unchecked_ref::<Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known.contains(&key.as_str()) {
            return Err(OptionsError::unknown(SafeText::render(&key)));
        }
    }
    Ok(Some(value))
}

/// An optional string option.
fn string_option(object: &JsValue, key: &str, path: &'static str) -> Result<Option<String>, OptionsError> {
    let v = get(object, key, path)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| OptionsError::wrong_type(OptionPath::Named(path), "a string"))
}

/// An optional whole-number option in `1..=max` (above `max` saturates to
/// `max + 1` for the core to refuse with its own range).
fn whole_option(object: &JsValue, key: &str, path: &'static str, max: usize) -> Result<Option<usize>, OptionsError> {
    let v = get(object, key, path)?;
    if v.is_undefined() {
        return Ok(None);
    }
    let path = OptionPath::Named(path);
    let n = v.as_f64().ok_or_else(|| OptionsError::wrong_type(path.clone(), "a whole number"))?;
    if !(n.fract() == 0.0 && n >= 1.0) {
        return Err(OptionsError::out_of_range(path, 1, max));
    }
    let ceiling = u32::try_from(max + 1).map_or(f64::MAX, f64::from);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "whole, positive, clamped to the limit")]
    Ok(Some(n.min(ceiling) as usize))
}
