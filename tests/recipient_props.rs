//! Properties of recipient validation over random input.
#![cfg(not(target_arch = "wasm32"))]

use mcp_boundary::{
    validate_recipient, Recipient, RecipientOptions, RecipientValidator, SafeText, RENDITION_MAX_CHARS,
};
use proptest::prelude::*;

/// The shape of the contract, written independently of the library.
fn spec_shape(s: &str, max: usize) -> bool {
    s == "AGENT:*"
        || (s.starts_with('@')
            && (2..=max + 1).contains(&s.len())
            && s[1..].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
}

/// Inputs near the shapes, where the bugs are: prefixes, look-alikes,
/// white space, invisible characters, plus arbitrary strings.
fn recipient_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "@", "AGENT:", "AGENT:*", "*", "agent:", "neo", "-gpt", "_", " ", "\n", "\t", "\u{200b}", "\u{202e}", "＠",
        "\u{feff}", "é", "😀", "\u{0}", "\\", "x",
    ]);
    prop_oneof![
        prop::collection::vec(pieces, 0..8).prop_map(|v| v.concat()),
        any::<String>(),
        "[@A-Za-z0-9_:* -]{0,140}",
    ]
}

fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}' | '\u{2028}' | '\u{2029}')
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn accepts_exactly_the_shape(s in recipient_like()) {
        let result = validate_recipient(&s);
        prop_assert_eq!(result.is_ok(), spec_shape(&s, 128));
        match result {
            Ok(Recipient::Broadcast) => prop_assert_eq!(s.as_str(), "AGENT:*"),
            Ok(Recipient::Identity(id)) => prop_assert_eq!(format!("@{id}"), s),
            Err(_) => {}
        }
    }

    #[test]
    fn rejections_are_safe_and_bounded(s in recipient_like()) {
        if let Err(e) = validate_recipient(&s) {
            let to = e.to().as_str();
            prop_assert!(!to.chars().any(is_unsafe_char), "rendition {:?}", to);
            prop_assert!(to.chars().count() <= 2 + RENDITION_MAX_CHARS * 10, "bounded");
            prop_assert!(!e.message().chars().any(is_unsafe_char));
            if let Some(p) = e.position() {
                prop_assert!(p < s.encode_utf16().count());
            }
        }
    }

    #[test]
    fn strict_accepts_only_known_agents(s in "@[a-d]{1,3}", known in prop::collection::vec("@[a-d]{1,3}", 0..6)) {
        let v = RecipientValidator::new(RecipientOptions::default().known_agents(known.clone()).strict(true)).unwrap();
        let result = v.validate(&s);
        prop_assert_eq!(result.is_ok(), known.contains(&s));
        if let Err(e) = result {
            for suggestion in e.suggestions().unwrap() {
                prop_assert!(known.contains(suggestion), "suggestions come from knownAgents only");
            }
        }
    }

    #[test]
    fn rendition_never_panics_and_is_bounded(s in any::<String>()) {
        let r = SafeText::render(&s);
        prop_assert!(r.as_str().chars().filter(|c| *c != '…').count() <= RENDITION_MAX_CHARS * 10);
    }
}

#[test]
fn huge_input_is_linear_and_does_not_panic() {
    let big = format!("@{}", "x".repeat(1_000_000));
    assert_eq!(validate_recipient(&big).unwrap_err().reason().as_str(), "too_long");
    let ws = format!("@neo{}", " ".repeat(1_000_000));
    assert_eq!(validate_recipient(&ws).unwrap_err().reason().as_str(), "surrounding_whitespace");
}
