//! The shared recipient vectors (`tests/data/recipients.json`), natively and, compiled to
//! wasm, in Node and headless Chromium (`wasm-pack test`).

#[path = "support/recipient_options.rs"]
mod recipient_options;
#[path = "support/rust_words.rs"]
mod rust_words;
use mcp_boundary::{Recipient, RecipientOptions, RecipientValidator, VALID_SHAPES};
use recipient_options::options;
use rust_words::rust_words;
use serde_json::Value;

fn vectors() -> Value {
    serde_json::from_str(include_str!("data/recipients.json")).expect("vectors parse")
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn recipient_vectors() {
    let doc = vectors();
    let cases = doc["cases"].as_array().unwrap();
    assert!(cases.len() > 40);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let expect = &case["expect"];
        let validator = RecipientValidator::new(options(case.get("options")).unwrap()).unwrap();
        let result = match &case["to"] {
            Value::String(s) => validator.validate(s).map(|r| match r {
                Recipient::Broadcast => ("broadcast", None),
                Recipient::Identity(id) => ("identity", Some(id.to_owned())),
            }),
            other => Err(validator.reject_non_string(type_name(other))),
        };
        match result {
            Ok((kind, id)) => {
                assert_eq!(expect["ok"], true, "{name}: accepted, expected a rejection");
                assert_eq!(expect["kind"], kind, "{name}");
                assert_eq!(expect.get("id").and_then(Value::as_str), id.as_deref(), "{name}");
            }
            Err(e) => {
                assert_eq!(expect["ok"], false, "{name}: rejected ({}), expected ok", e.reason().as_str());
                assert_eq!(expect["code"], e.code(), "{name}");
                assert_eq!(expect["reason"], e.reason().as_str(), "{name}");
                let wire = serde_json::to_value(&e).unwrap();
                assert_eq!(wire["valid_shapes"], serde_json::json!(VALID_SHAPES), "{name}");
                assert_eq!(wire["code"], e.code());
                for key in ["position", "limit"] {
                    assert_eq!(wire.get(key), expect.get(key), "{name}: {key}");
                }
                for key in ["to", "suggestions"] {
                    if let Some(want) = expect.get(key) {
                        assert_eq!(&wire[key], want, "{name}: {key}");
                    }
                }
                if expect.get("suggestions").is_none() {
                    // every vector with known agents and suggestions on lists them
                    assert!(wire.get("suggestions").is_none(), "{name}: suggestions not expected");
                }
                let message = wire["message"].as_str().unwrap();
                assert!(message.contains(wire["to"].as_str().unwrap()), "{name}: message quotes the rendition");
                assert!(!message.chars().any(char::is_control), "{name}: message has a control character");
            }
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn option_error_vectors() {
    let doc = vectors();
    let mut ran = 0;
    for case in doc["option_errors"].as_array().unwrap() {
        if case.get("js_only").is_some() {
            continue;
        }
        let name = case["name"].as_str().unwrap();
        let e = RecipientValidator::new(options(case.get("options")).unwrap()).expect_err(name);
        assert_eq!(case["throws"]["code"], e.code(), "{name}");
        assert_eq!(case["throws"]["reason"], e.reason(), "{name}");
        assert_eq!(rust_words(case["throws"]["option"].as_str().unwrap()), e.option().to_string(), "{name}");
        ran += 1;
    }
    assert!(ran >= 8);
}

#[test]
fn options_that_drive_cost_are_bounded() {
    use mcp_boundary::MAX_KNOWN_AGENTS;
    let many: Vec<String> = (0..=MAX_KNOWN_AGENTS).map(|i| format!("@a{i}")).collect();
    let e = RecipientValidator::new(RecipientOptions::default().known_agents(many)).unwrap_err();
    assert_eq!(e.option().to_string(), "known_agents");
    // Nested counted repetition compiles past the size limit (MAX_PATTERN_SIZE).
    let e = RecipientValidator::new(RecipientOptions::default().identity_pattern("(?:a{1,100}){1,100}")).unwrap_err();
    assert_eq!(e.reason(), "invalid_pattern");
    assert!(RecipientValidator::new(RecipientOptions::default().identity_pattern("@[a-z0-9-]{1,64}")).is_ok());
}

#[test]
fn the_json_schema_pattern_accepts_exactly_the_shapes() {
    let v = RecipientValidator::new(RecipientOptions::default().max_identifier_length(8)).unwrap();
    let schema = v.json_schema();
    assert_eq!(schema.kind, "string");
    // The pattern as a JSON Schema (ECMAScript) regex; regex-lite reads this subset the same way.
    let re = regex_lite::Regex::new(&schema.pattern).unwrap();
    for to in ["AGENT:*", "@neo-gpt", "@a", "AGENT:gpt", "neo", "@", "@123456789", " @a", "@a b", "AGENT:**"] {
        assert_eq!(re.is_match(to), v.validate(to).is_ok(), "{to}");
    }
    assert!(schema.description.contains(VALID_SHAPES[0]) && schema.description.contains(VALID_SHAPES[1]));
}

#[test]
fn the_json_schema_names_known_agents_only_when_strict_and_suggesting() {
    let known = || RecipientOptions::default().known_agents(["@trinity-x", "@morpheus-y"]);
    let described = |o: RecipientOptions| RecipientValidator::new(o).unwrap().json_schema().description;
    assert!(described(known().strict(true)).contains("@trinity-x, @morpheus-y"));
    for quiet in [known(), known().strict(true).suggest(false), known().suggest(false)] {
        let d = described(quiet);
        assert!(!d.contains("@trinity") && !d.contains("@morpheus"), "{d}");
    }
}
