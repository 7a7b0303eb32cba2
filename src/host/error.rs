//! The errors of a tool router: a value of the wrong kind, a server name
//! that could stand for another server's tools, a `tools/list` it will not
//! follow. Their messages are fixed texts and bounds, never the input.

use std::fmt;

use serde::Serialize;

use super::listing::{MAX_LISTED_TOOLS, MAX_LIST_PAGES};
use crate::error::{BoundaryError, Detail};

/// Why a server name is refused (`docs/DECISIONS.md`), without the name:
/// an alias is the server name, `__`, then the tool's part, plain or
/// hashed, so the server must be the part before the alias's first `__`
/// for any tool and any order of adds.
const SERVER_NAME_RULE: &str = "ToolRouter.addServer: a server name is a string that is not empty, contains neither '/' nor '__', does not end in '_', and is shown as it is under the router's profile with 11 characters to spare (for '__' and a hash suffix)";

/// The stable code of a [`RouterError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum RouterCode {
    /// `INVALID_ARGUMENT`, the code of [`ArgumentError`](crate::ArgumentError)
    /// too: a value of the wrong kind, or a server name that is refused.
    #[serde(rename = "INVALID_ARGUMENT")]
    InvalidArgument,
    /// `TOOL_LIST_REFUSED`: a server's `tools/list` that is not followed.
    #[serde(rename = "TOOL_LIST_REFUSED")]
    ToolListRefused,
}

impl RouterCode {
    /// Every code.
    pub const ALL: [Self; 2] = [Self::InvalidArgument, Self::ToolListRefused];

    /// `"INVALID_ARGUMENT"` or `"TOOL_LIST_REFUSED"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidArgument => "INVALID_ARGUMENT",
            Self::ToolListRefused => "TOOL_LIST_REFUSED",
        }
    }

    /// Its name in a binding's table: `"invalidArgument"`, `"toolListRefused"`.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::InvalidArgument => "invalidArgument",
            Self::ToolListRefused => "toolListRefused",
        }
    }

    /// The reasons that come with this code, in [`RouterReason::ALL`]'s order.
    pub fn reasons(self) -> impl Iterator<Item = RouterReason> {
        RouterReason::ALL.into_iter().filter(move |r| r.code() == self)
    }
}

/// Why a [`RouterError`] arose, within its [`RouterCode`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RouterReason {
    /// `wrong_type`: not the kind of value expected (see [`RouterArgument`]).
    WrongType,
    /// `invalid_server_name`: empty, with `/` or `__`, ending in `_`, or not
    /// shown as it is under the router's profile with
    /// [`SERVER_NAME_ROOM`](super::SERVER_NAME_ROOM) characters to spare.
    InvalidServerName,
    /// `repeated_cursor`: a `tools/list` cursor handed back again (it would
    /// be listed for ever).
    RepeatedCursor,
    /// `too_many_pages`: more than [`MAX_LIST_PAGES`] pages.
    TooManyPages,
    /// `too_many_tools`: more than [`MAX_LISTED_TOOLS`] tools.
    TooManyTools,
}

impl RouterReason {
    /// Every reason.
    pub const ALL: [Self; 5] =
        [Self::WrongType, Self::InvalidServerName, Self::RepeatedCursor, Self::TooManyPages, Self::TooManyTools];

    /// The stable `snake_case` name, e.g. `"invalid_server_name"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::WrongType => "wrong_type",
            Self::InvalidServerName => "invalid_server_name",
            Self::RepeatedCursor => "repeated_cursor",
            Self::TooManyPages => "too_many_pages",
            Self::TooManyTools => "too_many_tools",
        }
    }

    /// The code this reason comes with.
    #[must_use]
    pub fn code(self) -> RouterCode {
        match self {
            Self::WrongType | Self::InvalidServerName => RouterCode::InvalidArgument,
            Self::RepeatedCursor | Self::TooManyPages | Self::TooManyTools => RouterCode::ToolListRefused,
        }
    }
}

/// What a binding's router, `protectServer` or `recipientSchema` expected
/// of an argument of the wrong kind: each has its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RouterArgument {
    /// `protectServer(server)`: an `McpServer` of the official SDK (v1 or v2).
    McpServer,
    /// `recipientSchema(z)`: the `z` of Zod 3 or Zod 4.
    Zod,
    /// `addServer(name)`: a server name string (the message is the rule).
    ServerName,
    /// `addServer(…, client)`: a connected SDK `Client`.
    Client,
    /// `callTool(…, args)`: an object of arguments.
    ToolArguments,
    /// `protectServer(…, { onError })`: a function.
    OnError,
    /// `protectHandler(handler)`: what the SDK's `createMcpHandler` returns.
    Handler,
    /// `recipientValibot(v)`: the `v` of Valibot 1.x.
    Valibot,
    /// `recipientArkType(type)`: ArkType 2.x's `type`.
    ArkType,
    /// Python's `protect_server(server)`: a server of a Python MCP SDK.
    PythonServer,
    /// Python's `protect_server(…, on_error=)`: a callable.
    PythonOnError,
    /// Python's `protect_server(…, handler_errors=)`: `"classify"` or `"pass"`.
    PythonHandlerErrors,
    /// Python's `protect_server(…, messages=)`: phrases, not one string.
    PythonMessages,
}

impl RouterArgument {
    /// Every argument, in the order of the binding's numbers.
    pub const ALL: [Self; 13] = [
        Self::McpServer,
        Self::Zod,
        Self::ServerName,
        Self::Client,
        Self::ToolArguments,
        Self::OnError,
        Self::Handler,
        Self::Valibot,
        Self::ArkType,
        Self::PythonServer,
        Self::PythonOnError,
        Self::PythonHandlerErrors,
        Self::PythonMessages,
    ];

    /// The message of its error.
    #[must_use]
    pub fn message(self) -> &'static str {
        match self {
            Self::McpServer => "protectServer: expected an McpServer of the MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x or @modelcontextprotocol/server 2.x)",
            Self::Zod => "recipientSchema: expected the z of Zod 3 or Zod 4 (classic or Mini)",
            Self::ServerName => SERVER_NAME_RULE,
            Self::Client => "ToolRouter.addServer: expected a Client of the MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x or @modelcontextprotocol/client 2.x)",
            Self::ToolArguments => {
                "ToolRouter.callTool: the arguments must be an object (OpenAI's arrive as JSON text: JSON.parse them first)"
            }
            Self::OnError => "protectServer: onError must be a function (it is called with { tool, kind, error, issues })",
            Self::Handler => "protectHandler: expected what createMcpHandler returns (an object with a fetch function)",
            Self::Valibot => "recipientValibot: expected the v of Valibot 1.x (import * as v from \"valibot\")",
            Self::ArkType => "recipientArkType: expected ArkType 2.x's type (import { type } from \"arktype\")",
            Self::PythonServer => {
                "protect_server: expected a server of a Python MCP SDK (mcp 1.x FastMCP, mcp 2.x MCPServer, fastmcp 2.x-4.x FastMCP)"
            }
            Self::PythonOnError => "protect_server: on_error must be callable (it is called with {tool, kind, error, issues})",
            Self::PythonHandlerErrors => "protect_server: handler_errors must be \"classify\" or \"pass\"",
            Self::PythonMessages => "protect_server: messages must be a sequence of phrases, not one string",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    WrongType(RouterArgument),
    InvalidServerName,
    RepeatedCursor,
    TooManyPages,
    TooManyTools,
}

/// An error of a tool router (or of what serves it: `protectServer`,
/// `recipientSchema`, `check-tools`): `INVALID_ARGUMENT` for a value of the
/// wrong kind or a refused server name, `TOOL_LIST_REFUSED` for a server's
/// `tools/list` that is not followed. Its message is fixed text and the
/// bound, never the input; it serializes as `{ code, reason, message,
/// limit? }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouterError {
    kind: Kind,
}

impl RouterError {
    /// An argument of the wrong kind.
    #[must_use]
    pub fn wrong_type(expected: RouterArgument) -> Self {
        Self { kind: Kind::WrongType(expected) }
    }

    pub(crate) fn invalid_server_name() -> Self {
        Self { kind: Kind::InvalidServerName }
    }

    pub(super) fn list_refused(reason: RouterReason) -> Self {
        let kind = match reason {
            RouterReason::TooManyPages => Kind::TooManyPages,
            RouterReason::TooManyTools => Kind::TooManyTools,
            _ => Kind::RepeatedCursor,
        };
        Self { kind }
    }

    /// `INVALID_ARGUMENT` or `TOOL_LIST_REFUSED`.
    #[must_use]
    pub fn code(&self) -> RouterCode {
        self.reason().code()
    }

    /// Why, within the code.
    #[must_use]
    pub fn reason(&self) -> RouterReason {
        match self.kind {
            Kind::WrongType(_) => RouterReason::WrongType,
            Kind::InvalidServerName => RouterReason::InvalidServerName,
            Kind::RepeatedCursor => RouterReason::RepeatedCursor,
            Kind::TooManyPages => RouterReason::TooManyPages,
            Kind::TooManyTools => RouterReason::TooManyTools,
        }
    }

    /// The bound passed: [`MAX_LIST_PAGES`] or [`MAX_LISTED_TOOLS`].
    #[must_use]
    pub fn limit(&self) -> Option<usize> {
        match self.kind {
            Kind::TooManyPages => Some(MAX_LIST_PAGES),
            Kind::TooManyTools => Some(MAX_LISTED_TOOLS),
            _ => None,
        }
    }
}

impl fmt::Display for RouterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NOT_TAKEN: &str = "none of that list is taken";
        match self.kind {
            Kind::WrongType(expected) => f.write_str(expected.message()),
            Kind::InvalidServerName => f.write_str(SERVER_NAME_RULE),
            Kind::RepeatedCursor => {
                write!(f, "the server's tools/list repeated a cursor (it would be listed for ever): {NOT_TAKEN}")
            }
            Kind::TooManyPages => {
                write!(f, "the server's tools/list has more than {MAX_LIST_PAGES} pages: {NOT_TAKEN}")
            }
            Kind::TooManyTools => {
                write!(f, "the server's tools/list has more than {MAX_LISTED_TOOLS} tools: {NOT_TAKEN}")
            }
        }
    }
}

impl std::error::Error for RouterError {}

crate::error::serialize_as_error!(RouterError);

impl BoundaryError for RouterError {
    fn code(&self) -> &'static str {
        RouterError::code(self).as_str()
    }
    fn reason(&self) -> &'static str {
        RouterError::reason(self).as_str()
    }
    fn details(&self) -> Vec<(&'static str, Detail)> {
        self.limit().map(|limit| ("limit", Detail::Number(limit))).into_iter().collect()
    }
}
