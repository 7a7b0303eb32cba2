//! Interned catalog strings, looked up by UTF-8 text or by the UTF-16 code
//! units a JS string is made of, with no decoding in between.
//!
//! A JS caller's message reaches Rust as UTF-16 units. Decoding it into a
//! `String` before looking it up was most of what classifying a first-seen
//! message cost, so the table keys every string by its UTF-16 form and
//! hashes either input to the same value: one rule, two encodings.

use crate::fast_hash::FastHasher;
use std::hash::Hasher;

/// Text that can be looked up in an [`Interned`] table: a Rust string or
/// UTF-16 code units. A lone surrogate in the units equals no string (a
/// `String` has none), so it never matches.
pub(crate) trait Text: Copy {
    /// The length in UTF-16 code units.
    fn units_len(self) -> usize;
    /// The hash of the UTF-16 form (the same for both encodings).
    fn hash16(self) -> u64;
    /// Whether this is exactly these UTF-16 units.
    fn is(self, units: &[u16]) -> bool;
    /// The parts before and after the first ASCII space.
    fn split_space(self) -> Option<(Self, Self)>;
}

/// Four units a word, as [`FastHasher`] takes them.
fn hash_units(units: impl Iterator<Item = u16>) -> u64 {
    let mut h = FastHasher::default();
    let (mut word, mut shift) = (0u64, 0);
    for u in units {
        word |= u64::from(u) << shift;
        shift += 16;
        if shift == 64 {
            h.write_u64(word);
            (word, shift) = (0, 0);
        }
    }
    if shift != 0 {
        h.write_u64(word);
    }
    h.finish()
}

impl Text for &str {
    fn units_len(self) -> usize {
        if self.is_ascii() {
            self.len()
        } else {
            self.encode_utf16().count()
        }
    }
    fn hash16(self) -> u64 {
        hash_units(self.encode_utf16())
    }
    fn is(self, units: &[u16]) -> bool {
        self.encode_utf16().eq(units.iter().copied())
    }
    fn split_space(self) -> Option<(Self, Self)> {
        self.split_once(' ')
    }
}

impl Text for &[u16] {
    fn units_len(self) -> usize {
        self.len()
    }
    fn hash16(self) -> u64 {
        hash_units(self.iter().copied())
    }
    fn is(self, units: &[u16]) -> bool {
        self == units
    }
    fn split_space(self) -> Option<(Self, Self)> {
        let i = self.iter().position(|&u| u == u16::from(b' '))?;
        Some((&self[..i], &self[i + 1..]))
    }
}

/// No string in this slot.
const EMPTY: u32 = u32::MAX;

/// Strings numbered in the order they were first interned, found by
/// either encoding. Open addressing over the ids (linear probing, at most
/// half full): the set is small, filled once from the host's
/// configuration, and only looked up afterwards.
#[derive(Debug, Clone, Default)]
pub(crate) struct Interned {
    strings: Vec<String>,
    /// Each string's UTF-16 units, compared on a hash match.
    units: Vec<Box<[u16]>>,
    /// Ids by hash; a power of two long (or empty).
    slots: Vec<u32>,
    /// The UTF-16 lengths present, a bit each (the last bit: 255 or
    /// more), so most text that is none of the strings is known so
    /// without hashing it.
    lengths: [u64; 4],
    /// The most UTF-16 code units of a string: longer text is none of them.
    longest: usize,
}

impl Interned {
    /// The bit of `len` in [`lengths`](Self::lengths).
    fn length_bit(len: usize) -> (usize, u64) {
        let len = len.min(255);
        (len / 64, 1 << (len % 64))
    }

    /// The first slot to probe for `hash`: its top bits, which the
    /// multiply mixes best.
    fn slot(&self, hash: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        usize::try_from(hash >> (63 - bits) >> 1).unwrap_or_default()
    }

    /// The id of `text`, if it is one of the strings.
    pub(crate) fn get<T: Text>(&self, text: T) -> Option<u32> {
        let len = text.units_len();
        let (word, bit) = Self::length_bit(len);
        if len > self.longest || self.lengths[word] & bit == 0 {
            return None;
        }
        let mask = self.slots.len() - 1; // not empty: a length bit is set
        let mut i = self.slot(text.hash16());
        loop {
            let id = self.slots[i];
            if id == EMPTY {
                return None;
            }
            if text.is(&self.units[id as usize]) {
                return Some(id);
            }
            i = (i + 1) & mask;
        }
    }

    /// The id of `s`, added if it is new.
    pub(crate) fn intern(&mut self, s: String) -> u32 {
        if let Some(id) = self.get(s.as_str()) {
            return id;
        }
        let id = u32::try_from(self.strings.len()).unwrap_or(u32::MAX - 1);
        let units: Box<[u16]> = s.encode_utf16().collect();
        let (word, bit) = Self::length_bit(units.len());
        self.lengths[word] |= bit;
        self.longest = self.longest.max(units.len());
        self.strings.push(s);
        self.units.push(units);
        if self.strings.len() * 2 > self.slots.len() {
            self.slots = vec![EMPTY; (self.strings.len() * 2).next_power_of_two().max(8)];
            for id in 0..self.strings.len() {
                self.place(id);
            }
        } else {
            self.place(self.strings.len() - 1);
        }
        id
    }

    /// Puts string `id` in the first free slot from its hash.
    fn place(&mut self, id: usize) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(self.units[id].as_ref().hash16());
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = u32::try_from(id).unwrap_or(EMPTY);
    }

    /// The string with this id (`""` for none).
    pub(crate) fn string(&self, id: u32) -> &str {
        self.strings.get(id as usize).map_or("", String::as_str)
    }

    /// The most UTF-16 code units of any of the strings.
    pub(crate) fn longest(&self) -> usize {
        self.longest
    }

    /// Every string, in id order.
    pub(crate) fn strings(&self) -> &[String] {
        &self.strings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn both_encodings_find_the_same_id() {
        let mut t = Interned::default();
        let words = ["limit", "must be at most 100", "é à ü", "𝄞 clef", "a", "abcd", "abce", "abcde"];
        let ids: Vec<u32> = words.iter().map(|w| t.intern((*w).to_owned())).collect();
        assert_eq!(ids, (0..8).collect::<Vec<u32>>());
        assert_eq!(t.intern("limit".to_owned()), 0, "interning again gives the first id");
        for (w, id) in words.iter().zip(&ids) {
            assert_eq!(t.get(*w), Some(*id), "{w}");
            assert_eq!(t.get(utf16(w).as_slice()), Some(*id), "{w} as units");
            assert_eq!(t.string(*id), *w);
        }
        for miss in ["limits", "limi", "", "abcf", "must be at most 1000", "é à u"] {
            assert_eq!(t.get(miss), None, "{miss}");
            assert_eq!(t.get(utf16(miss).as_slice()), None, "{miss} as units");
        }
    }

    #[test]
    fn a_lone_surrogate_matches_nothing() {
        let mut t = Interned::default();
        t.intern("\u{1D11E}".to_owned());
        let pair = utf16("\u{1D11E}");
        assert_eq!(t.get(pair.as_slice()), Some(0));
        assert_eq!(t.get(&pair[..1]), None);
        assert_eq!(t.get([pair[1], pair[0]].as_slice()), None);
    }

    #[test]
    fn many_strings_grow_the_table() {
        let mut t = Interned::default();
        for i in 0..1000 {
            assert_eq!(t.intern(format!("phrase {i}")), i);
        }
        for i in 0..1000u32 {
            assert_eq!(t.get(utf16(&format!("phrase {i}")).as_slice()), Some(i));
        }
        assert_eq!(t.get("phrase 1000"), None);
    }

    #[test]
    fn text_splits_at_the_first_space_in_either_encoding() {
        assert_eq!("limit must be".split_space(), Some(("limit", "must be")));
        let units = utf16("limit must be");
        let (head, tail) = units.as_slice().split_space().unwrap_or_default();
        assert_eq!((head, tail), (utf16("limit").as_slice(), utf16("must be").as_slice()));
        assert_eq!("nospace".split_space(), None);
        assert_eq!(utf16("nospace").as_slice().split_space(), None);
    }
}
