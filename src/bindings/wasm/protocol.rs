//! The codes the wrapper reads from the glue: verdicts, replies, word
//! layouts and limits (`#[wasm_bindgen]` enums, exported as frozen objects).

use wasm_bindgen::prelude::*;

/// A recipient's verdict on the hot path.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// `AGENT:*`.
    Broadcast = 0,
    /// `@<identifier>`; the identifier starts after the `@`.
    Identity = 1,
    /// Rejected: ask for the rejection object.
    Rejected = 2,
}

/// What a call that can answer with a string returns when it does not:
/// a non-negative return is the length of the string written back at the
/// start of the scratch buffer.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// The call failed: ask the object for its error.
    Failed = -1,
    /// The result does not fit the buffer: grow it and call again.
    NoRoom = -2,
    /// The answer is `null`.
    Null = -3,
    /// The answer is the input with the edits in the words
    /// ([`EditWord`]) applied.
    Edits = -4,
}

/// The words of a [`Reply::Edits`] answer: the number of edits at
/// `Count`, then each edit, in order: its start and length in code units
/// of the input and the number of the text that replaces them (see
/// `__pieces`), at `At`, `Len` and `Piece` for the first, the next
/// `SecondAt - At` words further for each next.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditWord {
    /// The number of edits.
    Count = 0,
    /// The first edit's start.
    At = 1,
    /// The first edit's length.
    Len = 2,
    /// The first edit's piece.
    Piece = 3,
    /// The second edit's start.
    SecondAt = 4,
}

/// Special values of the scratch's `i32` words; string and catalog ids,
/// lengths and indexes are the non-negative values.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    /// A property that is absent (`undefined`), or no id.
    Missing = -1,
    /// A property that is `null`.
    Null = -2,
    /// A value of another type than expected: not a string (and not
    /// `null` or `undefined`), or receipts that are not an array.
    Other = -3,
    /// A message or receipt that is not an object.
    NotAnObject = -4,
    /// A number: its bits follow, in two words (low, then high).
    Number = -5,
    /// A string the stream sent before: its number follows (in the order
    /// first sent).
    Seen = -6,
    /// A number that is a 32-bit integer: its value follows, in one word
    /// (a stream call's slot is mostly indexes: their bits as two words
    /// were a tenth of a name-dense stream's pairing).
    Int = -7,
}

/// A count, index or id as a word: [`Word::Missing`] (-1) for none, or for
/// one too large for a word.
#[cfg(feature = "wasm-server")]
pub(crate) fn word<T: TryInto<i32>>(v: Option<T>) -> i32 {
    v.and_then(|v| v.try_into().ok()).unwrap_or(Word::Missing as i32)
}

/// The smallest length of a scratch buffer that is released after use
/// (a very large input must not keep its memory), and the size of the
/// wrapper's memo tables. The wrapper reads them here.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Buffers grown past this many elements are released after use.
    Keep = 65_536,
    /// The most code units (or words) one call may carry: 2^28, 512 MiB of
    /// UTF-16. More is refused before anything is allocated (a larger
    /// buffer could exhaust wasm32's memory, and an allocation that fails
    /// aborts the module).
    MaxUnits = 268_435_456,
    /// The most elements of any caller's array that one call reads
    /// (recipients, tool names, tools, messages, issues, agents, each array
    /// a payload rewrite walks): more is a `RangeError` before any element
    /// is read. A sparse array can claim 2^32 - 1 elements while holding
    /// none; walking it would take minutes, and a result per element would
    /// exhaust the engine's heap, which ends the process uncatchably.
    MaxElements = 1_048_576,
    /// The most code units (1 MiB of UTF-16) of names and their answers a registry's
    /// answer caches hold in all: past it they start again, so names a
    /// stream brings cannot grow a long-lived host (4,096 answers of a
    /// 100 KB name would hold 800 MB).
    CacheUnits = 524_288,
    /// The longest string a stream call's slot, a call id or a scope value
    /// may be ([`crate::MAX_CALL_ID_BYTES`]; the wrapper counts code units).
    MaxSlotText = 256,
    /// The most code units of a long input written at once: an input
    /// longer than an object reads whole, whose answer depends on all of
    /// it (a long recipient's rejection), crosses in pieces of this many,
    /// so the module's memory never holds it whole.
    Piece = 32_768,
    /// The longest tool name a stream's call memory holds
    /// ([`crate::MAX_CALL_NAME_BYTES`]; the wrapper counts code units).
    MaxCallName = 1024,
    /// The most tools a parsed stream's calls name by number
    /// ([`Word::Seen`]); a tool past them is sent whole each time.
    MaxStreamTools = 64,
}

// The wrapper's slot bound is the core's.
const _: () = assert!(Limit::MaxSlotText as usize == crate::MAX_CALL_ID_BYTES);
const _: () = assert!(Limit::MaxCallName as usize == crate::MAX_CALL_NAME_BYTES);
