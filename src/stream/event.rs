//! What one stream event says: the tool names to rewrite in its JSON text,
//! the calls it names (by id, tool and slot) and the scopes it opens or
//! closes. Read the same way from a parsed `serde_json::Value` and from a
//! JSON text's [`Doc`].

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use serde_json::Value;

use super::json::{whole, At, Doc, Keys};
use super::pairing::{Report, Said, SlotKey, SlotPart, StreamCalls};
use super::scope::{scope_rules, ScopeRule};
use crate::tool_name::{call_places, rules, CallPlace, Format, Step};

/// Every key that reading an event of `format` looks up (its rules, call
/// places and scope rules): a spanned document needs no other member.
fn keys_read(format: Format) -> Keys {
    let step_keys = |steps: &'static [Step]| {
        steps.iter().filter_map(|step| match *step {
            Step::Key(&k) | Step::When(&(k, _)) | Step::Name(&k) | Step::Names(&k) => Some(k),
            Step::Each => None,
        })
    };
    let mut words: Vec<&'static str> = rules(format).iter().flat_map(|rule| step_keys(rule)).collect();
    for place in call_places(format) {
        words.extend(step_keys(place.path));
        words.push(place.id);
        words.extend(place.name);
        words.extend(place.slot.iter().flat_map(|(_, keys)| keys.iter().copied()));
    }
    for rule in scope_rules(format) {
        let (at, slot) = match *rule {
            ScopeRule::Ends { at, slot, .. } => (at, slot),
            ScopeRule::Changes { at } => (at, &[][..]),
        };
        words.extend(at.iter().copied());
        words.extend(slot.iter().flat_map(|keys| keys.iter().copied()));
    }
    Keys::new(words)
}

/// How events of one format are read, made once per format: the keys
/// read, the rules and call places in one trie, and the keys without which
/// an event says nothing of names or calls.
pub(crate) struct Reading {
    /// What a spanned document keeps ([`Doc::parse_in`]'s `keep`).
    pub(crate) keys: Keys,
    trie: EventTrie,
    leaves: [u64; 2],
}

/// The [`Reading`] of `format`.
pub(crate) fn reading(format: Format) -> &'static Reading {
    static READINGS: [OnceLock<Reading>; Format::ALL.len()] = [const { OnceLock::new() }; Format::ALL.len()];
    let i = Format::ALL.iter().position(|f| *f == format).unwrap_or_default();
    READINGS[i].get_or_init(|| {
        let keys = keys_read(format);
        let leaves = leaf_keys(format, &keys);
        Reading { keys, trie: EventTrie::of(format), leaves }
    })
}

/// Read access to a JSON value, parsed or spanned.
pub(crate) trait Json<'t>: Copy {
    /// The value of `key`, in an object.
    fn get(self, key: &str) -> Option<Self>;
    /// The elements, in an array (none otherwise).
    fn elements(self) -> impl Iterator<Item = Self>;
    /// The string, when this is one.
    fn string(self) -> Option<Cow<'t, str>>;
    /// The number, when this is one.
    fn number(self) -> Option<f64>;
    /// Whether this is a string (one [`string`](Self::string) may not hold).
    fn is_string(self) -> bool;

    /// The value at `keys` below this one.
    fn at(self, keys: &[&str]) -> Option<Self> {
        keys.iter().try_fold(self, |v, k| v.get(k))
    }
    /// A slot's part: numbers and strings of at most
    /// [`MAX_CALL_ID_BYTES`](crate::MAX_CALL_ID_BYTES) only (a slot is an
    /// index or an item id; a longer string would make the open calls'
    /// memory unbounded).
    fn slot_part(self) -> Option<SlotPart> {
        self.number().map(SlotPart::number).or_else(|| {
            let s = self.string().filter(|s| s.len() <= crate::MAX_CALL_ID_BYTES)?;
            Some(SlotPart::Text(s.into_owned()))
        })
    }
}

impl<'t> Json<'t> for &'t Value {
    fn get(self, key: &str) -> Option<Self> {
        self.as_object()?.get(key)
    }
    fn elements(self) -> impl Iterator<Item = Self> {
        self.as_array().into_iter().flatten()
    }
    fn string(self) -> Option<Cow<'t, str>> {
        self.as_str().map(Cow::Borrowed)
    }
    fn number(self) -> Option<f64> {
        // A slot's number as the text's is read (`whole_number`) and JS's
        // (`whole`): a whole number of at most 15 digits. Past 2^53 two
        // indexes could read as one, and pair one call's id with another's
        // name.
        self.as_f64().and_then(whole)
    }
    fn is_string(self) -> bool {
        self.is_string()
    }
}

impl<'t> Json<'t> for At<'_, 't> {
    fn get(self, key: &str) -> Option<Self> {
        At::get(self, key)
    }
    fn elements(self) -> impl Iterator<Item = Self> {
        At::elements(self)
    }
    fn string(self) -> Option<Cow<'t, str>> {
        At::string(self)
    }
    fn number(self) -> Option<f64> {
        At::number(self)
    }
    fn is_string(self) -> bool {
        At::span(self).is_some()
    }
}

/// Before an event's calls are paired: a [`ScopeRule::Changes`] value.
pub(crate) fn begin<'t>(calls: &mut StreamCalls, format: Format, event: impl Json<'t>) {
    for rule in scope_rules(format) {
        if let ScopeRule::Changes { at } = *rule {
            // A string that cannot be decoded (a lone surrogate) is still a
            // value, one that cannot be compared: told as such (JS's
            // JSON.parse reads it as a string too).
            if let Some(value) = event.at(at).filter(|v| v.is_string()) {
                calls.scope_value(value.string().as_deref());
            }
        }
    }
}

/// After an event's calls are paired: the scopes it ends.
pub(crate) fn end<'t>(calls: &mut StreamCalls, format: Format, event: impl Json<'t>) {
    for rule in scope_rules(format) {
        if let ScopeRule::Ends { at, is, slot } = *rule {
            let Some(value) = event.at(at) else { continue };
            if is.is_some_and(|is| value.string().as_deref() != Some(is)) {
                continue;
            }
            // A slot that cannot be read (a part missing, a number that is
            // not a whole one) closes every call: a missed close could let
            // a later name claim an id-only call.
            let prefix: Option<SlotKey> = slot.iter().map(|keys| event.at(keys)?.slot_part()).collect();
            calls.close(&prefix.unwrap_or_default());
        }
    }
}

/// What `event` says of calls, each name as `map` gives it (or as it came).
pub(crate) fn reports<'t, 'm, J: Json<'t>>(
    format: Format,
    event: J,
    map: &impl Fn(&str) -> Option<&'m str>,
) -> Vec<Report> {
    let mut said = Vec::new();
    walk(event, &reading(format).trie, &mut vec![event], map, &mut |_| {}, &mut said);
    said
}

/// Call places that end at one node and differ only in their name's keys
/// (OpenAI's `function` and `custom` calls): one call, named by the first
/// place whose name is a string, as the JS walkers read it.
type Places = Vec<&'static CallPlace>;

/// Adds `place` to the group of its id and slot among `groups`, or to a new one.
fn add_place(groups: &mut Vec<Places>, place: &'static CallPlace) {
    match groups.iter_mut().find(|g| g[0].id == place.id && g[0].slot == place.slot) {
        Some(group) => group.push(place),
        None => groups.push(vec![place]),
    }
}

fn report<'t, 'm, J: Json<'t>>(
    group: &[&CallPlace],
    call: J,
    nodes: &[J],
    map: &impl Fn(&str) -> Option<&'m str>,
) -> Option<Report> {
    let place = group[0];
    // A string with a lone surrogate (no Rust string holds it) still said something.
    let said = |v: J| v.string().map_or(Said::Unheld, |s| Said::Held(Arc::from(&*s)));
    let id = call.get(place.id).filter(|v| v.is_string()).map(said);
    let name = group.iter().find_map(|p| call.at(p.name).filter(|v| v.is_string())).map(|v| match said(v) {
        Said::Held(n) => Said::Held(map(&n).map_or(n, Arc::from)),
        Said::Unheld => Said::Unheld,
    });
    if id.is_none() && name.is_none() {
        return None;
    }
    let slot = if place.slot.is_empty() {
        None
    } else {
        place.slot.iter().map(|&(depth, keys)| nodes.get(depth)?.at(keys)?.slot_part()).collect()
    };
    Some(Report { id, name, slot })
}

/// The name rules and the call places of one format in one trie, so that
/// a spanned event is walked once for both (two walks from the root had
/// each looked up the same keys).
#[derive(Debug, Default)]
struct EventTrie {
    children: Vec<(Step, EventTrie)>,
    /// The call places whose path ends here.
    calls: Vec<Places>,
}

impl EventTrie {
    fn of(format: Format) -> Self {
        let mut root = Self::default();
        for rule in rules(format) {
            root.insert(rule);
        }
        for place in call_places(format) {
            add_place(&mut root.insert(place.path).calls, place);
        }
        root
    }

    fn insert(&mut self, steps: &[Step]) -> &mut Self {
        let mut node = self;
        for step in steps {
            let i = node.children.iter().position(|(s, _)| s == step).unwrap_or_else(|| {
                node.children.push((*step, Self::default()));
                node.children.len() - 1
            });
            node = &mut node.children[i].1;
        }
        node
    }
}

/// The bits ([`Keys::mask_of`]) of the keys without which an event of
/// `format` says nothing of names or calls, `[in the root object, deeper]`
/// as [`Doc::keys_seen`] gives them: the keys that hold a name (`Name`,
/// `Names`), a call's id key and the last key of its name. An event that
/// holds none of them where they can be is not walked.
fn leaf_keys(format: Format, keys: &Keys) -> [u64; 2] {
    // The objects a step sequence descends through (a `When` stays).
    let depth = |steps: &[Step]| steps.iter().filter(|s| matches!(s, Step::Key(_) | Step::Each)).count();
    let mut leaves: Vec<(&'static str, usize)> = Vec::new();
    for rule in rules(format) {
        for (n, step) in rule.iter().enumerate() {
            if let Step::Name(&k) | Step::Names(&k) = *step {
                leaves.push((k, depth(&rule[..n])));
            }
        }
    }
    for place in call_places(format) {
        let d = depth(place.path);
        leaves.push((place.id, d));
        if let Some(last) = place.name.last() {
            leaves.push((last, d + place.name.len() - 1));
        }
    }
    let at = |root: bool| keys.mask_of(leaves.iter().filter(|(_, d)| (*d == 0) == root).map(|(k, _)| *k));
    [at(true), at(false)]
}

/// What a spanned event says, in one walk: the edits that give its text
/// the names mapped by `map` (`(start, end, replacement)` of each string
/// token, in text order) and what it says of calls.
pub(crate) fn read_event<'m>(
    doc: &Doc<'_>,
    format: Format,
    map: &impl Fn(&str) -> Option<&'m str>,
) -> (Vec<(usize, usize, String)>, Vec<Report>) {
    let mut edits = Vec::new();
    let mut said = Vec::new();
    let (reading, seen) = (reading(format), doc.keys_seen());
    if seen[0] & reading.leaves[0] == 0 && seen[1] & reading.leaves[1] == 0 {
        // Most events of a stream (arguments and text in pieces) hold no
        // name and no call's id: nothing to walk for.
        return (edits, said);
    }
    let mut rename = |slot: At<'_, '_>| {
        let (Some(name), Some((start, end))) = (slot.string(), slot.span()) else { return };
        if let Some(new) = map(&name).filter(|new| *new != name) {
            edits.push((start, end, serde_json::to_string(new).unwrap_or_default()));
        }
    };
    walk(doc.root(), &reading.trie, &mut vec![doc.root()], map, &mut rename, &mut said);
    // In text order, once per token (two rules may reach one). Sorted, not
    // inserted in order: the rules' order is not the text's, and a hostile
    // event's thousands of names made insertion quadratic.
    crate::heap_sort::sort_by(&mut edits, |a, b| a.0 < b.0);
    edits.dedup_by_key(|e| e.0);
    (edits, said)
}

/// Walks `trie` from `node`: each call place's report into `said`, each
/// value at a name place to `rename`. `nodes`: the nodes after each step
/// so far (the last is `node`), which a call place's slot reads.
fn walk<'t, 'm, J: Json<'t>>(
    node: J,
    trie: &EventTrie,
    nodes: &mut Vec<J>,
    map: &impl Fn(&str) -> Option<&'m str>,
    rename: &mut impl FnMut(J),
    said: &mut Vec<Report>,
) {
    said.extend(trie.calls.iter().filter_map(|group| report(group, node, nodes, map)));
    for (step, below) in &trie.children {
        let mut next = |child: J, nodes: &mut Vec<J>, rename: &mut _| {
            nodes.push(child);
            walk(child, below, nodes, map, rename, said);
            nodes.pop();
        };
        match *step {
            Step::Key(&k) => {
                if let Some(child) = node.get(k) {
                    next(child, nodes, rename);
                }
            }
            Step::Each => {
                for child in node.elements() {
                    next(child, nodes, rename);
                }
            }
            Step::When(&(k, v)) => {
                if node.get(k).and_then(Json::string).as_deref() == Some(v) {
                    next(node, nodes, rename);
                }
            }
            Step::Name(&k) => {
                if let Some(slot) = node.get(k) {
                    rename(slot);
                }
            }
            Step::Names(&k) => {
                for slot in node.get(k).into_iter().flat_map(Json::elements) {
                    rename(slot);
                }
            }
        }
    }
}
