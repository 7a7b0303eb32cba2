//! The `check-tools` command's exports (the npm package's bin; the
//! findings and reports are `crate::host::check_tools`'s).

use js_sys::{Array, JsString};
use wasm_bindgen::prelude::*;

use super::argument::ArgumentError;
use super::{argument_error as type_error, js_error, read, too_many_error, Expected, Give, Limit};
use crate::host::check_tools::{check_tool_units, shown};
use crate::tool_name::BuiltinProfile;

/// Why an argument of `__check_tools` is refused.
enum Refusal {
    /// Not what `Expected` names: its `TypeError`.
    WrongType(Expected),
    /// Another error of ours.
    Error(JsValue),
}

/// A JS array of strings (each as UTF-16), at most [`Limit::MaxElements`]
/// long.
fn strings(value: &JsValue, expected: Expected) -> Result<Vec<Vec<u16>>, Refusal> {
    match read::elements(value, Limit::MaxElements as usize) {
        Err(read::ListError::TooLong) => Err(Refusal::Error(js_error(&too_many_error(expected)))),
        Err(_) | Ok(None) => Err(Refusal::WrongType(expected)),
        Ok(Some(list)) => list.iter().map(|e| e.as_ref().and_then(units).ok_or(Refusal::WrongType(expected))).collect(),
    }
}

/// A JS string's UTF-16 code units, lone surrogates kept.
fn units(value: &JsValue) -> Option<Vec<u16>> {
    value.dyn_ref::<JsString>().map(|s| s.iter().collect())
}

/// Sets `out[0]` to what `check-tools` reports for the tool `names` (an
/// array of strings), each as `prefix/name` (`name` for an empty prefix),
/// under the built-in `profiles` (an array of their names): the `--json`
/// report when `json`, else the text report (both printable ASCII, names
/// whole and escaped). Returns 1 when every name fits as it is, 0 when not;
/// -1 for arguments of the wrong kind, with `out[0]` the error.
#[wasm_bindgen(js_name = "__check_tools")]
#[must_use]
pub fn check_tools(names: &JsValue, prefix: &JsValue, profiles: &JsValue, json: bool, out: &Array) -> i32 {
    let profile_names =
        || ArgumentError::one_of("built-in profile names", &BuiltinProfile::ALL.map(BuiltinProfile::name));
    let checked = strings(names, Expected::ToolNames).and_then(|names| {
        let prefix = units(prefix).ok_or_else(|| Refusal::Error(js_error(&ArgumentError::new("a prefix string"))))?;
        let profiles = strings(profiles, Expected::ToolNames)
            .ok()
            .and_then(|ps| {
                ps.iter().map(|p| BuiltinProfile::from_name(&String::from_utf16_lossy(p))).collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| Refusal::Error(js_error(&profile_names())))?;
        Ok((names, prefix, profiles))
    });
    let (names, prefix, profiles) = match checked {
        Ok(checked) => checked,
        Err(Refusal::WrongType(expected)) => {
            type_error(expected, out);
            return -1;
        }
        Err(Refusal::Error(e)) => {
            out.give(e);
            return -1;
        }
    };
    let check = check_tool_units(&names, &prefix, &profiles);
    out.give(JsValue::from_str(&if json { check.json() } else { check.text() }));
    i32::from(check.ok())
}

/// Sets `out[0]` to `text` (a string) as `check-tools` shows a name or a
/// word of the caller's: printable ASCII as it is, a backslash doubled,
/// any other character as `\u{XXXX}`, whole.
#[wasm_bindgen(js_name = "__shown")]
pub fn shown_text(text: &JsString, out: &Array) {
    out.give(JsValue::from_str(&shown(&text.iter().collect::<Vec<u16>>())));
}
