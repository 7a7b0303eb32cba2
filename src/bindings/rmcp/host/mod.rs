//! A router over rmcp client connections (SPEC §7, §9): a host's tools from its
//! connected servers, each as `server/tool` in one
//! [`ToolRegistry`](crate::ToolRegistry), declared to a provider in its own
//! shape, and a model's call routed back to the server that has the tool, by
//! that server's own name for it. Every rule, bound and message is the core's
//! ([`check_server_name`](crate::check_server_name),
//! [`ToolListing`](crate::ToolListing), the registry, the unknown-tool answer);
//! this module converts rmcp's values to the core's and back, and keeps the
//! mapping right whatever order adds, removes and list changes come in. It
//! behaves as `js/mcp/router.js` does.

mod error;
mod follow;
mod options;
mod router;

pub use error::{
    ConnectionError, HostError, LeftOut, ListReport, ServerError, ToolDefinitions, UnknownTool, Unrepresentable,
};
pub use follow::ToolListChanges;
pub use options::{HostOptions, OnCollision};
pub use router::{HostRouter, RegistryGuard};
