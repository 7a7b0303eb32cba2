//! Layer 1 over code units: the two shapes, checked on UTF-8 bytes and
//! UTF-16 units alike, and the diagnosis of the first rule that fails.

use super::{RejectionReason, BROADCAST};
use crate::safe_text::trim_js;

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

/// The first failing shape rule for input that is not shape-valid.
pub(super) fn diagnose(s: &[u16], max_len: usize) -> (RejectionReason, Option<usize>, Option<usize>) {
    const AT: u16 = b'@' as u16;
    if s.is_empty() || s == [AT] {
        return (RejectionReason::Empty, None, None);
    }
    let trimmed = trim_js(s);
    if trimmed.len() != s.len() && shape(trimmed, max_len).is_some() {
        return (RejectionReason::SurroundingWhitespace, None, None);
    }
    if s.contains(&u16::from(b'*')) {
        return (RejectionReason::WrongBroadcastLiteral, None, None);
    }
    if s.len() >= 6
        && s[..6].iter().zip(b"AGENT:").all(|(u, b)| u8::try_from(*u).is_ok_and(|c| c.eq_ignore_ascii_case(b)))
    {
        return (RejectionReason::AgentPrefixWithName, None, None);
    }
    let all_ident = |t: &[u16]| t.iter().all(|u| is_ident(*u));
    if s[0] != AT {
        if s.len() <= max_len && all_ident(s) {
            return (RejectionReason::MissingAtPrefix, None, None);
        }
        return (RejectionReason::InvalidCharacters, Some(0), None);
    }
    match s[1..].iter().position(|u| !is_ident(*u)) {
        Some(i) => (RejectionReason::InvalidCharacters, Some(i + 1), None),
        None => (RejectionReason::TooLong, None, Some(max_len)),
    }
}
