//! The shapes a classification is answered with: JSON-RPC error responses
//! and MCP `CallToolResult`s.

use serde::Serialize;
use serde_json::Value;

use super::classifier::ErrorClassifier;
use super::text::error_text;
use super::MAX_TOOL_QUERY;
use crate::nearest::{nearest, normalize, Query};

/// `error.data.code` of a classified tool-argument error.
pub const INVALID_ARGUMENT: &str = "invalid_argument";
/// `error.data.code` of an unknown-tool response.
pub const UNKNOWN_TOOL: &str = "unknown_tool";
/// JSON-RPC "Invalid params".
pub const INVALID_PARAMS: i64 = -32602;
/// The JSON-RPC error message of `invalidArgumentsResponse` (the legacy envelope's).
pub const INVALID_ARGUMENTS_MESSAGE: &str = "invalid tool arguments";
/// The JSON-RPC error message of `unknownToolResponse`.
pub const UNKNOWN_TOOL_MESSAGE: &str = "unknown tool";

/// Classified error data: every string is a catalog string or one of this
/// module's fixed strings, borrowed from the classifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ErrorData<'c> {
    /// Always `invalid_argument`.
    pub code: &'static str,
    /// The tool, when it is a catalog tool.
    pub tool: Option<&'c str>,
    /// The field, when the message named one.
    pub field: Option<&'c str>,
    /// The catalog phrase (or, for schema issues, a fixed phrase).
    pub message: &'c str,
}

impl ErrorClassifier {
    /// The JSON-RPC 2.0 response for invalid tool arguments: serialized,
    /// byte for byte the legacy envelope
    /// `{"jsonrpc":"2.0","id":…,"error":{"code":-32602,"message":"invalid tool arguments"}}`
    /// when nothing classifies, with `error.data` when something does. An
    /// `id` that is not a string, a number or null becomes null.
    #[must_use]
    pub fn invalid_arguments_response(&self, id: &Value, tool: &str, message: &str) -> ErrorResponse<'_> {
        ErrorResponse {
            jsonrpc: "2.0",
            id: request_id(id),
            error: RpcError {
                code: INVALID_PARAMS,
                message: INVALID_ARGUMENTS_MESSAGE,
                data: self.classify(tool, message).map(RpcData::Argument),
            },
        }
    }

    /// An MCP `CallToolResult` with `isError: true` (MCP 2025-11-25 reports
    /// validation errors as tool execution errors); its text is built only
    /// from catalog and fixed strings. Unclassified errors get the fixed
    /// message `invalid tool arguments`.
    #[must_use]
    pub fn tool_error_result(&self, tool: &str, message: &str) -> ToolErrorResult<'_> {
        let data = self.classify(tool, message).unwrap_or(ErrorData {
            code: INVALID_ARGUMENT,
            tool: self.tool_id(tool).map(|t| self.string(t)),
            field: None,
            message: INVALID_ARGUMENTS_MESSAGE,
        });
        ToolErrorResult {
            content: [TextContent { kind: "text", text: error_text(&data) }],
            is_error: true,
            structured_content: self.structured(tool, data),
        }
    }

    /// The `isError` result for an error a tool's handler threw: its
    /// message classified against the catalog, else `tool <name> failed`
    /// (the name only when it is a catalog tool) with no structured data.
    #[must_use]
    pub fn handler_error_result(&self, tool: &str, message: &str) -> ToolFailure<'_> {
        if let Some(data) = self.classify(tool, message) {
            return ToolFailure {
                content: [TextContent { kind: "text", text: error_text(&data) }],
                is_error: true,
                structured_content: self.structured(tool, data),
            };
        }
        let text = match self.tool_id(tool) {
            Some(t) => format!("tool {} failed", self.string(t)),
            None => String::from("tool failed"),
        };
        ToolFailure { content: [TextContent { kind: "text", text }], is_error: true, structured_content: None }
    }

    /// `structuredContent` of `tool`'s error result: none for a tool
    /// that declares an output schema ([`with_output_schema_tools`](Self::with_output_schema_tools)).
    pub(crate) fn structured<'c>(&'c self, tool: &str, data: ErrorData<'c>) -> Option<StructuredError<'c>> {
        self.structured_errors(tool).then_some(StructuredError { error: data })
    }

    /// The JSON-RPC response for an unknown tool: `-32602` with
    /// `data.suggestions` from the catalog; the name itself never appears.
    #[must_use]
    pub fn unknown_tool_response(&self, id: &Value, name: &str) -> ErrorResponse<'_> {
        self.unknown_tool_response_to(id, &tool_query(name))
    }

    /// [`unknown_tool_response`](Self::unknown_tool_response) for a name
    /// taken in pieces.
    pub(crate) fn unknown_tool_response_to(&self, id: &Value, name: &Query) -> ErrorResponse<'_> {
        unknown_tool_envelope(id, self.suggest_tools_for(name))
    }
}

/// The most tools an unknown-tool response suggests.
pub(crate) const MAX_TOOL_SUGGESTIONS: usize = 3;

/// An unknown tool's name as its suggestions rank it.
pub(crate) fn tool_query(name: &str) -> Query {
    let mut query = Query::new(MAX_TOOL_QUERY);
    query.feed(name.encode_utf16());
    query
}

/// The unknown-tool response with the tools among `tools` (in order)
/// nearest `name`: a registry's aliases
/// ([`ToolRegistry::unknown_tool_response`](crate::ToolRegistry::unknown_tool_response)),
/// normalized as they are ranked.
pub(crate) fn unknown_tool_among<'c>(
    id: &Value,
    tools: impl IntoIterator<Item = &'c str>,
    name: &Query,
) -> ErrorResponse<'c> {
    unknown_tool_envelope(id, tool_suggestions_among(tools, name))
}

/// The suggestions of [`unknown_tool_among`] alone: the JS host's
/// registry puts them into the envelope that js/generated/tables.js keeps
/// of Rust's (`__unknown_tool_table`), so its module carries no serializer
/// of the JSON-RPC envelope and its ids.
pub(crate) fn tool_suggestions_among<'c>(tools: impl IntoIterator<Item = &'c str>, name: &Query) -> Vec<&'c str> {
    let keyed = tools.into_iter().map(|t| (normalize(t), t));
    nearest(name, keyed, MAX_TOOL_SUGGESTIONS)
}

/// The unknown-tool response (`-32602`, `data.suggestions`), whoever
/// ranked the suggestions: a classifier among its catalog's tools, or
/// [`unknown_tool_among`].
fn unknown_tool_envelope<'c>(id: &Value, suggestions: Vec<&'c str>) -> ErrorResponse<'c> {
    ErrorResponse {
        jsonrpc: "2.0",
        id: request_id(id),
        error: RpcError {
            code: INVALID_PARAMS,
            message: UNKNOWN_TOOL_MESSAGE,
            data: Some(RpcData::UnknownTool { code: UNKNOWN_TOOL, suggestions }),
        },
    }
}

/// A JSON-RPC 2.0 error response; serializes with its keys in protocol
/// order (`jsonrpc`, `id`, `error`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ErrorResponse<'c> {
    /// Always `2.0`.
    pub jsonrpc: &'static str,
    /// The request id: a string, a number or null.
    pub id: Value,
    /// The error object.
    pub error: RpcError<'c>,
}

/// The `error` of a JSON-RPC response.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RpcError<'c> {
    /// Always `-32602` (invalid params) here.
    pub code: i64,
    /// A fixed message.
    pub message: &'static str,
    /// Absent when nothing classified, so the envelope stays the legacy one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<RpcData<'c>>,
}

/// `error.data`: classified argument data, or unknown-tool suggestions.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum RpcData<'c> {
    /// A classified tool-argument error.
    Argument(ErrorData<'c>),
    /// An unknown tool, with catalog tools to try instead.
    UnknownTool {
        /// Always `unknown_tool`.
        code: &'static str,
        /// Up to three catalog tool names.
        suggestions: Vec<&'c str>,
    },
}

/// An MCP `CallToolResult` reporting a tool-argument error.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolErrorResult<'c> {
    /// One text block built from catalog and fixed strings.
    pub content: [TextContent; 1],
    /// Always true.
    #[serde(rename = "isError")]
    pub is_error: bool,
    /// `{ error: data }`; none for a tool that declares an output schema
    /// ([`ErrorClassifier::with_output_schema_tools`]).
    #[serde(rename = "structuredContent", skip_serializing_if = "Option::is_none")]
    pub structured_content: Option<StructuredError<'c>>,
}

/// An MCP `CallToolResult` for a tool whose handler failed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolFailure<'c> {
    /// One text block built from catalog and fixed strings.
    pub content: [TextContent; 1],
    /// Always true.
    #[serde(rename = "isError")]
    pub is_error: bool,
    /// `{ error: data }` when the message classified.
    #[serde(rename = "structuredContent", skip_serializing_if = "Option::is_none")]
    pub structured_content: Option<StructuredError<'c>>,
}

impl<'c> From<ToolFailure<'c>> for ToolErrorResult<'c> {
    fn from(failure: ToolFailure<'c>) -> Self {
        let ToolFailure { content, is_error, structured_content } = failure;
        Self { content, is_error, structured_content }
    }
}

/// A text content block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TextContent {
    /// Always `text`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The text.
    pub text: String,
}

/// `structuredContent` of a tool error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StructuredError<'c> {
    /// The error data.
    pub error: ErrorData<'c>,
}

/// A JSON-RPC id as it may be echoed: a string, a finite number or null.
fn request_id(id: &Value) -> Value {
    match id {
        Value::String(_) | Value::Number(_) => id.clone(),
        _ => Value::Null,
    }
}
