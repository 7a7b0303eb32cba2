//! The shared vectors through the compiled wasm binding, in Node
//! (`wasm-pack test --node`) and in headless Chromium
//! (`WASM_BINDGEN_USE_BROWSER=1 wasm-pack test --headless --chrome`).
//!
//! Strings go in the way the npm wrapper sends them: UTF-16 code units
//! written into wasm memory through a JS typed array, then one call.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::cast_possible_truncation, reason = "the reason index is a small whole number")]

mod common;

use common::{get, json, parse, write_at};
use js_sys::{Array, JsString, Object, Reflect, JSON};
use mcp_boundary::js::{tables, Validator};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// Builds a validator as the wrapper does; `Err` holds the thrown error.
fn validator(options: &JsValue) -> Result<Validator, JsValue> {
    let out = Array::new();
    let v = Validator::new(options, &out);
    if out.length() == 0 {
        Ok(v)
    } else {
        Err(out.get(0))
    }
}

thread_local! {
    /// The fixed strings the wrapper reads once: reasons, codes, titles, shapes.
    static TABLES: Array = {
        let out = Array::new();
        tables(&out);
        out
    };
}

/// Rebuilds the rejection object from `out` as js/api.js does.
fn rejection(out: &Array) -> JsValue {
    let index = u32::try_from(out.get(0).as_f64().unwrap() as i64).unwrap();
    let table = |t: u32| TABLES.with(|tables| Array::from(&tables.get(t)).get(index));
    let error = Object::new();
    let set = |key: &str, value: JsValue| {
        if !value.is_undefined() {
            Reflect::set(&error, &JsValue::from_str(key), &value).unwrap();
        }
    };
    set("error", table(2));
    set("code", table(1));
    set("to", out.get(1));
    set("valid_shapes", TABLES.with(|t| t.get(3)));
    set("message", out.get(2));
    set("reason", table(0));
    set("position", out.get(3));
    set("limit", out.get(4));
    set("suggestions", out.get(5));
    error.into()
}

fn reject(v: &Validator, n: usize) -> JsValue {
    let out = Array::new();
    v.reject(0, n, &out);
    rejection(&out)
}

fn vectors() -> JsValue {
    parse(include_str!("data/recipients.json"))
}

/// Writes `s` into the validator's scratch buffer as the wrapper does;
/// returns its length.
fn put(v: &mut Validator, s: &JsString) -> usize {
    write_at(v.units(s.length() as usize), s)
}

#[wasm_bindgen_test]
fn recipient_vectors_through_the_binding() {
    let cases: Array = get(&vectors(), "cases").unchecked_into();
    assert!(cases.length() > 40);
    for case in cases.iter() {
        let name = get(&case, "name").as_string().unwrap();
        let expect = get(&case, "expect");
        let mut validator = validator(&get(&case, "options")).expect(&name);
        let to = get(&case, "to");
        let (code, error) = if let Some(s) = to.dyn_ref::<JsString>() {
            let n = put(&mut validator, s);
            let code = validator.check(n);
            (code, if code == 2 { reject(&validator, n) } else { JsValue::UNDEFINED })
        } else {
            let out = Array::new();
            validator.reject_value(&to, &out);
            (2, rejection(&out))
        };
        if get(&expect, "ok").is_truthy() {
            let want = u32::from(get(&expect, "kind").as_string().as_deref() != Some("broadcast"));
            assert_eq!(code, want, "{name}");
            continue;
        }
        assert_eq!(code, 2, "{name}: expected a rejection");
        for key in ["code", "reason", "to", "position", "limit", "suggestions"] {
            let want = get(&expect, key);
            let got = get(&error, key);
            if want.is_undefined() && key != "position" && key != "limit" {
                continue;
            }
            assert_eq!(json(&got), json(&want), "{name}: {key}");
        }
        let shapes = json(&get(&error, "valid_shapes"));
        assert!(shapes.contains("AGENT:*  (literal broadcast"), "{name}: {shapes}");
        let message = get(&error, "message").as_string().unwrap();
        assert!(message.contains(&get(&error, "to").as_string().unwrap()), "{name}");
    }
}

#[wasm_bindgen_test]
fn option_errors_throw_type_errors_naming_the_option() {
    let cases: Array = get(&vectors(), "option_errors").unchecked_into();
    for case in cases.iter() {
        let name = get(&case, "name").as_string().unwrap();
        let Err(error) = validator(&get(&case, "options")) else { panic!("{name}: no error") };
        assert!(error.is_instance_of::<js_sys::TypeError>(), "{name}");
        let want = get(&case, "throws");
        for key in ["code", "reason", "option"] {
            assert_eq!(get(&error, key).as_string(), get(&want, key).as_string(), "{name}: {key}");
        }
        assert_eq!(get(&error, "name").as_string().as_deref(), Some("TypeError"));
    }
}

#[wasm_bindgen_test]
fn lone_surrogates_are_rendered_not_replaced() {
    let s: JsString = JSON::parse(r#""@ab\ud800""#).unwrap().unchecked_into();
    let mut v = validator(&JsValue::UNDEFINED).unwrap();
    let n = put(&mut v, &s);
    assert_eq!(v.check(n), 2);
    let e = reject(&v, n);
    assert_eq!(get(&e, "to").as_string().as_deref(), Some("@ab\\u{D800}"));
    assert_eq!(get(&e, "position").as_f64(), Some(3.0));
}

#[wasm_bindgen_test]
fn works_after_errors() {
    assert!(validator(&JsValue::from_str("nonsense")).is_err());
    let mut v = validator(&JsValue::UNDEFINED).unwrap();
    let n = put(&mut v, &JsString::from("@neo-gpt"));
    assert_eq!(v.check(n), 1);
}
