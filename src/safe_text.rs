//! The safe rendition of untrusted text.
//!
//! Anything that repeats caller input in an error goes through [`SafeText`]:
//! it is bounded, and every control, format, separator or otherwise invisible
//! character is written as `\u{XXXX}`, so the result can be put in a log line
//! or an LLM prompt without forging lines or reordering text. Because the
//! only constructors are the rendering functions and `&'static str`, an error
//! type that stores `SafeText` cannot carry raw input by construction.

use std::fmt;

/// How many characters of the input a rendition shows before `…`.
pub const RENDITION_MAX_CHARS: usize = 64;

/// Text that is safe to log or to show a model: a bounded, escaped rendition
/// of untrusted input, or a fixed string of ours.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SafeText(String);

impl SafeText {
    /// Renders UTF-8 input safely: at most [`RENDITION_MAX_CHARS`] characters
    /// then `…`, with invisible and control characters as `\u{XXXX}` and a
    /// backslash doubled (so an input cannot imitate an escape).
    #[must_use]
    pub fn render(input: &str) -> Self {
        Self::render_chars(input.chars().map(Ok))
    }

    /// Renders UTF-16 input (a JS string's code units) safely; a lone
    /// surrogate is written as `\u{D800}`-style escape, never replaced.
    #[must_use]
    pub fn render_utf16(units: &[u16]) -> Self {
        // Printable ASCII but the backslash, within the bound, is its own
        // rendition (what the loop below gives it), in one allocation: a
        // rejected recipient spent a sixth of its time here, a character
        // at a time.
        if units.len() <= RENDITION_MAX_CHARS
            && units.iter().all(|&u| (0x20..0x7F).contains(&u) && u != u16::from(b'\\'))
        {
            return Self(units.iter().map(|&u| char::from(u8::try_from(u).unwrap_or(b'?'))).collect());
        }
        Self::render_chars(char::decode_utf16(units.iter().copied()).map(|r| r.map_err(|e| e.unpaired_surrogate())))
    }

    pub(crate) fn from_static(text: &'static str) -> Self {
        Self(text.to_owned())
    }

    fn render_chars(chars: impl Iterator<Item = Result<char, u16>>) -> Self {
        // Room for a rendition without escapes: growing from nothing was a
        // few reallocations a rendition.
        let mut out = String::with_capacity(chars.size_hint().0.min(RENDITION_MAX_CHARS) + '…'.len_utf8());
        for (count, item) in chars.enumerate() {
            if count == RENDITION_MAX_CHARS {
                out.push('…');
                break;
            }
            match item {
                Ok('\\') => out.push_str("\\\\"),
                Ok(c) if !needs_escape(c) => out.push(c),
                Ok(c) => push_escape(&mut out, u32::from(c)),
                Err(surrogate) => push_escape(&mut out, u32::from(surrogate)),
            }
        }
        Self(out)
    }

    /// The rendition as a string slice.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SafeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl serde::Serialize for SafeText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

fn push_escape(out: &mut String, code: u32) {
    use fmt::Write as _;
    // Writing to a String cannot fail.
    let _ = write!(out, "\\u{{{code:04X}}}");
}

/// Whether a character must be escaped in a rendition: C0/C1 controls,
/// every separator but the plain space, format characters (bidi controls,
/// zero-width characters, tag characters), default-ignorable and other
/// invisible characters, private-use characters and noncharacters. Hand
/// listed from the Unicode 15 tables: a complete general-category table
/// would cost more wasm than it is worth here, and unassigned code points
/// are shown as themselves.
#[must_use]
pub(crate) fn needs_escape(c: char) -> bool {
    let cp = u32::from(c);
    if cp < 0x7F {
        return cp < 0x20;
    }
    matches!(
        cp,
        0x7F..=0xA0
            | 0xAD
            | 0x034F
            | 0x061C
            | 0x0600..=0x0605
            | 0x06DD
            | 0x070F
            | 0x0890..=0x0891
            | 0x08E2
            | 0x115F..=0x1160
            | 0x1680
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x2000..=0x200F
            | 0x2028..=0x202F
            | 0x205F..=0x206F
            | 0x3000
            | 0x3164
            | 0xD800..=0xDFFF
            | 0xE000..=0xF8FF
            | 0xFDD0..=0xFDEF
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE_0000..=0xE_0FFF
            | 0xF_0000..=0x10_FFFF
    ) || (cp & 0xFFFE) == 0xFFFE
}

/// Whether a UTF-16 code unit is white space as JavaScript's
/// `String.prototype.trim` sees it (`WhiteSpace` and `LineTerminator`), so that
/// "valid once trimmed" means the same thing in Rust and in JS.
#[must_use]
pub(crate) const fn is_js_whitespace(unit: u16) -> bool {
    matches!(
        unit,
        0x09..=0x0D | 0x20 | 0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 | 0xFEFF
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_bidi_and_zero_width() {
        assert_eq!(SafeText::render("a\nb").as_str(), "a\\u{000A}b");
        assert_eq!(SafeText::render("@neo\u{200b}").as_str(), "@neo\\u{200B}");
        assert_eq!(SafeText::render("x\u{202e}y").as_str(), "x\\u{202E}y");
        assert_eq!(SafeText::render("tag\u{E0041}").as_str(), "tag\\u{E0041}");
        assert_eq!(SafeText::render("nb\u{a0}sp").as_str(), "nb\\u{00A0}sp");
    }

    #[test]
    fn keeps_printable_text_and_doubles_backslash() {
        assert_eq!(SafeText::render("AGENT:gpt").as_str(), "AGENT:gpt");
        assert_eq!(SafeText::render("＠neo é").as_str(), "＠neo é");
        assert_eq!(SafeText::render("a\\u{000A}").as_str(), "a\\\\u{000A}");
    }

    #[test]
    fn bounds_to_64_characters_then_ellipsis() {
        let long = "x".repeat(65);
        let r = SafeText::render(&long);
        assert_eq!(r.as_str(), format!("{}…", "x".repeat(64)));
        assert_eq!(SafeText::render(&"y".repeat(64)).as_str(), "y".repeat(64));
    }

    #[test]
    fn utf16_renders_as_utf8_does() {
        // The oracle is the UTF-8 rendering, which has no ASCII shortcut.
        let printable: String = (0x20u8..0x7F).map(char::from).collect();
        let mut inputs = vec![String::new(), printable.clone(), printable[..64].to_owned(), printable[..63].to_owned()];
        inputs.extend(["a\\b", "tab\there", "del\u{7f}", " @neo ", "é@neo", "x\u{1f}"].map(str::to_owned));
        inputs.extend([63, 64, 65, 66].map(|n| "z".repeat(n)));
        for input in inputs {
            let units: Vec<u16> = input.encode_utf16().collect();
            assert_eq!(SafeText::render_utf16(&units), SafeText::render(&input), "{input:?}");
        }
    }

    #[test]
    fn lone_surrogate_is_escaped_not_replaced() {
        assert_eq!(SafeText::render_utf16(&[0x40, 0xD800, 0x61]).as_str(), "@\\u{D800}a");
    }

    #[test]
    fn white_space_is_javascripts() {
        for c in ['\u{feff}', ' ', '\u{3000}', '\n', '\u{a0}', '\u{2028}'] {
            assert!(is_js_whitespace(c as u16), "{c:?}");
        }
        for c in ['\u{200b}', '@', 'a', '\u{180e}'] {
            assert!(!is_js_whitespace(c as u16), "zero-width space and the rest are not white space in JS: {c:?}");
        }
    }
}
