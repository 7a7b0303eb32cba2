//! One stream's calls: an id and a name met in different events of the
//! same call are paired by the call's slot, within the scope that opened
//! it.

use std::borrow::Cow;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::{MAX_CALL_ID_BYTES, MAX_CALL_NAME_BYTES, MAX_OPEN_CALLS};
use crate::fast_hash::FastHasher;

/// One value of a call's slot (an index, an item id).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum SlotPart {
    /// A number, by its bits (`-0` as `0`).
    Number(u64),
    /// A string.
    Text(String),
}

impl SlotPart {
    /// A number's part.
    pub(crate) fn number(x: f64) -> Self {
        Self::Number(if x == 0.0 { 0 } else { x.to_bits() })
    }
}

/// A call's slot: its parts encoded end to end (a number: 0, then its
/// bits in 8 bytes; a string: 1, its length in 4 bytes, then its bytes),
/// so that a slot is compared and hashed as bytes, and the calls a
/// scope's end closes are those whose bytes begin with its prefix's (each
/// part says where it ends). Held in place up to [`SlotKey::INLINE`]
/// bytes (two numbers, or a short item id), in a `Vec` past that: a list
/// of parts was three allocations a call, on every call of a stream.
#[derive(Debug, Clone)]
pub(crate) struct SlotKey {
    len: usize,
    inline: [u8; SlotKey::INLINE],
    heap: Vec<u8>,
}

impl Default for SlotKey {
    fn default() -> Self {
        Self { len: 0, inline: [0; Self::INLINE], heap: Vec::new() }
    }
}

impl PartialEq for SlotKey {
    fn eq(&self, other: &Self) -> bool {
        self.bytes() == other.bytes()
    }
}
impl Eq for SlotKey {}
impl Hash for SlotKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bytes().hash(state);
    }
}

impl SlotKey {
    /// The most bytes held in place.
    const INLINE: usize = 30;

    /// The encoded parts.
    fn bytes(&self) -> &[u8] {
        if self.len <= Self::INLINE {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }

    fn extend(&mut self, bytes: &[u8]) {
        let len = self.len + bytes.len();
        if len <= Self::INLINE {
            self.inline[self.len..len].copy_from_slice(bytes);
        } else {
            if self.len <= Self::INLINE {
                self.heap.clear();
                self.heap.extend_from_slice(&self.inline[..self.len]);
            }
            self.heap.extend_from_slice(bytes);
        }
        self.len = len;
    }

    /// Empties it (its room stays).
    #[cfg(feature = "wasm-host")]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds a part.
    pub(crate) fn push(&mut self, part: &SlotPart) {
        match part {
            SlotPart::Number(bits) => {
                let mut bytes = [0; 9];
                bytes[1..].copy_from_slice(&bits.to_le_bytes());
                self.extend(&bytes);
            }
            SlotPart::Text(s) => self.push_text(s),
        }
    }

    /// Adds a string part.
    pub(crate) fn push_text(&mut self, s: &str) {
        // A part is at most MAX_CALL_ID_BYTES long (Json::slot_part).
        let mut head = [1; 5];
        head[1..].copy_from_slice(&u32::try_from(s.len()).unwrap_or(u32::MAX).to_le_bytes());
        self.extend(&head);
        self.extend(s.as_bytes());
    }

    /// Whether this slot begins with `prefix`'s parts.
    fn starts_with(&self, prefix: &SlotKey) -> bool {
        self.bytes().starts_with(prefix.bytes())
    }

    /// A copy that holds only its bytes (a buffer read into keeps its room).
    fn to_key(&self) -> Self {
        if self.len <= Self::INLINE {
            Self { len: self.len, inline: self.inline, heap: Vec::new() }
        } else {
            Self { len: self.len, inline: [0; Self::INLINE], heap: self.heap.clone() }
        }
    }
}

impl FromIterator<SlotPart> for SlotKey {
    fn from_iter<I: IntoIterator<Item = SlotPart>>(parts: I) -> Self {
        let mut key = Self::default();
        for part in parts {
            key.push(&part);
        }
        key
    }
}

/// A call's id or tool as an event said it. Shared: a stream's call and
/// the registry's memory hold one copy of each, and a stream names its
/// tools once (the JS binding then names them by number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Said {
    /// A value the memory can hold.
    Held(Arc<str>),
    /// A value over its byte bound, or one with a lone surrogate (which no
    /// Rust string holds): it still takes its place in the call, so a
    /// later value cannot take it silently, but it equals nothing and is
    /// never remembered.
    Unheld,
}

impl Said {
    /// `s`, or [`Unheld`](Self::Unheld) past `max` bytes.
    fn within(self, max: usize) -> Self {
        match self {
            Self::Held(s) if s.len() > max => Self::Unheld,
            other => other,
        }
    }
    /// Whether it is the empty string.
    fn is_empty(&self) -> bool {
        matches!(self, Self::Held(s) if s.is_empty())
    }
    /// The value, when held.
    fn held(&self) -> Option<&Arc<str>> {
        match self {
            Self::Held(s) => Some(s),
            Self::Unheld => None,
        }
    }
    fn same(&self, other: &Self) -> bool {
        matches!((self, other), (Self::Held(a), Self::Held(b)) if Arc::ptr_eq(a, b) || a == b)
    }
}

/// A call being paired: up to two ids (a Responses item's `id` and
/// `call_id`) and its tool. The ids are held in place: a list was an
/// allocation for every call.
#[derive(Debug, Default)]
struct Call {
    ids: [Option<Said>; 2],
    name: Option<Said>,
}

impl Call {
    fn ids(&self) -> impl Iterator<Item = &Said> {
        self.ids.iter().flatten()
    }
    fn id_count(&self) -> usize {
        self.ids.iter().filter(|i| i.is_some()).count()
    }
}

/// What one event said of a call: its id, its tool (canonical where the
/// registry knows it), and its slot (`None`: the event names the call
/// whole, or its slot could not be read).
#[derive(Debug)]
pub(crate) struct Report {
    pub(crate) id: Option<Said>,
    pub(crate) name: Option<Said>,
    pub(crate) slot: Option<SlotKey>,
}

/// The calls of one stream, paired by slot within their scope, for
/// [`ToolRegistry::tool_for_call_id`](crate::ToolRegistry::tool_for_call_id).
///
/// Made by [`SseRewriter`](crate::SseRewriter) for raw bytes; for parsed
/// events, one per stream, passed to
/// [`ToolRegistry::from_provider_event`](crate::ToolRegistry::from_provider_event).
/// At most [`MAX_OPEN_CALLS`] calls are open at once (the oldest is
/// dropped past that), and a slot closes when the content block or
/// response that opened it ends (Anthropic's `content_block_stop`, a
/// Responses `response.output_item.done`, Bedrock's `contentBlockStop`, a
/// new OpenAI Chat completion `id`, and the message or response ends).
#[derive(Debug, Default)]
pub struct StreamCalls {
    /// The hashes of the open calls' slots, in `open`'s order: compared
    /// first, and apart, so a search reads eight bytes a call (a stream
    /// that opens a call per event searches every open call).
    hashes: Vec<u64>,
    /// A bit per value of a hash's top byte, set for each open call's
    /// (and, past a dropped oldest call, perhaps for none): a slot whose
    /// bit is clear has no open call and opens one without a search. A
    /// stream that opens a call per event searched every open call for
    /// each, about a fifth of pairing it.
    filter: [u64; 4],
    /// The open calls by slot, oldest first. A list: there are at most [`MAX_OPEN_CALLS`],
    /// mostly a few, and a map cost more code than the search.
    open: Vec<(SlotKey, Call)>,
    /// The last value of a [`ScopeRule::Changes`](crate::stream::ScopeRule::Changes),
    /// when it was one that can be held.
    scope: Option<String>,
}

impl StreamCalls {
    /// A stream with no calls yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Pairs what an event said of a call; `remember(id, tool)` is told each
    /// id once its tool is known (`None`: a tool too long to hold). An id joins the slot's call only while
    /// the call has room and either has no id yet or the event names the
    /// same tool; a name joins only a call without one or with the same
    /// one. Anything else at the slot opens a new call there: an id is
    /// never paired with a tool another call named. Another name in an
    /// event of the call's own (with one of its ids, or none) leaves each
    /// of its ids answering `None`, as an id seen with two tools. An empty
    /// id or name is not said.
    pub(crate) fn report(&mut self, report: Report, remember: &mut impl FnMut(&Arc<str>, Option<&Arc<str>>)) {
        let Report { id, name, slot } = report;
        self.report_at(id, name, slot.map(Cow::Owned), remember);
    }

    /// [`report`](Self::report) with the slot borrowed (the JS binding
    /// reads every call's slot into one buffer: it is copied only when it
    /// opens a call).
    pub(crate) fn report_at(
        &mut self,
        id: Option<Said>,
        name: Option<Said>,
        slot: Option<Cow<'_, SlotKey>>,
        remember: &mut impl FnMut(&Arc<str>, Option<&Arc<str>>),
    ) {
        // An empty id names no call, and an empty name no tool (a
        // compatible server's later deltas may carry `"id": ""` or
        // `"name": ""`): neither is said.
        let id = id.filter(|id| !id.is_empty()).map(|id| id.within(MAX_CALL_ID_BYTES));
        let name = name.filter(|name| !name.is_empty()).map(|name| name.within(MAX_CALL_NAME_BYTES));
        let Some(slot) = slot else {
            if let (Some(Said::Held(id)), Some(name)) = (&id, &name) {
                remember(id, name.held());
            }
            return;
        };
        if id.is_none() && name.is_none() {
            return;
        }
        let call = self.open_call(slot);
        let same_name = matches!((&name, &call.name), (Some(a), Some(b)) if a.same(b));
        let id_joins = id.as_ref().is_none_or(|id| {
            let count = call.id_count();
            call.ids().any(|i| i.same(id)) || (count < 2 && (count == 0 || same_name))
        });
        let name_joins = name.is_none() || call.name.is_none() || same_name;
        if !(id_joins && name_joins) {
            // Another tool named at the slot by this call's own event (one
            // of its ids, or none: an event with an id of its own is
            // another call): the call has named two tools, so each of its
            // ids answers null from now on, as an id seen with two tools
            // does (SPEC §3.5). The host may know the call by either of
            // its ids (a Responses item's `id` and `call_id`).
            if !name_joins && id.as_ref().is_none_or(|id| call.ids().any(|i| i.same(id))) {
                for held in call.ids().filter_map(Said::held) {
                    remember(held, None);
                }
            }
            *call = Call::default(); // a new call at the slot
        }
        if let Some(id) = id {
            if !call.ids().any(|i| i.same(&id)) {
                // Room: a third id made a new call above.
                if let Some(free) = call.ids.iter_mut().find(|i| i.is_none()) {
                    *free = Some(id);
                }
            }
        }
        if name.is_some() {
            call.name = name;
        }
        if let Some(name) = &call.name {
            for id in call.ids() {
                if let Said::Held(id) = id {
                    remember(id, name.held());
                }
            }
        }
    }

    /// The call at `slot`, opened when there is none.
    fn open_call(&mut self, slot: Cow<'_, SlotKey>) -> &mut Call {
        let hash = {
            let mut h = FastHasher::default();
            slot.hash(&mut h);
            h.finish()
        };
        let (word, bit) = filter_bit(hash);
        let mut found = None;
        let mut end = if self.filter[word] & bit == 0 { 0 } else { self.hashes.len() };
        while let Some(i) = self.hashes[..end].iter().rposition(|&h| h == hash) {
            if self.open[i].0 == *slot {
                found = Some(i);
                break;
            }
            end = i;
        }
        let i = if let Some(i) = found {
            i
        } else {
            if self.open.len() >= MAX_OPEN_CALLS {
                // Its bit stays: a stale bit only costs a search.
                self.open.remove(0);
                self.hashes.remove(0);
            }
            self.filter[word] |= bit;
            let slot = match slot {
                Cow::Borrowed(slot) => slot.to_key(),
                Cow::Owned(slot) => slot,
            };
            self.open.push((slot, Call::default()));
            self.hashes.push(hash);
            self.open.len() - 1
        };
        &mut self.open[i].1
    }

    /// Closes the calls whose slot begins with `prefix` (every call for an
    /// empty one).
    pub(crate) fn close(&mut self, prefix: &SlotKey) {
        if prefix.bytes().is_empty() {
            self.open.clear();
            self.hashes.clear();
            self.filter = [0; 4];
            return;
        }
        let mut i = 0;
        self.hashes.retain(|_| {
            i += 1;
            !self.open[i - 1].0.starts_with(prefix)
        });
        self.open.retain(|(slot, _)| !slot.starts_with(prefix));
        self.filter = [0; 4];
        for &hash in &self.hashes {
            let (word, bit) = filter_bit(hash);
            self.filter[word] |= bit;
        }
    }

    /// No calls and no scope, as new (the room of its lists stays).
    #[cfg(feature = "wasm-host")]
    pub(crate) fn reset(&mut self) {
        self.close(&SlotKey::default());
        self.scope = None;
    }

    /// A [`Changes`](crate::stream::ScopeRule::Changes) value seen: every call
    /// closes when it differs from the last one.
    pub(crate) fn scope_value(&mut self, value: Option<&str>) {
        // A value that cannot be held (over the id bound, or with a lone
        // surrogate) cannot be compared: every such event closes every
        // call, which costs pairing, never routing.
        let value = value.filter(|v| v.len() <= MAX_CALL_ID_BYTES);
        if value.is_none() || self.scope.as_deref() != value {
            self.close(&SlotKey::default());
            self.scope = value.map(str::to_owned);
        }
    }
}

/// Where a slot's hash sits in [`StreamCalls`]' filter: its word and bit
/// (by the hash's top byte, the best mixed of a multiplying hash).
fn filter_bit(hash: u64) -> (usize, u64) {
    let top = usize::from(hash.to_be_bytes()[0]);
    (top >> 6, 1 << (top & 63))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(calls: &mut StreamCalls, reports: &[(Option<&str>, Option<&str>, Option<u32>)]) -> Vec<(String, String)> {
        let mut got = Vec::new();
        for &(id, name, slot) in reports {
            let report = Report {
                id: id.map(|s| Said::Held(Arc::from(s))),
                name: name.map(|s| Said::Held(Arc::from(s))),
                slot: slot.map(|s| [SlotPart::number(f64::from(s))].into_iter().collect()),
            };
            calls.report(report, &mut |i: &Arc<str>, n: Option<&Arc<str>>| {
                got.push((i.to_string(), n.map_or("<unheld>", |n| n).to_owned()));
            });
        }
        got
    }
    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect()
    }

    #[test]
    fn an_id_and_a_later_name_pair_and_a_reused_slot_is_a_new_call() {
        let mut c = StreamCalls::new();
        let got = run(&mut c, &[(Some("call_1"), None, Some(0)), (None, Some("fs/read"), Some(0))]);
        assert_eq!(got, pairs(&[("call_1", "fs/read")]));
        // The same slot, left open, names another call: call_1 is not re-pointed.
        let got = run(&mut c, &[(Some("call_2"), Some("shell/exec"), Some(0))]);
        assert_eq!(got, pairs(&[("call_2", "shell/exec")]));
        // An id alone at a slot whose call has an id and a name is a new call waiting for its name.
        let got = run(&mut c, &[(Some("call_3"), None, Some(0)), (None, Some("fs/read"), Some(0))]);
        assert_eq!(got, pairs(&[("call_3", "fs/read")]));
    }

    #[test]
    fn another_name_in_the_calls_own_event_leaves_its_ids_answering_none() {
        // A Responses item: its id and call_id, then its item id with another name.
        let mut c = StreamCalls::new();
        let got = run(&mut c, &[(Some("fc_1"), Some("fs/read"), Some(0)), (Some("call_1"), Some("fs/read"), Some(0))]);
        assert_eq!(got, pairs(&[("fc_1", "fs/read"), ("fc_1", "fs/read"), ("call_1", "fs/read")]));
        let got = run(&mut c, &[(Some("fc_1"), Some("shell/exec"), Some(0))]);
        assert_eq!(got, pairs(&[("fc_1", "<unheld>"), ("call_1", "<unheld>"), ("fc_1", "shell/exec")]));
        // Chat: a later chunk of the same call (same index, no id) names another tool.
        let got = run(&mut c, &[(Some("call_0"), Some("fs/read"), Some(1)), (None, Some("shell/exec"), Some(1))]);
        assert_eq!(got, pairs(&[("call_0", "fs/read"), ("call_0", "<unheld>")]));
        // An event with an id of its own is another call: call_2 keeps its tool.
        let got =
            run(&mut c, &[(Some("call_2"), Some("fs/read"), Some(2)), (Some("call_3"), Some("shell/exec"), Some(2))]);
        assert_eq!(got, pairs(&[("call_2", "fs/read"), ("call_3", "shell/exec")]));
    }

    #[test]
    fn an_empty_id_or_name_is_not_said() {
        let mut c = StreamCalls::new();
        let got = run(
            &mut c,
            &[(Some("call_1"), Some("fs/read"), Some(0)), (Some(""), Some(""), Some(0)), (None, Some(""), Some(0))],
        );
        assert_eq!(got, pairs(&[("call_1", "fs/read")]));
        assert_eq!(run(&mut c, &[(Some(""), Some("fs/read"), None)]), pairs(&[]));
    }

    #[test]
    fn two_ids_of_one_call_and_a_third_is_another_call() {
        let mut c = StreamCalls::new();
        let got = run(&mut c, &[(Some("call_1"), Some("a"), Some(1)), (Some("item_1"), Some("a"), Some(1))]);
        assert_eq!(got, pairs(&[("call_1", "a"), ("call_1", "a"), ("item_1", "a")]));
        let got = run(&mut c, &[(Some("call_2"), Some("a"), Some(1))]);
        assert_eq!(got, pairs(&[("call_2", "a")]));
    }

    #[test]
    fn closing_a_scope_forgets_its_slots() {
        let mut c = StreamCalls::new();
        run(&mut c, &[(Some("call_1"), None, Some(0))]);
        c.close(&[SlotPart::number(0.0)].into_iter().collect());
        assert_eq!(run(&mut c, &[(None, Some("x"), Some(0))]), pairs(&[]));
        run(&mut c, &[(Some("call_2"), None, Some(3))]);
        c.scope_value(Some("chatcmpl-1"));
        assert_eq!(run(&mut c, &[(None, Some("x"), Some(3))]), pairs(&[]));
    }

    #[test]
    fn a_name_or_id_too_long_to_hold_still_takes_its_place() {
        let mut c = StreamCalls::new();
        let long = "x".repeat(MAX_CALL_NAME_BYTES + 1);
        // The call named a tool too long to remember: a later name is another call's, not call_1's.
        let got = run(&mut c, &[(Some("call_1"), Some(&long), Some(0)), (None, Some("shell/exec"), Some(0))]);
        assert_eq!(
            got,
            pairs(&[("call_1", "<unheld>"), ("call_1", "<unheld>")]),
            "told as unheld, and never with shell/exec"
        );
        let id = "i".repeat(MAX_CALL_ID_BYTES + 1);
        // A call whose id is too long: a later id with no name does not join it.
        let got = run(&mut c, &[(Some(&id), Some("fs/read"), Some(1)), (Some("call_2"), None, Some(1))]);
        assert_eq!(got, pairs(&[]));
        let got = run(&mut c, &[(None, Some("shell/exec"), Some(1))]);
        assert_eq!(got, pairs(&[("call_2", "shell/exec")]));
    }

    #[test]
    fn slot_keys_compare_as_their_parts_in_place_or_not() {
        // The oracle is the list of parts: equal lists, equal keys; a list
        // that begins with another, a key that begins with the other's.
        let text = |n: usize| SlotPart::Text("s".repeat(n));
        let lists: Vec<Vec<SlotPart>> = vec![
            vec![],
            vec![SlotPart::number(0.0)],
            vec![SlotPart::number(0.0), SlotPart::number(1.0)],
            vec![SlotPart::number(0.0), SlotPart::number(1.0), SlotPart::number(2.0)],
            vec![SlotPart::number(0.0), SlotPart::number(1.0), SlotPart::number(2.0), SlotPart::number(3.0)],
            vec![text(3)],
            vec![text(25)],
            vec![text(26)],
            vec![text(26), SlotPart::number(0.0)],
            vec![SlotPart::number(0.0), text(40)],
            vec![SlotPart::number(0.0), text(40), SlotPart::number(1.0)],
        ];
        let hash = |k: &SlotKey| {
            let mut h = FastHasher::default();
            k.hash(&mut h);
            h.finish()
        };
        for a in &lists {
            let ka: SlotKey = a.iter().cloned().collect();
            for b in &lists {
                let kb: SlotKey = b.iter().cloned().collect();
                assert_eq!(ka == kb, a == b, "{a:?} {b:?}");
                assert_eq!(ka.to_key() == kb, a == b, "{a:?} {b:?}");
                assert_eq!(ka.starts_with(&kb), a.starts_with(b), "{a:?} {b:?}");
                if a == b {
                    assert_eq!(hash(&ka), hash(&kb.to_key()));
                }
            }
        }
        // A buffer read into again after it spilled still gives its parts alone.
        let mut reused: SlotKey = [text(40)].into_iter().collect();
        reused.len = 0;
        reused.push(&SlotPart::number(7.0));
        assert!(reused == [SlotPart::number(7.0)].into_iter().collect());
    }

    #[test]
    fn open_calls_and_their_order_stay_bounded() {
        let mut c = StreamCalls::new();
        for i in 0..10 * MAX_OPEN_CALLS {
            let slot = u32::try_from(i).unwrap();
            run(&mut c, &[(Some("id"), None, Some(slot))]);
            if i % 2 == 0 {
                c.close(&[SlotPart::number(f64::from(slot))].into_iter().collect());
            }
        }
        assert!(c.open.len() <= MAX_OPEN_CALLS);
        // Each hash still beside its own slot after the closes and drops.
        let hash = |k: &SlotKey| {
            let mut h = FastHasher::default();
            k.hash(&mut h);
            h.finish()
        };
        assert_eq!(c.hashes, c.open.iter().map(|(k, _)| hash(k)).collect::<Vec<_>>());
        // And each open call's bit set in the filter (a clear one skips the search).
        for &h in &c.hashes {
            let (word, bit) = filter_bit(h);
            assert_ne!(c.filter[word] & bit, 0);
        }
    }
}
