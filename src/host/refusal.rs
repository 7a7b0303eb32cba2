//! Answers an SDK gives over HTTP before any server code runs: its checks
//! of the request itself (its headers against its body, the protocol
//! revision, the per-request envelope, the JSON). Some quote the request
//! (a header's value, a tool's name or a parameter from the body, the
//! revision asked for), so each of these is replaced by a fixed answer
//! with the same code; anything else is left as it is.
//!
//! ```
//! use mcp_boundary::replace_refusal;
//!
//! let sdk = r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32020,"message":"Bad Request: … params.name=\"SECRET\" …","data":{"mismatch":{"header":"A","body":"SECRET"}}}}"#;
//! let safe = replace_refusal(sdk).unwrap();
//! assert_eq!(safe, r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32020,"message":"Bad Request: the request headers and body disagree"}}"#);
//! assert_eq!(replace_refusal(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#), None);
//! ```

use serde::Serialize;
use serde_json::Value;

/// The largest answer body read: a longer one is left as it is (the
/// SDK's refusals are a few hundred bytes, plus what they quote).
pub const MAX_REFUSAL_BYTES: usize = 1 << 20;

/// The most revisions a `supported` list keeps.
const MAX_SUPPORTED: usize = 16;

/// The codes replaced, each with its fixed message.
const REFUSALS: [(i64, &str); 4] = [
    // Mcp-Method, Mcp-Name, Mcp-Param-* or MCP-Protocol-Version against the body.
    (-32020, "Bad Request: the request headers and body disagree"),
    (-32022, "Unsupported protocol version"),
    (-32602, "Invalid params: the request's protocol envelope is not valid"),
    (-32700, "Parse error: the request body is not valid JSON"),
];

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

/// The fixed answer in place of a JSON-RPC error body an SDK gave before
/// any server code ran, when its code is one whose answer can quote the
/// request (`-32020` headers and body disagree, `-32022` unsupported
/// revision, `-32602` an invalid envelope, `-32700` not JSON); `None` for
/// anything else, or a body longer than [`MAX_REFUSAL_BYTES`]. The
/// request's `id` stays (the client matches the answer by it), and an
/// unsupported revision's answer keeps the server's `supported` list, of
/// revisions shaped `YYYY-MM-DD` only.
#[must_use]
pub fn replace_refusal(body: &str) -> Option<String> {
    if body.len() > MAX_REFUSAL_BYTES {
        return None;
    }
    let answer: Value = serde_json::from_str(body).ok()?;
    let error = answer.get("error")?;
    let supported = error
        .get("data")
        .and_then(|d| d.get("supported"))
        .and_then(Value::as_array)
        .map(|list| list.iter().map(|v| v.as_str().unwrap_or_default()).collect::<Vec<_>>());
    refusal_answer(error.get("code")?.as_i64()?, answer.get("id").unwrap_or(&Value::Null), supported.as_deref())
}

/// As [`replace_refusal`], from the refusal already read: its error
/// `code`, the answer's `id` and its `error.data.supported` list (for a
/// binding whose language parses the body itself).
#[must_use]
pub fn refusal_answer(code: i64, id: &Value, supported: Option<&[&str]>) -> Option<String> {
    let message = REFUSALS.iter().find(|(c, _)| *c == code)?.1;
    let id = match id {
        Value::String(_) | Value::Number(_) => id,
        _ => &Value::Null,
    };
    let data = if code == -32022 { supported.and_then(revisions) } else { None };
    serde_json::to_string(&Answer { jsonrpc: "2.0", id, error: Refusal { code, message, data } }).ok()
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
    fn every_refusal_that_can_quote_is_replaced_whole() {
        for (code, message) in REFUSALS {
            let body = format!(
                r#"{{"jsonrpc":"2.0","id":"r-1","error":{{"code":{code},"message":"{SENTINEL}","data":{{"mismatch":{{"header":"{SENTINEL}"}},"requested":"{SENTINEL}"}}}}}}"#
            );
            let safe = replace_refusal(&body).unwrap();
            assert!(!safe.contains("SENTINEL"), "{safe}");
            assert_eq!(
                safe,
                format!(r#"{{"jsonrpc":"2.0","id":"r-1","error":{{"code":{code},"message":"{message}"}}}}"#)
            );
        }
    }

    #[test]
    fn an_unsupported_revision_keeps_the_servers_list_only() {
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":3,"error":{{"code":-32022,"message":"Unsupported protocol version: {SENTINEL}","data":{{"supported":["2026-07-28","2025-11-25"],"requested":"{SENTINEL}"}}}}}}"#
        );
        assert_eq!(
            replace_refusal(&body).unwrap(),
            r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28","2025-11-25"]}}}"#
        );
        // A list with anything else in it is not kept.
        let odd = format!(
            r#"{{"jsonrpc":"2.0","id":3,"error":{{"code":-32022,"message":"x","data":{{"supported":["2026-07-28","{SENTINEL}"]}}}}}}"#
        );
        assert_eq!(
            replace_refusal(&odd).unwrap(),
            r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32022,"message":"Unsupported protocol version"}}"#
        );
    }

    #[test]
    fn other_answers_are_left_alone() {
        for body in [
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":"-32020","message":"x"}}"#,
            "not json",
            "",
        ] {
            assert_eq!(replace_refusal(body), None, "{body}");
        }
        let long = format!(
            r#"{{"jsonrpc":"2.0","id":1,"error":{{"code":-32020,"message":"{}"}}}}"#,
            "x".repeat(MAX_REFUSAL_BYTES)
        );
        assert_eq!(replace_refusal(&long), None);
    }

    #[test]
    fn an_id_that_is_no_string_or_number_is_null() {
        let body = r#"{"jsonrpc":"2.0","id":{"x":1},"error":{"code":-32700,"message":"Parse error"}}"#;
        assert_eq!(
            replace_refusal(body).unwrap(),
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the request body is not valid JSON"}}"#
        );
    }
}
