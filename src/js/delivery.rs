//! Delivery exports (SPEC §2) for `js/api.js`.
//!
//! Records cross as a compact stream: the wrapper interns every string of a
//! call (ids, timestamps) once, writes their UTF-16 units to the buffer and
//! their lengths plus one small record per message to the slots. Rust checks
//! each distinct string once (is it `AGENT:*`, is it a UTC timestamp) and
//! decides with the core's one rule over the interned strings, so equality
//! is an integer comparison.

use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

use super::{js_error, reserve, shrink};
use std::cmp::Ordering;

use crate::delivery::{
    broadcast_audience, is_utc_timestamp, list_unread, mark_read, read_state, AgentEntry, Field, MalformedRecord,
    MarkError, MarkTarget, MessageRecord, NotARecipient, ReadState, Receipt, Receipts, Text,
};
use crate::recipient::BROADCAST;

/// Field codes in the slot stream (anything smaller is a string index).
const MISSING: u32 = u32::MAX;
const NULL: u32 = u32::MAX - 1;
const OTHER: u32 = u32::MAX - 2;
/// A message or receipt that is not an object.
const NOT_A_RECORD: u32 = u32::MAX - 3;

/// Fills `out[0]` with the broadcast audience for `sender` among `agents`
/// (strings or `{ id, accountType }`; other entries are left out).
#[wasm_bindgen(js_name = "__audience")]
pub fn audience(sender: &JsValue, agents: &Array, out: &Array) {
    let entries: Vec<(String, Option<String>)> = agents
        .iter()
        .filter_map(|a| {
            if let Some(id) = a.as_string() {
                return Some((id, None));
            }
            if !a.is_object() {
                return None;
            }
            let get = |k: &str| Reflect::get(&a, &JsValue::from_str(k)).ok().and_then(|v| v.as_string());
            get("id").map(|id| (id, get("accountType")))
        })
        .collect();
    let views: Vec<AgentEntry<'_>> =
        entries.iter().map(|(id, t)| AgentEntry { id, account_type: t.as_deref() }).collect();
    let list = broadcast_audience(sender.as_string().as_deref(), &views);
    out.set(0, list.iter().map(|s| JsValue::from_str(s)).collect::<Array>().into());
}

/// Fills `out` with `[NOT_A_RECIPIENT, its message]`.
#[wasm_bindgen(js_name = "__delivery_tables")]
pub fn delivery_tables(out: &Array) {
    out.push(&JsValue::from_str(NotARecipient.code()));
    out.push(&JsValue::from_str(NotARecipient.message()));
}

/// A call's decoded strings and records.
#[wasm_bindgen]
pub struct Mailbox {
    units: Vec<u16>,
    slots: Vec<u32>,
}

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
        Mailbox { units: Vec::new(), slots: Vec::new() }
    }

    /// Makes room for `len` code units; returns the buffer's byte address.
    #[must_use]
    pub fn units(&mut self, len: usize) -> usize {
        reserve(&mut self.units, len)
    }

    /// Makes room for `len` slots; returns their byte address.
    #[must_use]
    pub fn slots(&mut self, len: usize) -> usize {
        reserve(&mut self.slots, len)
    }

    /// Releases buffers grown by a very large call.
    pub fn release(&mut self) {
        shrink(&mut self.units);
        shrink(&mut self.slots);
    }

    /// Decides for the stream in the buffers. `op`: 0 `readState` (returns
    /// 0 unread, 1 read, 2 not a recipient), 1 `unreadCount` (returns the
    /// count), 2 `listUnread` (returns the count, indexes in the first
    /// slots), 3 `markRead` (returns 0 not a recipient, else `1 + target*2 +
    /// alreadyRead` with the index of the `readAt` string in slot 0; `-2`
    /// for a `now` that is not a UTC timestamp). `-1`: `out[0]` is the
    /// `MalformedRecord` error to throw.
    pub fn decide(&mut self, op: u32, out: &Array) -> i32 {
        let Some(parsed) = Stream::parse(&self.slots, &self.units) else {
            return -1;
        };
        let reader = parsed.sym(parsed.reader);
        let single = op == 0 || op == 3;
        let records = match parsed.records() {
            Ok(records) => records,
            Err(i) => {
                let e = MalformedRecord::not_a_record();
                out.set(0, js_error(&if single { e } else { e.in_message(i) }));
                return -1;
            }
        };
        let result = match op {
            0 => read_state(&records[0], reader).map(|s| match s {
                ReadState::Unread => 0,
                ReadState::Read => 1,
                ReadState::NotARecipient => 2,
            }),
            1 | 2 => list_unread(&records, reader).map(|indexes| {
                if op == 2 {
                    for (slot, i) in self.slots.iter_mut().zip(&indexes) {
                        *slot = u32::try_from(*i).unwrap_or(u32::MAX);
                    }
                }
                i32::try_from(indexes.len()).unwrap_or(i32::MAX)
            }),
            _ => {
                let now = parsed.sym(parsed.now.unwrap_or(MISSING));
                match mark_read(&records[0], reader, now) {
                    Ok(mark) => {
                        // The readAt is one of the call's strings: the first read's or `now`.
                        let (id, target) = (mark.read_at.id, i32::from(mark.target == MarkTarget::Message));
                        let code = 1 + target * 2 + i32::from(mark.already_read);
                        drop(records);
                        self.slots[0] = id;
                        Ok(code)
                    }
                    Err(MarkError::NotARecipient(_)) => Ok(0),
                    Err(MarkError::BadTimestamp) => Ok(-2),
                    Err(MarkError::Malformed(e)) => Err(e),
                }
            }
        };
        result.unwrap_or_else(|e| {
            out.set(0, js_error(&e));
            -1
        })
    }
}

/// A string of one call, interned: equal ids are equal strings, and the
/// checks the core asks for were made once, when the stream was read.
#[derive(Clone, Copy)]
struct Sym<'t> {
    id: u32,
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

impl Text for Sym<'_> {
    fn is_broadcast(self) -> bool {
        self.flags.get(self.id as usize).is_some_and(|f| f & IS_BROADCAST != 0)
    }
    fn is_timestamp(self) -> bool {
        self.flags.get(self.id as usize).is_some_and(|f| f & IS_TIMESTAMP != 0)
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

/// The slot stream: `[strings, messages, reader, now, lengths…, records…]`,
/// each record `[kind, to, from, readAt, receipts, (recipient, readAt)…]`.
struct Stream<'s> {
    flags: Vec<u8>,
    slots: &'s [u32],
    messages: usize,
    reader: u32,
    now: Option<u32>,
    records_at: usize,
}

impl<'s> Stream<'s> {
    fn parse(slots: &'s [u32], units: &[u16]) -> Option<Self> {
        let (&n, rest) = slots.split_first()?;
        let n = n as usize;
        let messages = *rest.first()? as usize;
        let reader = *rest.get(1)?;
        let now = rest.get(2).copied().filter(|v| *v != MISSING);
        let lengths = rest.get(3..3 + n)?;
        let mut checks = Vec::with_capacity(n);
        let mut ascii = Vec::new();
        let mut offset = 0;
        for &len in lengths {
            let len = len as usize;
            checks.push(flags(units.get(offset..offset + len)?, &mut ascii));
            offset += len;
        }
        Some(Self { flags: checks, slots, messages, reader, now, records_at: 4 + n })
    }

    fn sym(&self, id: u32) -> Sym<'_> {
        Sym { id, flags: &self.flags }
    }

    fn field(&self, code: u32) -> Field<Sym<'_>> {
        match code {
            MISSING => Field::Missing,
            NULL => Field::Null,
            OTHER | NOT_A_RECORD => Field::Other,
            i => Field::Str(self.sym(i)),
        }
    }

    /// The records, or the index of a message that is not an object.
    fn records(&self) -> Result<Vec<MessageRecord<Sym<'_>>>, usize> {
        let s = self.slots;
        let mut at = self.records_at;
        let mut records = Vec::with_capacity(self.messages);
        for index in 0..self.messages {
            let word = |i: usize| s.get(i).copied().unwrap_or(MISSING);
            if word(at) == NOT_A_RECORD {
                return Err(index);
            }
            let (to, from, read_at, receipts) = (word(at + 1), word(at + 2), word(at + 3), word(at + 4));
            at += 5;
            let receipts = match receipts {
                MISSING | NULL => Receipts::Missing,
                OTHER => Receipts::Other,
                count => {
                    let list = (0..count as usize)
                        .map(|k| {
                            let (who, when) = (word(at + 2 * k), word(at + 2 * k + 1));
                            (who != NOT_A_RECORD)
                                .then(|| Receipt { recipient: self.field(who), read_at: self.field(when) })
                        })
                        .collect();
                    at += 2 * count as usize;
                    Receipts::List(list)
                }
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
