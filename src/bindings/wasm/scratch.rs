//! The scratch buffers every wasm object has, and their three exports.

use wasm_bindgen::prelude::*;

use super::protocol::Limit;
#[cfg(feature = "wasm-host")]
use super::protocol::{EditWord, Reply};
#[cfg(feature = "wasm-host")]
use crate::tool_name::mapping::Edit;

/// The scratch buffers of one wasm object: UTF-16 code units and `i32`
/// words that the wrapper writes before a call and reads after it.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    pub(crate) units: Vec<u16>,
    pub(crate) words: Vec<i32>,
}

/// Grows `buffer` to at least `len` elements, refusing instead of aborting.
pub(crate) fn room<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> bool {
    if len > Limit::MaxUnits as usize {
        return false;
    }
    if buffer.len() < len {
        if buffer.try_reserve_exact(len - buffer.len()).is_err() {
            return false;
        }
        buffer.resize(len, T::default());
    }
    true
}

impl Scratch {
    /// Room for `len` code units; their byte address.
    /// 0 when `len` is over [`Limit::MaxUnits`] or the memory cannot grow.
    pub(crate) fn units_at(&mut self, len: usize) -> usize {
        if !room(&mut self.units, len) {
            return 0;
        }
        self.units.as_ptr() as usize
    }

    /// Room for `len` words; their byte address (0 as for
    /// [`units_at`](Self::units_at)).
    pub(crate) fn words_at(&mut self, len: usize) -> usize {
        if !room(&mut self.words, len) {
            return 0;
        }
        self.words.as_ptr() as usize
    }

    /// Drops buffers grown past [`Limit::Keep`] elements.
    pub(crate) fn release(&mut self) {
        let keep = Limit::Keep as usize;
        if self.units.len() > keep {
            self.units = Vec::new();
        }
        if self.words.len() > keep {
            self.words = Vec::new();
        }
    }

    /// Code units `offset..offset + len` (empty when out of range).
    pub(crate) fn units(&self, offset: usize, len: usize) -> &[u16] {
        self.units.get(offset..offset.saturating_add(len)).unwrap_or_default()
    }

    /// Code units `..len` when `len` is at most `cap`, the most of an input
    /// that can matter (the wrapper writes a longer one not at all: it is
    /// answered from its length alone); `None` otherwise.
    pub(crate) fn within(&self, len: usize, cap: usize) -> Option<&[u16]> {
        (len <= cap).then(|| self.units(0, len))
    }

    /// Code units `offset..offset + len` as a string (a lone surrogate
    /// becomes U+FFFD).
    #[cfg(feature = "wasm-server")]
    pub(crate) fn lossy_at(&self, offset: usize, len: usize) -> String {
        String::from_utf16_lossy(self.units(offset, len))
    }

    /// Code units `offset..offset + len` decoded strictly, or the UTF-16
    /// index (within them) of the first lone surrogate.
    pub(crate) fn exact(&self, offset: usize, len: usize) -> Result<String, usize> {
        let units = self.units(offset, len);
        let mut out = String::with_capacity(len);
        // ASCII, the common case, is one unit a byte: no decoding.
        // Bytes go through a small stack buffer and in with `push_str`,
        // which copies; pushing char by char cost about 2.5 ns a unit.
        if units.iter().all(|&u| u < 0x80) {
            let mut bytes = [0u8; 64];
            for chunk in units.chunks(bytes.len()) {
                for (b, &u) in bytes.iter_mut().zip(chunk) {
                    *b = u8::try_from(u).unwrap_or(0);
                }
                out.push_str(std::str::from_utf8(&bytes[..chunk.len()]).unwrap_or_default());
            }
            return Ok(out);
        }
        let mut position = 0;
        for c in char::decode_utf16(units.iter().copied()) {
            let c = c.map_err(|_| position)?;
            out.push(c);
            position += c.len_utf16();
        }
        Ok(out)
    }

    /// Code units `offset..offset + len` decoded strictly: a lone surrogate
    /// gives `None`, so it can never equal a string it is not.
    pub(crate) fn strict(&self, offset: usize, len: usize) -> Option<String> {
        self.exact(offset, len).ok()
    }

    #[cfg(feature = "wasm-host")]
    /// Writes `s` at the start of the unit buffer: its length in code
    /// units, or [`Reply::NoRoom`].
    pub(crate) fn answer(&mut self, s: &str) -> i32 {
        let n = s.encode_utf16().count();
        if n > self.units.len() {
            return Reply::NoRoom as i32;
        }
        for (slot, unit) in self.units.iter_mut().zip(s.encode_utf16()) {
            *slot = unit;
        }
        i32::try_from(n).unwrap_or(Reply::NoRoom as i32)
    }

    #[cfg(feature = "wasm-host")]
    /// Writes `edits` of the input (offsets in its code units) as
    /// [`EditWord`]s: [`Reply::Edits`], or [`Reply::NoRoom`] when the
    /// words do not hold them.
    pub(crate) fn answer_edits(&mut self, edits: impl Iterator<Item = Edit>) -> i32 {
        write_edits(&mut self.words, edits)
    }

    #[cfg(feature = "wasm-host")]
    /// [`answer_edits`](Self::answer_edits) with the edits `f` makes of
    /// code units `..len` (the input, read as it is written over).
    pub(crate) fn answer_edits_of<'s, I: Iterator<Item = Edit>>(
        &'s mut self,
        len: usize,
        f: impl FnOnce(&'s [u16]) -> I,
    ) -> i32 {
        let Scratch { units, words } = self;
        write_edits(words, f(units.get(..len).unwrap_or_default()))
    }

    #[cfg(feature = "wasm-host")]
    /// [`answer`](Self::answer) for an optional string.
    pub(crate) fn answer_opt(&mut self, s: Option<&str>) -> i32 {
        s.map_or(Reply::Null as i32, |s| self.answer(s))
    }
}

/// Writes `edits` into `words` as [`Scratch::answer_edits`] answers them.
#[cfg(feature = "wasm-host")]
fn write_edits(words: &mut [i32], edits: impl Iterator<Item = Edit>) -> i32 {
    let word = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    let field = |w: EditWord| w as usize - EditWord::At as usize;
    let stride = field(EditWord::SecondAt);
    let mut count = 0;
    for e in edits {
        let at = EditWord::At as usize + stride * count;
        let Some(slots) = words.get_mut(at..at + stride) else {
            return Reply::NoRoom as i32;
        };
        slots[field(EditWord::At)] = word(e.at);
        slots[field(EditWord::Len)] = word(e.len);
        slots[field(EditWord::Piece)] = e.piece as i32;
        count += 1;
    }
    match words.get_mut(EditWord::Count as usize) {
        Some(slot) => *slot = word(count),
        None => return Reply::NoRoom as i32,
    }
    Reply::Edits as i32
}

/// Whether code units fed in pieces (a pair may be split between two)
/// are valid UTF-16: what [`Scratch::strict`] tells of a whole input.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Utf16Check {
    /// A high surrogate ended the last piece.
    pending: bool,
    /// A lone surrogate was seen.
    broken: bool,
}

impl Utf16Check {
    /// Takes the next piece.
    pub(crate) fn feed(&mut self, units: &[u16]) {
        for &u in units {
            let low = (0xDC00..0xE000).contains(&u);
            self.broken |= self.pending != low;
            self.pending = (0xD800..0xDC00).contains(&u);
        }
    }

    /// Whether every piece so far made valid UTF-16, once the input ends.
    pub(crate) fn valid(self) -> bool {
        !self.broken && !self.pending
    }
}

/// The three scratch exports every wasm object has (one macro, so the
/// transport in `js/api/transport.js` is one class for all of them).
macro_rules! scratch_exports {
    ($t:ident) => {
        #[wasm_bindgen]
        impl $t {
            /// Makes room for `len` code units; returns their byte address.
            #[must_use]
            pub fn units(&mut self, len: usize) -> usize {
                self.scratch.units_at(len)
            }

            /// Makes room for `len` `i32` words; returns their byte address.
            #[must_use]
            pub fn words(&mut self, len: usize) -> usize {
                self.scratch.words_at(len)
            }

            /// Releases buffers grown by a very large input.
            pub fn release(&mut self) {
                self.scratch.release();
            }
        }
    };
}
pub(crate) use scratch_exports;

/// The module's memory, for the wrapper's typed-array views.
#[wasm_bindgen(js_name = "__memory")]
#[must_use]
pub fn memory() -> JsValue {
    wasm_bindgen::memory()
}
