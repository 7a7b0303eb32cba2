//! A fast unkeyed hash for maps whose keys only the host supplies.
//!
//! The standard `HashMap` hashes with `SipHash`, keyed per map so that keys
//! an attacker chooses cannot be made to collide. An error catalog is
//! filled from the host's configuration alone; caller input only looks
//! keys up, and a lookup cannot be made slow by collisions among keys that
//! are not inserted. There `SipHash`'s cost (a third of classifying a
//! first-seen message) buys nothing, so these maps use the multiply-rotate
//! hash compilers use for their own tables.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The multiply-rotate hasher: eight bytes at a time.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

/// An odd constant with well-mixed bits (the golden-ratio family).
const K: u64 = 0x517c_c1b7_2722_0a95;

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A `HashMap` with [`FastHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
/// A `HashSet` with [`FastHasher`].
pub(crate) type FastSet<T> = HashSet<T, BuildHasherDefault<FastHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_that_differ_anywhere_hash_apart() {
        let hash = |s: &str| {
            let mut h = FastHasher::default();
            h.write(s.as_bytes());
            h.finish()
        };
        let words = ["limit", "limits", "limit ", "timil", "must be at most", "must be at least", "", "a", "b"];
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                assert_ne!(hash(a), hash(b), "{a:?} {b:?}");
            }
        }
        let mut map: FastMap<String, u32> = FastMap::default();
        map.insert("limit".into(), 1);
        assert_eq!(map.get("limit"), Some(&1));
        assert_eq!(map.get("limits"), None);
    }
}
