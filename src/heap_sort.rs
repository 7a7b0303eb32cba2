//! One small sort for the few places that sort.
//!
//! `sort_unstable` instantiates a pattern-defeating quicksort with its
//! small-sort networks for every element type, about 3 KB of wasm each;
//! the lists sorted here (known agents, a broadcast's audience, a
//! message's receipts, an event's edits) are small, so a heapsort's few
//! hundred bytes do: O(n log n), in place, no allocation.

/// Sorts `v` ascending (not stable: equal elements may change order).
pub(crate) fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, |a, b| a < b);
}

/// Sorts `v` by `less` (not stable: equal elements may change order).
pub(crate) fn sort_by<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let n = v.len();
    for root in (0..n / 2).rev() {
        sift_down(v, root, n, &less);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift_down(v, 0, end, &less);
    }
}

/// Moves `v[root]` down the max-heap `v[..end]` to its place.
fn sift_down<T>(v: &mut [T], mut root: usize, end: usize, less: &impl Fn(&T, &T) -> bool) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[root], &v[child]) {
            return;
        }
        v.swap(root, child);
        root = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_sort() {
        let mut seed = 7u64;
        for len in [0, 1, 2, 3, 5, 8, 31, 100, 257] {
            let mut v: Vec<u32> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    u32::try_from(seed >> 59).unwrap_or(0)
                })
                .collect();
            let mut want = v.clone();
            want.sort_unstable();
            sort(&mut v);
            assert_eq!(v, want, "length {len}");
        }
        let mut words = vec!["b", "a", "c", "a"];
        sort(&mut words);
        assert_eq!(words, ["a", "a", "b", "c"]);
    }
}
