//! "Did you mean" ranking over a closed list of names.
//!
//! Used for recipient suggestions. The result is always a subset
//! of the candidates, so no byte of the query can leak into it.

/// Candidates whose normalized form is within a small edit distance of the
/// normalized query, or that contain the query as one `-`/`_`-separated
/// segment (`gpt` in `neo-gpt`), nearest first, ties in candidate order;
/// at most `limit`.
///
/// Normalizing folds ASCII case and keeps only `[a-z0-9_-]`, so look-alike
/// input (`NEO-GPT`, ` neo-gpt`) still finds its candidate. A query longer
/// than its [`Query`]'s maximum gets no suggestions, and the
/// candidates are looked at in order until [`WORK`] steps are spent (one
/// per candidate, and one per cell of a distance table), so the cost is
/// bounded whatever the sizes of the input and of the list.
///
/// Candidates come normalized ([`normalize`]), so a list is normalized once,
/// when its owner is built, not on every call.
pub(crate) fn nearest<K, T, I>(query: &Query, candidates: I, limit: usize) -> Vec<T>
where
    K: AsRef<[u8]>,
    I: IntoIterator<Item = (K, T)>,
{
    let Some(q) = query.rankable() else { return Vec::new() };
    // Only the best `limit` are kept, in order: no sort over all candidates.
    let mut best: Vec<(usize, usize, T)> = Vec::with_capacity(limit + 1);
    let mut budget = WORK;
    for (order, (key, out)) in candidates.into_iter().enumerate() {
        let Some(left) = budget.checked_sub(1) else { break };
        budget = left;
        let Some(score) = score(q, key.as_ref(), &mut budget) else { continue };
        let at = best.iter().position(|(s, o, _)| (score, order) < (*s, *o)).unwrap_or(best.len());
        if at < limit {
            best.insert(at, (score, order, out));
            best.truncate(limit);
        }
    }
    best.into_iter().map(|(_, _, out)| out).collect()
}

/// A query as rankings compare it ([`normalize`]), taken in pieces of
/// UTF-16 code units (a JS string's, which may cross in several): only its
/// first `max` normalized bytes are kept, and a longer one is not ranked,
/// so a query of any length costs a bounded buffer.
#[derive(Debug, Clone)]
pub(crate) struct Query {
    kept: Vec<u8>,
    len: usize,
    max: usize,
}

impl Query {
    /// An empty query, ranked when it is at most `max` normalized bytes.
    pub(crate) fn new(max: usize) -> Self {
        Self { kept: Vec::new(), len: 0, max }
    }

    /// Takes the next units.
    pub(crate) fn feed(&mut self, units: impl IntoIterator<Item = u16>) {
        for b in units.into_iter().filter_map(|u| u8::try_from(u).ok().and_then(normalized)) {
            self.len += 1;
            if self.kept.len() < self.max {
                self.kept.push(b);
            }
        }
    }

    /// The query without its first `skip` normalized bytes (a prefix
    /// that the ranking ignores), ranked when it is at most `max` bytes.
    pub(crate) fn after(&self, skip: usize, max: usize) -> Self {
        let kept = self.kept.get(skip..).unwrap_or_default();
        // Past its maximum a query's end was not kept: it stays unranked.
        let len = if self.len > self.max { usize::MAX } else { self.len.saturating_sub(skip) };
        Self { kept: kept[..kept.len().min(max)].to_vec(), len, max }
    }

    /// The normalized query, when it is 1 to `max` bytes long.
    fn rankable(&self) -> Option<&[u8]> {
        (1..=self.max).contains(&self.len).then_some(self.kept.as_slice())
    }
}

/// The most steps one ranking may take: some tens of milliseconds at most.
pub(crate) const WORK: usize = 1 << 24;

/// A name as rankings compare it: ASCII case folded, only `[a-z0-9_-]` kept.
pub(crate) fn normalize(s: &str) -> Vec<u8> {
    s.bytes().filter_map(normalized).collect()
}

/// What normalizing keeps of an ASCII byte (or a UTF-16 unit under 256;
/// every other byte of UTF-8 text, and every other unit, is kept by none).
fn normalized(b: u8) -> Option<u8> {
    (b.is_ascii_alphanumeric() || b == b'-' || b == b'_').then(|| b.to_ascii_lowercase())
}

/// The distance of `k` from `q` if it is a close candidate; the table's
/// cells are taken from `budget` (none left: no score).
fn score(q: &[u8], k: &[u8], budget: &mut usize) -> Option<usize> {
    // A whole segment of the candidate: the distance is exactly the
    // insertions around it, no table needed.
    if q.len() >= 2 && k.split(|b| *b == b'-' || *b == b'_').any(|seg| seg == q) {
        return Some(k.len() - q.len());
    }
    let threshold = (q.len().max(k.len()) / 3).max(1);
    if q.len().abs_diff(k.len()) > threshold {
        return None;
    }
    *budget = budget.checked_sub(q.len() * (2 * threshold + 1))?;
    levenshtein_within(q, k, threshold)
}

/// Edit distance when it is at most `limit`; only the band of cells within
/// `limit` of the diagonal is computed (any path outside it costs more),
/// and it stops early once every cell of a row exceeds `limit`.
fn levenshtein_within(a: &[u8], b: &[u8], limit: usize) -> Option<usize> {
    let far = limit + 1; // stands for "more than limit"
    let mut prev: Vec<usize> = (0..=b.len()).map(|j| j.min(far)).collect();
    let mut cur = vec![far; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        let row = i + 1;
        let from = row.saturating_sub(limit).max(1);
        let to = (row + limit).min(b.len());
        cur.fill(far);
        cur[0] = row.min(far);
        let mut row_min = cur[0];
        for j in from..=to {
            let cost = usize::from(*ca != b[j - 1]);
            let v = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1).min(far);
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[b.len()];
    (d <= limit).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agents() -> Vec<(Vec<u8>, &'static str)> {
        ["neo-gpt", "neo-claude", "trinity-gemini", "morpheus"].iter().map(|a| (normalize(a), *a)).collect()
    }

    /// `nearest` over a list of owned keys.
    fn near<T: Clone>(query: &str, list: &[(Vec<u8>, T)], limit: usize, max: usize) -> Vec<T> {
        let mut q = Query::new(max);
        q.feed(query.encode_utf16());
        nearest(&q, list.iter().map(|(k, t)| (k.as_slice(), t.clone())), limit)
    }

    #[test]
    fn finds_segment_and_typo() {
        assert_eq!(near("gpt", &agents(), 3, 256), vec!["neo-gpt"]);
        assert_eq!(near("neo-gp", &agents(), 3, 256), vec!["neo-gpt"]);
        assert_eq!(near("MORPHEUS", &agents(), 3, 256), vec!["morpheus"]);
        assert_eq!(near("neo", &agents(), 3, 256), vec!["neo-gpt", "neo-claude"]);
    }

    #[test]
    fn a_query_in_pieces_is_the_normalized_text() {
        for text in ["NEO-gpt", " neo_GPT\n", "caf\u{e9} \u{1d11e}x-9", "", "\u{ff21}b"] {
            let units: Vec<u16> = text.encode_utf16().collect();
            for size in [1, 2, 3, 100] {
                let mut q = Query::new(256);
                for piece in units.chunks(size) {
                    q.feed(piece.iter().copied());
                }
                assert_eq!((q.kept.as_slice(), q.len), (normalize(text).as_slice(), normalize(text).len()), "{text:?}");
            }
        }
        let mut q = Query::new(3);
        q.feed("abcd".encode_utf16());
        assert_eq!(
            (q.kept.as_slice(), q.len, q.rankable()),
            (&b"abc"[..], 4, None),
            "kept up to its maximum, counted whole"
        );
        assert_eq!(q.after(1, 3).rankable(), None, "its end was not kept");
        let mut q = Query::new(4);
        q.feed("AGENT:ab".encode_utf16());
        assert_eq!(q.after(5, 4).rankable(), None, "7 bytes: past the maximum");
        let mut q = Query::new(7);
        q.feed("AGENT:ab".encode_utf16());
        assert_eq!(q.after(5, 2).rankable(), Some(&b"ab"[..]));
    }

    #[test]
    fn unrelated_or_huge_queries_get_nothing() {
        assert!(near("zzzzzz", &agents(), 3, 256).is_empty());
        assert!(near("", &agents(), 3, 256).is_empty());
        assert!(near(&"a".repeat(300), &agents(), 3, 256).is_empty());
    }

    #[test]
    fn bounded_distance() {
        assert_eq!(levenshtein_within(b"kitten", b"sitting", 3), Some(3));
        assert_eq!(levenshtein_within(b"kitten", b"sitting", 2), None);
    }

    /// The full table, for comparison with the banded one.
    fn levenshtein(a: &[u8], b: &[u8]) -> usize {
        let mut prev: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.iter().enumerate() {
            let mut cur = vec![i + 1; b.len() + 1];
            for (j, cb) in b.iter().enumerate() {
                cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
            }
            prev = cur;
        }
        prev[b.len()]
    }

    #[test]
    fn the_band_gives_the_full_distance_within_the_limit() {
        let mut seed = 0x2545_f491_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..20_000 {
            let word = |next: &mut dyn FnMut(u64) -> u64| -> Vec<u8> {
                (0..next(12)).map(|_| b"abc-"[usize::try_from(next(4)).unwrap()]).collect()
            };
            let (a, b) = (word(&mut next), word(&mut next));
            let limit = usize::try_from(next(6)).unwrap();
            let full = levenshtein(&a, &b);
            assert_eq!(levenshtein_within(&a, &b, limit), (full <= limit).then_some(full), "{a:?} {b:?} {limit}");
        }
    }

    #[test]
    fn the_work_is_bounded_by_the_budget() {
        // A 4,096-character query against 4,096-character candidates one
        // edit away: one banded table is more than the budget, so no
        // distance is computed and nothing is suggested (a whole-segment
        // match costs no table and is still found).
        let query = "x".repeat(12_000);
        let close: Vec<(Vec<u8>, usize)> =
            ["y", "z"].iter().map(|c| (normalize(&format!("{}{c}", "x".repeat(11_999))), 0)).collect();
        assert!(query.len() * (2 * (12_000 / 3) + 1) > WORK);
        assert!(near(&query, &close, 3, 30_000).is_empty());
        let exact = [close[0].clone(), (normalize(&query), 1)];
        assert_eq!(near(&query, &exact, 3, 30_000), vec![1]);
        // A long list of ordinary names is looked at to the end.
        let names: Vec<(Vec<u8>, String)> =
            (0..65_536).map(|i| format!("agent-{i}")).map(|n| (normalize(&n), n)).collect();
        assert_eq!(near("agent-65535", &names, 1, 256), vec!["agent-65535"]);
    }
}
