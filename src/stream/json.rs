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
#[derive(Debug)]
enum Node {
    /// A string token, quotes included: `start..end` of the text; whether
    /// it holds a backslash escape.
    Str { start: usize, end: usize, escaped: bool },
    /// A number token.
    Num { start: usize, end: usize },
    /// `true`, `false` or `null`.
    Literal,
    /// The elements' node indices.
    Array(Vec<usize>),
    /// The members: the key's string token and the value's node index.
    Object(Vec<(Token, usize)>),
}

/// A string token: `start..end` of the text, quotes included.
#[derive(Debug, Clone, Copy)]
struct Token {
    start: usize,
    end: usize,
    escaped: bool,
}

/// A parsed JSON text.
#[derive(Debug)]
pub(crate) struct Doc<'t> {
    text: &'t str,
    nodes: Vec<Node>,
    root: usize,
}

/// One node of a [`Doc`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct At<'d, 't> {
    doc: &'d Doc<'t>,
    index: usize,
}

/// A container being read.
enum Open {
    Array(Vec<usize>),
    /// The members so far and the key waiting for its value.
    Object(Vec<(Token, usize)>, Option<Token>),
}

impl<'t> Doc<'t> {
    /// The document of `text`; `None` when it is not one JSON value (as
    /// `JSON.parse` would refuse it).
    pub(crate) fn parse(text: &'t str) -> Option<Self> {
        let bytes = text.as_bytes();
        let mut nodes = Vec::new();
        let mut stack: Vec<Open> = Vec::new();
        let mut i = skip_space(bytes, 0);
        loop {
            // A value (or, in an object, a key) is expected at `i`.
            if let Some(Open::Object(members, key @ None)) = stack.last_mut() {
                if bytes.get(i) == Some(&b'}') && members.is_empty() {
                    i += 1;
                    nodes.push(Node::Object(Vec::new()));
                    stack.pop();
                } else {
                    let token = string(bytes, i)?;
                    i = skip_space(bytes, token.end);
                    if bytes.get(i) != Some(&b':') {
                        return None;
                    }
                    i = skip_space(bytes, i + 1);
                    *key = Some(token);
                    continue;
                }
            } else {
                match *bytes.get(i)? {
                    b'{' => {
                        stack.push(Open::Object(Vec::new(), None));
                        i = skip_space(bytes, i + 1);
                        continue;
                    }
                    b'[' => {
                        i = skip_space(bytes, i + 1);
                        if bytes.get(i) == Some(&b']') {
                            i += 1;
                            nodes.push(Node::Array(Vec::new()));
                        } else {
                            stack.push(Open::Array(Vec::new()));
                            continue;
                        }
                    }
                    _ => i = scalar(bytes, i, &mut nodes)?,
                }
            }
            // A value is complete (the last node): it joins its container,
            // and every container it completes joins its own.
            loop {
                let value = nodes.len() - 1;
                i = skip_space(bytes, i);
                match stack.last_mut() {
                    None => return (i == bytes.len()).then_some(Self { text, nodes, root: value }),
                    Some(Open::Array(items)) => {
                        items.push(value);
                        match bytes.get(i) {
                            Some(b',') => {
                                i = skip_space(bytes, i + 1);
                                break;
                            }
                            Some(b']') => {
                                i += 1;
                                // Taken from the open container, then closed:
                                // no second match on what pop() returns.
                                nodes.push(Node::Array(std::mem::take(items)));
                                stack.pop();
                            }
                            _ => return None,
                        }
                    }
                    Some(Open::Object(members, key)) => {
                        members.push((key.take()?, value));
                        match bytes.get(i) {
                            Some(b',') => {
                                i = skip_space(bytes, i + 1);
                                if bytes.get(i) != Some(&b'"') {
                                    return None;
                                }
                                break;
                            }
                            Some(b'}') => {
                                i += 1;
                                nodes.push(Node::Object(std::mem::take(members)));
                                stack.pop();
                            }
                            _ => return None,
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
    pub(crate) fn get(self, key: &str) -> Option<Self> {
        let Node::Object(members) = &self.doc.nodes[self.index] else { return None };
        members.iter().rev().find(|(k, _)| self.key_is(*k, key)).map(|&(_, index)| Self { doc: self.doc, index })
    }

    fn key_is(self, k: Token, key: &str) -> bool {
        if k.escaped {
            self.doc.decode(k).is_some_and(|d| d == key)
        } else {
            &self.doc.text[k.start + 1..k.end - 1] == key
        }
    }

    /// The elements, in an array; none otherwise.
    pub(crate) fn elements(self) -> impl Iterator<Item = Self> {
        let items: &'d [usize] = match &self.doc.nodes[self.index] {
            Node::Array(items) => items,
            _ => &[],
        };
        items.iter().map(move |&index| Self { doc: self.doc, index })
    }

    /// The string, when this is one.
    pub(crate) fn string(self) -> Option<Cow<'t, str>> {
        match self.doc.nodes[self.index] {
            Node::Str { start, end, escaped } => self.doc.decode(Token { start, end, escaped }),
            _ => None,
        }
    }

    /// The number, when this is one and a whole number of at most 15
    /// digits (a slot is an index; other numbers are no slot, and float
    /// parsing would grow the wasm module by more than all of this).
    pub(crate) fn number(self) -> Option<f64> {
        let Node::Num { start, end } = self.doc.nodes[self.index] else { return None };
        let token = &self.doc.text[start..end];
        let digits = token.strip_prefix('-').unwrap_or(token);
        if digits.is_empty() || digits.len() > 15 || !digits.bytes().all(|d| d.is_ascii_digit()) {
            return None;
        }
        #[allow(clippy::cast_precision_loss, reason = "at most 15 digits: exact in an f64")]
        token.parse::<i64>().ok().map(|n| n as f64)
    }

    /// Where this string's token lies in the text (quotes included).
    pub(crate) fn span(self) -> Option<(usize, usize)> {
        match self.doc.nodes[self.index] {
            Node::Str { start, end, .. } => Some((start, end)),
            _ => None,
        }
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
            let word: &[u8] = match bytes[i] {
                b't' => b"true",
                b'f' => b"false",
                _ => b"null",
            };
            if !bytes[i..].starts_with(word) {
                return None;
            }
            nodes.push(Node::Literal);
            Some(i + word.len())
        }
        _ => {
            let end = number(bytes, i)?;
            nodes.push(Node::Num { start: i, end });
            Some(end)
        }
    }
}

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
            0..=0x1f => return None,
            _ => j += 1,
        }
    }
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
