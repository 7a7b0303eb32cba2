//! Provider streams: the calls their events name (paired per stream,
//! remembered per registry) and raw `text/event-stream` rewriting.

pub(crate) mod event;
pub(crate) mod json;
mod memory;
pub(crate) mod pairing;
pub(crate) mod scope;
mod sse;

pub(crate) use memory::CallMemory;
pub use pairing::StreamCalls;
pub use sse::SseRewriter;

use serde_json::Value;

use crate::tool_name::{Format, ToolRegistry};

/// How many call ids a registry remembers for
/// [`ToolRegistry::tool_for_call_id`]: the most recent ones.
pub const MAX_CALL_IDS: usize = 4096;
/// The most bytes of ids and tool names a registry's call memory holds
/// (the oldest ids are forgotten past it).
pub const MAX_CALL_MEMORY_BYTES: usize = 1 << 20;
/// How many ids seen with two tools a registry keeps answering `None` for
/// after it has forgotten them (8-byte hashes).
pub const MAX_AMBIGUOUS_IDS: usize = 16_384;
/// A call id longer than this (bytes) is not remembered: no provider's is.
/// Also the longest string a call's slot may hold.
pub const MAX_CALL_ID_BYTES: usize = 256;
/// A tool name longer than this (bytes) is not remembered with its call.
pub const MAX_CALL_NAME_BYTES: usize = 1024;
/// How many calls one stream pairs at once (the oldest is dropped past it).
pub const MAX_OPEN_CALLS: usize = 256;
/// The largest event [`SseRewriter`] holds to rewrite: a longer one passes
/// through unrewritten, as it arrives.
pub const MAX_SSE_EVENT_BYTES: usize = 4 << 20;

impl ToolRegistry {
    /// One parsed stream event with its aliases made canonical (as
    /// [`from_provider`](Self::from_provider)); the calls it names are
    /// paired within `stream` and remembered for
    /// [`tool_for_call_id`](Self::tool_for_call_id).
    ///
    /// ```
    /// use mcp_boundary::{Format, StreamCalls, ToolRegistry};
    /// use serde_json::json;
    /// let mut registry = ToolRegistry::default();
    /// registry.register("fs/read_file").unwrap();
    /// let mut stream = StreamCalls::new();
    /// let event = json!({"type": "content_block_start", "index": 0,
    ///     "content_block": {"type": "tool_use", "id": "toolu_1", "name": "fs__read_file", "input": {}}});
    /// let out = registry.from_provider_event(&mut stream, &event, Format::Anthropic);
    /// assert_eq!(out["content_block"]["name"], "fs/read_file");
    /// assert_eq!(registry.tool_for_call_id("toolu_1"), Some("fs/read_file"));
    /// ```
    pub fn from_provider_event(&mut self, stream: &mut StreamCalls, event: &Value, format: Format) -> Value {
        let out = self.from_provider(event, format);
        let said = event::reports(format, event, &|name| self.canonical_of_alias(name));
        event::begin(stream, format, event);
        for report in said {
            self.pair_call(stream, report);
        }
        event::end(stream, format, event);
        out
    }

    /// Pairs what one parsed event said of a call (the JS binding's walkers
    /// read it); the scope rules are applied by the caller.
    pub(crate) fn pair_call(&mut self, stream: &mut StreamCalls, report: pairing::Report) {
        stream.report(report, &mut |id, tool| self.remember_call(id, tool));
    }
}
