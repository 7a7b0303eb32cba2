//! The whitelist classifier: a message matched exactly against the
//! catalog's tools, fields and phrases.

use crate::fast_hash::{FastMap as HashMap, FastSet as HashSet};
use crate::interned::{Interned, Text};

use super::catalog::{Catalog, FieldPhrases, ToolFields};
use super::hint::FieldHint;
use super::response::{tool_query, ErrorData, INVALID_ARGUMENT, MAX_TOOL_SUGGESTIONS};
use crate::error::{OptionPath, OptionsError};
use crate::nearest::{nearest, Query};

/// A whitelist classifier of tool-argument errors over one catalog.
#[derive(Debug, Clone)]
pub struct ErrorClassifier {
    /// Every catalog string once; results index into it.
    strings: Interned,
    /// What each string is in a global layout, by id ([`Role`] bits): one
    /// load instead of a set lookup per question.
    roles: Vec<u8>,
    /// Catalog tools, in catalog order.
    tools: Vec<u32>,
    /// `tools` as suggestions compare them.
    tool_keys: Vec<Vec<u8>>,
    /// Fields are per tool (`tool_fields`) rather than [`Role::FIELD`].
    fields_per_tool: bool,
    /// `(tool, field)` of each field of each tool. Sets of pairs, not maps
    /// of sets: one lookup, and one set type compiled for both.
    tool_fields: HashSet<(u32, u32)>,
    /// Phrases are per field (`field_phrases`) rather than [`Role::PHRASE`].
    phrases_per_field: bool,
    /// `(field, phrase)` of each phrase of each field.
    field_phrases: HashSet<(u32, u32)>,
    /// Phrases built from what a tool's schema declares for a field, per
    /// (tool, field): for a value not allowed, too small, too large.
    hints: HashMap<(u32, u32), [Option<u32>; 4]>,
    /// Tools that declare an output schema: their error results are text
    /// only ([`with_output_schema_tools`](Self::with_output_schema_tools)).
    /// By name, catalog tools or not: a tool the catalog left out keeps it.
    text_only: HashSet<String>,
    /// The most UTF-8 bytes of a `text_only` name (never fewer than its
    /// UTF-16 units).
    text_only_longest: usize,
}

/// The bits of [`ErrorClassifier::roles`].
struct Role;

impl Role {
    const TOOL: u8 = 1;
    /// A field of every tool (global layout).
    const FIELD: u8 = 2;
    /// A phrase after any field (global phrases).
    const PHRASE: u8 = 4;
    const FIELDLESS: u8 = 8;
}

/// The most normalized bytes of a name that tool suggestions rank: a
/// longer name gets none (and a name of more UTF-16 code units than this
/// may be one, so a binding takes such a name in pieces: [`Query`]).
pub(crate) const MAX_TOOL_QUERY: usize = 256;

/// A classification as indexes into the classifier's strings.
pub(crate) type Ids = (Option<u32>, Option<u32>, u32);

impl ErrorClassifier {
    /// Checks and indexes a catalog.
    ///
    /// # Errors
    /// An [`OptionsError`] naming the entry's place (never its content):
    /// a field that is empty or contains a space (`tools['list_bounties'][1]`,
    /// `fields[0]`: a head never contains a space, so it could never match),
    /// an empty phrase (`field_messages[2]`, `field_messages['limit'][0]`,
    /// `fieldless_messages[0]`), an empty tool name (`tools[3]`), or a list
    /// of more than [`MAX_CATALOG_ENTRIES`](crate::MAX_CATALOG_ENTRIES).
    pub fn new(catalog: Catalog) -> Result<Self, OptionsError> {
        catalog.check_sizes()?;
        let mut c = Self::empty();
        match catalog.tools {
            ToolFields::PerTool(tools) => {
                for (tool, fields) in tools {
                    let at = OptionPath::new("tools").key(&tool);
                    let t = c.tool(tool, || at.clone())?;
                    for (i, field) in fields.into_iter().enumerate() {
                        let f = c.field(field, || at.clone().entry(i))?;
                        c.tool_fields.insert((t, f));
                    }
                }
                c.fields_per_tool = true;
            }
            ToolFields::Global { tools, fields } => {
                for (i, tool) in tools.into_iter().enumerate() {
                    c.tool(tool, || OptionPath::new("tools").entry(i))?;
                }
                for (i, field) in fields.into_iter().enumerate() {
                    let f = c.field(field, || OptionPath::new("fields").entry(i))?;
                    c.mark(f, Role::FIELD);
                }
            }
        }
        match catalog.field_messages {
            FieldPhrases::Global(phrases) => {
                for (i, p) in phrases.into_iter().enumerate() {
                    let p = c.phrase(p, || OptionPath::new("field_messages").entry(i))?;
                    c.mark(p, Role::PHRASE);
                }
            }
            FieldPhrases::PerField(map) => {
                for (field, phrases) in map {
                    let at = OptionPath::new("field_messages").key(&field);
                    let f = c.field(field, || at.clone())?;
                    for (i, p) in phrases.into_iter().enumerate() {
                        let p = c.phrase(p, || at.clone().entry(i))?;
                        c.field_phrases.insert((f, p));
                    }
                }
                c.phrases_per_field = true;
            }
        }
        for (i, p) in catalog.fieldless_messages.into_iter().enumerate() {
            let p = c.phrase(p, || OptionPath::new("fieldless_messages").entry(i))?;
            c.mark(p, Role::FIELDLESS);
        }
        Ok(c)
    }

    /// The id of catalog string `text`, if it is one.
    fn id<T: Text>(&self, text: T) -> Option<u32> {
        self.strings.get(text)
    }

    fn intern(&mut self, s: String) -> u32 {
        let id = self.strings.intern(s);
        if self.roles.len() <= id as usize {
            self.roles.resize(id as usize + 1, 0);
        }
        id
    }

    fn mark(&mut self, id: u32, role: u8) {
        if let Some(r) = self.roles.get_mut(id as usize) {
            *r |= role;
        }
    }

    fn is(&self, id: u32, role: u8) -> bool {
        self.roles.get(id as usize).is_some_and(|r| r & role != 0)
    }

    fn tool(&mut self, name: String, place: impl FnOnce() -> OptionPath) -> Result<u32, OptionsError> {
        if name.is_empty() {
            return Err(OptionsError::invalid(place(), "a tool name must not be empty"));
        }
        let key = crate::nearest::normalize(&name);
        let id = self.intern(name);
        if !self.is(id, Role::TOOL) {
            self.mark(id, Role::TOOL);
            self.tools.push(id);
            self.tool_keys.push(key);
        }
        Ok(id)
    }

    fn field(&mut self, name: String, place: impl FnOnce() -> OptionPath) -> Result<u32, OptionsError> {
        if name.is_empty() || name.contains(' ') {
            return Err(OptionsError::invalid(place(), "a field name must be non-empty and contain no space"));
        }
        Ok(self.intern(name))
    }

    fn phrase(&mut self, text: String, place: impl FnOnce() -> OptionPath) -> Result<u32, OptionsError> {
        if text.is_empty() {
            return Err(OptionsError::invalid(place(), "a phrase must not be empty"));
        }
        Ok(self.intern(text))
    }

    /// The catalog string with this index.
    pub(crate) fn string(&self, id: u32) -> &str {
        self.strings.string(id)
    }

    /// Every catalog string, in index order: the strings a result can be
    /// made of (a binding can send them once and then send indexes).
    #[must_use]
    pub fn strings(&self) -> &[String] {
        self.strings.strings()
    }

    /// A classifier with an empty catalog (classifies nothing).
    #[must_use]
    pub fn empty() -> Self {
        Self {
            strings: Interned::default(),
            roles: Vec::new(),
            tools: Vec::new(),
            tool_keys: Vec::new(),
            fields_per_tool: false,
            tool_fields: HashSet::default(),
            phrases_per_field: false,
            field_phrases: HashSet::default(),
            hints: HashMap::default(),
            text_only: HashSet::default(),
            text_only_longest: 0,
        }
    }

    /// A classifier of what `catalog` holds that [`new`](Self::new) would
    /// take: a tool with an empty name is left out, a field that is empty
    /// or has a space is left out of its tool, and of lists longer than
    /// [`MAX_CATALOG_ENTRIES`](crate::MAX_CATALOG_ENTRIES) the first
    /// entries are kept, so one bad tool never costs another its answers.
    /// For a catalog read from a server's own tools (what `protect_server`
    /// answers from), where the host did not choose the names.
    ///
    /// # Errors
    /// What [`new`](Self::new) says of the phrases and the layouts: they
    /// are the host's own options, which it should hear about.
    pub fn lenient(catalog: Catalog) -> Result<Self, OptionsError> {
        Self::new(catalog.taken())
    }

    /// This classifier, with phrases built from what each tool's schema
    /// declares about its fields (`(tool, field, hint)`; pairs that are not
    /// a catalog tool and one of its fields are ignored): a schema issue of
    /// the matching kind on that field then says, e.g., `must be one of
    /// low, normal, high` instead of the generic phrase.
    #[must_use]
    pub fn with_hints<'h>(mut self, hints: impl IntoIterator<Item = (&'h str, &'h str, &'h FieldHint)>) -> Self {
        for (tool, field, hint) in hints {
            let Some(tool_id) = self.tool_id(tool) else { continue };
            let Some(field_id) = self.field_id(Some(tool_id), field) else { continue };
            let ids = hint.phrases().map(|phrase| phrase.map(|p| self.intern(p)));
            self.hints.insert((tool_id, field_id), ids);
        }
        self
    }

    /// This classifier, with `tools` marked as declaring an output schema:
    /// their error results ([`tool_error_result`](Self::tool_error_result),
    /// [`handler_error_result`](Self::handler_error_result),
    /// [`issues_result`](Self::issues_result)) carry no
    /// `structuredContent`, which a client checks against the output
    /// schema, error results included (the TypeScript SDK's client does),
    /// and which an error's data never fits. A name need not be a catalog
    /// tool: one a lenient catalog left out (an empty name, one past
    /// [`MAX_CATALOG_ENTRIES`](crate::MAX_CATALOG_ENTRIES)) still answers in
    /// text only.
    #[must_use]
    pub fn with_output_schema_tools<'t>(mut self, tools: impl IntoIterator<Item = &'t str>) -> Self {
        for tool in tools {
            self.text_only_longest = self.text_only_longest.max(tool.len());
            self.text_only.insert(tool.to_owned());
        }
        self
    }

    /// Whether `tool`'s error results carry `structuredContent`: false for
    /// a tool marked by [`with_output_schema_tools`](Self::with_output_schema_tools).
    #[must_use]
    pub fn structured_errors(&self, tool: &str) -> bool {
        tool.len() > self.text_only_longest || !self.text_only.contains(tool)
    }

    /// How many UTF-16 code units of a tool name can matter: a longer name
    /// is no catalog tool nor one with an output schema, and so is any
    /// name of this many units that starts like it. A binding may take a
    /// long name's first units only, for the same answers.
    pub(crate) fn tool_units(&self) -> usize {
        self.strings.longest().max(self.text_only_longest) + 1
    }

    /// How many UTF-16 code units of a message can matter: a longer
    /// message is neither a catalog string nor a field, a space and a
    /// phrase, and so is any message of this many units that starts like
    /// it (its head is the same, its tail longer than every phrase).
    pub(crate) fn message_units(&self) -> usize {
        2 * self.strings.longest() + 2
    }

    /// How many UTF-16 code units of an issue's string can matter: a
    /// longer one is no code, type or keyword (each is shorter than
    /// [`WORD_UNITS`](super::issue::WORD_UNITS)) and no field, and a JSON
    /// Pointer's first segment ends within them when it is a field. A
    /// binding may give the reader a longer string's first units instead
    /// ([`cut_issue_text`](super::reader::cut_issue_text)), and of a tool
    /// name as long, its first units too (at least [`tool_units`](Self::tool_units)).
    #[cfg(any(feature = "wasm-server", test))]
    pub(crate) fn issue_units(&self) -> usize {
        (2 * self.strings.longest() + 2).max(super::issue::WORD_UNITS).max(self.tool_units())
    }

    /// The catalog's tools, in catalog order.
    pub fn tools(&self) -> impl Iterator<Item = &str> {
        self.tools.iter().map(|t| self.string(*t))
    }

    /// The index of a catalog tool.
    pub(crate) fn tool_id<T: Text>(&self, tool: T) -> Option<u32> {
        if tool.units_len() >= self.tool_units() {
            return None;
        }
        self.id(tool).filter(|&id| self.is_tool(id))
    }

    /// Whether string `id` is a catalog tool.
    pub(crate) fn is_tool(&self, id: u32) -> bool {
        self.is(id, Role::TOOL)
    }

    pub(super) fn field_id<T: Text>(&self, tool: Option<u32>, head: T) -> Option<u32> {
        let id = self.id(head)?;
        let known = if self.fields_per_tool {
            tool.is_some_and(|t| self.tool_fields.contains(&(t, id)))
        } else {
            self.is(id, Role::FIELD)
        };
        known.then_some(id)
    }

    fn is_field_phrase(&self, field: u32, phrase: u32) -> bool {
        if self.phrases_per_field {
            self.field_phrases.contains(&(field, phrase))
        } else {
            self.is(phrase, Role::PHRASE)
        }
    }

    /// The classification as indexes, `message` in either encoding.
    pub(crate) fn classify_ids<T: Text>(&self, tool: T, message: T) -> Option<Ids> {
        self.classify_for(self.tool_id(tool), message)
    }

    /// [`classify_ids`](Self::classify_ids) for a tool already looked up
    /// ([`tool_id`](Self::tool_id)).
    pub(crate) fn classify_for<T: Text>(&self, tool: Option<u32>, message: T) -> Option<Ids> {
        if message.units_len() >= self.message_units() {
            return None;
        }
        // Split at the first single ASCII space; matching is exact.
        if let Some((head, tail)) = message.split_space() {
            if let Some(field) = self.field_id(tool, head) {
                if let Some(phrase) = self.id(tail) {
                    if self.is_field_phrase(field, phrase) {
                        return Some((tool, Some(field), phrase));
                    }
                    if self.is(phrase, Role::FIELDLESS) {
                        return Some((tool, None, phrase));
                    }
                }
            }
        }
        let whole = self.id(message)?;
        self.is(whole, Role::FIELDLESS).then_some((tool, None, whole))
    }

    /// Classifies a tool-argument error message:
    /// 1. `<field> <field phrase>` → that field and phrase;
    /// 2. `<field> <field-less phrase>` → no field, that phrase;
    /// 3. `<field-less phrase>` → no field, that phrase;
    /// 4. anything else → `None`.
    ///
    /// `tool` in the result is set only for a catalog tool.
    #[must_use]
    pub fn classify(&self, tool: &str, message: &str) -> Option<ErrorData<'_>> {
        self.classify_ids(tool, message).map(|ids| self.data(ids))
    }

    pub(crate) fn data(&self, (tool, field, message): Ids) -> ErrorData<'_> {
        ErrorData {
            code: INVALID_ARGUMENT,
            tool: tool.map(|t| self.string(t)),
            field: field.map(|f| self.string(f)),
            message: self.string(message),
        }
    }

    /// The phrase a schema hint gives tool `tool`'s field `field` in hint
    /// slot `slot` ([`FieldHint`]'s order), if one was given.
    pub(crate) fn hint(&self, tool: u32, field: u32, slot: usize) -> Option<u32> {
        self.hints.get(&(tool, field)).and_then(|h| h[slot])
    }

    /// Up to three catalog tools nearest `name`, nearest first.
    #[must_use]
    pub fn suggest_tools(&self, name: &str) -> Vec<&str> {
        self.suggest_tool_ids(name).into_iter().map(|id| self.string(id)).collect()
    }

    pub(crate) fn suggest_tool_ids(&self, name: &str) -> Vec<u32> {
        self.suggest_tool_ids_for(&tool_query(name))
    }

    /// [`suggest_tools`](Self::suggest_tools) for a name taken in pieces.
    pub(crate) fn suggest_tools_for(&self, query: &Query) -> Vec<&str> {
        self.suggest_tool_ids_for(query).into_iter().map(|id| self.string(id)).collect()
    }

    fn suggest_tool_ids_for(&self, query: &Query) -> Vec<u32> {
        nearest(query, self.tool_keys.iter().zip(self.tools.iter().copied()), MAX_TOOL_SUGGESTIONS)
    }
}
