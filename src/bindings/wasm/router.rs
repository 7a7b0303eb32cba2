//! The router's rules for `ToolRouter` (`mcp-boundary/mcp`, the host's
//! part): a server's name, and one server's `tools/list` within the core's
//! bounds (`crate::host`'s rules).

use js_sys::{Array, JsString};
use wasm_bindgen::prelude::*;

use super::host::{HostArgument, HostArgumentError};
use super::tool_name::{parse_options, Registry};
use super::{js_error, to_js, Give};
use crate::host::{check_server_name, RouterError, ToolListing};

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

#[wasm_bindgen]
impl Registry {
    /// Takes the next piece (units `..len`; `first`: the name's first) of
    /// an unknown tool's name longer than [`Limit::Piece`](super::Limit::Piece).
    pub fn feed_tool_query(&mut self, len: usize, first: bool) {
        self.fed_query.feed(self.scratch.units(0, len), first);
    }

    /// Sets `out[0]` to the suggestions of §4.3's unknown-tool response
    /// for the name in `units[..len]`, or fed in pieces when longer
    /// (`None`: a name that is not a string): the registry's aliases
    /// nearest it, as
    /// [`ToolRegistry::unknown_tool_response`](crate::ToolRegistry::unknown_tool_response)
    /// ranks them. The wrapper puts them and the id into Rust's envelope
    /// (`__unknown_tool_table`, which the build keeps).
    pub fn unknown_tool_suggestions(&self, len: Option<u32>, out: &Array) {
        let query = self.fed_query.query(&self.scratch, len);
        out.give(to_js(&self.inner.unknown_tool_suggestions(&query)));
    }
}

/// Sets `out[0]` to the unknown-tool response of a registry with no tool,
/// for no id: the envelope js/generated/tables.js keeps, into which the
/// wrapper puts the id and [`Registry::unknown_tool_suggestions`]. Built
/// by [`ToolRegistry::unknown_tool_response`](crate::ToolRegistry::unknown_tool_response)
/// itself, so the keys, the code and the message stay the core's, and the
/// shipped module carries no serializer of the envelope (about 4 KB gzip).
#[cfg(feature = "build-tables")]
#[wasm_bindgen(js_name = "__unknown_tool_table")]
pub fn unknown_tool_table(out: &Array) {
    out.give(to_js(&crate::ToolRegistry::default().unknown_tool_response(&serde_json::Value::Null, "")));
}
