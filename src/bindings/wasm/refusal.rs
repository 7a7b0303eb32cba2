//! The HTTP refusals `protectHandler` replaces (`mcp-boundary/mcp`, the
//! server's part; the rule is `crate::server`'s).

use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::read;
use super::request_id;
use crate::server::refusal_answer;
#[cfg(doc)]
use crate::server::MAX_REFUSAL_BYTES;

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
