//! The shared tool-name vectors through the compiled wasm binding, in Node
//! and headless Chromium (see tests/web.rs).
#![cfg(target_arch = "wasm32")]

mod common;

use common::{get, json, parse, read_at, write_at};
use js_sys::{Array, JsString, Object, Reflect};
use mcp_boundary::js::{rules, Mapper, Registry};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn vectors() -> JsValue {
    parse(include_str!("data/tool_names.json"))
}

/// `{ profile, overflow }` taken from a vector.
fn options(case: &JsValue) -> JsValue {
    let o = Object::new();
    for key in ["profile", "overflow"] {
        let v = get(case, key);
        if !v.is_undefined() {
            Reflect::set(&o, &JsValue::from_str(key), &v).unwrap();
        }
    }
    o.into()
}

/// Writes `s` at `ptr` as the wrapper does; returns its length.
fn put(ptr: usize, s: &str) -> usize {
    write_at(ptr, &JsString::from(s))
}

fn check_error(error: &JsValue, want: &JsValue, name: &str) {
    assert_eq!(get(error, "name").as_string().as_deref(), Some("ToolNameError"), "{name}");
    for key in ["code", "reason", "position", "length", "limit", "existing", "alias"] {
        let w = get(want, key);
        if !w.is_undefined() {
            assert_eq!(json(&get(error, key)), json(&w), "{name}: {key}");
        }
    }
}

#[wasm_bindgen_test]
fn forward_vectors_through_the_binding() {
    let cases: Array = get(&vectors(), "forward").into();
    assert!(cases.length() > 100);
    for case in cases.iter() {
        let name = get(&case, "name").as_string().unwrap();
        let out = Array::new();
        let mut m = Mapper::new(&options(&case), &out);
        assert_eq!(out.length(), 0, "{name}: options");
        let canonical = get(&case, "canonical").as_string().unwrap();
        let n = put(m.units(2 * canonical.len() + 16), &canonical);
        let r = m.forward(n);
        if r == -3 {
            assert_eq!(get(&case, "alias").as_string(), Some(canonical.replace('/', "__")), "{name}: plain form");
        } else if r >= 0 {
            let alias = read_at(m.units(0), usize::try_from(r).unwrap());
            assert_eq!(get(&case, "alias").as_string(), Some(alias), "{name}");
        } else {
            assert_eq!(r, -1, "{name}");
            m.error(&out);
            check_error(&out.get(0), &get(&case, "error"), &name);
        }
    }
}

#[wasm_bindgen_test]
fn reverse_vectors_through_the_binding() {
    let cases: Array = get(&vectors(), "reverse").into();
    let mut m = Mapper::new(&JsValue::UNDEFINED, &Array::new());
    for case in cases.iter() {
        let alias = get(&case, "alias").as_string().unwrap();
        let n = put(m.units(2 * alias.len() + 16), &alias);
        let got = match m.reverse(n) {
            -4 => Some(alias.clone()),
            -1 => None,
            // ASCII vectors: the UTF-16 index is the byte index.
            i => {
                let i = usize::try_from(i).unwrap();
                Some(format!("{}/{}", &alias[..i], &alias[i + 2..]))
            }
        };
        assert_eq!(got, get(&case, "canonical").as_string(), "{}", json(&case));
    }
}

#[wasm_bindgen_test]
fn registry_vectors_through_the_binding() {
    let scenarios: Array = get(&vectors(), "registry").into();
    for scenario in scenarios.iter() {
        let name = get(&scenario, "name").as_string().unwrap();
        let out = Array::new();
        let mut r = Registry::new(&get(&scenario, "options"), &out);
        assert_eq!(out.length(), 0);
        let steps: Array = get(&scenario, "steps").into();
        for step in steps.iter() {
            let register = get(&step, "register");
            let server = get(&step, "registerServer");
            if let Some(c) = register.as_string() {
                let n = put(r.units(2 * c.len() + 16), &c);
                let code = r.register(n);
                if code >= 0 {
                    let alias = read_at(r.units(0), usize::try_from(code).unwrap());
                    assert_eq!(get(&step, "alias").as_string(), Some(alias), "{name}");
                } else {
                    r.error(&out);
                    check_error(&out.get(0), &get(&step, "error"), &name);
                }
            } else if !server.is_undefined() {
                let args: Array = server.into();
                let tools: Vec<String> = Array::from(&args.get(1)).iter().map(|t| t.as_string().unwrap()).collect();
                if r.register_server(&args.get(0).as_string().unwrap(), tools, &out) {
                    assert_eq!(json(&out.get(0)), json(&get(&step, "aliases")), "{name}");
                } else {
                    r.error(&out);
                    check_error(&out.get(0), &get(&step, "error"), &name);
                }
            }
            // Lookups are answered by the wrapper's mirror maps; js-tests covers them.
        }
    }
}

#[wasm_bindgen_test]
fn rules_cover_every_format() {
    let out = Array::new();
    rules(&out);
    let names: Vec<String> = out.iter().map(|pair| Array::from(&pair).get(0).as_string().unwrap()).collect();
    assert_eq!(names, ["anthropic", "openai-chat", "openai-responses", "gemini"]);
}

#[wasm_bindgen_test]
fn bad_options_are_reported_not_thrown() {
    let out = Array::new();
    let bad = parse(r#"{"profile": {"maxLength": 10, "allowed": "[a-z]+"}}"#);
    let _ = Mapper::new(&bad, &out);
    assert_eq!(get(&out.get(0), "option").as_string().as_deref(), Some("profile.allowed"));
    let out = Array::new();
    let _ = Registry::new(&parse(r#"{"overflow": "truncate"}"#), &out);
    assert_eq!(get(&out.get(0), "code").as_string().as_deref(), Some("INVALID_OPTIONS"));
}
