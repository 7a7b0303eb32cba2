//! Stream exports for `js/api/`: raw SSE rewriting and the pairing of a
//! parsed-event stream's calls, both in the core; the wrapper's walkers
//! read the events and tell [`Registry::pair`] what each call carries.

use wasm_bindgen::prelude::*;

use super::protocol::Word;
use super::scratch::{scratch_exports, Scratch};
use super::tool_name::Registry;
use super::{Limit, Reply};
use crate::stream::json::whole;
use crate::stream::pairing::{Said, SlotKey, SlotPart};
use crate::stream::{SseRewriter, StreamCalls};
use crate::tool_name::Format;
use std::borrow::Cow;
use std::sync::Arc;

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

/// One parsed-event stream's calls, and its scratch, where the wrapper
/// writes each call as the walk meets it (its own: a registry's is
/// rewritten by every lookup between two calls) until
/// [`Registry::pair`] reads them.
#[wasm_bindgen]
#[derive(Default)]
pub struct CallStream {
    inner: StreamCalls,
    scratch: Scratch,
    /// The tools the stream's calls named, in the order first sent (at
    /// most [`Limit::MaxStreamTools`]): a later call names one by its
    /// number. A name-dense stream names a few tools many times; each sent
    /// and decoded anew was a sixth of its pairing.
    tools: Vec<Said>,
}

scratch_exports!(CallStream);

#[wasm_bindgen]
impl CallStream {
    /// A stream with no calls yet.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new() -> CallStream {
        CallStream::default()
    }

    /// Forgets the stream's calls and tools; its scratch and its room for
    /// calls stay. The wrapper gives an ended stream's `CallStream` to the
    /// next: a new one per stream, its buffers grown from nothing, was
    /// about a tenth of pairing a name-dense stream.
    pub fn reset(&mut self) {
        self.inner.reset();
        self.tools.clear();
    }
}

/// A reader of the calls [`Registry::pair`] is given: words and code
/// units, each read in turn. Words past the end read as
/// [`Word::Missing`], units as none.
struct Calls<'s> {
    scratch: &'s Scratch,
    word: usize,
    unit: usize,
    /// The last slot read (one buffer for all: a slot is copied only when it opens a call).
    key: SlotKey,
    /// An ASCII string's bytes, on their way to an `Arc<str>`.
    bytes: Vec<u8>,
}

impl Calls<'_> {
    fn word(&mut self) -> i32 {
        let w = self.scratch.words.get(self.word).copied().unwrap_or(Word::Missing as i32);
        self.word += 1;
        w
    }

    /// A string of `len` units (`Err` when it holds a lone surrogate).
    fn string(&mut self, len: usize) -> Result<String, usize> {
        let s = self.scratch.exact(self.unit, len);
        self.unit += len;
        s
    }

    /// A string of `len` units as an id or tool (unheld when it holds a
    /// lone surrogate), in one allocation.
    fn shared(&mut self, len: usize) -> Said {
        let units = self.scratch.units(self.unit, len);
        // Its bytes while it is ASCII (one pass: a check first was two).
        self.bytes.clear();
        self.bytes.extend(units.iter().map_while(|&u| u8::try_from(u).ok().filter(u8::is_ascii)));
        if self.bytes.len() == len {
            self.unit += len;
            return std::str::from_utf8(&self.bytes).map_or(Said::Unheld, |s| Said::Held(Arc::from(s)));
        }
        self.string(len).map_or(Said::Unheld, |s| Said::Held(Arc::from(s)))
    }

    /// An id: `None` when absent.
    fn said(&mut self) -> Option<Said> {
        let len = usize::try_from(self.word()).ok()?;
        Some(self.shared(len))
    }

    /// A tool: `None` when absent; one of `tools` by its number
    /// ([`Word::Seen`]), or one told now, added to `tools` while they have
    /// room (as the wrapper adds it to its own).
    fn tool(&mut self, tools: &mut Vec<Said>) -> Option<Said> {
        let w = self.word();
        if w == Word::Seen as i32 {
            let seen = usize::try_from(self.word()).ok()?;
            return tools.get(seen).cloned();
        }
        let said = self.shared(usize::try_from(w).ok()?);
        if tools.len() < Limit::MaxStreamTools as usize {
            tools.push(said.clone());
        }
        Some(said)
    }

    /// A slot or a scope's prefix, into `key`: false when absent or when a
    /// part cannot be one (a number JSON would not write as a whole number
    /// of at most 15 digits, a string too long or with a lone surrogate),
    /// as [`Json::slot_part`](crate::stream::event::Json::slot_part) reads
    /// the event's text. Every part is read, so the next call starts where
    /// it should.
    fn slot(&mut self) -> bool {
        let Ok(parts) = usize::try_from(self.word()) else { return false };
        self.key.clear();
        let mut ok = true;
        for _ in 0..parts {
            let tag = self.word();
            let part = if tag == Word::Int as i32 {
                whole(f64::from(self.word())).map(SlotPart::number)
            } else if tag == Word::Number as i32 {
                let (low, high) = (self.word(), self.word());
                let bits = u64::from(u32::from_ne_bytes(low.to_ne_bytes()))
                    | (u64::from(u32::from_ne_bytes(high.to_ne_bytes())) << 32);
                whole(f64::from_bits(bits)).map(SlotPart::number)
            } else {
                let len = usize::try_from(tag).unwrap_or_default();
                self.string(len).ok().filter(|s| s.len() <= crate::MAX_CALL_ID_BYTES).map(SlotPart::Text)
            };
            match part {
                Some(part) if ok => self.key.push(&part),
                _ => ok = false,
            }
        }
        ok
    }
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

    /// Pairs what events said of `count` calls, in order, from the
    /// stream's scratch (strings end to end in the units; a string with a lone surrogate is
    /// unheld). Per call, in words: the id's length ([`Word::Missing`]:
    /// absent), the tool's (as the walk mapped it; or [`Word::Seen`] and
    /// its number among the tools the stream named before), the number of scope
    /// prefixes that ended since the call before, each a slot to close
    /// first (no parts: every call), then the call's slot: its number of
    /// parts ([`Word::Missing`]: none), each a string's length,
    /// [`Word::Int`] and a 32-bit integer, or [`Word::Number`] and the
    /// number's bits. Calls cross in batches, their
    /// slots as values: a crossing per call, then slots as JSON text parsed
    /// here, were most of a name-dense stream's time.
    pub fn pair(&mut self, stream: &mut CallStream, count: usize) {
        let CallStream { inner: open, scratch, tools } = stream;
        let mut calls = Calls { scratch, word: 0, unit: 0, key: SlotKey::default(), bytes: Vec::new() };
        let registry = &mut self.inner;
        for _ in 0..count {
            let (id, name) = (calls.said(), calls.tool(tools));
            for _ in 0..calls.word().max(0) {
                // As natively: a prefix that cannot be read closes every call.
                if !calls.slot() {
                    calls.key.clear();
                }
                open.close(&calls.key);
            }
            let slot = calls.slot().then_some(Cow::Borrowed(&calls.key));
            open.report_at(id, name, slot, &mut |id, tool| registry.remember_call(id, tool));
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
