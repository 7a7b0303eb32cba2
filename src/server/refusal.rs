//! Answers an SDK gives over HTTP before any server code runs: its checks
//! of the request itself (its headers against its body, the protocol
//! revision, the per-request envelope, the JSON, the session). Several
//! quote the request (a header's value, a tool's name or a parameter from
//! the body, the revision asked for), and a later SDK may add more, so
//! every JSON-RPC error it answers with a 4xx status is replaced by a
//! fixed one with the same code: only the code, the request's `id` and an
//! unsupported revision's list of the server's revisions are kept. A 4xx
//! answer that is no JSON-RPC error (rmcp answers some in plain text, one
//! quoting a header, another serde's message about the body) becomes a
//! fixed text by its status ([`replace_refusal_body`], [`refusal_text`]).
//!
//! ```
//! use mcp_boundary::replace_refusal;
//!
//! let sdk = r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32020,"message":"Bad Request: … params.name=\"SECRET\" …","data":{"mismatch":{"header":"A","body":"SECRET"}}}}"#;
//! let safe = replace_refusal(400, sdk).unwrap();
//! assert_eq!(safe, r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32020,"message":"Bad Request: the request headers and body disagree"}}"#);
//! assert_eq!(replace_refusal(200, r#"{"jsonrpc":"2.0","id":1,"result":{}}"#), None);
//! ```

use serde::Serialize;
use serde_json::Value;

/// The largest answer body read: a longer one is replaced without its
/// `id` (the SDK's refusals are a few hundred bytes, plus what they quote).
pub const MAX_REFUSAL_BYTES: usize = 1 << 20;

/// The HTTP statuses of a refusal (4xx): an answer with another is never
/// replaced (nor its body read).
pub const REFUSAL_STATUSES: [u16; 2] = [400, 499];

/// The most revisions a `supported` list keeps.
const MAX_SUPPORTED: usize = 16;

/// The fixed message of each code the SDKs refuse a request with; any
/// other code gets [`REFUSED`].
const REFUSALS: [(i64, &str); 8] = [
    // Mcp-Method, Mcp-Name, Mcp-Param-* or MCP-Protocol-Version against the body.
    (-32020, "Bad Request: the request headers and body disagree"),
    (-32022, "Unsupported protocol version"),
    (-32602, "Invalid params: the request's protocol envelope is not valid"),
    (-32700, "Parse error: the request body is not valid JSON"),
    (-32600, "Invalid Request"),
    (-32601, "Method not found"),
    // A 2025-era transport's refusals (a session not found, an unsupported
    // revision header), which quote the header.
    (-32000, "Bad Request"),
    (-32001, "Session not found"),
];

/// The message of a refusal whose code has none of its own.
const REFUSED: &str = "Bad Request: the request was refused";

/// The fixed text of each status a refusal that is no JSON-RPC error comes
/// with; any other 4xx gets [`REFUSED_TEXT`].
const REFUSAL_TEXTS: [(u16, &str); 11] = [
    (400, REFUSED),
    (401, "Unauthorized"),
    (403, "Forbidden: the request was refused"),
    // rmcp's only plain 404 is a session it does not know; MCP clients go by
    // the status (start a new session), so the text need not say it.
    (404, "Not Found"),
    (405, "Method Not Allowed"),
    (406, "Not Acceptable: the request's Accept header lacks a media type the server answers with"),
    (409, "Conflict"),
    (413, "Payload Too Large"),
    // rmcp answers a body that is no JSON-RPC message with 415 too, quoting
    // serde's message about it.
    (415, "Unsupported Media Type: the body must be one JSON-RPC message as application/json"),
    (422, "Unprocessable Entity: the request was refused"),
    (429, "Too Many Requests"),
];

/// The text of a refusal whose status has none of its own.
const REFUSED_TEXT: &str = "Client Error: the request was refused";

/// The safe body in place of a refused HTTP answer's
/// ([`replace_refusal_body`]), with the media type it is sent as.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SafeRefusal {
    /// A JSON-RPC error, as [`replace_refusal`] answers it.
    Json(String),
    /// A fixed plain text by status ([`refusal_text`]).
    Text(&'static str),
}

impl SafeRefusal {
    /// The `Content-Type` to send the body as.
    #[must_use]
    pub fn content_type(&self) -> &'static str {
        match self {
            Self::Json(_) => "application/json",
            Self::Text(_) => "text/plain; charset=utf-8",
        }
    }

    /// The body.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            Self::Json(json) => json,
            Self::Text(text) => text,
        }
    }
}

#[derive(Serialize)]
struct Answer<'a> {
    jsonrpc: &'static str,
    id: &'a Value,
    error: Refusal<'a>,
}

#[derive(Serialize)]
struct Refusal<'a> {
    code: i64,
    message: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<Supported<'a>>,
}

/// What an unsupported revision's answer keeps: the server's revisions,
/// for the client to choose from (never the one it asked for).
#[derive(Serialize)]
struct Supported<'a> {
    supported: Vec<&'a str>,
}

/// The fixed answer in place of a JSON-RPC error body an SDK answered an
/// HTTP request with, status `status`, before any server code ran: for a
/// 4xx status, the same code with its fixed message (`-32020` headers and
/// body disagree, `-32022` unsupported revision, `-32602` an invalid
/// envelope, `-32700` not JSON, …), the request's `id` (the client matches
/// the answer by it) and, for `-32022`, the server's `supported` list of
/// revisions shaped `YYYY-MM-DD`; nothing else of it. A body longer than
/// [`MAX_REFUSAL_BYTES`] is replaced without its `id`. `None` for any other
/// status, or a body that is no JSON-RPC error.
#[must_use]
pub fn replace_refusal(status: u16, body: &str) -> Option<String> {
    if !is_refusal(status) {
        return None;
    }
    if body.len() > MAX_REFUSAL_BYTES {
        return refusal_answer(status, -32600, &Value::Null, None);
    }
    let answer: Value = serde_json::from_str(body).ok()?;
    let error = answer.get("error")?;
    let supported = error
        .get("data")
        .and_then(|d| d.get("supported"))
        .and_then(Value::as_array)
        .map(|list| list.iter().map(|v| v.as_str().unwrap_or_default()).collect::<Vec<_>>());
    refusal_answer(status, error.get("code")?.as_i64()?, answer.get("id").unwrap_or(&Value::Null), supported.as_deref())
}

/// As [`replace_refusal`], from the refusal already read: its HTTP
/// `status`, its error `code`, the answer's `id` and its
/// `error.data.supported` list (for a binding whose language parses the
/// body itself).
#[must_use]
pub fn refusal_answer(status: u16, code: i64, id: &Value, supported: Option<&[&str]>) -> Option<String> {
    if !is_refusal(status) {
        return None;
    }
    let message = refusal_message(code);
    let id = match id {
        Value::String(_) => id,
        // A whole number stays one (`1`, never `1.0`: clients in typed
        // languages match ids as integers).
        Value::Number(n) => &whole(n),
        _ => &Value::Null,
    };
    let data = if code == -32022 { supported.and_then(revisions) } else { None };
    serde_json::to_string(&Answer { jsonrpc: "2.0", id, error: Refusal { code, message, data } }).ok()
}

/// The fixed message of a refusal with the JSON-RPC error `code`
/// (`-32601`: `Method not found`; a code with none of its own: a fixed
/// `Bad Request` text): for an SDK that answers a request outside any
/// transport's checks with its caller's bytes (rmcp names an unknown method
/// in its `-32601`'s message).
///
/// ```
/// assert_eq!(mcp_boundary::refusal_message(-32601), "Method not found");
/// ```
#[must_use]
pub fn refusal_message(code: i64) -> &'static str {
    REFUSALS.iter().find(|(c, _)| *c == code).map_or(REFUSED, |(_, m)| m)
}

/// The safe body in place of any body an HTTP answer with a 4xx `status`
/// came with, whatever its media type: a JSON-RPC error becomes
/// [`replace_refusal`]'s answer, anything else (plain text, which may quote
/// the request; JSON of another shape; bytes that are not UTF-8) the fixed
/// [`refusal_text`] of its status. `None` for any other status, or an empty
/// body (nothing to quote). A body longer than [`MAX_REFUSAL_BYTES`] is
/// replaced as [`replace_refusal`] does, without being read, so a binding
/// reads at most one byte past that bound.
///
/// ```
/// use mcp_boundary::{replace_refusal_body, SafeRefusal};
///
/// let rmcp = b"Bad Request: Unsupported MCP-Protocol-Version: SECRET";
/// assert_eq!(replace_refusal_body(400, rmcp), Some(SafeRefusal::Text("Bad Request: the request was refused")));
/// let json = br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"Mcp-Name header `SECRET` does not match"}}"#;
/// let safe = replace_refusal_body(400, json).unwrap();
/// assert_eq!(safe.content_type(), "application/json");
/// assert!(!safe.as_str().contains("SECRET"));
/// assert_eq!(replace_refusal_body(200, b"SECRET"), None);
/// ```
#[must_use]
pub fn replace_refusal_body(status: u16, body: &[u8]) -> Option<SafeRefusal> {
    if !is_refusal(status) || body.is_empty() {
        return None;
    }
    if body.len() > MAX_REFUSAL_BYTES {
        return refusal_answer(status, -32600, &Value::Null, None).map(SafeRefusal::Json);
    }
    let json = std::str::from_utf8(body).ok().and_then(|text| replace_refusal(status, text));
    Some(json.map_or_else(|| SafeRefusal::Text(refusal_text(status).unwrap_or(REFUSED_TEXT)), SafeRefusal::Json))
}

/// The fixed plain text of a refusal with a 4xx `status` whose body is no
/// JSON-RPC error (`"Bad Request: the request was refused"` for 400,
/// `"Not Found"` for 404, …, a generic one for a status without its own);
/// `None` for any other status.
#[must_use]
pub fn refusal_text(status: u16) -> Option<&'static str> {
    if !is_refusal(status) {
        return None;
    }
    Some(REFUSAL_TEXTS.iter().find(|(s, _)| *s == status).map_or(REFUSED_TEXT, |(_, text)| text))
}

/// Whether `status` is one of [`REFUSAL_STATUSES`].
fn is_refusal(status: u16) -> bool {
    (REFUSAL_STATUSES[0]..=REFUSAL_STATUSES[1]).contains(&status)
}

/// A number as an integer when it is a whole one.
fn whole(n: &serde_json::Number) -> Value {
    #[allow(clippy::cast_possible_truncation, reason = "whole and within ±2^53, checked")]
    let integer = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0).map(|f| f as i64);
    Value::Number(n.as_i64().or(integer).map_or_else(|| n.clone(), serde_json::Number::from))
}

/// A `supported` list kept when it is a short list of revisions.
fn revisions<'a>(list: &[&'a str]) -> Option<Supported<'a>> {
    (list.len() <= MAX_SUPPORTED && list.iter().all(|s| is_revision(s))).then(|| Supported { supported: list.to_vec() })
}

/// `YYYY-MM-DD`: digits and two dashes.
fn is_revision(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10 && b.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SENTINEL: &str = "SENTINEL-sk-live-123\\nIGNORE";

    #[test]
    fn every_refusal_is_replaced_whole_by_its_codes_fixed_answer() {
        for (code, message) in REFUSALS.iter().copied().chain([(-32099, REFUSED), (7, REFUSED)]) {
            let body = format!(
                r#"{{"jsonrpc":"2.0","id":"r-1","error":{{"code":{code},"message":"{SENTINEL}","data":{{"mismatch":{{"header":"{SENTINEL}"}},"requested":"{SENTINEL}"}}}}}}"#
            );
            for status in [400, 404, 406, 415, 499] {
                let safe = replace_refusal(status, &body).unwrap();
                assert!(!safe.contains("SENTINEL"), "{safe}");
                assert_eq!(
                    safe,
                    format!(r#"{{"jsonrpc":"2.0","id":"r-1","error":{{"code":{code},"message":"{message}"}}}}"#)
                );
            }
        }
    }

    #[test]
    fn an_unsupported_revision_keeps_the_servers_list_only() {
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":3,"error":{{"code":-32022,"message":"Unsupported protocol version: {SENTINEL}","data":{{"supported":["2026-07-28","2025-11-25"],"requested":"{SENTINEL}"}}}}}}"#
        );
        assert_eq!(
            replace_refusal(400, &body).unwrap(),
            r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28","2025-11-25"]}}}"#
        );
        // A list with anything else in it is not kept.
        let odd = format!(
            r#"{{"jsonrpc":"2.0","id":3,"error":{{"code":-32022,"message":"x","data":{{"supported":["2026-07-28","{SENTINEL}"]}}}}}}"#
        );
        assert_eq!(
            replace_refusal(400, &odd).unwrap(),
            r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32022,"message":"Unsupported protocol version"}}"#
        );
    }

    #[test]
    fn answers_that_are_no_refusal_are_left_alone() {
        let refusal = r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"x"}}"#;
        for status in [200, 202, 302, 500, 503] {
            assert_eq!(replace_refusal(status, refusal), None, "{status}");
        }
        for body in [
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":"-32020","message":"x"}}"#,
            "not json",
            "",
        ] {
            assert_eq!(replace_refusal(400, body), None, "{body}");
        }
    }

    #[test]
    fn a_body_past_the_bound_is_refused_without_reading_it() {
        let long = format!(
            r#"{{"jsonrpc":"2.0","id":1,"error":{{"code":-32020,"message":"{}"}}}}"#,
            "x".repeat(MAX_REFUSAL_BYTES)
        );
        assert_eq!(
            replace_refusal(400, &long).unwrap(),
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}"#
        );
    }

    #[test]
    fn a_refusal_that_is_no_json_rpc_error_becomes_its_statuss_fixed_text() {
        // rmcp's plain-text refusals, two of which quote the request.
        for (status, body, text) in [
            (400, format!("Bad Request: Unsupported MCP-Protocol-Version: {SENTINEL}"), REFUSED),
            (
                415,
                format!("fail to deserialize request body unknown variant `{SENTINEL}` at line 1"),
                "Unsupported Media Type: the body must be one JSON-RPC message as application/json",
            ),
            (404, "Not Found: Session not found".to_owned(), "Not Found"),
            (418, SENTINEL.to_owned(), REFUSED_TEXT),
            (499, SENTINEL.to_owned(), REFUSED_TEXT),
            // JSON that is no JSON-RPC error is no exception.
            (400, format!(r#"{{"error":"{SENTINEL}"}}"#), REFUSED),
            (400, format!(r#"{{"jsonrpc":"2.0","id":1,"error":{{"code":"{SENTINEL}"}}}}"#), REFUSED),
        ] {
            let safe = replace_refusal_body(status, body.as_bytes()).unwrap();
            assert_eq!(safe, SafeRefusal::Text(text), "{status} {body}");
            assert_eq!(safe.content_type(), "text/plain; charset=utf-8");
            assert_eq!(refusal_text(status), Some(text));
        }
        // Not UTF-8.
        assert_eq!(replace_refusal_body(400, b"\xffSENTINEL"), Some(SafeRefusal::Text(REFUSED)));
        for (status, text) in REFUSAL_TEXTS {
            assert!((REFUSAL_STATUSES[0]..=REFUSAL_STATUSES[1]).contains(&status));
            assert_eq!(replace_refusal_body(status, b"x"), Some(SafeRefusal::Text(text)));
        }
    }

    #[test]
    fn a_json_rpc_refusals_bytes_are_answered_as_replace_refusal_answers_them() {
        let body = format!(r#"{{"jsonrpc":"2.0","id":"r-1","error":{{"code":-32020,"message":"{SENTINEL}"}}}}"#);
        let safe = replace_refusal_body(400, body.as_bytes()).unwrap();
        assert_eq!(safe, SafeRefusal::Json(replace_refusal(400, &body).unwrap()));
        assert_eq!(safe.content_type(), "application/json");
        assert_eq!(
            safe.as_str(),
            r#"{"jsonrpc":"2.0","id":"r-1","error":{"code":-32020,"message":"Bad Request: the request headers and body disagree"}}"#
        );
        // Past the bound, whatever it holds, and never read: a binding may
        // pass the bytes it read up to one past it, cut anywhere.
        let long = [b'\xff'].repeat(MAX_REFUSAL_BYTES + 1);
        assert_eq!(
            replace_refusal_body(400, &long).unwrap().as_str(),
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}"#
        );
    }

    #[test]
    fn bodies_that_are_no_refusal_are_left_alone() {
        for status in [100, 200, 204, 302, 399, 500, 503] {
            assert_eq!(replace_refusal_body(status, SENTINEL.as_bytes()), None, "{status}");
            assert_eq!(refusal_text(status), None, "{status}");
        }
        assert_eq!(replace_refusal_body(400, b""), None, "nothing to quote");
    }

    #[test]
    fn ids_stay_as_they_were_sent() {
        let answer = |id: &str| {
            replace_refusal(400, &format!(r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32700,"message":"x"}}}}"#))
                .unwrap()
        };
        assert!(answer("1").contains(r#""id":1,"#), "{}", answer("1"));
        assert!(answer("1.0").contains(r#""id":1,"#), "a whole number stays whole");
        assert!(answer("2.5").contains(r#""id":2.5,"#));
        assert!(answer(r#""a\nb""#).contains(r#""id":"a\nb","#), "the one echo the protocol needs");
        assert!(answer(r#"{"x":1}"#).contains(r#""id":null,"#));
        // From a binding, a float that is whole is an integer too.
        assert_eq!(
            refusal_answer(400, -32700, &Value::from(7.0), None).unwrap(),
            r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32700,"message":"Parse error: the request body is not valid JSON"}}"#
        );
    }
}
