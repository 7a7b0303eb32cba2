//! A seeded random driver for every public entry point: random and hostile
//! input (every code point class, lone surrogates, huge and empty strings,
//! edge options), checking that nothing panics and that the promises hold:
//! no echo outside the safe renditions, aliases that satisfy their profile,
//! registries that map both ways and never share an alias, bounded work.
//!
//! `make test` runs a small budget; `make fuzz` a long one
//! (`FUZZ_ITERATIONS`, per entry point; `FUZZ_SEED` to replay a run).
#![cfg(not(target_arch = "wasm32"))]

use mcp_boundary::{
    broadcast_audience, error_text, is_utc_timestamp, issue_message, list_unread, mark_read, name_hash, plan_delivery,
    read_state, records_from_json, to_llm_facing_name, try_reverse_to_canonical, unread_count, validate_recipient,
    AgentEntry, BuiltinProfile, Catalog, ErrorClassifier, FieldPhrases, Format, Issue, Overflow, Profile,
    RecipientOptions, RecipientValidator, SafeText, SseRewriter, StreamCalls, ToolFields, ToolRegistry,
    RENDITION_MAX_CHARS,
};
use serde_json::{json, Value};
use std::collections::HashMap;

/// xorshift64*: small, seeded, good enough to spread inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n.max(1) as u64).unwrap_or(0)
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, list: &'a [T]) -> &'a T {
        &list[self.below(list.len())]
    }
    /// A string of pieces that sit on the rules' edges, plus any code point.
    fn text(&mut self, max: usize) -> String {
        const PIECES: &[&str] = &[
            "@", "AGENT:", "AGENT:*", "*", "/", "__", "_", "-", ".", " ", "\t", "\n", "\u{0}", "\u{7f}", "\u{200b}",
            "\u{202e}", "\u{feff}", "\u{fffd}", "é", "😀", "neo", "gpt", "a", "Z", "9", "tool", "srv", "'", "\\",
        ];
        let n = self.below(max + 1);
        let mut s = String::new();
        for _ in 0..n {
            if self.chance(15) {
                let c = char::from_u32(u32::try_from(self.below(0x11_0000)).unwrap_or(0)).unwrap_or('?');
                s.push(c);
            } else {
                s.push_str(PIECES[self.below(PIECES.len())]);
            }
        }
        if self.chance(3) {
            s.push_str(&"x".repeat(self.below(5000)));
        }
        s
    }
    /// A plain name: `[a-z_]{1,12}`, which every profile is likely to take.
    fn word(&mut self) -> String {
        (0..=self.below(12)).map(|_| *self.pick(&['a', 'b', 'z', '_', 'q'])).collect()
    }
    /// UTF-16 units: a string's, sometimes with a lone surrogate in it.
    fn units(&mut self, max: usize) -> Vec<u16> {
        let mut u: Vec<u16> = self.text(max).encode_utf16().collect();
        if self.chance(20) {
            let at = self.below(u.len() + 1);
            u.insert(at, 0xd800 + u16::try_from(self.below(0x800)).unwrap_or(0));
        }
        u
    }
}

fn iterations() -> usize {
    std::env::var("FUZZ_ITERATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000)
}

fn rng(target: u64) -> Rng {
    let seed = std::env::var("FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5eed_f022);
    Rng(seed ^ target.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
}

/// A marker that random input may carry; no output may echo it unless the
/// output is a safe rendition (which escapes and bounds it).
const MARKER: &str = "ZQXJ";

/// SPEC 3.1's table for a built-in profile (`None` for a custom one): the
/// characters, the length and the first character, checked here on their
/// own rather than by the profile under test.
fn spec_accepts(alias: &str, profile: &str) -> Option<bool> {
    let base = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let (extra, max, letter_first): (&[char], usize, bool) = match profile {
        "anthropic" => (&[], 128, false),
        "openai" | "bedrock" => (&[], 64, false),
        "gemini" => (&['.', ':'], 64, true),
        "mcp" => (&['.'], 128, false),
        "portable" => (&[], 64, true),
        _ => return None,
    };
    let first_ok = !letter_first || alias.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    let n = alias.chars().count();
    Some((1..=max).contains(&n) && first_ok && alias.chars().all(|c| base(c) || extra.contains(&c)))
}

/// SPEC 1.1: `AGENT:*` byte for byte, or `@` and 1..=`max` characters of `[A-Za-z0-9_-]`.
fn shape_valid(to: &str, max: usize) -> bool {
    if to == "AGENT:*" {
        return true;
    }
    let Some(id) = to.strip_prefix('@') else { return false };
    let n = id.chars().count();
    (1..=max).contains(&n) && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

#[test]
fn recipients() {
    let mut r = rng(1);
    for _ in 0..iterations() {
        let mut options = RecipientOptions::default();
        if r.chance(50) {
            let agents: Vec<String> =
                (0..r.below(6)).map(|i| format!("@agent-{i}{}", "n".repeat(r.below(40)))).collect();
            options = options.known_agents(agents).strict(r.chance(30));
        }
        if r.chance(30) {
            options = options.identity_pattern(
                r.pick(&["@[a-z0-9-]+", "@(neo|agent)-.*", "(", "(?:a{1,100}){1,100}", "@.{1,8}"]).to_string(),
            );
        }
        let mut max = 128; // SPEC 1.1's default
        if r.chance(30) {
            max = r.below(5000);
            options = options.max_identifier_length(max);
        }
        let Ok(v) = RecipientValidator::new(options) else { continue };
        for _ in 0..4 {
            let to = String::from_utf16_lossy(&r.units(12));
            assert_eq!(validate_recipient(&to).is_ok(), shape_valid(&to, 128), "the default shape: {to:?}");
            match v.validate(&to) {
                // The oracle is SPEC 1.1's shape, checked here on its own:
                // options only ever narrow it.
                Ok(_) => assert!(shape_valid(&to, max), "accepted outside the shape: {to:?}"),
                Err(rejection) => {
                    let shown = rejection.to().as_str();
                    assert!(shown.chars().count() <= RENDITION_MAX_CHARS * 12 + 8, "a rendition is bounded");
                    assert!(!rejection.message().chars().any(char::is_control), "no raw control in a message");
                    assert!(rejection.suggestions().unwrap_or_default().len() <= 3);
                }
            }
            let _ = v.reject_non_string(["number", "object"][r.below(2)]);
        }
    }
}

fn profile(r: &mut Rng) -> Profile {
    if r.chance(70) {
        return Profile::builtin(*r.pick(&BuiltinProfile::ALL));
    }
    let allowed = r.pick(&["[a-z]", "[a-z_]", "[A-Za-z0-9_-]", "[a-zé😀_/]", "[_]", "[^x]", "["]);
    let first = if r.chance(50) { Some(*r.pick(&["[a-z]", "[_]", "[0-9]"])) } else { None };
    Profile::custom(1 + r.below(130), allowed, first).unwrap_or_default()
}

#[test]
fn tool_names_and_registries() {
    let mut r = rng(2);
    for _ in 0..iterations() {
        let p = profile(&mut r);
        let overflow = if r.chance(50) { Overflow::Hash } else { Overflow::Error };
        let mut registry = ToolRegistry::new(p.clone(), overflow);
        for _ in 0..6 {
            let name = match r.below(3) {
                0 => format!("{}/{}", r.text(3), r.text(6)),
                1 => format!("{}/{}", r.word(), r.word()),
                _ => r.text(8),
            };
            let _ = name_hash(&name);
            let _ = try_reverse_to_canonical(&name);
            if let Ok(alias) = to_llm_facing_name(&name, &p, overflow) {
                assert!(p.accepts(&alias), "{alias:?} does not satisfy its own profile");
                assert_ne!(spec_accepts(&alias, p.name()), Some(false), "{alias:?} breaks SPEC 3.1's {}", p.name());
                if alias != name.replace('/', "__") {
                    // Not the plain form: a hashed alias (SPEC 3.2), only with overflow "hash", ending `_` and 8 hex digits.
                    assert_eq!(overflow, Overflow::Hash, "{name:?} changed into {alias:?} without hashing");
                    let tail = alias.get(alias.len().saturating_sub(9)..).unwrap_or_default();
                    let hex = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
                    assert!(tail.starts_with('_') && tail[1..].bytes().all(hex), "{alias:?}");
                }
            }
            let before: Vec<(String, String)> =
                registry.entries().map(|e| (e.canonical.to_owned(), e.alias.to_owned())).collect();
            let result = if r.chance(30) {
                let tools: Vec<String> =
                    (0..r.below(4)).map(|_| if r.chance(50) { r.word() } else { r.text(5) }).collect();
                let server = if r.chance(50) { r.word() } else { r.text(3) };
                registry.register_server(&server, &tools).map(|_| ())
            } else {
                registry.register(&name).map(|_| ())
            };
            if result.is_err() {
                let after: Vec<(String, String)> =
                    registry.entries().map(|e| (e.canonical.to_owned(), e.alias.to_owned())).collect();
                assert_eq!(before.len(), after.len(), "a refused registration registers nothing");
            }
            if r.chance(10) {
                let _ = registry.unregister(&name);
            }
            if r.chance(5) {
                let _ = registry.unregister_server(&r.word());
            }
            if r.chance(20) {
                let tools: Vec<String> = (0..r.below(4)).map(|_| r.word()).collect();
                let _ = registry.register_server_skipping(&r.word(), &tools);
            }
            let _ = registry.override_keys(&name);
            let overrides: std::collections::HashMap<String, usize> = [(name.clone(), 1), (r.word(), 2)].into();
            let _ = registry.lookup_override(&overrides, &name);
        }
        let mut aliases = std::collections::HashSet::new();
        for e in registry.entries() {
            let (canonical, alias) = (e.canonical, e.alias);
            assert!(aliases.insert(alias.to_owned()), "two names share {alias:?}");
            assert_ne!(spec_accepts(alias, registry.profile().name()), Some(false), "{alias:?}");
            if !e.hashed {
                assert_eq!(alias, canonical.replace('/', "__"), "a plain alias is the canonical name with / as __");
            }
            assert_eq!(registry.to_canonical(alias), Some(canonical));
            assert_eq!(registry.to_llm_facing(canonical), Some(alias));
            assert!(registry.profile().accepts(alias));
        }
    }
}

/// A random payload tree whose names are all `names`.
fn tree(r: &mut Rng, names: &[String], depth: usize) -> Value {
    const KEYS: &[&str] = &[
        "tools",
        "tool_choice",
        "messages",
        "content",
        "type",
        "name",
        "function",
        "tool_calls",
        "choices",
        "message",
        "delta",
        "input",
        "output",
        "item",
        "content_block",
        "functionDeclarations",
        "toolConfig",
        "functionCallingConfig",
        "allowedFunctionNames",
        "contents",
        "parts",
        "functionCall",
        "candidates",
    ];
    const TYPES: &[&str] = &["tool", "tool_use", "function", "function_call", "text"];
    if depth == 0 || r.chance(20) {
        return match r.below(4) {
            0 => json!(r.pick(names)),
            1 => json!(r.pick(TYPES)),
            2 => json!(r.text(4)),
            _ => json!(r.below(10)),
        };
    }
    if r.chance(35) {
        return Value::Array((0..r.below(4)).map(|_| tree(r, names, depth - 1)).collect());
    }
    let mut o = serde_json::Map::new();
    for _ in 0..=r.below(4) {
        o.insert((*r.pick(KEYS)).to_owned(), tree(r, names, depth - 1));
    }
    Value::Object(o)
}

#[test]
fn payload_rewriting() {
    let mut r = rng(3);
    let mut registry = ToolRegistry::new(Profile::default(), Overflow::Hash);
    let names: Vec<String> = (0..8).map(|i| format!("srv{i}/tool_{i}")).collect();
    for n in &names {
        registry.register(n).unwrap();
    }
    for _ in 0..iterations() {
        let payload = tree(&mut r, &names, 7);
        for format in Format::ALL {
            let out = registry.to_provider(&payload, format);
            // Every name placed was a registered canonical name, so the round trip is exact.
            assert_eq!(registry.from_provider(&out, format), payload, "{format:?}");
        }
    }
}

/// A stream event of `format` naming a call (ids, names and slots from
/// small pools, so calls meet, reuse slots and reuse ids), or an event
/// that ends a scope, or a random tree.
fn stream_event(r: &mut Rng, format: Format, names: &[String]) -> Value {
    let id = format!("id{}", r.below(6));
    let name = if r.chance(85) { r.pick(names).clone() } else { r.text(6) };
    let index = r.below(3);
    let maybe = |r: &mut Rng, v: Value| if r.chance(75) { v } else { Value::Null };
    match (format, r.below(4)) {
        (_, 3) => tree(r, names, 5),
        (Format::Anthropic, 0) => json!({"type": "content_block_start", "index": index,
            "content_block": {"type": "tool_use", "id": maybe(r, json!(id)), "name": maybe(r, json!(name)), "input": {}}}),
        (Format::Anthropic, 1) => json!({"type": "content_block_stop", "index": index}),
        (Format::Anthropic, _) => json!({"type": *r.pick(&["message_start", "message_stop", "message_delta"])}),
        (Format::OpenAiChat, 0 | 1) => {
            json!({"id": format!("c{}", r.below(2)), "choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": index, "id": maybe(r, json!(id)), "function": {"name": maybe(r, json!(name)), "arguments": "{}"}}]}}]})
        }
        (Format::OpenAiChat, _) => {
            json!({"id": "c0", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
        }
        (Format::OpenAiResponses, 0) => json!({"type": "response.output_item.added", "output_index": index,
            "item": {"type": "function_call", "id": format!("item{}", r.below(6)), "call_id": maybe(r, json!(id)), "name": name}}),
        (Format::OpenAiResponses, 1) => json!({"type": "response.function_call_arguments.done", "output_index": index,
            "item_id": format!("item{}", r.below(6)), "name": name, "arguments": "{}"}),
        (Format::OpenAiResponses, _) => {
            json!({"type": *r.pick(&["response.created", "response.done", "response.output_item.done"]), "output_index": index})
        }
        (Format::Gemini, _) => {
            json!({"candidates": [{"content": {"parts": [{"functionCall": {"id": id, "name": name, "args": {}}}]}}]})
        }
        (Format::BedrockConverse, 0 | 1) => json!({"contentBlockStart": {"contentBlockIndex": index,
            "start": {"toolUse": {"toolUseId": id, "name": name}}}}),
        (Format::BedrockConverse, _) => json!({"contentBlockStop": {"contentBlockIndex": index}}),
        // A format added later streams no calls here until it has its arm.
        _ => tree(r, names, 5),
    }
}

/// One stream's text: its events (LF, CRLF or CR line ends, data
/// sometimes split over lines, sometimes an `event:` line), with junk
/// between them.
fn event_stream(r: &mut Rng, events: &[Value]) -> String {
    let mut text = String::new();
    for event in events {
        let eol = *r.pick(&["\n", "\r\n", "\r"]);
        if r.chance(10) {
            // A comment, or a line of junk: any line but the stream's first
            // (a stream that starts with a control byte is no event stream).
            if text.is_empty() || r.chance(50) {
                text.push(':');
            }
            text.push_str(&r.text(20).replace(['\n', '\r'], " "));
            text.push_str(eol);
            text.push_str(eol);
        }
        if r.chance(20) {
            text.push_str(&["event: x", eol].concat());
        }
        // Data lines split where JSON allows a line break: between top-level members.
        text.push_str("data: ");
        match event {
            Value::Object(members) => {
                text.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        if r.chance(15) {
                            text.push_str(eol);
                            text.push_str("data:");
                        }
                        text.push(',');
                    }
                    text.push_str(&Value::from(k.as_str()).to_string());
                    text.push(':');
                    text.push_str(&v.to_string());
                }
                text.push('}');
            }
            other => text.push_str(&other.to_string()),
        }
        text.push_str(eol);
        text.push_str(eol);
    }
    text
}

fn rewrite_sse(registry: &mut ToolRegistry, format: Format, chunks: &[&[u8]]) -> Vec<u8> {
    let mut sse = SseRewriter::new(format);
    let mut out = Vec::new();
    for c in chunks {
        sse.feed(registry, c, &mut out);
    }
    sse.finish(&mut out);
    out
}

#[test]
fn streams() {
    let mut r = rng(6);
    let canonical: Vec<String> = (0..4).map(|i| format!("srv{i}/tool_{i}")).collect();
    let aliases: Vec<String> = canonical.iter().map(|n| n.replace('/', "__")).collect();
    let mut registry = ToolRegistry::default();
    for n in &canonical {
        registry.register(n).unwrap();
    }
    let mut empty = ToolRegistry::default();
    let (mut changed, mut paired) = (0, 0);
    for _ in 0..iterations() / 4 {
        let format = *r.pick(&Format::ALL);
        let events: Vec<Value> = (0..=r.below(8)).map(|_| stream_event(&mut r, format, &aliases)).collect();
        let text = event_stream(&mut r, &events);
        let bytes = text.as_bytes();
        // An id never moves to another tool: what a fresh registry answers after this stream, it answered
        // through every chunking (the same stream each time, so it may only stay or become None).
        let mut fresh = registry.clone();
        let whole = rewrite_sse(&mut fresh, format, &[bytes]);
        let answers: HashMap<String, Option<String>> = (0..6)
            .map(|i| format!("id{i}"))
            .map(|id| (id.clone(), fresh.tool_for_call_id(&id).map(str::to_owned)))
            .collect();
        paired += answers.values().filter(|a| a.is_some()).count();
        // Any chunking gives the same bytes.
        let mut chunks = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            let max = if r.chance(50) { 4 } else { 64 };
            let n = 1 + r.below(max);
            chunks.push(&bytes[at..(at + n).min(bytes.len())]);
            at += n;
        }
        let mut again = registry.clone();
        assert_eq!(rewrite_sse(&mut again, format, &chunks), whole, "{format:?}: {text:?}");
        for (id, answer) in &answers {
            assert_eq!(again.tool_for_call_id(id).map(str::to_owned), *answer, "{id}");
            if let Some(tool) = answer {
                assert!(
                    canonical.contains(tool) || !aliases.contains(tool),
                    "{id}: a canonical name or an unknown one"
                );
            }
        }
        // Nothing registered: every byte as it came.
        assert_eq!(rewrite_sse(&mut empty, format, &chunks), bytes, "{format:?}");
        // The parsed events give what the native walker gives, and the same call ids as the raw stream.
        let mut parsed = registry.clone();
        let mut stream = StreamCalls::new();
        for event in &events {
            let out = parsed.from_provider_event(&mut stream, event, format);
            let want = registry.from_provider(event, format);
            changed += usize::from(out != *event);
            assert_eq!(out, want, "{format:?}");
        }
        for (id, answer) in &answers {
            assert_eq!(
                parsed.tool_for_call_id(id).map(str::to_owned),
                *answer,
                "{format:?} {id}: parsed as raw: {text:?}"
            );
        }
        // The raw output's events, parsed, are the parsed events' rewrite.
        let out = String::from_utf8(whole).expect("UTF-8 in, UTF-8 out");
        let datas = |t: &str| -> Vec<Value> {
            t.replace("\r\n", "\n")
                .replace('\r', "\n")
                .split("\n\n")
                .map(|e| {
                    e.lines()
                        .filter_map(|l| l.strip_prefix("data:"))
                        .map(|l| l.strip_prefix(' ').unwrap_or(l))
                        .collect::<Vec<_>>()
                        .join("\n")
                })
                .filter_map(|d| serde_json::from_str(&d).ok())
                .collect()
        };
        let want: Vec<Value> = datas(&text).iter().map(|v| registry.from_provider(v, format)).collect();
        assert_eq!(datas(&out), want, "{format:?}");
    }
    assert!(changed > 0 && paired > 0, "the driver reaches renames ({changed}) and pairings ({paired})");
}

#[test]
fn error_data() {
    let mut r = rng(4);
    for _ in 0..iterations() {
        let words = |r: &mut Rng| -> Vec<String> { (0..r.below(5)).map(|_| r.text(3)).collect() };
        let catalog = Catalog {
            tools: ToolFields::Global { tools: words(&mut r), fields: words(&mut r) },
            field_messages: FieldPhrases::Global(words(&mut r)),
            fieldless_messages: words(&mut r),
        };
        let Ok(c) = ErrorClassifier::new(catalog) else { continue };
        let catalog_text: String = c.strings().concat();
        for _ in 0..4 {
            let tool = format!("{}{}", r.text(3), if r.chance(20) { MARKER } else { "" });
            let message = format!("{} {}{}", r.text(2), r.text(4), if r.chance(50) { MARKER } else { "" });
            let id = if r.chance(50) { json!(r.below(100)) } else { json!(r.text(3)) };
            for out in [
                serde_json::to_string(&c.classify(&tool, &message)).unwrap(),
                serde_json::to_string(&c.invalid_arguments_response(&id, &tool, &message)).unwrap(),
                serde_json::to_string(&c.tool_error_result(&tool, &message)).unwrap(),
                serde_json::to_string(&c.unknown_tool_response(&id, &tool)).unwrap(),
                serde_json::to_string(&c.classify_issues(
                    &tool,
                    &[
                        Issue::Zod {
                            code: &message,
                            first_segment: Some(&tool),
                            missing: r.chance(50),
                            nested: r.chance(50),
                        },
                        Issue::Ajv { keyword: &message, instance_path: &tool, missing_property: Some(&message) },
                    ],
                ))
                .unwrap(),
            ] {
                assert!(!out.contains(MARKER) || catalog_text.contains(MARKER), "caller input echoed: {out}");
            }
            if let Some(data) = c.classify(&tool, &message) {
                let text = error_text(&data);
                assert!(!text.contains(MARKER) || catalog_text.contains(MARKER), "caller input echoed: {text}");
            }
            let issue = Issue::Zod { code: &message, first_segment: None, missing: false, nested: false };
            assert!(!issue_message(&issue).contains(MARKER));
            // Issues as JSON, with any validator's marks, read natively.
            let value = |r: &mut Rng| match r.below(5) {
                0 => json!(message),
                1 => json!(tool),
                2 => json!(r.pick(&["undefined", "never", "removed", "error", "schema", "required", "predicate"])),
                3 => json!(r.below(3)),
                _ => Value::Null,
            };
            let segment = |r: &mut Rng, v: Value| if r.chance(50) { json!({ "key": v, "origin": "key" }) } else { v };
            let path: Vec<Value> = (0..r.below(4))
                .map(|_| {
                    let v = value(&mut r);
                    segment(&mut r, v)
                })
                .collect();
            let issue = json!({
                "code": value(&mut r), "keyword": if r.chance(25) { value(&mut r) } else { Value::Null },
                "kind": value(&mut r), "type": value(&mut r), " arkKind": value(&mut r), "expected": value(&mut r),
                "received": value(&mut r), "instancePath": format!("/{tool}/{message}"),
                "params": { "missingProperty": value(&mut r) }, "path": path, "message": message,
            });
            let input = json!({ tool.clone(): { message.clone(): [1] } });
            let (list, error) = (json!([issue]), json!({ "issues": [issue] }));
            let issues = Issue::list_from_json(&list, Some(&input)).unwrap();
            assert_eq!(Issue::list_from_json(&error, Some(&input)).as_ref(), Some(&issues));
            for out in [
                serde_json::to_string(&c.classify_issues(&tool, &issues)).unwrap(),
                serde_json::to_string(&c.issues_result(&tool, &issues)).unwrap(),
            ] {
                assert!(!out.contains(MARKER) || catalog_text.contains(MARKER), "caller input echoed: {out}");
            }
        }
    }
}

#[test]
fn delivery() {
    let mut r = rng(5);
    for _ in 0..iterations() {
        let who = |r: &mut Rng| -> Value {
            match r.below(6) {
                0 => Value::Null,
                1 => json!(5),
                2 => json!("AGENT:*"),
                _ => json!(format!("@{}", r.below(4))),
            }
        };
        let stamp = |r: &mut Rng| -> Value {
            match r.below(4) {
                0 => Value::Null,
                1 => json!(r.text(3)),
                _ => json!("2026-11-22T08:00:00Z"),
            }
        };
        let messages: Vec<Value> = (0..r.below(6))
            .map(|_| {
                let mut m = json!({ "to": who(&mut r), "from": who(&mut r), "readAt": stamp(&mut r) });
                if r.chance(40) {
                    let receipts: Vec<Value> =
                        (0..r.below(4)).map(|_| json!({ "recipient": who(&mut r), "readAt": stamp(&mut r) })).collect();
                    m["receipts"] = Value::Array(receipts);
                }
                m
            })
            .collect();
        let reader = format!("@{}", r.below(4));
        let _ = is_utc_timestamp(&r.text(4));
        let agents: Vec<String> = (0..r.below(5)).map(|i| format!("@{i}")).collect();
        let entries: Vec<AgentEntry<'_>> = agents.iter().map(|id| AgentEntry { id, account_type: None }).collect();
        let audience = broadcast_audience(Some(&reader), &entries, &RecipientValidator::DEFAULT);
        assert!(!audience.contains(&reader), "a sender is not in its own broadcast audience");
        let to = String::from_utf16_lossy(&r.units(4));
        if let Ok(plan) = plan_delivery(&to, Some(&reader), &entries, &RecipientValidator::DEFAULT) {
            assert!(
                plan.recipients().iter().all(|p| p == &to || agents.contains(p)),
                "a plan names only `to` or agents"
            );
        }
        let Ok(records) = records_from_json(&messages) else { continue };
        let count = unread_count(&records, reader.as_str());
        let list = list_unread(&records, reader.as_str());
        match (count, list) {
            (Ok(n), Ok(list)) => assert_eq!(n, list.len()),
            (Err(_), Err(_)) => {}
            _ => panic!("unread_count and list_unread disagree on whether the records are malformed"),
        }
        for m in &records {
            let _ = read_state(m, reader.as_str());
            let _ = mark_read(m, reader.as_str(), "2026-11-22T09:00:00Z");
        }
    }
}

#[test]
fn safe_text() {
    let mut r = rng(6);
    for _ in 0..iterations() {
        let s = r.text(40);
        let shown = SafeText::render(&s);
        assert!(!shown.as_str().chars().any(char::is_control), "{shown:?}");
        let units = r.units(40);
        let _ = SafeText::render_utf16(&units);
    }
}

/// A random JSON Schema of the keywords `ArgumentCheck` reads, its names
/// and constants plain words (what a server declares), never the marker.
fn schema(r: &mut Rng, depth: usize) -> Value {
    let words = |r: &mut Rng| -> Vec<String> { (0..=r.below(3)).map(|_| r.word()).collect() };
    let mut s = serde_json::Map::new();
    if r.chance(60) {
        let types = ["string", "integer", "number", "boolean", "object", "array", "null"];
        s.insert("type".into(), if r.chance(20) { json!([r.pick(&types), "null"]) } else { json!(r.pick(&types)) });
    }
    for (key, value) in [
        ("enum", json!(words(r))),
        ("const", json!(r.word())),
        ("minimum", json!(r.below(10))),
        ("maximum", json!(r.below(100))),
        ("exclusiveMaximum", json!(r.below(100))),
        ("minLength", json!(r.below(4))),
        ("maxLength", json!(r.below(8))),
        ("pattern", json!(r.pick(&["^[a-z]+$", "(", "a|b", "^\\d{1,3}$", "x*"]))),
        ("format", json!(r.pick(&["uint8", "int16", "date", "uint64"]))),
        ("minItems", json!(r.below(3))),
        ("maxItems", json!(r.below(3))),
        ("required", json!(words(r))),
        ("additionalProperties", json!(r.chance(50))),
        ("$ref", json!(r.pick(&["#", "#/$defs/a", "#/definitions/b", "#/nope", "http://x", "#/$defs/a~1b"]))),
    ] {
        if r.chance(12) {
            s.insert(key.into(), value);
        }
    }
    if depth < 4 {
        if r.chance(50) {
            let properties: serde_json::Map<String, Value> =
                (0..r.below(4)).map(|_| (r.word(), schema(r, depth + 1))).collect();
            s.insert("properties".into(), Value::Object(properties));
        }
        for key in ["items", "not", "additionalProperties"] {
            if r.chance(10) {
                s.insert(key.into(), schema(r, depth + 1));
            }
        }
        for key in ["anyOf", "oneOf", "allOf", "prefixItems"] {
            if r.chance(8) {
                s.insert(key.into(), Value::Array((0..r.below(4)).map(|_| schema(r, depth + 1)).collect()));
            }
        }
        if r.chance(20) {
            s.insert("$defs".into(), json!({ "a": schema(r, depth + 1) }));
        }
    }
    Value::Object(s)
}

/// A random call: the schema's own words as keys and values, and the
/// marker in keys, strings and numbers' places.
fn arguments(r: &mut Rng, depth: usize) -> Value {
    let key = |r: &mut Rng| if r.chance(30) { format!("{}{MARKER}\n", r.text(2)) } else { r.word() };
    match r.below(if depth < 4 { 8 } else { 5 }) {
        0 => json!(format!("{}{}", r.text(3), if r.chance(50) { MARKER } else { "" })),
        1 => json!(r.word()),
        2 => json!(r.below(300)),
        3 => json!(-1.5),
        4 => Value::Null,
        5 => Value::Array((0..r.below(4)).map(|_| arguments(r, depth + 1)).collect()),
        _ => Value::Object((0..r.below(5)).map(|_| (key(r), arguments(r, depth + 1))).collect()),
    }
}

#[test]
fn argument_checks() {
    use mcp_boundary::{Answer, ArgumentCheck, Failure, ListedTool, Protection};
    let mut r = rng(9);
    let protection = Protection::default();
    let mut refused = 0;
    for _ in 0..iterations() {
        let schema = schema(&mut r, 0);
        let check = ArgumentCheck::new(&schema);
        let catalog = protection.catalog([ListedTool::new("tool", Some(&schema), false)]);
        for _ in 0..4 {
            let call = Value::Object((0..r.below(5)).map(|_| (r.word(), arguments(&mut r, 1))).collect());
            let call = if r.chance(10) { json!({ format!("{MARKER}\n"): call }) } else { call };
            let found = check.check(call.as_object());
            assert!(found.len() <= 32, "issues unbounded: {}", found.len());
            refused += usize::from(!found.is_empty());
            let issues: Vec<_> = found.iter().map(mcp_boundary::SchemaIssue::issue).collect();
            let decision = protection.answer(&catalog, Failure::InvalidArguments { tool: "tool", issues: &issues });
            let out = serde_json::to_string(&decision).unwrap();
            assert!(!out.contains(MARKER), "caller input echoed: {out}\nschema {schema}\ncall {call}");
            assert!(matches!(decision.answer, Answer::Result(_)));
        }
    }
    // The driver reaches the refusals it is about.
    assert!(refused > iterations(), "only {refused} calls refused");
}
