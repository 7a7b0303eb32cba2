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
mod issue;
mod reader;
mod response;
#[cfg(test)]
mod tests;
mod text;

pub use catalog::{Catalog, CatalogBuilder, FieldPhrases, ToolFields, MAX_CATALOG_ENTRIES};
pub use classifier::ErrorClassifier;
pub use hint::FieldHint;
#[cfg_attr(
    not(all(feature = "wasm", target_arch = "wasm32")),
    allow(unused_imports, reason = "for the wasm binding")
)]
pub(crate) use issue::IssuePhrase;
pub use issue::{issue_message, Issue, ISSUES_IN_TEXT, ISSUE_MESSAGES};
pub use reader::IssueFields;
#[cfg_attr(
    not(all(feature = "wasm", target_arch = "wasm32")),
    allow(unused_imports, reason = "for the wasm binding")
)]
pub(crate) use reader::{Place, Step as IssueStep, LOC as ISSUE_LOC, PATH as ISSUE_PATH};
pub use response::{
    ErrorData, ErrorResponse, RpcData, RpcError, StructuredError, TextContent, ToolErrorResult, ToolFailure,
    INVALID_ARGUMENT, INVALID_ARGUMENTS_MESSAGE, INVALID_PARAMS, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE,
};
pub use text::error_text;
