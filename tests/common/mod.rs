//! Helpers for the wasm tests: moving strings through wasm memory the way
//! `js/api.js` does, and reading JS values.
#![cfg(target_arch = "wasm32")]
#![allow(dead_code, reason = "each test crate uses a different subset")]

use js_sys::{JsString, Reflect, Uint16Array, JSON};
use mcp_boundary::js::memory;
use wasm_bindgen::{JsCast, JsValue};

pub fn parse(text: &str) -> JsValue {
    JSON::parse(text).expect("vectors parse")
}

pub fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

pub fn json(v: &JsValue) -> String {
    if v.is_undefined() {
        return "undefined".into();
    }
    JSON::stringify(v).map(String::from).unwrap_or_default()
}

fn view() -> Uint16Array {
    Uint16Array::new(&get(&memory(), "buffer"))
}

/// Writes the code units of `s` at byte address `ptr` (from a `units(n)`
/// export) through a JS typed array; returns the length.
pub fn write_at(ptr: usize, s: &JsString) -> usize {
    let view = view();
    let codes: Vec<u16> = s.iter().collect();
    for (i, c) in codes.iter().enumerate() {
        view.set_index(u32::try_from(ptr / 2 + i).unwrap(), *c);
    }
    codes.len()
}

/// Reads `n` code units at byte address `ptr` as a JS string.
pub fn read_at(ptr: usize, n: usize) -> String {
    let view = view();
    let units: Vec<u16> = (0..n).map(|i| view.get_index(u32::try_from(ptr / 2 + i).unwrap())).collect();
    String::from_utf16(&units).unwrap()
}

pub fn string(v: &JsValue) -> JsString {
    v.clone().unchecked_into()
}
