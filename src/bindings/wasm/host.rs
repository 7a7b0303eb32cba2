//! What `mcp-boundary/mcp` and the `check-tools` command read in both
//! parts (`js/api/mcp-core.js`): the start-up table and the argument
//! errors; the rules are `crate::host`'s and `crate::server`'s. The
//! router's exports are `router.rs`, protectHandler's `refusal.rs`, the
//! command's `check_tools.rs`.

use std::borrow::Cow;
use std::fmt;

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::js_error::JsError;
use super::{js_error, Give};
use crate::error::BoundaryError;
use crate::host::{RouterCode, RouterError, RouterReason};

impl JsError for RouterError {
    /// A refused server name is a `TypeError`; a refused tools/list an `Error`.
    fn name(&self) -> &'static str {
        match self.code() {
            RouterCode::InvalidArgument => "TypeError",
            RouterCode::ToolListRefused => "Error",
        }
    }
    /// The server-name rule, said by the method that applies it.
    fn js_message(&self) -> String {
        match self.reason() {
            RouterReason::InvalidServerName => format!("{ADD_SERVER}{self}"),
            _ => self.to_string(),
        }
    }
}

/// What JS's messages about a server name begin with: the method that
/// refused it.
const ADD_SERVER: &str = "ToolRouter.addServer: ";

/// What `protectServer`, `recipientSchema` or a `ToolRouter` method
/// expected of an argument of the wrong kind
/// ([`__host_argument_error`](argument_error)).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostArgument {
    /// `protectServer(server)`.
    McpServer = 0,
    /// `recipientSchema(z)`.
    Zod = 1,
    /// `addServer(name)`.
    ServerName = 2,
    /// `addServer(…, client)`.
    Client = 3,
    /// `callTool(…, args)`.
    ToolArguments = 4,
    /// `protectServer(…, { onError })`.
    OnError = 5,
    /// `protectHandler(handler)`.
    Handler = 6,
    /// `recipientValibot(v)`.
    Valibot = 7,
    /// `recipientArkType(type)`.
    ArkType = 8,
}

impl HostArgument {
    /// The message of its error.
    fn message(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::McpServer => "protectServer: expected an McpServer of the MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x or @modelcontextprotocol/server 2.x)",
            Self::Zod => "recipientSchema: expected the z of Zod 3 or Zod 4 (classic or Mini)",
            // The rule, as a refused name is told it.
            Self::ServerName => return Cow::Owned(RouterError::invalid_server_name().js_message()),
            Self::Client => "ToolRouter.addServer: expected a Client of the MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x or @modelcontextprotocol/client 2.x)",
            Self::ToolArguments => {
                "ToolRouter.callTool: the arguments must be an object (OpenAI's arrive as JSON text: JSON.parse them first)"
            }
            Self::OnError => "protectServer: onError must be a function (it is called with { tool, kind, error, issues })",
            Self::Handler => "protectHandler: expected what createMcpHandler returns (an object with a fetch function)",
            Self::Valibot => "recipientValibot: expected the v of Valibot 1.x (import * as v from \"valibot\")",
            Self::ArkType => "recipientArkType: expected ArkType 2.x's type (import { type } from \"arktype\")",
        })
    }
}

/// An argument of `mcp-boundary/mcp` of the wrong kind: a `TypeError`,
/// `INVALID_ARGUMENT` with the reason `wrong_type` (the core's
/// [`RouterReason::WrongType`]), its message JS's.
#[derive(Debug, Clone, Copy)]
pub(super) struct HostArgumentError(pub(super) HostArgument);

impl fmt::Display for HostArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message())
    }
}

impl BoundaryError for HostArgumentError {
    fn code(&self) -> &'static str {
        RouterReason::WrongType.code().as_str()
    }
    fn reason(&self) -> &'static str {
        RouterReason::WrongType.as_str()
    }
}

impl JsError for HostArgumentError {
    fn name(&self) -> &'static str {
        "TypeError"
    }
}

/// The host's start-up table, in the build with the build-tables feature
/// only (the package build writes it into js/generated/tables.js, which
/// both parts read; the check-tools texts, the host part's, are a table of
/// their own: `cli_texts.rs`).
#[cfg(feature = "build-tables")]
mod tables {
    use js_sys::Array;
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    use super::super::{to_js, Give};
    use crate::host::{RouterCode, RouterReason, LISTEN_RETRY_MS, MAX_LISTED_TOOLS, MAX_LIST_PAGES, MAX_LIST_ROUNDS};
    use crate::server::{ReplacedAnswer, MAX_REFUSAL_BYTES, REFUSAL_STATUSES};
    use crate::tool_name::BuiltinProfile;
    use crate::MAX_CATALOG_ENTRIES;

    /// Keys and values serialized as a JSON object, in their order (a
    /// `BTreeMap` would sort them, with about 4 KB of wasm for it).
    pub(crate) struct Entries<V>(pub(crate) Vec<(&'static str, V)>);

    impl<V: Serialize> Serialize for Entries<V> {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_map(self.0.iter().map(|(k, v)| (k, v)))
        }
    }

    /// The host's start-up table.
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Tables {
        /// The most pages and tools of one server's `tools/list`, and the most
        /// listings one add or change makes while the server keeps changing.
        max_pages: usize,
        max_tools: usize,
        max_rounds: usize,
        /// The first and the longest wait before a list-change stream is opened again.
        listen_retry_ms: [u32; 2],
        /// The most entries of one catalog list.
        max_catalog_entries: usize,
        /// The largest HTTP refusal body `__refusal_answer` reads, and the
        /// statuses of a refusal (lowest, highest).
        max_refusal_bytes: usize,
        refusal_statuses: [u16; 2],
        /// The built-in profiles, by name.
        profiles: Vec<&'static str>,
        /// The codes, by name (`toolListRefused`).
        codes: Entries<&'static str>,
        /// Each code with its reasons.
        reasons: Entries<Vec<&'static str>>,
        /// The kinds of answer protectServer replaces, by key (`onError`).
        replaced: Entries<&'static str>,
    }

    /// The key JS code reads a code by (`core.codes.toolListRefused`).
    fn code_key(code: RouterCode) -> &'static str {
        match code {
            RouterCode::InvalidArgument => "invalidArgument",
            RouterCode::ToolListRefused => "toolListRefused",
        }
    }

    /// The key JS code reads an `onError` kind by (`invalidArguments`).
    fn replaced_key(kind: ReplacedAnswer) -> &'static str {
        match kind {
            ReplacedAnswer::InvalidArguments => "invalidArguments",
            ReplacedAnswer::UnknownTool => "unknownTool",
            ReplacedAnswer::HandlerError => "handlerError",
            ReplacedAnswer::InvalidOutput => "invalidOutput",
            ReplacedAnswer::Failed => "failed",
            ReplacedAnswer::RequestRefused => "requestRefused",
        }
    }

    /// Sets `out[0]` to the host's table: `{ maxPages, maxTools, maxRounds, listenRetryMs,
    /// maxCatalogEntries, maxRefusalBytes, refusalStatuses, profiles, codes: { key: CODE }, reasons: { CODE: [reason, …] }, replaced: {
    /// key: kind } }`.
    #[wasm_bindgen(js_name = "__host_tables")]
    pub fn host_tables(out: &Array) {
        out.give(to_js(&Tables {
            max_pages: MAX_LIST_PAGES,
            max_tools: MAX_LISTED_TOOLS,
            max_rounds: MAX_LIST_ROUNDS,
            listen_retry_ms: LISTEN_RETRY_MS,
            max_catalog_entries: MAX_CATALOG_ENTRIES,
            max_refusal_bytes: MAX_REFUSAL_BYTES,
            refusal_statuses: REFUSAL_STATUSES,
            profiles: BuiltinProfile::ALL.map(BuiltinProfile::name).into(),
            codes: Entries(RouterCode::ALL.iter().map(|&c| (code_key(c), c.as_str())).collect()),
            reasons: Entries(
                RouterCode::ALL.iter().map(|c| (c.as_str(), c.reasons().map(RouterReason::as_str).collect())).collect(),
            ),
            replaced: Entries(ReplacedAnswer::ALL.iter().map(|&r| (replaced_key(r), r.as_str())).collect()),
        }));
    }
}

#[cfg(feature = "build-tables")]
pub use tables::host_tables;
#[cfg(feature = "build-tables")]
pub(super) use tables::Entries;

/// Sets `out[0]` to the `TypeError` (`INVALID_ARGUMENT`, `wrong_type`) for
/// an argument of the wrong kind.
#[wasm_bindgen(js_name = "__host_argument_error")]
pub fn argument_error(expected: HostArgument, out: &Array) {
    out.give(js_error(&HostArgumentError(expected)));
}
