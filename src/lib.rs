#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod delivery;
mod error;
mod error_data;
mod nearest;
mod recipient;
mod safe_text;
mod tool_name;

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod binding;

pub use delivery::{
    broadcast_audience, is_utc_timestamp, list_unread, mark_read, plan_delivery, read_state, records_from_json,
    unread_count, AgentEntry, DeliveryPlan, Field, MalformedRecord, MarkError, MarkRead, MarkTarget, MessageRecord,
    NotARecipient, ReadState, Receipt, Receipts, RecordKeys, RECORD_KEYS,
};
pub use error::{ArgumentError, BoundaryError, Detail, OptionPath, OptionsError};
pub use error_data::{
    error_text, issue_message, Catalog, ErrorClassifier, ErrorData, ErrorResponse, FieldPhrases, Issue, RpcData,
    RpcError, StructuredError, TextContent, ToolErrorResult, ToolFields, INVALID_ARGUMENT, INVALID_ARGUMENTS_MESSAGE,
    INVALID_PARAMS, ISSUE_MESSAGES, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE,
};
pub use recipient::{
    validate_recipient, Recipient, RecipientError, RecipientOptions, RecipientValidator, RejectionReason, BROADCAST,
    DEFAULT_MAX_IDENTIFIER_LENGTH, MAX_IDENTIFIER_LENGTH_LIMIT, VALID_SHAPES,
};
pub use safe_text::{SafeText, RENDITION_MAX_CHARS};
pub use tool_name::{
    name_hash, rules, to_llm_facing_name, try_reverse_to_canonical, BuiltinProfile, Format, Overflow, Profile, Step,
    ToolNameError, ToolNameReason, ToolRegistry, MAX_CUSTOM_LENGTH, SEPARATOR,
};
