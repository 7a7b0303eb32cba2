//! The shared protection-policy vectors (`tests/data/protect.json`): what a
//! protected server answers for each failure (SPEC §6.1), natively and,
//! compiled to wasm, in Node and headless Chromium (`wasm-pack test`). The
//! same file runs in JS (`js-tests/protect-vectors.test.mjs`) and Python
//! (`tests/python/test_protect.py`).

use mcp_boundary::{
    validate_recipient, Failure, HandlerErrors, Issue, ListedTool, ProtectOptions, Protection, ServerCatalog,
};
use serde_json::{json, Value};

fn vectors() -> Value {
    serde_json::from_str(include_str!("data/protect.json")).expect("vectors parse")
}

/// The options as the file gives them (Rust's keys), checked.
fn protection(options: &Value) -> Result<Protection, mcp_boundary::OptionsError> {
    let mut o = ProtectOptions::default();
    if let Some(messages) = options["messages"].as_array() {
        o = o.messages(messages.iter().map(|m| m.as_str().unwrap()));
    }
    match &options["handler_errors"] {
        Value::Null => {}
        Value::String(name) => o = o.handler_errors(HandlerErrors::parse(name)?),
        _ => return Err(HandlerErrors::not_a_string()),
    }
    Protection::new(o)
}

fn catalog(protection: &Protection, tools: &Value) -> ServerCatalog {
    protection.catalog(tools.as_array().unwrap().iter().map(|t| {
        let schema = Some(&t["inputSchema"]).filter(|s| !s.is_null());
        ListedTool::new(t["name"].as_str().unwrap(), schema, t["outputSchema"].as_bool().unwrap())
    }))
}

/// The decision's JSON for one failure of the file.
fn answer(protection: &Protection, catalog: &ServerCatalog, failure: &Value) -> Value {
    let tool = failure["tool"].as_str().unwrap_or_default();
    let input = failure.get("input");
    let issues: Vec<Issue<'_>> =
        failure["issues"].as_array().into_iter().flatten().map(|i| Issue::from_json(i, input)).collect();
    let rejection = failure["to"].as_str().map(|to| validate_recipient(to).unwrap_err());
    let failure = match failure["kind"].as_str().unwrap() {
        "invalid_arguments" => Failure::InvalidArguments { tool, issues: &issues },
        "recipient_rejected" => Failure::RecipientRejected { tool, rejection: rejection.as_ref().unwrap() },
        "unknown_tool" => Failure::UnknownTool { name: failure["name"].as_str().unwrap() },
        "handler_error" => Failure::HandlerError { tool, message: failure["message"].as_str() },
        "forwarded_error" => Failure::ForwardedError { tool, message: failure["message"].as_str() },
        "invalid_output" => Failure::InvalidOutput { tool },
        "own_error_result" => Failure::OwnErrorResult { tool },
        "failed" => Failure::Failed { tool },
        other => panic!("a failure kind the runner does not know: {other}"),
    };
    serde_json::to_value(protection.answer(catalog, failure)).unwrap()
}

/// Whether `got` is the answer `expect` describes: the whole decision, or
/// for a recipient's rejection its parts (the file's `about` says which).
fn check(got: &Value, expect: &Value, name: &str) {
    let Some(parts) = expect.get("rejection") else {
        assert_eq!(got, expect, "{name}");
        return;
    };
    assert_eq!(got["kind"], expect["kind"], "{name}");
    let result = &got["result"];
    assert_eq!(result["isError"], true, "{name}");
    let text: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
    let structured = result.get("structuredContent");
    assert_eq!(structured.is_some(), expect["structured"] == true, "{name}");
    for (key, value) in parts.as_object().unwrap() {
        assert_eq!(&text[key], value, "{name}: {key}");
        if let Some(s) = structured {
            assert_eq!(&s["error"][key], value, "{name}: {key}");
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn each_failure_gets_the_answer_the_vectors_say() {
    let v = vectors();
    let mut cases = 0;
    for server in v["servers"].as_array().unwrap() {
        let protection = protection(&server["options"]).unwrap();
        let catalog = catalog(&protection, &server["tools"]);
        for case in server["cases"].as_array().unwrap() {
            let got = answer(&protection, &catalog, &case["failure"]);
            check(&got, &case["answer"], case["name"].as_str().unwrap());
            cases += 1;
        }
    }
    assert!(cases > 40, "only {cases} cases");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn options_that_cannot_work_are_refused_with_the_same_code_and_reason() {
    for case in vectors()["options_errors"].as_array().unwrap() {
        let e = protection(&case["options"]).unwrap_err();
        assert_eq!(json!({"code": e.code(), "reason": e.reason()}), case["error"], "{}", case["options"]);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn no_answer_carries_the_failure_s_input() {
    let v = vectors();
    for server in v["servers"].as_array().unwrap() {
        let protection = protection(&server["options"]).unwrap();
        let catalog = catalog(&protection, &server["tools"]);
        for case in server["cases"].as_array().unwrap() {
            let text = answer(&protection, &catalog, &case["failure"]).to_string();
            assert!(!text.contains("SECRET") && !text.contains("IGNORE"), "{}: {text}", case["name"]);
        }
    }
}
