//! A registry's memory of which tool each call id named
//! ([`ToolRegistry::tool_for_call_id`](crate::ToolRegistry::tool_for_call_id)).

use std::collections::{HashMap, VecDeque};

use super::{MAX_CALL_IDS, MAX_CALL_ID_BYTES, MAX_CALL_MEMORY_BYTES, MAX_CALL_NAME_BYTES};

/// What an id is remembered as.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tool {
    /// The one tool the id was seen with.
    One(String),
    /// Seen with two different tools: the id no longer says which.
    Ambiguous,
}

/// Call ids and their tools, the most recent ones, bounded by count and by
/// bytes. An id never moves to another tool: seen with a second tool, it
/// answers `None` until it is forgotten.
#[derive(Debug, Clone, Default)]
pub(crate) struct CallMemory {
    tools: HashMap<String, Tool>,
    /// Ids from oldest to newest (each once).
    order: VecDeque<String>,
    bytes: usize,
}

/// What one remembered id costs against [`MAX_CALL_MEMORY_BYTES`].
fn cost(id: &str, tool: &Tool) -> usize {
    id.len()
        + match tool {
            Tool::One(name) => name.len(),
            Tool::Ambiguous => 0,
        }
}

impl CallMemory {
    /// Remembers that call `id` named `tool`. An id or a name over its
    /// byte bound is not remembered (no provider's is that long).
    pub(crate) fn remember(&mut self, id: &str, tool: &str) {
        if id.len() > MAX_CALL_ID_BYTES || tool.len() > MAX_CALL_NAME_BYTES {
            return;
        }
        if let Some(known) = self.tools.get_mut(id) {
            if *known != Tool::One(tool.to_owned()) && *known != Tool::Ambiguous {
                self.bytes -= cost(id, known);
                *known = Tool::Ambiguous;
                self.bytes += cost(id, known);
            }
            return;
        }
        let entry = Tool::One(tool.to_owned());
        self.bytes += cost(id, &entry);
        self.tools.insert(id.to_owned(), entry);
        self.order.push_back(id.to_owned());
        while self.order.len() > MAX_CALL_IDS || self.bytes > MAX_CALL_MEMORY_BYTES {
            let Some(oldest) = self.order.pop_front() else { break };
            if let Some(gone) = self.tools.remove(&oldest) {
                self.bytes -= cost(&oldest, &gone);
            }
        }
    }

    /// The one tool `id` was seen with; `None` for an id not seen,
    /// forgotten, or seen with two tools.
    pub(crate) fn tool(&self, id: &str) -> Option<&str> {
        match self.tools.get(id)? {
            Tool::One(name) => Some(name),
            Tool::Ambiguous => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_never_moves_to_another_tool() {
        let mut m = CallMemory::default();
        m.remember("call_1", "fs/read_file");
        m.remember("call_1", "fs/read_file");
        assert_eq!(m.tool("call_1"), Some("fs/read_file"));
        m.remember("call_1", "shell/exec");
        assert_eq!(m.tool("call_1"), None);
        m.remember("call_1", "fs/read_file");
        assert_eq!(m.tool("call_1"), None, "ambiguous stays ambiguous");
    }

    #[test]
    fn bounded_by_count_and_by_bytes() {
        let mut m = CallMemory::default();
        for i in 0..MAX_CALL_IDS + 10 {
            m.remember(&format!("id{i}"), "t");
        }
        assert_eq!(m.tools.len(), MAX_CALL_IDS);
        assert_eq!(m.tool("id0"), None, "the oldest forgotten");
        assert_eq!(m.tool(&format!("id{}", MAX_CALL_IDS + 9)), Some("t"));
        let name = "n".repeat(MAX_CALL_NAME_BYTES);
        for i in 0..MAX_CALL_IDS {
            m.remember(&format!("big{i}"), &name);
        }
        assert!(m.bytes <= MAX_CALL_MEMORY_BYTES);
        let recount: usize = m.tools.iter().map(|(id, t)| cost(id, t)).sum();
        assert_eq!(recount, m.bytes);
        m.remember("x", &"n".repeat(MAX_CALL_NAME_BYTES + 1));
        m.remember(&"i".repeat(MAX_CALL_ID_BYTES + 1), "t");
        assert_eq!(m.tool("x"), None);
        assert_eq!(m.tools.len(), m.order.len());
    }
}
