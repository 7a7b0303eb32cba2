//! Stream exports for `js/api/`: raw SSE rewriting and the pairing of a
//! parsed-event stream's calls, both in the core; the wrapper's walkers
//! read the events and tell [`Registry::pair`] what each call carries.

use wasm_bindgen::prelude::*;

use super::tool_name::Registry;
use super::{Limit, Reply};
use crate::stream::event::Json;
use crate::stream::json::{is_integer_token, whole_number, Doc};
use crate::stream::pairing::{Report, Said, SlotPart};
use crate::stream::{SseRewriter, StreamCalls};
use crate::tool_name::Format;

/// One raw event stream being rewritten.
#[wasm_bindgen]
pub struct SseStream {
    inner: SseRewriter,
}

#[wasm_bindgen]
impl SseStream {
    /// A stream in the format named `format` (the wrapper has checked it).
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(format: &str) -> SseStream {
        SseStream { inner: SseRewriter::new(Format::from_name(format).unwrap_or(Format::Anthropic)) }
    }

    /// The end of the stream: the bytes of an unfinished event.
    #[must_use]
    pub fn finish(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        self.inner.finish(&mut out);
        out
    }
}

/// One parsed-event stream's calls.
#[wasm_bindgen]
#[derive(Default)]
pub struct CallStream {
    inner: StreamCalls,
}

#[wasm_bindgen]
impl CallStream {
    /// A stream with no calls yet.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new() -> CallStream {
        CallStream::default()
    }
}

/// A slot's parts from their JSON text (`[0, "x"]`); `None` for anything
/// else. Whole numbers, the walkers' common slots, are read without a
/// document: a slot parsed per call was a tenth of a name-dense stream's
/// time.
fn slot_of(text: &str) -> Option<Vec<SlotPart>> {
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        if inner.split(',').all(is_integer_token) {
            return inner.split(',').map(|n| whole_number(n).map(SlotPart::number)).collect();
        }
    }
    Doc::parse(text)?.root().elements().map(Json::slot_part).collect()
}

#[wasm_bindgen]
impl Registry {
    /// The bytes of `chunk` that can go on, rewritten (a copy: nothing of
    /// the caller's buffer is kept).
    #[must_use]
    pub fn sse_feed(&mut self, stream: &mut SseStream, chunk: &[u8]) -> Vec<u8> {
        // Room for the chunk and a little: growing by doubling from nothing
        // was a few reallocations a chunk. Not for the held event too: a
        // large event arriving slowly would reserve its size at each chunk.
        let mut out = Vec::with_capacity(chunk.len() + 256);
        stream.inner.feed(&mut self.inner, chunk, &mut out);
        out
    }

    /// Pairs what events said of calls, in order: per call, four lengths
    /// in `lens` (the id, the tool as the walk mapped it, the slot's JSON
    /// text and the JSON text of a list of slot prefixes to close first,
    /// the scopes that ended since the call before; `[]` closes every
    /// call), each -1 when absent, the strings end to end in the units. A
    /// string with a lone surrogate is absent. Calls cross in batches: a
    /// crossing per call was most of a name-dense stream's time.
    pub fn pair(&mut self, stream: &mut CallStream, lens: &[i32]) {
        let mut at = 0;
        for call in lens.chunks_exact(4) {
            // Each string in turn: `None` when absent, `Err` when it holds a lone surrogate.
            let mut next = |len: i32| {
                let len = usize::try_from(len).ok()?;
                let s = self.scratch.exact(at, len);
                at += len;
                Some(s)
            };
            let said = |s: Option<Result<String, usize>>| s.map(|s| s.map_or(Said::Unheld, Said::Held));
            let (id, name) = (said(next(call[0])), said(next(call[1])));
            let (slot, closes) = (next(call[2]).and_then(Result::ok), next(call[3]).and_then(Result::ok));
            if let Some(doc) = closes.as_deref().and_then(Doc::parse) {
                for prefix in doc.root().elements() {
                    // As natively: a prefix that cannot be read closes every call.
                    let prefix: Option<Vec<SlotPart>> = prefix.elements().map(Json::slot_part).collect();
                    stream.inner.close(prefix.as_deref().unwrap_or_default());
                }
            }
            let report = Report { id, name, slot: slot.as_deref().and_then(slot_of) };
            self.inner.pair_call(&mut stream.inner, report);
        }
    }

    /// Writes back the tool of the call id in units `..len`: its length,
    /// [`Reply::Null`] or [`Reply::NoRoom`]. An id longer than [`Limit::MaxSlotText`] units (more UTF-8 bytes
    /// than any id held) is not written, and none is held for it.
    pub fn tool_for_call_id(&mut self, len: usize) -> i32 {
        let Some(Ok(id)) = self.scratch.within(len, Limit::MaxSlotText as usize).map(|_| self.scratch.exact(0, len))
        else {
            return Reply::Null as i32;
        };
        let tool = self.inner.tool_for_call_id(&id).map(str::to_owned);
        self.scratch.answer_opt(tool.as_deref())
    }
}
