//! No echo: whatever the tool name and message, every string that error
//! data, envelopes and results contain is a catalog string or one of the
//! library's fixed strings.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;

use mcp_boundary::{
    Catalog, ErrorClassifier, FieldPhrases, Issue, ToolFields, INVALID_ARGUMENT, INVALID_ARGUMENTS_MESSAGE,
    ISSUE_MESSAGES, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE,
};
use proptest::prelude::*;
use serde_json::Value;

const TOOLS: [&str; 3] = ["list_bounties", "get_bounty", "claim"];
const FIELDS: [&str; 3] = ["limit", "status", "issue_number"];
const PHRASES: [&str; 3] = ["must be at most 100", "must be a boolean", "is required"];
const FIELDLESS: [&str; 2] = ["unknown tool", "matches multiple bounties"];

fn classifier(per_tool: bool) -> ErrorClassifier {
    let strings = |xs: &[&str]| xs.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let tools = if per_tool {
        ToolFields::PerTool(vec![
            ("list_bounties".into(), strings(&["limit", "status"])),
            ("get_bounty".into(), strings(&["issue_number"])),
        ])
    } else {
        ToolFields::Global { tools: strings(&TOOLS), fields: strings(&FIELDS) }
    };
    ErrorClassifier::new(Catalog {
        tools,
        field_messages: FieldPhrases::Global(strings(&PHRASES)),
        fieldless_messages: strings(&FIELDLESS),
    })
    .unwrap()
}

/// Every string the outputs may contain.
fn allowed() -> HashSet<String> {
    let mut set: HashSet<String> =
        TOOLS.iter().chain(&FIELDS).chain(&PHRASES).chain(&FIELDLESS).map(|s| (*s).to_owned()).collect();
    for fixed in [INVALID_ARGUMENT, INVALID_ARGUMENTS_MESSAGE, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE, "2.0", "text"] {
        set.insert(fixed.to_owned());
    }
    set.extend(ISSUE_MESSAGES.iter().map(|s| (*s).to_owned()));
    set
}

fn strings_in(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings_in(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings_in(x, out)),
        _ => {}
    }
}

/// Catalog words spliced with noise: the inputs most likely to slip through.
fn message() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "limit",
        "status",
        "must be at most 100",
        "unknown tool",
        " ",
        "  ",
        "\n",
        "\t",
        "\u{200b}",
        "\u{202e}",
        "\u{a0}",
        "і",
        "１００",
        "matches multiple bounties",
        "x",
        "\u{0}",
        "🦀",
    ]);
    prop_oneof![
        prop::collection::vec(piece, 0..8).prop_map(|v| v.concat()),
        any::<String>(),
        "[a-z ]{0,40}",
        ".{0,2000}",
    ]
}

fn tool() -> impl Strategy<Value = String> {
    prop_oneof![prop::sample::select(TOOLS.to_vec()).prop_map(str::to_owned), any::<String>(), Just(String::new())]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn nothing_but_catalog_and_fixed_strings(tool in tool(), message in message(), per_tool in any::<bool>()) {
        let c = classifier(per_tool);
        let allowed = allowed();
        let mut seen = Vec::new();
        strings_in(&serde_json::to_value(c.classify(&tool, &message)).unwrap(), &mut seen);
        strings_in(&serde_json::to_value(c.invalid_arguments_response(&Value::Null, &tool, &message)).unwrap(), &mut seen);
        let result = c.tool_error_result(&tool, &message);
        // The text is made of catalog and fixed words only (no word of the input).
        for word in result.content[0].text.split(' ') {
            let word = word.strip_suffix(':').unwrap_or(word);
            let known = word == "for" || allowed.iter().any(|a| a.split(' ').any(|w| w == word));
            prop_assert!(known, "{word:?} in the text is neither a catalog nor a fixed word");
        }
        strings_in(&serde_json::to_value(result.structured_content).unwrap(), &mut seen);
        strings_in(&serde_json::to_value(c.unknown_tool_response(&Value::Null, &message)).unwrap(), &mut seen);
        let issues = [
            Issue::Zod { code: &message, first_segment: Some(&message), missing: false, nested: false },
            Issue::Ajv { keyword: &message, instance_path: &message, missing_property: Some(&message) },
        ];
        strings_in(&serde_json::to_value(c.classify_issues(&tool, &issues)).unwrap(), &mut seen);
        for s in seen {
            prop_assert!(allowed.contains(&s), "{s:?} is neither a catalog nor a fixed string");
        }
    }
}
