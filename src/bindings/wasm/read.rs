//! Reading a caller's JS values without letting an exception through Rust.
//!
//! A getter, a Proxy trap or a revoked Proxy can throw while Rust reads a
//! value the caller passed. wasm32 runs no destructors when a JS exception
//! unwinds through Rust, so the borrow that wasm-bindgen took of the object
//! being called would stay taken for ever, and the object would be dead
//! ("recursive use of an object detected"). Every read of a caller's value
//! goes through these functions, which catch: what cannot be read is
//! reported as such, and the caller decides what that means.
//!
//! `typeof` checks (`is_object`, `as_string`, `as_f64`, …) run no caller
//! code and need no wrapper.

use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`: throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn array_is_array(value: &JsValue) -> Result<bool, JsValue>;
    /// `Object.keys`: runs a Proxy's `ownKeys` and descriptor traps.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(value: &JsValue) -> Result<Array, JsValue>;
}

/// A value that could not be read: a getter or a Proxy trap threw, or a
/// Proxy was revoked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Unreadable;

/// Why [`elements`] read no list.
#[cfg(any(feature = "wasm-server", feature = "wasm-check-tools"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ListError {
    /// The array or its length could not be read, or a Proxy's length is
    /// not a whole number.
    Unreadable,
    /// The array is longer than allowed (a sparse one may claim 2^32 - 1
    /// elements while holding none).
    TooLong,
}

#[cfg(any(feature = "wasm-server", feature = "wasm-check-tools"))]
impl From<Unreadable> for ListError {
    fn from(_: Unreadable) -> Self {
        Self::Unreadable
    }
}

/// Whether `value` is an array (a Proxy of one included).
pub(super) fn is_array(value: &JsValue) -> Result<bool, Unreadable> {
    if !value.is_object() {
        return Ok(false);
    }
    array_is_array(value).map_err(|_| Unreadable)
}

/// Property `key` of `value` (`undefined` when absent).
pub(super) fn property(value: &JsValue, key: &str) -> Result<JsValue, Unreadable> {
    Reflect::get(value, &JsValue::from_str(key)).map_err(|_| Unreadable)
}

/// The own enumerable string keys of an object.
pub(super) fn keys(value: &JsValue) -> Result<Vec<String>, Unreadable> {
    let keys = object_keys(value).map_err(|_| Unreadable)?;
    // The array is `Object.keys`'s own, of strings: reading it runs no
    // caller code.
    let length = keys.length();
    Ok((0..length).map(|i| element(&keys, i).ok().and_then(|k| k.as_string()).unwrap_or_default()).collect())
}

#[cfg(feature = "wasm-server")]
/// The own enumerable string keys of an object, each exactly: `None` for
/// a key that is not valid UTF-16 (a lone surrogate), which no Rust string
/// can hold and which [`keys`] would read as another key (U+FFFD).
pub(super) fn exact_keys(value: &JsValue) -> Result<Vec<Option<String>>, Unreadable> {
    let keys = object_keys(value).map_err(|_| Unreadable)?;
    Ok((0..keys.length()).map(|i| element(&keys, i).ok().and_then(|k| exact(&k))).collect())
}

#[cfg(feature = "wasm-server")]
/// A string value, exactly: `None` for another value, or a string that is
/// not valid UTF-16 (`as_string` would replace its lone surrogates).
pub(super) fn exact(value: &JsValue) -> Option<String> {
    value.dyn_ref::<js_sys::JsString>().filter(|s| s.is_valid_utf16()).and_then(|s| s.as_string())
}

/// The elements of an array, each read once, in order (`None` for one
/// whose read threw): `Ok(None)` for a value that is not an array,
/// a [`ListError`] when the array or its length cannot be read or it is
/// longer than `max` (checked before anything is allocated).
#[cfg(any(feature = "wasm-server", feature = "wasm-check-tools"))]
pub(super) fn elements(value: &JsValue, max: usize) -> Result<Option<Vec<Option<JsValue>>>, ListError> {
    if !is_array(value)? {
        return Ok(None);
    }
    let length = property(value, "length")?.as_f64().ok_or(ListError::Unreadable)?;
    if !(length >= 0.0 && length.fract() == 0.0) {
        return Err(ListError::Unreadable);
    }
    #[allow(clippy::cast_precision_loss, reason = "`max` is far below 2^53")]
    if length > max as f64 {
        return Err(ListError::TooLong);
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "a whole number in 0..=max")]
    let length = length as u32;
    let mut list = Vec::with_capacity(length as usize);
    for i in 0..length {
        list.push(element(value, i).ok());
    }
    Ok(Some(list))
}

/// Element `i` of an array: `Reflect.get` with a number key, which reads
/// the same property as an index and shares its import signature with
/// [`property`] (one call wrapper fewer at each start: `super`'s notes).
fn element(array: &JsValue, i: u32) -> Result<JsValue, JsValue> {
    Reflect::get(array, &JsValue::from(i))
}
