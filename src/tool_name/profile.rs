//! Name rules of the consumers of LLM-facing tool names.

use crate::error::{OptionPath, OptionsError};

/// Which characters a rule allows: a table for ASCII (the hot path), and
/// for a custom class its ranges (sorted, apart) for anything else.
#[derive(Debug, Clone)]
struct CharSet {
    ascii: [bool; 128],
    other: Vec<(u32, u32)>,
}

impl CharSet {
    const fn from_bytes(extra: &[u8], letters_digits: bool) -> Self {
        let mut ascii = [false; 128];
        let mut c = 0;
        while c < 128 {
            #[allow(clippy::cast_possible_truncation, reason = "c < 128")]
            let b = c as u8;
            ascii[c] = (letters_digits && b.is_ascii_alphanumeric()) || has_byte(extra, b);
            c += 1;
        }
        Self { ascii, other: Vec::new() }
    }

    fn allows(&self, c: char) -> bool {
        match usize::try_from(u32::from(c)) {
            Ok(i) if i < 128 => self.ascii[i],
            _ => contains(&self.other, u32::from(c)),
        }
    }
}

/// Whether `c` lies in one of `ranges` (sorted, apart).
fn contains(ranges: &[(u32, u32)], c: u32) -> bool {
    let after = ranges.partition_point(|&(_, end)| end < c);
    ranges.get(after).is_some_and(|&(start, _)| start <= c)
}

const fn has_byte(set: &[u8], b: u8) -> bool {
    let mut i = 0;
    while i < set.len() {
        if set[i] == b {
            return true;
        }
        i += 1;
    }
    false
}

const WORD: CharSet = CharSet::from_bytes(b"_-", true);
const WORD_DOT: CharSet = CharSet::from_bytes(b"_.-", true);
const WORD_DOT_COLON: CharSet = CharSet::from_bytes(b"_.:-", true);
const LETTER_UNDERSCORE: CharSet = {
    let mut set = CharSet::from_bytes(b"_", true);
    let mut d = b'0';
    while d <= b'9' {
        set.ascii[d as usize] = false;
        d += 1;
    }
    set
};

/// The built-in profiles, by their names in options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuiltinProfile {
    /// `[A-Za-z0-9_-]{1,128}` (Anthropic Messages API `tools[].name`). The default.
    Anthropic,
    /// `[A-Za-z0-9_-]{1,64}` (OpenAI function `name`).
    OpenAi,
    /// `[A-Za-z0-9_.:-]{1,64}`, first a letter or `_` (Gemini `FunctionDeclaration.name`).
    Gemini,
    /// `[A-Za-z0-9_-]{1,64}` (Amazon Bedrock Converse `toolSpec.name`).
    Bedrock,
    /// `[A-Za-z0-9_.-]{1,128}` (MCP specification 2025-11-25, tool names).
    Mcp,
    /// `[A-Za-z0-9_-]{1,64}`, first a letter or `_`: accepted by all of the above.
    Portable,
}

impl BuiltinProfile {
    /// Every built-in profile, default first.
    pub const ALL: [Self; 6] = [Self::Anthropic, Self::OpenAi, Self::Gemini, Self::Bedrock, Self::Mcp, Self::Portable];

    /// The name used in options: `anthropic`, `openai`, `gemini`, `bedrock`, `mcp`, `portable`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Anthropic => "anthropic",
            Self::OpenAi => "openai",
            Self::Gemini => "gemini",
            Self::Bedrock => "bedrock",
            Self::Mcp => "mcp",
            Self::Portable => "portable",
        }
    }

    /// The profile with this options name, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The name rule of one consumer: which characters, how many, and which
/// may come first. Built-in rules are byte tables; custom ones are
/// character classes read once.
#[derive(Debug, Clone)]
pub struct Profile {
    name: &'static str,
    max_length: usize,
    allowed: CharSet,
    first: Option<CharSet>,
}

impl Default for Profile {
    fn default() -> Self {
        Self::builtin(BuiltinProfile::Anthropic)
    }
}

impl From<BuiltinProfile> for Profile {
    fn from(p: BuiltinProfile) -> Self {
        Self::builtin(p)
    }
}

/// The longest `maxLength` a custom profile may set.
pub const MAX_CUSTOM_LENGTH: usize = 4096;

impl Profile {
    /// A built-in profile.
    #[must_use]
    pub fn builtin(p: BuiltinProfile) -> Self {
        let (max_length, allowed, first) = match p {
            BuiltinProfile::Anthropic => (128, WORD, None),
            BuiltinProfile::OpenAi | BuiltinProfile::Bedrock => (64, WORD, None),
            BuiltinProfile::Gemini => (64, WORD_DOT_COLON, Some(LETTER_UNDERSCORE)),
            BuiltinProfile::Mcp => (128, WORD_DOT, None),
            BuiltinProfile::Portable => (64, WORD, Some(LETTER_UNDERSCORE)),
        };
        Self { name: p.name(), max_length, allowed, first }
    }

    /// A custom profile from regex character classes such as
    /// `"[A-Za-z0-9_-]"`, in regex-lite's syntax (read once; a name is
    /// checked in linear time).
    ///
    /// # Errors
    /// An [`OptionsError`] naming `max_length`, `allowed` or `first_char`
    /// when: `max_length` is 0 or above 4096; a pattern
    /// is not one character class (`"[a-z]+"`, `"a|b"`, `"[a-z][0-9]"`,
    /// `"."`) or does not compile (`"[z-a]"`).
    pub fn custom(max_length: usize, allowed: &str, first_char: Option<&str>) -> Result<Self, OptionsError> {
        if !(1..=MAX_CUSTOM_LENGTH).contains(&max_length) {
            return Err(OptionsError::out_of_range(OptionPath::new("max_length"), 1, MAX_CUSTOM_LENGTH));
        }
        let allowed = compile_class(allowed, "allowed")?;
        let first = first_char.map(|p| compile_class(p, "first_char")).transpose()?;
        Ok(Self { name: "custom", max_length, allowed, first })
    }

    /// `anthropic`, `openai`, … or `custom`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The longest name the profile accepts.
    #[must_use]
    pub fn max_length(&self) -> usize {
        self.max_length
    }

    pub(crate) fn allows(&self, c: char) -> bool {
        self.allowed.allows(c)
    }

    pub(crate) fn allows_first(&self, c: char) -> bool {
        self.allows(c) && self.first.as_ref().is_none_or(|f| f.allows(c))
    }

    /// Whether `name` satisfies the profile, tested over the whole string
    /// (no end-of-line loophole: `"foo\n"` fails).
    #[must_use]
    pub fn accepts(&self, name: &str) -> bool {
        let mut chars = name.chars();
        chars.next().is_some_and(|c| self.allows_first(c))
            && name.chars().count() <= self.max_length
            && chars.all(|c| self.allows(c))
    }
}

/// Compiles a pattern that must be exactly one character class.
fn compile_class(pattern: &str, option: &'static str) -> Result<CharSet, OptionsError> {
    let path = OptionPath::new(option);
    if !is_single_class(pattern) {
        return Err(not_one_class(path));
    }
    let other = match class_ranges(pattern) {
        Ok(ranges) => ranges,
        Err(Unread::Invalid) => return Err(OptionsError::invalid_pattern(path)),
        Err(Unread::NotOneClass) => return Err(not_one_class(path)),
    };
    let mut ascii = [false; 128];
    for (c, slot) in (0..).zip(ascii.iter_mut()) {
        *slot = contains(&other, c);
    }
    Ok(CharSet { ascii, other })
}

/// The error for a pattern that is not one character class.
#[cold]
fn not_one_class(path: OptionPath) -> OptionsError {
    OptionsError::invalid(path, "must be one regex character class such as \"[A-Za-z0-9_-]\"")
}

/// Why [`class_ranges`] read no class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unread {
    /// A class regex-lite refuses.
    Invalid,
    /// The class closes before the pattern ends (`[.-[:alpha:]]`: a `[`
    /// where a range ends is itself, so the first `]` closes the class).
    NotOneClass,
}

/// The characters of `pattern`, one character class (`[` … `]`), read as
/// regex-lite reads a class (`Regex::new`, which this replaced: its parser
/// and matcher were 27 KB of wasm, the host's only use of them), as sorted
/// ranges apart. [`Unread::Invalid`] for a class regex-lite refuses: a
/// nested class, a set operation (`&&`, `--`, `~~`), a reversed range, an
/// escape it does not know or that is no character (`\b`, `\A`, `\1`,
/// `\p{L}`), one left open. POSIX classes (`[:alpha:]`, `[:^digit:]`) and
/// Perl classes (`\d`, `\s`, `\w` and their negations) are ASCII, as
/// there.
fn class_ranges(pattern: &str) -> Result<Vec<(u32, u32)>, Unread> {
    let c: Vec<char> = pattern.chars().collect();
    let at = |i: usize| c.get(i).copied();
    let invalid = Unread::Invalid;
    // `[`, then `^` for a negated class, then any `-` and (first only) `]` as themselves.
    let mut i = 1;
    let negated = at(i) == Some('^');
    i += usize::from(negated);
    let mut union = Vec::new();
    while at(i) == Some('-') {
        union.push(single('-'));
        i += 1;
    }
    if union.is_empty() && at(i) == Some(']') {
        union.push(single(']'));
        i += 1;
    }
    loop {
        match (at(i).ok_or(invalid)?, at(i + 1)) {
            ('[', _) => {
                let (ranges, next) = posix_class(&c, i).ok_or(invalid)?;
                union.extend(ranges);
                i = next;
            }
            (']', _) => break,
            ('&', Some('&')) | ('-', Some('-')) | ('~', Some('~')) => return Err(invalid),
            _ => {
                let (first, next) = class_item(&c, i).ok_or(invalid)?;
                // `a-z`, unless the `-` is followed by `]` or `-`.
                let range = at(next) == Some('-') && !matches!(at(next + 1), Some(']' | '-'));
                if !range {
                    at(next).ok_or(invalid)?;
                    union.extend(first);
                    i = next;
                    continue;
                }
                let (last, after) = class_item(&c, next + 1).ok_or(invalid)?;
                match (&first[..], &last[..]) {
                    ([(a, a2)], [(b, b2)]) if a == a2 && b == b2 && a <= b => union.push((*a, *b)),
                    _ => return Err(invalid),
                }
                i = after;
            }
        }
    }
    if i + 1 != c.len() {
        return Err(Unread::NotOneClass);
    }
    let ranges = canonical(union);
    Ok(if negated { complement(&ranges) } else { ranges })
}

/// The range of one character.
fn single(c: char) -> (u32, u32) {
    (u32::from(c), u32::from(c))
}

/// One item of a class at `c[i]`: a character, or an escape's character
/// or Perl class; with where the item ends. A one-character range is a
/// character; `None` for what is no item.
fn class_item(c: &[char], i: usize) -> Option<(Vec<(u32, u32)>, usize)> {
    let ch = *c.get(i)?;
    if ch != '\\' {
        return Some((vec![single(ch)], i + 1));
    }
    let e = *c.get(i + 1)?;
    let perl: &[(u8, u8)] = match e {
        'x' | 'u' | 'U' => return hex_escape(c, i + 1),
        'd' | 'D' => DIGIT,
        's' | 'S' => SPACE,
        'w' | 'W' => WORD_CLASS,
        _ => {
            let ch = match e {
                'a' => '\x07',
                'f' => '\x0C',
                't' => '\t',
                'n' => '\n',
                'r' => '\r',
                'v' => '\x0B',
                // What regex-lite lets escape itself: every ASCII
                // character but letters, digits, `<` and `>`.
                e if e.is_ascii() && !e.is_ascii_alphanumeric() && !matches!(e, '<' | '>') => e,
                _ => return None,
            };
            return Some((vec![single(ch)], i + 2));
        }
    };
    let ranges = ascii_ranges(perl);
    Some((if e.is_ascii_uppercase() { complement(&ranges) } else { ranges }, i + 2))
}

/// `\xNN`, `\uNNNN`, `\UNNNNNNNN` or `\x{N…}` (`u` and `U` take braces
/// too) with `c[i]` its letter: the character and where the escape ends.
fn hex_escape(c: &[char], i: usize) -> Option<(Vec<(u32, u32)>, usize)> {
    let (digits, end) = if c.get(i + 1) == Some(&'{') {
        let close = i + 2 + c.get(i + 2..)?.iter().position(|&d| d == '}')?;
        (c.get(i + 2..close)?, close + 1)
    } else {
        let len = match c[i] {
            'x' => 2,
            'u' => 4,
            _ => 8,
        };
        (c.get(i + 1..i + 1 + len)?, i + 1 + len)
    };
    let mut value: u32 = 0;
    for d in digits {
        value = value.checked_mul(16)?.checked_add(d.to_digit(16)?)?;
    }
    let ch = char::from_u32(value).filter(|_| !digits.is_empty())?;
    Some((vec![single(ch)], end))
}

/// A POSIX class (`[:alpha:]`, `[:^alpha:]`) at `c[i]` and where it ends;
/// `None` for anything else there (regex-lite nests no other class).
fn posix_class(c: &[char], i: usize) -> Option<(Vec<(u32, u32)>, usize)> {
    if c.get(i + 1) != Some(&':') {
        return None;
    }
    let negated = c.get(i + 2) == Some(&'^');
    let start = i + 2 + usize::from(negated);
    let end = start + c.get(start..)?.iter().position(|&ch| ch == ':')?;
    if c.get(end + 1) != Some(&']') {
        return None;
    }
    let name: String = c[start..end].iter().collect();
    let table: &[(u8, u8)] = match name.as_str() {
        "alnum" => &[(b'0', b'9'), (b'A', b'Z'), (b'a', b'z')],
        "alpha" => &[(b'A', b'Z'), (b'a', b'z')],
        "ascii" => &[(0, 0x7F)],
        "blank" => &[(b'\t', b'\t'), (b' ', b' ')],
        "cntrl" => &[(0, 0x1F), (0x7F, 0x7F)],
        "digit" => DIGIT,
        "graph" => &[(b'!', b'~')],
        "lower" => &[(b'a', b'z')],
        "print" => &[(b' ', b'~')],
        "punct" => &[(b'!', b'/'), (b':', b'@'), (b'[', b'`'), (b'{', b'~')],
        "space" => SPACE,
        "upper" => &[(b'A', b'Z')],
        "word" => WORD_CLASS,
        "xdigit" => &[(b'0', b'9'), (b'A', b'F'), (b'a', b'f')],
        _ => return None,
    };
    let ranges = ascii_ranges(table);
    Some((if negated { complement(&ranges) } else { ranges }, end + 2))
}

const DIGIT: &[(u8, u8)] = &[(b'0', b'9')];
const SPACE: &[(u8, u8)] = &[(b'\t', b'\r'), (b' ', b' ')];
const WORD_CLASS: &[(u8, u8)] = &[(b'0', b'9'), (b'A', b'Z'), (b'_', b'_'), (b'a', b'z')];

fn ascii_ranges(table: &[(u8, u8)]) -> Vec<(u32, u32)> {
    table.iter().map(|&(a, b)| (u32::from(a), u32::from(b))).collect()
}

/// `ranges` sorted, overlapping and adjacent ones joined.
fn canonical(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    crate::heap_sort::sort(&mut ranges);
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for (start, end) in ranges {
        match out.last_mut() {
            Some(last) if start <= last.1.saturating_add(1) => last.1 = last.1.max(end),
            _ => out.push((start, end)),
        }
    }
    out
}

/// Every character that canonical `ranges` leave out.
fn complement(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(ranges.len() + 1);
    let mut next = 0;
    for &(start, end) in ranges {
        if start > next {
            out.push((next, start - 1));
        }
        next = end + 1;
    }
    if next <= u32::from(char::MAX) {
        out.push((next, u32::from(char::MAX)));
    }
    out
}

/// `[` … `]` with the first unescaped closing bracket at depth 0 being the
/// last character (nested classes such as `[[:alpha:]_]` are fine).
fn is_single_class(p: &str) -> bool {
    let b = p.as_bytes();
    if b.len() < 3 || b[0] != b'[' {
        return false;
    }
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' => {
                depth += 1;
                // A `]` right after `[` or `[^` is a literal.
                if b.get(i + 1) == Some(&b'^') {
                    i += 1;
                }
                if b.get(i + 1) == Some(&b']') {
                    i += 1;
                }
            }
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return i == b.len() - 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins() {
        let openai = Profile::builtin(BuiltinProfile::OpenAi);
        assert!(openai.accepts("server__tool-1"));
        assert!(!openai.accepts("foo\n"));
        assert!(!openai.accepts("a.b"));
        assert!(!openai.accepts(&"x".repeat(65)));
        assert!(openai.accepts(&"x".repeat(64)));
        let gemini = Profile::builtin(BuiltinProfile::Gemini);
        assert!(gemini.accepts("ns.tool:v1"));
        assert!(!gemini.accepts("1tool"));
        assert!(gemini.accepts("_tool"));
        assert!(!gemini.accepts("-tool"));
        assert!(Profile::builtin(BuiltinProfile::Mcp).accepts("a.b"));
        assert!(!Profile::builtin(BuiltinProfile::Portable).accepts("9a"));
        assert!(!Profile::default().accepts(""));
    }

    #[test]
    fn custom_classes() {
        let p = Profile::custom(10, "[a-z_]", Some("[a-z]")).unwrap();
        assert!(p.accepts("ab_c"));
        assert!(!p.accepts("_ab"));
        assert!(!p.accepts("aB"));
        let nested = Profile::custom(10, "[[:alpha:]_]", None).unwrap();
        assert!(nested.accepts("Ab_"));
        let literal = Profile::custom(10, "[]a]", None).unwrap();
        assert!(literal.accepts("]a"));
        // The last: a `[` that ends a range is itself, so the first `]` closes the class.
        for bad in ["[a-z]+", "a|b", "[a-z][0-9]", ".", "[a-z]|[0-9]", "[abc", "(?:[a])", "[.-[:^digit:]]"] {
            assert_eq!(Profile::custom(10, bad, None).unwrap_err().reason(), "invalid_value", "{bad}");
        }
        assert_eq!(Profile::custom(10, "[z-a]", None).unwrap_err().reason(), "invalid_pattern");
        assert_eq!(Profile::custom(0, "[a]", None).unwrap_err().reason(), "out_of_range");
    }

    /// What random classes are made of (below).
    #[rustfmt::skip]
    const PIECES: [&str; 60] = [
        "a", "z", "A", "Z", "0", "9", "_", "-", "-", "^", "]", "[", ".", ":", "é", "ü", "😀", "\\", "\\\\", "\\]",
        "\\[", "\\-", "\\^", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\n", "\\t", "\\b", "\\A", "\\z", "\\<",
        "\\1", "\\p", "\\e", "\\é", "\\x41", "\\x4", "\\xZZ", "\\x{1F600}", "\\x{}", "\\x{D800}", "\\u00e9",
        "\\U0001F600", "\\x{110000}", "[:alpha:]", "[:^digit:]", "[:word:]", "[:space:]", "[:nope:]", "[:punct:",
        "&&", "--", "~~", "&", "~", "a-z",
    ];

    /// The classes a custom profile reads are the ones regex-lite compiles
    /// (which read them before): the same patterns refused, and the same
    /// characters in each, over random classes made of every construct a
    /// class may hold and the ones it may not.
    #[test]
    fn classes_read_as_regex_lite_reads_them() {
        let probes: Vec<char> = (0..0x300u32)
            .chain([0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x1_0000, 0x1_F600, 0x1_F601, 0x10_FFFF])
            .filter_map(char::from_u32)
            .collect();
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            usize::try_from(seed % n as u64).unwrap()
        };
        let (mut classes, mut refused, mut early) = (0, 0, 0);
        for _ in 0..15_000 {
            let mut pattern = String::from("[");
            for _ in 0..=next(6) {
                pattern.push_str(PIECES[next(PIECES.len())]);
            }
            pattern.push(']');
            if !is_single_class(&pattern) {
                continue;
            }
            let want = regex_lite::Regex::new(&format!("^{pattern}$")).ok();
            let matches = |re: &regex_lite::Regex, c: char| re.is_match(c.encode_utf8(&mut [0; 4]));
            match (class_ranges(&pattern), want) {
                (Ok(ranges), Some(re)) => {
                    classes += 1;
                    for &c in &probes {
                        assert_eq!(contains(&ranges, u32::from(c)), matches(&re, c), "{pattern:?} {c:?}");
                    }
                }
                (Err(Unread::Invalid), None) => refused += 1,
                // A class that closes early, then more of a regex: regex-lite
                // matched no one character with it, or refused it.
                (Err(Unread::NotOneClass), re) => {
                    early += 1;
                    assert!(re.is_none_or(|re| !probes.iter().any(|&c| matches(&re, c))), "{pattern:?}");
                }
                (got, want) => panic!("{pattern:?}: {got:?}, regex-lite {}", want.is_some()),
            }
        }
        assert!(classes > 2_000 && refused > 2_000 && early > 0, "{classes} classes, {refused} refused, {early} early");
    }

    #[test]
    fn non_ascii_custom() {
        let p = Profile::custom(10, "[a-zé]", None).unwrap();
        assert!(p.accepts("café"));
        assert!(!Profile::default().accepts("café"));
    }
}
