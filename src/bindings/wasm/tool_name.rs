//! Tool-name exports for `js/api/`.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::{
    get, js_error, options_object, read, scratch_exports, string_array, string_option, to_js, whole_option, FedQuery,
    Give, Limit, Reply, Scratch,
};
use crate::error::{OptionPath, OptionsError};
use crate::tool_name::mapping::{plain_edits, split_edit, AliasForm, KeyForm, NameScan, Piece, ReverseForm};
use crate::tool_name::{BuiltinProfile, Overflow, Profile, ToolNameError, ToolRegistry, MAX_CUSTOM_LENGTH};

/// What [`Registry::lookup`] answers.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// Either form in, the canonical name out.
    ToCanonical = 0,
    /// Either form in, the alias out.
    ToLlmFacing = 1,
    /// The alias of a registered canonical name (outbound payloads).
    AliasOf = 2,
    /// The canonical name of a registered alias (inbound payloads).
    CanonicalOf = 3,
}

/// How [`Registry::override_keys`] answers: the wrapper builds an unknown
/// name's keys from its own string, as the form says (`KeyForm`).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OverrideForm {
    /// A name with a lone surrogate: no keys.
    None = 0,
    /// A registered name: its keys are the list in `out[0]`.
    Keys = 1,
    /// The name alone.
    Alone = 2,
    /// The name, its plain alias (asked a piece at a time:
    /// [`Registry::plain_edits`]), its units before `out[0]`.
    Slashed = 3,
    /// The name with the edit in the words ([`EditWord`]) applied, the
    /// name, its units before `out[0]`.
    Split = 4,
}

/// Every piece, in the order of their numbers (an edit's piece is sent as
/// its number: checked below).
const PIECES: [Piece; 2] = [Piece::Separator, Piece::Slash];

const _: () = assert!(PIECES[0] as usize == 0 && PIECES[1] as usize == 1);

/// Sets `out[0]` to the texts that edits put into names, by number
/// ([`Reply::Edits`](super::Reply::Edits)).
#[wasm_bindgen(js_name = "__pieces")]
pub fn pieces(out: &Array) {
    out.give(string_array(&PIECES.map(Piece::as_str)));
}

/// The tool layouts, in the build with the build-tables feature only (the
/// package build writes them into js/generated/tables.js).
#[cfg(feature = "build-tables")]
mod layouts {
    use js_sys::Array;
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    use super::super::{to_js, Give};
    use crate::tool_name::definitions::Slot;
    use crate::tool_name::providers::tool_layout;
    use crate::tool_name::{Format, DEFAULT_INPUT_SCHEMA, OMITTED_DESCRIPTIONS};

    /// Sets `out[0]` to `[[format name, layout, profile name], …]`: where
    /// each part of a tool goes in that format's tool definition (`[path, {
    /// slot, value? }]`), and the profile its names must fit.
    #[wasm_bindgen(js_name = "__tool_layouts")]
    pub fn tool_layouts(out: &Array) {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Layouts {
            /// Per format: its name, layout and name profile.
            formats: Vec<(&'static str, JsLayout, &'static str)>,
            /// The input schema of a tool that declares none (JSON text).
            default_input_schema: &'static str,
            /// The descriptions left out as if there were none.
            omitted_descriptions: &'static [&'static str],
        }
        let layout = |f: Format| tool_layout(f).iter().map(|&(path, slot)| (path, JsSlot(slot))).collect();
        let formats = Format::ALL.iter().map(|&f| (f.name(), layout(f), f.name_profile().name())).collect();
        out.give(to_js(&Layouts {
            formats,
            default_input_schema: DEFAULT_INPUT_SCHEMA,
            omitted_descriptions: OMITTED_DESCRIPTIONS,
        }));
    }

    /// What goes into one place of a tool definition, as JS's builder reads
    /// it: `{ slot: "name" | "description" | "inputSchema" }`, or `{ slot:
    /// "literal" | "flag", value }`.
    struct JsSlot(Slot);

    /// A format's layout as JS reads it: `[path, slot]` pairs.
    type JsLayout = Vec<(&'static [&'static str], JsSlot)>;

    impl Serialize for JsSlot {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeMap;
            let (slot, value) = match self.0 {
                Slot::Name => ("name", None),
                Slot::Description => ("description", None),
                Slot::InputSchema => ("inputSchema", None),
                Slot::Literal(text) => ("literal", Some(serde_json::Value::from(text))),
                Slot::Flag(flag) => ("flag", Some(serde_json::Value::Bool(flag))),
            };
            let mut map = serializer.serialize_map(None)?;
            map.serialize_entry("slot", slot)?;
            if let Some(value) = value {
                map.serialize_entry("value", &value)?;
            }
            map.end()
        }
    }
}

#[cfg(feature = "build-tables")]
pub use layouts::tool_layouts;

/// One profile and overflow mode, for `toLlmFacingName` and
/// `tryReverseToCanonical`.
#[wasm_bindgen]
pub struct Mapper {
    profile: Profile,
    overflow: Overflow,
    scratch: Scratch,
    error: Option<ToolNameError>,
    /// A name longer than [`Limit::Piece`] units, from its pieces
    /// ([`feed`](Mapper::feed)).
    fed: NameScan,
}

// A name with a plain alias crosses whole: its alias has at most
// MAX_CUSTOM_LENGTH characters, each of one or two units. So a name fed in
// pieces is never answered with edits, which need its units.
const _: () = assert!(Limit::Piece as usize >= 2 * MAX_CUSTOM_LENGTH);

scratch_exports!(Mapper);

#[wasm_bindgen]
impl Mapper {
    /// Parses `{ profile, overflow }`; for options that cannot work, sets
    /// `out[0]` to the `TypeError` to throw.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(options: &JsValue, out: &Array) -> Mapper {
        let (profile, overflow) = options_or_report(options, out);
        Mapper { profile, overflow, scratch: Scratch::default(), error: None, fed: NameScan::new(overflow) }
    }

    /// Takes the next piece (units `..len`; `first`: the name's first) of a
    /// name longer than [`Limit::Piece`] units, which then crosses as its
    /// length alone: every answer of this object is found from its pieces.
    pub fn feed(&mut self, len: usize, first: bool) {
        if first {
            self.fed = NameScan::new(self.overflow);
        }
        self.fed.feed(self.scratch.units(0, len), &self.profile);
    }

    /// Makes [`fed`](Self::fed) what is known of the name of `len` units:
    /// from its units, fed now, or from its pieces (fed already) when it is
    /// longer than [`Limit::Piece`].
    fn scan(&mut self, len: usize) {
        if let Some(units) = self.scratch.within(len, Limit::Piece as usize) {
            self.fed = NameScan::new(self.overflow);
            self.fed.feed(units, &self.profile);
        }
    }

    /// Answers the alias of the canonical name in units `..len` (fed in
    /// pieces when longer than [`Limit::Piece`]): as edits of it
    /// ([`Reply::Edits`]), or written back (its length, for a hashed
    /// alias); [`Reply::Failed`] (see [`error`](Self::error)) or
    /// [`Reply::NoRoom`].
    pub fn forward(&mut self, len: usize) -> i32 {
        self.scan(len);
        let form = self.fed.alias_form(&self.profile, self.overflow);
        match form {
            // A name fed in pieces is never plain (see `Limit::Piece` above).
            Ok(AliasForm::Plain) => self.scratch.answer_edits_of(len.min(Limit::Piece as usize), plain_edits),
            Ok(AliasForm::Hashed(alias)) => self.scratch.answer(&alias),
            Err(e) => {
                self.error = Some(e);
                Reply::Failed as i32
            }
        }
    }

    /// Whether the name in units `..len` (fed as for
    /// [`forward`](Self::forward)), as it is, fits the profile:
    /// [`Reply::Null`] when it does, [`Reply::Failed`] (see
    /// [`error`](Self::error)) when not.
    pub fn check(&mut self, len: usize) -> i32 {
        self.scan(len);
        let checked = self.fed.check_as_is(&self.profile);
        match checked {
            Ok(()) => Reply::Null as i32,
            Err(e) => {
                self.error = Some(e);
                Reply::Failed as i32
            }
        }
    }

    /// Answers the heuristic canonical form of the name in units `..len`
    /// (fed as for [`forward`](Self::forward)) as edits of it
    /// ([`Reply::Edits`]), [`Reply::Null`] or [`Reply::NoRoom`].
    pub fn reverse(&mut self, len: usize) -> i32 {
        self.scan(len);
        let form = self.fed.reverse();
        match form {
            ReverseForm::Unchanged => self.scratch.answer_edits(std::iter::empty()),
            ReverseForm::Split(at) => self.scratch.answer_edits(std::iter::once(split_edit(at))),
            ReverseForm::Impossible => Reply::Null as i32,
        }
    }

    /// Sets `out[0]` to the `ToolNameError` of the last failed call.
    pub fn error(&mut self, out: &Array) {
        put_error(self.error.take(), out);
    }
}

fn put_error(error: Option<ToolNameError>, out: &Array) {
    if let Some(e) = error {
        out.give(js_error(&e));
    }
}

/// The authoritative registry behind the wrapper's `ToolRegistry`, whose
/// caches hold only this registry's answers.
#[wasm_bindgen]
pub struct Registry {
    pub(super) inner: ToolRegistry,
    pub(super) scratch: Scratch,
    error: Option<ToolNameError>,
    skip_collisions: bool,
    /// A name to register longer than [`whole`](Registry::whole), from its
    /// pieces ([`feed`](Registry::feed)); boxed, made on the first.
    fed: Option<Box<NameScan>>,
    /// With `overflow: "hash"` (any name maps then, so any may be
    /// registered), the text of a long name fed to register or to look up.
    fed_text: FedText,
    /// An unknown tool's long name, as suggestions rank it (`router.rs`).
    pub(super) fed_query: FedQuery,
}

/// The most code units of a name that cross whole: a longer one crosses
/// in pieces ([`Registry::feed`]). Without `overflow: "hash"` it has no
/// alias, and its error is found from the pieces; with it, any name maps
/// and is kept, and its text is built from them: a piece at a time, the
/// module never holds the name's units and its text at once (SPEC §5:
/// twice its size at most). The wrapper reads it as `Limit.Piece`.
const WHOLE: usize = Limit::Piece as usize;

/// A name's text from its pieces, which may split a surrogate pair: a high
/// surrogate that ends a piece waits for the next. By default nothing is
/// held (a name whose text is not kept).
struct FedText {
    text: String,
    high: Option<u16>,
    /// A lone surrogate was seen, or the text could not be held.
    lost: bool,
}

impl Default for FedText {
    fn default() -> Self {
        Self { text: String::new(), high: None, lost: true }
    }
}

impl FedText {
    /// Room for the whole text at once, `bytes` of UTF-8 (the wrapper
    /// counts them): grown by doubling, the module would hold the old text
    /// and the new. A text over [`Limit::MaxUnits`] bytes, or that the
    /// memory cannot hold, is lost.
    fn with_room(bytes: usize) -> Self {
        let mut text = String::new();
        let lost = bytes > Limit::MaxUnits as usize || text.try_reserve_exact(bytes).is_err();
        Self { text, high: None, lost }
    }

    fn push(&mut self, units: &[u16]) {
        if self.lost {
            return;
        }
        let (body, high) = match units.split_last() {
            Some((&u, body)) if (0xD800..0xDC00).contains(&u) => (body, Some(u)),
            _ => (units, None),
        };
        // A pair split by the last piece: its low surrogate starts this one.
        let (pair, body) = match (self.high.take(), body.split_first()) {
            (Some(h), Some((&l, rest))) => (String::from_utf16(&[h, l]).ok(), rest),
            (Some(_), None) => (None, body),
            (None, _) => (Some(String::new()), body),
        };
        match (pair, String::from_utf16(body)) {
            (Some(pair), Ok(text)) if self.text.try_reserve(pair.len() + text.len()).is_ok() => {
                self.text.push_str(&pair);
                self.text.push_str(&text);
            }
            _ => self.lost = true,
        }
        self.high = high;
    }

    /// The text, when it decoded exactly and was held.
    fn take(&mut self) -> Option<String> {
        let whole = !self.lost && self.high.is_none();
        let text = std::mem::take(&mut self.text);
        *self = Self::default();
        whole.then_some(text)
    }
}

scratch_exports!(Registry);

#[wasm_bindgen]
impl Registry {
    /// Parses `{ profile, overflow }`; for options that cannot work, sets
    /// `out[0]` to the `TypeError` to throw.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(options: &JsValue, out: &Array) -> Registry {
        let parsed = parse_options(options, &["profile", "overflow", "onCollision"])
            .and_then(|(profile, overflow)| Ok((profile, overflow, skips_collisions(options)?)));
        let (profile, overflow, skip_collisions) = parsed.unwrap_or_else(|e| {
            out.give(js_error(&e));
            (Profile::default(), Overflow::Error, false)
        });
        Registry {
            inner: ToolRegistry::new(profile, overflow),
            scratch: Scratch::default(),
            error: None,
            skip_collisions,
            fed: None,
            fed_text: FedText::default(),
            fed_query: FedQuery::default(),
        }
    }

    /// Takes the next piece (units `..len`; `first`: the name's first) of a
    /// name longer than [`WHOLE`]: to register, or to look up
    /// when no longer than every registered one ([`longest`](Self::longest)),
    /// `keep` being its length in UTF-8 bytes; or of a name to look up keys
    /// for when longer ([`override_keys`](Self::override_keys)), `keep` 0:
    /// its text is never kept. Only with `overflow: "hash"` is a text kept
    /// (without it, no registered name is that long).
    pub fn feed(&mut self, len: usize, first: bool, keep: usize) {
        let overflow = self.inner.overflow();
        let keeps = overflow == Overflow::Hash && keep > 0;
        let fed = self.fed.get_or_insert_with(|| Box::new(NameScan::new(overflow)));
        if first {
            **fed = NameScan::new(overflow);
            self.fed_text = if keeps { FedText::with_room(keep) } else { FedText::default() };
        }
        let units = self.scratch.units(0, len);
        fed.feed(units, self.inner.profile());
        if keeps {
            self.fed_text.push(units);
        }
    }

    /// Registers the canonical name in units `..len` (fed in pieces when
    /// longer than [`WHOLE`]) and writes back its
    /// alias: its length, [`Reply::Failed`] (see [`error`](Self::error))
    /// or [`Reply::NoRoom`] (registering again is idempotent, so the
    /// wrapper may simply call again with more room; a name fed in pieces
    /// never needs it: its pieces leave the units at least a piece long,
    /// and no alias is that long).
    pub fn register(&mut self, len: usize) -> i32 {
        let profile = self.inner.profile();
        let canonical = if len > WHOLE {
            // Without hashing, a name this long has no alias: its error is
            // all there is. With it, its text, when it has an alias.
            let form = self.fed.take().map(|fed| fed.alias_form(profile, self.inner.overflow()));
            match (form, self.fed_text.take()) {
                (Some(Ok(_)), Some(text)) => Ok(text),
                (Some(Err(e)), _) => Err(e),
                // A name whose text could not be held: failed with no
                // error, which the wrapper throws as too large.
                _ => return Reply::Failed as i32,
            }
        } else {
            let units = self.scratch.units(0, len);
            self.scratch
                .exact(0, len)
                .map_err(|position| ToolNameError::lone_surrogate(units, position, profile.name()))
        };
        match canonical.and_then(|canonical| self.inner.register_owned(canonical).map(str::to_owned)) {
            Ok(alias) => self.scratch.answer(&alias),
            Err(e) => {
                self.error = Some(e);
                Reply::Failed as i32
            }
        }
    }

    /// Registers `server/tool` for every tool name, all or nothing: the
    /// server in units `..server_len`, then `count` tool names end to end,
    /// their lengths in the words. Sets `out[0]` to the list of aliases, or
    /// returns false (see [`error`](Self::error)).
    ///
    /// With `onCollision: "skip"`, `out[0]` is the report instead
    /// (`{ aliases, refused }`, see `ToolRegistry::register_server_skipping`).
    pub fn register_server(&mut self, server_len: usize, count: usize, out: &Array) -> bool {
        let result = self.read_server(server_len, count).and_then(|(server, tools)| {
            if self.skip_collisions {
                self.inner.register_server_skipping(&server, &tools).map(|report| to_js(&report))
            } else {
                self.inner.register_server(&server, &tools).map(|aliases| string_array(&aliases))
            }
        });
        match result {
            Ok(value) => {
                out.give(value);
                true
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    /// The server and tool names of [`register_server`](Self::register_server),
    /// each decoded exactly (a lone surrogate is refused for the canonical
    /// name it is part of).
    fn read_server(&self, server_len: usize, count: usize) -> Result<(String, Vec<String>), ToolNameError> {
        let profile = self.inner.profile().name();
        let mut tools = Vec::with_capacity(count.min(self.scratch.words.len()));
        let mut offset = server_len;
        let canonical_units = |tool_at: usize, tool_len: usize| -> Vec<u16> {
            let mut units = self.scratch.units(0, server_len).to_vec();
            units.push(u16::from(b'/'));
            units.extend_from_slice(self.scratch.units(tool_at, tool_len));
            units
        };
        for i in 0..count {
            let len = self.scratch.words.get(i).and_then(|w| usize::try_from(*w).ok()).unwrap_or(0);
            match self.scratch.exact(offset, len) {
                Ok(tool) => tools.push(tool),
                Err(position) => {
                    let units = canonical_units(offset, len);
                    return Err(ToolNameError::lone_surrogate(&units, server_len + 1 + position, profile));
                }
            }
            offset += len;
        }
        let server = self.scratch.exact(0, server_len).map_err(|position| {
            let first = self.scratch.words.first().and_then(|w| usize::try_from(*w).ok()).unwrap_or(0);
            ToolNameError::lone_surrogate(&canonical_units(server_len, first), position, profile)
        })?;
        Ok((server, tools))
    }

    /// Writes back the [`Lookup`] answer for the name in units `..len`:
    /// its length, [`Reply::Null`] for an unknown name, or
    /// [`Reply::NoRoom`].
    pub fn lookup(&mut self, kind: Lookup, len: usize) -> i32 {
        // A name longer than every registered one was not written
        // ([`longest`](Self::longest)); one with a lone surrogate is no
        // registered name.
        let Some(Ok(name)) = self.name(len) else {
            return Reply::Null as i32;
        };
        let answer = match kind {
            Lookup::ToCanonical => self.inner.to_canonical(&name),
            Lookup::ToLlmFacing => self.inner.to_llm_facing(&name),
            Lookup::AliasOf => self.inner.alias_of_canonical(&name),
            Lookup::CanonicalOf => self.inner.canonical_of_alias(&name),
        };
        let answer = answer.map(str::to_owned);
        self.scratch.answer_opt(answer.as_deref())
    }

    /// The config keys of the name in units `..len` (see
    /// `ToolRegistry::override_keys`), as [`OverrideForm`] says. A name
    /// longer than every registered one and than [`Limit::Piece`] is
    /// unknown, and comes in pieces ([`feed`](Self::feed), keeping no text).
    pub fn override_keys(&mut self, len: usize, out: &Array) -> OverrideForm {
        let form = if len > self.inner.longest().max(Limit::Piece as usize) {
            self.fed.take().and_then(|fed| fed.key_form())
        } else {
            // Past a piece, it came in pieces with its text kept.
            let name = if len > WHOLE { self.fed_text.take().ok_or(0) } else { self.scratch.exact(0, len) };
            match name.map(|name| self.inner.override_form(&name).into_owned()) {
                Ok(Ok(keys)) => {
                    out.give(string_array(&keys));
                    return OverrideForm::Keys;
                }
                Ok(Err(form)) => Some(form),
                Err(_) => None,
            }
        };
        match form {
            None => OverrideForm::None,
            Some(KeyForm::Alone) => OverrideForm::Alone,
            Some(KeyForm::Slashed(at)) => {
                out.give(JsValue::from(at));
                OverrideForm::Slashed
            }
            Some(KeyForm::Split(at)) => {
                self.scratch.answer_edits(std::iter::once(split_edit(at)));
                out.give(JsValue::from(at));
                OverrideForm::Split
            }
        }
    }

    /// Answers the plain alias of units `..len`, one piece of a name, as
    /// edits of it ([`Reply::Edits`] or [`Reply::NoRoom`]): the pieces'
    /// forms end to end are the name's, as a `/` is one unit.
    pub fn plain_edits(&mut self, len: usize) -> i32 {
        self.scratch.answer_edits_of(len, plain_edits)
    }

    /// Removes the name in units `..len` (either form; written only when
    /// [`longest`](Self::longest) allows): true when it was registered.
    pub fn unregister(&mut self, len: usize) -> bool {
        self.name(len).and_then(Result::ok).is_some_and(|name| self.inner.forget(&name))
    }

    /// Removes every name of the server in units `..len` (written as for
    /// [`unregister`](Self::unregister)); returns how many.
    pub fn unregister_server(&mut self, len: usize) -> usize {
        self.name(len).and_then(Result::ok).map_or(0, |server| self.inner.unregister_server(&server))
    }

    /// The most code units of a name that a lookup, `unregister` or
    /// `unregister_server` reads: a longer name (or server, which is part
    /// of a longer name) is none of the registered ones, and the wrapper
    /// writes none of it (asked anew after every change).
    #[must_use]
    pub fn longest(&self) -> usize {
        self.inner.longest()
    }

    /// The name in units `..len`, decoded exactly (`Err`: it holds a lone
    /// surrogate); `None` when it is longer than every registered name
    /// and so was not written. One longer than [`WHOLE`] came
    /// in pieces, its text kept ([`feed`](Self::feed)): no copy of its
    /// units and its text at once.
    fn name(&mut self, len: usize) -> Option<Result<String, usize>> {
        if len > self.inner.longest() {
            return None;
        }
        if len > WHOLE {
            // Fed in pieces, its text kept (`Err`: not valid UTF-16).
            return Some(self.fed_text.take().ok_or(0));
        }
        Some(self.scratch.exact(0, len))
    }

    /// Sets `out[0]` to the list of `{ canonical, alias, hashed }`, in
    /// registration order.
    pub fn entries(&self, out: &Array) {
        out.give(to_js(&self.inner.entries().collect::<Vec<_>>()));
    }

    /// Sets `out[0]` to the `ToolNameError` of the last failed call.
    pub fn error(&mut self, out: &Array) {
        put_error(self.error.take(), out);
    }
}

/// The options, or the defaults with the `TypeError` to throw in `out[0]`.
fn options_or_report(options: &JsValue, out: &Array) -> (Profile, Overflow) {
    parse_options(options, &["profile", "overflow"]).unwrap_or_else(|e| {
        out.give(js_error(&e));
        (Profile::default(), Overflow::Error)
    })
}

/// A registry's `onCollision`: whether `registerServer` skips colliding
/// tools (`"skip"`) rather than refusing the call (`"throw"`, the default).
fn skips_collisions(value: &JsValue) -> Result<bool, OptionsError> {
    let Some(value) = options_object(value, &["profile", "overflow", "onCollision"])? else {
        return Ok(false);
    };
    match string_option(value, "onCollision", "onCollision")?.as_deref() {
        None | Some("throw") => Ok(false),
        Some("skip") => Ok(true),
        Some(_) => Err(OptionsError::invalid(OptionPath::new("onCollision"), "expected \"throw\" or \"skip\"")),
    }
}

pub(super) fn parse_options(value: &JsValue, known: &[&str]) -> Result<(Profile, Overflow), OptionsError> {
    let Some(value) = options_object(value, known)? else {
        return Ok((Profile::default(), Overflow::Error));
    };
    let overflow = match string_option(value, "overflow", "overflow")?.as_deref() {
        None | Some("error") => Overflow::Error,
        Some("hash") => Overflow::Hash,
        Some(_) => return Err(OptionsError::invalid(OptionPath::new("overflow"), "expected \"error\" or \"hash\"")),
    };
    let profile = get(value, "profile", "profile")?;
    let profile = if profile.is_undefined() {
        Profile::default()
    } else if let Some(name) = profile.as_string() {
        BuiltinProfile::from_name(&name).map(Profile::from).ok_or_else(|| {
            OptionsError::invalid(
                OptionPath::new("profile"),
                "unknown profile; expected anthropic, openai, gemini, bedrock, mcp, portable or a custom { maxLength, allowed, firstChar }",
            )
        })?
    } else if !profile.is_object() || read::is_array(&profile).unwrap_or(true) {
        return Err(OptionsError::wrong_type(OptionPath::new("profile"), "a profile name or an object"));
    } else {
        let custom = options_object(&profile, &["maxLength", "allowed", "firstChar"])?
            .ok_or_else(|| OptionsError::wrong_type(OptionPath::new("profile"), "a profile name or an object"))?;
        let max = whole_option(custom, "maxLength", "profile.maxLength", MAX_CUSTOM_LENGTH)?
            .ok_or_else(|| OptionsError::wrong_type(OptionPath::new("profile.maxLength"), "a whole number"))?;
        let allowed = string_option(custom, "allowed", "profile.allowed")?
            .ok_or_else(|| OptionsError::wrong_type(OptionPath::new("profile.allowed"), "a character class string"))?;
        let first = string_option(custom, "firstChar", "profile.firstChar")?;
        Profile::custom(max, &allowed, first.as_deref())?
    };
    Ok((profile, overflow))
}
