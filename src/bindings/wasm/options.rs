//! Reading options out of JS objects, each error naming the option.

use wasm_bindgen::prelude::*;

use super::read;
use crate::error::{OptionPath, OptionsError};
use crate::safe_text::SafeText;

/// The error for a part of the options that threw when read.
pub(crate) fn unreadable(path: OptionPath) -> OptionsError {
    OptionsError::invalid(path, "could not be read")
}

/// Property `key` of an options object; `path` names it in errors.
pub(crate) fn get(object: &JsValue, key: &str, path: &'static str) -> Result<JsValue, OptionsError> {
    read::property(object, key).map_err(|_| unreadable(OptionPath::js_only(path)))
}

/// `None` for `undefined`/`null`; the object when it is a plain options
/// object whose keys are all in `known`.
pub(crate) fn options_object<'v>(value: &'v JsValue, known: &[&str]) -> Result<Option<&'v JsValue>, OptionsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if !value.is_object() || read::is_array(value).map_err(|_| unreadable(OptionPath::whole()))? {
        return Err(OptionsError::wrong_type(OptionPath::whole(), "an object"));
    }
    for key in read::keys(value).map_err(|_| unreadable(OptionPath::whole()))? {
        if !known.contains(&key.as_str()) {
            return Err(OptionsError::unknown(&SafeText::render(&key)));
        }
    }
    Ok(Some(value))
}

/// A list of strings (at most `max`) at `path`; `entry` names entry `i`.
pub(crate) fn string_list(
    value: &JsValue,
    max: usize,
    path: impl Fn() -> OptionPath,
    entry: impl Fn(usize) -> OptionPath,
) -> Result<Vec<String>, OptionsError> {
    let list = read::elements(value, max)
        .map_err(|_| OptionsError::invalid(path(), "could not be read, or has too many entries"))?
        .ok_or_else(|| OptionsError::wrong_type(path(), "an array of strings"))?;
    list.iter()
        .enumerate()
        .map(|(i, v)| match v {
            Some(v) => v.as_string().ok_or_else(|| OptionsError::wrong_type(entry(i), "a string")),
            None => Err(unreadable(entry(i))),
        })
        .collect()
}

/// An optional string option.
pub(crate) fn string_option(object: &JsValue, key: &str, path: &'static str) -> Result<Option<String>, OptionsError> {
    let v = get(object, key, path)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| OptionsError::wrong_type(OptionPath::js_only(path), "a string"))
}

/// An optional whole-number option in `1..=max` (above `max` saturates to
/// `max + 1` for the core to refuse with its own range).
pub(crate) fn whole_option(
    object: &JsValue,
    key: &str,
    path: &'static str,
    max: usize,
) -> Result<Option<usize>, OptionsError> {
    let v = get(object, key, path)?;
    if v.is_undefined() {
        return Ok(None);
    }
    let path = OptionPath::js_only(path);
    let n = v.as_f64().ok_or_else(|| OptionsError::wrong_type(path.clone(), "a whole number"))?;
    if !(n.fract() == 0.0 && n >= 1.0) {
        return Err(OptionsError::out_of_range(path, 1, max));
    }
    let ceiling = u32::try_from(max + 1).map_or(f64::MAX, f64::from);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "whole, positive, clamped to the limit")]
    Ok(Some(n.min(ceiling) as usize))
}
