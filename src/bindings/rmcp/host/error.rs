//! What a [`HostRouter`](super::HostRouter) reports: what a listing left out,
//! the unknown-tool answer, and its errors.

use std::fmt;

use rmcp::ServiceError;
use serde_json::Value;

use crate::{Refused, RouterError, ToolNameError, ToolNameReason, INVALID_PARAMS, UNKNOWN_TOOL_MESSAGE};

/// A tool that no alias can stand for under the router's options (an empty
/// name; with [`Overflow::Error`](crate::Overflow::Error), a name the profile
/// does not show as it is), left out under
/// [`OnCollision::Skip`](super::OnCollision::Skip).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unrepresentable {
    /// `server/tool`.
    pub canonical: String,
    /// Why.
    pub reason: ToolNameReason,
}

/// What a listing of a server's tools left out (under
/// [`OnCollision::Skip`](super::OnCollision::Skip); with
/// [`OnCollision::Error`](super::OnCollision::Error) both are empty).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ListReport {
    /// The tools whose alias another name has.
    pub refused: Vec<Refused>,
    /// The tools no alias can stand for.
    pub unrepresentable: Vec<Unrepresentable>,
}

/// The router's tools as one provider's request declares them
/// ([`HostRouter::tools`](super::HostRouter::tools)), and those left out.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct ToolDefinitions {
    /// The definitions, under their aliases, in registration order.
    pub tools: Vec<Value>,
    /// The tools whose alias the provider would refuse (made under a longer
    /// profile than the format's): the other tools are declared all the same.
    pub left_out: Vec<LeftOut>,
}

/// A tool [`HostRouter::tools`](super::HostRouter::tools) left out: its
/// alias does not fit the format's profile. Under the router's options
/// the tool is registered and callable; give the router that provider's
/// profile (or a shorter one) to have it declared.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct LeftOut {
    /// The alias the router gave it.
    pub alias: String,
    /// `server/tool`.
    pub canonical: String,
    /// Why the format's profile refuses the alias.
    pub reason: ToolNameReason,
}

/// §4.3's unknown-tool answer for a name that is neither an alias nor a
/// canonical name of the router's tools: JSON-RPC `-32602` `unknown
/// tool`, with up to three of the router's aliases nearest to it. The
/// name itself is never kept, so no message or log of it can echo it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTool {
    pub(super) suggestions: Vec<String>,
    pub(super) data: Value,
}

impl UnknownTool {
    /// `-32602` (invalid params).
    #[must_use]
    pub fn code(&self) -> i64 {
        INVALID_PARAMS
    }

    /// `unknown tool`.
    #[must_use]
    pub fn message(&self) -> &'static str {
        UNKNOWN_TOOL_MESSAGE
    }

    /// Up to three aliases nearest to the name asked for, nearest first.
    #[must_use]
    pub fn suggestions(&self) -> &[String] {
        &self.suggestions
    }

    /// `error.data`: `{ "code": "unknown_tool", "suggestions": [...] }`.
    #[must_use]
    pub fn data(&self) -> &Value {
        &self.data
    }

    /// The JSON-RPC error for a host that answers an MCP client itself.
    #[must_use]
    pub fn to_error_data(&self) -> rmcp::ErrorData {
        rmcp::ErrorData::invalid_params(UNKNOWN_TOOL_MESSAGE, Some(self.data.clone()))
    }
}

impl fmt::Display for UnknownTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(UNKNOWN_TOOL_MESSAGE)
    }
}

impl std::error::Error for UnknownTool {}

/// An error of a [`HostRouter`](super::HostRouter). Its message, its
/// `Debug` and its [`source`](std::error::Error::source) chain are fixed
/// text, numbers, or the core's (which never echoes a model's input): what
/// a server said, which may quote what it was sent, is reachable only
/// through [`ServerError::service_error`] and
/// [`ConnectionError::service_error`].
#[derive(Debug)]
#[non_exhaustive]
pub enum HostError {
    /// A server name the router refuses (`INVALID_ARGUMENT`), or a
    /// `tools/list` it does not follow (`TOOL_LIST_REFUSED`: past
    /// [`MAX_LIST_PAGES`](crate::MAX_LIST_PAGES) pages or
    /// [`MAX_LISTED_TOOLS`](crate::MAX_LISTED_TOOLS) tools, or a cursor
    /// handed back again).
    Router(RouterError),
    /// A list the registry refuses: a collision under
    /// [`OnCollision::Error`](super::OnCollision::Error), a name no alias can
    /// stand for.
    ToolName(ToolNameError),
    /// The server answered the request with a JSON-RPC error.
    Server(ServerError),
    /// The connection failed: closed, timed out, cancelled, an answer of
    /// another type than the request's.
    Connection(ConnectionError),
    /// [`HostRouter::call_tool`](super::HostRouter::call_tool) with a name that
    /// is no tool of the router.
    UnknownTool(UnknownTool),
    /// The add was overtaken by a later
    /// [`add_server`](super::HostRouter::add_server) or
    /// [`remove_server`](super::HostRouter::remove_server) of the same name
    /// before its tools were in place: nothing of it is registered.
    Superseded,
}

/// A server's JSON-RPC error answer ([`HostError::Server`]): its code
/// only, unless asked for its own text.
pub struct ServerError {
    code: i64,
    error: ServiceError,
}

impl ServerError {
    /// The JSON-RPC error code the server answered with.
    #[must_use]
    pub fn code(&self) -> i64 {
        self.code
    }

    /// The server's own error as rmcp gave it (`ServiceError::McpError`):
    /// its message and data are the server's text, which may quote what it
    /// was sent (a model's arguments). Never hand it to a model or a log
    /// unchecked.
    #[must_use]
    pub fn service_error(&self) -> &ServiceError {
        &self.error
    }

    /// [`service_error`](Self::service_error), owned.
    #[must_use]
    pub fn into_service_error(self) -> ServiceError {
        self.error
    }
}

impl fmt::Debug for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServerError").field("code", &self.code).finish_non_exhaustive()
    }
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the server answered with JSON-RPC error {}", self.code)
    }
}

impl std::error::Error for ServerError {}

/// A failed connection ([`HostError::Connection`]): what failed, in
/// rmcp's fixed terms, unless asked for its own text.
pub struct ConnectionError {
    error: ServiceError,
}

impl ConnectionError {
    /// What failed: `closed`, `send`, `timeout`, `cancelled`,
    /// `unexpected_response`, `lagged`, `input_required_rounds`, or
    /// `other` (an error of a later rmcp).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self.error {
            ServiceError::TransportClosed => "closed",
            ServiceError::TransportSend(_) => "send",
            ServiceError::Timeout { .. } => "timeout",
            ServiceError::Cancelled { .. } => "cancelled",
            ServiceError::UnexpectedResponse => "unexpected_response",
            ServiceError::SubscriptionLagged { .. } => "lagged",
            ServiceError::InputRequiredRoundsExceeded { .. } => "input_required_rounds",
            _ => "other",
        }
    }

    /// rmcp's own error: a transport's message, or a cancellation's
    /// reason, may be the peer's text. Never hand it to a model or a log
    /// unchecked.
    #[must_use]
    pub fn service_error(&self) -> &ServiceError {
        &self.error
    }

    /// [`service_error`](Self::service_error), owned.
    #[must_use]
    pub fn into_service_error(self) -> ServiceError {
        self.error
    }
}

impl fmt::Debug for ConnectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConnectionError").field("kind", &self.kind()).finish_non_exhaustive()
    }
}

impl fmt::Display for ConnectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the server's connection failed ({})", self.kind())
    }
}

impl std::error::Error for ConnectionError {}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Router(e) => write!(f, "{e}"),
            Self::ToolName(e) => write!(f, "{e}"),
            Self::Server(e) => write!(f, "{e}"),
            Self::Connection(e) => write!(f, "{e}"),
            Self::UnknownTool(e) => write!(f, "{e}"),
            Self::Superseded => f.write_str(
                "a later add_server or remove_server of the name came first: nothing of this one is registered",
            ),
        }
    }
}

impl std::error::Error for HostError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Router(e) => Some(e),
            Self::ToolName(e) => Some(e),
            Self::Server(e) => Some(e),
            Self::Connection(e) => Some(e),
            Self::UnknownTool(e) => Some(e),
            Self::Superseded => None,
        }
    }
}

impl From<RouterError> for HostError {
    fn from(e: RouterError) -> Self {
        Self::Router(e)
    }
}

impl From<ToolNameError> for HostError {
    fn from(e: ToolNameError) -> Self {
        Self::ToolName(e)
    }
}

impl From<ServiceError> for HostError {
    /// The server's JSON-RPC error answer is [`HostError::Server`], with its
    /// code; anything else, [`HostError::Connection`].
    fn from(error: ServiceError) -> Self {
        match &error {
            ServiceError::McpError(data) => Self::Server(ServerError { code: i64::from(data.code.0), error }),
            _ => Self::Connection(ConnectionError { error }),
        }
    }
}

impl From<UnknownTool> for HostError {
    fn from(e: UnknownTool) -> Self {
        Self::UnknownTool(e)
    }
}
