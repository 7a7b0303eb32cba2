//! A registry's memory of which tool each call id named
//! ([`ToolRegistry::tool_for_call_id`](crate::ToolRegistry::tool_for_call_id)).

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::Hasher;
use std::sync::Arc;

use super::{MAX_AMBIGUOUS_IDS, MAX_CALL_IDS, MAX_CALL_ID_BYTES, MAX_CALL_MEMORY_BYTES, MAX_CALL_NAME_BYTES};

/// What an id is remembered as.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tool {
    /// The one tool the id was seen with.
    One(Arc<str>),
    /// Seen with two different tools: the id no longer says which.
    Ambiguous,
}

/// Call ids and their tools, the most recently first seen, bounded by
/// count and by bytes. An id never moves to another tool: seen with a
/// second tool, it answers `None`, and it stays ambiguous after the id
/// itself is forgotten (its hash is kept among the most recent
/// [`MAX_AMBIGUOUS_IDS`]), so flooding the memory with new ids cannot
/// make it take a tool again.
///
/// Ids and tools are shared with the streams that said them (and an id
/// with its place in the order): three copies of each new id and its tool
/// were three allocations a call.
#[derive(Debug, Clone, Default)]
pub(crate) struct CallMemory {
    tools: HashMap<Arc<str>, Tool>,
    /// Ids from oldest to newest (each once).
    order: VecDeque<Arc<str>>,
    bytes: usize,
    /// The hashes of ids seen with two tools, and their order.
    ambiguous: HashSet<u64>,
    ambiguous_order: VecDeque<u64>,
}

/// What one remembered id costs against [`MAX_CALL_MEMORY_BYTES`]: the id
/// counted twice (the map's key and the order, once two copies).
fn cost(id: &str, tool: &Tool) -> usize {
    2 * id.len()
        + match tool {
            Tool::One(name) => name.len(),
            Tool::Ambiguous => 0,
        }
}

impl CallMemory {
    /// Remembers that call `id` named `tool`. An id or a name over its
    /// byte bound is not remembered (no provider's is that long).
    ///
    /// `tool` is `None` when the call named a tool too long to hold (or
    /// one with a lone surrogate): the id then answers `None` from now on,
    /// as one seen with two tools does, so no later event can give it a
    /// tool.
    pub(crate) fn remember(&mut self, id: &Arc<str>, tool: Option<&Arc<str>>) {
        if id.len() > MAX_CALL_ID_BYTES {
            return;
        }
        let Some(tool) = tool.filter(|t| t.len() <= MAX_CALL_NAME_BYTES) else {
            self.poison(id);
            return;
        };
        // One hash for the lookup and the insert (every call of a stream
        // names a new id: a lookup, then an insert, hashed it twice).
        match self.tools.entry(Arc::clone(id)) {
            Entry::Occupied(mut known) => {
                let known = known.get_mut();
                if matches!(known, Tool::One(t) if Arc::ptr_eq(t, tool) || t == tool) || *known == Tool::Ambiguous {
                    return;
                }
                self.bytes -= cost(id, known);
                *known = Tool::Ambiguous;
                self.bytes += cost(id, known);
            }
            Entry::Vacant(new) => {
                // A new id: one marked ambiguous before it was forgotten stays so.
                let ambiguous = !self.ambiguous.is_empty() && self.ambiguous.contains(&hash_of(id));
                let entry = if ambiguous { Tool::Ambiguous } else { Tool::One(Arc::clone(tool)) };
                self.bytes += cost(id, &entry);
                new.insert(entry);
                self.order.push_back(Arc::clone(id));
                self.forget_past_bounds();
                return;
            }
        }
        self.mark_ambiguous(id);
    }

    /// Forgets the oldest ids while the memory holds more than its bounds.
    fn forget_past_bounds(&mut self) {
        while self.order.len() > MAX_CALL_IDS || self.bytes > MAX_CALL_MEMORY_BYTES {
            let Some(oldest) = self.order.pop_front() else { break };
            if let Some(gone) = self.tools.remove(&oldest) {
                self.bytes -= cost(&oldest, &gone);
            }
        }
    }

    /// Makes `id` answer `None` from now on.
    fn poison(&mut self, id: &str) {
        if let Some(known) = self.tools.get_mut(id) {
            if *known != Tool::Ambiguous {
                self.bytes -= cost(id, known);
                *known = Tool::Ambiguous;
                self.bytes += cost(id, known);
            }
        }
        self.mark_ambiguous(id);
    }

    fn mark_ambiguous(&mut self, id: &str) {
        let hash = hash_of(id);
        if self.ambiguous.insert(hash) {
            self.ambiguous_order.push_back(hash);
            if self.ambiguous_order.len() > MAX_AMBIGUOUS_IDS {
                if let Some(oldest) = self.ambiguous_order.pop_front() {
                    self.ambiguous.remove(&oldest);
                }
            }
        }
    }

    /// The one tool `id` was seen with; `None` for an id not seen,
    /// forgotten, or seen with two tools.
    pub(crate) fn tool(&self, id: &str) -> Option<&str> {
        match self.tools.get(id)? {
            Tool::One(name) => Some(&**name),
            Tool::Ambiguous => None,
        }
    }
}

/// An id's 64-bit hash, for the ambiguous ids kept after they are
/// forgotten: `SipHash` with fixed keys. Two ids that hash alike (about
/// 2^32 tries for someone choosing both) only make the other answer `None`
/// too: a fallback to the name, never another tool.
fn hash_of(id: &str) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    h.write(id.as_bytes());
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    impl CallMemory {
        /// [`remember`](Self::remember) of new copies.
        fn note(&mut self, id: &str, tool: Option<&str>) {
            self.remember(&Arc::from(id), tool.map(Arc::from).as_ref());
        }
    }

    #[test]
    fn an_id_never_moves_to_another_tool() {
        let mut m = CallMemory::default();
        m.note("call_1", Some("fs/read_file"));
        m.note("call_1", Some("fs/read_file"));
        assert_eq!(m.tool("call_1"), Some("fs/read_file"));
        m.note("call_1", Some("shell/exec"));
        assert_eq!(m.tool("call_1"), None);
        m.note("call_1", Some("fs/read_file"));
        assert_eq!(m.tool("call_1"), None, "ambiguous stays ambiguous");
    }

    #[test]
    fn an_ambiguous_id_stays_so_after_it_is_forgotten() {
        let mut m = CallMemory::default();
        m.note("toolu_1", Some("fs/read_file"));
        m.note("toolu_1", Some("shell/exec"));
        for i in 0..=MAX_CALL_IDS {
            m.note(&format!("flood{i}"), Some("t"));
        }
        assert!(!m.tools.contains_key("toolu_1"), "forgotten");
        m.note("toolu_1", Some("shell/exec"));
        assert_eq!(m.tool("toolu_1"), None, "still ambiguous");
        for i in 0..=MAX_AMBIGUOUS_IDS {
            m.note(&format!("a{i}"), Some("x"));
            m.note(&format!("a{i}"), Some("y"));
        }
        assert!(m.ambiguous.len() <= MAX_AMBIGUOUS_IDS && m.ambiguous_order.len() <= MAX_AMBIGUOUS_IDS);
    }

    #[test]
    fn bounded_by_count_and_by_bytes() {
        let mut m = CallMemory::default();
        for i in 0..MAX_CALL_IDS + 10 {
            m.note(&format!("id{i}"), Some("t"));
        }
        assert_eq!(m.tools.len(), MAX_CALL_IDS);
        assert_eq!(m.tool("id0"), None, "the oldest forgotten");
        assert_eq!(m.tool(&format!("id{}", MAX_CALL_IDS + 9)), Some("t"));
        let name = "n".repeat(MAX_CALL_NAME_BYTES);
        for i in 0..MAX_CALL_IDS {
            m.note(&format!("big{i}"), Some(&name));
        }
        assert!(m.bytes <= MAX_CALL_MEMORY_BYTES);
        let recount: usize = m.tools.iter().map(|(id, t)| cost(id, t)).sum();
        assert_eq!(recount, m.bytes);
        m.note("x", Some(&"n".repeat(MAX_CALL_NAME_BYTES + 1)));
        m.note(&"i".repeat(MAX_CALL_ID_BYTES + 1), Some("t"));
        assert_eq!(m.tool("x"), None);
        m.note("x", Some("t"));
        assert_eq!(m.tool("x"), None, "an id whose tool was too long to hold never takes another");
        assert_eq!(m.tools.len(), m.order.len());
    }
}
