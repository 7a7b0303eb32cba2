//! The shared error-data vectors through the compiled wasm binding, in Node
//! and headless Chromium (see tests/web.rs).
#![cfg(target_arch = "wasm32")]

mod common;

use common::{get, parse, write_at};
use js_sys::{Array, JsString, Uint32Array};
use mcp_boundary::js::{memory, Classifier};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn vectors() -> JsValue {
    parse(include_str!("data/error_data.json"))
}

/// Classifies as the wrapper does: tool then message in the buffer, one
/// call, ids read from wasm memory; the result as the strings it names.
fn classify(c: &mut Classifier, strings: &Array, tool: &str, message: &JsString) -> Option<[Option<String>; 3]> {
    let tool = JsString::from(tool);
    let ptr = c.units((tool.length() + message.length()) as usize);
    let t = write_at(ptr, &tool);
    let m = write_at(ptr + 2 * t, message);
    let found = c.classify(t, m);
    let view = Uint32Array::new(&get(&memory(), "buffer"));
    let base = u32::try_from(c.ids() / 4).unwrap();
    let name = |i: u32| {
        let id = view.get_index(base + i);
        (id != u32::MAX).then(|| strings.get(id).as_string().unwrap())
    };
    (found == 1).then(|| [name(0), name(1), name(2)])
}

#[wasm_bindgen_test]
fn classify_vectors_through_the_binding() {
    let catalogs: Array = get(&vectors(), "catalogs").into();
    let mut ran = 0;
    for c in catalogs.iter() {
        let out = Array::new();
        let mut classifier = Classifier::new(&get(&c, "catalog"), &out);
        let strings: Array = out.get(0).into();
        let cases: Array = get(&c, "cases").into();
        for case in cases.iter() {
            let message: JsString = get(&case, "message").into();
            let got = classify(&mut classifier, &strings, &get(&case, "tool").as_string().unwrap(), &message);
            let expect = get(&case, "expect");
            match got {
                None => assert!(expect.is_null(), "{}", common::json(&case)),
                Some([tool, field, message]) => {
                    assert_eq!(get(&expect, "tool").as_string(), tool, "{}", common::json(&case));
                    assert_eq!(get(&expect, "field").as_string(), field, "{}", common::json(&case));
                    assert_eq!(get(&expect, "message").as_string(), message, "{}", common::json(&case));
                }
            }
            ran += 1;
        }
    }
    assert!(ran > 500);
}

#[wasm_bindgen_test]
fn lone_surrogates_never_match() {
    let out = Array::new();
    let mut c = Classifier::new(&parse(r#"{"tools": ["t"], "fieldlessMessages": ["a\ufffd"]}"#), &out);
    let strings: Array = out.get(0).into();
    let lone: JsString = parse(r#""a\ud800""#).into();
    assert!(classify(&mut c, &strings, "t", &lone).is_none());
    let real: JsString = parse(r#""a\ufffd""#).into();
    assert!(classify(&mut c, &strings, "t", &real).is_some());
}

#[wasm_bindgen_test]
fn bad_catalogs_are_reported() {
    let cases: Array = get(&vectors(), "badCatalogs").into();
    for case in cases.iter() {
        let out = Array::new();
        let _ = Classifier::new(&get(&case, "catalog"), &out);
        let error = out.get(0);
        assert_eq!(get(&error, "option").as_string(), get(&case, "option").as_string(), "{}", common::json(&case));
        assert_eq!(get(&error, "reason").as_string(), get(&case, "reason").as_string());
    }
}
