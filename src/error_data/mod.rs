//! Safe `error.data` for tool-argument errors.
//!
//! A whitelist classifier: an error message is matched exactly against the
//! host's catalog of tools, fields and phrases, and a result refers only to
//! catalog strings (its fields borrow from the classifier, so the types
//! themselves rule out echoing caller input), or to this module's fixed
//! strings.

mod catalog;
mod classifier;
mod hint;
pub(crate) mod issue;
pub(crate) mod reader;
mod response;
#[cfg(test)]
mod tests;
mod text;

pub use catalog::{Catalog, CatalogBuilder, FieldPhrases, ToolFields, MAX_CATALOG_ENTRIES};
pub use classifier::ErrorClassifier;
pub(crate) use classifier::MAX_TOOL_QUERY;
pub use hint::FieldHint;
pub(crate) use hint::{constant_forms, input_object};
pub use issue::{issue_message, Issue, ISSUES_IN_TEXT, ISSUE_MESSAGES};
pub use reader::IssueFields;
#[cfg(any(feature = "wasm-host", test))]
pub(crate) use response::tool_suggestions_among;
pub(crate) use response::{tool_query, unknown_tool_among};
pub use response::{
    ErrorData, ErrorResponse, RpcData, RpcError, StructuredError, TextContent, ToolErrorResult, ToolFailure,
    INVALID_ARGUMENT, INVALID_ARGUMENTS_MESSAGE, INVALID_PARAMS, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE,
};
pub use text::error_text;
