//! Broadcast delivery and per-recipient read state.
//!
//! The module decides; the host stores. A broadcast gets one receipt per
//! member of the audience as it stood at send time, and every count uses
//! [`read_state`]: a receipt-backed broadcast is read or unread only
//! through the reader's own receipt, never through the shared flag.

use std::fmt;

use serde::Serialize;

use crate::error::{BoundaryError, Detail};
use crate::recipient::shape::Shape;
use crate::recipient::{Recipient, RecipientError, RecipientValidator, BROADCAST};

/// One entry of the audience: an identity, with the account type when known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentEntry<'a> {
    /// The identity, e.g. `@neo-gpt`.
    pub id: &'a str,
    /// `human` and `sentinel` accounts never receive broadcasts.
    pub account_type: Option<&'a str>,
}

/// Who a message goes to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum DeliveryPlan {
    /// One recipient.
    Direct {
        /// `[to]`.
        recipients: Vec<String>,
    },
    /// The audience snapshot: sorted, de-duplicated, without the sender,
    /// `AGENT:*`, ids that are not `@<identifier>`, and human or sentinel
    /// accounts. The host stores one receipt per entry.
    Broadcast {
        /// The audience, possibly empty.
        recipients: Vec<String>,
    },
}

impl DeliveryPlan {
    /// The recipients, whichever the kind.
    #[must_use]
    pub fn recipients(&self) -> &[String] {
        match self {
            Self::Direct { recipients } | Self::Broadcast { recipients } => recipients,
        }
    }
}

/// Plans the delivery of a message: validates `to` with the
/// recipient rules, then names the direct recipient or the broadcast
/// audience as it stands now.
///
/// # Errors
/// The [`RecipientError`] of the contract for a bad `to` (`"AGENT:gpt"`,
/// `" @neo"`, `""`).
pub fn plan_delivery(
    to: &str,
    sender: Option<&str>,
    agents: &[AgentEntry<'_>],
    validator: &RecipientValidator,
) -> Result<DeliveryPlan, RecipientError> {
    match validator.validate(to)? {
        Recipient::Identity(_) => Ok(DeliveryPlan::Direct { recipients: vec![to.to_owned()] }),
        Recipient::Broadcast => {
            Ok(DeliveryPlan::Broadcast { recipients: broadcast_audience(sender, agents, validator) })
        }
    }
}

/// The account types a broadcast's audience leaves out.
pub(crate) const EXCLUDED_ACCOUNTS: [&str; 2] = ["human", "sentinel"];

/// The longest ISO-8601 UTC timestamp [`is_utc_timestamp`] accepts:
/// `YYYY-MM-DDTHH:MM:SS`, a fraction of 9 digits, `+00:00`.
pub(crate) const MAX_TIMESTAMP_LEN: usize = 19 + 10 + 6;

/// The audience of a broadcast sent now: the agents sorted and
/// de-duplicated, without the sender, `AGENT:*`, ids that are not
/// identities `validator` accepts (its `@<identifier>` length, and its
/// known agents and identity pattern when it has them: an agent the
/// deployment would refuse a direct message to gets no receipt, and one
/// it accepts always does), and `human` or `sentinel` accounts.
///
/// ```
/// use mcp_boundary::{broadcast_audience, AgentEntry, RecipientOptions, RecipientValidator};
///
/// let long = format!("@{}", "a".repeat(200));
/// let agents = [AgentEntry { id: &long, account_type: None }, AgentEntry { id: "@b", account_type: None }];
/// assert_eq!(broadcast_audience(None, &agents, &RecipientValidator::DEFAULT), ["@b"]);
/// let longer = RecipientValidator::new(RecipientOptions::default().max_identifier_length(256)).unwrap();
/// assert_eq!(broadcast_audience(None, &agents, &longer), [long.clone(), "@b".to_owned()]);
/// ```
#[must_use]
pub fn broadcast_audience(
    sender: Option<&str>,
    agents: &[AgentEntry<'_>],
    validator: &RecipientValidator,
) -> Vec<String> {
    let longest = validator.longest_identity();
    let mut audience: Vec<String> = agents
        .iter()
        .filter(|a| !a.account_type.is_some_and(|t| EXCLUDED_ACCOUNTS.contains(&t)))
        .map(|a| a.id)
        .filter(|id| Some(*id) != sender && *id != BROADCAST)
        // A longer id is no identity, and is not scanned to find so.
        .filter(|id| id.len() <= longest)
        .filter(|id| validator.verdict(id.as_bytes()) == Some(Shape::Identity))
        .map(str::to_owned)
        .collect();
    crate::heap_sort::sort(&mut audience);
    audience.dedup();
    audience
}

/// The strings records are made of: `&str`, or strings of a host's own
/// kind (the JS binding's are interned once per call, so that their checks
/// are done once per distinct string rather than once per use). A type
/// that implements it must answer as `&str` does for the same text.
pub trait RecordText: Copy + Ord {
    /// Whether this is exactly `AGENT:*`.
    fn is_broadcast(self) -> bool;
    /// Whether this is an ISO-8601 UTC timestamp ([`is_utc_timestamp`]).
    fn is_timestamp(self) -> bool;
}

impl RecordText for &str {
    fn is_broadcast(self) -> bool {
        self == BROADCAST
    }
    fn is_timestamp(self) -> bool {
        is_utc_timestamp(self)
    }
}

/// A property of a record as the host stored it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field<T> {
    /// Not there at all.
    Missing,
    /// `null`.
    Null,
    /// A string.
    Str(T),
    /// Any other type.
    Other,
}

impl<T: Copy> Field<T> {
    fn str(self) -> Option<T> {
        match self {
            Self::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// One receipt: `{ recipient, deliveredAt, readAt }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Receipt<T> {
    /// The recipient's identity.
    pub recipient: Field<T>,
    /// `null` until the recipient reads the message.
    pub read_at: Field<T>,
}

/// The `receipts` property of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Receipts<T> {
    /// Absent (or `null`): a direct message, or a legacy broadcast.
    Missing,
    /// A list; `None` marks an entry that is not a receipt object.
    List(Vec<Option<Receipt<T>>>),
    /// Not a list.
    Other,
}

/// A message record: `{ id, from, to, readAt?, receipts? }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageRecord<T> {
    /// The sender.
    pub from: Field<T>,
    /// `@<identifier>` or `AGENT:*`.
    pub to: Field<T>,
    /// The shared read flag (direct and legacy messages).
    pub read_at: Field<T>,
    /// Per-recipient receipts (broadcasts created through [`plan_delivery`]).
    pub receipts: Receipts<T>,
}

/// A reader's view of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadState {
    /// Addressed to the reader and not read yet.
    Unread,
    /// Read (by this reader, for a receipt-backed broadcast).
    Read,
    /// Not addressed to the reader: the sender, a latecomer, another agent.
    NotARecipient,
}

impl ReadState {
    /// Every state.
    pub const ALL: [Self; 3] = [Self::Unread, Self::Read, Self::NotARecipient];

    /// `unread`, `read` or `not_a_recipient`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unread => "unread",
            Self::Read => "read",
            Self::NotARecipient => "not_a_recipient",
        }
    }
}

/// What is wrong with a record: named by place, never by content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MalformedRecord {
    /// Index of the message in the list (`None` for a single record).
    message: Option<usize>,
    /// Index of the receipt at fault, if any.
    receipt: Option<usize>,
    problem: Problem,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Problem {
    NotARecord,
    To,
    From,
    ReadAt,
    ReceiptsNotAList,
    ReceiptsOnDirect,
    ReceiptNotARecord,
    Recipient,
    Duplicate(usize),
}

impl MalformedRecord {
    #[cold]
    fn new(problem: Problem) -> Self {
        Self { message: None, receipt: None, problem }
    }

    fn at_receipt(mut self, i: usize) -> Self {
        self.receipt = Some(i);
        self
    }

    /// The same error, placed at `messages[index]`.
    #[must_use]
    pub fn in_message(mut self, index: usize) -> Self {
        self.message = Some(index);
        self
    }

    /// Always `MALFORMED_RECORD`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        "MALFORMED_RECORD"
    }

    /// What is wrong, as a stable word: `not_a_record`, `to`, `from`,
    /// `read_at`, `receipts`, `receipts_on_direct`, `recipient`,
    /// `duplicate_receipt`.
    #[must_use]
    pub fn reason(&self) -> &'static str {
        Self::REASONS[match self.problem {
            Problem::NotARecord | Problem::ReceiptNotARecord => 0,
            Problem::To => 1,
            Problem::From => 2,
            Problem::ReadAt => 3,
            Problem::ReceiptsNotAList => 4,
            Problem::ReceiptsOnDirect => 5,
            Problem::Recipient => 6,
            Problem::Duplicate(_) => 7,
        }]
    }

    /// Every [`reason`](Self::reason), in this order (the bindings' types
    /// list them from here).
    pub const REASONS: [&'static str; 8] =
        ["not_a_record", "to", "from", "read_at", "receipts", "receipts_on_direct", "recipient", "duplicate_receipt"];

    /// Where: `messages[3].receipts[1]`, `message.readAt`, …
    #[must_use]
    pub fn place(&self) -> String {
        let message = self.message.map_or_else(|| "message".to_owned(), |i| format!("messages[{i}]"));
        match self.receipt {
            Some(r) => format!("{message}.receipts[{r}]"),
            None => message,
        }
    }
}

impl fmt::Display for MalformedRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = self.place();
        match self.problem {
            Problem::NotARecord => write!(f, "Malformed record: {place} is not an object."),
            Problem::To => write!(f, "Malformed record: {place}.to is not a string."),
            Problem::From => write!(f, "Malformed record: {place}.from is neither a string nor null."),
            Problem::ReadAt => write!(f, "Malformed record: {place}.readAt is neither null nor an ISO-8601 UTC timestamp (such as 2026-11-22T08:15:00Z)."),
            Problem::ReceiptsNotAList => write!(f, "Malformed record: {place}.receipts is neither a list nor absent."),
            Problem::ReceiptsOnDirect => {
                write!(f, "Malformed record: {place} carries receipts but its to is not AGENT:*; only broadcasts have receipts.")
            }
            Problem::ReceiptNotARecord => write!(f, "Malformed record: {place} is not a receipt object."),
            Problem::Recipient => write!(f, "Malformed record: {place}.recipient is not a string."),
            Problem::Duplicate(first) => {
                write!(f, "Malformed record: {place} is a second receipt for the recipient of receipts[{first}]; a recipient has one receipt.")
            }
        }
    }
}

impl std::error::Error for MalformedRecord {}

crate::error::serialize_as_error!(MalformedRecord);

impl BoundaryError for MalformedRecord {
    fn code(&self) -> &'static str {
        MalformedRecord::code(self)
    }
    fn reason(&self) -> &'static str {
        MalformedRecord::reason(self)
    }
    fn details(&self) -> Vec<(&'static str, Detail)> {
        vec![("place", Detail::Text(self.place()))]
    }
}

/// Whether `s` is an ISO-8601 UTC timestamp: `YYYY-MM-DDTHH:MM:SS`, an
/// optional fraction of 1 to 9 digits, then `Z` or `+00:00`; every field in
/// range (leap years and leap seconds included). Byte checks, no regex.
#[must_use]
pub fn is_utc_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() > MAX_TIMESTAMP_LEN {
        return false;
    }
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        b.get(r.clone())?.iter().try_fold(0u32, |n, c| c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0')))
    };
    let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) =
        (digits(0..4), digits(5..7), digits(8..10), digits(11..13), digits(14..16), digits(17..19))
    else {
        return false;
    };
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' {
        return false;
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    if day == 0 || day > days || hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    let mut rest = &b[19..];
    if let Some(fraction) = rest.strip_prefix(b".") {
        let n = fraction.iter().take_while(|c| c.is_ascii_digit()).count();
        if !(1..=9).contains(&n) {
            return false;
        }
        rest = &fraction[n..];
    }
    rest == b"Z" || rest == b"+00:00"
}

fn read_at<T: RecordText>(field: Field<T>) -> Result<Option<T>, Problem> {
    match field {
        Field::Missing | Field::Null => Ok(None),
        Field::Str(s) if s.is_timestamp() => Ok(Some(s)),
        _ => Err(Problem::ReadAt),
    }
}

/// Where a reader's read state lives, after checking the record.
enum Slot<T> {
    /// The message's own `readAt` (direct, legacy broadcast).
    Message(Option<T>),
    /// The reader's receipt.
    Receipt(Option<T>),
    NotARecipient,
}

/// Checks the whole record and finds the reader's slot: the one rule
/// behind [`read_state`], [`mark_read`], [`unread_count`], [`list_unread`].
fn slot<T: RecordText>(m: &MessageRecord<T>, reader: T) -> Result<Slot<T>, MalformedRecord> {
    let to = m.to.str().ok_or(MalformedRecord::new(Problem::To))?;
    let from = match m.from {
        Field::Str(s) => Some(s),
        Field::Missing | Field::Null => None,
        Field::Other => return Err(MalformedRecord::new(Problem::From)),
    };
    let shared = read_at(m.read_at).map_err(MalformedRecord::new)?;
    let broadcast = to.is_broadcast();
    match &m.receipts {
        Receipts::Other => Err(MalformedRecord::new(Problem::ReceiptsNotAList)),
        Receipts::List(_) if !broadcast => Err(MalformedRecord::new(Problem::ReceiptsOnDirect)),
        Receipts::Missing if broadcast => {
            Ok(if from == Some(reader) { Slot::NotARecipient } else { Slot::Message(shared) })
        }
        Receipts::Missing => Ok(if to == reader { Slot::Message(shared) } else { Slot::NotARecipient }),
        Receipts::List(list) => {
            let mut mine = None;
            let mut seen: Vec<(T, usize)> = Vec::with_capacity(list.len());
            for (i, receipt) in list.iter().enumerate() {
                let r = receipt.ok_or_else(|| MalformedRecord::new(Problem::ReceiptNotARecord).at_receipt(i))?;
                let who = r.recipient.str().ok_or_else(|| MalformedRecord::new(Problem::Recipient).at_receipt(i))?;
                let at = read_at(r.read_at).map_err(|p| MalformedRecord::new(p).at_receipt(i))?;
                seen.push((who, i));
                if who == reader {
                    mine = Some(at);
                }
            }
            // Duplicates: sort the (recipient, index) pairs, so neighbours
            // clash; report the earliest second receipt, as a reader would.
            crate::heap_sort::sort(&mut seen);
            if let Some(w) = seen.windows(2).filter(|w| w[0].0 == w[1].0).min_by_key(|w| w[1].1) {
                return Err(MalformedRecord::new(Problem::Duplicate(w[0].1)).at_receipt(w[1].1));
            }
            Ok(mine.map_or(Slot::NotARecipient, Slot::Receipt))
        }
    }
}

/// The reader's view of one message: direct → the message's
/// `readAt` (for its recipient); receipt-backed broadcast → the reader's
/// own receipt only, and a reader without one (the sender, a latecomer) is
/// `not_a_recipient`; legacy broadcast (no `receipts`) → the shared
/// `readAt`, except for its sender.
///
/// # Errors
/// [`MalformedRecord`] for a `readAt` that is not null or an ISO-8601 UTC
/// timestamp (`"yesterday"`, `"2026-11-22 08:15"`, `42`), two receipts for
/// one recipient, receipts on a direct message, a `to` that is not a string.
pub fn read_state<T: RecordText>(message: &MessageRecord<T>, reader: T) -> Result<ReadState, MalformedRecord> {
    Ok(match slot(message, reader)? {
        Slot::Message(at) | Slot::Receipt(at) => {
            if at.is_some() {
                ReadState::Read
            } else {
                ReadState::Unread
            }
        }
        Slot::NotARecipient => ReadState::NotARecipient,
    })
}

/// Where `mark_read`'s update goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkTarget {
    /// The reader's receipt.
    Receipt,
    /// The message's own `readAt`.
    Message,
}

impl MarkTarget {
    /// Both targets.
    pub const ALL: [Self; 2] = [Self::Receipt, Self::Message];

    /// `receipt` or `message`, as it serializes.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Receipt => "receipt",
            Self::Message => "message",
        }
    }
}

/// The update for the host to store.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MarkRead<T> {
    /// True when it was read before: `read_at` is then the first read's.
    pub already_read: bool,
    /// Which `readAt` to set.
    pub target: MarkTarget,
    /// The `readAt` to store (unchanged when already read).
    pub read_at: T,
}

/// Why a reader cannot mark a message (returned, not thrown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotARecipient;

impl NotARecipient {
    /// Always `NOT_A_RECIPIENT`.
    #[must_use]
    pub fn code(self) -> &'static str {
        "NOT_A_RECIPIENT"
    }

    /// A fixed explanation.
    #[must_use]
    pub fn message(self) -> &'static str {
        "This agent is not a recipient of the message (its sender, or an agent that joined after a broadcast was sent), so it cannot mark it read."
    }
}

/// Why [`mark_read`] gives no update.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MarkError {
    /// The reader has no receipt or is not addressed (a result for the
    /// caller, `{ ok: false }` in JS).
    NotARecipient(NotARecipient),
    /// The record is malformed (thrown in JS).
    Malformed(MalformedRecord),
    /// `now` is not an ISO-8601 UTC timestamp (thrown in JS).
    BadTimestamp,
}

impl fmt::Display for NotARecipient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for NotARecipient {}

impl fmt::Display for MarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotARecipient(e) => e.fmt(f),
            Self::Malformed(e) => e.fmt(f),
            Self::BadTimestamp => f.write_str("now is not an ISO-8601 UTC timestamp (such as 2026-11-22T08:15:00Z)."),
        }
    }
}

impl std::error::Error for MarkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::NotARecipient(e) => Some(e),
            Self::Malformed(e) => Some(e),
            Self::BadTimestamp => None,
        }
    }
}

/// The update that marks a message read for `reader` at `now` (an
/// ISO-8601 UTC timestamp): the reader's own receipt, or the message for a
/// direct or legacy message. The first read wins: marking again returns
/// `already_read` and the first `read_at`.
///
/// # Errors
/// [`MarkError::NotARecipient`] for a reader without a receipt (the
/// sender, a latecomer) or not addressed; [`MarkError::Malformed`] as
/// [`read_state`]; [`MarkError::BadTimestamp`] for `now` such as
/// `"2026-11-22 08:15"` or `"2026-11-22T08:15:00+01:00"`.
pub fn mark_read<T: RecordText>(message: &MessageRecord<T>, reader: T, now: T) -> Result<MarkRead<T>, MarkError> {
    let (target, at) = match slot(message, reader).map_err(MarkError::Malformed)? {
        Slot::Message(at) => (MarkTarget::Message, at),
        Slot::Receipt(at) => (MarkTarget::Receipt, at),
        Slot::NotARecipient => return Err(MarkError::NotARecipient(NotARecipient)),
    };
    if !now.is_timestamp() {
        return Err(MarkError::BadTimestamp);
    }
    Ok(MarkRead { already_read: at.is_some(), target, read_at: at.unwrap_or(now) })
}

/// The indexes of the messages `reader` has not read, by [`read_state`].
///
/// # Errors
/// The first [`MalformedRecord`], placed at `messages[i]`.
pub fn list_unread<T: RecordText>(messages: &[MessageRecord<T>], reader: T) -> Result<Vec<usize>, MalformedRecord> {
    let mut unread = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        if read_state(m, reader).map_err(|e| e.in_message(i))? == ReadState::Unread {
            unread.push(i);
        }
    }
    Ok(unread)
}

/// How many messages `reader` has not read: `list_unread(…).len()`.
///
/// # Errors
/// As [`list_unread`].
pub fn unread_count<T: RecordText>(messages: &[MessageRecord<T>], reader: T) -> Result<usize, MalformedRecord> {
    list_unread(messages, reader).map(|l| l.len())
}

/// Records read from JSON values (what a host keeps in its store).
///
/// # Errors
/// `not_a_record` at `messages[i]` for a value that is not an object.
pub fn records_from_json(values: &[serde_json::Value]) -> Result<Vec<MessageRecord<&str>>, MalformedRecord> {
    values
        .iter()
        .enumerate()
        .map(|(i, v)| MessageRecord::from_json(v).ok_or_else(|| MalformedRecord::not_a_record().in_message(i)))
        .collect()
}

/// The property names of a message record, as hosts store them: the
/// string fields in the order the JS binding sends them, the receipts
/// list, and a receipt's string fields in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RecordKeys {
    /// `to`, `from`, `readAt`.
    pub(crate) message: [&'static str; 3],
    /// `receipts`.
    pub(crate) receipts: &'static str,
    /// `recipient`, `readAt`.
    pub(crate) receipt: [&'static str; 2],
}

/// The one spelling of a record's property names.
pub(crate) const RECORD_KEYS: RecordKeys =
    RecordKeys { message: ["to", "from", READ_AT], receipts: "receipts", receipt: ["recipient", READ_AT] };

/// The field of a message or receipt that holds when it was read.
pub(crate) const READ_AT: &str = "readAt";

/// A property of a JSON object as a [`Field`].
fn json_field<'a>(o: &'a serde_json::Map<String, serde_json::Value>, key: &str) -> Field<&'a str> {
    match o.get(key) {
        None => Field::Missing,
        Some(serde_json::Value::Null) => Field::Null,
        Some(serde_json::Value::String(s)) => Field::Str(s),
        Some(_) => Field::Other,
    }
}

impl MalformedRecord {
    /// A message that is not an object.
    #[must_use]
    pub fn not_a_record() -> Self {
        Self::new(Problem::NotARecord)
    }
}

impl<'a> MessageRecord<&'a str> {
    /// A record read from JSON; `None` when it is not an object.
    #[must_use]
    pub fn from_json(v: &'a serde_json::Value) -> Option<Self> {
        let o = v.as_object()?;
        let RecordKeys { message: [to, from, read_at], receipts, receipt: [recipient, receipt_read_at] } = RECORD_KEYS;
        let receipts = match o.get(receipts) {
            None | Some(serde_json::Value::Null) => Receipts::Missing,
            Some(serde_json::Value::Array(list)) => Receipts::List(
                list.iter()
                    .map(|r| {
                        let r = r.as_object()?;
                        Some(Receipt { recipient: json_field(r, recipient), read_at: json_field(r, receipt_read_at) })
                    })
                    .collect(),
            ),
            Some(_) => Receipts::Other,
        };
        Some(Self { to: json_field(o, to), from: json_field(o, from), read_at: json_field(o, read_at), receipts })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_timestamp_is_the_bound() {
        let longest = "2024-02-29T23:59:60.123456789+00:00";
        assert_eq!(longest.len(), MAX_TIMESTAMP_LEN);
        assert!(is_utc_timestamp(longest));
        // No text one byte longer is one: each field is fixed, the fraction
        // has at most 9 digits, and `+00:00` is the longest ending.
        for extra in ["0", "Z", ":00", " "] {
            let longer = longest.replacen("+00:00", &format!("{extra}+00:00"), 1);
            assert!(!is_utc_timestamp(&longer), "{longer}");
        }
    }

    fn broadcast<'a>(receipts: Vec<(&'a str, Option<&'a str>)>) -> MessageRecord<&'a str> {
        MessageRecord {
            from: Field::Str("@a"),
            to: Field::Str(BROADCAST),
            read_at: Field::Null,
            receipts: Receipts::List(
                receipts
                    .into_iter()
                    .map(|(r, at)| {
                        Some(Receipt { recipient: Field::Str(r), read_at: at.map_or(Field::Null, Field::Str) })
                    })
                    .collect(),
            ),
        }
    }

    #[test]
    fn the_incident() {
        // A broadcasts; B marks read; C still sees it unread.
        let plan = plan_delivery(
            "AGENT:*",
            Some("@a"),
            &[
                AgentEntry { id: "@c", account_type: None },
                AgentEntry { id: "@b", account_type: Some("agent") },
                AgentEntry { id: "@a", account_type: None },
                AgentEntry { id: "@h", account_type: Some("human") },
                AgentEntry { id: "@b", account_type: None },
                AgentEntry { id: "AGENT:*", account_type: None },
                AgentEntry { id: "nobody", account_type: None },
            ],
            &RecipientValidator::DEFAULT,
        )
        .unwrap();
        assert_eq!(plan, DeliveryPlan::Broadcast { recipients: vec!["@b".into(), "@c".into()] });
        let m = broadcast(vec![("@b", None), ("@c", None)]);
        let mark = mark_read(&m, "@b", "2026-11-22T08:15:00Z").unwrap();
        assert_eq!((mark.target, mark.already_read), (MarkTarget::Receipt, false));
        let after = broadcast(vec![("@b", Some("2026-11-22T08:15:00Z")), ("@c", None)]);
        assert_eq!(read_state(&after, "@b"), Ok(ReadState::Read));
        assert_eq!(read_state(&after, "@c"), Ok(ReadState::Unread));
        assert_eq!(unread_count(std::slice::from_ref(&after), "@b"), Ok(0));
        assert_eq!(unread_count(std::slice::from_ref(&after), "@c"), Ok(1));
        assert_eq!(read_state(&after, "@a"), Ok(ReadState::NotARecipient), "sender");
        assert_eq!(read_state(&after, "@late"), Ok(ReadState::NotARecipient), "latecomer");
        assert_eq!(mark_read(&after, "@late", "2026-11-22T09:00:00Z"), Err(MarkError::NotARecipient(NotARecipient)));
        assert_eq!(mark_read(&after, "@c", "2026-11-22 09:00"), Err(MarkError::BadTimestamp));
        let again = mark_read(&after, "@b", "2026-11-23T00:00:00Z").unwrap();
        assert_eq!((again.already_read, again.read_at), (true, "2026-11-22T08:15:00Z"), "first read wins");
    }

    #[test]
    fn shared_flag_is_never_used_when_receipts_exist() {
        let mut m = broadcast(vec![("@b", None)]);
        m.read_at = Field::Str("2026-11-22T08:15:00Z");
        assert_eq!(read_state(&m, "@b"), Ok(ReadState::Unread));
    }

    #[test]
    fn malformed_records_are_named() {
        let e = read_state(&broadcast(vec![("@b", None), ("@c", None), ("@b", None)]), "@x").unwrap_err();
        assert_eq!((e.reason(), e.place()), ("duplicate_receipt", "message.receipts[2]".to_owned()));
        assert!(e.to_string().contains("receipts[0]"));
        let e = read_state(&broadcast(vec![("@b", Some("yesterday"))]), "@x").unwrap_err().in_message(4);
        assert_eq!(e.place(), "messages[4].receipts[0]");
        let direct = MessageRecord {
            from: Field::Str("@a"),
            to: Field::Str("@b"),
            read_at: Field::Null,
            receipts: Receipts::List(vec![]),
        };
        assert_eq!(read_state(&direct, "@b").unwrap_err().reason(), "receipts_on_direct");
    }

    #[test]
    fn timestamps() {
        for ok in
            ["2026-11-22T08:15:00Z", "2026-11-22T08:15:00.123Z", "2024-02-29T00:00:00+00:00", "2016-12-31T23:59:60Z"]
        {
            assert!(is_utc_timestamp(ok), "{ok}");
        }
        for bad in [
            "2026-11-22 08:15:00Z",
            "2026-11-22T08:15:00",
            "2026-11-22T08:15:00+01:00",
            "2025-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-11-22T24:00:00Z",
            "2026-11-22T08:15:00.Z",
            "2026-11-22T08:15:00z",
            "",
            "yesterday",
            "2026-11-22T08:15:00Z\n",
            "２026-11-22T08:15:00Z",
        ] {
            assert!(!is_utc_timestamp(bad), "{bad:?}");
        }
    }
}
