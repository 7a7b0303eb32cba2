//! A `#[tool_router]` server protected by `protect`, through rmcp's own
//! client over a duplex pipe: each hostile call that rmcp answers with the
//! caller's input is answered without a byte of it, while the same server
//! unprotected echoes it (so each case can fail); valid calls are the same
//! bytes either way.

use std::sync::{Arc, Mutex};

use mcp_boundary::rmcp::{protect, protect_with};
use mcp_boundary::{ProtectOptions, ReplacedAnswer};
use mcp_boundary_rmcp_tests::bounties::{answer, call, connect, hostile, Bounties, Heard, SENTINEL};
use rmcp::handler::server::tool::ToolRoute;
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock, Tool};
use serde_json::{json, Value};

#[tokio::test]
async fn hostile_calls_echo_unprotected_and_never_protected() {
    let plain = connect(Bounties::plain()).await;
    let protected = connect(Bounties::protected()).await;
    for (tool, arguments, expected) in hostile() {
        let unprotected = answer(&plain, call(tool, &arguments)).await;
        assert!(unprotected.contains(SENTINEL), "rmcp no longer echoes {tool} {arguments}: {unprotected}");
        let answered = answer(&protected, call(tool, &arguments)).await;
        assert!(!answered.contains(SENTINEL), "{tool} {arguments} echoed: {answered}");
        assert!(answered.contains(expected), "{tool} {arguments}: {answered} lacks {expected:?}");
        assert!(answered.contains(r#""isError":true"#), "{tool}: {answered}");
    }
}

#[tokio::test]
async fn refused_arguments_carry_the_structured_error() {
    let protected = connect(Bounties::protected()).await;
    let answered = answer(&protected, call("list_bounties", &json!({"status": "SENTINEL"}))).await;
    let result: Value = serde_json::from_str(&answered).expect("a result");
    let error = &result["structuredContent"]["error"];
    assert_eq!(error["code"], "invalid_argument", "{result}");
    assert_eq!(error["field"], "status", "{result}");
    assert_eq!(error["tool"], "list_bounties", "{result}");
    assert_eq!(
        result["content"][0]["text"],
        "invalid tool arguments for list_bounties: status must be one of open, closed"
    );
}

#[tokio::test]
async fn an_optional_field_of_the_wrong_type_names_its_type() {
    // schemars publishes `Option<u32>` as `"type": ["integer", "null"]`:
    // the answer names the type, as for a field that is not optional and
    // as JS and Python answer (before: "limit has the wrong type").
    let protected = connect(Bounties::protected()).await;
    let answered = answer(&protected, call("list_bounties", &json!({"status": "open", "limit": "SENTINEL"}))).await;
    let result: Value = serde_json::from_str(&answered).expect("a result");
    assert_eq!(result["content"][0]["text"], "invalid tool arguments for list_bounties: limit must be an integer");
    assert!(!answered.contains("SENTINEL"), "{answered}");
}

#[tokio::test]
async fn bounds_and_patterns_serde_never_checks_are_named() {
    let plain = connect(Bounties::plain()).await;
    let protected = connect(Bounties::protected()).await;
    for (arguments, expected) in [
        (json!({"status": "open", "limit": 500}), "limit"),
        (json!({"status": "open", "limit": 0}), "limit"),
        (json!({"status": "open", "label": "NOT-lowercase"}), "label"),
    ] {
        // rmcp runs the tool with what serde took: no refusal at all.
        let unprotected = answer(&plain, call("list_bounties", &arguments)).await;
        assert!(!unprotected.contains(r#""isError":true"#), "{unprotected}");
        let answered = answer(&protected, call("list_bounties", &arguments)).await;
        assert!(answered.contains(r#""isError":true"#), "{answered}");
        assert!(answered.contains(&format!("invalid tool arguments for list_bounties: {expected}")), "{answered}");
    }
    let answered = answer(&protected, call("list_bounties", &json!({"status": "open", "limit": 500}))).await;
    assert!(answered.contains("at most 50"), "the bound the schema publishes: {answered}");
}

#[tokio::test]
async fn an_unknown_tool_is_the_unknown_tool_error_without_its_name() {
    let plain = connect(Bounties::plain()).await;
    let protected = connect(Bounties::protected()).await;
    let name = "list_bountiesSENTINEL\n";
    let unprotected = answer(&plain, CallToolRequestParams::new(name)).await;
    assert!(unprotected.contains("tool not found"), "{unprotected}");
    let answered = answer(&protected, CallToolRequestParams::new(name)).await;
    assert!(!answered.contains(SENTINEL), "{answered}");
    let error: Value = serde_json::from_str(&answered).expect("an error");
    assert_eq!(error["code"], -32602, "{error}");
    assert_eq!(error["message"], "unknown tool", "{error}");
    assert_eq!(error["data"]["code"], "unknown_tool", "{error}");
    assert_eq!(error["data"]["suggestions"], json!([]), "{error}");
    // A near miss is suggested the tool it misses.
    let answered = answer(&protected, CallToolRequestParams::new("list_bounty")).await;
    let error: Value = serde_json::from_str(&answered).expect("an error");
    assert_eq!(error["data"]["suggestions"], json!(["list_bounties"]), "{error}");
}

#[tokio::test]
async fn valid_calls_are_the_same_bytes() {
    let plain = connect(Bounties::plain()).await;
    let protected = connect(Bounties::protected()).await;
    for (tool, arguments) in [
        ("list_bounties", json!({"status": "open"})),
        ("list_bounties", json!({"status": "closed", "limit": 50, "label": "bugs"})),
        ("on_day", json!({"day": "2026-11-27"})),
        // Forms serde takes that the schema does not show: the check must
        // not refuse them before serde reads them.
        ("lenient", json!({"lim": 5, "kind": "a"})),
        ("lenient", json!({"kind": "bee"})),
        ("lenient", json!({"kind": "zzz"})),
        ("lenient", json!({"kind": "a", "inner": [5]})),
        ("lenient", json!({"kind": {"a": null}})),
    ] {
        let expected = answer(&plain, call(tool, &arguments)).await;
        assert!(!expected.contains(r#""isError":true"#), "{expected}");
        assert_eq!(answer(&protected, call(tool, &arguments)).await, expected);
    }
    let listed = |tools: Vec<Tool>| serde_json::to_string(&tools).unwrap_or_default();
    assert_eq!(
        listed(protected.peer().list_all_tools().await.expect("tools")),
        listed(plain.peer().list_all_tools().await.expect("tools"))
    );
}

#[tokio::test]
async fn a_url_elicitation_reaches_the_client_as_it_is() {
    let plain = connect(Bounties::plain()).await;
    let protected = connect(Bounties::protected()).await;
    let expected = answer(&plain, call("sign_in", &json!({}))).await;
    assert!(expected.contains("-32042"), "{expected}");
    assert_eq!(answer(&protected, call("sign_in", &json!({}))).await, expected);
}

#[tokio::test]
async fn the_servers_own_phrases_and_pass_mode() {
    let phrases = ProtectOptions::default().messages(["the index is rebuilding"]);
    let router = protect_with(Bounties::tools(), phrases).expect("options");
    let client = connect(Bounties::with_router(router)).await;
    let answered = answer(&client, call("find_safe", &json!({"q": "x"}))).await;
    assert!(answered.contains("the index is rebuilding"), "{answered}");
    let answered = answer(&client, call("find_text", &json!({"q": SENTINEL}))).await;
    assert!(!answered.contains(SENTINEL), "{answered}");

    let pass = ProtectOptions::default().handler_errors(mcp_boundary::HandlerErrors::Pass);
    let client = connect(Bounties::with_router(protect_with(Bounties::tools(), pass).expect("options"))).await;
    // `pass` keeps a handler's errors as rmcp sends them; never an argument refusal.
    let answered = answer(&client, call("find_text", &json!({"q": SENTINEL}))).await;
    assert!(answered.contains(SENTINEL), "{answered}");
    let answered = answer(&client, call("list_bounties", &json!({"status": SENTINEL}))).await;
    assert!(!answered.contains(SENTINEL), "{answered}");
}

#[tokio::test]
async fn the_operator_hears_each_replaced_answer_with_its_original() {
    let heard: Heard = Arc::new(Mutex::new(Vec::new()));
    let client = connect(Bounties::protected_heard(heard.clone())).await;
    for (tool, arguments, _) in hostile() {
        let _ = answer(&client, call(tool, &arguments)).await;
    }
    let _ = answer(&client, CallToolRequestParams::new("nope")).await;
    let _ = answer(&client, call("list_bounties", &json!({"status": "open"}))).await;
    let heard = heard.lock().expect("heard").clone();
    let kinds: Vec<_> = heard.iter().map(|(kind, _)| *kind).collect();
    use ReplacedAnswer::{HandlerError, InvalidArguments, UnknownTool};
    assert_eq!(
        kinds,
        [
            InvalidArguments,
            InvalidArguments,
            InvalidArguments,
            InvalidArguments,
            InvalidArguments,
            HandlerError,
            HandlerError,
            HandlerError,
            UnknownTool
        ]
    );
    // The operator gets the original, which may quote the call.
    assert!(heard[5].1.contains(SENTINEL), "{:?}", heard[5]);
}

#[tokio::test]
async fn a_panicking_hook_changes_nothing() {
    let router = protect(Bounties::tools()).on_error(|_| panic!("the operator's hook failed"));
    let client = connect(Bounties::with_router(router)).await;
    let answered = answer(&client, call("find_text", &json!({"q": SENTINEL}))).await;
    assert!(answered.contains("tool find_text failed"), "{answered}");
}

#[tokio::test]
async fn routes_added_after_protection_are_protected() {
    let mut router = protect(Bounties::tools());
    let schema = json!({"type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}, "required": ["n"]});
    let Value::Object(schema) = schema else { unreachable!() };
    router.add_route(ToolRoute::new_dyn(Tool::new("late", "added after", Arc::new(schema)), |context| {
        let n = context.arguments.as_ref().and_then(|a| a.get("n")).cloned().unwrap_or_default();
        Box::pin(
            async move { Ok(CallToolResult::error(vec![ContentBlock::text(format!("late {n} SENTINEL"))]).into()) },
        )
    }));
    router.disable_route("find_text");
    let client = connect(Bounties::with_router(router)).await;
    let answered = answer(&client, call("late", &json!({"n": 9}))).await;
    assert!(answered.contains("invalid tool arguments for late: n"), "{answered}");
    let answered = answer(&client, call("late", &json!({"n": 1}))).await;
    assert!(answered.contains("tool late failed") && !answered.contains(SENTINEL), "{answered}");
    // A disabled route is unknown, as rmcp says, and suggested no more.
    let answered = answer(&client, call("find_text", &json!({"q": "x"}))).await;
    assert!(answered.contains("unknown_tool") && !answered.contains("\"find_text\""), "{answered}");
}

#[tokio::test]
async fn a_recipient_field_answers_with_the_rejection() {
    let plain = connect(Bounties::plain()).await;
    let protected = connect(Bounties::protected()).await;
    let arguments = json!({"to": "AGENT:gpt", "body": "hi"});
    // Unprotected, the message is "sent" to no one.
    assert!(answer(&plain, call("add_message", &arguments)).await.contains("sent to AGENT:gpt"));
    let answered = answer(&protected, call("add_message", &arguments)).await;
    let result: Value = serde_json::from_str(&answered).expect("a result");
    assert_eq!(result["isError"], true, "{result}");
    let error = &result["structuredContent"]["error"];
    assert_eq!(error["code"], "INVALID_RECIPIENT_SHAPE", "{result}");
    assert_eq!(error["reason"], "agent_prefix_with_name", "{result}");
    // The published schema shows the model both shapes.
    let tools = protected.peer().list_all_tools().await.expect("tools");
    let tool = tools.iter().find(|t| t.name == "add_message").expect("listed");
    let to = &tool.input_schema["properties"]["to"];
    assert_eq!(to["pattern"], "^(?:AGENT:\\*|@[A-Za-z0-9_-]{1,128})$", "{to}");
    assert!(to["description"].as_str().is_some_and(|d| d.contains("AGENT:*")), "{to}");
    // A valid recipient is sent, the same bytes as unprotected.
    let valid = json!({"to": "@neo-gpt", "body": "hi"});
    assert_eq!(
        answer(&protected, call("add_message", &valid)).await,
        answer(&plain, call("add_message", &valid)).await
    );
}

/// A server that answers methods it does not serve with `method_not_found`.
struct Quiet;

impl rmcp::ServerHandler for Quiet {
    async fn on_custom_request(
        &self,
        _: rmcp::model::CustomRequest,
        _: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::CustomResult, rmcp::model::ErrorData> {
        Err(mcp_boundary::rmcp::method_not_found())
    }
}

#[tokio::test]
async fn an_unknown_method_is_named_by_rmcp_and_not_with_method_not_found() {
    use rmcp::model::{ClientRequest, CustomRequest};
    use rmcp::ServiceExt;
    let request = || ClientRequest::CustomRequest(CustomRequest::new("SENTINEL/\nIGNORE", None));
    // rmcp's default (a protected router cannot see it: it is no tools/call).
    let plain = connect(Bounties::protected()).await;
    let echoed = format!("{:?}", plain.peer().send_request(request()).await);
    assert!(echoed.contains(SENTINEL), "{echoed}");
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = Quiet.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = ().serve(client_io).await.expect("client connects");
    let answered = format!("{:?}", client.peer().send_request(request()).await);
    assert!(!answered.contains(SENTINEL) && answered.contains("Method not found"), "{answered}");
}

#[test]
fn the_routers_notifier_hears_its_changes() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let mut router = protect(Bounties::tools());
    let heard = Arc::new(AtomicUsize::new(0));
    let count = heard.clone();
    router.set_notifier(move || {
        count.fetch_add(1, Ordering::SeqCst);
    });
    assert!(router.disable_route("find_text"));
    assert!(router.is_disabled("find_text") && !router.has_route("find_text"));
    assert!(router.enable_route("find_text"));
    assert_eq!(heard.load(Ordering::SeqCst), 2, "rmcp's notifier, through the protected router");
}
