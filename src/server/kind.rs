//! Why a protected server replaced the answer its SDK would have given:
//! what the operator's `onError` hears, so that logs tell what went wrong
//! while the model is answered safely.

/// The kind of answer a protected server gave in place of its SDK's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReplacedAnswer {
    /// The tool's input schema refused the arguments.
    InvalidArguments,
    /// No tool has the name that was called.
    UnknownTool,
    /// The tool's handler threw.
    HandlerError,
    /// The handler's result broke the tool's own output schema.
    InvalidOutput,
    /// Something the SDK read around the call threw (a hostile value).
    Failed,
    /// The SDK refused the HTTP request before any server code ran, with an
    /// answer that can quote it ([`replace_refusal`](crate::replace_refusal)).
    RequestRefused,
}

impl ReplacedAnswer {
    /// Every kind, in declaration order.
    pub const ALL: [Self; 6] = [
        Self::InvalidArguments,
        Self::UnknownTool,
        Self::HandlerError,
        Self::InvalidOutput,
        Self::Failed,
        Self::RequestRefused,
    ];

    /// The kind's name: `"invalid_arguments"`, `"unknown_tool"`,
    /// `"handler_error"`, `"invalid_output"`, `"failed"` or `"request_refused"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidArguments => "invalid_arguments",
            Self::UnknownTool => "unknown_tool",
            Self::HandlerError => "handler_error",
            Self::InvalidOutput => "invalid_output",
            Self::Failed => "failed",
            Self::RequestRefused => "request_refused",
        }
    }
}
