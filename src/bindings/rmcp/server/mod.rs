//! [`protect`]: a `#[tool_router]` server's tools answered by the core's
//! policy (SPEC §6.1, §9). rmcp's `#[tool_handler]` calls the router it is
//! given (`router = self.tool_router`) by its methods `call`, `list_all`
//! and `get`, so a [`ProtectedRouter`] in that field protects every call
//! without the server forwarding any `ServerHandler` method.
//!
//! What rmcp does and what this binding recognizes in it:
//! - `Parameters<T>` refuses arguments with serde's message, which quotes
//!   them: the arguments are checked first against the tool's own
//!   published input schema ([`ArgumentCheck`]), and a serde refusal that
//!   the schema did not foresee is answered without its message;
//! - a handler's `Err(String)` becomes an `isError` result equal to a
//!   tool's own `CallToolResult::error(…)` (rmcp's own example of which
//!   quotes the call): both are the handler's error, classified;
//! - `Err(ErrorData)` is a JSON-RPC error with the handler's message and
//!   data: classified too, but for a URL elicitation (`-32042`), which the
//!   client must get as it is;
//! - a name the router lacks (or has disabled): the unknown-tool answer.
//!
//! Files: `router.rs` ([`ProtectedRouter`]), `replaced.rs` (what the
//! operator's hook hears), `convert.rs` (the core's decision as rmcp's
//! types), `recipient.rs` ([`recipient_schema`]), `methods.rs`
//! ([`method_not_found`]).

mod convert;
mod methods;
mod recipient;
mod replaced;
mod router;

pub use methods::method_not_found;
pub use recipient::recipient_schema;
pub use replaced::{Original, Replaced};
pub use router::{protect, protect_with, ProtectedRouter};
