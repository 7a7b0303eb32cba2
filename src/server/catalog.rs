//! The catalog a protected server answers from, built from its tools as
//! they are listed: names, declared fields and what each field's schema
//! declares, and which tools declare an output schema.

use serde_json::Value;

use super::options::Protection;
use crate::error_data::{Catalog, ErrorClassifier, FieldHint, MAX_CATALOG_ENTRIES};

/// A tool as a server lists it (`tools/list`), what the catalog reads of it.
#[derive(Debug, Clone, PartialEq)]
pub struct ListedTool {
    name: String,
    fields: Vec<String>,
    hints: Vec<(String, FieldHint)>,
    output_schema: bool,
}

impl ListedTool {
    /// The parts of an input schema that [`new`](Self::new) reads: its
    /// fields and the definitions their `$ref`s point into, each entry on
    /// its own; [`SCHEMA_REF`](Self::SCHEMA_REF) beside them. A binding that
    /// turns a schema out of its own values into JSON needs only these.
    pub const SCHEMA_PARTS: [&'static str; 3] = ["properties", "$defs", "definitions"];

    /// The key of the one string part [`new`](Self::new) reads: an input
    /// schema's own `$ref`, when its fields are those of a definition.
    pub const SCHEMA_REF: &'static str = "$ref";

    /// The tool named `name` with its published input JSON Schema (its
    /// top-level `properties` are its fields, or those of the object its own
    /// `$ref` names; what each declares, `$ref`s
    /// and `X | None` followed, its hints) and whether it declares an
    /// output schema. A schema that is not an object with `properties`
    /// declares no field.
    #[must_use]
    pub fn new(name: impl Into<String>, input_schema: Option<&Value>, output_schema: bool) -> Self {
        let fields = input_schema
            .and_then(|s| crate::error_data::input_object(s).get("properties"))
            .and_then(Value::as_object)
            .map(|p| p.keys().take(MAX_CATALOG_ENTRIES).cloned().collect())
            .unwrap_or_default();
        let hints = input_schema.map(FieldHint::of_input_schema).unwrap_or_default();
        Self { name: name.into(), fields, hints, output_schema }
    }

    /// The tool with its fields and hints read already (a binding that
    /// reads them out of its own values, or an SDK whose schemas declare
    /// fields that its JSON Schema leaves out).
    #[must_use]
    pub fn with_fields(
        name: impl Into<String>,
        fields: Vec<String>,
        hints: Vec<(String, FieldHint)>,
        output_schema: bool,
    ) -> Self {
        let mut fields = fields;
        fields.truncate(MAX_CATALOG_ENTRIES);
        Self { name: name.into(), fields, hints, output_schema }
    }

    /// The tool's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// The catalog of a protected server: an [`ErrorClassifier`] of its
/// tools and its own phrases. Built when the tool list changes (never per
/// failed call) by [`Protection::catalog`].
#[derive(Debug, Clone)]
pub struct ServerCatalog {
    pub(super) classifier: ErrorClassifier,
}

impl ServerCatalog {
    /// The classifier, for what the policy does not answer itself.
    #[must_use]
    pub fn classifier(&self) -> &ErrorClassifier {
        &self.classifier
    }

    /// Whether `name` is one of the catalog's tools.
    #[must_use]
    pub fn has_tool(&self, name: &str) -> bool {
        self.classifier.tool_id(name).is_some()
    }
}

impl Protection {
    /// The catalog of `tools` as the server lists them, with the server's
    /// phrases. Lenient: what cannot be taken costs only its own entry (a
    /// tool with an empty name, a field that is empty or has a space, a
    /// schema that declares nothing readable), and of more than
    /// [`MAX_CATALOG_ENTRIES`] tools the first are kept; a tool that
    /// declares an output schema answers in text only even where it was
    /// left out.
    ///
    /// ```
    /// use mcp_boundary::{ListedTool, Protection};
    /// use serde_json::json;
    ///
    /// let schema = json!({"type": "object", "properties": {"limit": {"type": "integer", "maximum": 100}}});
    /// let catalog = Protection::default().catalog([
    ///     ListedTool::new("list_bounties", Some(&schema), false),
    ///     ListedTool::new("", None, false), // costs only itself
    /// ]);
    /// assert!(catalog.has_tool("list_bounties"));
    /// ```
    #[must_use]
    pub fn catalog(&self, tools: impl IntoIterator<Item = ListedTool>) -> ServerCatalog {
        let tools: Vec<ListedTool> = tools.into_iter().collect();
        let output: Vec<&str> = tools.iter().filter(|t| t.output_schema).map(|t| t.name.as_str()).collect();
        let catalog = Catalog::builder()
            .field_messages(self.messages.iter().cloned())
            .fieldless_messages(self.messages.iter().cloned());
        let catalog = tools
            .iter()
            .filter(|t| !t.name.is_empty())
            .take(MAX_CATALOG_ENTRIES)
            .fold(catalog, |c, t| c.tool(t.name.clone(), t.fields.iter().cloned()));
        // The phrases were checked by `Protection::new` and the catalog is
        // taken leniently: this cannot fail, and if it did the answers
        // would still be safe, from an empty catalog.
        let classifier = catalog
            .build()
            .and_then(ErrorClassifier::lenient)
            .unwrap_or_else(|_| ErrorClassifier::empty())
            .with_hints(
                tools
                    .iter()
                    .flat_map(|t| t.hints.iter().map(move |(field, hint)| (t.name.as_str(), field.as_str(), hint))),
            )
            .with_output_schema_tools(output);
        ServerCatalog { classifier }
    }
}
