//! Error-data exports for `js/api/`.

use js_sys::Array;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::{
    envelope_id, get, js_error, options_object, read, scratch_exports, string_array, string_list, to_js, unreadable,
    word, FedQuery, Give, Limit, Scratch, Utf16Check,
};
use crate::error::{OptionPath, OptionsError};
use crate::error_data::issue::IssuePhrase;
use crate::error_data::reader::{cut_issue_text, Place};
use crate::error_data::{
    Catalog, ErrorClassifier, FieldHint, FieldPhrases, Issue, IssueFields, ToolFields, MAX_CATALOG_ENTRIES,
};

/// The length word of an issue string the wrapper cut: its first
/// `issue_units` units were written, and this says what the rest held
/// (`cut_issue_text`). The wrapper copies it from `feed_issue_text`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CutWord {
    /// The string is not valid UTF-16: it reads as no string.
    Invalid = -1,
    /// No `/` after its first units.
    Plain = -2,
    /// A `/` after its first units.
    Slash = -3,
}

/// An issue string longer than the wrapper writes whole, scanned from its
/// pieces for what of it past its first `cap` units can matter.
#[derive(Debug, Default)]
pub(super) struct IssueTextScan {
    at: usize,
    utf16: Utf16Check,
    slash_after: bool,
}

impl IssueTextScan {
    pub(super) fn feed(&mut self, units: &[u16], first: bool, cap: usize) {
        if first {
            *self = Self::default();
        }
        let skip = cap.saturating_sub(self.at);
        self.slash_after |= units.iter().skip(skip).any(|&u| u == u16::from(b'/'));
        self.utf16.feed(units);
        self.at += units.len();
    }

    pub(super) fn word(&self) -> i32 {
        let word = match (self.utf16.valid(), self.slash_after) {
            (false, _) => CutWord::Invalid,
            (true, false) => CutWord::Plain,
            (true, true) => CutWord::Slash,
        };
        word as i32
    }
}

/// The exports through which the wrapper streams a long issue string of a
/// class that reads issue streams (`$cap`: its `issue_units`).
macro_rules! issue_text_exports {
    ($t:ident, $this:ident => $cap:expr) => {
        #[wasm_bindgen]
        impl $t {
            /// How many code units of an issue string the wrapper writes
            /// in a stream: a longer one is scanned first, in pieces
            /// ([`feed_issue_text`](Self::feed_issue_text)), and written cut.
            #[must_use]
            pub fn issue_units(&self) -> usize {
                let $this = self;
                $cap
            }

            /// Takes the next piece (units `..len`; `first`: its first) of
            /// an issue string longer than [`issue_units`](Self::issue_units);
            /// returns the length word the stream gives it, cut, when this
            /// piece is its last.
            pub fn feed_issue_text(&mut self, len: usize, first: bool) -> i32 {
                let cap = self.issue_units();
                self.cut.feed(self.scratch.units(0, len), first, cap);
                self.cut.word()
            }
        }
    };
}
#[cfg(feature = "wasm-server")] // protectServer's Protector reads issue streams too
pub(super) use issue_text_exports;

/// Every place read of an issue, in the order JS streams them: a place's
/// number is its index here (checked below).
const PLACES: [Place; 12] = [
    Place::Code,
    Place::FirstSegment,
    Place::Received,
    Place::Keyword,
    Place::InstancePath,
    Place::MissingProperty,
    Place::Kind,
    Place::Type,
    Place::Expected,
    Place::ArkKind,
    Place::FirstKey,
    Place::FirstLoc,
];

const _: () = {
    let mut i = 0;
    while i < PLACES.len() {
        assert!(PLACES[i] as usize == i, "PLACES is in the order of the places' numbers");
        i += 1;
    }
};

/// The fixed strings the wrapper materializes classified data with, and
/// what it reads of each schema issue for [`Classifier::classify_issue_stream`].
#[cfg(feature = "build-tables")]
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[allow(clippy::struct_field_names, reason = "the names the wrapper reads")]
struct Tables {
    /// The fixed issue phrases, by index.
    issue_messages: [&'static str; crate::error_data::ISSUE_MESSAGES.len()],
    /// The places read from each issue, in [`PLACES`] order: a key,
    /// then (for a nested place) a key or an index into what it holds.
    issue_fields: [&'static [crate::error_data::reader::Step]; PLACES.len()],
    /// Where an issue keeps its path (a list of keys and indexes), which
    /// the wrapper measures and follows into the input: two more words per
    /// issue after the fields, [`PathFact`] order.
    issue_path: &'static [crate::error_data::reader::Step],
    /// Where a pydantic error keeps its location, which the wrapper
    /// measures only: the third word after the fields.
    issue_loc: &'static [crate::error_data::reader::Step],
}

/// The words per issue after its places: facts about its path that the
/// wrapper reads, for the core to decide with.
#[derive(Clone, Copy)]
enum PathFact {
    /// How many segments the path has ([`Word::Missing`](super::Word::Missing) when it is no list).
    Length,
    /// 1 when the input the wrapper was given has no value at the path, 0
    /// when it has one or cannot be followed there; `Missing` without an input.
    Absent,
    /// How many items `loc` has (a pydantic error's location; `Missing`
    /// when it is no list).
    LocLength,
}

impl PathFact {
    const COUNT: usize = 3;
}

/// Words per issue in the stream.
const ISSUE_STRIDE: usize = PLACES.len() + PathFact::COUNT;

/// Words per classified issue that [`Classifier::classify_issue_stream`]
/// writes back: tool id, field id, fixed phrase index, hint id
/// ([`Word::Missing`](super::Word::Missing) for none).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssueWord {
    /// The catalog tool.
    Tool = 0,
    /// The catalog field.
    Field = 1,
    /// An index into the fixed issue phrases.
    Fixed = 2,
    /// A catalog string: the schema hint.
    Hint = 3,
    /// Words per issue.
    Size = 4,
}

/// Sets `out[0]` to the error-data tables (read once by the wrapper).
#[cfg(feature = "build-tables")]
#[wasm_bindgen(js_name = "__error_tables")]
pub fn error_tables(out: &Array) {
    use crate::error_data::reader::{LOC as ISSUE_LOC, PATH as ISSUE_PATH};
    out.give(to_js(&Tables {
        issue_messages: crate::error_data::ISSUE_MESSAGES,
        issue_fields: PLACES.map(Place::steps),
        issue_path: ISSUE_PATH,
        issue_loc: ISSUE_LOC,
    }));
}

/// The classifier behind the wrapper's `ErrorClassifier`. Hot results
/// (`classify`) cross as indexes into its catalog strings, so every string
/// the wrapper returns is one of the catalog's; envelopes and issue lists
/// are built here and cross whole.
#[wasm_bindgen]
pub struct Classifier {
    inner: ErrorClassifier,
    scratch: Scratch,
    /// An unknown tool's name too long to cross whole, as suggestions
    /// rank it, from its pieces ([`feed_name`](Classifier::feed_name)).
    fed: FedQuery,
    /// A long issue string, from its pieces.
    cut: IssueTextScan,
}

scratch_exports!(Classifier);
issue_text_exports!(Classifier, this => this.inner.issue_units());

#[wasm_bindgen]
impl Classifier {
    /// Checks the catalog; on success `out[0]` is the list of catalog
    /// strings (indexed by every result), on failure the `TypeError` to
    /// throw.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(catalog: &JsValue, out: &Array) -> Classifier {
        let built = parse_catalog(catalog).and_then(|parsed| {
            let Parsed { catalog, hints, lenient, output_schema_tools } = parsed;
            let classifier = if lenient { ErrorClassifier::lenient(catalog) } else { ErrorClassifier::new(catalog) }?;
            Ok(classifier
                .with_hints(hints.iter().map(|(t, f, h)| (t.as_str(), f.as_str(), h)))
                .with_output_schema_tools(output_schema_tools.iter().map(String::as_str)))
        });
        let inner = match built {
            Ok(inner) => {
                out.give(string_array(inner.strings()));
                inner
            }
            Err(e) => {
                out.give(js_error(&e));
                ErrorClassifier::empty()
            }
        };
        Classifier { inner, scratch: Scratch::default(), fed: FedQuery::default(), cut: IssueTextScan::default() }
    }

    /// How many code units of a tool name the wrapper writes: a longer
    /// name's first this many give the same answers.
    #[must_use]
    pub fn tool_units(&self) -> usize {
        self.inner.tool_units()
    }

    /// How many code units of a message the wrapper writes (as
    /// [`tool_units`](Self::tool_units)).
    #[must_use]
    pub fn message_units(&self) -> usize {
        self.inner.message_units()
    }

    /// Takes the next piece (units `..len`; `first`: the name's first) of
    /// an unknown tool's name longer than [`Limit::Piece`].
    pub fn feed_name(&mut self, len: usize, first: bool) {
        self.fed.feed(self.scratch.units(0, len), first);
    }

    /// The id of the catalog tool in `units[..len]` (the first
    /// [`tool_units`](Self::tool_units) of a longer one), or
    /// [`Word::Missing`](super::Word::Missing) (the wrapper keeps it per
    /// tool string, so a message is classified without the tool crossing
    /// again).
    #[must_use]
    pub fn tool_id(&self, len: usize) -> i32 {
        word(self.inner.tool_id(self.scratch.units(0, len.min(self.inner.tool_units()))))
    }

    /// Classifies message `units[..len]` (the first
    /// [`message_units`](Self::message_units) of a longer one) for the tool
    /// with id `tool` (from [`tool_id`](Self::tool_id);
    /// [`Word::Missing`](super::Word::Missing) for none): true with
    /// `[field, message]` ids in the first two words (an absent field is
    /// [`Word::Missing`](super::Word::Missing)), or false. The units are looked up as they are,
    /// never decoded: one with a lone surrogate is none of the catalog's
    /// strings.
    pub fn classify(&mut self, tool: i32, len: usize) -> bool {
        let tool = u32::try_from(tool).ok().filter(|&t| self.inner.is_tool(t));
        let message = self.scratch.units(0, len.min(self.inner.message_units()));
        let Some((_, field, message)) = self.inner.classify_for(tool, message) else {
            return false;
        };
        self.scratch.words_at(2);
        self.scratch.words[..2].copy_from_slice(&[word(field), word(Some(message))]);
        true
    }

    /// Sets `out[0]` to the JSON-RPC response for invalid arguments to tool
    /// `units[..tool_len]`, the error message following it (`None` when the
    /// error had no message: the legacy envelope), each written as for
    /// [`tool_id`](Self::tool_id) and [`classify`](Self::classify). A string
    /// id is the wrapper's to put in.
    pub fn invalid_arguments_response(&self, id: &JsValue, tool_len: usize, message_len: Option<u32>, out: &Array) {
        let (tool, message) = self.tool_and_message(tool_len, message_len);
        out.give(to_js(&self.inner.invalid_arguments_response(&envelope_id(id), &tool, &message)));
    }

    /// Sets `out[0]` to the MCP `CallToolResult` (`isError: true`) for the
    /// same arguments as
    /// [`invalid_arguments_response`](Self::invalid_arguments_response).
    pub fn tool_error_result(&self, tool_len: usize, message_len: Option<u32>, out: &Array) {
        let (tool, message) = self.tool_and_message(tool_len, message_len);
        out.give(to_js(&self.inner.tool_error_result(&tool, &message)));
    }

    /// Sets `out[0]` to the unknown-tool response for the name in
    /// `units[..len]`, or fed in pieces when longer than [`Limit::Piece`]
    /// (`None` for a name that is not a string). A string id is the
    /// wrapper's to put in.
    pub fn unknown_tool_response(&self, id: &JsValue, len: Option<u32>, out: &Array) {
        let query = self.fed.query(&self.scratch, len);
        out.give(to_js(&self.inner.unknown_tool_response_to(&envelope_id(id), &query)));
    }

    /// Sets `out[0]` to the `isError` result for an error thrown by the
    /// handler of tool `units[..tool_len]`, its message following it
    /// (`None` when the error had no message).
    pub fn handler_error_result(&self, tool_len: usize, message_len: Option<u32>, out: &Array) {
        let (tool, message) = self.tool_and_message(tool_len, message_len);
        out.give(to_js(&self.inner.handler_error_result(&tool, &message)));
    }

    /// Whether the error results of tool `units[..tool_len]` carry
    /// `structuredContent` (not for a tool with an output schema).
    #[must_use]
    pub fn structured_errors(&self, tool_len: usize) -> bool {
        self.inner.structured_errors(&self.tool(tool_len))
    }

    /// Classifies `count` issues streamed as the wrapper read them: the tool
    /// in units `..tool_len`, then `strings` strings end to end (their
    /// lengths in words `..strings`), then per issue the
    /// places ([`PLACES`]) as words (a string's index, or [`Word::Missing`](super::Word::Missing) /
    /// [`Word::Other`](super::Word::Other)) and the [`PathFact`]s. Writes [`IssueWord::Size`] words per issue at the
    /// start of the words.
    pub fn classify_issue_stream(&mut self, tool_len: usize, strings: usize, count: usize) {
        let ids = with_issue_stream(&self.scratch, self.inner.issue_units(), tool_len, strings, count, |tool, list| {
            self.inner.classify_issue_ids(tool, list)
        });
        let words = &mut self.scratch.words;
        let size = IssueWord::Size as usize;
        if words.len() < ids.len() * size {
            return; // the wrapper sized the words for the stream, which is longer
        }
        for (k, (tool, field, phrase)) in ids.into_iter().enumerate() {
            let (fixed, hint) = match phrase {
                IssuePhrase::Fixed(phrase) => (Some(phrase.index()), None),
                IssuePhrase::Hint(h) => (None, Some(h)),
            };
            words[k * size..(k + 1) * size].copy_from_slice(&[word(tool), word(field), word(fixed), word(hint)]);
        }
    }

    /// Sets `out[0]` to the `isError` result for issues streamed as for
    /// [`classify_issue_stream`](Self::classify_issue_stream).
    pub fn issues_result_stream(&self, tool_len: usize, strings: usize, count: usize, out: &Array) {
        let result =
            with_issue_stream(&self.scratch, self.inner.issue_units(), tool_len, strings, count, |tool, list| {
                to_js(&self.inner.issues_result(tool, list))
            });
        out.give(result);
    }

    /// The tool and message strings; a message that is absent or not valid
    /// UTF-16 classifies as nothing (the empty string is no catalog phrase).
    /// Each was written whole, or its first units when longer than what
    /// can matter ([`tool_units`](Self::tool_units),
    /// [`message_units`](Self::message_units)).
    fn tool_and_message(&self, tool_len: usize, message_len: Option<u32>) -> (String, String) {
        let tool = self.tool(tool_len);
        let at = tool_len.min(self.inner.tool_units());
        let message = message_len.map_or_else(String::new, |n| self.text(at, n as usize, self.inner.message_units()));
        (tool, message)
    }

    /// The tool name in units `..len`, as [`tool_and_message`](Self::tool_and_message) reads it.
    fn tool(&self, len: usize) -> String {
        self.text(0, len, self.inner.tool_units())
    }

    /// The text of `len` units at `offset`, of which the first `cap` were
    /// written: exactly (empty when not valid UTF-16), or when cut, its
    /// start as it is (longer than any catalog string, it is none of them
    /// however it decodes).
    fn text(&self, offset: usize, len: usize, cap: usize) -> String {
        if len > cap {
            self.scratch.lossy_at(offset, cap)
        } else {
            self.scratch.strict(offset, len).unwrap_or_default()
        }
    }
}

/// Decodes an issue stream written into `scratch` as for
/// [`Classifier::classify_issue_stream`] (the tool in units `..tool_len`,
/// then `strings` strings end to end, their lengths in words `..strings`,
/// then per issue the places and the [`PathFact`]s), then calls `f` with
/// the tool (empty when it is not valid UTF-16) and the issues. Every
/// export that takes issues reads them through here. A string longer than
/// [`Limit::Piece`] and `cap` units (the object's `issue_units`) has its
/// first `cap` written, and a [`CutWord`] for its length; a tool as long,
/// its first `cap`.
pub(super) fn with_issue_stream<R>(
    scratch: &Scratch,
    cap: usize,
    tool_len: usize,
    strings: usize,
    count: usize,
    f: impl FnOnce(&str, &[Issue<'_>]) -> R,
) -> R {
    let (tool, texts) = stream_texts(scratch, cap, tool_len, strings);
    f(&tool, &stream_issues(&scratch.words, &texts, strings, count))
}

/// The tool and the strings of an issue stream (not generic, and not
/// inlined: each export that reads issues would carry a copy).
#[inline(never)]
fn stream_texts(scratch: &Scratch, cap: usize, tool_len: usize, strings: usize) -> (String, Vec<Option<String>>) {
    let Scratch { units, words } = scratch;
    // A tool past a piece and `cap` was written cut, as the strings are:
    // its head is no catalog tool either (`issue_units` covers `tool_units`).
    let tool = if tool_len > Limit::Piece as usize && tool_len > cap {
        scratch.lossy_at(0, cap)
    } else {
        units.get(..tool_len).and_then(|u| String::from_utf16(u).ok()).unwrap_or_default()
    };
    let mut at = tool_len.min(if tool_len > Limit::Piece as usize { cap } else { tool_len });
    let mut texts: Vec<Option<String>> = Vec::with_capacity(strings);
    for &word in words.iter().take(strings) {
        let (len, text) = match usize::try_from(word) {
            Ok(len) => (len, units.get(at..at + len).and_then(|u| String::from_utf16(u).ok())),
            Err(_) if word == CutWord::Invalid as i32 => (cap, None),
            Err(_) => (cap, units.get(at..at + cap).map(|head| cut_issue_text(head, word == CutWord::Slash as i32))),
        };
        texts.push(text);
        at += len;
    }
    (tool, texts)
}

/// The issues of a stream whose strings are `texts` (see [`stream_texts`]).
#[inline(never)]
fn stream_issues<'t>(words: &[i32], texts: &'t [Option<String>], strings: usize, count: usize) -> Vec<Issue<'t>> {
    let text = |w: i32| usize::try_from(w).ok().and_then(|i| texts.get(i)).and_then(Option::as_deref);
    (0..count)
        .map(|k| {
            let record = strings + k * ISSUE_STRIDE;
            let fact = |f: PathFact| words.get(record + PLACES.len() + f as usize).copied();
            let fields = IssueFields::read(
                |place| words.get(record + place as usize).and_then(|w| text(*w)),
                fact(PathFact::Length).and_then(|n| usize::try_from(n).ok()).unwrap_or(0),
                fact(PathFact::Absent) == Some(1),
                fact(PathFact::LocLength).and_then(|n| usize::try_from(n).ok()),
            );
            Issue::from_fields(&fields)
        })
        .collect()
}

/// A list of strings, the option `place`.
fn strings(value: &JsValue, place: &'static str) -> Result<Vec<String>, OptionsError> {
    strings_at(value, &OptionPath::new(place))
}

/// A list of strings at `at`.
fn strings_at(value: &JsValue, at: &OptionPath) -> Result<Vec<String>, OptionsError> {
    string_list(value, MAX_CATALOG_ENTRIES, || at.clone(), |i| at.clone().entry(i))
}

/// `{ key: [strings] }` as pairs, the option `place` (keys rendered safely
/// in errors).
fn string_map(value: &JsValue, place: &'static str) -> Result<Vec<(String, Vec<String>)>, OptionsError> {
    let at = || OptionPath::new(place);
    let keys = read::keys(value).map_err(|_| unreadable(at()))?;
    if keys.len() > MAX_CATALOG_ENTRIES {
        return Err(OptionsError::invalid(at(), "has too many entries"));
    }
    keys.into_iter()
        .map(|key| {
            let entry = at().key(&key);
            let v = read::property(value, &key).map_err(|_| unreadable(entry.clone()))?;
            let list = strings_at(&v, &entry)?;
            Ok((key, list))
        })
        .collect()
}

/// Whether an option value is a list; one that cannot tell is unreadable.
fn is_list(value: &JsValue, path: &'static str) -> Result<bool, OptionsError> {
    read::is_array(value).map_err(|_| unreadable(OptionPath::new(path)))
}

/// Hints as `(tool, field, hint)`.
type Hints = Vec<(String, String, FieldHint)>;

/// `hints`: `{ tool: { field: { enum, const, minimum, maximum, minLength, maxLength, type } } }`
/// as a tool's JSON Schema declares them; entries of other shapes are
/// ignored (they only help a caller), and what cannot be read is an error,
/// or, `lenient`, that tool's or field's hints left out.
fn parse_hints(value: &JsValue, lenient: bool) -> Result<Hints, OptionsError> {
    let mut hints = Vec::new();
    if value.is_undefined() {
        return Ok(hints);
    }
    if !value.is_object() {
        return Err(OptionsError::wrong_type(OptionPath::new("hints"), "an object of tool → field → hint"));
    }
    let tools = read::keys(value).map_err(|_| unreadable(OptionPath::new("hints")))?;
    for tool in tools.into_iter().take(MAX_CATALOG_ENTRIES) {
        let at = OptionPath::new("hints").key(&tool);
        let read = tool_hints(value, &tool, &at, &mut |field, hint| hints.push((tool.clone(), field, hint)), lenient);
        if let Err(e) = read {
            if !lenient {
                return Err(e);
            }
        }
    }
    Ok(hints)
}

/// The hints of one tool (`hints[tool]`), each given to `found`.
fn tool_hints(
    value: &JsValue,
    tool: &str,
    at: &OptionPath,
    found: &mut dyn FnMut(String, FieldHint),
    lenient: bool,
) -> Result<(), OptionsError> {
    let fields_value = read::property(value, tool).map_err(|_| unreadable(at.clone()))?;
    if !fields_value.is_object() {
        return Ok(());
    }
    let fields = read::keys(&fields_value).map_err(|_| unreadable(at.clone()))?;
    for field in fields.into_iter().take(MAX_CATALOG_ENTRIES) {
        let at = at.clone().key(&field);
        match field_hint(&fields_value, &field, &at) {
            Ok(Some(hint)) => found(field, hint),
            Err(e) if !lenient => return Err(e),
            Ok(None) | Err(_) => {} // nothing declared, or (lenient) a field's hint left out
        }
    }
    Ok(())
}

/// What `fields[field]` declares, as the core reads it; `None` for nothing.
fn field_hint(fields: &JsValue, field: &str, at: &OptionPath) -> Result<Option<FieldHint>, OptionsError> {
    let h = read::property(fields, field).map_err(|_| unreadable(at.clone()))?;
    if !h.is_object() {
        return Ok(None);
    }
    let get = |k: &'static str| read::property(&h, k).map_err(|_| unreadable(at.clone().member(k)));
    // What the core reads of a field's schema, as JSON values:
    // strings and numbers (anything else is `null`, which no hint
    // reads), so what it declares is decided once
    // (`FieldHint::from_declared`, which `from_json_schema` reads
    // with). No `serde_json::Map` for the schema: its B-tree cost about 5
    // KB of wasm (a union's forms are one-entry maps).
    let json = |v: &JsValue| match (v.as_string(), v.as_f64()) {
        (Some(s), _) => Value::String(s),
        (None, Some(n)) => serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number),
        (None, None) => Value::Null,
    };
    let mut declared: Vec<(&str, Value)> = Vec::with_capacity(7);
    match read::elements(&get("enum")?, MAX_CATALOG_ENTRIES) {
        Ok(Some(list)) => {
            let list = list.into_iter().map(|v| v.as_ref().map_or(Value::Null, json)).collect();
            declared.push(("enum", Value::Array(list)));
        }
        // `const`: the one value allowed (a literal), read when there is
        // no `enum` list; declared only when there (without one, the core
        // reads a union of values).
        Ok(None) => {
            let constant = get("const")?;
            if !constant.is_undefined() {
                declared.push(("const", json(&constant)));
            }
        }
        Err(_) => return Err(unreadable(at.clone().member("enum"))),
    }
    for key in ["minimum", "maximum", "minLength", "maxLength"] {
        declared.push((key, json(&get(key)?)));
    }
    // `type`: a name, or a list of names (an optional's `["integer", "null"]`).
    let names = get("type")?;
    let names = match read::elements(&names, 4) {
        Ok(Some(list)) => Value::Array(list.into_iter().map(|v| v.as_ref().map_or(Value::Null, json)).collect()),
        _ => json(&names),
    };
    declared.push(("type", names));
    // A union of values (`oneOf` or `anyOf` whose every form is a `const`
    // or an `enum` of one, as Zod 4 publishes a union of literals): each
    // form as the core reads it, its one value under `const`, a form that
    // is more than a value as one that declares nothing.
    for key in ["oneOf", "anyOf"] {
        let forms = get(key)?;
        if forms.is_undefined() {
            continue;
        }
        // The first one declared is read, as the core reads a schema.
        let Ok(Some(forms)) = read::elements(&forms, MAX_CATALOG_ENTRIES) else { break };
        let forms = forms.into_iter().map(|form| {
            let value = form.as_ref().and_then(|form| {
                let constant = read::property(form, "const").ok().filter(|v| !v.is_undefined());
                let one = || match read::elements(&read::property(form, "enum").ok()?, 2) {
                    Ok(Some(list)) if list.len() == 1 => list.into_iter().next().flatten(),
                    _ => None,
                };
                constant.or_else(one).map(|v| json(&v))
            });
            let mut map = serde_json::Map::new();
            if let Some(value) = value {
                map.insert("const".to_owned(), value);
            }
            Value::Object(map)
        });
        declared.push((key, Value::Array(forms.collect())));
        break;
    }
    let hint = FieldHint::from_declared(|key| declared.iter().find(|(k, _)| *k == key).map(|(_, v)| v));
    Ok((hint != FieldHint::default()).then_some(hint))
}

/// A catalog object as the core takes it.
struct Parsed {
    catalog: Catalog,
    hints: Hints,
    /// `lenient: true`: [`ErrorClassifier::lenient`], and unreadable hints left out.
    lenient: bool,
    output_schema_tools: Vec<String>,
}

fn parse_catalog(value: &JsValue) -> Result<Parsed, OptionsError> {
    let Some(value) = options_object(
        value,
        &["tools", "fields", "fieldMessages", "fieldlessMessages", "hints", "lenient", "outputSchemaTools"],
    )?
    else {
        return Err(OptionsError::wrong_type(OptionPath::new("catalog"), "a catalog object"));
    };
    let tools = get(value, "tools", "tools")?;
    let fields = get(value, "fields", "fields")?;
    let tools = if is_list(&tools, "tools")? {
        let fields = if fields.is_undefined() { Vec::new() } else { strings(&fields, "fields")? };
        ToolFields::Global { tools: strings(&tools, "tools")?, fields }
    } else if tools.is_object() {
        if !fields.is_undefined() {
            return Err(OptionsError::invalid(
                OptionPath::new("fields"),
                "a global fields list goes with a list of tools; per-tool fields are listed under each tool",
            ));
        }
        ToolFields::PerTool(string_map(&tools, "tools")?)
    } else {
        return Err(OptionsError::wrong_type(
            OptionPath::new("tools"),
            "a list of tool names or an object of tool → fields",
        ));
    };
    let phrases = get(value, "fieldMessages", "fieldMessages")?;
    let field_messages = if phrases.is_undefined() {
        FieldPhrases::Global(Vec::new())
    } else if is_list(&phrases, "fieldMessages")? {
        FieldPhrases::Global(strings(&phrases, "fieldMessages")?)
    } else if phrases.is_object() {
        FieldPhrases::PerField(string_map(&phrases, "fieldMessages")?)
    } else {
        return Err(OptionsError::wrong_type(
            OptionPath::new("fieldMessages"),
            "a list of phrases or an object of field → phrases",
        ));
    };
    let fieldless = get(value, "fieldlessMessages", "fieldlessMessages")?;
    let fieldless_messages =
        if fieldless.is_undefined() { Vec::new() } else { strings(&fieldless, "fieldlessMessages")? };
    let lenient = get(value, "lenient", "lenient")?;
    let lenient = !lenient.is_undefined()
        && lenient.as_bool().ok_or_else(|| OptionsError::wrong_type(OptionPath::new("lenient"), "a boolean"))?;
    let hints = parse_hints(&get(value, "hints", "hints")?, lenient)?;
    let output = get(value, "outputSchemaTools", "outputSchemaTools")?;
    let output_schema_tools = if output.is_undefined() { Vec::new() } else { strings(&output, "outputSchemaTools")? };
    Ok(Parsed { catalog: Catalog { tools, field_messages, fieldless_messages }, hints, lenient, output_schema_tools })
}
