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

/// The rejection as it was found before inputs could come in pieces: over
/// the whole input at once, by several passes (the oracle of
/// `rejections_in_pieces_are_the_whole_inputs`).
mod whole_input {
    use super::super::shape::{is_ident, shape};
    use super::super::{RecipientValidator, RejectionReason};
    use crate::nearest::{nearest, Query};
    use crate::safe_text::{is_js_whitespace, SafeText};

    fn trim_js(units: &[u16]) -> &[u16] {
        let start = units.iter().position(|&u| !is_js_whitespace(u)).unwrap_or(units.len());
        let end = units.iter().rposition(|&u| !is_js_whitespace(u)).map_or(start, |i| i + 1);
        &units[start..end]
    }

    fn diagnose(s: &[u16], max_len: usize) -> (RejectionReason, Option<usize>, Option<usize>) {
        const AT: u16 = b'@' as u16;
        if s.is_empty() || s == [AT] {
            return (RejectionReason::Empty, None, None);
        }
        let trimmed = trim_js(s);
        if trimmed.len() != s.len() && shape(trimmed, max_len).is_some() {
            return (RejectionReason::SurroundingWhitespace, None, None);
        }
        if s.contains(&u16::from(b'*')) {
            return (RejectionReason::WrongBroadcastLiteral, None, None);
        }
        if s.len() >= 6
            && s[..6].iter().zip(b"AGENT:").all(|(u, b)| u8::try_from(*u).is_ok_and(|c| c.eq_ignore_ascii_case(b)))
        {
            return (RejectionReason::AgentPrefixWithName, None, None);
        }
        if s[0] != AT {
            if s.len() <= max_len && s.iter().all(|u| is_ident(*u)) {
                return (RejectionReason::MissingAtPrefix, None, None);
            }
            return (RejectionReason::InvalidCharacters, Some(0), None);
        }
        match s[1..].iter().position(|u| !is_ident(*u)) {
            Some(i) => (RejectionReason::InvalidCharacters, Some(i + 1), None),
            None => (RejectionReason::TooLong, None, Some(max_len)),
        }
    }

    /// `(reason, position, limit, rendition, suggestions)` of a rejected input.
    pub(super) type Seen = (RejectionReason, Option<usize>, Option<usize>, String, Option<Vec<String>>);

    pub(super) fn reject(v: &RecipientValidator, units: &[u16], known: &[&str]) -> Seen {
        let (reason, position, limit) = if shape(units, v.max_len).is_some() {
            (RejectionReason::UnknownAgent, None, None)
        } else {
            diagnose(units, v.max_len)
        };
        let suggestions = v.suggestions_from().map(|_| {
            let text = String::from_utf16_lossy(trim_js(units));
            let query = text.get(..6).filter(|h| h.eq_ignore_ascii_case("AGENT:")).map_or(&*text, |_| &text[6..]);
            let keys: Vec<Vec<u8>> = known.iter().map(|k| crate::nearest::normalize(&k[1..])).collect();
            let candidates = keys.iter().map(Vec::as_slice).zip(known.iter().copied());
            let mut q = Query::new(2 * v.max_len);
            q.feed(query.encode_utf16());
            nearest(&q, candidates, 3).into_iter().map(str::to_owned).collect()
        });
        (reason, position, limit, SafeText::render_utf16(units).as_str().to_owned(), suggestions)
    }
}

#[test]
fn rejections_in_pieces_are_the_whole_inputs() {
    // Inputs near and far past every bound: white space around a valid
    // core, a `*` or a bad character deep inside, an `AGENT:` prefix, lone
    // surrogates and astral characters at the rendition's edge, queries
    // near the suggestions' bound.
    let parts: [&[u16]; 14] = [
        &[0x40],
        &[0x61],
        &[0x61, 0x62, 0x2d],
        &[0x20],
        &[0x3000],
        &[0xfeff],
        &[0x2a],
        &[0x21],
        &[0xd800],
        &[0xd83d, 0xde00],
        &[0x41, 0x47, 0x45, 0x4e, 0x54, 0x3a],
        &[0x6e, 0x65, 0x6f, 0x2d, 0x67, 0x70, 0x74],
        &[0x200b],
        &[0x5f],
    ];
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        usize::try_from(seed % n as u64).unwrap_or(0)
    };
    let known = ["@neo-gpt", "@neo-claude", "@morpheus"];
    for max_len in [1, 4, 7, 9, 128] {
        let plain = RecipientValidator::new(RecipientOptions::default().max_identifier_length(max_len)).unwrap();
        let names: Vec<&str> = known.into_iter().filter(|k| k.len() <= max_len + 1).collect();
        let agents: Vec<String> = names.iter().map(|k| (*k).to_owned()).collect();
        let options = RecipientOptions::default().max_identifier_length(max_len).known_agents(agents);
        let suggesting = RecipientValidator::new(options).unwrap();
        // Queries at the suggestions' bound, then random ones.
        let fixed = ["AGENT:neo-gptx", "AGENT:neo-gptneo", " agent:neo-gpt!", "AGENT:neo-gptneo-g", "neo-gpt!!"];
        for i in 0..3000 {
            let mut units: Vec<u16> = fixed.get(i).map(|f| f.encode_utf16().collect()).unwrap_or_default();
            // A run of one part, then a few parts, up to far past the bounds.
            for _ in 0..if i < fixed.len() { 0 } else { next(6) } {
                let part = parts[next(parts.len())];
                for _ in 0..[1, 1, 2, 30, 70, 300][next(6)] {
                    units.extend_from_slice(part);
                }
            }
            for (v, names) in [(&plain, &[][..]), (&suggesting, &names[..])] {
                if v.verdict(&units).is_some() {
                    continue;
                }
                let expected = whole_input::reject(v, &units, names);
                let fields = |e: RecipientError| -> whole_input::Seen {
                    (
                        e.reason(),
                        e.position(),
                        e.limit(),
                        e.to().as_str().to_owned(),
                        e.suggestions().map(<[String]>::to_vec),
                    )
                };
                assert_eq!(fields(v.reject_utf16(&units)), expected, "{units:x?}");
                // In pieces of any sizes, as the wasm binding feeds them.
                let mut d = v.diagnosis();
                let mut at = 0;
                while at < units.len() {
                    let end = (at + 1 + next(40)).min(units.len());
                    d.feed(units[at..end].iter().copied());
                    at = end;
                }
                assert_eq!(fields(v.reject_diagnosed(&d)), expected, "in pieces: {units:x?}");
            }
        }
    }
}
