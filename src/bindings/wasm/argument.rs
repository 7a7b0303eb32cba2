//! Argument errors (`INVALID_ARGUMENT`): a JS value of the wrong type, one
//! that threw while it was read, or one too large. They exist because of
//! JS (the Rust API takes typed arguments), so they live in the binding,
//! which builds them for the wrapper too, so their messages are spelled
//! once.

use std::fmt;

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::js_error::js_error;
use super::js_value::Give;
use super::protocol::Limit;

use crate::error::{BoundaryError, Detail};

/// What a public JS function expected of an argument of the wrong type:
/// the wrapper checks types and asks for the error here, so its message
/// is spelled once.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// `validateMany(list)`.
    Recipients = 0,
    /// A tool name.
    ToolName = 1,
    /// `registerServer(server, …)`.
    ServerName = 2,
    /// `registerServer(…, toolNames)`.
    ToolNames = 3,
    /// `lookupOverride(map, …)`.
    ConfigMap = 4,
    /// `toProvider(…, format)`, `fromProvider(…, format)`.
    PayloadFormat = 5,
    /// `new ErrorClassifier(catalog)`.
    Catalog = 6,
    /// `classifyIssues(…, issues)`.
    Issues = 7,
    /// The reader of `readState`, `markRead`, `unreadCount`, `listUnread`.
    Reader = 8,
    /// `unreadCount(messages, …)`, `listUnread(messages, …)`.
    Messages = 9,
    /// `markRead(…, now)`.
    Now = 10,
    /// `planDelivery(args)`.
    DeliveryArgs = 11,
    /// `planDelivery({ agents })`.
    Agents = 12,
    /// `planDelivery({ sender })`.
    Sender = 13,
    /// `toolDefinitions(tools, …)`.
    ToolSpecs = 14,
    /// `fromProviderStream(source, …)`.
    EventSource = 15,
    /// A chunk written to `fromProviderSse(…)`'s stream.
    SseChunk = 16,
    /// An array inside the payload of `toProvider`, `fromProvider` or a
    /// stream: only ever too long ([`__too_many`](too_many)); any other
    /// value there passes through.
    Payload = 17,
    /// `recipientStandardSchema()["~standard"].jsonSchema.input({ target })`.
    JsonSchemaTarget = 18,
}

/// The JSON Schema dialects a recipient's JSON Schema is valid in, by the
/// names Standard JSON Schema gives them (its `{ type, pattern,
/// description }` means the same in each).
pub const JSON_SCHEMA_TARGETS: [&str; 3] = ["draft-2020-12", "draft-07", "openapi-3.0"];

/// How a method was misused (see [`__misuse`](misuse)).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misuse {
    /// Called after `free()`.
    Freed = 0,
    /// Called on something that is not an instance of the class.
    WrongReceiver = 1,
}

/// The public classes, for [`__misuse`](misuse).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// `RecipientValidator`.
    RecipientValidator = 0,
    /// `ToolRegistry`.
    ToolRegistry = 1,
    /// `ErrorClassifier`.
    ErrorClassifier = 2,
}

/// Sets `out[0]` to the `TypeError` for a method of `class` that was
/// misused.
#[wasm_bindgen(js_name = "__misuse")]
pub fn misuse(misuse: Misuse, class: Class, out: &Array) {
    let class = match class {
        Class::RecipientValidator => "RecipientValidator",
        Class::ToolRegistry => "ToolRegistry",
        Class::ErrorClassifier => "ErrorClassifier",
    };
    let error = match misuse {
        Misuse::Freed => ArgumentError::freed(class),
        Misuse::WrongReceiver => ArgumentError::wrong_receiver(class),
    };
    out.give(js_error(&error));
}

/// Sets `out[0]` to the `RangeError` for a call whose strings are more
/// than [`Limit::MaxUnits`] code units.
#[wasm_bindgen(js_name = "__too_large")]
pub fn too_large(out: &Array) {
    out.give(js_error(&ArgumentError::too_large(
        "the strings of this call (in UTF-16 code units)",
        Limit::MaxUnits as usize,
    )));
}

/// Sets `out[0]` to the `RangeError` for a caller's array (named by what
/// the call expected) longer than [`Limit::MaxElements`]: the wrapper reads
/// no element of it.
#[wasm_bindgen(js_name = "__too_many")]
pub fn too_many(expected: Expected, out: &Array) {
    out.give(js_error(&too_many_error(expected)));
}

/// The `too_large` error for an array longer than [`Limit::MaxElements`].
#[cold]
pub(crate) fn too_many_error(expected: Expected) -> ArgumentError {
    let what = match expected {
        Expected::Recipients => "the elements of the recipient list",
        Expected::ToolNames => "the elements of the tool name list",
        Expected::ToolSpecs => "the elements of the tool list",
        Expected::Messages => "the elements of the message list",
        Expected::Issues => "the elements of the issue list",
        Expected::Agents => "the elements of the agent list",
        Expected::Payload => "the elements of one array in the payload",
        _ => "the elements of an array",
    };
    ArgumentError::too_large(what, Limit::MaxElements as usize)
}

/// Sets `out[0]` to the `TypeError` for an argument of the wrong type.
#[wasm_bindgen(js_name = "__argument_error")]
pub fn argument_error(expected: Expected, out: &Array) {
    let phrase = match expected {
        Expected::Recipients => "an array of recipients",
        Expected::ToolName => "a tool name string",
        Expected::ServerName => "a server name string",
        Expected::ToolNames => "an array of tool name strings",
        Expected::ConfigMap => "a config map (an object or a Map)",
        Expected::ToolSpecs => "a list of tools ({ name, description?, inputSchema? })",
        Expected::EventSource => "stream events: an async iterable, a ReadableStream or a list",
        Expected::SseChunk => "bytes: a Uint8Array, another ArrayBuffer view, or an ArrayBuffer",
        Expected::PayloadFormat => "a payload format",
        Expected::Catalog => "a catalog object",
        Expected::Issues => "an array of Zod issues or Ajv errors",
        Expected::Reader => "the reader's identity as a string",
        Expected::Messages => "an array of message records",
        Expected::Now => NOW,
        Expected::DeliveryArgs => "{ to, sender, agents }",
        Expected::Agents => "agents as an array",
        Expected::Sender => "sender as a string",
        Expected::Payload => "a payload (an object or an array)",
        Expected::JsonSchemaTarget => "a JSON Schema target",
    };
    let error = if expected == Expected::JsonSchemaTarget {
        ArgumentError::one_of(phrase, &JSON_SCHEMA_TARGETS)
    } else if expected == Expected::PayloadFormat {
        ArgumentError::one_of(phrase, &crate::tool_name::Format::ALL.map(crate::tool_name::Format::name))
    } else {
        ArgumentError::new(phrase)
    };
    out.give(js_error(&error));
}

/// An argument that cannot be used, e.g. a number where a tool name string
/// belongs: `INVALID_ARGUMENT`, with a reason. Its message names what was
/// expected, never the value:
/// - `wrong_type` (a `TypeError`): not the kind of value expected;
/// - `unreadable` (a `TypeError`): a getter or a Proxy trap threw while it
///   was read, or a Proxy was revoked;
/// - `too_large` (a `RangeError`): more than the call can take, refused
///   before anything is allocated;
/// - `freed` (a `TypeError`): a method of an object whose `free()` was
///   called;
/// - `wrong_receiver` (a `TypeError`): a method called on something that is
///   not an instance of its class (a method detached from its object).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ArgumentError {
    kind: ArgumentKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum ArgumentKind {
    WrongType(String),
    #[cfg(feature = "wasm-server")]
    Unreadable(&'static str),
    TooLarge {
        what: &'static str,
        limit: usize,
    },
    Freed(&'static str),
    WrongReceiver(&'static str),
}

impl ArgumentError {
    /// An error saying what was `expected` (a fixed phrase of ours, such
    /// as `"a tool name string"`).
    #[must_use]
    #[cold]
    pub(crate) fn new(expected: &'static str) -> Self {
        Self { kind: ArgumentKind::WrongType(expected.to_owned()) }
    }

    /// An error saying that `what` is one of the fixed `choices`:
    /// `a payload format: one of "anthropic", "gemini"`.
    #[must_use]
    #[cold]
    pub(crate) fn one_of(what: &'static str, choices: &[&'static str]) -> Self {
        let mut expected = format!("{what}: one of ");
        crate::named::push_quoted(&mut expected, choices);
        Self { kind: ArgumentKind::WrongType(expected) }
    }

    #[cfg(feature = "wasm-server")]
    /// `what` (a fixed phrase, `"the issues"`) threw while it was read.
    #[must_use]
    #[cold]
    pub(crate) fn unreadable(what: &'static str) -> Self {
        Self { kind: ArgumentKind::Unreadable(what) }
    }

    /// `what` (a fixed phrase, `"the recipients"`) is more than `limit`
    /// (in the unit `what` names) in one call.
    #[must_use]
    #[cold]
    pub(crate) fn too_large(what: &'static str, limit: usize) -> Self {
        Self { kind: ArgumentKind::TooLarge { what, limit } }
    }

    /// A method of a freed `class` (`"RecipientValidator"`).
    #[must_use]
    #[cold]
    pub(crate) fn freed(class: &'static str) -> Self {
        Self { kind: ArgumentKind::Freed(class) }
    }

    /// A method of `class` called on something else.
    #[must_use]
    #[cold]
    pub(crate) fn wrong_receiver(class: &'static str) -> Self {
        Self { kind: ArgumentKind::WrongReceiver(class) }
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ArgumentKind::WrongType(expected) => write!(f, "Invalid argument: expected {expected}."),
            #[cfg(feature = "wasm-server")]
            ArgumentKind::Unreadable(what) => {
                write!(f, "Invalid argument: {what} could not be read (a getter or a Proxy threw).")
            }
            ArgumentKind::TooLarge { what, limit } => {
                write!(f, "Invalid argument: {what} exceed the limit of {limit} in one call.")
            }
            ArgumentKind::Freed(class) => {
                write!(f, "This {class} was freed (free() was called) and can no longer be used; create a new one.")
            }
            ArgumentKind::WrongReceiver(class) => {
                write!(f, "A {class} method was called on something that is not a {class}.")
            }
        }
    }
}

impl std::error::Error for ArgumentError {}

impl ArgumentError {
    /// `wrong_type`, `unreadable`, `too_large`, `freed` or `wrong_receiver`.
    #[must_use]
    pub(crate) fn reason(&self) -> &'static str {
        match self.kind {
            ArgumentKind::WrongType(_) => "wrong_type",
            #[cfg(feature = "wasm-server")]
            ArgumentKind::Unreadable(_) => "unreadable",
            ArgumentKind::TooLarge { .. } => "too_large",
            ArgumentKind::Freed(_) => "freed",
            ArgumentKind::WrongReceiver(_) => "wrong_receiver",
        }
    }

    /// For `too_large`: the limit that was exceeded.
    #[must_use]
    pub(crate) fn limit(&self) -> Option<usize> {
        match self.kind {
            ArgumentKind::TooLarge { limit, .. } => Some(limit),
            _ => None,
        }
    }
}

impl BoundaryError for ArgumentError {
    fn code(&self) -> &'static str {
        "INVALID_ARGUMENT"
    }
    fn reason(&self) -> &'static str {
        ArgumentError::reason(self)
    }
    fn details(&self) -> Vec<(&'static str, Detail)> {
        self.limit().map(|limit| ("limit", Detail::Number(limit))).into_iter().collect()
    }
}

/// Sets `out[0]` to `[vendor, targets]` for `recipientStandardSchema`: the
/// Standard Schema vendor name (this crate's) and the JSON Schema targets
/// it answers ([`JSON_SCHEMA_TARGETS`]). Read on first use.
#[cfg(feature = "build-tables")]
#[wasm_bindgen(js_name = "__standard_schema_table")]
pub fn standard_schema_table(out: &Array) {
    out.give(super::to_js(&(env!("CARGO_PKG_NAME"), JSON_SCHEMA_TARGETS)));
}

/// What `markRead`'s `now` must be (the wrapper converts a `Date` or
/// epoch milliseconds; Rust checks the string).
pub(super) const NOW: &str = "now as an ISO-8601 UTC timestamp, a Date or epoch milliseconds";
