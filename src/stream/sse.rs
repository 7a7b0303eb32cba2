//! Raw `text/event-stream` bytes rewritten as they pass, whatever the
//! chunking.

use super::event::{begin, end, read_event, reading};
use super::json::{Buffers, Doc};
use super::pairing::StreamCalls;
use super::MAX_SSE_EVENT_BYTES;
use crate::tool_name::{Format, ToolRegistry};

const LF: u8 = b'\n';
const CR: u8 = b'\r';
/// A held event's buffer grown past this is given back after the event.
const KEEP_BYTES: usize = 64 * 1024;

/// Moves the held bytes to `out`, and leaves none held. Into an empty `out`
/// the buffer itself moves: appended, an event held up to the maximum
/// was copied into a second buffer of its size while the first was still
/// held (and a module's memory keeps its high-water mark).
fn pass_on(out: &mut Vec<u8>, pending: &mut Vec<u8>) {
    if out.is_empty() {
        std::mem::swap(out, pending);
    } else {
        out.append(pending);
    }
    *pending = Vec::new();
}

/// What the stream turned out to be, from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Unknown,
    Text,
    /// Not an event stream (Bedrock's binary event stream starts with a
    /// frame's length, a zero byte): passed on chunk by chunk, untouched.
    Binary,
}

/// Rewrites the tool names in a provider's `text/event-stream`, as a
/// gateway proxies it: each event's `data` with aliases made canonical,
/// every other byte as it came, whatever the chunk boundaries; the calls
/// the events name are remembered in the registry
/// ([`ToolRegistry::tool_for_call_id`]).
///
/// At most one event is held, up to [`MAX_SSE_EVENT_BYTES`]: a longer
/// event passes through unrewritten as it arrives. Framing and rewriting
/// take time linear in the bytes, and nothing of a caller's chunk is kept
/// past [`feed`](Self::feed) but a copy of an unfinished event. A stream
/// whose first byte is a control character other than a line end or a
/// tab is no event stream and passes through as it comes.
///
/// ```
/// use mcp_boundary::{Format, SseRewriter, ToolRegistry};
/// let mut registry = ToolRegistry::default();
/// registry.register("github/create_issue").unwrap();
/// let mut sse = SseRewriter::new(Format::Anthropic);
/// let mut out = Vec::new();
/// let event = b"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"github__create_issue\",\"input\":{}}}\n\n";
/// for chunk in event.chunks(7) {
///     sse.feed(&mut registry, chunk, &mut out);
/// }
/// sse.finish(&mut out);
/// assert!(String::from_utf8(out).unwrap().contains("\"name\":\"github/create_issue\""));
/// assert_eq!(registry.tool_for_call_id("toolu_1"), Some("github/create_issue"));
/// ```
#[derive(Debug)]
pub struct SseRewriter {
    format: Format,
    calls: StreamCalls,
    kind: Kind,
    /// The unfinished event's bytes so far.
    pending: Vec<u8>,
    /// Whether the current line has no bytes yet.
    line_empty: bool,
    /// Whether the last byte was a CR (a following LF ends no line).
    after_cr: bool,
    /// The current event went past the maximum: it passes through.
    overflowed: bool,
    /// How many events have ended: a byte order mark opens only the
    /// stream's first (an event source reads one elsewhere as part of a
    /// field name, so such a line is no data).
    events: u64,
    max_event_bytes: usize,
    /// Memory reused from one event to the next.
    scratch: Scratch,
}

/// What rewriting an event needs beside its bytes, kept between events
/// (an allocation or two per event was a third of the rewrite's time).
#[derive(Debug, Default)]
struct Scratch {
    doc: Buffers,
    /// The event's data lines: where each value starts and ends.
    lines: Vec<(usize, usize)>,
    /// The data lines joined, when an event has several.
    data: String,
}

impl SseRewriter {
    /// A rewriter for one stream in `format`.
    #[must_use]
    pub fn new(format: Format) -> Self {
        Self {
            format,
            calls: StreamCalls::new(),
            kind: Kind::Unknown,
            pending: Vec::new(),
            line_empty: true,
            after_cr: false,
            overflowed: false,
            events: 0,
            max_event_bytes: MAX_SSE_EVENT_BYTES,
            scratch: Scratch::default(),
        }
    }

    /// The same with another maximum event size (bytes).
    #[must_use]
    pub fn with_max_event_bytes(mut self, max: usize) -> Self {
        self.max_event_bytes = max;
        self
    }

    /// Takes the next chunk; appends to `out` the bytes that can go on
    /// (the events it finishes, rewritten).
    pub fn feed(&mut self, registry: &mut ToolRegistry, chunk: &[u8], out: &mut Vec<u8>) {
        let Some(&first) = chunk.first() else { return };
        if self.kind == Kind::Unknown {
            let control = first < 0x20 && !matches!(first, b'\t' | LF | CR);
            self.kind = if control { Kind::Binary } else { Kind::Text };
        }
        if self.kind == Kind::Binary {
            out.extend_from_slice(chunk);
            return;
        }
        let mut start = 0;
        let mut i = 0;
        while i < chunk.len() {
            // The next line end, by the byte search of the slice.
            let Some(at) = memchr::memchr2(LF, CR, &chunk[i..]) else {
                self.after_cr = false;
                self.line_empty = false;
                break;
            };
            if at > 0 {
                self.after_cr = false;
                self.line_empty = false;
            }
            i += at;
            let byte = chunk[i];
            i += 1;
            if byte == LF && self.after_cr {
                self.after_cr = false; // the LF of a CRLF
                continue;
            }
            self.after_cr = byte == CR;
            if self.line_empty {
                self.end_event(registry, &chunk[start..i], out);
                start = i;
            }
            self.line_empty = true;
        }
        self.hold(&chunk[start..], out);
    }

    /// The end of the stream: an unfinished event passes as it came.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        pass_on(out, &mut self.pending);
        self.overflowed = false;
    }

    /// Keeps the start of an unfinished event, or passes it on past the maximum.
    fn hold(&mut self, bytes: &[u8], out: &mut Vec<u8>) {
        if bytes.is_empty() {
            return;
        }
        if !self.overflowed && self.pending.len() + bytes.len() > self.max_event_bytes {
            self.overflowed = true;
            pass_on(out, &mut self.pending);
        }
        if self.overflowed {
            // Exactly: after a held event, doubling would ask twice its size.
            out.reserve_exact(bytes.len());
            out.extend_from_slice(bytes);
        } else {
            self.pending.extend_from_slice(bytes);
        }
    }

    /// An event ends with `tail`.
    fn end_event(&mut self, registry: &mut ToolRegistry, tail: &[u8], out: &mut Vec<u8>) {
        let first = self.events == 0;
        self.events = self.events.saturating_add(1);
        if self.overflowed || self.pending.len() + tail.len() > self.max_event_bytes {
            self.overflowed = false;
            pass_on(out, &mut self.pending);
            out.extend_from_slice(tail);
        } else if self.pending.is_empty() {
            rewrite_event(registry, &mut self.calls, &mut self.scratch, self.format, tail, first, out);
        } else {
            self.pending.extend_from_slice(tail);
            rewrite_event(registry, &mut self.calls, &mut self.scratch, self.format, &self.pending, first, out);
            self.pending.clear();
        }
        if self.pending.capacity() > KEEP_BYTES {
            self.pending = Vec::new();
        }
        // The same for an event of many data lines.
        if self.scratch.data.capacity() > KEEP_BYTES || self.scratch.lines.capacity() > KEEP_BYTES / 16 {
            self.scratch.data = String::new();
            self.scratch.lines = Vec::new();
        }
    }
}

/// One event's lines of data into `lines`: where each value starts and
/// ends in the text (after a byte order mark, in the stream's `first`
/// event).
fn data_lines(text: &str, first: bool, lines: &mut Vec<(usize, usize)>) {
    let bytes = text.as_bytes();
    lines.clear();
    // A byte order mark opens a stream, not a field.
    let mut pos = if first && text.starts_with('\u{feff}') { 3 } else { 0 };
    while pos < bytes.len() {
        let end = memchr::memchr2(LF, CR, &bytes[pos..]).map_or(bytes.len(), |n| pos + n);
        let line = &bytes[pos..end];
        if line.starts_with(b"data") && (line.len() == 4 || line[4] == b':') {
            let mut v = (pos + 5).min(end);
            if v < end && bytes[v] == b' ' {
                v += 1;
            }
            lines.push((v, end));
        }
        pos = end + if bytes.get(end) == Some(&CR) && bytes.get(end + 1) == Some(&LF) { 2 } else { 1 };
    }
}

/// Appends one whole event to `out`: its data's names rewritten, or the
/// bytes as they came when nothing changes (no data, data that is not
/// JSON, bytes that are not UTF-8).
fn rewrite_event(
    registry: &mut ToolRegistry,
    calls: &mut StreamCalls,
    scratch: &mut Scratch,
    format: Format,
    bytes: &[u8],
    first: bool,
    out: &mut Vec<u8>,
) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        out.extend_from_slice(bytes);
        return;
    };
    let Scratch { doc: buffers, lines, data } = scratch;
    data_lines(text, first, lines);
    let data: &str = match lines.as_slice() {
        [] => {
            out.extend_from_slice(bytes);
            return;
        }
        [(s, e)] => &text[*s..*e],
        _ => {
            data.clear();
            for (n, &(s, e)) in lines.iter().enumerate() {
                if n > 0 {
                    data.push('\n');
                }
                data.push_str(&text[s..e]);
            }
            data
        }
    };
    let doc = match Doc::parse_in(data, Some(&reading(format).keys), std::mem::take(buffers)) {
        Ok(doc) => doc,
        Err(back) => {
            *buffers = back;
            out.extend_from_slice(bytes);
            return;
        }
    };
    let map = |name: &str| registry.canonical_of_alias(name);
    let (edits, said) = read_event(&doc, format, &map);
    begin(calls, format, doc.root());
    for report in said {
        calls.report(report, &mut |id, tool| registry.remember_call(id, tool));
    }
    end(calls, format, doc.root());
    *buffers = doc.into_buffers();
    // Data offsets back to text offsets: a JSON string holds no line
    // break, so each edit lies within one data line.
    let mut from = 0;
    let (mut line, mut line_start) = (0, 0);
    for (start, end, replacement) in edits {
        while start > line_start + (lines[line].1 - lines[line].0) {
            line_start += lines[line].1 - lines[line].0 + 1;
            line += 1;
        }
        let at = lines[line].0 + (start - line_start);
        out.extend_from_slice(&bytes[from..at]);
        out.extend_from_slice(replacement.as_bytes());
        from = at + (end - start);
    }
    out.extend_from_slice(&bytes[from..]);
}
