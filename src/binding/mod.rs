//! The JS binding: every `#[wasm_bindgen]` export, and nothing else.
//!
//! Thin by design: convert, call the core, convert back. The public JS API
//! (`js/api.js`, typed by `js/index.d.ts`) is a wrapper over these exports;
//! they are its private protocol, declared once here:
//!
//! - **Codes** are `#[wasm_bindgen]` enums ([`Verdict`], [`Reply`],
//!   [`Word`], [`StepKind`], [`Lookup`], [`Op`], [`Header`], [`Expected`], [`Limit`]), which the
//!   generated glue exports as frozen objects: the wrapper reads
//!   `glue.Verdict.Identity`, never a number of its own.
//! - **Strings in** cross through one [`Scratch`] per wasm object: JS writes
//!   UTF-16 code units straight into wasm memory and makes one call, so
//!   there is no UTF-8 re-encoding and lone surrogates reach the core
//!   intact. Numbers in and out (batch lengths, verdicts, ids) use the
//!   scratch's `i32` words.
//! - **Strings out** that a hot path returns (an alias, a canonical name)
//!   are written back into the same buffer; the call returns their length.
//! - **Structured values that cross rarely** (rejections as tool results,
//!   envelopes, issue lists, delivery plans, mark-read updates, the
//!   start-up tables) are the core's `Serialize` types written as JSON by
//!   `serde_json` and made into objects by JS's `JSON.parse` ([`to_js`]).
//!   The hot accept paths return numbers, and the wrapper materializes the
//!   plain result from strings Rust gave it once.
//!
//! No export returns a JS value: values come back through an `out` array
//! argument, and exports return only numbers or nothing. Node 20's V8
//! inlines JS→wasm calls into optimized code, and a lazy deoptimization at
//! the return of an inlined call that returns an `externref` aborts the
//! process ("Fatal error … unreachable code"); a garbage collection is
//! enough to trigger it, e.g. in `list.map((x) => v.validate(x))`. Number
//! and void returns are safe (`js-tests/v8-deopt.test.mjs`).
#![allow(
    clippy::float_cmp,
    reason = "wasm-bindgen's generated enum conversions compare f64 values exactly, as they must"
)]

#[cfg(feature = "build-tables")]
mod build_tables;
mod delivery;
mod error_data;
mod host;
mod read;
mod recipient;
mod stream;
mod tool_name;

#[cfg(feature = "build-tables")]
pub use build_tables::{rules, stream_tables, StepKind};
pub use delivery::{delivery_tables, plan, Header, Mailbox, Op};
pub use error_data::{error_tables, Classifier, IssueWord};
pub use host::{
    argument_error as host_argument_error, check_name, check_tools, host_tables, shown_text, HostArgument, Listing,
};
pub use recipient::{recipient_tables, Validator};
pub use stream::{CallStream, SseStream};
pub use tool_name::{pieces, tool_layouts, Lookup, Mapper, Registry};

use js_sys::Array;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::error::{ArgumentError, BoundaryError, Detail, OptionPath, OptionsError};
use crate::safe_text::SafeText;
use crate::tool_name::Edit;

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
}

/// A count, index or id as a word: [`Word::Missing`] (-1) for none, or for
/// one too large for a word.
fn word<T: TryInto<i32>>(v: Option<T>) -> i32 {
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
    /// The longest tool name a stream's call memory holds
    /// ([`crate::MAX_CALL_NAME_BYTES`]; the wrapper counts code units).
    MaxCallName = 1024,
}

// The wrapper's slot bound is the core's.
const _: () = assert!(Limit::MaxSlotText as usize == crate::MAX_CALL_ID_BYTES);
const _: () = assert!(Limit::MaxCallName as usize == crate::MAX_CALL_NAME_BYTES);

// The module talks to JS through as few distinct import signatures as it
// can: the engine compiles a call wrapper for each one when it compiles
// the module, about 45 µs of every start apiece (docs/BENCHMARKS.md). So
// one keyed store fills the descriptors below and `out[0]`, elements are
// read with `Reflect.get`, and results are JSON text given to
// `JSON.parse`, rather than `Array.prototype.push`, an index get,
// `Reflect.set`, or a serializer's own imports (maps, 64-bit integers,
// property sets).
//
// No code of the caller's realm runs while Rust makes a value: a setter
// that a program put on `Object.prototype`, or a read-only property
// inherited from prototypes frozen by a hardened realm (an assignment of
// `name` to an error fails there), would otherwise run or throw through
// the module with the wasm object still borrowed, and every later call
// on it would fail. So an error's properties are defined, not assigned,
// through a descriptor without a prototype; arrays and objects are JSON
// text for `JSON.parse`, which defines; and the wrapper's `out` is an
// array without a prototype.
#[wasm_bindgen]
extern "C" {
    /// An object of ours: `out`, a descriptor, a fresh error.
    type Own;
    /// `target[key] = value`, on objects of ours without a prototype
    /// only: no setter runs, so it does not throw, and no exception
    /// handler is wrapped around the call.
    #[wasm_bindgen(method, structural, indexing_setter)]
    fn set(this: &Own, key: &JsValue, value: &JsValue);
    /// `Object.create(prototype)`; with `null`, an object that inherits
    /// nothing (a signature the module has anyway, as `Object.keys`: one
    /// reference in, one out).
    #[wasm_bindgen(js_namespace = Object, js_name = create)]
    fn object_create(prototype: &JsValue) -> Own;
    /// `Object.defineProperty`, with a descriptor of [`Definer`]'s on a
    /// fresh object of ours: it neither throws nor runs code.
    #[wasm_bindgen(js_namespace = Object, js_name = defineProperty)]
    fn define_property(target: &Own, key: &JsValue, descriptor: &Own);
    /// `JSON.parse`, on `serde_json`'s own output only (well-formed and
    /// shallow: it does not throw).
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> JsValue;
}

/// Defines own data properties as an assignment to a fresh object would
/// make them (writable, enumerable, configurable), whatever the realm's
/// prototypes carry: the descriptor has no prototype, so reading it
/// finds no inherited `get` or `set`, and defining runs no setter.
struct Definer(Own);

impl Definer {
    fn new() -> Definer {
        let descriptor = object_create(&JsValue::NULL);
        for flag in ["writable", "enumerable", "configurable"] {
            descriptor.set(&JsValue::from_str(flag), &JsValue::TRUE);
        }
        Definer(descriptor)
    }

    /// `target[key] = value` as an own data property, on a fresh object.
    fn define(&self, target: &JsValue, key: &JsValue, value: &JsValue) {
        self.0.set(&JsValue::from_str("value"), value);
        define_property(target.unchecked_ref(), key, &self.0);
    }
}

/// How an export hands a value back to the wrapper: `out[0] = value`.
trait Give {
    fn give(&self, value: JsValue);
}

impl Give for Array {
    /// `out` is the wrapper's array without a prototype (js/api.js), so
    /// the store runs no code.
    fn give(&self, value: JsValue) {
        self.unchecked_ref::<Own>().set(&JsValue::from(0), &value);
    }
}

/// A JS array of strings, as JSON text for `JSON.parse` ([`to_js`]):
/// elements defined one by one cost about 450 ns each. Every list goes
/// through one `Vec<&str>`, so one serializer is compiled for them all
/// (one per list type cost about 250 bytes).
fn string_array<S: AsRef<str>>(list: &[S]) -> JsValue {
    to_js(&list.iter().map(AsRef::as_ref).collect::<Vec<&str>>())
}

/// A core value as a plain JS value, as its JSON would be: objects as
/// plain objects (every key an own data property, `__proto__` included,
/// and no setter on `Object.prototype` runs), `None` fields as `null`
/// unless the type skips them.
fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // Serializing our own types (strings, bools, small numbers, lists and
    // structs) cannot fail; `undefined` would only mark a bug.
    serde_json::to_string(value).map_or(JsValue::UNDEFINED, |text| json_parse(&text))
}

/// The scratch buffers of one wasm object: UTF-16 code units and `i32`
/// words that the wrapper writes before a call and reads after it.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    units: Vec<u16>,
    words: Vec<i32>,
}

/// Grows `buffer` to at least `len` elements, refusing instead of aborting.
fn room<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> bool {
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
    fn units_at(&mut self, len: usize) -> usize {
        if !room(&mut self.units, len) {
            return 0;
        }
        self.units.as_ptr() as usize
    }

    /// Room for `len` words; their byte address (0 as for
    /// [`units_at`](Self::units_at)).
    fn words_at(&mut self, len: usize) -> usize {
        if !room(&mut self.words, len) {
            return 0;
        }
        self.words.as_ptr() as usize
    }

    /// Drops buffers grown past [`Limit::Keep`] elements.
    fn release(&mut self) {
        let keep = Limit::Keep as usize;
        if self.units.len() > keep {
            self.units = Vec::new();
        }
        if self.words.len() > keep {
            self.words = Vec::new();
        }
    }

    /// Code units `offset..offset + len` (empty when out of range).
    fn units(&self, offset: usize, len: usize) -> &[u16] {
        self.units.get(offset..offset.saturating_add(len)).unwrap_or_default()
    }

    /// Code units `..len` as a string (a lone surrogate becomes U+FFFD).
    fn lossy(&self, len: usize) -> String {
        String::from_utf16_lossy(self.units(0, len))
    }

    /// Code units `offset..offset + len` decoded strictly, or the UTF-16
    /// index (within them) of the first lone surrogate.
    fn exact(&self, offset: usize, len: usize) -> Result<String, usize> {
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
    fn strict(&self, offset: usize, len: usize) -> Option<String> {
        self.exact(offset, len).ok()
    }

    /// Writes `s` at the start of the unit buffer: its length in code
    /// units, or [`Reply::NoRoom`].
    fn answer(&mut self, s: &str) -> i32 {
        let n = s.encode_utf16().count();
        if n > self.units.len() {
            return Reply::NoRoom as i32;
        }
        for (slot, unit) in self.units.iter_mut().zip(s.encode_utf16()) {
            *slot = unit;
        }
        i32::try_from(n).unwrap_or(Reply::NoRoom as i32)
    }

    /// Writes `edits` of `source` (the decoding of the input units) as
    /// [`EditWord`]s, with code-unit offsets: [`Reply::Edits`], or
    /// [`Reply::NoRoom`] when the words do not hold them.
    fn answer_edits(&mut self, source: &str, edits: impl Iterator<Item = Edit>) -> i32 {
        // A lossy decoding keeps every offset in code units (U+FFFD takes
        // the one unit of the lone surrogate it replaces).
        let ascii = source.is_ascii();
        let units = |bytes: usize| if ascii { bytes } else { source[..bytes].encode_utf16().count() };
        let word = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        let field = |w: EditWord| w as usize - EditWord::At as usize;
        let stride = field(EditWord::SecondAt);
        let mut count = 0;
        for e in edits {
            let at = EditWord::At as usize + stride * count;
            let Some(slots) = self.words.get_mut(at..at + stride) else {
                return Reply::NoRoom as i32;
            };
            let start = units(e.at);
            slots[field(EditWord::At)] = word(start);
            slots[field(EditWord::Len)] = word(units(e.at + e.len) - start);
            slots[field(EditWord::Piece)] = e.piece as i32;
            count += 1;
        }
        match self.words.get_mut(EditWord::Count as usize) {
            Some(slot) => *slot = word(count),
            None => return Reply::NoRoom as i32,
        }
        Reply::Edits as i32
    }

    /// [`answer`](Self::answer) for an optional string.
    fn answer_opt(&mut self, s: Option<&str>) -> i32 {
        s.map_or(Reply::Null as i32, |s| self.answer(s))
    }
}

/// The three scratch exports every wasm object has (one macro, so the
/// transport in `js/api.js` is one class for all of them).
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

/// The JS type name of a non-string value: `typeof`, except `null` and
/// arrays, whose `typeof` (`object`) would tell the caller little.
fn type_name(value: &JsValue) -> &'static str {
    if value.is_null() {
        return "null";
    }
    // A revoked Proxy cannot tell: it is an object.
    if read::is_array(value) == Ok(true) {
        return "array";
    }
    match value.js_typeof().as_string().as_deref() {
        Some("undefined") => "undefined",
        Some("boolean") => "boolean",
        Some("number") => "number",
        Some("bigint") => "bigint",
        Some("symbol") => "symbol",
        Some("function") => "function",
        Some("string") => "string",
        _ => "object",
    }
}

/// The one place a core error becomes a thrown JS `Error` (one copy for
/// every error type, through `dyn`): `name`, `code`,
/// `reason` and the error's details as own properties.
fn js_error(e: &dyn BoundaryError) -> JsValue {
    let message = e.to_string();
    let error: js_sys::Error = match e.name() {
        "TypeError" => js_sys::TypeError::new(&message).unchecked_into(),
        "RangeError" => js_sys::RangeError::new(&message).unchecked_into(),
        _ => js_sys::Error::new(&message),
    };
    let mut props = vec![
        ("name", Detail::Text(e.name().to_owned())),
        ("code", Detail::Text(e.code().to_owned())),
        ("reason", Detail::Text(e.reason().to_owned())),
    ];
    props.extend(e.details());
    let definer = Definer::new();
    for (key, value) in props {
        let value = match value {
            Detail::Text(s) => JsValue::from_str(&s),
            #[allow(clippy::cast_precision_loss, reason = "positions and lengths are far below 2^53")]
            Detail::Number(n) => JsValue::from_f64(n as f64),
        };
        definer.define(&error, &JsValue::from_str(key), &value);
    }
    error.into()
}

/// The error for a part of the options that threw when read.
fn unreadable(path: OptionPath) -> OptionsError {
    OptionsError::invalid(path, "could not be read")
}

/// Property `key` of an options object; `path` names it in errors.
fn get(object: &JsValue, key: &str, path: &'static str) -> Result<JsValue, OptionsError> {
    read::property(object, key).map_err(|_| unreadable(OptionPath::Named(path)))
}

/// `None` for `undefined`/`null`; the object when it is a plain options
/// object whose keys are all in `known`.
fn options_object<'v>(value: &'v JsValue, known: &[&str]) -> Result<Option<&'v JsValue>, OptionsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if !value.is_object() || read::is_array(value).map_err(|_| unreadable(OptionPath::Whole))? {
        return Err(OptionsError::wrong_type(OptionPath::Whole, "an object"));
    }
    for key in read::keys(value).map_err(|_| unreadable(OptionPath::Whole))? {
        if !known.contains(&key.as_str()) {
            return Err(OptionsError::unknown(SafeText::render(&key)));
        }
    }
    Ok(Some(value))
}

/// A list of strings (at most `max`) at `path`; `entry` names entry `i`.
fn string_list(
    value: &JsValue,
    max: usize,
    path: impl Fn() -> OptionPath,
    entry: impl Fn(usize) -> OptionPath,
) -> Result<Vec<String>, OptionsError> {
    let list = read::elements(value, max)
        .map_err(|_| OptionsError::invalid(path(), "could not be read, or has too many entries"))?
        .ok_or_else(|| OptionsError::wrong_type(path(), "an array of strings"))?;
    list.iter()
        .enumerate()
        .map(|(i, v)| match v {
            Some(v) => v.as_string().ok_or_else(|| OptionsError::wrong_type(entry(i), "a string")),
            None => Err(unreadable(entry(i))),
        })
        .collect()
}

/// An optional string option.
fn string_option(object: &JsValue, key: &str, path: &'static str) -> Result<Option<String>, OptionsError> {
    let v = get(object, key, path)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| OptionsError::wrong_type(OptionPath::Named(path), "a string"))
}

/// An optional whole-number option in `1..=max` (above `max` saturates to
/// `max + 1` for the core to refuse with its own range).
fn whole_option(object: &JsValue, key: &str, path: &'static str, max: usize) -> Result<Option<usize>, OptionsError> {
    let v = get(object, key, path)?;
    if v.is_undefined() {
        return Ok(None);
    }
    let path = OptionPath::Named(path);
    let n = v.as_f64().ok_or_else(|| OptionsError::wrong_type(path.clone(), "a whole number"))?;
    if !(n.fract() == 0.0 && n >= 1.0) {
        return Err(OptionsError::out_of_range(path, 1, max));
    }
    let ceiling = u32::try_from(max + 1).map_or(f64::MAX, f64::from);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "whole, positive, clamped to the limit")]
    Ok(Some(n.min(ceiling) as usize))
}

/// What a public JS function expected of an argument of the wrong type:
/// the wrapper checks types and asks for the error here, so its message
/// is spelled once.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// `validateMany(list)`.
    Recipients = 0,
    /// A tool name.
    ToolName = 1,
    /// `registerServer(server, …)`.
    ServerName = 2,
    /// `registerServer(…, toolNames)`.
    ToolNames = 3,
    /// `lookupOverride(map, …)`.
    ConfigMap = 4,
    /// `toProvider(…, format)`, `fromProvider(…, format)`.
    PayloadFormat = 5,
    /// `new ErrorClassifier(catalog)`.
    Catalog = 6,
    /// `classifyIssues(…, issues)`.
    Issues = 7,
    /// The reader of `readState`, `markRead`, `unreadCount`, `listUnread`.
    Reader = 8,
    /// `unreadCount(messages, …)`, `listUnread(messages, …)`.
    Messages = 9,
    /// `markRead(…, now)`.
    Now = 10,
    /// `planDelivery(args)`.
    DeliveryArgs = 11,
    /// `planDelivery({ agents })`.
    Agents = 12,
    /// `planDelivery({ sender })`.
    Sender = 13,
    /// `toolDefinitions(tools, …)`.
    ToolSpecs = 14,
    /// `fromProviderStream(source, …)`.
    EventSource = 15,
    /// A chunk written to `fromProviderSse(…)`'s stream.
    SseChunk = 16,
    /// An array inside the payload of `toProvider`, `fromProvider` or a
    /// stream: only ever too long ([`__too_many`](too_many)); any other
    /// value there passes through.
    Payload = 17,
}

/// How a method was misused (see [`__misuse`](misuse)).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misuse {
    /// Called after `free()`.
    Freed = 0,
    /// Called on something that is not an instance of the class.
    WrongReceiver = 1,
}

/// The public classes, for [`__misuse`](misuse).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// `RecipientValidator`.
    RecipientValidator = 0,
    /// `ToolRegistry`.
    ToolRegistry = 1,
    /// `ErrorClassifier`.
    ErrorClassifier = 2,
}

/// Sets `out[0]` to the `TypeError` for a method of `class` that was
/// misused.
#[wasm_bindgen(js_name = "__misuse")]
pub fn misuse(misuse: Misuse, class: Class, out: &Array) {
    let class = match class {
        Class::RecipientValidator => "RecipientValidator",
        Class::ToolRegistry => "ToolRegistry",
        Class::ErrorClassifier => "ErrorClassifier",
    };
    let error = match misuse {
        Misuse::Freed => ArgumentError::freed(class),
        Misuse::WrongReceiver => ArgumentError::wrong_receiver(class),
    };
    out.give(js_error(&error));
}

/// Sets `out[0]` to the `RangeError` for a call whose strings are more
/// than [`Limit::MaxUnits`] code units.
#[wasm_bindgen(js_name = "__too_large")]
pub fn too_large(out: &Array) {
    out.give(js_error(&ArgumentError::too_large(
        "the strings of this call (in UTF-16 code units)",
        Limit::MaxUnits as usize,
    )));
}

/// Sets `out[0]` to the `RangeError` for a caller's array (named by what
/// the call expected) longer than [`Limit::MaxElements`]: the wrapper reads
/// no element of it.
#[wasm_bindgen(js_name = "__too_many")]
pub fn too_many(expected: Expected, out: &Array) {
    out.give(js_error(&too_many_error(expected)));
}

/// The `too_large` error for an array longer than [`Limit::MaxElements`].
fn too_many_error(expected: Expected) -> ArgumentError {
    let what = match expected {
        Expected::Recipients => "the elements of the recipient list",
        Expected::ToolNames => "the elements of the tool name list",
        Expected::ToolSpecs => "the elements of the tool list",
        Expected::Messages => "the elements of the message list",
        Expected::Issues => "the elements of the issue list",
        Expected::Agents => "the elements of the agent list",
        Expected::Payload => "the elements of one array in the payload",
        _ => "the elements of an array",
    };
    ArgumentError::too_large(what, Limit::MaxElements as usize)
}

/// Sets `out[0]` to the `TypeError` for an argument of the wrong type.
#[wasm_bindgen(js_name = "__argument_error")]
pub fn argument_error(expected: Expected, out: &Array) {
    let phrase = match expected {
        Expected::Recipients => "an array of recipients",
        Expected::ToolName => "a tool name string",
        Expected::ServerName => "a server name string",
        Expected::ToolNames => "an array of tool name strings",
        Expected::ConfigMap => "a config map (an object or a Map)",
        Expected::ToolSpecs => "a list of tools ({ name, description?, inputSchema? })",
        Expected::EventSource => "stream events: an async iterable, a ReadableStream or a list",
        Expected::SseChunk => "bytes: a Uint8Array, another ArrayBuffer view, or an ArrayBuffer",
        Expected::PayloadFormat => "a payload format",
        Expected::Catalog => "a catalog object",
        Expected::Issues => "an array of Zod issues or Ajv errors",
        Expected::Reader => "the reader's identity as a string",
        Expected::Messages => "an array of message records",
        Expected::Now => delivery::NOW,
        Expected::DeliveryArgs => "{ to, sender, agents }",
        Expected::Agents => "agents as an array",
        Expected::Sender => "sender as a string",
        Expected::Payload => "a payload (an object or an array)",
    };
    let error = if expected == Expected::PayloadFormat {
        ArgumentError::one_of(phrase, &crate::tool_name::Format::ALL.map(crate::tool_name::Format::name))
    } else {
        ArgumentError::new(phrase)
    };
    out.give(js_error(&error));
}
