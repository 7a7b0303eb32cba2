//! Name rules of the consumers of LLM-facing tool names.

use crate::error::{OptionPath, OptionsError};

/// Which characters a rule allows: a table for ASCII (the hot path), and
/// for a custom class a compiled regex-lite class for anything else.
#[derive(Debug, Clone)]
struct CharSet {
    ascii: [bool; 128],
    other: Option<regex_lite::Regex>,
}

impl CharSet {
    const fn from_bytes(extra: &[u8], letters_digits: bool) -> Self {
        let mut ascii = [false; 128];
        let mut c = 0;
        while c < 128 {
            #[allow(clippy::cast_possible_truncation, reason = "c < 128")]
            let b = c as u8;
            ascii[c] = (letters_digits && b.is_ascii_alphanumeric()) || contains(extra, b);
            c += 1;
        }
        Self { ascii, other: None }
    }

    fn allows(&self, c: char) -> bool {
        match usize::try_from(u32::from(c)) {
            Ok(i) if i < 128 => self.ascii[i],
            _ => self.other.as_ref().is_some_and(|re| re.is_match(c.encode_utf8(&mut [0; 4]))),
        }
    }
}

const fn contains(set: &[u8], b: u8) -> bool {
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
/// regex-lite character classes compiled once.
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
    /// `"[A-Za-z0-9_-]"`, compiled once with regex-lite (linear time).
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
        return Err(OptionsError::invalid(path, "must be one regex character class such as \"[A-Za-z0-9_-]\""));
    }
    let re = regex_lite::Regex::new(&format!("^{pattern}$")).map_err(|_| OptionsError::invalid_pattern(path))?;
    let mut ascii = [false; 128];
    let mut buf = [0u8; 4];
    for (i, slot) in ascii.iter_mut().enumerate() {
        let c = char::from(u8::try_from(i).unwrap_or(0));
        *slot = re.is_match(c.encode_utf8(&mut buf));
    }
    Ok(CharSet { ascii, other: Some(re) })
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
        for bad in ["[a-z]+", "a|b", "[a-z][0-9]", ".", "[a-z]|[0-9]", "[abc", "(?:[a])"] {
            assert_eq!(Profile::custom(10, bad, None).unwrap_err().reason(), "invalid_value", "{bad}");
        }
        assert_eq!(Profile::custom(10, "[z-a]", None).unwrap_err().reason(), "invalid_pattern");
        assert_eq!(Profile::custom(0, "[a]", None).unwrap_err().reason(), "out_of_range");
    }

    #[test]
    fn non_ascii_custom() {
        let p = Profile::custom(10, "[a-zé]", None).unwrap();
        assert!(p.accepts("café"));
        assert!(!Profile::default().accepts("café"));
    }
}
