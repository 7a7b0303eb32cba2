//! Reading options out of JS objects, each error naming the option.

use std::borrow::Cow;

use wasm_bindgen::prelude::*;

use super::read;
use crate::error::{OptionPath, OptionsError};

/// An option of the core (named in Rust's words) in JS's words: the
/// profile's fields are members of JS's `profile` option, and every other
/// name is camelCase (`max_identifier_length` → `maxIdentifierLength`). A
/// name the binding gave in JS's words (`knownAgents`) stays as it is.
pub(crate) fn js_name(rust: &'static str) -> Cow<'static, str> {
    match rust {
        "max_length" => Cow::Borrowed("profile.maxLength"),
        "allowed" => Cow::Borrowed("profile.allowed"),
        "first_char" => Cow::Borrowed("profile.firstChar"),
        name if !name.contains('_') => Cow::Borrowed(name),
        name => {
            let mut words = name.split('_');
            let mut js = String::from(words.next().unwrap_or_default());
            for word in words {
                let mut chars = word.chars();
                js.extend(chars.next().map(|c| c.to_ascii_uppercase()));
                js.push_str(chars.as_str());
            }
            Cow::Owned(js)
        }
    }
}

/// The error for a part of the options that threw when read.
#[cold]
pub(crate) fn unreadable(path: OptionPath) -> OptionsError {
    OptionsError::invalid(path, "could not be read")
}

/// Property `key` of an options object; `path` names it in errors.
pub(crate) fn get(object: &JsValue, key: &str, path: &'static str) -> Result<JsValue, OptionsError> {
    read::property(object, key).map_err(|_| unreadable(OptionPath::new(path)))
}

/// `None` for `undefined`/`null`; the object when it is a plain options
/// object whose keys are all in `known`.
pub(crate) fn options_object<'v>(value: &'v JsValue, known: &[&str]) -> Result<Option<&'v JsValue>, OptionsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if !value.is_object() || read::is_array(value).map_err(|_| unreadable(OptionPath::new("options")))? {
        return Err(OptionsError::wrong_type(OptionPath::new("options"), "an object"));
    }
    for key in read::keys(value).map_err(|_| unreadable(OptionPath::new("options")))? {
        if !known.contains(&key.as_str()) {
            return Err(OptionsError::unknown_option(&key));
        }
    }
    Ok(Some(value))
}

/// A list of strings (at most `max`) at `path`; `entry` names entry `i`.
#[cfg(feature = "wasm-server")]
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

#[cfg(feature = "wasm-host")]
/// An optional string option.
pub(crate) fn string_option(object: &JsValue, key: &str, path: &'static str) -> Result<Option<String>, OptionsError> {
    let v = get(object, key, path)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| OptionsError::wrong_type(OptionPath::new(path), "a string"))
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
    let path = OptionPath::new(path);
    let n = v.as_f64().ok_or_else(|| OptionsError::wrong_type(path.clone(), "a whole number"))?;
    if !(n.fract() == 0.0 && n >= 1.0) {
        return Err(OptionsError::out_of_range(path, 1, max));
    }
    let ceiling = u32::try_from(max + 1).map_or(f64::MAX, f64::from);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "whole, positive, clamped to the limit")]
    Ok(Some(n.min(ceiling) as usize))
}
