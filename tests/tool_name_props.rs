//! Properties of tool-name mapping over random input.
#![cfg(not(target_arch = "wasm32"))]

use mcp_boundary::{
    to_llm_facing_name, try_reverse_to_canonical, BuiltinProfile, Format, Overflow, Profile, ToolRegistry,
};
use proptest::prelude::*;

fn profile() -> impl Strategy<Value = BuiltinProfile> {
    prop::sample::select(BuiltinProfile::ALL.to_vec())
}

/// Canonical names near the edges: separators, underscores, dots, long runs.
fn canonical() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec!["a", "srv", "_", "__", "/", "-", ".", ":", "9", "tool", "x", "é", "\n"]);
    prop_oneof![
        prop::collection::vec(piece, 1..12).prop_map(|v| v.concat()),
        "[a-z]{1,8}/[a-z_]{1,90}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn registry_round_trips_and_aliases_satisfy_the_profile(
        names in prop::collection::vec(canonical(), 1..20), p in profile(), hash in any::<bool>()
    ) {
        let overflow = if hash { Overflow::Hash } else { Overflow::Error };
        let mut r = ToolRegistry::new(Profile::builtin(p), overflow);
        for c in &names {
            if let Ok(alias) = r.register(c) {
                let alias = alias.to_owned();
                prop_assert!(Profile::builtin(p).accepts(&alias), "{alias:?}");
                prop_assert_eq!(r.to_canonical(&alias), Some(c.as_str()));
                prop_assert_eq!(r.to_llm_facing(c), Some(alias.as_str()));
            }
        }
        // Every registered pair still maps both ways after all registrations.
        let pairs: Vec<(String, String)> = r.entries().map(|e| (e.canonical.to_owned(), e.alias.to_owned())).collect();
        for (c, a) in pairs {
            prop_assert_eq!(r.to_canonical(&a), Some(c.as_str()));
            prop_assert_eq!(r.to_llm_facing(&c), Some(a.as_str()));
        }
    }

    #[test]
    fn entries_keep_registration_order(
        calls in prop::collection::vec(("[a-c]{1,2}", prop::collection::vec("[a-z_]{1,3}", 0..8)), 1..8)
    ) {
        // What each successful call registered first, in the call's order;
        // a refused call registers nothing.
        let mut r = ToolRegistry::default();
        let mut expected: Vec<String> = Vec::new();
        for (server, tools) in &calls {
            if r.register_server(server, tools).is_ok() {
                for t in tools {
                    let c = format!("{server}/{t}");
                    if !expected.contains(&c) {
                        expected.push(c);
                    }
                }
            }
        }
        let got: Vec<&str> = r.entries().map(|e| e.canonical).collect();
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn hashed_aliases_fit(c in canonical(), p in profile()) {
        let profile = Profile::builtin(p);
        if let Ok(alias) = to_llm_facing_name(&c, &profile, Overflow::Hash) {
            prop_assert!(profile.accepts(&alias));
            if let Ok(plain) = to_llm_facing_name(&c, &profile, Overflow::Error) {
                prop_assert_eq!(plain, alias, "names that fit are unchanged");
            }
        }
    }

    #[test]
    fn no_panic_and_safe_messages(s in any::<String>(), p in profile()) {
        if let Err(e) = to_llm_facing_name(&s, &Profile::builtin(p), Overflow::Error) {
            prop_assert!(!e.to_string().chars().any(char::is_control));
        }
        let _ = try_reverse_to_canonical(&s);
    }

    #[test]
    fn heuristic_reverse_inverts_simple_names(server in "[a-z][a-z0-9-]{0,10}", tool in "[a-z0-9][a-z0-9_-]{0,20}") {
        let c = format!("{server}/{tool}");
        let alias = to_llm_facing_name(&c, &Profile::default(), Overflow::Error).unwrap();
        prop_assert_eq!(try_reverse_to_canonical(&alias), Some(c));
    }

    #[test]
    fn rewriting_round_trips(tools in prop::collection::vec("[a-z]{1,4}/[a-z_]{1,6}", 1..6)) {
        let mut r = ToolRegistry::default();
        for t in &tools {
            r.register(t).unwrap();
        }
        let blocks: Vec<_> = tools.iter().map(|t| serde_json::json!({"type": "tool_use", "id": "x", "name": t, "input": {"name": t}})).collect();
        let history = serde_json::json!([{"role": "assistant", "content": blocks}]);
        let out = r.to_provider(&history, Format::Anthropic);
        for (i, t) in tools.iter().enumerate() {
            let block = &out[0]["content"][i];
            prop_assert_eq!(block["name"].as_str(), r.to_llm_facing(t), "the block's name is the alias");
            prop_assert_eq!(block["input"]["name"].as_str(), Some(t.as_str()), "arguments untouched");
        }
        prop_assert_eq!(r.from_provider(&out, Format::Anthropic), history);
    }
}
