//! Core errors as thrown JS errors.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::argument::ArgumentError;
use super::js_value::Definer;
use super::options::js_name;
#[cfg(feature = "wasm-server")]
use super::read;
use crate::delivery::MalformedRecord;
use crate::error::{BoundaryError, Detail, OptionsError};
use crate::tool_name::ToolNameError;

#[cfg(feature = "wasm-server")]
/// The JS type name of a non-string value: `typeof`, except `null` and
/// arrays, whose `typeof` (`object`) would tell the caller little.
pub(crate) fn type_name(value: &JsValue) -> &'static str {
    if value.is_null() {
        return "null";
    }
    // A revoked Proxy cannot tell: it is an object.
    if read::is_array(value) == Ok(true) {
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

/// What a core error is as a JS error: its JS `name`, a notion of JS's,
/// and its message and details in JS's words.
pub(crate) trait JsError: BoundaryError {
    /// The JS `name` (`"TypeError"` for bad options).
    fn name(&self) -> &'static str;
    /// The message, as JS users read it.
    fn js_message(&self) -> String {
        self.to_string()
    }
    /// The details, as JS users read them (their keys in JS's words).
    fn js_details(&self) -> Vec<(&'static str, Detail)> {
        self.details().into_iter().map(|(key, value)| (js_key(key), value)).collect()
    }
}

/// A detail's key as a JS property: camelCase. Every key of the core's
/// errors is one word but `tool_name`.
fn js_key(key: &'static str) -> &'static str {
    match key {
        "tool_name" => "toolName",
        key => key,
    }
}

impl JsError for OptionsError {
    fn name(&self) -> &'static str {
        "TypeError"
    }
    fn js_message(&self) -> String {
        self.message_with(js_name)
    }
    fn js_details(&self) -> Vec<(&'static str, Detail)> {
        let option = self.option();
        vec![("option", Detail::Text(format!("{}{}", js_name(option.name()), option.below())))]
    }
}

impl JsError for ArgumentError {
    fn name(&self) -> &'static str {
        if self.limit().is_some() {
            "RangeError"
        } else {
            "TypeError"
        }
    }
}

impl JsError for ToolNameError {
    fn name(&self) -> &'static str {
        "ToolNameError"
    }
}

impl JsError for MalformedRecord {
    fn name(&self) -> &'static str {
        "MalformedRecordError"
    }
}

/// The one place a core error becomes a thrown JS `Error` (one copy for
/// every error type, through `dyn`): `name`, `code`,
/// `reason` and the error's details as own properties.
#[cold]
pub(crate) fn js_error(e: &dyn JsError) -> JsValue {
    let message = e.js_message();
    let error: js_sys::Error = match e.name() {
        "TypeError" => js_sys::TypeError::new(&message).unchecked_into(),
        "RangeError" => js_sys::RangeError::new(&message).unchecked_into(),
        _ => js_sys::Error::new(&message),
    };
    let mut props = vec![
        ("name", Detail::Text(e.name().to_owned())),
        ("code", Detail::Text(e.code().to_owned())),
        ("reason", Detail::Text(e.reason().to_owned())),
    ];
    props.extend(e.js_details());
    let definer = Definer::new();
    for (key, value) in props {
        let value = match value {
            Detail::Text(s) => JsValue::from_str(&s),
            #[allow(clippy::cast_precision_loss, reason = "positions and lengths are far below 2^53")]
            Detail::Number(n) => JsValue::from_f64(n as f64),
        };
        definer.define(&error, &JsValue::from_str(key), &value);
    }
    error.into()
}
