//! Rewriting the tool names of provider payloads: each format's rules
//! ([`providers`](super::providers)) merged into a trie, walked over
//! `serde_json::Value`. The JS wrapper's walkers are generated from the
//! same rules at build time, so both rewrite exactly the same places.

use serde_json::Value;
use std::sync::OnceLock;

use super::providers::{rules, Format, Step};
use super::registry::ToolRegistry;
use Step::{Each, Key, Name, Names, When};

impl ToolRegistry {
    /// The outbound payload with every registered canonical name replaced by
    /// its alias; unknown names and everything else unchanged.
    #[must_use]
    pub fn to_provider(&self, payload: &Value, format: Format) -> Value {
        rewrite(payload, format, |name| self.alias_of_canonical(name))
    }

    /// The provider's response or history with every registered alias
    /// replaced by its canonical name; unknown names unchanged.
    #[must_use]
    pub fn from_provider(&self, payload: &Value, format: Format) -> Value {
        rewrite(payload, format, |name| self.canonical_of_alias(name))
    }
}

fn rewrite<'s>(payload: &Value, format: Format, map: impl Fn(&str) -> Option<&'s str>) -> Value {
    let mut out = payload.clone();
    walk(&mut out, trie(format), &map);
    out
}

/// A format's rules merged into a trie: a prefix that several rules share
/// is walked once (a message list once for every place in a message,
/// rather than once per rule). Children keep the rules' order.
#[derive(Debug, Default)]
pub(crate) struct Trie {
    pub(crate) children: Vec<(Step, Trie)>,
}

impl Trie {
    fn of(rules: &[&[Step]]) -> Self {
        let mut root = Self::default();
        for rule in rules {
            let mut node = &mut root;
            for step in *rule {
                let i = node.children.iter().position(|(s, _)| s == step).unwrap_or_else(|| {
                    node.children.push((*step, Self::default()));
                    node.children.len() - 1
                });
                node = &mut node.children[i].1;
            }
        }
        root
    }
}

/// The trie of `format`'s rules, built on first use.
pub(crate) fn trie(format: Format) -> &'static Trie {
    static TRIES: [OnceLock<Trie>; Format::ALL.len()] = [const { OnceLock::new() }; Format::ALL.len()];
    let i = Format::ALL.iter().position(|f| *f == format).unwrap_or_default();
    TRIES[i].get_or_init(|| Trie::of(rules(format)))
}

fn walk<'s>(node: &mut Value, trie: &Trie, map: &impl Fn(&str) -> Option<&'s str>) {
    for (step, below) in &trie.children {
        match *step {
            Key(&k) => {
                if let Some(child) = node.as_object_mut().and_then(|o| o.get_mut(k)) {
                    walk(child, below, map);
                }
            }
            Each => {
                if let Some(items) = node.as_array_mut() {
                    for item in items {
                        walk(item, below, map);
                    }
                }
            }
            When(&(k, v)) => {
                if node.get(k).and_then(Value::as_str) == Some(v) {
                    walk(node, below, map);
                }
            }
            Name(&k) => {
                if let Some(slot) = node.as_object_mut().and_then(|o| o.get_mut(k)) {
                    rename(slot, map);
                }
            }
            Names(&k) => {
                if let Some(list) = node.as_object_mut().and_then(|o| o.get_mut(k)).and_then(Value::as_array_mut) {
                    for slot in list {
                        rename(slot, map);
                    }
                }
            }
        }
    }
}

fn rename<'s>(slot: &mut Value, map: &impl Fn(&str) -> Option<&'s str>) {
    if let Some(new) = slot.as_str().and_then(map) {
        *slot = Value::String(new.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool_name::providers::call_places;
    use serde_json::json;

    #[test]
    fn each_format_trie_holds_every_rule_once_and_shares_prefixes() {
        fn paths(t: &Trie, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
            if t.children.is_empty() {
                out.push(prefix.clone());
            }
            for (step, below) in &t.children {
                prefix.push(*step);
                paths(below, prefix, out);
                prefix.pop();
            }
        }
        for format in Format::ALL {
            let mut got = Vec::new();
            paths(trie(format), &mut Vec::new(), &mut got);
            let want: Vec<Vec<Step>> = rules(format).iter().map(|r| r.to_vec()).collect();
            assert_eq!(got.len(), want.len(), "{format:?}: no rule is a prefix of another");
            for rule in &want {
                assert!(got.contains(rule), "{format:?}: {rule:?}");
            }
            assert!(trie(format).children.len() < want.len(), "{format:?}: rules share their first step");
        }
    }

    #[test]
    fn anthropic_round_trip() {
        let mut r = ToolRegistry::default();
        r.register("github/create_issue").unwrap();
        r.register("search").unwrap();
        let request = json!({
            "model": "claude", "tools": [{"name": "github/create_issue", "input_schema": {}}, {"name": "search"}, {"type": "web_search_20250305", "name": "web_search"}],
            "tool_choice": {"type": "tool", "name": "github/create_issue"},
            "messages": [{"role": "assistant", "content": [{"type": "text", "text": "github/create_issue"}, {"type": "tool_use", "id": "t1", "name": "github/create_issue", "input": {"name": "github/create_issue"}}]}]
        });
        let out = r.to_provider(&request, Format::Anthropic);
        assert_eq!(out["tools"][0]["name"], "github__create_issue");
        assert_eq!(out["tools"][1]["name"], "search");
        assert_eq!(out["tools"][2]["name"], "web_search");
        assert_eq!(out["tool_choice"]["name"], "github__create_issue");
        assert_eq!(out["messages"][0]["content"][1]["name"], "github__create_issue");
        assert_eq!(out["messages"][0]["content"][0]["text"], "github/create_issue", "text untouched");
        assert_eq!(out["messages"][0]["content"][1]["input"]["name"], "github/create_issue", "input untouched");
        assert_eq!(r.from_provider(&out, Format::Anthropic), request);
    }

    #[test]
    fn gemini_allowed_names_and_bare_lists() {
        let mut r = ToolRegistry::default();
        r.register("a/b").unwrap();
        let p = json!({"toolConfig": {"functionCallingConfig": {"allowedFunctionNames": ["a/b", "other"]}}});
        assert_eq!(
            r.to_provider(&p, Format::Gemini)["toolConfig"]["functionCallingConfig"]["allowedFunctionNames"],
            json!(["a__b", "other"])
        );
        let list = json!([{"role": "model", "parts": [{"functionCall": {"name": "a__b", "args": {}}}]}]);
        assert_eq!(r.from_provider(&list, Format::Gemini)[0]["parts"][0]["functionCall"]["name"], "a/b");
    }

    #[test]
    fn call_slots_are_read_where_a_walker_knows_the_node() {
        for format in Format::ALL {
            for place in call_places(format) {
                for &(depth, keys) in place.slot {
                    let known = depth == 0 || depth == place.path.len() || place.path[depth - 1] == Each;
                    assert!(known && !keys.is_empty(), "{}: slot depth {depth}", format.name());
                }
            }
        }
    }

    #[test]
    fn responses_namespace_tools_and_their_calls() {
        let mut r = ToolRegistry::default();
        r.register("github/create_issue").unwrap();
        r.register("crm/lookup").unwrap();
        let request = json!({"tools": [{"type": "namespace", "name": "crm/lookup", "description": "", "tools": [
            {"type": "function", "name": "github/create_issue"}, {"type": "custom", "name": "crm/lookup"}, {"type": "function", "name": "local"}]}]});
        let out = r.to_provider(&request, Format::OpenAiResponses);
        assert_eq!(out["tools"][0]["name"], "crm__lookup");
        assert_eq!(out["tools"][0]["tools"][0]["name"], "github__create_issue");
        assert_eq!(out["tools"][0]["tools"][1]["name"], "crm__lookup");
        assert_eq!(out["tools"][0]["tools"][2]["name"], "local");
        assert_eq!(r.from_provider(&out, Format::OpenAiResponses), request);
        let call = json!({"output": [{"type": "function_call", "call_id": "c", "namespace": "crm__lookup", "name": "github__create_issue", "arguments": "{}"}]});
        let back = r.from_provider(&call, Format::OpenAiResponses);
        assert_eq!(back["output"][0]["namespace"], "crm/lookup");
        assert_eq!(back["output"][0]["name"], "github/create_issue");
    }
}
