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
        let field_messages = || OptionPath::named("field_messages", "fieldMessages");
        let check = |len: usize, path: &dyn Fn() -> OptionPath| {
            if len > MAX_CATALOG_ENTRIES {
                Err(OptionsError::invalid(path(), "has more than 65536 entries (MAX_CATALOG_ENTRIES)"))
            } else {
                Ok(())
            }
        };
        match &self.tools {
            ToolFields::Global { tools, fields } => {
                check(tools.len(), &|| OptionPath::named("tools", "tools"))?;
                check(fields.len(), &|| OptionPath::named("fields", "fields"))?;
            }
            ToolFields::PerTool(tools) => {
                check(tools.len(), &|| OptionPath::named("tools", "tools"))?;
                for (tool, fields) in tools {
                    check(fields.len(), &|| OptionPath::named("tools", "tools").key(tool))?;
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
        check(self.fieldless_messages.len(), &|| OptionPath::named("fieldless_messages", "fieldlessMessages"))
    }
}
