//! MCP hosts and servers on the official SDK (SPEC §6–§7): the rules a
//! tool router applies to a server's name and to listing a server's tools,
//! and every message that the router, `protectServer` and the
//! `check-tools` command give, spelled once for every binding.
//!
//! ```
//! use mcp_boundary::{check_server_name, BuiltinProfile, Profile, RouterReason, ToolListing};
//!
//! let openai = Profile::builtin(BuiltinProfile::OpenAi);
//! assert!(check_server_name("github", &openai).is_ok());
//! assert_eq!(check_server_name("git__hub", &openai).unwrap_err().reason(), RouterReason::InvalidServerName);
//!
//! let mut listing = ToolListing::new();
//! assert_eq!(listing.page(10, Some("page-2")), Ok(true)); // ask for the page at "page-2"
//! assert_eq!(listing.page(10, Some("page-2")).unwrap_err().reason(), RouterReason::RepeatedCursor);
//! ```

pub(crate) mod check_tools;
mod error;
mod listing;
mod server_name;
pub(crate) mod texts;

pub use check_tools::{check_tool_names, CollisionFinding, ProfileFindings, ToolFinding, ToolFit, ToolNameCheck};
pub use error::{RouterCode, RouterError, RouterReason};
pub use listing::{ToolListing, LISTEN_RETRY_MS, MAX_LISTED_TOOLS, MAX_LIST_PAGES, MAX_LIST_ROUNDS};
pub use server_name::{check_server_name, SERVER_NAME_ROOM};

#[cfg(test)]
mod tests;
