//! The shared protection-policy vectors (`tests/data/protect.json`, which
//! the crate runs natively, JS and Python run too) through a real rmcp
//! server protected by `protect_with`: each server of the file is served
//! with its tools as listed, the failing tool fails as rmcp lets a handler
//! fail, and rmcp's own client must read the file's answer.
//!
//! Run for what rmcp can produce: a handler's error (an `Err(String)`,
//! whose message rmcp always has; an `isError` result without text when
//! the file says none could be read), an unknown tool, and the options.
//! A tool's own `isError` result is a handler's error in rmcp (the two are
//! one value there: docs/DECISIONS.md), and arguments are refused from the
//! published schema, not a validator's issues (tests/server.rs).

use std::sync::{Arc, Mutex};

use mcp_boundary::rmcp::protect_with;
use mcp_boundary::{HandlerErrors, ProtectOptions, ReplacedAnswer};
use mcp_boundary_rmcp_tests::bounties::{connect, Bounties};
use rmcp::handler::server::tool::{ToolRoute, ToolRouter};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, JsonObject, Tool};
use serde_json::Value;

/// The file, where make test's scripts say it is (the lowest-rmcp copy of
/// this crate lives elsewhere), else beside this crate.
fn vectors() -> Value {
    let path = std::env::var("MCP_BOUNDARY_VECTORS")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../data/protect.json").to_owned());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("the vectors parse")
}

/// The options as the file gives them (Rust's keys).
fn options(options: &Value) -> Result<ProtectOptions, mcp_boundary::OptionsError> {
    let mut o = ProtectOptions::default();
    if let Some(messages) = options["messages"].as_array() {
        o = o.messages(messages.iter().map(|m| m.as_str().expect("a message")));
    }
    match &options["handler_errors"] {
        Value::Null => {}
        Value::String(name) => o = o.handler_errors(HandlerErrors::parse(name)?),
        _ => return Err(HandlerErrors::not_a_string()),
    }
    Ok(o)
}

/// The server's tools as listed; `failing` fails with `message` (an
/// `Err(String)`), or with an `isError` result without text (`None`).
fn routes(tools: &Value, failing: Option<(&str, Option<&str>)>) -> ToolRouter<Bounties> {
    let mut router = ToolRouter::new();
    for tool in tools.as_array().expect("tools") {
        let name = tool["name"].as_str().expect("a name").to_owned();
        let schema: JsonObject = tool["inputSchema"].as_object().cloned().unwrap_or_default();
        let mut attr = Tool::new(name.clone(), "", Arc::new(schema));
        if tool["outputSchema"].as_bool() == Some(true) {
            attr.output_schema = Some(Arc::new(JsonObject::from_iter([("type".to_owned(), "object".into())])));
        }
        let fails = failing.filter(|(tool, _)| *tool == name).map(|(_, message)| message.map(str::to_owned));
        router.add_route(ToolRoute::new_dyn(attr, move |_context| {
            let fails = fails.clone();
            Box::pin(async move {
                Ok(match fails {
                    Some(Some(message)) => CallToolResult::error(vec![ContentBlock::text(message)]).into(),
                    Some(None) => CallToolResult::error(Vec::new()).into(),
                    None => CallToolResult::success(Vec::new()).into(),
                })
            })
        }));
    }
    router
}

/// What rmcp's client read, as the file writes an answer's `result` or
/// `error`.
async fn read(client: &rmcp::service::RunningService<rmcp::RoleClient, ()>, name: &str) -> Value {
    match client.peer().call_tool_once(CallToolRequestParams::new(name.to_owned())).await {
        Ok(CallToolResponse::Complete(result)) => serde_json::to_value(result).expect("JSON"),
        Err(rmcp::ServiceError::McpError(error)) => serde_json::to_value(error).expect("JSON"),
        other => panic!("an answer of another kind: {other:?}"),
    }
}

#[tokio::test]
async fn the_shared_vectors_through_a_protected_rmcp_server() {
    let mut ran = 0;
    for server in vectors()["servers"].as_array().expect("servers") {
        let options = options(&server["options"]).expect("the server's options");
        for case in server["cases"].as_array().expect("cases") {
            let (failure, expected) = (&case["failure"], &case["answer"]);
            let called = match (failure["kind"].as_str(), failure["tool"].as_str()) {
                (Some("unknown_tool"), _) => failure["name"].as_str().expect("a name"),
                (Some("handler_error"), Some(tool)) => tool,
                _ => continue,
            };
            let failing = failure["tool"].as_str().map(|tool| (tool, failure["message"].as_str()));
            let heard = Arc::new(Mutex::new(Vec::new()));
            let hook = heard.clone();
            let router = protect_with(routes(&server["tools"], failing), options.clone())
                .expect("options")
                .on_error(move |replaced| hook.lock().expect("heard").push(replaced.kind));
            let client = connect(Bounties::with_router(router)).await;
            let got = read(&client, called).await;
            let name = case["name"].as_str().unwrap_or_default();
            let want = match (&expected["result"], &expected["error"]) {
                (Value::Null, Value::Null) => {
                    // rmcp's own answer stands: the handler's error as it is.
                    let message = failure["message"].as_str().expect("kept only with a message");
                    let mut kept =
                        serde_json::to_value(CallToolResult::error(vec![ContentBlock::text(message)])).expect("JSON");
                    // 2026-07-28's discriminator, which rmcp leaves out for this session's revision.
                    kept.as_object_mut().expect("a result").remove("resultType");
                    kept
                }
                (Value::Null, error) => error.clone(),
                (result, _) => result.clone(),
            };
            assert_eq!(without_nulls(got), without_nulls(want), "{name}");
            let kinds: Vec<&str> = heard.lock().expect("heard").iter().map(|k: &ReplacedAnswer| k.as_str()).collect();
            assert_eq!(kinds, expected["kind"].as_str().into_iter().collect::<Vec<_>>(), "{name}: on_error");
            ran += 1;
        }
    }
    assert!(ran >= 12, "only {ran} cases ran");
}

#[test]
fn options_the_file_refuses_are_refused() {
    for case in vectors()["options_errors"].as_array().expect("options errors") {
        let refused =
            options(&case["options"]).and_then(|o| protect_with(ToolRouter::<Bounties>::new(), o).map(|_| ()));
        let error = refused.expect_err("refused");
        assert_eq!(error.code(), case["error"]["code"].as_str().expect("a code"), "{case}");
        assert_eq!(error.reason(), case["error"]["reason"].as_str().expect("a reason"), "{case}");
    }
}

/// `value` without object members that are `null` (a field rmcp leaves
/// out and the file writes, or the other way round).
fn without_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            Value::Object(map.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect())
        }
        Value::Array(list) => Value::Array(list.into_iter().map(without_nulls).collect()),
        other => other,
    }
}
