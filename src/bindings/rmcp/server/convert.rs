//! The core's decision as rmcp's types.

use rmcp::model::{CallToolResponse, ErrorData};
use serde_json::Value;

use crate::{Answer, Decision};

/// A fixed answer where the core's could not be converted (never expected:
/// the core's JSON is MCP's own).
pub(super) fn failed() -> Result<CallToolResponse, ErrorData> {
    Err(ErrorData::internal_error("tool call failed", None))
}

/// A decision as rmcp's types: its `isError` result or its JSON-RPC error
/// (`None`: rmcp's answer stands). The decision's JSON is the one every
/// binding reads (`result` or `error`); rmcp's types read it as they read
/// the wire.
pub(super) fn answer(decision: &Decision<'_>) -> Option<Result<CallToolResponse, ErrorData>> {
    if matches!(decision.answer, Answer::Keep) {
        return None;
    }
    let Ok(mut json) = serde_json::to_value(decision) else { return Some(failed()) };
    if let Some(result) = json.get_mut("result").map(Value::take) {
        return Some(serde_json::from_value(result).map(CallToolResponse::Complete).or_else(|_| failed()));
    }
    if let Some(error) = json.get_mut("error").map(Value::take) {
        return Some(serde_json::from_value(error).map_or_else(|_| failed(), Err));
    }
    Some(failed())
}
