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
/// than `max_query` normalized characters gets no suggestions, which keeps
/// the cost bounded whatever the input size.
pub(crate) fn nearest<'a, T, I>(query: &str, candidates: I, limit: usize, max_query: usize) -> Vec<T>
where
    I: IntoIterator<Item = (&'a str, T)>,
{
    let q = normalize(query);
    if q.is_empty() || q.len() > max_query {
        return Vec::new();
    }
    // Only the best `limit` are kept, in order: no sort over all candidates.
    let mut best: Vec<(usize, usize, T)> = Vec::with_capacity(limit + 1);
    for (order, (key, out)) in candidates.into_iter().enumerate() {
        let Some(score) = score(&q, &normalize(key)) else { continue };
        let at = best.iter().position(|(s, o, _)| (score, order) < (*s, *o)).unwrap_or(best.len());
        if at < limit {
            best.insert(at, (score, order, out));
            best.truncate(limit);
        }
    }
    best.into_iter().map(|(_, _, out)| out).collect()
}

fn normalize(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_')
        .map(|b| b.to_ascii_lowercase())
        .collect()
}

fn score(q: &[u8], k: &[u8]) -> Option<usize> {
    // A whole segment of the candidate: the distance is exactly the
    // insertions around it, no table needed.
    if q.len() >= 2 && k.split(|b| *b == b'-' || *b == b'_').any(|seg| seg == q) {
        return Some(k.len() - q.len());
    }
    let threshold = (q.len().max(k.len()) / 3).max(1);
    if q.len().abs_diff(k.len()) > threshold {
        return None;
    }
    levenshtein_within(q, k, threshold)
}

/// Edit distance when it is at most `limit`; stops early once every entry
/// of a row exceeds it.
fn levenshtein_within(a: &[u8], b: &[u8], limit: usize) -> Option<usize> {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        let mut row_min = cur[0];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            row_min = row_min.min(cur[j + 1]);
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

    fn agents() -> Vec<(&'static str, &'static str)> {
        ["neo-gpt", "neo-claude", "trinity-gemini", "morpheus"].iter().map(|a| (*a, *a)).collect()
    }

    #[test]
    fn finds_segment_and_typo() {
        assert_eq!(nearest("gpt", agents(), 3, 256), vec!["neo-gpt"]);
        assert_eq!(nearest("neo-gp", agents(), 3, 256), vec!["neo-gpt"]);
        assert_eq!(nearest("MORPHEUS", agents(), 3, 256), vec!["morpheus"]);
        assert_eq!(nearest("neo", agents(), 3, 256), vec!["neo-gpt", "neo-claude"]);
    }

    #[test]
    fn unrelated_or_huge_queries_get_nothing() {
        assert!(nearest("zzzzzz", agents(), 3, 256).is_empty());
        assert!(nearest("", agents(), 3, 256).is_empty());
        assert!(nearest(&"a".repeat(300), agents(), 3, 256).is_empty());
    }

    #[test]
    fn bounded_distance() {
        assert_eq!(levenshtein_within(b"kitten", b"sitting", 3), Some(3));
        assert_eq!(levenshtein_within(b"kitten", b"sitting", 2), None);
    }
}
