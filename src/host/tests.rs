//! The host rules against SPEC §6–§7 and docs/REFERENCE.md, with the
//! expected answers written out (never computed by the code under test).

use super::texts::ReportLine;
use super::*;
use crate::error::BoundaryError;
use crate::tool_name::{BuiltinProfile, Profile};

fn profile(p: BuiltinProfile) -> Profile {
    Profile::builtin(p)
}

#[test]
fn server_names_follow_the_rule() {
    let openai = profile(BuiltinProfile::OpenAi);
    // The shape: not empty, no `/`, no `__`, not ending in `_`.
    for name in ["github", "a", "git_hub", "git-hub", "_github", "a_b_c", "GitHub2"] {
        assert_eq!(check_server_name(name, &openai), Ok(()), "{name}");
    }
    for name in ["", "a/b", "/", "a__b", "__", "a_", "_", "github/", "x__"] {
        assert_eq!(check_server_name(name, &openai).unwrap_err().reason(), RouterReason::InvalidServerName, "{name}");
    }
}

#[test]
fn a_server_name_leaves_eleven_characters_to_spare() {
    // openai and bedrock allow 64 characters, anthropic and mcp 128: a name
    // of 53 (117) fits with `__` and a hash suffix after it, 54 (118) not.
    for (p, max) in [
        (BuiltinProfile::OpenAi, 64),
        (BuiltinProfile::Bedrock, 64),
        (BuiltinProfile::Gemini, 64),
        (BuiltinProfile::Portable, 64),
        (BuiltinProfile::Anthropic, 128),
        (BuiltinProfile::Mcp, 128),
    ] {
        let p = profile(p);
        assert_eq!(check_server_name(&"s".repeat(max - 11), &p), Ok(()));
        assert!(check_server_name(&"s".repeat(max - 10), &p).is_err());
    }
    assert_eq!(SERVER_NAME_ROOM, 11);
}

#[test]
fn a_server_name_is_shown_as_it_is_under_the_profile() {
    // `.` only under mcp and gemini (which also allows `:`), a first
    // character other than a letter or `_` not under gemini and portable,
    // nothing outside ASCII under any built-in profile.
    let cases: [(&str, [bool; 6]); 6] = [
        // anthropic, openai, gemini, bedrock, mcp, portable
        ("x.y", [false, false, true, false, true, false]),
        ("x:y", [false, false, true, false, false, false]),
        ("1x", [true, true, false, true, true, false]),
        ("-x", [true, true, false, true, true, false]),
        ("héllo", [false; 6]),
        ("a b", [false; 6]),
    ];
    for (name, fits) in cases {
        for (p, fits) in BuiltinProfile::ALL.into_iter().zip(fits) {
            assert_eq!(check_server_name(name, &profile(p)).is_ok(), fits, "{name} under {}", p.name());
        }
    }
}

#[test]
fn a_refused_server_name_is_an_invalid_argument_that_does_not_echo_it() {
    let e = check_server_name("evil__MARK\n", &Profile::default()).unwrap_err();
    assert_eq!((e.code().as_str(), e.reason().as_str()), ("INVALID_ARGUMENT", "invalid_server_name"));
    assert!(!e.to_string().contains("MARK"));
    assert!(e.to_string().contains(&format!("{SERVER_NAME_ROOM} characters to spare")));
    assert_eq!(e.limit(), None);
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        serde_json::json!({ "code": "INVALID_ARGUMENT", "reason": "invalid_server_name", "message": e.to_string() })
    );
}

#[test]
fn a_listing_ends_without_a_cursor() {
    let mut l = ToolListing::new();
    assert_eq!(l.page(2, Some("a")), Ok(true));
    assert_eq!(l.page(3, Some("b")), Ok(true));
    assert_eq!(l.page(0, Some("")), Ok(false), "an empty cursor ends the list");
    assert_eq!(l.tools(), 5);
    assert_eq!(ToolListing::new().page(0, None), Ok(false));
}

#[test]
fn a_listing_refuses_a_cursor_handed_back_again() {
    let mut l = ToolListing::new();
    assert_eq!(l.page(1, Some("a")), Ok(true));
    assert_eq!(l.page(1, Some("b")), Ok(true));
    let e = l.page(1, Some("a")).unwrap_err();
    assert_eq!((e.code().as_str(), e.reason().as_str(), e.limit()), ("TOOL_LIST_REFUSED", "repeated_cursor", None));
    // The same cursor twice in a row, too.
    let mut l = ToolListing::new();
    assert_eq!(l.page(1, Some("same")), Ok(true));
    assert_eq!(l.page(1, Some("same")).unwrap_err().reason(), RouterReason::RepeatedCursor);
}

#[test]
fn a_listing_takes_1000_pages_and_no_more() {
    assert_eq!(MAX_LIST_PAGES, 1000);
    let mut l = ToolListing::new();
    for page in 1..1000 {
        assert_eq!(l.page(1, Some(&page.to_string())), Ok(true), "page {page}");
    }
    assert_eq!(ToolListing::clone(&l).page(1, None), Ok(false), "page 1000 may be the last");
    let e = l.page(1, Some("1000")).unwrap_err();
    assert_eq!((e.reason().as_str(), e.limit()), ("too_many_pages", Some(1000)));
    assert_eq!(l.page(0, None), Err(e), "refused for good");
    assert_eq!(BoundaryError::details(&e), vec![("limit", crate::error::Detail::Number(1000))]);
    assert_eq!(e.to_string(), "the server's tools/list has more than 1000 pages: none of that list is taken");
}

#[test]
fn a_listing_takes_2_pow_20_tools_and_no_more() {
    assert_eq!(MAX_LISTED_TOOLS, 1_048_576);
    let mut l = ToolListing::new();
    assert_eq!(l.page(1_048_575, Some("a")), Ok(true));
    assert_eq!(ToolListing::clone(&l).page(1, None), Ok(false));
    let e = l.page(2, None).unwrap_err();
    assert_eq!((e.reason().as_str(), e.limit()), ("too_many_tools", Some(1_048_576)));
    // One page of more, before its cursor is looked at.
    assert_eq!(ToolListing::new().page(usize::MAX, Some("x")).unwrap_err().reason(), RouterReason::TooManyTools);
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        serde_json::json!({ "code": "TOOL_LIST_REFUSED", "reason": "too_many_tools", "limit": 1_048_576,
            "message": "the server's tools/list has more than 1048576 tools: none of that list is taken" })
    );
}

#[test]
fn codes_and_reasons_are_named_once() {
    let reasons: Vec<_> = RouterReason::ALL.map(RouterReason::as_str).into();
    assert_eq!(reasons, ["wrong_type", "invalid_server_name", "repeated_cursor", "too_many_pages", "too_many_tools"]);
    for r in RouterReason::ALL {
        assert_eq!(r.as_str().parse(), Ok(r));
    }
    for c in RouterCode::ALL {
        assert_eq!(c.as_str().parse(), Ok(c));
    }
    assert!("TooManyPages".parse::<RouterReason>().is_err());
    assert!("tool_list_refused".parse::<RouterCode>().is_err());
    let listed: Vec<_> = RouterCode::ToolListRefused.reasons().map(RouterReason::as_str).collect();
    assert_eq!(listed, ["repeated_cursor", "too_many_pages", "too_many_tools"]);
    let arguments: Vec<_> = RouterCode::InvalidArgument.reasons().map(RouterReason::as_str).collect();
    assert_eq!(arguments, ["wrong_type", "invalid_server_name"]);
    // The argument code and reason are the binding's ArgumentError's (SPEC: INVALID_ARGUMENT, wrong_type).
    assert_eq!(RouterCode::InvalidArgument.as_str(), "INVALID_ARGUMENT");
    assert_eq!(RouterReason::WrongType.as_str(), "wrong_type");
}

#[test]
fn a_refused_server_name_says_the_rule_in_rust_words() {
    let e = check_server_name("a__b", &Profile::default()).unwrap_err();
    assert_eq!((e.code(), e.reason()), (RouterCode::InvalidArgument, RouterReason::InvalidServerName));
    assert_eq!(
        e.to_string(),
        "a server name is a string that is not empty, contains neither '/' nor '__', does not end in '_', and is shown as it is under the router's profile with 11 characters to spare (for '__' and a hash suffix)"
    );
}

#[test]
fn report_lines_fill_their_slots_in_order() {
    assert_eq!(ReportLine::Hashed.render(&["a", "b", "c"]), "  hashed  a -> b  (c)");
    assert_eq!(ReportLine::Fits.render(&["a"]), "  ok      a -> ", "a slot without a value stays empty");
    assert_eq!(ReportLine::ProfileHeading.render(&["openai", "x"]), "openai:", "a value without a slot is left out");
    assert_eq!(ReportLine::HostNames.render(&["gh"]), "names as a host sees them: gh/<tool>");
    assert_eq!(ReportLine::Refused.render(&["{}", "b"]), "  refused {}  (b)", "a value is never a template");
    assert_eq!(ReportLine::Collision.render(&["c"]), "  collision: c");
}

#[test]
fn check_tools_finds_plain_hashed_and_refused_aliases() {
    use crate::tool_name::BuiltinProfile::{Gemini, OpenAi};
    let check = check_tool_names(&["create_issue", "a.b", "x".repeat(60).as_str()], "github", &[OpenAi, Gemini]);
    let fits: Vec<Vec<&str>> = check
        .profiles
        .iter()
        .map(|p| {
            p.tools
                .iter()
                .map(|t| match &t.fit {
                    ToolFit::Fits { .. } => "fits",
                    ToolFit::Hashed { .. } => "hashed",
                    ToolFit::Refused { .. } => "refused",
                })
                .collect()
        })
        .collect();
    // `.` only under gemini; 6 + 2 + 60 characters are more than 64 under both.
    assert_eq!(fits, [["fits", "hashed", "hashed"], ["fits", "fits", "hashed"]]);
    assert!(matches!(&check.profiles[0].tools[0].fit, ToolFit::Fits { alias } if alias == "github__create_issue"));
    assert_eq!(check.profiles[1].tools[1].name, "github/a.b");
    match &check.profiles[0].tools[1].fit {
        ToolFit::Hashed { alias, error } => {
            assert!(alias.starts_with("github__a_b_") && alias.len() == "github__a_b_".len() + 8, "{alias}");
            assert_eq!(error.reason().as_str(), "invalid_character");
        }
        other => panic!("{other:?}"),
    }
    assert!(!check.ok());
    assert!(check_tool_names(&["create_issue"], "github", &[OpenAi, Gemini]).ok());
}

#[test]
fn check_tools_refuses_what_no_alias_stands_for_and_reports_collisions() {
    use crate::tool_name::BuiltinProfile::OpenAi;
    let check = check_tool_names(&["", "a__b", "a/b", "ok"], "", &[OpenAi]);
    let p = &check.profiles[0];
    assert!(matches!(&p.tools[0].fit, ToolFit::Refused { error } if error.reason().as_str() == "empty"));
    assert_eq!(p.collisions.len(), 1);
    assert_eq!(p.collisions[0].tool, 2, "the later of two with one alias");
    assert_eq!(p.collisions[0].error.code(), "TOOL_NAME_COLLISION");
    assert!(!check.ok());
    // A lone surrogate (a binding's string) is refused under every profile, never hashed.
    let lone = super::check_tools::check_tool_units(&[vec![0x61, 0xD800]], &[], &BuiltinProfile::ALL);
    for p in &lone.profiles {
        assert!(
            matches!(&p.tools[0].fit, ToolFit::Refused { error } if error.reason().as_str() == "invalid_character")
        );
    }
    assert!(lone.text().contains("  refused a\\u{D800}  ("), "{}", lone.text());
}

#[test]
fn check_tools_text_and_json_reports() {
    use crate::tool_name::BuiltinProfile::OpenAi;
    let check = check_tool_names(&["send", "evil\n  ok      x -> x", "x"], "srv\u{1b}", &[OpenAi]);
    let text = check.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "names as a host sees them: srv\\u{001B}/<tool>");
    assert_eq!(lines[1], "openai:");
    assert!(lines[2].starts_with("  hashed  srv\\u{001B}/send -> srv___send_"), "{}", lines[2]);
    assert!(
        lines[3].starts_with("  hashed  srv\\u{001B}/evil\\u{000A}  ok      x -> x -> srv___evil_"),
        "{}",
        lines[3]
    );
    assert_eq!(lines.len(), 5, "one line a tool: a name forges none");
    let plain = check_tool_names(&["a", "b"], "", &[OpenAi]);
    assert_eq!(plain.text(), "openai:\n  ok      a -> a\n  ok      b -> b");
    assert_eq!(
        serde_json::to_value(&plain).unwrap(),
        serde_json::from_str::<serde_json::Value>(&plain.json()).unwrap()
    );
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&plain.json()).unwrap(),
        serde_json::json!({ "prefix": "", "ok": true, "profiles": { "openai": {
            "tools": [{ "name": "a", "alias": "a", "fits": true }, { "name": "b", "alias": "b", "fits": true }],
            "collisions": [] } } })
    );
    let refused: serde_json::Value =
        serde_json::from_str(&check_tool_names(&["a/", "a__b", "a/b"], "", &[OpenAi]).json()).unwrap();
    let tools = &refused["profiles"]["openai"]["tools"];
    assert_eq!(tools[0]["alias"], serde_json::Value::Null);
    assert_eq!((tools[0]["fits"].as_bool(), tools[0]["reason"].as_str()), (Some(false), Some("empty_segment")));
    assert_eq!(refused["profiles"]["openai"]["collisions"][0]["name"], "a/b");
    assert_eq!(refused["ok"], false);
}

#[test]
fn shown_escapes_all_but_printable_ascii() {
    let units = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
    assert_eq!(super::check_tools::shown(&units("a b~")), "a b~");
    assert_eq!(
        super::check_tools::shown(&units("a\\b\n\u{1b}é\u{1f600}")),
        "a\\\\b\\u{000A}\\u{001B}\\u{00E9}\\u{1F600}"
    );
    assert_eq!(super::check_tools::shown(&[0x61, 0xDC00]), "a\\u{DC00}");
}

#[test]
fn check_tools_json_is_printable_ascii_and_exact() {
    use crate::tool_name::BuiltinProfile::OpenAi;
    // As JSON.stringify(report, null, 2) writes it, every code unit past `~` as \uXXXX.
    let plain = check_tool_names(&["a"], "", &[OpenAi]).json();
    assert_eq!(
        plain,
        "{\n  \"prefix\": \"\",\n  \"profiles\": {\n    \"openai\": {\n      \"tools\": [\n        {\n          \"name\": \"a\",\n          \"alias\": \"a\",\n          \"fits\": true\n        }\n      ],\n      \"collisions\": []\n    }\n  },\n  \"ok\": true\n}"
    );
    let names: Vec<Vec<u16>> =
        ["q\"\\\n\u{7f}\u{9b}é\u{1f600}", "x\u{2028}"].iter().map(|n| n.encode_utf16().collect()).collect();
    let mut with_lone = names.clone();
    with_lone.push(vec![0x6c, 0xD800]);
    let json = super::check_tools::check_tool_units(&with_lone, &[0x73, 0x9b], &[OpenAi]).json();
    assert!(json.bytes().all(|b| b == b'\n' || (b' '..=b'~').contains(&b)), "{json}");
    assert!(json.contains(r#""name": "s\u009b/q\"\\\n\u007f\u009b\u00e9\ud83d\ude00""#), "{json}");
    assert!(json.contains(r#""name": "s\u009b/l\ud800""#), "{json}");
    assert!(json.contains(r#""prefix": "s\u009b""#), "{json}");
    let parsed: serde_json::Value =
        serde_json::from_str(&super::check_tools::check_tool_units(&names, &[], &[OpenAi]).json()).unwrap();
    assert_eq!(parsed["profiles"]["openai"]["tools"][0]["name"], "q\"\\\n\u{7f}\u{9b}é\u{1f600}");
    assert_eq!(parsed["profiles"]["openai"]["tools"][1]["name"], "x\u{2028}");
}
