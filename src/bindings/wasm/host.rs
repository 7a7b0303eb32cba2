//! Host exports for `mcp-boundary/mcp` and the `check-tools` command
//! (`js/api/mcp-core.js` reads them; the rules are `crate::host`'s).

use std::borrow::Cow;
use std::fmt;

use js_sys::{Array, JsString};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::argument::ArgumentError;
use super::cli_texts::texts;
use super::error_data::request_id;
use super::js_error::JsError;
use super::tool_name::parse_options;
use super::{argument_error as type_error, js_error, read, to_js, too_many_error, Expected, Give, Limit};
use crate::error::BoundaryError;
use crate::host::check_tools::{check_tool_units, shown};
use crate::host::{
    check_server_name, RouterCode, RouterError, RouterReason, ToolListing, LISTEN_RETRY_MS, MAX_LISTED_TOOLS,
    MAX_LIST_PAGES, MAX_LIST_ROUNDS,
};
use crate::server::{refusal_answer, ReplacedAnswer, MAX_REFUSAL_BYTES, REFUSAL_STATUSES};
use crate::tool_name::BuiltinProfile;
use crate::MAX_CATALOG_ENTRIES;

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
struct HostArgumentError(HostArgument);

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

/// Keys and values serialized as a JSON object, in their order (a
/// `BTreeMap` would sort them, with about 4 KB of wasm for it).
struct Entries<V>(Vec<(&'static str, V)>);

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
    /// The check-tools texts by key (`{}` a slot).
    texts: Entries<&'static str>,
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
/// maxCatalogEntries, maxRefusalBytes, refusalStatuses, profiles, codes: { key: CODE }, reasons: { CODE: [reason, …] }, texts: {
/// key: template } }`.
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
        texts: Entries(texts().collect()),
        replaced: Entries(ReplacedAnswer::ALL.iter().map(|&r| (replaced_key(r), r.as_str())).collect()),
    }));
}

/// Sets `out[0]` to the `TypeError` (`INVALID_ARGUMENT`, `wrong_type`) for
/// an argument of the wrong kind.
#[wasm_bindgen(js_name = "__host_argument_error")]
pub fn argument_error(expected: HostArgument, out: &Array) {
    out.give(js_error(&HostArgumentError(expected)));
}

/// Whether `name` can name a server of a router with `options` (`{
/// profile, overflow }`, as its registry has them); when not, sets
/// `out[0]` to the error to throw: `INVALID_ARGUMENT` with `wrong_type`
/// for a value that is no string, `invalid_server_name` for a name the
/// rule refuses (a lone surrogate among them: no profile shows one), or
/// `INVALID_OPTIONS`.
#[wasm_bindgen(js_name = "__check_server_name")]
#[must_use]
pub fn check_name(name: &JsValue, options: &JsValue, out: &Array) -> bool {
    let checked = match parse_options(options, &["profile", "overflow"]) {
        Err(e) => Err(js_error(&e)),
        Ok((profile, _)) => match name.dyn_ref::<JsString>() {
            None => Err(js_error(&HostArgumentError(HostArgument::ServerName))),
            Some(name) => {
                // A lone surrogate is never shown as it is (the registry refuses it in any name).
                let checked = match String::from_utf16(&name.iter().collect::<Vec<u16>>()) {
                    Ok(name) => check_server_name(&name, &profile),
                    Err(_) => Err(RouterError::invalid_server_name()),
                };
                checked.map_err(|e| js_error(&e))
            }
        },
    };
    checked.map_err(|e| out.give(e)).is_ok()
}

/// One server's `tools/list`, page by page ([`ToolListing`]).
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Listing {
    inner: ToolListing,
}

#[wasm_bindgen]
impl Listing {
    /// A listing before its first page.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new() -> Listing {
        Listing::default()
    }

    /// One page: its number of tools (a count past every bound, such as
    /// `Infinity`, is too many; one that is no number, none) and its
    /// `nextCursor` (a string, or anything else for none). 1 when the next
    /// page is to be asked for, 0 when the list is complete, -1 when it is
    /// refused (`out[0]` the error, `TOOL_LIST_REFUSED`).
    pub fn page(&mut self, tools: f64, cursor: &JsValue, out: &Array) -> i32 {
        let cursor = cursor.dyn_ref::<JsString>().map(|c| c.iter().collect());
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "saturating: NaN is 0, past usize::MAX is usize::MAX"
        )]
        let tools = tools as usize;
        match self.inner.page_units(tools, cursor) {
            Ok(more) => i32::from(more),
            Err(e) => {
                out.give(js_error(&e));
                -1
            }
        }
    }
}

/// The fixed answer (JSON text) in place of an SDK's HTTP refusal
/// ([`refusal_answer`]), from what the wrapper parsed of it: the HTTP
/// `status`, its error `code`, the answer's `id` and
/// `error.data.supported` (a list, anything else for none); `undefined` to
/// keep it. JS parses the body (`serde_json`'s parser would cost the
/// module 11 KB gzip); one past [`MAX_REFUSAL_BYTES`] comes unread, as
/// `code` `undefined`: refused without its `id`.
#[wasm_bindgen(js_name = "__refusal_answer")]
#[must_use]
pub fn refusal_answer_text(status: u16, code: &JsValue, id: &JsValue, supported: &JsValue) -> Option<String> {
    #[allow(clippy::cast_possible_truncation, reason = "a whole number below 2^53, checked")]
    let code = code.as_f64().filter(|n| n.fract() == 0.0 && n.abs() < 9e15).map(|n| n as i64);
    let Some(code) = code else {
        return refusal_answer(status, -32600, &Value::Null, None);
    };
    let id = request_id(id);
    let supported = match read::elements(supported, MAX_SUPPORTED_READ) {
        Ok(Some(list)) => {
            Some(list.into_iter().map(|v| v.and_then(|v| v.as_string()).unwrap_or_default()).collect::<Vec<_>>())
        }
        _ => None,
    };
    let supported: Option<Vec<&str>> = supported.as_ref().map(|l| l.iter().map(String::as_str).collect());
    refusal_answer(status, code, &id, supported.as_deref())
}

/// The most `supported` entries read (a longer list is kept by none).
const MAX_SUPPORTED_READ: usize = 64;

/// Why an argument of `__check_tools` is refused.
enum Refusal {
    /// Not what `Expected` names: its `TypeError`.
    WrongType(Expected),
    /// Another error of ours.
    Error(JsValue),
}

/// A JS array of strings (each as UTF-16), at most [`Limit::MaxElements`]
/// long.
fn strings(value: &JsValue, expected: Expected) -> Result<Vec<Vec<u16>>, Refusal> {
    match read::elements(value, Limit::MaxElements as usize) {
        Err(read::ListError::TooLong) => Err(Refusal::Error(js_error(&too_many_error(expected)))),
        Err(_) | Ok(None) => Err(Refusal::WrongType(expected)),
        Ok(Some(list)) => list.iter().map(|e| e.as_ref().and_then(units).ok_or(Refusal::WrongType(expected))).collect(),
    }
}

/// A JS string's UTF-16 code units, lone surrogates kept.
fn units(value: &JsValue) -> Option<Vec<u16>> {
    value.dyn_ref::<JsString>().map(|s| s.iter().collect())
}

/// Sets `out[0]` to what `check-tools` reports for the tool `names` (an
/// array of strings), each as `prefix/name` (`name` for an empty prefix),
/// under the built-in `profiles` (an array of their names): the `--json`
/// report when `json`, else the text report (both printable ASCII, names
/// whole and escaped). Returns 1 when every name fits as it is, 0 when not;
/// -1 for arguments of the wrong kind, with `out[0]` the error.
#[wasm_bindgen(js_name = "__check_tools")]
#[must_use]
pub fn check_tools(names: &JsValue, prefix: &JsValue, profiles: &JsValue, json: bool, out: &Array) -> i32 {
    let profile_names =
        || ArgumentError::one_of("built-in profile names", &BuiltinProfile::ALL.map(BuiltinProfile::name));
    let checked = strings(names, Expected::ToolNames).and_then(|names| {
        let prefix = units(prefix).ok_or_else(|| Refusal::Error(js_error(&ArgumentError::new("a prefix string"))))?;
        let profiles = strings(profiles, Expected::ToolNames)
            .ok()
            .and_then(|ps| {
                ps.iter().map(|p| BuiltinProfile::from_name(&String::from_utf16_lossy(p))).collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| Refusal::Error(js_error(&profile_names())))?;
        Ok((names, prefix, profiles))
    });
    let (names, prefix, profiles) = match checked {
        Ok(checked) => checked,
        Err(Refusal::WrongType(expected)) => {
            type_error(expected, out);
            return -1;
        }
        Err(Refusal::Error(e)) => {
            out.give(e);
            return -1;
        }
    };
    let check = check_tool_units(&names, &prefix, &profiles);
    out.give(JsValue::from_str(&if json { check.json() } else { check.text() }));
    i32::from(check.ok())
}

/// Sets `out[0]` to `text` (a string) as `check-tools` shows a name or a
/// word of the caller's: printable ASCII as it is, a backslash doubled,
/// any other character as `\u{XXXX}`, whole.
#[wasm_bindgen(js_name = "__shown")]
pub fn shown_text(text: &JsString, out: &Array) {
    out.give(JsValue::from_str(&shown(&text.iter().collect::<Vec<u16>>())));
}
