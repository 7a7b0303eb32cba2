//! Layer 1 over code units: the two shapes, checked on UTF-8 bytes and
//! UTF-16 units alike, and the diagnosis of the first rule that fails.

use super::{RejectionReason, BROADCAST};
use crate::nearest::Query;
use crate::safe_text::{is_js_whitespace, RENDITION_MAX_CHARS};

/// A code unit of either UTF-8 or UTF-16 text; the shape is pure ASCII, so
/// one byte check serves both.
pub(crate) trait Unit: Copy {
    fn code(self) -> u32;
}
impl Unit for u8 {
    fn code(self) -> u32 {
        u32::from(self)
    }
}
impl Unit for u16 {
    fn code(self) -> u32 {
        u32::from(self)
    }
}

/// `[A-Za-z0-9_-]`, by table: the hot path is one load per character.
const IDENT: [bool; 128] = {
    let mut t = [false; 128];
    let mut c = 0;
    while c < 128 {
        #[allow(clippy::cast_possible_truncation, reason = "c < 128")]
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        c += 1;
    }
    t
};

/// The identifier characters (`IDENT`'s), in order: the table the build
/// generates the wrapper's accept check from.
#[cfg(feature = "build-tables")]
pub(crate) fn ident_ascii() -> String {
    (0u8..128).filter(|b| IDENT[usize::from(*b)]).map(char::from).collect()
}

#[inline]
pub(super) fn is_ident<T: Unit>(u: T) -> bool {
    let c = u.code();
    c < 128 && IDENT[c as usize]
}

pub(super) fn eq_ascii<T: Unit>(s: &[T], lit: &[u8]) -> bool {
    s.len() == lit.len() && s.iter().zip(lit).all(|(a, b)| a.code() == u32::from(*b))
}

/// The shape verdict (layer 1) without allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Broadcast,
    Identity,
}

#[inline]
pub(super) fn shape<T: Unit>(s: &[T], max_len: usize) -> Option<Shape> {
    match s.split_first() {
        Some((at, rest)) if at.code() == u32::from(b'@') => {
            (!rest.is_empty() && rest.len() <= max_len && rest.iter().all(|u| is_ident(*u))).then_some(Shape::Identity)
        }
        _ => eq_ascii(s, BROADCAST.as_bytes()).then_some(Shape::Broadcast),
    }
}

/// Orders an ASCII identity given as code units against a stored string.
pub(super) fn cmp_units<T: Unit>(stored: &str, s: &[T]) -> std::cmp::Ordering {
    stored.bytes().map(u32::from).cmp(s.iter().map(|u| u.code()))
}

/// How many units of an input's start its rejection shows: the
/// rendition's [`RENDITION_MAX_CHARS`] characters (at most two units
/// each), and one more character, which decides whether `…` follows.
const SHOWN_UNITS: usize = 2 * RENDITION_MAX_CHARS + 2;

/// `AGENT:` as normalized for suggestions: the bytes a query drops when it
/// starts with that prefix.
const AGENT_KEPT: usize = 5;

/// Whether `units` start with `AGENT:`, in any case.
fn agent_prefixed(units: &[u16]) -> bool {
    units.len() >= 6
        && units[..6].iter().zip(b"AGENT:").all(|(u, b)| u8::try_from(*u).is_ok_and(|c| c.eq_ignore_ascii_case(b)))
}

/// The longest input of either shape: `AGENT:*`, or `@` and `max_len`
/// characters (one unit each).
fn longest_valid(max_len: usize) -> usize {
    BROADCAST.len().max(1 + max_len)
}

/// How many units of an input [`Diagnosis`] keeps: enough for the shapes
/// and for the rendition, so an input up to this long is held whole.
fn held_units(max_len: usize) -> usize {
    longest_valid(max_len).max(SHOWN_UNITS)
}

/// What a rejection needs to know of an input, found in one pass over its
/// code units, given whole or in pieces: of an input in pieces nothing is
/// kept but a bounded head and a few facts, so an input far longer than
/// any valid one (a hostile one from JS crosses in chunks) is rejected
/// without a copy of it; of a whole one nothing is copied at all. The
/// first failing shape rule is [`reason`](Self::reason).
#[derive(Debug, Clone)]
pub(crate) struct Diagnosis<'a> {
    max_len: usize,
    /// Units seen.
    len: usize,
    /// Whether a `*` was seen.
    star: bool,
    /// The first unit outside `[A-Za-z0-9_-]`, and the first after the first unit.
    first_bad: Option<usize>,
    first_bad_after_first: Option<usize>,
    /// Where the input without its surrounding JS white space starts, and where it ends.
    lead: Option<usize>,
    trail: usize,
    /// The input, when it was given whole.
    whole: Option<&'a [u16]>,
    /// Of an input in pieces: its first [`held_units`], its trimmed text's
    /// first [`longest_valid`] units, and the input as suggestions compare
    /// it (white space is never kept, so the trimmed text's), an `AGENT:`
    /// prefix included.
    head: Vec<u16>,
    trimmed: Vec<u16>,
    query: Query,
}

impl Diagnosis<'static> {
    /// Nothing seen yet of an input that comes in pieces, for identifiers
    /// of at most `max_len` characters.
    pub(super) fn new(max_len: usize) -> Self {
        Diagnosis {
            max_len,
            len: 0,
            star: false,
            first_bad: None,
            first_bad_after_first: None,
            lead: None,
            trail: 0,
            whole: None,
            head: Vec::new(),
            trimmed: Vec::new(),
            // Enough for any query short enough to be ranked, and the prefix.
            query: Query::new(2 * max_len + AGENT_KEPT),
        }
    }

    /// Takes the next piece of the input.
    pub(crate) fn feed(&mut self, units: impl IntoIterator<Item = u16>) {
        let (held, valid) = (self.held(), longest_valid(self.max_len));
        for u in units {
            let at = self.len;
            self.see(u);
            if at < held {
                self.head.push(u);
            }
            if self.lead.is_some() && self.trimmed.len() < valid {
                self.trimmed.push(u);
            }
            self.query.feed([u]);
        }
    }
}

impl<'a> Diagnosis<'a> {
    /// What is known of `units`, a whole input (nothing is copied).
    pub(super) fn of(units: &'a [u16], max_len: usize) -> Self {
        let mut d = Diagnosis { whole: Some(units), query: Query::new(0), ..Diagnosis::new(max_len) };
        for &u in units {
            d.see(u);
        }
        d
    }

    /// The facts of unit `u`, the next.
    fn see(&mut self, u: u16) {
        let at = self.len;
        self.len += 1;
        self.star |= u == u16::from(b'*');
        if !is_ident(u) {
            self.first_bad.get_or_insert(at);
            if at > 0 {
                self.first_bad_after_first.get_or_insert(at);
            }
        }
        if !is_js_whitespace(u) {
            self.lead.get_or_insert(at);
            self.trail = at + 1;
        }
    }

    /// How many of an input's first units are kept: a longer input is
    /// never valid, and only this many of it are ever held.
    pub(crate) fn held(&self) -> usize {
        held_units(self.max_len)
    }

    /// The input, when it was given whole or was no longer than the units kept.
    pub(crate) fn whole(&self) -> Option<&[u16]> {
        self.whole.or_else(|| (self.len <= self.held()).then_some(self.head.as_slice()))
    }

    /// The first units, as many as a rendition shows (all of a short input).
    pub(super) fn head(&self) -> &[u16] {
        self.whole.unwrap_or(&self.head)
    }

    /// The trimmed text, or (of an input in pieces) its first units.
    fn trimmed(&self) -> &[u16] {
        match (self.whole, self.lead) {
            (Some(units), Some(lead)) => &units[lead..self.trail],
            (Some(_), None) => &[],
            (None, _) => &self.trimmed,
        }
    }

    /// The first failing shape rule, for input that is not shape-valid:
    /// the reason, the position, the limit.
    pub(super) fn reason(&self) -> (RejectionReason, Option<usize>, Option<usize>) {
        const AT: u16 = b'@' as u16;
        let first = self.head().first().copied();
        if self.len == 0 || (self.len == 1 && first == Some(AT)) {
            return (RejectionReason::Empty, None, None);
        }
        let trimmed = self.lead.map_or(0, |lead| self.trail - lead);
        if trimmed != self.len && self.trimmed().get(..trimmed).is_some_and(|t| shape(t, self.max_len).is_some()) {
            return (RejectionReason::SurroundingWhitespace, None, None);
        }
        if self.star {
            return (RejectionReason::WrongBroadcastLiteral, None, None);
        }
        if agent_prefixed(self.head()) {
            return (RejectionReason::AgentPrefixWithName, None, None);
        }
        if first != Some(AT) {
            if self.len <= self.max_len && self.first_bad.is_none() {
                return (RejectionReason::MissingAtPrefix, None, None);
            }
            return (RejectionReason::InvalidCharacters, Some(0), None);
        }
        match self.first_bad_after_first {
            Some(i) => (RejectionReason::InvalidCharacters, Some(i), None),
            None => (RejectionReason::TooLong, None, Some(self.max_len)),
        }
    }

    /// What suggestions rank the input by: its trimmed text, after an
    /// `AGENT:` prefix (any case), normalized; ranked when it is at most
    /// `max` bytes.
    pub(super) fn query(&self, max: usize) -> Query {
        let trimmed = self.lead.map_or(0, |lead| self.trail - lead);
        let skip = if trimmed >= 6 && agent_prefixed(self.trimmed()) { AGENT_KEPT } else { 0 };
        match self.whole {
            Some(_) => {
                let mut query = Query::new(2 * self.max_len + AGENT_KEPT);
                query.feed(self.trimmed().iter().copied());
                query.after(skip, max)
            }
            None => self.query.after(skip, max),
        }
    }
}
