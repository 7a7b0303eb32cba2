//! The shared error-data vectors (`tests/data/error_data.json`), natively and, compiled to
//! wasm, in Node and headless Chromium (`wasm-pack test`).

#[path = "support/rust_words.rs"]
mod rust_words;
use mcp_boundary::{Catalog, ErrorClassifier, FieldHint, FieldPhrases, Issue, ToolFields};
use rust_words::rust_words;
use serde_json::Value;

fn vectors() -> Value {
    serde_json::from_str(include_str!("data/error_data.json")).expect("vectors parse")
}

fn list(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().map(|s| s.as_str().unwrap().to_owned()).collect()).unwrap_or_default()
}

fn map(v: &Value) -> Vec<(String, Vec<String>)> {
    v.as_object().unwrap().iter().map(|(k, v)| (k.clone(), list(v))).collect()
}

/// The JS catalog object as a Rust catalog.
fn catalog(v: &Value) -> Catalog {
    let tools = if v["tools"].is_array() {
        ToolFields::Global { tools: list(&v["tools"]), fields: list(&v["fields"]) }
    } else {
        ToolFields::PerTool(map(&v["tools"]))
    };
    let field_messages = match &v["fieldMessages"] {
        Value::Object(_) => FieldPhrases::PerField(map(&v["fieldMessages"])),
        other => FieldPhrases::Global(list(other)),
    };
    Catalog { tools, field_messages, fieldless_messages: list(&v["fieldlessMessages"]) }
}

/// A field's JSON Schema as the JS catalog's `hints` give it (the core's
/// one reading of it, which the wasm binding calls too).
fn hint(schema: &Value) -> FieldHint {
    FieldHint::from_json_schema(schema)
}

/// The JS catalog object, `hints` included, as a Rust classifier.
fn classifier(v: &Value) -> ErrorClassifier {
    let hints: Vec<(&str, &str, FieldHint)> = v["hints"]
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(tool, fields)| {
            fields.as_object().into_iter().flatten().map(move |(f, s)| (tool.as_str(), f.as_str(), hint(s)))
        })
        .collect();
    ErrorClassifier::new(catalog(v)).unwrap().with_hints(hints.iter().map(|(t, f, h)| (*t, *f, h)))
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn recorded_issues_classify_as_the_reference_says() {
    let doc = vectors();
    let vectors = &doc["issues"];
    let mut ran = 0;
    for c in vectors["catalogs"].as_array().unwrap() {
        let (name, classifier) = (c["name"].as_str().unwrap(), classifier(&c["catalog"]));
        for case in vectors["cases"].as_array().unwrap() {
            let tool = case["tool"].as_str().unwrap();
            let issues = Issue::list_from_json(&case["issues"], case.get("input")).unwrap();
            let want = &case["expect"][name];
            let data = serde_json::to_value(classifier.classify_issues(tool, &issues)).unwrap();
            assert_eq!(data, want["data"], "{name}: {}", case["name"]);
            let result = serde_json::to_value(classifier.issues_result(tool, &issues)).unwrap();
            assert_eq!(result, want["result"], "{name}: {}", case["name"]);
            // As a ZodError's JSON holds them, too.
            let error = serde_json::json!({ "issues": case["issues"] });
            assert_eq!(Issue::list_from_json(&error, case.get("input")).as_deref(), Some(&issues[..]));
            ran += 1;
        }
    }
    assert!(ran >= 40, "{ran}");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn pydantic_errors_classify_alike_with_hints_read_from_the_whole_input_schema() {
    let doc = vectors();
    let vectors = &doc["issues"];
    let hinted = vectors["catalogs"].as_array().unwrap().iter().find(|c| c["name"] == "hinted").unwrap();
    // The catalog's tools, each with its hints from the model's own JSON
    // Schema ($defs, $ref, anyOf with null), as a Python server has it.
    let schemas = vectors["inputSchemas"].as_object().unwrap();
    let hints: Vec<(&str, String, FieldHint)> = schemas
        .iter()
        .flat_map(|(tool, schema)| {
            FieldHint::of_input_schema(schema).into_iter().map(move |(f, h)| (tool.as_str(), f, h))
        })
        .collect();
    let classifier = ErrorClassifier::new(catalog(&hinted["catalog"]))
        .unwrap()
        .with_hints(hints.iter().map(|(t, f, h)| (*t, f.as_str(), h)));
    let mut ran = 0;
    for case in vectors["cases"].as_array().unwrap() {
        let tool = case["tool"].as_str().unwrap();
        if !schemas.contains_key(tool) {
            continue;
        }
        let issues = Issue::list_from_json(&case["issues"], case.get("input")).unwrap();
        let data = serde_json::to_value(classifier.classify_issues(tool, &issues)).unwrap();
        assert_eq!(data, case["expect"]["hinted"]["data"], "{}", case["name"]);
        assert!(!data.to_string().contains("SECRET"), "{}", case["name"]);
        ran += 1;
    }
    assert!(ran >= 6, "{ran}");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn input_schemas_give_the_hints_the_reference_says() {
    let doc = vectors();
    let mut ran = 0;
    for case in doc["schemaHints"]["cases"].as_array().unwrap() {
        let got: serde_json::Map<String, Value> = FieldHint::of_input_schema(&case["schema"])
            .into_iter()
            .map(|(field, h)| {
                let hint = serde_json::json!({
                    "options": h.options, "minimum": h.minimum, "maximum": h.maximum,
                    "minLength": h.min_length, "maxLength": h.max_length, "type": h.expected_type,
                });
                (field, hint)
            })
            .collect();
        assert_eq!(Value::Object(got), case["expect"], "{}", case["name"]);
        ran += 1;
    }
    assert!(ran >= 3, "{ran}");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn classify_equals_the_seed_reference() {
    let doc = vectors();
    let mut ran = 0;
    for c in doc["catalogs"].as_array().unwrap() {
        let classifier = ErrorClassifier::new(catalog(&c["catalog"])).unwrap();
        for case in c["cases"].as_array().unwrap() {
            let got = classifier.classify(case["tool"].as_str().unwrap(), case["message"].as_str().unwrap());
            assert_eq!(serde_json::to_value(got).unwrap(), case["expect"], "{}: {case}", c["name"]);
            ran += 1;
        }
        for e in c["envelopes"].as_array().unwrap() {
            let (tool, message) = (e["tool"].as_str().unwrap(), e["message"].as_str().unwrap());
            let response = classifier.invalid_arguments_response(&e["id"], tool, message);
            assert_eq!(serde_json::to_string(&response).unwrap(), e["invalidArgumentsResponse"].as_str().unwrap());
            let result = classifier.tool_error_result(tool, message);
            assert_eq!(serde_json::to_string(&result).unwrap(), e["toolErrorResult"].as_str().unwrap());
        }
    }
    assert!(ran > 500);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn ids_and_unknown_tools() {
    let doc = vectors();
    let classifier = ErrorClassifier::new(catalog(&doc["catalogs"][0]["catalog"])).unwrap();
    for id in doc["ids"].as_array().unwrap() {
        let response = classifier.invalid_arguments_response(&id["id"], "x", "y");
        assert_eq!(response.id, id["echo"], "{id}");
    }
    for u in doc["unknownTool"].as_array().unwrap() {
        let name = u["name"].as_str().unwrap();
        let response = serde_json::to_value(classifier.unknown_tool_response(&Value::Null, name)).unwrap();
        assert_eq!(response["error"]["data"]["suggestions"], u["suggestions"], "{name:?}");
        let tools: Vec<&str> = classifier.tools().collect();
        for s in response["error"]["data"]["suggestions"].as_array().unwrap() {
            assert!(tools.contains(&s.as_str().unwrap()), "suggestions are catalog tools");
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn bad_catalogs_name_the_place() {
    for case in vectors()["badCatalogs"].as_array().unwrap() {
        if case.get("js_only").is_some() {
            continue;
        }
        let e = ErrorClassifier::new(catalog(&case["catalog"])).expect_err(&case.to_string());
        assert_eq!(e.option().to_string(), rust_words(case["option"].as_str().unwrap()));
        assert_eq!(e.reason(), case["reason"].as_str().unwrap());
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn lenient_catalogs_keep_what_they_can_and_output_schema_tools_answer_in_text() {
    let doc = &vectors()["lenientCatalogs"];
    for case in doc["cases"].as_array().unwrap() {
        let v = &case["catalog"];
        let built =
            if v["lenient"] == true { ErrorClassifier::lenient(catalog(v)) } else { ErrorClassifier::new(catalog(v)) };
        let name = case["name"].as_str().unwrap();
        let c = built.expect(name).with_output_schema_tools(
            v["outputSchemaTools"].as_array().into_iter().flatten().map(|t| t.as_str().unwrap()),
        );
        // (serde_json's objects are sorted here, so the catalog order is not the vectors')
        let (mut got, mut want) = (c.tools().map(str::to_owned).collect::<Vec<_>>(), list(&case["tools"]));
        got.sort();
        want.sort();
        assert_eq!(got, want, "{}", case["name"]);
        for call in case["calls"].as_array().unwrap() {
            let (tool, message) = (call["tool"].as_str().unwrap(), call["message"].as_str().unwrap());
            let json = |r: &dyn erased_json::Json| r.json();
            assert_eq!(c.structured_errors(tool), call["structuredErrors"], "{call}");
            assert_eq!(json(&c.tool_error_result(tool, message)), call["toolErrorResult"], "{call}");
            assert_eq!(json(&c.handler_error_result(tool, message)), call["handlerErrorResult"], "{call}");
        }
    }
    for case in doc["bad"].as_array().unwrap() {
        if case.get("js_only").is_some() {
            continue;
        }
        let e = ErrorClassifier::lenient(catalog(&case["catalog"])).expect_err(&case.to_string());
        assert_eq!(e.option().to_string(), rust_words(case["option"].as_str().unwrap()));
        assert_eq!(e.reason(), case["reason"].as_str().unwrap());
    }
}

/// A result as the JSON value it serializes to.
mod erased_json {
    pub trait Json {
        fn json(&self) -> serde_json::Value;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> serde_json::Value {
            serde_json::to_value(self).unwrap()
        }
    }
}

#[test]
fn catalogs_are_bounded() {
    use mcp_boundary::MAX_CATALOG_ENTRIES;
    let many: Vec<String> = (0..=MAX_CATALOG_ENTRIES).map(|i| format!("t{i}")).collect();
    let catalog = Catalog {
        tools: ToolFields::Global { tools: many, fields: Vec::new() },
        field_messages: FieldPhrases::Global(Vec::new()),
        fieldless_messages: Vec::new(),
    };
    let e = ErrorClassifier::new(catalog).unwrap_err();
    assert_eq!(e.option().to_string(), "tools");
}

#[test]
fn schema_hints_phrase_what_the_schema_declares() {
    use mcp_boundary::{FieldHint, Issue};
    let catalog = Catalog {
        tools: ToolFields::PerTool(vec![("send".into(), vec!["priority".into(), "limit".into()])]),
        field_messages: FieldPhrases::Global(Vec::new()),
        fieldless_messages: Vec::new(),
    };
    let options = FieldHint { options: vec!["low".into(), "high".into()], ..FieldHint::default() };
    let bounds = FieldHint { minimum: Some(1), maximum: Some(100), ..FieldHint::default() };
    let c = ErrorClassifier::new(catalog).unwrap().with_hints([
        ("send", "priority", &options),
        ("send", "limit", &bounds),
        ("send", "unknown", &bounds), // not a field: ignored
    ]);
    let zod = |code, field| Issue::Zod { code, first_segment: Some(field), missing: false, nested: false };
    let data = c.classify_issues(
        "send",
        &[
            zod("invalid_enum_value", "priority"),
            zod("too_big", "limit"),
            zod("too_small", "limit"),
            zod("invalid_type", "limit"),
            zod("too_big", "unknown"),
        ],
    );
    let messages: Vec<&str> = data.iter().map(|d| d.message).collect();
    assert_eq!(
        messages,
        [
            "must be one of low, high",
            "must be at most 100",
            "must be at least 1",
            "has the wrong type",
            "is too large or too long"
        ]
    );
}
