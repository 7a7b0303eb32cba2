//! The classifier's own tests (the shared vectors are in tests/).

use std::borrow::Cow;

use super::issue::first_pointer_segment;
use super::*;

fn seed() -> ErrorClassifier {
    ErrorClassifier::new(Catalog {
        tools: ToolFields::Global {
            tools: vec!["list_bounties".into(), "get_bounty".into()],
            fields: vec!["limit".into(), "status".into(), "issue_number".into()],
        },
        field_messages: FieldPhrases::Global(vec!["must be at most 100".into(), "must be a boolean".into()]),
        fieldless_messages: vec!["unknown tool".into(), "matches multiple bounties".into()],
    })
    .unwrap()
}

#[test]
fn rules_in_order() {
    let c = seed();
    let d = c.classify("list_bounties", "limit must be at most 100").unwrap();
    assert_eq!((d.tool, d.field, d.message), (Some("list_bounties"), Some("limit"), "must be at most 100"));
    let d = c.classify("nope", "limit must be a boolean").unwrap();
    assert_eq!((d.tool, d.field), (None, Some("limit")), "global fields count for unknown tools");
    let d = c.classify("get_bounty", "status matches multiple bounties").unwrap();
    assert_eq!((d.field, d.message), (None, "matches multiple bounties"));
    let d = c.classify("get_bounty", "unknown tool").unwrap();
    assert_eq!((d.field, d.message), (None, "unknown tool"));
    for bad in [
        "limit  must be at most 100",
        "limit must be at most 100\n",
        "Limit must be at most 100",
        "limit\tmust be at most 100",
        "limit must be at most 1000",
        "",
        "unknown tool ",
    ] {
        assert_eq!(c.classify("list_bounties", bad), None, "{bad:?}");
    }
}

#[test]
fn per_tool_fields_and_per_field_phrases() {
    let c = ErrorClassifier::new(Catalog {
        tools: ToolFields::PerTool(vec![("a".into(), vec!["x".into()]), ("b".into(), vec!["y".into()])]),
        field_messages: FieldPhrases::PerField(vec![("x".into(), vec!["is bad".into()])]),
        fieldless_messages: vec![],
    })
    .unwrap();
    assert!(c.classify("a", "x is bad").is_some());
    assert_eq!(c.classify("b", "x is bad"), None, "x is not a field of b");
    assert_eq!(c.classify("c", "x is bad"), None, "unknown tools have no fields");
    assert_eq!(c.classify("b", "y is bad"), None, "y does not pair with x's phrase");
}

#[test]
fn pointer_segments_unescape_as_json_pointer_says() {
    let seg = |p: &str| first_pointer_segment(p).map(Cow::into_owned);
    assert_eq!(seg("/limit/0"), Some("limit".into()));
    assert_eq!(seg("/a~1b/c"), Some("a/b".into()));
    assert_eq!(seg("/m~0n"), Some("m~n".into()));
    assert_eq!(seg("/~01"), Some("~1".into()), "~0 then 1, not ~ then ~1");
    assert_eq!(seg("/~"), Some("~".into()));
    assert_eq!(seg("/~2é~"), Some("~2é~".into()));
    assert_eq!(seg("/"), Some(String::new()));
    assert_eq!(seg("limit"), None);
}

#[test]
fn text_and_code_units_classify_alike() {
    let c = ErrorClassifier::new(Catalog {
        tools: ToolFields::PerTool(vec![("outil".into(), vec!["limité".into(), "𝄞".into()])]),
        field_messages: FieldPhrases::PerField(vec![("𝄞".into(), vec!["is 🦀".into()])]),
        fieldless_messages: vec!["inconnu".into()],
    })
    .unwrap();
    let units = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
    let tools = ["outil", "outi", "🦀", ""];
    let messages = ["𝄞 is 🦀", "limité inconnu", "inconnu", "limité is 🦀", "𝄞  is 🦀", "𝄞 is", " inconnu", "x"];
    for tool in tools {
        for message in messages {
            let (t, m) = (units(tool), units(message));
            let from_units = c.classify_ids(t.as_slice(), m.as_slice());
            assert_eq!(c.classify_ids(tool, message), from_units, "{tool} {message}");
            assert_eq!(c.classify_for(c.tool_id(tool), m.as_slice()), from_units, "{tool} {message}");
        }
    }
    assert_eq!(c.classify_ids("outil", "𝄞 is 🦀"), Some((Some(0), Some(2), 3)));
    let lone = [units("𝄞 is 🦀").as_slice(), &[0xD83E]].concat();
    assert_eq!(c.classify_ids(units("outil").as_slice(), &lone[..lone.len() - 2]), None, "a lone surrogate");
}

#[test]
fn catalog_errors_name_the_place() {
    let e = ErrorClassifier::new(Catalog {
        tools: ToolFields::PerTool(vec![("t".into(), vec!["ok".into(), "has space".into()])]),
        field_messages: FieldPhrases::Global(vec![]),
        fieldless_messages: vec![],
    })
    .unwrap_err();
    assert_eq!(e.option().to_string(), "tools['t'][1]");
    assert!(!e.to_string().contains("has space"));
    let e = ErrorClassifier::new(Catalog {
        tools: ToolFields::Global { tools: vec![], fields: vec![] },
        field_messages: FieldPhrases::Global(vec!["x".into(), String::new()]),
        fieldless_messages: vec![],
    })
    .unwrap_err();
    assert_eq!(e.option().to_string(), "field_messages[1]");
    assert_eq!((e.option().name(), e.option().below()), ("field_messages", "[1]"));
}

#[test]
fn envelopes() {
    use serde_json::json;
    let c = seed();
    let text = |v: &dyn erased::Ser| v.json();
    let legacy = c.invalid_arguments_response(&json!(7), "list_bounties", "something else");
    assert_eq!(text(&legacy), r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"invalid tool arguments"}}"#);
    let r = c.invalid_arguments_response(&json!({"x": 1}), "list_bounties", "limit must be at most 100");
    assert_eq!(
        text(&r),
        r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"invalid tool arguments","data":{"code":"invalid_argument","tool":"list_bounties","field":"limit","message":"must be at most 100"}}}"#
    );
    let t = c.tool_error_result("list_bounties", "limit must be at most 100");
    assert_eq!(t.content[0].text, "invalid tool arguments for list_bounties: limit must be at most 100");
    assert!(text(&t).starts_with(r#"{"content":[{"type":"text","#));
    let u = c.unknown_tool_response(&json!("a"), "list_bountie");
    assert_eq!(
        text(&u),
        r#"{"jsonrpc":"2.0","id":"a","error":{"code":-32602,"message":"unknown tool","data":{"code":"unknown_tool","suggestions":["list_bounties"]}}}"#
    );
}

/// Serializing test values to JSON text without naming each type.
mod erased {
    pub trait Ser {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Ser for T {
        fn json(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }
}

#[test]
fn issues() {
    let c = seed();
    let got = c.classify_issues(
        "list_bounties",
        &[
            Issue::Zod { code: "too_big", first_segment: Some("limit"), missing: false, nested: false },
            Issue::Zod { code: "invalid_type", first_segment: Some("evil\n"), missing: true, nested: false },
            Issue::Ajv { keyword: "required", instance_path: "", missing_property: Some("status") },
            Issue::Ajv { keyword: "maximum", instance_path: "/limit", missing_property: None },
        ],
    );
    assert_eq!((got[0].field, got[0].message), (Some("limit"), "is too large or too long"));
    assert_eq!((got[1].field, got[1].message), (None, "is required"));
    assert_eq!(got[2].field, Some("status"));
    assert_eq!(got[3].field, Some("limit"));
}

#[test]
fn a_left_out_value_is_required_whatever_code_zod_gives_it() {
    let c = seed();
    let zod = |code, missing, nested| Issue::Zod { code, first_segment: Some("status"), missing, nested };
    let message = |issue| c.classify_issues("list_bounties", &[issue])[0].message;
    // Zod 4 gives a left-out enum `invalid_value`, a left-out union `invalid_union`.
    for code in ["invalid_type", "invalid_value", "invalid_enum_value", "invalid_literal", "invalid_union"] {
        assert_eq!(message(zod(code, true, false)), "is required", "{code}");
        assert_eq!(message(zod(code, true, true)), "is missing a required property", "{code}");
    }
    assert_eq!(message(zod("invalid_value", false, false)), "is not one of the allowed values");
    // A refinement's own issue keeps its phrase, absent value or not.
    assert_eq!(message(zod("custom", true, false)), "is invalid");
    let ajv = |instance_path| Issue::Ajv { keyword: "required", instance_path, missing_property: Some("status") };
    let got = c.classify_issues("list_bounties", &[ajv(""), ajv("/status")]);
    assert_eq!((got[0].field, got[0].message), (Some("status"), "is required"));
    assert_eq!((got[1].field, got[1].message), (Some("status"), "is missing a required property"));
}

#[test]
fn the_text_says_each_field_and_phrase_once() {
    let c = seed();
    let bad = Issue::Zod { code: "too_big", first_segment: Some("limit"), missing: false, nested: true };
    let other = Issue::Zod { code: "invalid_type", first_segment: Some("status"), missing: false, nested: false };
    let mut issues = vec![bad; 1000];
    issues.insert(500, other);
    let result = c.issues_result("list_bounties", &issues);
    assert_eq!(
        result.content[0].text,
        "invalid tool arguments for list_bounties: limit contains an invalid entry; status has the wrong type"
    );
    // At most ISSUES_IN_TEXT distinct problems are named.
    let fields: Vec<String> = (0..10).map(|i| format!("f{i}")).collect();
    let wide = ErrorClassifier::new(Catalog {
        tools: ToolFields::PerTool(vec![("t".into(), fields.clone())]),
        field_messages: FieldPhrases::Global(Vec::new()),
        fieldless_messages: Vec::new(),
    })
    .unwrap();
    let codes = ["too_big", "too_small", "invalid_type", "invalid_value", "custom", "invalid_format"];
    let many: Vec<Issue<'_>> = fields
        .iter()
        .flat_map(|f| {
            codes.iter().map(|c| Issue::Zod { code: c, first_segment: Some(f.as_str()), missing: false, nested: false })
        })
        .collect();
    let text = &wide.issues_result("t", &many).content[0].text;
    assert_eq!(text.matches("; ").count() + 1, ISSUES_IN_TEXT, "{text}");
}

#[test]
fn what_lies_inside_a_field_is_not_said_of_the_field() {
    let c = seed();
    let message = |issue| c.classify_issues("list_bounties", &[issue])[0];
    let zod = |code, first_segment, nested| Issue::Zod { code, first_segment, missing: false, nested };
    // One element or property of the field is wrong.
    for code in ["invalid_type", "too_big", "invalid_value", "custom"] {
        let got = message(zod(code, Some("status"), true));
        assert_eq!((got.field, got.message), (Some("status"), "contains an invalid entry"), "{code}");
    }
    assert_eq!(message(zod("invalid_type", Some("status"), false)).message, "has the wrong type");
    // Unknown keys are reported at the object that has them.
    let got = message(zod("unrecognized_keys", Some("status"), false));
    assert_eq!((got.field, got.message), (Some("status"), "contains an unknown property"));
    let got = message(zod("unrecognized_keys", None, false));
    assert_eq!((got.field, got.message), (None, "is not a known argument"));
    let ajv = |keyword, instance_path| Issue::Ajv { keyword, instance_path, missing_property: None };
    let phrases: Vec<&str> = c
        .classify_issues(
            "list_bounties",
            &[
                ajv("additionalProperties", ""),
                ajv("additionalProperties", "/status"),
                ajv("maximum", "/limit"),
                ajv("maximum", "/limit/0"),
                ajv("type", "/status/since"),
            ],
        )
        .iter()
        .map(|d| d.message)
        .collect();
    assert_eq!(
        phrases,
        [
            "is not a known argument",
            "contains an unknown property",
            "is too large or too long",
            "contains an invalid entry",
            "contains an invalid entry"
        ]
    );
}

#[test]
fn every_issue_phrase_is_its_own_entry_of_the_one_table() {
    use super::issue::{IssuePhrase, Phrase};
    let distinct: std::collections::HashSet<&str> = ISSUE_MESSAGES.iter().copied().collect();
    assert_eq!(distinct.len(), ISSUE_MESSAGES.len(), "each phrase once");
    let zod_codes = [
        "invalid_type",
        "invalid_value",
        "unrecognized_keys",
        "invalid_union",
        "invalid_format",
        "too_small",
        "too_big",
        "not_multiple_of",
        "not_finite",
        "invalid_element",
        "custom",
    ];
    let ajv_keywords = [
        "required",
        "additionalProperties",
        "type",
        "enum",
        "minimum",
        "maximum",
        "pattern",
        "multipleOf",
        "oneOf",
        "uniqueItems",
        "not",
    ];
    let mut issues = Vec::new();
    for code in zod_codes {
        for (missing, nested, segment) in [
            (false, false, None),
            (true, false, None),
            (true, true, None),
            (false, true, None),
            (false, false, Some("status")),
        ] {
            issues.push(Issue::Zod { code, first_segment: segment, missing, nested });
        }
    }
    for keyword in ajv_keywords {
        for instance_path in ["", "/status", "/status/0"] {
            issues.push(Issue::Ajv { keyword, instance_path, missing_property: None });
        }
    }
    let c = seed();
    let mut reached = vec![false; ISSUE_MESSAGES.len()];
    for (issue, (_, _, phrase)) in issues.iter().zip(c.classify_issue_ids("list_bounties", &issues)) {
        let IssuePhrase::Fixed(phrase) = phrase else { panic!("no hints in the seed catalog") };
        assert_eq!(phrase, Phrase::of(issue));
        assert_eq!(ISSUE_MESSAGES[phrase as usize], issue_message(issue), "{issue:?}");
        reached[phrase as usize] = true;
    }
    assert!(reached.iter().all(|r| *r), "every phrase is reachable: {reached:?}");
}

#[test]
fn the_builder_makes_the_catalogs_the_struct_does() {
    let built = ErrorClassifier::new(
        Catalog::builder()
            .tools(["list_bounties", "get_bounty"])
            .fields(["limit", "status", "issue_number"])
            .field_messages(["must be at most 100", "must be a boolean"])
            .fieldless_messages(["unknown tool", "matches multiple bounties"])
            .build()
            .unwrap(),
    )
    .unwrap();
    let by_hand = seed();
    for (tool, message) in [
        ("list_bounties", "limit must be at most 100"),
        ("nope", "limit must be a boolean"),
        ("get_bounty", "status matches multiple bounties"),
        ("get_bounty", "unknown tool"),
        ("list_bounties", "limit  must be at most 100"),
    ] {
        assert_eq!(built.classify(tool, message), by_hand.classify(tool, message), "{tool} {message}");
    }
    let per = ErrorClassifier::new(
        Catalog::builder().tool("a", ["x"]).tool("b", ["y"]).field_messages_for("x", ["is bad"]).build().unwrap(),
    )
    .unwrap();
    assert!(per.classify("a", "x is bad").is_some());
    assert_eq!(per.classify("b", "x is bad"), None, "x is not a field of b");
    assert_eq!(per.classify("b", "y is bad"), None, "y does not pair with x's phrase");
    let mixed = Catalog::builder().tool("a", ["x"]).fields(["y"]).build().unwrap_err();
    assert_eq!((mixed.reason(), mixed.option().to_string().as_str()), ("invalid_value", "fields"));
    let mixed = Catalog::builder().field_messages(["p"]).field_messages_for("x", ["q"]).build().unwrap_err();
    assert_eq!((mixed.reason(), mixed.option().to_string().as_str()), ("invalid_value", "field_messages"));
    let many = Catalog::builder().tools((0..=MAX_CATALOG_ENTRIES).map(|i| format!("t{i}"))).build().unwrap_err();
    assert_eq!(many.option().to_string(), "tools");
}
