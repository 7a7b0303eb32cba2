//! Canonical `server/tool` names and their LLM-facing aliases.

use std::fmt;

use super::profile::Profile;
use crate::error::{BoundaryError, Detail};
use crate::safe_text::SafeText;

/// The separator that stands for `/` in an LLM-facing alias.
pub const SEPARATOR: &str = "__";

/// What to do with a canonical name the profile cannot represent as is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Overflow {
    /// Refuse it with [`ToolNameError`] (`UNREPRESENTABLE_TOOL_NAME`). The default.
    #[default]
    Error,
    /// Give a deterministic alias within the profile: a readable sanitized
    /// prefix, `_`, then 8 lowercase hex digits of [`name_hash`] of the
    /// canonical name. Names that already fit are unchanged.
    Hash,
}

impl Overflow {
    /// Both policies, the default first.
    pub const ALL: [Self; 2] = [Self::Error, Self::Hash];

    /// The name used in options: `error` or `hash`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Hash => "hash",
        }
    }
}

/// Why a tool name error arose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ToolNameReason {
    /// The canonical name is empty.
    Empty,
    /// A `/`-separated segment is empty (`/x`, `x/`, `a//b`).
    EmptySegment,
    /// A character the profile does not allow; see `position`.
    InvalidCharacter,
    /// Longer than the profile allows; see `length` and `limit`.
    TooLong,
    /// The first character is not one the profile allows first.
    BadFirstCharacter,
    /// Another canonical name already has this alias.
    Collision,
}

impl ToolNameReason {
    /// Every reason, in declaration order.
    pub const ALL: [Self; 6] = [
        Self::Empty,
        Self::EmptySegment,
        Self::InvalidCharacter,
        Self::TooLong,
        Self::BadFirstCharacter,
        Self::Collision,
    ];

    /// The stable `snake_case` name, e.g. `"empty_segment"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::EmptySegment => "empty_segment",
            Self::InvalidCharacter => "invalid_character",
            Self::TooLong => "too_long",
            Self::BadFirstCharacter => "bad_first_character",
            Self::Collision => "collision",
        }
    }

    /// The code of the errors with this reason: `TOOL_NAME_COLLISION` for a
    /// collision, else `UNREPRESENTABLE_TOOL_NAME`.
    #[must_use]
    pub fn code(self) -> &'static str {
        if self == Self::Collision {
            "TOOL_NAME_COLLISION"
        } else {
            "UNREPRESENTABLE_TOOL_NAME"
        }
    }
}

/// A tool name that cannot be mapped, or a registration that would collide.
///
/// `code()` is `UNREPRESENTABLE_TOOL_NAME` or `TOOL_NAME_COLLISION`. Names
/// appear only as [`SafeText`] renditions, in the message and in the
/// accessors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolNameError {
    reason: ToolNameReason,
    name: SafeText,
    position: Option<usize>,
    length: Option<usize>,
    limit: Option<usize>,
    profile: &'static str,
    /// For a collision: the canonical name registered first, and the alias
    /// (boxed: it keeps the common error small).
    existing: Option<Box<(SafeText, SafeText)>>,
}

impl ToolNameError {
    #[cold]
    fn new(reason: ToolNameReason, name: &str, profile: &'static str) -> Self {
        Self {
            reason,
            name: SafeText::render(name),
            position: None,
            length: None,
            limit: None,
            profile,
            existing: None,
        }
    }

    /// A name whose UTF-16 code units hold a lone surrogate at `position`
    /// (`invalid_character`): no alias can be made of it, and decoding it
    /// with U+FFFD in its place would give another name's alias.
    #[cold]
    pub(crate) fn lone_surrogate(units: &[u16], position: usize, profile: &'static str) -> Self {
        Self {
            reason: ToolNameReason::InvalidCharacter,
            name: SafeText::render_utf16(units),
            position: Some(position),
            length: None,
            limit: None,
            profile,
            existing: None,
        }
    }

    #[cold]
    pub(crate) fn collision(incoming: &str, existing: &str, alias: &str, profile: &'static str) -> Self {
        let mut e = Self::new(ToolNameReason::Collision, incoming, profile);
        e.existing = Some(Box::new((SafeText::render(existing), SafeText::render(alias))));
        e
    }

    /// `UNREPRESENTABLE_TOOL_NAME` or `TOOL_NAME_COLLISION`: its reason's [`code`](ToolNameReason::code).
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.reason.code()
    }

    /// Why.
    #[must_use]
    pub fn reason(&self) -> ToolNameReason {
        self.reason
    }

    /// The safe rendition of the canonical name at fault (for a collision,
    /// the one being registered).
    #[must_use]
    pub fn name(&self) -> &SafeText {
        &self.name
    }

    /// For `invalid_character`: the UTF-16 index in the canonical name.
    #[must_use]
    pub fn position(&self) -> Option<usize> {
        self.position
    }

    /// For `too_long`: the alias length in characters.
    #[must_use]
    pub fn length(&self) -> Option<usize> {
        self.length
    }

    /// For `too_long`: the profile's limit.
    #[must_use]
    pub fn limit(&self) -> Option<usize> {
        self.limit
    }

    /// The profile's name.
    #[must_use]
    pub fn profile(&self) -> &'static str {
        self.profile
    }

    /// For a collision: the canonical name registered first.
    #[must_use]
    pub fn existing(&self) -> Option<&SafeText> {
        self.existing.as_deref().map(|(name, _)| name)
    }

    /// For a collision: the alias both names map to.
    #[must_use]
    pub fn alias(&self) -> Option<&SafeText> {
        self.existing.as_deref().map(|(_, alias)| alias)
    }
}

impl fmt::Display for ToolNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, profile) = (&self.name, self.profile);
        match self.reason {
            ToolNameReason::Empty => write!(f, "Tool name is empty."),
            ToolNameReason::EmptySegment => {
                write!(f, "Tool name '{name}' has an empty segment: '/' must separate two non-empty parts (server/tool).")
            }
            ToolNameReason::InvalidCharacter => write!(
                f,
                "Tool name '{name}' cannot be shown under the {profile} profile: the character at position {} is not allowed.",
                self.position.unwrap_or(0)
            ),
            ToolNameReason::TooLong => write!(
                f,
                "Tool name '{name}' gives an alias of {} characters; the {profile} profile allows {} (overflow: \"hash\" shortens it).",
                self.length.unwrap_or(0),
                self.limit.unwrap_or(0)
            ),
            ToolNameReason::BadFirstCharacter => {
                write!(f, "Tool name '{name}' cannot be shown under the {profile} profile: it may not start with that character.")
            }
            ToolNameReason::Collision => {
                let (existing, alias) = self.existing.as_deref().map_or(("", ""), |(e, a)| (e.as_str(), a.as_str()));
                write!(f, "Tool name '{name}' would have the alias '{alias}', which already belongs to '{existing}'; nothing was registered.")
            }
        }
    }
}

impl std::error::Error for ToolNameError {}

crate::error::serialize_as_error!(ToolNameError);

impl BoundaryError for ToolNameError {
    fn code(&self) -> &'static str {
        ToolNameError::code(self)
    }
    fn reason(&self) -> &'static str {
        self.reason.as_str()
    }
    fn details(&self) -> Vec<(&'static str, Detail)> {
        let mut d = vec![
            ("tool_name", Detail::Text(self.name.to_string())),
            ("profile", Detail::Text(self.profile.to_owned())),
        ];
        let numbers = [("position", self.position), ("length", self.length), ("limit", self.limit)];
        d.extend(numbers.into_iter().filter_map(|(k, v)| v.map(|v| (k, Detail::Number(v)))));
        if let Some((existing, alias)) = self.existing.as_deref() {
            d.push(("existing", Detail::Text(existing.to_string())));
            d.push(("alias", Detail::Text(alias.to_string())));
        }
        d
    }
}

/// FNV-1a, 32 bits, over the UTF-8 bytes of the canonical name: the hash in
/// hashed aliases. Offset basis `0x811c9dc5`, prime `0x01000193`. Chosen
/// because any host can reproduce it in a few lines; collisions between
/// hashed aliases are refused by the registry, never silent.
#[must_use]
pub fn name_hash(canonical: &str) -> u32 {
    canonical.bytes().fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// The LLM-facing alias of a canonical name under a profile: every `/`
/// becomes `__`, and the result must satisfy the profile as a whole.
///
/// ```
/// use mcp_boundary::{to_llm_facing_name, BuiltinProfile, Overflow, Profile};
/// let openai = Profile::builtin(BuiltinProfile::OpenAi);
/// assert_eq!(to_llm_facing_name("github/create_issue", &openai, Overflow::Error).unwrap(), "github__create_issue");
/// let long = format!("server/{}", "x".repeat(80));
/// let alias = to_llm_facing_name(&long, &openai, Overflow::Hash).unwrap();
/// assert_eq!(alias.len(), 64);
/// ```
///
/// # Errors
/// [`ToolNameError`] with code `UNREPRESENTABLE_TOOL_NAME` and reason:
/// `empty` (`""`); `empty_segment` (`"/x"`, `"x/"`, `"a//b"`); and unless
/// `overflow` is [`Overflow::Hash`]: `invalid_character` (`"a.b"` under
/// `openai`, `"foo\n"`), `bad_first_character` (`"1tool"` under `gemini`),
/// `too_long` (65 characters under `openai`).
pub fn to_llm_facing_name(canonical: &str, profile: &Profile, overflow: Overflow) -> Result<String, ToolNameError> {
    alias_form(canonical, profile, overflow).map(|form| match form {
        AliasForm::Plain => plain_alias(canonical),
        AliasForm::Hashed(alias) => alias,
    })
}

/// A text that an edit puts into a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    /// [`SEPARATOR`], `__`.
    Separator,
    /// `/`, the canonical separator.
    Slash,
}

impl Piece {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Piece::Separator => SEPARATOR,
            Piece::Slash => "/",
        }
    }
}

/// One replacement in a name: bytes `at..at + len` become `piece`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Edit {
    pub(crate) at: usize,
    pub(crate) len: usize,
    pub(crate) piece: Piece,
}

/// `source` with `edits` (in order, not overlapping) applied.
fn edited(source: &str, edits: impl Iterator<Item = Edit>) -> String {
    let mut out = String::with_capacity(source.len() + 8);
    let mut from = 0;
    for e in edits {
        out.push_str(&source[from..e.at]);
        out.push_str(e.piece.as_str());
        from = e.at + e.len;
    }
    out.push_str(&source[from..]);
    out
}

/// The plain alias as edits of the canonical name: every `/` becomes `__`.
pub(crate) fn plain_edits(canonical: &str) -> impl Iterator<Item = Edit> + '_ {
    canonical.match_indices('/').map(|(at, s)| Edit { at, len: s.len(), piece: Piece::Separator })
}

/// The plain alias, checked or not.
pub(crate) fn plain_alias(canonical: &str) -> String {
    edited(canonical, plain_edits(canonical))
}

/// How a canonical name's alias is formed: decided without building the
/// plain form, so a binding can send [`plain_edits`] instead of the alias.
pub(crate) enum AliasForm {
    /// [`plain_edits`] of the canonical name.
    Plain,
    /// A hashed alias (`overflow: "hash"`).
    Hashed(String),
}

pub(crate) fn alias_form(canonical: &str, profile: &Profile, overflow: Overflow) -> Result<AliasForm, ToolNameError> {
    if canonical.is_empty() {
        return Err(ToolNameError::new(ToolNameReason::Empty, canonical, profile.name()));
    }
    if canonical.split('/').any(str::is_empty) {
        return Err(ToolNameError::new(ToolNameReason::EmptySegment, canonical, profile.name()));
    }
    match check(canonical, profile) {
        Ok(()) => Ok(AliasForm::Plain),
        // A profile too narrow for the hash form (under 10 characters, or
        // without `_` and hex digits) keeps the plain error.
        Err(e) if overflow == Overflow::Hash => {
            hashed(canonical, &plain_alias(canonical), profile).map(AliasForm::Hashed).ok_or(e)
        }
        Err(e) => Err(e),
    }
}

/// The first rule the plain alias breaks: a character (by its position in
/// the canonical name; a `/` when the profile does not allow the
/// characters of `__`), then the first character, then the length (each
/// `/` counting as the two characters of `__`).
fn check(canonical: &str, profile: &Profile) -> Result<(), ToolNameError> {
    let mut position = 0;
    let mut length = 0;
    for c in canonical.chars() {
        if c == '/' && SEPARATOR.chars().all(|s| profile.allows(s)) {
            length += SEPARATOR.len();
        } else if c != '/' && profile.allows(c) {
            length += 1;
        } else {
            let mut e = ToolNameError::new(ToolNameReason::InvalidCharacter, canonical, profile.name());
            e.position = Some(position);
            return Err(e);
        }
        position += c.len_utf16();
    }
    // Empty segments were refused, so the alias starts with the canonical
    // name's first character.
    if canonical.chars().next().is_some_and(|c| !profile.allows_first(c)) {
        return Err(ToolNameError::new(ToolNameReason::BadFirstCharacter, canonical, profile.name()));
    }
    if length > profile.max_length() {
        let mut e = ToolNameError::new(ToolNameReason::TooLong, canonical, profile.name());
        e.length = Some(length);
        e.limit = Some(profile.max_length());
        return Err(e);
    }
    Ok(())
}

/// Whether `name`, as it is (a `/` is no separator here), is a name the
/// profile accepts; the first rule it breaks otherwise.
pub(crate) fn check_as_is(name: &str, profile: &Profile) -> Result<(), ToolNameError> {
    if name.is_empty() {
        return Err(ToolNameError::new(ToolNameReason::Empty, name, profile.name()));
    }
    if let Some(at) = name.find('/') {
        let mut e = ToolNameError::new(ToolNameReason::InvalidCharacter, name, profile.name());
        e.position = Some(name[..at].encode_utf16().count());
        return Err(e);
    }
    check(name, profile)
}

/// `prefix_XXXXXXXX`: the alias with disallowed characters as `_`, a `_`
/// put in front if its first character may not start a name, cut so that
/// the whole fits the limit.
fn hashed(canonical: &str, alias: &str, profile: &Profile) -> Option<String> {
    let suffix = format!("_{:08x}", name_hash(canonical));
    let room = profile.max_length().saturating_sub(suffix.len());
    let mut prefix: String = alias.chars().map(|c| if profile.allows(c) { c } else { '_' }).collect();
    if prefix.chars().next().is_some_and(|c| !profile.allows_first(c)) {
        prefix.insert(0, '_');
    }
    let mut out: String = prefix.chars().take(room).collect();
    out.push_str(&suffix);
    profile.accepts(&out).then_some(out)
}

/// Reverses an alias without a registry, by a heuristic: a name without
/// `__` is returned as is (a first-party tool); a name containing `/` is
/// returned as is (already canonical); otherwise the **first** `__` becomes
/// `/` (`a__b__c` → `a/b__c`). `None` when that separator is at the start or
/// the end (`__foo`, `foo__`, `__`). Hashed aliases and servers whose names
/// contain `__` need [`ToolRegistry`](super::ToolRegistry) instead.
#[must_use]
pub fn try_reverse_to_canonical(name: &str) -> Option<String> {
    match reverse_form(name) {
        ReverseForm::Unchanged => Some(name.to_owned()),
        ReverseForm::Split(edit) => Some(edited(name, std::iter::once(edit))),
        ReverseForm::Impossible => None,
    }
}

/// The heuristic's decision, as an edit of the name.
pub(crate) enum ReverseForm {
    /// No `__`, or already canonical.
    Unchanged,
    /// The first `__` becomes `/`.
    Split(Edit),
    /// The first `__` is at the start or the end.
    Impossible,
}

pub(crate) fn reverse_form(name: &str) -> ReverseForm {
    if name.contains('/') {
        return ReverseForm::Unchanged;
    }
    // A byte scan: `__` is ASCII, so no UTF-8 boundary can be split.
    match name.as_bytes().windows(2).position(|w| w == SEPARATOR.as_bytes()) {
        None => ReverseForm::Unchanged,
        Some(at) if at > 0 && at + SEPARATOR.len() < name.len() => {
            ReverseForm::Split(Edit { at, len: SEPARATOR.len(), piece: Piece::Slash })
        }
        Some(_) => ReverseForm::Impossible,
    }
}

#[cfg(test)]
mod tests {
    use super::super::profile::BuiltinProfile;
    use super::*;

    fn p(b: BuiltinProfile) -> Profile {
        Profile::builtin(b)
    }

    #[test]
    fn forward() {
        let a = Profile::default();
        assert_eq!(to_llm_facing_name("github/create_issue", &a, Overflow::Error).unwrap(), "github__create_issue");
        assert_eq!(to_llm_facing_name("search", &a, Overflow::Error).unwrap(), "search");
        let r = |n: &str, pr: &Profile| to_llm_facing_name(n, pr, Overflow::Error).unwrap_err();
        assert_eq!(r("", &a).reason(), ToolNameReason::Empty);
        for n in ["/x", "x/", "a//b", "/"] {
            assert_eq!(r(n, &a).reason(), ToolNameReason::EmptySegment, "{n}");
        }
        let e = r("foo\n", &a);
        assert_eq!((e.reason(), e.position()), (ToolNameReason::InvalidCharacter, Some(3)));
        assert!(!e.to_string().contains('\n'));
        let e = r("srv/a.b", &p(BuiltinProfile::OpenAi));
        assert_eq!(e.position(), Some(5));
        assert_eq!(r("1x", &p(BuiltinProfile::Gemini)).reason(), ToolNameReason::BadFirstCharacter);
        let e = r(&"x".repeat(65), &p(BuiltinProfile::OpenAi));
        assert_eq!((e.length(), e.limit()), (Some(65), Some(64)));
        let e = r("a/😀", &a);
        assert_eq!(e.position(), Some(2));
    }

    #[test]
    fn hash_overflow() {
        let openai = p(BuiltinProfile::OpenAi);
        let long = format!("my-server/{}", "very_long_tool_name_".repeat(5));
        let alias = to_llm_facing_name(&long, &openai, Overflow::Hash).unwrap();
        assert_eq!(alias.len(), 64);
        assert!(openai.accepts(&alias));
        assert!(alias.starts_with("my-server__very_long"));
        assert!(alias.ends_with(&format!("_{:08x}", name_hash(&long))));
        assert_eq!(alias, to_llm_facing_name(&long, &openai, Overflow::Hash).unwrap(), "deterministic");
        assert_eq!(to_llm_facing_name("a/b", &openai, Overflow::Hash).unwrap(), "a__b", "short names unchanged");
        let g = to_llm_facing_name("9srv/t", &p(BuiltinProfile::Gemini), Overflow::Hash).unwrap();
        assert!(g.starts_with("_9srv__t_"), "{g}");
        assert!(to_llm_facing_name("a.b/c", &openai, Overflow::Hash).unwrap().starts_with("a_b__c_"));
        assert_eq!(
            to_llm_facing_name("//", &openai, Overflow::Hash).unwrap_err().reason(),
            ToolNameReason::EmptySegment
        );
    }

    #[test]
    fn fnv1a_reference_values() {
        assert_eq!(name_hash(""), 0x811c_9dc5);
        assert_eq!(name_hash("a"), 0xe40c_292c);
        assert_eq!(name_hash("foobar"), 0xbf9c_f968);
    }

    #[test]
    fn reverse() {
        assert_eq!(try_reverse_to_canonical("search").as_deref(), Some("search"));
        assert_eq!(try_reverse_to_canonical("a/b__c").as_deref(), Some("a/b__c"));
        assert_eq!(try_reverse_to_canonical("a__b").as_deref(), Some("a/b"));
        assert_eq!(try_reverse_to_canonical("a__b__c").as_deref(), Some("a/b__c"));
        assert_eq!(try_reverse_to_canonical("intent__X").as_deref(), Some("intent/X"));
        for n in ["__foo", "foo__", "__"] {
            assert_eq!(try_reverse_to_canonical(n), None, "{n}");
        }
        assert_eq!(try_reverse_to_canonical("a___b").as_deref(), Some("a/_b"));
    }
}
