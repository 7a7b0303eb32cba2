//! What the operator's hook hears of each answer a protected router
//! gives in place of rmcp's.

use std::sync::Arc;

use rmcp::model::{CallToolResult, ErrorData};

use crate::{ReplacedAnswer, SchemaIssue};

/// What an answer replaced, for the operator's [`ProtectedRouter::on_error`](super::ProtectedRouter::on_error)
/// hook: the tool as called, the kind, and the original, which may quote
/// the caller's input (for the operator's logs, never the model's).
#[derive(Debug)]
#[non_exhaustive]
pub struct Replaced<'a> {
    /// The tool's name as called (for an unknown tool, the caller's bytes).
    pub tool: &'a str,
    /// Why it was replaced.
    pub kind: ReplacedAnswer,
    /// What rmcp or the handler would have answered.
    pub original: Original<'a>,
}

/// The answer a protected router replaced.
#[derive(Debug)]
#[non_exhaustive]
pub enum Original<'a> {
    /// The arguments broke the tool's published input schema (nothing was
    /// called): the issues found.
    Issues(&'a [SchemaIssue]),
    /// A JSON-RPC error: `Parameters<T>`'s refusal, rmcp's `tool not
    /// found`, or a handler's `Err(ErrorData)`.
    Error(&'a ErrorData),
    /// An `isError` result: a handler's `Err(String)` or its own
    /// `CallToolResult::error(…)`.
    Result(&'a CallToolResult),
}

pub(super) type Hook = Arc<dyn Fn(&Replaced<'_>) + Send + Sync>;
