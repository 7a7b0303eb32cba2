//! Rust MCP servers and hosts on rmcp 3.x, the official Rust SDK (SPEC §9;
//! the `rmcp` feature, `rmcp-http` for the HTTP layer). As the JS and
//! Python bindings do, this one recognizes what happened in rmcp, converts
//! rmcp's values to the core's, asks the core and converts its answer back:
//! every answer is the core's ([`crate::Protection::answer`]).

mod host;
#[cfg(feature = "rmcp-http")]
mod http;
mod server;

pub use host::{
    ConnectionError, HostError, HostOptions, HostRouter, LeftOut, ListReport, OnCollision, RegistryGuard, ServerError,
    ToolDefinitions, ToolListChanges, UnknownTool, Unrepresentable,
};
#[cfg(feature = "rmcp-http")]
pub use http::{ProtectHttp, ProtectHttpLayer, ProtectedBody, RefusedRequest};
pub use server::{method_not_found, protect, protect_with, recipient_schema, Original, ProtectedRouter, Replaced};
