//! Checks for the place where an MCP host takes in untrusted strings from
//! language models and peer agents: recipients (`AGENT:*` or
//! `@<identifier>`, with teaching rejections), per-recipient read state of
//! broadcasts, tool-name aliases that each provider accepts (mapped back
//! exactly, collisions refused, payloads rewritten), and tool-argument
//! error data that never echoes its input.
//!
//! ```
//! use mcp_boundary::{validate_recipient, Recipient, ToolRegistry};
//!
//! assert_eq!(validate_recipient("@neo-gpt"), Ok(Recipient::Identity("neo-gpt")));
//! assert_eq!(validate_recipient("AGENT:gpt").unwrap_err().reason().as_str(), "agent_prefix_with_name");
//!
//! let mut tools = ToolRegistry::default();
//! assert_eq!(tools.register("github/create_issue").unwrap(), "github__create_issue");
//! assert_eq!(tools.to_canonical("github__create_issue"), Some("github/create_issue"));
//! ```
//!
//! The same crate compiled to WebAssembly is the `mcp-boundary` npm
//! package; its JS binding lives in a private module, so this Rust API has
//! no wasm-bindgen types.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod delivery;
mod error;
mod error_data;
mod fast_hash;
mod heap_sort;
mod host;
mod interned;
mod nearest;
mod recipient;
mod safe_text;
mod stream;
mod tool_name;

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod binding;

/// The README's Rust examples, run as doc tests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

pub use delivery::{
    broadcast_audience, is_utc_timestamp, list_unread, mark_read, plan_delivery, read_state, records_from_json,
    unread_count, AgentEntry, DeliveryPlan, Field, MalformedRecord, MarkError, MarkRead, MarkTarget, MessageRecord,
    NotARecipient, ReadState, Receipt, Receipts, RecordKeys, RECORD_KEYS,
};
pub use error::{ArgumentError, BoundaryError, Detail, OptionPath, OptionsError};
pub use error_data::{
    error_text, issue_message, Catalog, ErrorClassifier, ErrorData, ErrorResponse, FieldHint, FieldPhrases, Issue,
    RpcData, RpcError, StructuredError, TextContent, ToolErrorResult, ToolFailure, ToolFields, INVALID_ARGUMENT,
    INVALID_ARGUMENTS_MESSAGE, INVALID_PARAMS, ISSUES_IN_TEXT, ISSUE_MESSAGES, MAX_CATALOG_ENTRIES, UNKNOWN_TOOL,
    UNKNOWN_TOOL_MESSAGE,
};
pub use host::{
    check_server_name, check_tool_names, CheckToolsText, CollisionFinding, ProfileFindings, RouterArgument, RouterCode,
    RouterError, RouterReason, ToolFinding, ToolFit, ToolListing, ToolNameCheck, UnknownName, MAX_LISTED_TOOLS,
    MAX_LIST_PAGES, SERVER_NAME_ROOM,
};
pub use recipient::{
    validate_recipient, Recipient, RecipientError, RecipientJsonSchema, RecipientOptions, RecipientValidator,
    RejectionContent, RejectionReason, RejectionResult, BROADCAST, DEFAULT_MAX_IDENTIFIER_LENGTH,
    MAX_IDENTIFIER_LENGTH_LIMIT, MAX_KNOWN_AGENTS, MAX_PATTERN_SIZE, VALID_SHAPES,
};
pub use safe_text::{SafeText, RENDITION_MAX_CHARS};
pub use stream::{
    scope_rules, ScopeRule, SseRewriter, StreamCalls, MAX_AMBIGUOUS_IDS, MAX_CALL_IDS, MAX_CALL_ID_BYTES,
    MAX_CALL_MEMORY_BYTES, MAX_CALL_NAME_BYTES, MAX_OPEN_CALLS, MAX_SSE_EVENT_BYTES,
};
pub use tool_name::{
    call_places, name_hash, rules, to_llm_facing_name, tool_definition, tool_layout, try_reverse_to_canonical,
    BuiltinProfile, CallPlace, Format, Overflow, Profile, Refused, RegistryEntry, ServerReport, Slot, Step, ToolLayout,
    ToolNameError, ToolNameReason, ToolRegistry, MAX_CUSTOM_LENGTH, SEPARATOR,
};
