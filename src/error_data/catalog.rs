//! What a host tells the classifier it may say: the [`Catalog`], its
//! builder and its limits.

use crate::error::{OptionPath, OptionsError};

/// Which fields belong to which tools.
#[derive(Debug, Clone)]
pub enum ToolFields {
    /// Each tool with its own fields: `{ list_bounties: ["limit", "status"] }`.
    PerTool(Vec<(String, Vec<String>)>),
    /// The seed's layout: a list of tools and one list of fields, every field
    /// counting as a field of every tool, known or not.
    Global {
        /// The catalog's tools.
        tools: Vec<String>,
        /// Fields of every tool.
        fields: Vec<String>,
    },
}

/// Which phrases may follow a field name.
#[derive(Debug, Clone)]
pub enum FieldPhrases {
    /// Any phrase with any field.
    Global(Vec<String>),
    /// Phrases per field, so that no field pairs with another's phrase.
    PerField(Vec<(String, Vec<String>)>),
}

/// The most entries one list of a catalog may have (tools, fields, each
/// list of phrases).
pub const MAX_CATALOG_ENTRIES: usize = 65_536;

/// What a host tells the classifier it may say.
#[derive(Debug, Clone)]
pub struct Catalog {
    /// The tools and their fields.
    pub tools: ToolFields,
    /// Phrases that follow a field name (`limit must be at most 100`).
    pub field_messages: FieldPhrases,
    /// Phrases that stand alone (`unknown tool`).
    pub fieldless_messages: Vec<String>,
}

impl Catalog {
    /// Every list within [`MAX_CATALOG_ENTRIES`].
    pub(super) fn check_sizes(&self) -> Result<(), OptionsError> {
        let field_messages = || OptionPath::new("field_messages");
        let check = |len: usize, path: &dyn Fn() -> OptionPath| {
            if len > MAX_CATALOG_ENTRIES {
                Err(OptionsError::invalid(path(), "has more than 65536 entries (MAX_CATALOG_ENTRIES)"))
            } else {
                Ok(())
            }
        };
        match &self.tools {
            ToolFields::Global { tools, fields } => {
                check(tools.len(), &|| OptionPath::new("tools"))?;
                check(fields.len(), &|| OptionPath::new("fields"))?;
            }
            ToolFields::PerTool(tools) => {
                check(tools.len(), &|| OptionPath::new("tools"))?;
                for (tool, fields) in tools {
                    check(fields.len(), &|| OptionPath::new("tools").key(tool))?;
                }
            }
        }
        match &self.field_messages {
            FieldPhrases::Global(phrases) => check(phrases.len(), &|| field_messages())?,
            FieldPhrases::PerField(fields) => {
                check(fields.len(), &|| field_messages())?;
                for (field, phrases) in fields {
                    check(phrases.len(), &|| field_messages().key(field))?;
                }
            }
        }
        check(self.fieldless_messages.len(), &|| OptionPath::new("fieldless_messages"))
    }
}

impl Catalog {
    /// What [`ErrorClassifier::new`](crate::ErrorClassifier::new) takes of
    /// the tools and fields: empty tool names and fields that are empty or
    /// have a space left out, each list cut to [`MAX_CATALOG_ENTRIES`].
    /// Phrases are kept as they are (see
    /// [`ErrorClassifier::lenient`](crate::ErrorClassifier::lenient)).
    pub(super) fn taken(mut self) -> Self {
        let field_ok = |f: &String| !f.is_empty() && !f.contains(' ');
        let fields = |list: Vec<String>| list.into_iter().filter(field_ok).take(MAX_CATALOG_ENTRIES).collect();
        self.tools = match self.tools {
            ToolFields::PerTool(tools) => ToolFields::PerTool(
                tools
                    .into_iter()
                    .filter(|(name, _)| !name.is_empty())
                    .take(MAX_CATALOG_ENTRIES)
                    .map(|(name, list)| (name, fields(list)))
                    .collect(),
            ),
            ToolFields::Global { tools, fields: shared } => ToolFields::Global {
                tools: tools.into_iter().filter(|name| !name.is_empty()).take(MAX_CATALOG_ENTRIES).collect(),
                fields: fields(shared),
            },
        };
        self
    }

    /// A builder, for a catalog without spelling out [`ToolFields`] and
    /// [`FieldPhrases`]:
    ///
    /// ```
    /// use mcp_boundary::{Catalog, ErrorClassifier};
    ///
    /// let catalog = Catalog::builder()
    ///     .tool("list_bounties", ["limit", "status"])
    ///     .field_messages(["must be at most 100"])
    ///     .fieldless_messages(["matches multiple bounties"])
    ///     .build()?;
    /// let classifier = ErrorClassifier::new(catalog)?;
    /// let data = classifier.classify("list_bounties", "limit must be at most 100").unwrap();
    /// assert_eq!((data.field, data.message), (Some("limit"), "must be at most 100"));
    /// # Ok::<(), mcp_boundary::OptionsError>(())
    /// ```
    pub fn builder() -> CatalogBuilder {
        CatalogBuilder::default()
    }
}

/// Builds a [`Catalog`] ([`Catalog::builder`]). Tools take their fields
/// either each its own ([`tool`](Self::tool)) or all the same
/// ([`tools`](Self::tools) with [`fields`](Self::fields)); phrases follow
/// any field ([`field_messages`](Self::field_messages)) or only their own
/// ([`field_messages_for`](Self::field_messages_for)).
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct CatalogBuilder {
    per_tool: Vec<(String, Vec<String>)>,
    tools: Vec<String>,
    fields: Vec<String>,
    phrases: Vec<String>,
    per_field: Vec<(String, Vec<String>)>,
    fieldless: Vec<String>,
}

/// Strings from any iterable of string-likes.
fn strings<S: Into<String>>(list: impl IntoIterator<Item = S>) -> Vec<String> {
    list.into_iter().map(Into::into).collect()
}

impl CatalogBuilder {
    /// A tool with its own fields (`list_bounties` with `limit`, `status`).
    pub fn tool<S: Into<String>>(mut self, name: impl Into<String>, fields: impl IntoIterator<Item = S>) -> Self {
        self.per_tool.push((name.into(), strings(fields)));
        self
    }

    /// Tools whose fields are the shared [`fields`](Self::fields) (the
    /// seed's layout: every field counts for every tool, known or not).
    pub fn tools<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.tools.extend(strings(names));
        self
    }

    /// Fields of every tool, for [`tools`](Self::tools).
    pub fn fields<S: Into<String>>(mut self, fields: impl IntoIterator<Item = S>) -> Self {
        self.fields.extend(strings(fields));
        self
    }

    /// Phrases that may follow any field (`must be at most 100`).
    pub fn field_messages<S: Into<String>>(mut self, phrases: impl IntoIterator<Item = S>) -> Self {
        self.phrases.extend(strings(phrases));
        self
    }

    /// Phrases that may follow `field` only.
    pub fn field_messages_for<S: Into<String>>(
        mut self,
        field: impl Into<String>,
        phrases: impl IntoIterator<Item = S>,
    ) -> Self {
        self.per_field.push((field.into(), strings(phrases)));
        self
    }

    /// Phrases that stand alone (`unknown tool`).
    pub fn fieldless_messages<S: Into<String>>(mut self, phrases: impl IntoIterator<Item = S>) -> Self {
        self.fieldless.extend(strings(phrases));
        self
    }

    /// The catalog.
    ///
    /// # Errors
    /// An [`OptionsError`] (`invalid_value`) when the two layouts are
    /// mixed: [`tool`](Self::tool) with [`tools`](Self::tools) or
    /// [`fields`](Self::fields) (naming `fields`), or
    /// [`field_messages`](Self::field_messages) with
    /// [`field_messages_for`](Self::field_messages_for) (naming
    /// `field_messages`); or when a list has more than
    /// [`MAX_CATALOG_ENTRIES`] entries. Entries themselves (an empty tool
    /// name, a field with a space) are checked by
    /// [`ErrorClassifier::new`](crate::ErrorClassifier::new).
    pub fn build(self) -> Result<Catalog, OptionsError> {
        let tools = match (self.per_tool.is_empty(), self.tools.is_empty() && self.fields.is_empty()) {
            (true, _) => ToolFields::Global { tools: self.tools, fields: self.fields },
            (false, true) => ToolFields::PerTool(self.per_tool),
            (false, false) => {
                return Err(OptionsError::invalid(
                    OptionPath::new("fields"),
                    "shared fields go with tools(); a tool() lists its own fields",
                ))
            }
        };
        let field_messages = match (self.per_field.is_empty(), self.phrases.is_empty()) {
            (true, _) => FieldPhrases::Global(self.phrases),
            (false, true) => FieldPhrases::PerField(self.per_field),
            (false, false) => {
                return Err(OptionsError::invalid(
                    OptionPath::new("field_messages"),
                    "phrases after any field and phrases per field do not mix",
                ))
            }
        };
        let catalog = Catalog { tools, field_messages, fieldless_messages: self.fieldless };
        catalog.check_sizes()?;
        Ok(catalog)
    }
}
