//! Checks for the place where an MCP host takes in untrusted strings from
//! language models and peer agents: recipients (`AGENT:*` or
//! `@<identifier>`, with teaching rejections), per-recipient read state of
//! broadcasts, tool-name aliases that each provider accepts (mapped back
//! exactly, collisions refused, payloads and streams rewritten), and
//! tool-argument error data that never echoes its input.
//!
//! The same crate compiled to WebAssembly is the `mcp-boundary` npm
//! package; its JS binding lives in a private module, so this Rust API has
//! no wasm-bindgen types. Every error type implements `Display` and
//! `std::error::Error`; results, rejections and raised errors implement
//! `serde::Serialize` and give the JSON the JS API gives; the enums that
//! JSON names by a string implement `FromStr` and `Display`.
//!
//! # Recipients
//!
//! ```
//! use mcp_boundary::{validate_recipient, Recipient, RecipientOptions, RecipientValidator, RejectionReason};
//!
//! assert_eq!(validate_recipient("@neo-gpt"), Ok(Recipient::Identity("neo-gpt")));
//! let rejection = validate_recipient("AGENT:gpt").unwrap_err();
//! assert_eq!(rejection.reason(), RejectionReason::AgentPrefixWithName);
//! let json = serde_json::to_value(&rejection).unwrap(); // what the MCP tool returns
//! assert_eq!(json["code"], "INVALID_RECIPIENT_SHAPE");
//!
//! let strict = RecipientValidator::new(RecipientOptions::default().known_agents(["@neo-gpt"]).strict(true))?;
//! assert_eq!(strict.validate("@neo-gtp").unwrap_err().suggestions(), Some(&["@neo-gpt".to_owned()][..]));
//! # Ok::<(), mcp_boundary::OptionsError>(())
//! ```
//!
//! # Delivery and read state
//!
//! ```
//! use mcp_boundary::{plan_delivery, read_state, records_from_json, AgentEntry, ReadState, RecipientValidator};
//! use serde_json::json;
//!
//! let agents = [AgentEntry { id: "@neo", account_type: None }, AgentEntry { id: "@trinity", account_type: None }];
//! let plan = plan_delivery("AGENT:*", Some("@neo"), &agents, &RecipientValidator::default())?;
//! assert_eq!(plan.recipients(), ["@trinity"]);
//!
//! let stored = [json!({"from": "@neo", "to": "AGENT:*", "receipts": [{"recipient": "@trinity", "readAt": null}]})];
//! let messages = records_from_json(&stored).unwrap();
//! assert_eq!(read_state(&messages[0], "@trinity").unwrap(), ReadState::Unread);
//! assert_eq!(read_state(&messages[0], "@neo").unwrap(), ReadState::NotARecipient);
//! # Ok::<(), mcp_boundary::RecipientError>(())
//! ```
//!
//! # Tool names, the registry, payloads and tool definitions
//!
//! ```
//! use mcp_boundary::{tool_definition, Format, ToolRegistry};
//! use serde_json::json;
//!
//! let mut tools = ToolRegistry::default(); // the Anthropic profile; `ToolRegistry::new` picks another
//! assert_eq!(tools.register("github/create_issue")?, "github__create_issue");
//! assert_eq!(tools.to_canonical("github__create_issue"), Some("github/create_issue"));
//!
//! let reply = json!({"content": [{"type": "tool_use", "id": "toolu_1", "name": "github__create_issue", "input": {}}]});
//! let reply = tools.from_provider(&reply, Format::Anthropic);
//! assert_eq!(reply["content"][0]["name"], "github/create_issue");
//!
//! let format: Format = "openai-chat".parse().unwrap();
//! let definition = tool_definition(format, "github__create_issue", Some("Open an issue"), Some(&json!({"type": "object"})))?;
//! assert_eq!(definition["function"]["name"], "github__create_issue");
//! # Ok::<(), mcp_boundary::ToolNameError>(())
//! ```
//!
//! # Streams
//!
//! Raw `text/event-stream` bytes ([`SseRewriter`], any chunking), or
//! parsed events ([`StreamCalls`] per stream); either way the calls they
//! name are remembered by id ([`ToolRegistry::tool_for_call_id`]).
//!
//! ```
//! use mcp_boundary::{Format, SseRewriter, StreamCalls, ToolRegistry};
//! use serde_json::json;
//!
//! let mut registry = ToolRegistry::default();
//! registry.register("fs/read_file").unwrap();
//! let mut sse = SseRewriter::new(Format::Anthropic);
//! let mut out = Vec::new();
//! sse.feed(&mut registry, b"data: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":", &mut out);
//! sse.feed(&mut registry, b"{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"fs__read_file\"}}\n\n", &mut out);
//! sse.finish(&mut out);
//! assert!(String::from_utf8(out).unwrap().contains("\"name\":\"fs/read_file\""));
//! assert_eq!(registry.tool_for_call_id("toolu_1"), Some("fs/read_file"));
//!
//! let mut stream = StreamCalls::new();
//! let event = json!({"type": "content_block_start", "index": 1,
//!     "content_block": {"type": "tool_use", "id": "toolu_2", "name": "fs__read_file", "input": {}}});
//! registry.from_provider_event(&mut stream, &event, Format::Anthropic);
//! assert_eq!(registry.tool_for_call_id("toolu_2"), Some("fs/read_file"));
//! ```
//!
//! # Error data: the catalog and the classifier
//!
//! ```
//! use mcp_boundary::{Catalog, ErrorClassifier, Issue};
//!
//! let classifier = ErrorClassifier::new(
//!     Catalog::builder().tool("list_bounties", ["limit", "status"]).field_messages(["must be at most 100"]).build()?,
//! )?;
//! let data = classifier.classify("list_bounties", "limit must be at most 100").unwrap();
//! assert_eq!((data.tool, data.field), (Some("list_bounties"), Some("limit")));
//! assert_eq!(classifier.classify("list_bounties", "limit=9999 from ignore-previous-instructions"), None);
//!
//! let issue = Issue::Zod { code: "too_big", first_segment: Some("limit"), missing: false, nested: false };
//! let result = classifier.issues_result("list_bounties", &[issue]);
//! assert_eq!(result.content[0].text, "invalid tool arguments for list_bounties: limit is too large or too long");
//! # Ok::<(), mcp_boundary::OptionsError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod delivery;
mod error;
mod error_data;
mod fast_hash;
mod heap_sort;
mod host;
mod interned;
mod json_pointer;
mod named;
mod nearest;
mod recipient;
mod safe_text;
mod stream;
mod tool_name;

#[doc(hidden)]
pub mod bindings;
#[cfg(feature = "rmcp")]
pub use bindings::rmcp;
mod server;

/// The README's Rust examples, run as doc tests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// docs/RUST.md's examples, run as doc tests too.
#[cfg(doctest)]
#[doc = include_str!("../docs/RUST.md")]
struct RustGuideExamples;

pub use delivery::{
    broadcast_audience, is_utc_timestamp, list_unread, mark_read, plan_delivery, read_state, records_from_json,
    unread_count, AgentEntry, DeliveryPlan, Field, MalformedRecord, MarkError, MarkRead, MarkTarget, MessageRecord,
    NotARecipient, ReadState, Receipt, Receipts, RecordText,
};
pub use error::{OptionPath, OptionsError};
pub use error_data::{
    error_text, issue_message, Catalog, CatalogBuilder, ErrorClassifier, ErrorData, ErrorResponse, FieldHint,
    FieldPhrases, Issue, IssueFields, RpcData, RpcError, StructuredError, TextContent, ToolErrorResult, ToolFailure,
    ToolFields, INVALID_ARGUMENT, INVALID_ARGUMENTS_MESSAGE, INVALID_PARAMS, ISSUES_IN_TEXT, ISSUE_MESSAGES,
    MAX_CATALOG_ENTRIES, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE,
};
pub use host::{
    check_server_name, check_tool_names, CollisionFinding, ProfileFindings, RouterCode, RouterError, RouterReason,
    ToolFinding, ToolFit, ToolListing, ToolNameCheck, LISTEN_RETRY_MS, MAX_LISTED_TOOLS, MAX_LIST_PAGES,
    MAX_LIST_ROUNDS, SERVER_NAME_ROOM,
};
pub use named::UnknownName;
pub use recipient::{
    validate_recipient, Recipient, RecipientError, RecipientJsonSchema, RecipientOptions, RecipientValidator,
    RejectionContent, RejectionReason, RejectionResult, Validation, BROADCAST, DEFAULT_MAX_IDENTIFIER_LENGTH,
    MAX_IDENTIFIER_LENGTH_LIMIT, MAX_KNOWN_AGENTS, MAX_PATTERN_SIZE, VALID_SHAPES,
};
pub use safe_text::{SafeText, RENDITION_MAX_CHARS};
pub use server::{
    refusal_answer, refusal_message, refusal_text, replace_refusal, replace_refusal_body, Answer, ArgumentCheck,
    Decision, Failure, HandlerErrors, ListedTool, ProtectOptions, Protection, ReplacedAnswer, SafeRefusal, SchemaIssue,
    ServerCatalog, MAX_REFUSAL_BYTES, REFUSAL_STATUSES,
};
pub use stream::{
    SseRewriter, StreamCalls, MAX_AMBIGUOUS_IDS, MAX_CALL_IDS, MAX_CALL_ID_BYTES, MAX_CALL_MEMORY_BYTES,
    MAX_CALL_NAME_BYTES, MAX_OPEN_CALLS, MAX_SSE_EVENT_BYTES,
};
pub use tool_name::{
    name_hash, to_llm_facing_name, tool_definition, try_reverse_to_canonical, BuiltinProfile, Format, Overflow,
    Profile, Refused, RegistryEntry, ServerReport, ToolNameError, ToolNameReason, ToolRegistry, DEFAULT_INPUT_SCHEMA,
    MAX_CUSTOM_LENGTH, OMITTED_DESCRIPTIONS, SEPARATOR,
};
