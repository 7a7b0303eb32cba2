//! An MCP server's protection policy (SPEC §6.1): what a protected server
//! answers for each failure at its tool boundary, decided once here for
//! every integration (JS on either TypeScript SDK line, Python on `mcp`
//! and `fastmcp`, Rust on rmcp). An integration only recognizes which
//! [`Failure`] happened in its SDK and converts the [`Decision`] to its
//! SDK's types.
//!
//! - [`Protection`]: the checked [`ProtectOptions`] (the server's own
//!   phrases, [`HandlerErrors`]);
//! - [`Protection::catalog`]: the [`ServerCatalog`] of the tools as listed
//!   ([`ListedTool`]), built when the list changes, never per failure;
//! - [`Protection::answer`]: the [`Decision`] for a [`Failure`], and the
//!   [`ReplacedAnswer`] kind the operator's `on_error` hears;
//! - [`ArgumentCheck`]: a call's arguments against the tool's published
//!   input schema, for an SDK whose own reading checks less and quotes
//!   what it refuses (rmcp's serde);
//! - [`replace_refusal`], [`replace_refusal_body`]: the SDK's own refusals
//!   of an HTTP request, before any server code runs.
//!
//! ```
//! use mcp_boundary::{Answer, Failure, Issue, ListedTool, ProtectOptions, Protection};
//! use serde_json::json;
//!
//! let protection = Protection::new(ProtectOptions::default())?;
//! let schema = json!({"type": "object", "properties": {"status": {"enum": ["open", "closed"]}}});
//! let catalog = protection.catalog([ListedTool::new("list_bounties", Some(&schema), false)]);
//! let issues = [Issue::Pydantic { error_type: "enum", first_segment: Some("status"), nested: false }];
//! let decision = protection.answer(&catalog, Failure::InvalidArguments { tool: "list_bounties", issues: &issues });
//! let Answer::Result(result) = decision.answer else { unreachable!() };
//! assert_eq!(result.content[0].text, "invalid tool arguments for list_bounties: status must be one of open, closed");
//! # Ok::<(), mcp_boundary::OptionsError>(())
//! ```

mod answer;
mod arguments;
mod catalog;
mod kind;
mod options;
mod refusal;

pub use answer::{Answer, Decision, Failure};
pub use arguments::{ArgumentCheck, SchemaIssue};
pub use catalog::{ListedTool, ServerCatalog};
pub use kind::ReplacedAnswer;
pub use options::{HandlerErrors, ProtectOptions, Protection};
pub use refusal::{
    refusal_answer, refusal_message, refusal_text, replace_refusal, replace_refusal_body, SafeRefusal,
    MAX_REFUSAL_BYTES, REFUSAL_STATUSES,
};
