//! Canonical `server/tool` names and their LLM-facing aliases.

use std::fmt;

use super::profile::Profile;
use crate::error::{BoundaryError, Detail};
use crate::safe_text::{SafeText, RENDITION_MAX_CHARS};

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

    /// An error of `reason` about the name shown as `name`.
    fn rendered(reason: ToolNameReason, name: SafeText, profile: &'static str) -> Self {
        Self { reason, name, position: None, length: None, limit: None, profile, existing: None }
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
    canonical.bytes().fold(FNV_BASIS, fnv)
}

/// FNV-1a's offset basis.
const FNV_BASIS: u32 = 0x811c_9dc5;

/// One byte into an FNV-1a hash.
fn fnv(h: u32, b: u8) -> u32 {
    (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
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

/// The plain alias as edits of the canonical name, given as its code
/// units (UTF-8 bytes, whose offsets the edits are in, or UTF-16 units):
/// every `/` becomes `__`.
pub(crate) fn plain_edits<U: Copy + Into<u32>>(canonical: &[U]) -> impl Iterator<Item = Edit> + '_ {
    let slash = u32::from(b'/');
    canonical.iter().enumerate().filter(move |(_, u)| (**u).into() == slash).map(|(at, _)| Edit {
        at,
        len: 1,
        piece: Piece::Separator,
    })
}

/// The plain alias, checked or not.
pub(crate) fn plain_alias(canonical: &str) -> String {
    edited(canonical, plain_edits(canonical.as_bytes()))
}

/// Whether `alias` is the plain alias of `canonical`, compared without
/// building it (a hashed name may be as long as its caller made it).
pub(crate) fn is_plain_alias(canonical: &str, alias: &str) -> bool {
    let mut rest = alias.as_bytes();
    for b in canonical.bytes() {
        let piece = if b == b'/' { SEPARATOR.as_bytes() } else { std::slice::from_ref(&b) };
        match rest.strip_prefix(piece) {
            Some(after) => rest = after,
            None => return false,
        }
    }
    rest.is_empty()
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
    NameScan::of_str(canonical, profile, overflow).alias_form(profile, overflow)
}

/// Whether `name`, as it is (a `/` is no separator here), is a name the
/// profile accepts; the first rule it breaks otherwise.
pub(crate) fn check_as_is(name: &str, profile: &Profile) -> Result<(), ToolNameError> {
    NameScan::of_str(name, profile, Overflow::Error).check_as_is(profile)
}

/// Reverses an alias without a registry, by a heuristic: a name without
/// `__` is returned as is (a first-party tool); a name containing `/` is
/// returned as is (already canonical); otherwise the **first** `__` becomes
/// `/` (`a__b__c` → `a/b__c`). `None` when that separator is at the start or
/// the end (`__foo`, `foo__`, `__`). Hashed aliases and servers whose names
/// contain `__` need [`ToolRegistry`](super::ToolRegistry) instead.
#[must_use]
pub fn try_reverse_to_canonical(name: &str) -> Option<String> {
    match NameScan::of_str(name, &Profile::default(), Overflow::Error).reverse() {
        ReverseForm::Unchanged => Some(name.to_owned()),
        ReverseForm::Split(unit) => Some(split_at(name, byte_of_unit(name, unit))),
        ReverseForm::Impossible => None,
    }
}

/// `name` with the `__` at byte `at` made `/`.
fn split_at(name: &str, at: usize) -> String {
    edited(name, std::iter::once(split_edit(at)))
}

/// The heuristic's one edit: the `__` at `at` (in whichever code units the
/// name is given) made `/`.
pub(crate) fn split_edit(at: usize) -> Edit {
    Edit { at, len: SEPARATOR.len(), piece: Piece::Slash }
}

/// The UTF-8 offset in `name` of its UTF-16 index `unit` (of a `/` or
/// `__`, which are ASCII: never inside a character).
fn byte_of_unit(name: &str, unit: usize) -> usize {
    let mut units = 0;
    let at = name.char_indices().find(|(_, c)| {
        units += c.len_utf16();
        units > unit
    });
    at.map_or(name.len(), |(byte, _)| byte)
}

/// How the config keys of a name that no registry entry has are formed from
/// it ([`ToolRegistry::override_keys`](super::ToolRegistry::override_keys)):
/// decided from a scan, so a binding can build them from its caller's
/// string without the name crossing whole. Offsets are UTF-16 indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeyForm {
    /// The name alone: it has neither a `/` nor a `__` the heuristic reverses.
    Alone,
    /// A canonical-looking name, its first `/` here: the name, its plain
    /// alias ([`plain_edits`]), then its units before the `/` (the server).
    Slashed(usize),
    /// An alias-looking name, its first `__` here: that `__` made `/`
    /// ([`try_reverse_to_canonical`]), the name, then its units before the
    /// `__` (the server).
    Split(usize),
}

impl KeyForm {
    /// The keys of `name` (whose scan gave this form), in lookup order.
    pub(crate) fn keys(self, name: &str) -> Vec<String> {
        match self {
            KeyForm::Alone => vec![name.to_owned()],
            KeyForm::Slashed(unit) => {
                vec![name.to_owned(), plain_alias(name), name[..byte_of_unit(name, unit)].to_owned()]
            }
            KeyForm::Split(unit) => {
                let at = byte_of_unit(name, unit);
                vec![split_at(name, at), name.to_owned(), name[..at].to_owned()]
            }
        }
    }
}

/// The heuristic's decision.
pub(crate) enum ReverseForm {
    /// No `__`, or already canonical.
    Unchanged,
    /// The first `__` becomes `/`; it starts at this UTF-16 index.
    Split(usize),
    /// The first `__` is at the start or the end.
    Impossible,
}

/// How many UTF-16 code units of a name [`NameScan`] keeps for an error's
/// rendition: [`RENDITION_MAX_CHARS`] characters of at most two units,
/// and one more, which decides whether `…` follows.
const SHOWN_UNITS: usize = 2 * RENDITION_MAX_CHARS + 2;

const SLASH: u16 = b'/' as u16;
const UNDERSCORE: u16 = b'_' as u16;

/// What mapping a name needs to know of it, found in one pass over its
/// UTF-16 code units, which may come in pieces: nothing is kept but a
/// bounded head and a few facts, so a name of any length (a hostile one
/// from JS crosses in chunks) is answered without a copy of it. The rules
/// decide from these facts: [`alias_form`](Self::alias_form),
/// [`check_as_is`](Self::check_as_is), [`reverse`](Self::reverse).
#[derive(Debug, Clone)]
pub(crate) struct NameScan {
    /// Code units seen.
    units: usize,
    /// The first [`SHOWN_UNITS`] (as many as were seen), for an error's
    /// rendition.
    head: [u16; SHOWN_UNITS],
    /// A high surrogate that ended the units so far: its index and unit.
    high: Option<(usize, u16)>,
    /// The first lone surrogate (before `high`), by its UTF-16 index.
    lone: Option<usize>,
    /// The last unit.
    last: Option<u16>,
    /// A `/` first, or `//`: an empty segment (so is a `/` last).
    empty_segment: bool,
    /// The first `/`, by its UTF-16 index.
    slash: Option<usize>,
    /// The first `__`, by its UTF-16 index.
    separator: Option<usize>,
    /// The first character the plain alias cannot hold, by its UTF-16
    /// index (a `/` when the profile does not allow the characters of `__`).
    invalid: Option<usize>,
    /// The first character.
    first: Option<char>,
    /// The plain alias's length in characters (each `/` counting as the
    /// two of `__`), up to the first character it cannot hold.
    alias_len: usize,
    /// Whether a hashed alias may be made (`overflow: "hash"`), and for it
    /// the plain alias's first characters (as many as the profile allows)
    /// and the FNV-1a ([`name_hash`]) of the name's UTF-8 bytes.
    hashing: bool,
    alias_head: String,
    alias_len_kept: usize,
    hash: u32,
}

impl NameScan {
    /// Nothing seen yet; `overflow` tells whether a hashed alias may be made.
    pub(crate) fn new(overflow: Overflow) -> Self {
        Self {
            units: 0,
            head: [0; SHOWN_UNITS],
            high: None,
            lone: None,
            last: None,
            empty_segment: false,
            slash: None,
            separator: None,
            invalid: None,
            first: None,
            alias_len: 0,
            hashing: overflow == Overflow::Hash,
            alias_head: String::new(),
            alias_len_kept: 0,
            hash: FNV_BASIS,
        }
    }

    /// The scan of `name`, whole.
    pub(crate) fn of_str(name: &str, profile: &Profile, overflow: Overflow) -> Self {
        let mut scan = Self::new(overflow);
        // Through a small buffer: one instance of `feed`, which is large.
        let mut buffer = [0u16; 64];
        let mut units = name.encode_utf16();
        loop {
            let n = buffer.iter_mut().zip(&mut units).map(|(slot, u)| *slot = u).count();
            if n == 0 {
                return scan;
            }
            scan.feed(&buffer[..n], profile);
        }
    }

    /// Takes the next code units of a name under `profile`.
    pub(crate) fn feed(&mut self, units: &[u16], profile: &Profile) {
        let separator_allowed = SEPARATOR.chars().all(|s| profile.allows(s));
        for &u in units {
            let at = self.units;
            self.units += 1;
            if let Some(slot) = self.head.get_mut(at) {
                *slot = u;
            }
            // `/` and `_` are ASCII: one unit, one byte.
            if u == SLASH {
                self.empty_segment |= at == 0 || self.last == Some(SLASH);
                self.slash.get_or_insert(at);
            }
            if u == UNDERSCORE && self.last == Some(UNDERSCORE) {
                self.separator.get_or_insert(at - 1);
            }
            self.last = Some(u);
            if let Some((high_at, high)) = self.high.take() {
                if (0xDC00..0xE000).contains(&u) {
                    let code = 0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(u) - 0xDC00);
                    self.char(
                        char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER),
                        high_at,
                        profile,
                        separator_allowed,
                    );
                    continue;
                }
                self.lone_at(high_at, profile, separator_allowed);
            }
            match u {
                0xD800..=0xDBFF => self.high = Some((at, u)),
                0xDC00..=0xDFFF => self.lone_at(at, profile, separator_allowed),
                _ => self.char(char::from_u32(u32::from(u)).unwrap_or_default(), at, profile, separator_allowed),
            }
        }
    }

    /// A lone surrogate at `at`, which a lossy decoding reads as U+FFFD.
    fn lone_at(&mut self, at: usize, profile: &Profile, separator_allowed: bool) {
        self.lone.get_or_insert(at);
        self.char(char::REPLACEMENT_CHARACTER, at, profile, separator_allowed);
    }

    /// Character `c`, at UTF-16 index `at`.
    fn char(&mut self, c: char, at: usize, profile: &Profile, separator_allowed: bool) {
        self.first.get_or_insert(c);
        if self.invalid.is_none() {
            if c == '/' && separator_allowed {
                self.alias_len += SEPARATOR.len();
            } else if c != '/' && profile.allows(c) {
                self.alias_len += 1;
            } else {
                self.invalid = Some(at);
            }
        }
        if self.hashing {
            self.hash = c.encode_utf8(&mut [0; 4]).bytes().fold(self.hash, fnv);
            // Characters kept (the separator's two count as one: a bound, not a count).
            if self.alias_len_kept < profile.max_length() {
                self.alias_len_kept += 1;
                match c {
                    '/' => self.alias_head.push_str(SEPARATOR),
                    c => self.alias_head.push(c),
                }
            }
        }
    }

    /// The first lone surrogate, by its UTF-16 index (a high one that
    /// ends the units included).
    fn lone(&self) -> Option<usize> {
        self.lone.or(self.high.map(|(at, _)| at))
    }

    /// The first units seen (all of a short name).
    fn head(&self) -> &[u16] {
        &self.head[..self.units.min(SHOWN_UNITS)]
    }

    /// An error of `reason` about this name.
    fn error(&self, reason: ToolNameReason, profile: &Profile) -> ToolNameError {
        ToolNameError::rendered(reason, SafeText::render_utf16(self.head()), profile.name())
    }

    /// How the alias of the name is formed, or the first rule it breaks:
    /// a lone surrogate (no alias can be made of it, and decoding it with
    /// U+FFFD in its place would give another name's alias), then empty,
    /// an empty segment, and the rules of [`check`](Self::check); with
    /// [`Overflow::Hash`], a hashed alias instead of those.
    pub(crate) fn alias_form(&self, profile: &Profile, overflow: Overflow) -> Result<AliasForm, ToolNameError> {
        if let Some(position) = self.lone() {
            return Err(ToolNameError::lone_surrogate(self.head(), position, profile.name()));
        }
        if self.units == 0 {
            return Err(self.error(ToolNameReason::Empty, profile));
        }
        if self.empty_segment || self.last == Some(SLASH) {
            return Err(self.error(ToolNameReason::EmptySegment, profile));
        }
        match self.check(profile) {
            Ok(()) => Ok(AliasForm::Plain),
            // A profile too narrow for the hash form (under 9 characters, or
            // without `_` and hex digits) keeps the plain error.
            Err(e) if overflow == Overflow::Hash => self.hashed(profile).map(AliasForm::Hashed).ok_or(e),
            Err(e) => Err(e),
        }
    }

    /// The first rule the plain alias breaks: a character (by its position
    /// in the canonical name; a `/` when the profile does not allow the
    /// characters of `__`), then the first character, then the length (each
    /// `/` counting as the two characters of `__`).
    fn check(&self, profile: &Profile) -> Result<(), ToolNameError> {
        if let Some(position) = self.invalid {
            let mut e = self.error(ToolNameReason::InvalidCharacter, profile);
            e.position = Some(position);
            return Err(e);
        }
        // Empty segments were refused, so the alias starts with the canonical
        // name's first character.
        if self.first.is_some_and(|c| !profile.allows_first(c)) {
            return Err(self.error(ToolNameReason::BadFirstCharacter, profile));
        }
        if self.alias_len > profile.max_length() {
            let mut e = self.error(ToolNameReason::TooLong, profile);
            e.length = Some(self.alias_len);
            e.limit = Some(profile.max_length());
            return Err(e);
        }
        Ok(())
    }

    /// Whether the name, as it is (a `/` is no separator here), is a name
    /// the profile accepts; the first rule it breaks otherwise.
    pub(crate) fn check_as_is(&self, profile: &Profile) -> Result<(), ToolNameError> {
        if let Some(position) = self.lone() {
            return Err(ToolNameError::lone_surrogate(self.head(), position, profile.name()));
        }
        if self.units == 0 {
            return Err(self.error(ToolNameReason::Empty, profile));
        }
        if let Some(position) = self.slash {
            let mut e = self.error(ToolNameReason::InvalidCharacter, profile);
            e.position = Some(position);
            return Err(e);
        }
        self.check(profile)
    }

    /// `prefix_XXXXXXXX`: the alias with disallowed characters as `_`, a `_`
    /// put in front if its first character may not start a name, cut so that
    /// the whole fits the limit.
    fn hashed(&self, profile: &Profile) -> Option<String> {
        let suffix = format!("_{:08x}", self.hash);
        let room = profile.max_length().saturating_sub(suffix.len());
        let mut prefix: Vec<char> = self.alias_head.chars().map(|c| if profile.allows(c) { c } else { '_' }).collect();
        if prefix.first().is_some_and(|&c| !profile.allows_first(c)) {
            prefix.insert(0, '_');
        }
        let mut out: String = prefix.into_iter().take(room).collect();
        out.push_str(&suffix);
        profile.accepts(&out).then_some(out)
    }

    /// How the config keys of the name are formed when no registry entry
    /// has it; `None` for a name with a lone surrogate, which has none.
    pub(crate) fn key_form(&self) -> Option<KeyForm> {
        if self.lone().is_some() {
            return None;
        }
        Some(match (self.slash, self.reverse()) {
            (Some(at), _) => KeyForm::Slashed(at),
            (None, ReverseForm::Split(at)) => KeyForm::Split(at),
            _ => KeyForm::Alone,
        })
    }

    /// The heuristic reverse of [`try_reverse_to_canonical`].
    pub(crate) fn reverse(&self) -> ReverseForm {
        if self.slash.is_some() {
            return ReverseForm::Unchanged;
        }
        match self.separator {
            None => ReverseForm::Unchanged,
            Some(at) if at > 0 && at + SEPARATOR.len() < self.units => ReverseForm::Split(at),
            Some(_) => ReverseForm::Impossible,
        }
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
    fn plain_alias_compared_without_building_it() {
        for (canonical, alias, plain) in [
            ("a/b", "a__b", true),
            ("a/b/c", "a__b__c", true),
            ("ab", "ab", true),
            ("", "", true),
            ("a/b", "a__b_", false),
            ("a/b", "a__", false),
            ("a/b", "a/b", false),
            ("é/ü", "é__ü", true),
            ("a/b", "a_b_1234abcd", false),
        ] {
            assert_eq!(is_plain_alias(canonical, alias), plain, "{canonical} {alias}");
            assert_eq!(plain_alias(canonical) == alias, plain, "the oracle agrees: {canonical} {alias}");
        }
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

    /// The rules as they were before names could come in pieces: over the
    /// whole name at once, by several passes (the oracle of
    /// `names_in_pieces_are_the_whole_names`).
    mod whole_name {
        use super::super::*;

        fn error(reason: ToolNameReason, name: &str, profile: &Profile) -> ToolNameError {
            ToolNameError::rendered(reason, SafeText::render(name), profile.name())
        }

        pub(super) fn alias(units: &[u16], profile: &Profile, overflow: Overflow) -> Result<String, ToolNameError> {
            let Ok(canonical) = String::from_utf16(units) else {
                let position = char::decode_utf16(units.iter().copied())
                    .take_while(Result::is_ok)
                    .map(|c| c.map_or(1, char::len_utf16))
                    .sum();
                return Err(ToolNameError::lone_surrogate(units, position, profile.name()));
            };
            if canonical.is_empty() {
                return Err(error(ToolNameReason::Empty, &canonical, profile));
            }
            if canonical.split('/').any(str::is_empty) {
                return Err(error(ToolNameReason::EmptySegment, &canonical, profile));
            }
            match check(&canonical, profile) {
                Ok(()) => Ok(plain_alias(&canonical)),
                Err(e) if overflow == Overflow::Hash => hashed(&canonical, &plain_alias(&canonical), profile).ok_or(e),
                Err(e) => Err(e),
            }
        }

        fn check(canonical: &str, profile: &Profile) -> Result<(), ToolNameError> {
            let mut position = 0;
            let mut length = 0;
            for c in canonical.chars() {
                if c == '/' && SEPARATOR.chars().all(|s| profile.allows(s)) {
                    length += SEPARATOR.len();
                } else if c != '/' && profile.allows(c) {
                    length += 1;
                } else {
                    let mut e = error(ToolNameReason::InvalidCharacter, canonical, profile);
                    e.position = Some(position);
                    return Err(e);
                }
                position += c.len_utf16();
            }
            if canonical.chars().next().is_some_and(|c| !profile.allows_first(c)) {
                return Err(error(ToolNameReason::BadFirstCharacter, canonical, profile));
            }
            if length > profile.max_length() {
                let mut e = error(ToolNameReason::TooLong, canonical, profile);
                e.length = Some(length);
                e.limit = Some(profile.max_length());
                return Err(e);
            }
            Ok(())
        }

        pub(super) fn check_as_is(units: &[u16], profile: &Profile) -> Result<(), ToolNameError> {
            let Ok(name) = String::from_utf16(units) else {
                return alias(units, profile, Overflow::Error).map(|_| ());
            };
            if name.is_empty() {
                return Err(error(ToolNameReason::Empty, &name, profile));
            }
            if let Some(at) = name.find('/') {
                let mut e = error(ToolNameReason::InvalidCharacter, &name, profile);
                e.position = Some(name[..at].encode_utf16().count());
                return Err(e);
            }
            check(&name, profile)
        }

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

        /// The reverse as edits in UTF-16 units of the lossy name (`None`: impossible).
        pub(super) fn reverse(units: &[u16]) -> Option<Vec<u16>> {
            let name = String::from_utf16_lossy(units);
            if name.contains('/') {
                return Some(units.to_vec());
            }
            match name.as_bytes().windows(2).position(|w| w == SEPARATOR.as_bytes()) {
                None => Some(units.to_vec()),
                Some(at) if at > 0 && at + SEPARATOR.len() < name.len() => {
                    let unit = name[..at].encode_utf16().count();
                    Some([&units[..unit], &[u16::from(b'/')], &units[unit + 2..]].concat())
                }
                Some(_) => None,
            }
        }
    }

    #[test]
    fn names_in_pieces_are_the_whole_names() {
        let parts: [&[u16]; 13] = [
            &[0x61],
            &[0x41, 0x7a, 0x39],
            &[0x2f],
            &[0x5f],
            &[0x2e],
            &[0x3a],
            &[0x2d],
            &[0x31],
            &[0xe9],
            &[0xd83d, 0xde00],
            &[0xd800],
            &[0xdc00],
            &[0x20],
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            usize::try_from(seed % n as u64).unwrap_or(0)
        };
        let mut profiles: Vec<Profile> = BuiltinProfile::ALL.iter().map(|&b| p(b)).collect();
        profiles.push(Profile::custom(12, "[a-z/\u{e9}\u{1f600}\u{fffd}_]", Some("[\u{e9}a-z]")).unwrap());
        profiles.push(Profile::custom(9, "[a-z]", None).unwrap());
        let render = |r: Result<String, ToolNameError>| {
            r.map_err(|e| (e.reason(), e.name().as_str().to_owned(), e.position(), e.length(), e.limit()))
        };
        for i in 0..4000 {
            let mut units = Vec::new();
            for _ in 0..next(7) {
                let part = parts[next(parts.len())];
                for _ in 0..[1, 1, 1, 2, 40, 150][next(6)] {
                    units.extend_from_slice(part);
                }
            }
            let profile = &profiles[i % profiles.len()];
            let in_pieces = |overflow: Overflow, next: &mut dyn FnMut(usize) -> usize| {
                let mut scan = NameScan::new(overflow);
                let mut at = 0;
                while at < units.len() {
                    let end = (at + 1 + next(30)).min(units.len());
                    scan.feed(&units[at..end], profile);
                    at = end;
                }
                scan
            };
            for overflow in Overflow::ALL {
                let scan = in_pieces(overflow, &mut next);
                let got = scan.alias_form(profile, overflow).map(|form| match form {
                    AliasForm::Plain => String::from_utf16(&units).map(|c| plain_alias(&c)).unwrap_or_default(),
                    AliasForm::Hashed(alias) => alias,
                });
                assert_eq!(
                    render(got),
                    render(whole_name::alias(&units, profile, overflow)),
                    "{units:x?} {overflow:?}"
                );
            }
            let scan = in_pieces(Overflow::Error, &mut next);
            let as_is = |r: Result<(), ToolNameError>| render(r.map(|()| String::new()));
            assert_eq!(as_is(scan.check_as_is(profile)), as_is(whole_name::check_as_is(&units, profile)), "{units:x?}");
            let reversed = match scan.reverse() {
                ReverseForm::Unchanged => Some(units.clone()),
                ReverseForm::Split(at) => Some([&units[..at], &[u16::from(b'/')], &units[at + 2..]].concat()),
                ReverseForm::Impossible => None,
            };
            assert_eq!(reversed, whole_name::reverse(&units), "{units:x?}");
            if let Ok(name) = String::from_utf16(&units) {
                let native = try_reverse_to_canonical(&name).map(|c| c.encode_utf16().collect::<Vec<u16>>());
                assert_eq!(native, whole_name::reverse(&units), "{name:?}");
            }
        }
    }
}
