//! Delivery exports for `js/api/`.
//!
//! Records cross as a compact stream: the wrapper interns every string of a
//! call (ids, timestamps) once, writes their UTF-16 units to the buffer and
//! their lengths plus one small record per message to the words, in the
//! order [`RECORD_KEYS`](crate::delivery::RECORD_KEYS) names the fields. Rust checks each distinct string
//! once (is it `AGENT:*`, is it a UTC timestamp) and decides with the
//! core's one rule over the interned strings, so equality is an integer
//! comparison.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::{js_error, read, scratch_exports, to_js, too_many_error, Expected, Give, Limit, Reply, Scratch, Word};
use std::cmp::Ordering;

use super::argument::ArgumentError;
use super::recipient::Validator;
use crate::bindings::results::{Marked, NotMarked, Planned};
use crate::delivery::{
    broadcast_audience, is_utc_timestamp, list_unread, mark_read, read_state, AgentEntry, DeliveryPlan, Field,
    MalformedRecord, MarkError, MarkRead, MessageRecord, ReadState, Receipt, Receipts, RecordText, EXCLUDED_ACCOUNTS,
    MAX_TIMESTAMP_LEN,
};
use crate::recipient::BROADCAST;

/// The operations of [`Mailbox::decide`].
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `readState`: returns the index of the state in the table's `states`.
    ReadState = 0,
    /// `unreadCount`: returns the count.
    UnreadCount = 1,
    /// `listUnread`: returns the count; the indexes are in the first words.
    ListUnread = 2,
    /// `markRead`: `out[0]` is the result object.
    MarkRead = 3,
}

/// The header words of the record stream, then the string lengths from
/// [`Header::Lengths`] on, then the records.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Header {
    /// How many strings the call interned.
    StringCount = 0,
    /// How many messages follow.
    MessageCount = 1,
    /// The reader's string id.
    Reader = 2,
    /// `now`'s string id, or [`Word::Missing`].
    Now = 3,
    /// Where the string lengths start.
    Lengths = 4,
}

/// What the wrapper needs: the record keys in stream order, the read
/// states by the index [`Op::ReadState`] returns, and the key whose value
/// is a timestamp (a JS `Date` there streams as its ISO-8601 text, which
/// is what the record's JSON says).
#[cfg(feature = "build-tables")]
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Tables {
    keys: crate::delivery::RecordKeys,
    states: [&'static str; 3],
    timestamp_key: &'static str,
    /// How many code units of each string the wrapper writes ([`TEXT_UNITS`]).
    text_units: usize,
}

/// The most code units of a record's string that can matter: a longer
/// string is neither `AGENT:*` nor a timestamp, which is all Rust reads of
/// a string (equal strings have equal ids), so only its first this many
/// units are written.
const TEXT_UNITS: usize = if MAX_TIMESTAMP_LEN > BROADCAST.len() { MAX_TIMESTAMP_LEN } else { BROADCAST.len() };

const STATES: [ReadState; 3] = ReadState::ALL;

/// Sets `out[0]` to the delivery tables (read once by the wrapper).
#[cfg(feature = "build-tables")]
#[wasm_bindgen(js_name = "__delivery_tables")]
pub fn delivery_tables(out: &Array) {
    use crate::delivery::{READ_AT, RECORD_KEYS};
    out.give(to_js(&Tables {
        keys: RECORD_KEYS,
        states: STATES.map(ReadState::as_str),
        timestamp_key: READ_AT,
        text_units: TEXT_UNITS,
    }));
}

/// Sets `out[0]` to the plan for a recipient `to` that `validator`
/// accepted: the direct recipient, or (for `broadcast`) the audience for
/// `sender` among
/// `agents` (strings or `{ id, accountType }`; other entries, and entries
/// that cannot be read, are left out). Returns false, with the error to
/// throw in `out[0]`, for agents that cannot be read (`unreadable`) or are
/// more than [`Limit::MaxElements`] (`too_large`).
#[wasm_bindgen(js_name = "__plan")]
#[must_use]
pub fn plan(broadcast: bool, validator: &Validator, to: &str, sender: &JsValue, agents: &JsValue, out: &Array) -> bool {
    // The validator that accepted `to` decides who the audience can hold.
    let validator = &validator.inner;
    let longest = validator.longest_identity();
    let plan = if broadcast {
        let list = match read::elements(agents, Limit::MaxElements as usize) {
            Ok(Some(list)) => list,
            Err(read::ListError::TooLong) => {
                out.give(js_error(&too_many_error(Expected::Agents)));
                return false;
            }
            Ok(None) | Err(read::ListError::Unreadable) => {
                out.give(js_error(&ArgumentError::unreadable("the agents")));
                return false;
            }
        };
        // Strings longer than can matter are not copied in: an id longer
        // than any in an audience is left out (it would be), a sender as
        // long is none of theirs, and an account type as long is none of
        // the types left out (it reads as none).
        let excluded = EXCLUDED_ACCOUNTS.iter().map(|t| t.len()).max().unwrap_or(0);
        let entries: Vec<(String, Option<String>)> = list
            .into_iter()
            .flatten()
            .filter_map(|a| {
                if a.is_string() {
                    return short_string(&a, longest).map(|id| (id, None));
                }
                if !a.is_object() {
                    return None;
                }
                let get = |k: &str| read::property(&a, k).ok();
                let id = get("id").filter(JsValue::is_string)?;
                Some((short_string(&id, longest)?, get("accountType").and_then(|t| short_string(&t, excluded))))
            })
            .collect();
        let views: Vec<AgentEntry<'_>> =
            entries.iter().map(|(id, t)| AgentEntry { id, account_type: t.as_deref() }).collect();
        let sender = short_string(sender, longest);
        DeliveryPlan::Broadcast { recipients: broadcast_audience(sender.as_deref(), &views, validator) }
    } else {
        DeliveryPlan::Direct { recipients: vec![to.to_owned()] }
    };
    out.give(to_js(&Planned { ok: true, plan: &plan }));
    true
}

/// A string value of at most `max` code units, copied; `None` for another
/// value or a longer string (its length is read, not its text).
fn short_string(value: &JsValue, max: usize) -> Option<String> {
    let s = value.dyn_ref::<js_sys::JsString>()?;
    (s.length() as usize <= max).then(|| value.as_string()).flatten()
}

/// The buffers of delivery calls.
#[wasm_bindgen]
pub struct Mailbox {
    scratch: Scratch,
}

scratch_exports!(Mailbox);

impl Default for Mailbox {
    fn default() -> Self {
        Self::new()
    }
}

#[wasm_bindgen]
impl Mailbox {
    /// An empty mailbox buffer.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new() -> Mailbox {
        Mailbox { scratch: Scratch::default() }
    }

    /// Decides `op` for the stream in the buffers; see [`Op`] for what it
    /// returns. [`Reply::Failed`]: `out[0]` is the error to throw (a
    /// malformed record, or a `now` that is not a UTC timestamp).
    pub fn decide(&mut self, op: Op, out: &Array) -> i32 {
        match self.run(op, out) {
            Ok(n) => n,
            Err(e) => {
                out.give(e);
                Reply::Failed as i32
            }
        }
    }

    fn run(&mut self, op: Op, out: &Array) -> Result<i32, JsValue> {
        let Scratch { units, words } = &mut self.scratch;
        let parsed = Stream::parse(words, units).ok_or_else(|| js_error(&MalformedRecord::not_a_record()))?;
        let reader = parsed.sym(parsed.reader);
        let single = matches!(op, Op::ReadState | Op::MarkRead);
        let records = parsed.records().map_err(|i| {
            let e = MalformedRecord::not_a_record();
            js_error(&if single { e } else { e.in_message(i) })
        })?;
        let count = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        match op {
            Op::ReadState => {
                let state = read_state(&records[0], reader).map_err(|e| js_error(&e))?;
                Ok(count(STATES.iter().position(|s| *s == state).unwrap_or_default()))
            }
            Op::UnreadCount | Op::ListUnread => {
                let indexes = list_unread(&records, reader).map_err(|e| js_error(&e))?;
                let n = count(indexes.len());
                let wanted: Vec<i32> =
                    if op == Op::ListUnread { indexes.iter().map(|i| count(*i)).collect() } else { Vec::new() };
                drop(records);
                for (slot, i) in words.iter_mut().zip(wanted) {
                    *slot = i;
                }
                Ok(n)
            }
            Op::MarkRead => {
                let now = parsed.sym(parsed.now.unwrap_or(Word::Missing as i32));
                let value = match mark_read(&records[0], reader, now) {
                    Ok(mark) => {
                        let read_at = parsed.text(mark.read_at.id);
                        let mark =
                            MarkRead { already_read: mark.already_read, target: mark.target, read_at: &*read_at };
                        to_js(&Marked { ok: true, mark: &mark })
                    }
                    Err(MarkError::NotARecipient(n)) => to_js(&NotMarked::from(n)),
                    Err(MarkError::BadTimestamp) => return Err(js_error(&ArgumentError::new(super::argument::NOW))),
                    Err(MarkError::Malformed(e)) => return Err(js_error(&e)),
                };
                out.give(value);
                Ok(0)
            }
        }
    }
}

/// A string of one call, interned: equal ids are equal strings, and the
/// checks the core asks for were made once, when the stream was read.
#[derive(Clone, Copy)]
struct Sym<'t> {
    id: i32,
    flags: &'t [u8],
}

const IS_BROADCAST: u8 = 1;
const IS_TIMESTAMP: u8 = 2;

impl PartialEq for Sym<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}
impl Eq for Sym<'_> {}
impl PartialOrd for Sym<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Sym<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.id.cmp(&other.id)
    }
}

impl RecordText for Sym<'_> {
    fn is_broadcast(self) -> bool {
        usize::try_from(self.id).ok().and_then(|i| self.flags.get(i)).is_some_and(|f| f & IS_BROADCAST != 0)
    }
    fn is_timestamp(self) -> bool {
        usize::try_from(self.id).ok().and_then(|i| self.flags.get(i)).is_some_and(|f| f & IS_TIMESTAMP != 0)
    }
}

/// The checks of one string, from its UTF-16 units (ASCII for every string
/// that can pass them, so no decoding is needed).
fn flags(units: &[u16], ascii: &mut Vec<u8>) -> u8 {
    ascii.clear();
    if units.iter().any(|u| *u > 0x7f) {
        return 0;
    }
    ascii.extend(units.iter().map(|u| u8::try_from(*u).unwrap_or(0)));
    let text = std::str::from_utf8(ascii).unwrap_or_default();
    let mut f = 0;
    if text == BROADCAST {
        f |= IS_BROADCAST;
    }
    if is_utc_timestamp(text) {
        f |= IS_TIMESTAMP;
    }
    f
}

/// The stream: the [`Header`] words, the string lengths, then one record
/// per message: [`Word::NotAnObject`], or the fields of
/// [`RecordKeys::message`](crate::delivery::RecordKeys::message) then the
/// receipts ([`Word::Missing`], [`Word::Other`] or a count, then per
/// receipt its [`RecordKeys::receipt`](crate::delivery::RecordKeys::receipt)
/// fields, or [`Word::NotAnObject`] and a filler).
struct Stream<'s> {
    flags: Vec<u8>,
    offsets: Vec<(usize, usize)>,
    units: &'s [u16],
    words: &'s [i32],
    messages: usize,
    reader: i32,
    now: Option<i32>,
    records_at: usize,
}

impl<'s> Stream<'s> {
    fn parse(words: &'s [i32], units: &'s [u16]) -> Option<Self> {
        let header = |h: Header| words.get(h as usize).copied();
        let n = usize::try_from(header(Header::StringCount)?).ok()?;
        let messages = usize::try_from(header(Header::MessageCount)?).ok()?;
        let reader = header(Header::Reader)?;
        let now = header(Header::Now).filter(|v| *v != Word::Missing as i32);
        let lengths_at = Header::Lengths as usize;
        let lengths = words.get(lengths_at..lengths_at + n)?;
        let mut checks = Vec::with_capacity(n);
        let mut offsets = Vec::with_capacity(n);
        let mut ascii = Vec::new();
        let mut offset = 0;
        for &len in lengths {
            // Of a longer string only its first TEXT_UNITS were written: it
            // passes no check.
            let len = usize::try_from(len).ok()?;
            let held = len.min(TEXT_UNITS);
            let text = units.get(offset..offset + held)?;
            checks.push(if len > held { 0 } else { flags(text, &mut ascii) });
            offsets.push((offset, held));
            offset += held;
        }
        Some(Self { flags: checks, offsets, units, words, messages, reader, now, records_at: lengths_at + n })
    }

    fn sym(&self, id: i32) -> Sym<'_> {
        Sym { id, flags: &self.flags }
    }

    /// The string with this id (for the one string a result carries).
    fn text(&self, id: i32) -> String {
        let (offset, len) = usize::try_from(id).ok().and_then(|i| self.offsets.get(i)).copied().unwrap_or_default();
        String::from_utf16_lossy(self.units.get(offset..offset + len).unwrap_or_default())
    }

    fn field(&self, code: i32) -> Field<Sym<'_>> {
        match code {
            c if c >= 0 => Field::Str(self.sym(c)),
            c if c == Word::Null as i32 => Field::Null,
            c if c == Word::Missing as i32 => Field::Missing,
            _ => Field::Other,
        }
    }

    /// The records, or the index of a message that is not an object.
    fn records(&self) -> Result<Vec<MessageRecord<Sym<'_>>>, usize> {
        let s = self.words;
        let mut at = self.records_at;
        let mut records = Vec::with_capacity(self.messages);
        let not_an_object = Word::NotAnObject as i32;
        for index in 0..self.messages {
            let word = |i: usize| s.get(i).copied().unwrap_or(Word::Missing as i32);
            if word(at) == not_an_object {
                return Err(index);
            }
            // The order of RECORD_KEYS.message: to, from, readAt.
            let (to, from, read_at, receipts) = (word(at), word(at + 1), word(at + 2), word(at + 3));
            at += 4;
            let receipts = match usize::try_from(receipts) {
                Ok(count) => {
                    let list = (0..count)
                        .map(|k| {
                            let (who, when) = (word(at + 2 * k), word(at + 2 * k + 1));
                            (who != not_an_object)
                                .then(|| Receipt { recipient: self.field(who), read_at: self.field(when) })
                        })
                        .collect();
                    at += 2 * count;
                    Receipts::List(list)
                }
                Err(_) if receipts == Word::Other as i32 => Receipts::Other,
                Err(_) => Receipts::Missing,
            };
            records.push(MessageRecord {
                to: self.field(to),
                from: self.field(from),
                read_at: self.field(read_at),
                receipts,
            });
        }
        Ok(records)
    }
}
