//! The one decision of a protected server: for each failure at its tool
//! boundary, the answer the client gets in place of the SDK's, and the
//! kind the operator's `on_error` hears.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::catalog::ServerCatalog;
use super::kind::ReplacedAnswer;
use super::options::{HandlerErrors, Protection};
use crate::error_data::{
    Issue, RpcData, RpcError, ToolErrorResult, INVALID_PARAMS, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE,
};
use crate::recipient::{RecipientError, RejectionResult};

/// What went wrong with one `tools/call`, as an SDK integration
/// recognized it (SPEC §6.1). Nothing here is shown as it is: a name is
/// shown only when it is a catalog tool, a message only when it is a
/// catalog phrase.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Failure<'a> {
    /// The tool's input schema refused the arguments: the validator's
    /// issues as read (none when none could be read, or when the input was
    /// too large to validate again).
    InvalidArguments {
        /// The tool as called.
        tool: &'a str,
        /// The issues.
        issues: &'a [Issue<'a>],
    },
    /// A recipient field refused the arguments with its §1.2 rejection.
    RecipientRejected {
        /// The tool as called.
        tool: &'a str,
        /// The rejection.
        rejection: &'a RecipientError,
    },
    /// No listed tool has the name that was called.
    UnknownTool {
        /// The name as called (never shown; suggestions come from the catalog).
        name: &'a str,
    },
    /// The tool's handler failed (threw, raised, returned its `Err`), or
    /// an upstream server's refusal came back through a proxy tool: its
    /// message as the integration could read it (`None` when it could not).
    HandlerError {
        /// The tool as called.
        tool: &'a str,
        /// What the error says.
        message: Option<&'a str>,
    },
    /// An error a proxy tool forwarded from the server behind it (its
    /// refusal of a call, its handler's message): not the proxy's own, so
    /// never vouched for, whatever [`HandlerErrors`] says; its message as
    /// read (`None` when it could not be).
    ForwardedError {
        /// The tool as called.
        tool: &'a str,
        /// What the forwarded error says.
        message: Option<&'a str>,
    },
    /// The handler's result broke the tool's own output schema.
    InvalidOutput {
        /// The tool as called.
        tool: &'a str,
    },
    /// The tool's own `isError` result: the tool's answer, which it vouches
    /// for.
    OwnErrorResult {
        /// The tool as called.
        tool: &'a str,
    },
    /// Something the SDK read around the call failed (a hostile value).
    Failed {
        /// The tool as called.
        tool: &'a str,
    },
}

/// The answer in place of the SDK's. The list may grow (a `match` needs a
/// wildcard arm), as [`Failure`]'s may.
///
/// ```compile_fail,E0004
/// use mcp_boundary::Answer;
/// fn kept(a: &Answer<'_>) -> bool {
///     match a {
///         Answer::Result(_) | Answer::Rejection(..) | Answer::Error(_) => false,
///         Answer::Keep => true,
///     }
/// }
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Answer<'a> {
    /// An `isError` `CallToolResult`.
    Result(ToolErrorResult<'a>),
    /// A recipient's rejection as its tool result (`structuredContent` left
    /// out for a tool that declares an output schema).
    Rejection(RejectionResult<'a>, bool),
    /// A JSON-RPC error (`code`, `message`, `data`) for the request.
    Error(RpcError<'a>),
    /// The SDK's own answer stands.
    Keep,
}

/// A decision: the answer, and the kind the operator's `on_error` hears
/// (`None`: nothing was replaced, nothing is told).
#[derive(Debug, Clone, PartialEq)]
pub struct Decision<'a> {
    /// The answer.
    pub answer: Answer<'a>,
    /// What `on_error` hears.
    pub heard: Option<ReplacedAnswer>,
}

impl Protection {
    /// The answer for `failure`, from `catalog`:
    ///
    /// | failure | answer | `on_error` hears |
    /// |---|---|---|
    /// | invalid arguments | `isError` result from the issues (field and what it takes) | `invalid_arguments` |
    /// | a recipient rejected | the rejection's tool result | `invalid_arguments` |
    /// | unknown tool | JSON-RPC `-32602` `unknown tool`, suggestions | `unknown_tool` |
    /// | handler error | classified, else `tool <name> failed`; with `pass`, the SDK's (a message that cannot be read: `tool <name> failed`) | `handler_error` (not with `pass`) |
    /// | a proxy's forwarded error | classified, else `tool <name> failed`, also with `pass` | `handler_error` |
    /// | invalid output | `tool <name> failed` | `invalid_output` |
    /// | the tool's own `isError` result | the SDK's | nothing |
    /// | failed around the call | `tool <name> failed` | `failed` |
    ///
    /// ```
    /// use mcp_boundary::{Answer, Failure, ListedTool, Protection, ReplacedAnswer};
    ///
    /// let protection = Protection::default();
    /// let catalog = protection.catalog([ListedTool::new("list_bounties", None, false)]);
    /// let decision = protection.answer(&catalog, Failure::HandlerError { tool: "list_bounties", message: Some("db at 10.0.0.7 down") });
    /// let Answer::Result(result) = &decision.answer else { unreachable!() };
    /// assert_eq!(result.content[0].text, "tool list_bounties failed");
    /// assert_eq!(decision.heard, Some(ReplacedAnswer::HandlerError));
    /// ```
    #[must_use]
    pub fn answer<'a>(&self, catalog: &'a ServerCatalog, failure: Failure<'a>) -> Decision<'a> {
        let c = &catalog.classifier;
        let (answer, heard) = match failure {
            Failure::InvalidArguments { tool, issues } => {
                (Answer::Result(c.issues_result(tool, issues)), Some(ReplacedAnswer::InvalidArguments))
            }
            Failure::RecipientRejected { tool, rejection } => (
                Answer::Rejection(rejection.tool_result(), c.structured_errors(tool)),
                Some(ReplacedAnswer::InvalidArguments),
            ),
            Failure::UnknownTool { name } => (
                Answer::Error(RpcError {
                    code: INVALID_PARAMS,
                    message: UNKNOWN_TOOL_MESSAGE,
                    data: Some(RpcData::UnknownTool { code: UNKNOWN_TOOL, suggestions: c.suggest_tools(name) }),
                }),
                Some(ReplacedAnswer::UnknownTool),
            ),
            Failure::HandlerError { message: Some(_), .. } if self.handler_errors == HandlerErrors::Pass => {
                (Answer::Keep, None)
            }
            Failure::HandlerError { tool, message } | Failure::ForwardedError { tool, message } => (
                Answer::Result(c.handler_error_result(tool, message.unwrap_or_default()).into()),
                Some(ReplacedAnswer::HandlerError),
            ),
            Failure::InvalidOutput { tool } => {
                (Answer::Result(c.handler_error_result(tool, "").into()), Some(ReplacedAnswer::InvalidOutput))
            }
            Failure::OwnErrorResult { .. } => (Answer::Keep, None),
            Failure::Failed { tool } => {
                (Answer::Result(c.handler_error_result(tool, "").into()), Some(ReplacedAnswer::Failed))
            }
        };
        Decision { answer, heard }
    }
}

/// A decision as the bindings read it: `{"kind": …, "result": …}`, or
/// `{"kind": …, "error": …}` (a JSON-RPC error object to raise), or
/// `{"kind": null}` (the SDK's answer stands); `kind` is what `on_error`
/// hears, or null.
impl Serialize for Decision<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", &self.heard.map(ReplacedAnswer::as_str))?;
        match &self.answer {
            Answer::Result(result) => map.serialize_entry("result", result)?,
            Answer::Rejection(result, true) => map.serialize_entry("result", result)?,
            Answer::Rejection(result, false) => map.serialize_entry("result", &TextOnly(result))?,
            Answer::Error(error) => map.serialize_entry("error", error)?,
            Answer::Keep => {}
        }
        map.end()
    }
}

/// A rejection's tool result without `structuredContent`.
struct TextOnly<'r, 'e>(&'r RejectionResult<'e>);

impl Serialize for TextOnly<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("content", &self.0.content)?;
        map.serialize_entry("isError", &self.0.is_error)?;
        map.end()
    }
}
