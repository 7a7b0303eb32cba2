//! The validator's own tests (the shared vectors are in tests/).

use super::rejection::{message_text, MessagePart, MESSAGE_TEXT};
use super::*;

#[test]
fn reasons_index_in_declaration_order() {
    for (i, r) in RejectionReason::ALL.iter().enumerate() {
        assert_eq!(r.index(), i, "{r:?}");
    }
}

#[test]
fn recipients_serialize_with_their_kind() {
    assert_eq!(serde_json::to_string(&Recipient::Broadcast).ok().as_deref(), Some(r#"{"kind":"broadcast"}"#));
    assert_eq!(
        serde_json::to_string(&Recipient::Identity("neo-gpt")).ok().as_deref(),
        Some(r#"{"kind":"identity","id":"neo-gpt"}"#)
    );
}

#[test]
fn message_parts_name_fixed_texts() {
    let texts: Vec<&str> = (0..MESSAGE_TEXT.len() + RejectionReason::ALL.len()).map(message_text).collect();
    assert_eq!(texts.len(), MESSAGE_TEXT.len() + RejectionReason::ALL.len());
    for (i, t) in texts.iter().enumerate() {
        assert!(!t.is_empty(), "text {i}");
        assert!(i >= MESSAGE_TEXT.len() || !texts[..i].contains(t), "text {i} repeats");
    }
    let e = validate_recipient("@neo gpt").unwrap_err();
    let parts: Vec<MessagePart> = e.message_parts().collect();
    assert_eq!(parts[1], MessagePart::To);
    assert_eq!(parts[parts.len() - 2], MessagePart::Number(4));
    assert!(e.message().ends_with(" (position 4)"), "{}", e.message());
}

fn reason(to: &str) -> (&'static str, Option<usize>) {
    let e = validate_recipient(to).unwrap_err();
    (e.reason().as_str(), e.position())
}

#[test]
fn accepts_the_two_shapes() {
    assert_eq!(validate_recipient("AGENT:*"), Ok(Recipient::Broadcast));
    assert_eq!(validate_recipient("@a"), Ok(Recipient::Identity("a")));
    assert_eq!(validate_recipient(&format!("@{}", "x".repeat(128))).map(|_| ()), Ok(()));
}

#[test]
fn reasons_in_spec_order() {
    assert_eq!(reason(""), ("empty", None));
    assert_eq!(reason("@"), ("empty", None));
    assert_eq!(reason(" @neo-gpt"), ("surrounding_whitespace", None));
    assert_eq!(reason("@neo-gpt\n"), ("surrounding_whitespace", None));
    assert_eq!(reason("AGENT:*\t"), ("surrounding_whitespace", None));
    assert_eq!(reason("BROADCAST:*"), ("wrong_broadcast_literal", None));
    assert_eq!(reason("agent:*"), ("wrong_broadcast_literal", None));
    assert_eq!(reason("AGENT: *"), ("wrong_broadcast_literal", None));
    assert_eq!(reason("AGENT:**"), ("wrong_broadcast_literal", None));
    assert_eq!(reason("AGENT:gpt"), ("agent_prefix_with_name", None));
    assert_eq!(reason("neo-gpt"), ("missing_at_prefix", None));
    assert_eq!(reason(&format!("@{}", "x".repeat(129))), ("too_long", None));
    assert_eq!(reason("@neo gpt"), ("invalid_characters", Some(4)));
    assert_eq!(reason("@@neo"), ("invalid_characters", Some(1)));
    assert_eq!(reason("＠neo"), ("invalid_characters", Some(0)));
    assert_eq!(reason("@neo\u{200b}"), ("invalid_characters", Some(4)));
    assert_eq!(reason("@😀x y"), ("invalid_characters", Some(1)));
    assert_eq!(reason("@ab\u{1F600} "), ("invalid_characters", Some(3)));
}

#[test]
fn position_counts_utf16_units() {
    let e = validate_recipient("@ab😀c d").unwrap_err();
    assert_eq!(e.position(), Some(3));
    let e = validate_recipient("😀@").unwrap_err();
    assert_eq!(e.position(), Some(0));
}

#[test]
fn strict_known_agents_and_pattern() {
    let v = RecipientValidator::new(RecipientOptions::default().known_agents(["@neo-gpt", "@neo-claude"]).strict(true))
        .unwrap();
    assert!(v.validate("@neo-gpt").is_ok());
    assert!(v.validate("AGENT:*").is_ok());
    let e = v.validate("@neo-gp").unwrap_err();
    assert_eq!((e.code(), e.reason().as_str()), ("UNKNOWN_RECIPIENT", "unknown_agent"));
    assert_eq!(e.suggestions(), Some(&["@neo-gpt".to_owned()][..]));
    let e = v.validate("AGENT:gpt").unwrap_err();
    assert_eq!(e.suggestions(), Some(&["@neo-gpt".to_owned()][..]));

    let p = RecipientValidator::new(RecipientOptions::default().identity_pattern("@neo-[a-z0-9-]+")).unwrap();
    assert!(p.validate("@neo-x1").is_ok());
    assert_eq!(p.validate("@trin").unwrap_err().reason(), RejectionReason::PatternMismatch);
    assert_eq!(p.validate("@xneo-a").unwrap_err().reason(), RejectionReason::PatternMismatch, "whole identity");
}

#[test]
fn bad_options_name_the_option() {
    let e = RecipientValidator::new(RecipientOptions::default().known_agents(["@ok", "nope"])).unwrap_err();
    assert_eq!(e.option().to_string(), "known_agents[1]");
    assert_eq!((e.option().name(), e.option().below()), ("known_agents", "[1]"), "a binding respells the name");
    assert!(!e.to_string().contains("nope"));
    let e = RecipientValidator::new(RecipientOptions::default().identity_pattern("(")).unwrap_err();
    assert_eq!(e.reason(), "invalid_pattern");
    let e = RecipientValidator::new(RecipientOptions::default().max_identifier_length(0)).unwrap_err();
    assert_eq!(e.reason(), "out_of_range");
    assert_eq!(e.to_string(), "Invalid option max_identifier_length: expected a whole number from 1 to 4096.");
    let upper = |name: &'static str| std::borrow::Cow::Owned(name.to_uppercase());
    assert_eq!(e.message_with(upper), "Invalid option MAX_IDENTIFIER_LENGTH: expected a whole number from 1 to 4096.");
    let e = RecipientValidator::new(RecipientOptions::default().strict(true)).unwrap_err();
    assert_eq!(e.option().to_string(), "strict");
    // The option the reason names is spelled as the one at fault is.
    assert_eq!(e.to_string(), "Invalid option strict: strict needs known_agents, the list to be strict about.");
    assert_eq!(e.message_with(upper), "Invalid option STRICT: strict needs KNOWN_AGENTS, the list to be strict about.");
    let e =
        RecipientValidator::new(RecipientOptions::default().identity_pattern("@a.*").known_agents(["@b"])).unwrap_err();
    assert_eq!(e.message_with(upper), "Invalid option KNOWN_AGENTS[0]: does not match IDENTITY_PATTERN.");
}

#[test]
fn message_never_holds_raw_controls() {
    let e = validate_recipient("@x\n\u{202e}evil").unwrap_err();
    let m = e.message();
    assert!(!m.contains('\n') && !m.contains('\u{202e}'));
    assert!(m.starts_with("Recipient '@x\\u{000A}\\u{202E}evil' does not match either valid shape."));
}
