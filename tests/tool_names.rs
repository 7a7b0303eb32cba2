//! The shared tool-name and payload vectors (`tests/data`), natively and, compiled to
//! wasm, in Node and headless Chromium (`wasm-pack test`).

use std::collections::HashMap;

use mcp_boundary::{
    to_llm_facing_name, try_reverse_to_canonical, BuiltinProfile, Format, Overflow, Profile, ToolNameError,
    ToolRegistry,
};
use serde_json::Value;

fn data(name: &str) -> Value {
    let text = match name {
        "tool_names" => include_str!("data/tool_names.json"),
        "streams" => include_str!("data/streams.json"),
        _ => include_str!("data/payloads.json"),
    };
    serde_json::from_str(text).expect("vectors parse")
}

fn options(v: &Value) -> (Profile, Overflow) {
    let profile = v
        .get("profile")
        .and_then(Value::as_str)
        .map_or_else(Profile::default, |p| Profile::builtin(BuiltinProfile::from_name(p).expect("a built-in profile")));
    let overflow =
        if v.get("overflow").and_then(Value::as_str) == Some("hash") { Overflow::Hash } else { Overflow::Error };
    (profile, overflow)
}

fn check_error(e: &ToolNameError, want: &Value, name: &str) {
    assert_eq!(want["code"], e.code(), "{name}");
    assert_eq!(want["reason"], e.reason().as_str(), "{name}");
    for (key, got) in [("position", e.position()), ("length", e.length()), ("limit", e.limit())] {
        if let Some(w) = want.get(key) {
            assert_eq!(w.as_u64(), got.map(|g| g as u64), "{name}: {key}");
        }
    }
    if let Some(w) = want.get("existing") {
        assert_eq!(w.as_str(), e.existing().map(mcp_boundary::SafeText::as_str), "{name}");
    }
    if let Some(w) = want.get("alias") {
        assert_eq!(w.as_str(), e.alias().map(mcp_boundary::SafeText::as_str), "{name}");
    }
    assert!(!e.to_string().chars().any(char::is_control), "{name}: message has a control character");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn forward_vectors() {
    let doc = data("tool_names");
    let cases = doc["forward"].as_array().unwrap();
    assert!(cases.len() > 100);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let (profile, overflow) = options(case);
        match to_llm_facing_name(case["canonical"].as_str().unwrap(), &profile, overflow) {
            Ok(alias) => {
                assert_eq!(case["alias"].as_str(), Some(alias.as_str()), "{name}");
                assert!(profile.accepts(&alias), "{name}: alias satisfies the profile");
            }
            Err(e) => check_error(&e, &case["error"], name),
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn reverse_vectors() {
    for case in data("tool_names")["reverse"].as_array().unwrap() {
        let got = try_reverse_to_canonical(case["alias"].as_str().unwrap());
        assert_eq!(case["canonical"].as_str(), got.as_deref(), "{}", case["name"]);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn registry_vectors() {
    for scenario in data("tool_names")["registry"].as_array().unwrap() {
        let name = scenario["name"].as_str().unwrap();
        let (profile, overflow) = options(&scenario["options"]);
        let mut r = ToolRegistry::new(profile, overflow);
        for step in scenario["steps"].as_array().unwrap() {
            if let Some(c) = step.get("register") {
                match r.register(c.as_str().unwrap()) {
                    Ok(alias) => assert_eq!(step["alias"].as_str(), Some(alias), "{name}: {step}"),
                    Err(e) => check_error(&e, &step["error"], name),
                }
            } else if let Some(args) = step.get("registerServer") {
                let tools: Vec<&str> = args[1].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
                match r.register_server(args[0].as_str().unwrap(), &tools) {
                    Ok(aliases) => assert_eq!(step["aliases"], serde_json::json!(aliases), "{name}"),
                    Err(e) => check_error(&e, &step["error"], name),
                }
            } else if let Some(n) = step.get("toCanonical") {
                assert_eq!(step["result"].as_str(), r.to_canonical(n.as_str().unwrap()), "{name}: {step}");
            } else if let Some(n) = step.get("toLlmFacing") {
                assert_eq!(step["result"].as_str(), r.to_llm_facing(n.as_str().unwrap()), "{name}: {step}");
            } else if let Some(args) = step.get("lookupOverride") {
                let map: HashMap<String, Value> =
                    args[0].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                let got = r.lookup_override(&map, args[1].as_str().unwrap());
                assert_eq!(step["result"].as_str(), got.and_then(Value::as_str), "{name}: {step}");
            } else if let Some(n) = step.get("unregister") {
                let got = r.unregister(n.as_str().unwrap()).map(|(c, a)| serde_json::json!([c, a]));
                assert_eq!(step["result"], got.unwrap_or(Value::Null), "{name}: {step}");
            } else if let Some(want) = step.get("entries") {
                let got: Vec<Value> =
                    r.entries().map(|e| serde_json::json!([e.canonical, e.alias, e.hashed])).collect();
                assert_eq!(*want, Value::Array(got), "{name}: entries");
            } else {
                panic!("{name}: unknown step {step}");
            }
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn payload_vectors() {
    let doc = data("payloads");
    let mut r = ToolRegistry::default();
    for c in doc["registered"].as_array().unwrap() {
        r.register(c.as_str().unwrap()).unwrap();
    }
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 41);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let format = Format::from_name(case["format"].as_str().unwrap()).unwrap();
        assert_eq!(r.to_provider(&case["canonical"], format), case["provider"], "{name}: toProvider");
        assert_eq!(r.from_provider(&case["provider"], format), case["canonical"], "{name}: fromProvider");
    }
}

/// The recorded streams: each event on its own comes back with every name at
/// a tool-name place canonical (the recordings put no other `name` key on
/// an alias), the rest as it was.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn stream_event_vectors() {
    let doc = data("streams");
    let mut r = ToolRegistry::default();
    for (server, tools) in doc["registered"].as_object().unwrap() {
        let tools: Vec<&str> = tools.as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        r.register_server(server, &tools).unwrap();
    }
    let formats = doc["formats"].as_object().unwrap();
    assert_eq!(formats.len(), Format::ALL.len());
    for (format_name, recording) in formats {
        let format = Format::from_name(format_name).unwrap();
        for event in recording["events"].as_array().unwrap() {
            let mut want = event.to_string();
            for (alias, canonical) in doc["aliases"].as_object().unwrap() {
                want = want.replace(&format!("\"name\":\"{alias}\""), &format!("\"name\":{canonical}"));
            }
            let want: Value = serde_json::from_str(&want).unwrap();
            assert_eq!(r.from_provider(event, format), want, "{format_name}");
        }
    }
}

#[test]
fn register_server_is_all_or_nothing_and_checks_against_the_registry_and_itself() {
    let mut r = ToolRegistry::new(Profile::default(), Overflow::Error);
    r.register("a/b__c").unwrap();
    // Collides with the registry: nothing of the call is registered.
    let e = r.register_server("a__b", &["x", "c"]).unwrap_err();
    assert_eq!(e.code(), "TOOL_NAME_COLLISION");
    assert_eq!(r.to_canonical("a__b__x"), None);
    // Collides within the call itself.
    let e = r.register_server("s", &["t__u", "t/u"]).unwrap_err();
    assert_eq!(e.code(), "TOOL_NAME_COLLISION");
    assert_eq!(r.to_canonical("s__t__u"), None);
    // Registering again, and a repeated name in one call, are idempotent.
    assert_eq!(r.register_server("m", &["add", "add"]).unwrap(), vec!["m__add", "m__add"]);
    assert_eq!(r.register_server("m", &["add", "list"]).unwrap(), vec!["m__add", "m__list"]);
    assert_eq!(r.entries().count(), 3);
}

#[test]
fn every_alias_satisfies_its_profile_the_separator_included() {
    let letters = Profile::custom(64, "[a-z]", None).unwrap();
    let e = to_llm_facing_name("a/b", &letters, Overflow::Error).unwrap_err();
    assert_eq!((e.reason().as_str(), e.position()), ("invalid_character", Some(1)));
    assert!(to_llm_facing_name("a/b", &letters, Overflow::Hash).is_err(), "no hash form without `_`");
    assert_eq!(to_llm_facing_name("ab", &letters, Overflow::Error).unwrap(), "ab");
}

#[test]
fn registries_live_as_long_as_the_host_unregister_and_skip() {
    let mut r = ToolRegistry::new(Profile::builtin(BuiltinProfile::OpenAi), Overflow::Hash);
    r.register("a/b__c").unwrap();
    r.register("gh/create_issue").unwrap();
    let long = format!("gh/{}", "x".repeat(80));
    r.register(&long).unwrap();
    let entries: Vec<(String, bool)> = r.entries().map(|e| (e.canonical.to_owned(), e.hashed)).collect();
    assert_eq!(entries, [("a/b__c".to_owned(), false), ("gh/create_issue".to_owned(), false), (long.clone(), true)]);
    // Either form unregisters; the freed alias can be taken by another name.
    assert_eq!(r.unregister("a__b__c"), Some(("a/b__c".to_owned(), "a__b__c".to_owned())));
    assert_eq!(r.unregister("a/b__c"), None);
    assert_eq!(r.register("a__b/c").unwrap(), "a__b__c");
    assert_eq!(r.unregister_server("gh"), 2);
    assert_eq!(r.to_canonical("gh__create_issue"), None);
    assert_eq!(r.entries().count(), 1);
    // Skipping: every tool that does not collide is registered, the rest reported.
    let report = r.register_server_skipping("a", &["b__c", "new", "new"]).unwrap();
    assert_eq!(report.aliases, [None, Some("a__new".to_owned()), Some("a__new".to_owned())]);
    assert_eq!(report.refused.len(), 1);
    assert_eq!(
        (report.refused[0].canonical.as_str(), report.refused[0].existing.as_str(), report.refused[0].alias.as_str()),
        ("a/b__c", "a__b/c", "a__b__c")
    );
    assert_eq!(r.to_canonical("a__new"), Some("a/new"));
    // An unmappable name still refuses the whole call.
    let before = r.entries().count();
    assert!(r.register_server_skipping("s", &["ok", ""]).is_err());
    assert_eq!(r.entries().count(), before);
}
