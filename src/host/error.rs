//! The errors of a tool router: a server name
//! that could stand for another server's tools, a `tools/list` it will not
//! follow. Their messages are fixed texts and bounds, never the input.

use std::fmt;

use serde::Serialize;

use super::listing::{MAX_LISTED_TOOLS, MAX_LIST_PAGES};
use crate::error::{BoundaryError, Detail};

/// Why a server name is refused (`docs/DECISIONS.md`), without the name:
/// an alias is the server name, `__`, then the tool's part, plain or
/// hashed, so the server must be the part before the alias's first `__`
/// for any tool and any order of adds. (A binding says which of its
/// methods refused it.)
const SERVER_NAME_RULE: &str = "a server name is a string that is not empty, contains neither '/' nor '__', does not end in '_', and is shown as it is under the router's profile with 11 characters to spare (for '__' and a hash suffix)";

/// The stable code of a [`RouterError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub enum RouterCode {
    /// `INVALID_ARGUMENT`: a server name that is refused (and, in a
    /// binding, a value of the wrong kind, the code of its argument errors).
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
    /// `wrong_type`: not the kind of value expected. The Rust API is
    /// typed, so only a binding raises it, for a value of its language
    /// (`protectServer(server)` given no server); no [`RouterError`] has it.
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    InvalidServerName,
    RepeatedCursor,
    TooManyPages,
    TooManyTools,
}

/// An error of a tool router: `INVALID_ARGUMENT` for a refused server
/// name ([`check_server_name`](super::check_server_name)), `TOOL_LIST_REFUSED` for a server's
/// `tools/list` that is not followed. Its message is fixed text and the
/// bound, never the input; it serializes as `{ code, reason, message,
/// limit? }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouterError {
    kind: Kind,
}

impl RouterError {
    #[cold]
    pub(crate) fn invalid_server_name() -> Self {
        Self { kind: Kind::InvalidServerName }
    }

    #[cold]
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
