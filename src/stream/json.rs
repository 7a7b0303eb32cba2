//! A JSON text parsed with the place of every string token, for rewriting
//! names inside the text byte for byte.
//!
//! `serde_json::Value` keeps no positions, and a second scan that lines
//! the text up with the parsed value cannot tell which of two duplicate
//! keys the value kept. This parser keeps every member (duplicates
//! included) with its token's span; a lookup answers the last member of a
//! key, as `JSON.parse` and `serde_json` both keep it. It is iterative
//! (no recursion: a deep text cannot overflow the stack), its nodes sit in
//! one arena (dropping a deep document is not recursive either), and it
//! takes time linear in the text.

use std::borrow::Cow;

/// One value of a document.
#[derive(Debug, Clone, Copy)]
enum Node {
    /// A string token, quotes included: `start..end` of the text; whether
    /// it holds a backslash escape.
    Str { start: usize, end: usize, escaped: bool },
    /// A number token.
    Num { start: usize, end: usize },
    /// `true`, `false` or `null`.
    Literal,
    /// The elements' node indices: `items[first..first + len]`.
    Array { first: usize, len: usize },
    /// The members: `members[first..first + len]`, each the key's string
    /// token and the value's node index.
    Object { first: usize, len: usize },
}

/// A string token: `start..end` of the text, quotes included.
#[derive(Debug, Clone, Copy)]
struct Token {
    start: usize,
    end: usize,
    escaped: bool,
}

/// The memory a document lives in, kept from one parse to the next: a
/// stream parses an event at a time, and allocating a vector per
/// container was a fifth of a raw SSE rewrite's time.
#[derive(Debug, Default)]
pub(crate) struct Buffers {
    nodes: Vec<Node>,
    /// Every array's elements, each array's in one run.
    items: Vec<usize>,
    /// Every object's members, each object's in one run.
    members: Vec<(Token, usize)>,
    /// The containers being read.
    stack: Vec<Open>,
    /// The elements and members of the containers being read, innermost
    /// last; a container's run moves to `items` or `members` when it closes.
    open_items: Vec<usize>,
    open_members: Vec<(Token, usize)>,
    /// The closing bytes of the containers a skipped value opens.
    skipping: Vec<u8>,
    /// The keys of `keep` the text holds, a bit each ([`Keys::mask_of`]):
    /// the root object's, then those deeper.
    seen: [u64; 2],
}

/// Buffers of which one has grown past this many entries are dropped
/// before the next parse, so that one huge or deep event does not keep
/// its memory for the rest of the stream.
const KEEP_ENTRIES: usize = 1 << 14;

impl Buffers {
    fn clear(&mut self) {
        let most = [
            self.nodes.capacity(),
            self.items.capacity(),
            self.members.capacity(),
            self.stack.capacity(),
            self.open_items.capacity(),
            self.open_members.capacity(),
            self.skipping.capacity(),
        ];
        if most.iter().any(|&c| c > KEEP_ENTRIES) {
            *self = Self::default();
        }
        self.nodes.clear();
        self.items.clear();
        self.members.clear();
        self.stack.clear();
        self.open_items.clear();
        self.open_members.clear();
        self.skipping.clear();
        self.seen = [0; 2];
    }

    /// Closes the array whose elements start at `start` of `open_items`.
    fn close_array(&mut self, start: usize) {
        let first = self.items.len();
        self.items.extend_from_slice(&self.open_items[start..]);
        self.open_items.truncate(start);
        self.nodes.push(Node::Array { first, len: self.items.len() - first });
        self.stack.pop();
    }

    /// Closes the object whose members start at `start` of `open_members`.
    fn close_object(&mut self, start: usize) {
        let first = self.members.len();
        self.members.extend_from_slice(&self.open_members[start..]);
        self.open_members.truncate(start);
        self.nodes.push(Node::Object { first, len: self.members.len() - first });
        self.stack.pop();
    }
}

/// The keys a reader will look up: the members of other keys are checked
/// as JSON and left out of the document. Lookups then scan fewer members
/// and no nodes are built for what no rule reads (a stream event's
/// arguments, model, usage, …).
#[derive(Debug)]
pub(crate) struct Keys {
    /// Per first byte, a bit per key length (63 for any longer): most
    /// other keys are told apart here, with no comparison.
    lengths: [u64; 256],
    words: Vec<&'static str>,
}

impl Keys {
    /// The set of `words`.
    pub(crate) fn new(words: impl IntoIterator<Item = &'static str>) -> Self {
        let mut keys = Self { lengths: [0; 256], words: Vec::new() };
        for w in words {
            if !keys.words.contains(&w) {
                keys.lengths[usize::from(w.as_bytes().first().copied().unwrap_or(0))] |= 1 << w.len().min(63);
                keys.words.push(w);
            }
        }
        keys
    }

    /// Where the key whose token holds `key` (no escapes) is among these.
    fn find(&self, key: &[u8]) -> Option<usize> {
        let first = usize::from(key.first().copied().unwrap_or(0));
        if self.lengths[first] >> key.len().min(63) & 1 == 0 {
            return None;
        }
        self.words.iter().position(|w| w.as_bytes() == key)
    }

    /// The bits [`Doc::keys_seen`] sets for `words` (all bits for a word
    /// that is not one of these or is past the 64th).
    pub(crate) fn mask_of(&self, words: impl IntoIterator<Item = &'static str>) -> u64 {
        words.into_iter().fold(0, |mask, w| mask | bit(self.words.iter().position(|k| *k == w)))
    }
}

/// The bit of the key at `index` of a [`Keys`]: every bit past the 64th
/// (and for none), so that a test against it can only say "maybe".
fn bit(index: Option<usize>) -> u64 {
    match index {
        Some(i) if i < 64 => 1 << i,
        _ => u64::MAX,
    }
}

/// A parsed JSON text.
#[derive(Debug)]
pub(crate) struct Doc<'t> {
    text: &'t str,
    b: Buffers,
    root: usize,
}

/// One node of a [`Doc`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct At<'d, 't> {
    doc: &'d Doc<'t>,
    index: usize,
}

/// A container being read: where its run starts in `open_items` or
/// `open_members`.
#[derive(Debug)]
enum Open {
    Array(usize),
    /// And the key waiting for its value.
    Object(usize, Option<Token>),
}

impl<'t> Doc<'t> {
    /// The document of `text`; `None` when it is not one JSON value (as
    /// `JSON.parse` would refuse it).
    #[cfg(test)]
    pub(crate) fn parse(text: &'t str) -> Option<Self> {
        Self::parse_in(text, None, Buffers::default()).ok()
    }

    /// The same with only the members of `keep`'s keys (all when `None`;
    /// the rest checked as JSON all the same), in `buffers` (given back
    /// when the text is not one JSON value; a document gives them back
    /// with [`into_buffers`](Self::into_buffers)). The next parse empties
    /// them, and drops any grown past `KEEP_ENTRIES`.
    #[allow(clippy::result_large_err, reason = "the buffers are moved back once an event; boxing them would allocate")]
    pub(crate) fn parse_in(text: &'t str, keep: Option<&Keys>, mut b: Buffers) -> Result<Self, Buffers> {
        b.clear();
        match Self::read(text.as_bytes(), keep, &mut b) {
            Some(root) => Ok(Self { text, b, root }),
            None => Err(b),
        }
    }

    /// The keys of `keep` that the text holds as members' keys, a bit
    /// each ([`Keys::mask_of`]): `[the root object's, those deeper]`;
    /// every bit for an escaped key, which may decode to any of them. A
    /// key whose bit is clear is not there.
    pub(crate) fn keys_seen(&self) -> [u64; 2] {
        self.b.seen
    }

    /// The memory of this document, for the next.
    pub(crate) fn into_buffers(self) -> Buffers {
        self.b
    }

    /// Reads `bytes` into `b`; the root's node index.
    fn read(bytes: &[u8], keep: Option<&Keys>, b: &mut Buffers) -> Option<usize> {
        let mut i = skip_space(bytes, 0);
        loop {
            // A value (or, in an object, a key) is expected at `i`.
            let nested = usize::from(b.stack.len() > 1);
            if let Some(Open::Object(first, key @ None)) = b.stack.last_mut() {
                let start = *first;
                if bytes.get(i) == Some(&b'}') && b.open_members.len() == start {
                    i += 1;
                    b.nodes.push(Node::Object { first: 0, len: 0 });
                    b.stack.pop();
                } else {
                    let token = string(bytes, i)?;
                    i = skip_space(bytes, token.end);
                    if bytes.get(i) != Some(&b':') {
                        return None;
                    }
                    i = skip_space(bytes, i + 1);
                    // An escaped key is kept: it may decode to one of `keep`.
                    let found = match keep {
                        Some(k) if !token.escaped => k.find(&bytes[token.start + 1..token.end - 1]).map(Some),
                        _ => Some(None),
                    };
                    if let Some(index) = found {
                        b.seen[nested] |= bit(index);
                        *key = Some(token);
                        continue;
                    }
                    i = skip_space(bytes, skip_value(bytes, i, &mut b.skipping)?);
                    let closed;
                    (i, closed) = member_end(bytes, i, b, start)?;
                    if !closed {
                        continue;
                    }
                }
            } else {
                match *bytes.get(i)? {
                    b'{' => {
                        b.stack.push(Open::Object(b.open_members.len(), None));
                        i = skip_space(bytes, i + 1);
                        continue;
                    }
                    b'[' => {
                        i = skip_space(bytes, i + 1);
                        if bytes.get(i) == Some(&b']') {
                            i += 1;
                            b.nodes.push(Node::Array { first: 0, len: 0 });
                        } else {
                            b.stack.push(Open::Array(b.open_items.len()));
                            continue;
                        }
                    }
                    _ => i = scalar(bytes, i, &mut b.nodes)?,
                }
            }
            // A value is complete (the last node): it joins its container,
            // and every container it completes joins its own.
            loop {
                let value = b.nodes.len() - 1;
                i = skip_space(bytes, i);
                match b.stack.last_mut() {
                    None => return (i == bytes.len()).then_some(value),
                    Some(&mut Open::Array(start)) => {
                        b.open_items.push(value);
                        match bytes.get(i) {
                            Some(b',') => {
                                i = skip_space(bytes, i + 1);
                                break;
                            }
                            Some(b']') => {
                                i += 1;
                                b.close_array(start);
                            }
                            _ => return None,
                        }
                    }
                    Some(Open::Object(start, key)) => {
                        let start = *start;
                        b.open_members.push((key.take()?, value));
                        let closed;
                        (i, closed) = member_end(bytes, i, b, start)?;
                        if !closed {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The root value.
    pub(crate) fn root(&self) -> At<'_, 't> {
        At { doc: self, index: self.root }
    }

    /// The decoded value of a string token; `None` when it holds a lone
    /// surrogate (no Rust string, and so no registered name, has one).
    fn decode(&self, t: Token) -> Option<Cow<'t, str>> {
        let inner = &self.text[t.start + 1..t.end - 1];
        if t.escaped {
            unescape(inner).map(Cow::Owned)
        } else {
            Some(Cow::Borrowed(inner))
        }
    }
}

/// A string token's escapes decoded (the token was checked when parsed).
/// Written here rather than asked of `serde_json`, whose deserializer
/// (and the float parsing it brings) would be most of the wasm module's
/// growth for this.
fn unescape(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let hex = |at: usize| s.get(at..at + 4).and_then(|h| u32::from_str_radix(h, 16).ok());
    let mut out = String::with_capacity(s.len());
    let (mut i, mut from) = (0, 0);
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        out.push_str(&s[from..i]);
        let c = match b[i + 1] {
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = hex(i + 2)?;
                i += 4;
                let code = match unit {
                    0xD800..=0xDBFF => {
                        let low = hex(i + 4)
                            .filter(|l| b.get(i + 2..i + 4) == Some(b"\\u") && (0xDC00..=0xDFFF).contains(l))?;
                        i += 6;
                        0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    0xDC00..=0xDFFF => return None,
                    _ => unit,
                };
                char::from_u32(code)?
            }
            other => char::from(other), // " \ /
        };
        out.push(c);
        i += 2;
        from = i;
    }
    out.push_str(&s[from..]);
    Some(out)
}

impl<'d, 't> At<'d, 't> {
    /// The value of the last member named `key`, in an object.
    #[inline]
    pub(crate) fn get(self, key: &str) -> Option<Self> {
        let Node::Object { first, len } = self.doc.b.nodes[self.index] else { return None };
        let members = &self.doc.b.members[first..first + len];
        members.iter().rev().find(|(k, _)| self.key_is(*k, key)).map(|&(_, index)| Self { doc: self.doc, index })
    }

    #[inline]
    fn key_is(self, k: Token, key: &str) -> bool {
        if k.escaped {
            self.doc.decode(k).is_some_and(|d| d == key)
        } else {
            // Lengths and first bytes first: most members differ there,
            // and a call to compare bytes cost more than the rest of a look-up.
            let inner = &self.doc.text.as_bytes()[k.start + 1..k.end - 1];
            inner.len() == key.len() && inner.first() == key.as_bytes().first() && inner == key.as_bytes()
        }
    }

    /// The elements, in an array; none otherwise.
    pub(crate) fn elements(self) -> impl Iterator<Item = Self> {
        let items: &'d [usize] = match self.doc.b.nodes[self.index] {
            Node::Array { first, len } => &self.doc.b.items[first..first + len],
            _ => &[],
        };
        items.iter().map(move |&index| Self { doc: self.doc, index })
    }

    /// The string, when this is one.
    pub(crate) fn string(self) -> Option<Cow<'t, str>> {
        match self.doc.b.nodes[self.index] {
            Node::Str { start, end, escaped } => self.doc.decode(Token { start, end, escaped }),
            _ => None,
        }
    }

    /// The number, when this is one and a whole number of at most 15
    /// digits (a slot is an index; other numbers are no slot, and float
    /// parsing would grow the wasm module by more than all of this).
    pub(crate) fn number(self) -> Option<f64> {
        let Node::Num { start, end } = self.doc.b.nodes[self.index] else { return None };
        whole_number(&self.doc.text[start..end])
    }

    /// Where this string's token lies in the text (quotes included).
    pub(crate) fn span(self) -> Option<(usize, usize)> {
        match self.doc.b.nodes[self.index] {
            Node::Str { start, end, .. } => Some((start, end)),
            _ => None,
        }
    }
}

/// The value of a JSON number token when it is a whole number
/// ([`is_integer_token`]) of at most 15 digits (exact in an f64); `None`
/// for any other.
pub(crate) fn whole_number(token: &str) -> Option<f64> {
    if !is_integer_token(token) || token.strip_prefix('-').unwrap_or(token).len() > 15 {
        return None;
    }
    #[allow(clippy::cast_precision_loss, reason = "at most 15 digits: exact in an f64")]
    token.parse::<i64>().ok().map(|n| n as f64)
}

/// `x` when JSON writes it as a token [`whole_number`] reads (a whole
/// number of at most 15 digits): what a slot's number is, read from a
/// value rather than from its text.
pub(crate) fn whole(x: f64) -> Option<f64> {
    (x.fract() == 0.0 && x.abs() < 1e15).then_some(x)
}

/// Whether `token` is a whole JSON number token: `-?(0|[1-9][0-9]*)`.
pub(crate) fn is_integer_token(token: &str) -> bool {
    let digits = token.strip_prefix('-').unwrap_or(token).as_bytes();
    match digits {
        [b'0'] => true,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// What follows a member of the object whose members start at `start`:
/// `,` and the next key's quote, or `}`, which closes it. Where reading
/// goes on, and whether the object closed.
#[inline]
fn member_end(bytes: &[u8], i: usize, b: &mut Buffers, start: usize) -> Option<(usize, bool)> {
    match bytes.get(i) {
        Some(b',') => {
            let i = skip_space(bytes, i + 1);
            (bytes.get(i) == Some(&b'"')).then_some((i, false))
        }
        Some(b'}') => {
            b.close_object(start);
            Some((i + 1, true))
        }
        _ => None,
    }
}

/// The string, number or literal at `i`, pushed to `nodes`; where it ends.
fn scalar(bytes: &[u8], i: usize, nodes: &mut Vec<Node>) -> Option<usize> {
    match *bytes.get(i)? {
        b'"' => {
            let t = string(bytes, i)?;
            nodes.push(Node::Str { start: t.start, end: t.end, escaped: t.escaped });
            Some(t.end)
        }
        b't' | b'f' | b'n' => {
            nodes.push(Node::Literal);
            literal(bytes, i)
        }
        _ => {
            let end = number(bytes, i)?;
            nodes.push(Node::Num { start: i, end });
            Some(end)
        }
    }
}

/// The end of the `true`, `false` or `null` at `i`.
fn literal(bytes: &[u8], i: usize) -> Option<usize> {
    let word: &[u8] = match bytes.get(i)? {
        b't' => b"true",
        b'f' => b"false",
        _ => b"null",
    };
    bytes[i..].starts_with(word).then_some(i + word.len())
}

/// The end of the JSON value at `i`, checked as [`Doc::parse`] checks it
/// but with nothing built; `closing` holds the closing byte of each
/// container open within it.
fn skip_value(bytes: &[u8], mut i: usize, closing: &mut Vec<u8>) -> Option<usize> {
    // A key and its colon at `i`; where the value starts.
    let key = |i: usize| {
        let i = skip_space(bytes, string(bytes, i)?.end);
        (bytes.get(i) == Some(&b':')).then(|| skip_space(bytes, i + 1))
    };
    closing.clear();
    loop {
        match *bytes.get(i)? {
            open @ (b'{' | b'[') => {
                let close = if open == b'{' { b'}' } else { b']' };
                i = skip_space(bytes, i + 1);
                if bytes.get(i) == Some(&close) {
                    i += 1;
                } else {
                    closing.push(close);
                    if close == b'}' {
                        i = key(i)?;
                    }
                    continue;
                }
            }
            b'"' => i = string(bytes, i)?.end,
            b't' | b'f' | b'n' => i = literal(bytes, i)?,
            _ => i = number(bytes, i)?,
        }
        // A value is complete: the separators and closes after it.
        loop {
            let Some(&close) = closing.last() else { return Some(i) };
            i = skip_space(bytes, i);
            match bytes.get(i) {
                Some(b',') => {
                    i = skip_space(bytes, i + 1);
                    if close == b'}' {
                        i = key(i)?;
                    }
                    break;
                }
                Some(&c) if c == close => {
                    i += 1;
                    closing.pop();
                }
                _ => return None,
            }
        }
    }
}

#[inline]
fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while matches!(bytes.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// The string token at `i`, checked as JSON requires (escapes, no control
/// characters).
fn string(bytes: &[u8], i: usize) -> Option<Token> {
    if bytes.get(i) != Some(&b'"') {
        return None;
    }
    let mut j = i + 1;
    let mut escaped = false;
    loop {
        j = special(bytes, j);
        match *bytes.get(j)? {
            b'"' => return Some(Token { start: i, end: j + 1, escaped }),
            b'\\' => {
                escaped = true;
                match *bytes.get(j + 1)? {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => j += 2,
                    b'u' => {
                        let hex = bytes.get(j + 2..j + 6)?;
                        if !hex.iter().all(u8::is_ascii_hexdigit) {
                            return None;
                        }
                        j += 6;
                    }
                    _ => return None,
                }
            }
            _ => return None, // a control character
        }
    }
}

/// The first byte at or after `j` that ends a string's plain run: a quote,
/// a backslash or a control character (`bytes.len()` when none does).
/// Eight bytes at a time: arguments and text are most of a stream's
/// bytes, and a byte loop was most of the time spent on them.
fn special(bytes: &[u8], mut j: usize) -> usize {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    // The bytes of `w` that are zero, flagged by their high bit (exact up
    // to the first one, which is all that is read).
    let zero = |w: u64| w.wrapping_sub(ONES) & !w & HIGH;
    while let Some(chunk) = bytes.get(j..j + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        // Below 0x20: `w - 0x20…` borrows into the high bit of such a byte
        // (exact up to the first one, as `zero`).
        let found = zero(w ^ (ONES * u64::from(b'"')))
            | zero(w ^ (ONES * u64::from(b'\\')))
            | (w.wrapping_sub(ONES * 0x20) & !w & HIGH);
        if found != 0 {
            return j + (found.trailing_zeros() / 8) as usize;
        }
        j += 8;
    }
    while bytes.get(j).is_some_and(|&c| c != b'"' && c != b'\\' && c >= 0x20) {
        j += 1;
    }
    j
}

/// The end of the number token at `i`.
fn number(bytes: &[u8], mut i: usize) -> Option<usize> {
    let digits = |bytes: &[u8], mut i: usize| {
        let start = i;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        (i > start).then_some(i)
    };
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    i = if bytes.get(i) == Some(&b'0') { i + 1 } else { digits(bytes, i)? };
    if bytes.get(i) == Some(&b'.') {
        i = digits(bytes, i + 1)?;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        i = digits(bytes, i)?;
    }
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_what_json_accepts_and_refuses_the_rest() {
        // The oracle is serde_json, a different parser.
        let cases = [
            "{}",
            "[]",
            "0",
            "-0.5e+3",
            "\"a\"",
            "true",
            " null ",
            r#"{"a":[1,{"b":"c\u0041"}],"d":false}"#,
            r#"{"a":1,"a":2}"#,
            "[1,2",
            "[1,]",
            "{\"a\"}",
            "{\"a\":}",
            "01",
            "1.",
            "-",
            "\"\u{1}\"",
            "\"\\x\"",
            "tru",
            "[] []",
            "{,}",
            "{\"a\":1,}",
            "\"\\ud800\"",
            "[[[[]]]]",
            "1e",
            "\"\\u12\"",
        ];
        for text in cases {
            let want = serde_json::from_str::<serde_json::Value>(text).is_ok() || text == "\"\\ud800\""; // JSON.parse takes a lone surrogate escape; serde_json does not
            assert_eq!(Doc::parse(text).is_some(), want, "{text}");
        }
    }

    #[test]
    fn a_document_of_some_keys_accepts_what_json_accepts_and_answers_those_keys_alike() {
        // The oracle is serde_json: acceptance, and each kept key's value.
        let keep = Keys::new(["a", "name", "n"]);
        let texts = [
            r#"{"a":[1,{"b":"c","name":"x"}],"d":{"e":[true,null,{"f":-1.5e3}]},"name":"y"}"#,
            r#"{"skip":{"a":1},"a":{"skip":[[],{}],"n":"z"}}"#,
            r#"{"n\u0061me":"escaped keys are kept","z":"\u00e9\"\\"}"#,
            r#"{"z":[1,2,]}"#,
            r#"{"z":{"a":}}"#,
            r#"{"z":{"a" 1}}"#,
            r#"{"z":{1:2}}"#,
            r#"{"z":[1 2]}"#,
            r#"{"z":{"a":1,}}"#,
            r#"{"z":tru}"#,
            r#"{"z":"\x"}"#,
            r#"{"z":01}"#,
            r#"{"z":[}"#,
            r#"{"z":{]}"#,
            r#"{"z":1,}"#,
            r#"{"z":1 "a":2}"#,
            r#"{"z":[{"y":[{"x":{}}]}],"a":0}"#,
        ];
        for text in texts {
            let want: Option<serde_json::Value> = serde_json::from_str(text).ok();
            let doc = Doc::parse_in(text, Some(&keep), Buffers::default()).ok();
            assert_eq!(doc.is_some(), want.is_some(), "{text}");
            let (Some(doc), Some(want)) = (doc, want) else { continue };
            for key in ["a", "name", "n"] {
                let got = doc
                    .root()
                    .get(key)
                    .map(|v| v.span().map_or_else(|| "not a string".to_owned(), |(s, e)| text[s..e].to_owned()));
                let expected = want.get(key).map(|v| {
                    if v.is_string() {
                        serde_json::to_string(v).unwrap()
                    } else {
                        "not a string".to_owned()
                    }
                });
                assert_eq!(got.is_some(), expected.is_some(), "{text} {key}");
            }
            assert!(doc.root().get("z").is_none() && doc.root().get("skip").is_none(), "{text}");
        }
    }

    #[test]
    fn a_document_tells_which_of_its_keys_it_holds() {
        let keep = Keys::new(["id", "name", "index"]);
        let seen = |text: &str| Doc::parse_in(text, Some(&keep), Buffers::default()).unwrap().keys_seen();
        let (id, name, index) = (keep.mask_of(["id"]), keep.mask_of(["name"]), keep.mask_of(["index"]));
        assert_eq!(seen(r#"{"index":[{"id":1}],"b":2}"#), [index, id]);
        assert_eq!(seen(r#"{"id":1,"index":{"name":"x"}}"#), [id | index, name]);
        assert_eq!(seen(r#"[{"id":1}]"#), [0, id], "an array's objects are deeper than the root");
        assert_eq!(seen(r#"{"skip":{"name":"x"}}"#), [0, 0], "under a skipped key, nothing is seen");
        assert_eq!(seen(r#"{"nam\u0065":"x"}"#), [u64::MAX, 0], "an escaped key may be any of them");
        assert_eq!(seen("[1,2]"), [0, 0]);
        assert_eq!(keep.mask_of(["not one of them"]), u64::MAX, "an unknown word can only be maybe");
        let b = Doc::parse_in(r#"{"nam\u0065":"x"}"#, Some(&keep), Buffers::default()).unwrap().into_buffers();
        assert_eq!(Doc::parse_in("{}", Some(&keep), b).unwrap().keys_seen(), [0, 0], "each parse starts afresh");
    }

    #[test]
    fn a_deep_event_leaves_no_large_buffers_for_the_next() {
        let deep = "[".repeat(100_000);
        let b = Doc::parse_in(&deep, None, Buffers::default()).unwrap_err();
        assert!(b.stack.capacity() >= 100_000, "the unclosed arrays were held while parsing");
        let b = Doc::parse_in("[1]", None, b).unwrap().into_buffers();
        assert!(b.stack.capacity() <= KEEP_ENTRIES, "dropped before the next parse");
        let skipped = format!("{{\"z\":{}{}}}", "[".repeat(100_000), "]".repeat(100_000));
        let keep = Keys::new(["a"]);
        let b = Doc::parse_in(&skipped, Some(&keep), b).unwrap().into_buffers();
        assert!(b.skipping.capacity() >= 100_000);
        let b = Doc::parse_in("{}", Some(&keep), b).unwrap().into_buffers();
        assert!(b.skipping.capacity() <= KEEP_ENTRIES);
    }

    #[test]
    fn special_finds_the_first_quote_backslash_or_control_byte() {
        // The oracle is a byte loop; the bytes a seeded generator's.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for len in 0..200 {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        let pick = usize::try_from(seed % 80).unwrap();
                        // One byte in eight from the interesting ones, the rest letters.
                        [b'"', b'\\', 0x00, 0x1f, 0x20, 0x7f, 0x80, 0xff, b'a', b'z']
                            .get(pick)
                            .copied()
                            .unwrap_or(b'a' + u8::try_from(pick % 26).unwrap())
                    })
                    .collect();
                for from in 0..=len.min(9) {
                    let want = (from..len).find(|&j| matches!(bytes[j], b'"' | b'\\' | 0..=0x1f)).unwrap_or(len);
                    assert_eq!(special(&bytes, from), want, "{bytes:?} from {from}");
                }
            }
        }
    }

    #[test]
    fn integer_tokens_are_the_json_numbers_without_fraction_or_exponent() {
        // The oracle is serde_json's grammar.
        for token in ["0", "-0", "7", "-12", "100", "01", "-", "", "1.5", "1e3", "+1", "- 1", "1 ", "00", "-01", "12a"]
        {
            let json = serde_json::from_str::<serde_json::Value>(token).ok();
            let want = json.is_some_and(|v| v.is_number()) && !token.contains(['.', 'e', 'E', ' ']);
            assert_eq!(is_integer_token(token), want, "{token:?}");
        }
        assert_eq!(whole_number("-0"), Some(0.0));
        assert_eq!(whole_number("123456789012345"), Some(123_456_789_012_345.0));
        assert_eq!(whole_number("1234567890123456"), None, "past 15 digits");
        assert_eq!(whole_number("007"), None, "not a JSON number token");
        // From a value: as its text (what JSON.stringify writes) is read.
        let written = [
            (0.0, "0"),
            (-0.0, "0"),
            (7.0, "7"),
            (-3.0, "-3"),
            (999_999_999_999_999.0, "999999999999999"),
            (1e15, "1000000000000000"),
            (-1e15, "-1000000000000000"),
            (1.5, "1.5"),
            (0.1, "0.1"),
            (1e21, "1e+21"),
            (f64::NAN, "null"),
            (f64::INFINITY, "null"),
            (f64::NEG_INFINITY, "null"),
        ];
        for (x, text) in written {
            assert_eq!(whole(x), whole_number(text), "{x}");
        }
    }

    #[test]
    fn the_last_duplicate_key_wins_and_spans_point_at_its_token() {
        let text = r#"{"name":"a","n\u0061me":"b"}"#;
        let doc = Doc::parse(text).unwrap();
        let name = doc.root().get("name").unwrap();
        assert_eq!(name.string().as_deref(), Some("b"));
        let (s, e) = name.span().unwrap();
        assert_eq!(&text[s..e], "\"b\"");
    }

    #[test]
    fn escapes_decode_as_serde_json_decodes_them() {
        for text in [r#""a\"b\\c\/d\b\f\n\r\t""#, r#""\u0041\u00e9\u2615\ud834\udd1e""#, r#""x\u0000y""#] {
            let doc = Doc::parse(text).unwrap();
            assert_eq!(doc.root().string().unwrap(), serde_json::from_str::<String>(text).unwrap(), "{text}");
        }
        for lone in [r#""\ud800""#, r#""\udc00x""#, r#""\ud800\u0041""#] {
            assert_eq!(Doc::parse(lone).unwrap().root().string(), None, "{lone}");
        }
    }

    #[test]
    fn a_deep_text_neither_overflows_nor_drops_recursively() {
        let depth = 200_000;
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(Doc::parse(&text).is_some());
        assert!(Doc::parse(&text[..text.len() - 1]).is_none());
    }
}
