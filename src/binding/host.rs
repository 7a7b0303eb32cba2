//! Host exports for `mcp-boundary/mcp` and the `check-tools` command
//! (`js/mcp-core.js` reads them; the rules are `crate::host`'s).

use std::collections::BTreeMap;

use js_sys::{Array, JsString};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::tool_name::parse_options;
use super::{js_error, to_js, Give};
use crate::host::{
    check_server_name, CheckToolsText, RouterArgument, RouterCode, RouterError, RouterReason, ToolListing,
    MAX_LISTED_TOOLS, MAX_LIST_PAGES,
};
use crate::tool_name::BuiltinProfile;
use crate::MAX_CATALOG_ENTRIES;

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
}

impl From<HostArgument> for RouterArgument {
    fn from(a: HostArgument) -> Self {
        match a {
            HostArgument::McpServer => RouterArgument::McpServer,
            HostArgument::Zod => RouterArgument::Zod,
            HostArgument::ServerName => RouterArgument::ServerName,
            HostArgument::Client => RouterArgument::Client,
            HostArgument::ToolArguments => RouterArgument::ToolArguments,
        }
    }
}

/// The host's start-up table.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Tables {
    /// The most pages and tools of one server's `tools/list`.
    max_pages: usize,
    max_tools: usize,
    /// The most entries of one catalog list.
    max_catalog_entries: usize,
    /// The built-in profiles, by name.
    profiles: Vec<&'static str>,
    /// The codes, by name (`toolListRefused`).
    codes: BTreeMap<&'static str, &'static str>,
    /// Each code with its reasons.
    reasons: BTreeMap<&'static str, Vec<&'static str>>,
    /// The check-tools texts by key (`{}` a slot).
    texts: BTreeMap<&'static str, &'static str>,
}

/// Sets `out[0]` to the host's table: `{ maxPages, maxTools,
/// maxCatalogEntries, profiles, codes: { key: CODE }, reasons: { CODE: [reason, …] }, texts: {
/// key: template } }`.
#[wasm_bindgen(js_name = "__host_tables")]
pub fn host_tables(out: &Array) {
    out.give(to_js(&Tables {
        max_pages: MAX_LIST_PAGES,
        max_tools: MAX_LISTED_TOOLS,
        max_catalog_entries: MAX_CATALOG_ENTRIES,
        profiles: BuiltinProfile::ALL.map(BuiltinProfile::name).into(),
        codes: RouterCode::ALL.iter().map(|c| (c.key(), c.as_str())).collect(),
        reasons: RouterCode::ALL
            .iter()
            .map(|c| (c.as_str(), c.reasons().map(RouterReason::as_str).collect()))
            .collect(),
        texts: CheckToolsText::ALL.iter().map(|t| (t.key(), t.template())).collect(),
    }));
}

/// Sets `out[0]` to the `TypeError` (`INVALID_ARGUMENT`, `wrong_type`) for
/// an argument of the wrong kind.
#[wasm_bindgen(js_name = "__host_argument_error")]
pub fn argument_error(expected: HostArgument, out: &Array) {
    out.give(js_error(&RouterError::wrong_type(expected.into())));
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
            None => Err(js_error(&RouterError::wrong_type(RouterArgument::ServerName))),
            Some(name) => {
                let units: Vec<u16> = name.iter().collect();
                // A lone surrogate decodes as U+FFFD, which no profile shows as it is.
                let name = String::from_utf16_lossy(&units);
                check_server_name(&name, &profile).map_err(|e| js_error(&e))
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

    /// One page: its number of tools and its `nextCursor` (a string, or
    /// anything else for none). 1 when the next page is to be asked for, 0
    /// when the list is complete, -1 when it is refused (`out[0]` the
    /// error, `TOOL_LIST_REFUSED`).
    pub fn page(&mut self, tools: u32, cursor: &JsValue, out: &Array) -> i32 {
        let cursor = cursor.dyn_ref::<JsString>().map(|c| c.iter().collect());
        match self.inner.page_units(tools as usize, cursor) {
            Ok(more) => i32::from(more),
            Err(e) => {
                out.give(js_error(&e));
                -1
            }
        }
    }
}
