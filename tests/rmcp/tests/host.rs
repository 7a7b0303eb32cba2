//! `HostRouter` over real rmcp servers (`#[tool_router]`) and real rmcp
//! clients, in process over `tokio::io::duplex`: two servers, collisions
//! under both policies, a list change followed, a removed server, calls by
//! alias and by canonical name, unknown names never echoed, bounded
//! listing, and adds racing removes and adds of the same name. Each
//! result's text is the server's own (`<tag>:<tool>:<q>`), so which server
//! answered is the server's word, not the router's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use mcp_boundary::rmcp::{HostError, HostOptions, HostRouter, OnCollision, ToolListChanges};
use mcp_boundary::{BuiltinProfile, Format, Profile, RouterReason, ToolNameReason, MAX_LIST_PAGES, MAX_LIST_ROUNDS};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, InitializeResult, JsonObject, ListToolsResult, PaginatedRequestParams,
    ProtocolVersion, ServerCapabilities, SubscriptionFilter, Tool,
};
use rmcp::service::{NotificationContext, RequestContext, RunningService, SubscriptionContext};
use rmcp::{
    tool, tool_handler, tool_router, ClientHandler, ClientLifecycleMode, ClientServiceExt, ErrorData, RoleClient,
    RoleServer, ServerHandler, ServiceExt,
};
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

const SENTINEL: &str = "SENTINEL-7f3a";

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Query {
    /// What to look for.
    q: String,
}

/// A `#[tool_router]` server whose tools can be turned on and off while it
/// runs (rmcp's own `ToolRouter::enable_route` / `disable_route`).
#[derive(Clone)]
struct Demo {
    tag: &'static str,
    routes: Arc<RwLock<ToolRouter<Demo>>>,
    /// Under 2026-07-28: each change sent on every `subscriptions/listen` stream.
    streams: Arc<watch::Sender<u32>>,
}

#[tool_router]
impl Demo {
    #[tool(description = "Open an issue")]
    fn create_issue(&self, Parameters(Query { q }): Parameters<Query>) -> String {
        format!("{}:create_issue:{q}", self.tag)
    }

    #[tool(description = "Search")]
    fn search(&self, Parameters(Query { q }): Parameters<Query>) -> String {
        format!("{}:search:{q}", self.tag)
    }

    #[tool(description = "A tool added later")]
    fn extra(&self, Parameters(Query { q }): Parameters<Query>) -> String {
        format!("{}:extra:{q}", self.tag)
    }

    #[tool(name = "b__c", description = "Its alias is a__b__c on server a")]
    fn b_sep_c(&self, Parameters(Query { q }): Parameters<Query>) -> String {
        format!("{}:b__c:{q}", self.tag)
    }

    #[tool(name = "b/c", description = "Its alias is a__b__c on server a too")]
    fn b_slash_c(&self, Parameters(Query { q }): Parameters<Query>) -> String {
        format!("{}:b/c:{q}", self.tag)
    }
}

#[tool_handler(router = self.routes())]
impl ServerHandler for Demo {
    // `InitializeResult`: 3.0 calls it `ServerInfo`, 3.11 `ServerConfig` (and `ServerInfo` deprecated).
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().enable_tool_list_changed().build())
    }

    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        Some(requested.supported_by(&self.get_info().capabilities))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let mut changes = self.streams.subscribe();
        loop {
            tokio::select! {
                () = context.cancelled() => return Ok(()),
                changed = changes.changed() => {
                    if changed.is_err() {
                        return Ok(());
                    }
                    let _ = context.sink().notify_tool_list_changed().await;
                }
            }
        }
    }
}

impl Demo {
    const ALL: [&'static str; 5] = ["create_issue", "search", "extra", "b__c", "b/c"];

    /// A server answering as `tag` with only `tools` on.
    fn new(tag: &'static str, tools: &[&'static str]) -> Self {
        let mut routes = Self::tool_router();
        for name in Self::ALL {
            if !tools.contains(&name) {
                routes.disable_route(name);
            }
        }
        Self { tag, routes: Arc::new(RwLock::new(routes)), streams: Arc::new(watch::Sender::new(0)) }
    }

    fn routes(&self) -> ToolRouter<Self> {
        self.routes.read().unwrap().clone()
    }

    fn set(&self, tool: &'static str, on: bool) {
        let mut routes = self.routes.write().unwrap();
        if on {
            routes.enable_route(tool);
        } else {
            routes.disable_route(tool);
        }
    }
}

/// The host's own client handler: tells the test each tools/list_changed
/// it is given (after the routers following the connection listed again,
/// or marked a listing of theirs that runs to list once more), and counts
/// them for a [`Scripted`] server.
struct Heard(mpsc::UnboundedSender<()>, Arc<watch::Sender<usize>>);

impl ClientHandler for Heard {
    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.1.send_modify(|n| *n += 1);
        let _ = self.0.send(());
    }
}

type Client = RunningService<RoleClient, ToolListChanges<Heard>>;

/// A server and a client on either end of a duplex pipe.
struct Connection<S: ServerHandler> {
    server: RunningService<RoleServer, S>,
    client: Client,
    heard: mpsc::UnboundedReceiver<()>,
}

impl<S: ServerHandler> Connection<S> {
    async fn open(handler: S) -> Self {
        Self::open_counted(handler, Arc::new(watch::Sender::new(0))).await
    }

    /// With the client's handler counting what it heard in `counted`.
    async fn open_counted(handler: S, counted: Arc<watch::Sender<usize>>) -> Self {
        let (server_end, client_end) = tokio::io::duplex(1 << 16);
        let (tx, heard) = mpsc::unbounded_channel();
        let (server, client) =
            tokio::join!(handler.serve(server_end), ToolListChanges::new(Heard(tx, counted)).serve(client_end));
        Self { server: server.unwrap(), client: client.unwrap(), heard }
    }

    /// The server says its tools changed; returns once the client's own
    /// handler heard it (an event, not a sleep: the bound only fails a hung test).
    async fn announce(&mut self) {
        self.server.peer().notify_tool_list_changed().await.unwrap();
        tokio::time::timeout(Duration::from_secs(20), self.heard.recv()).await.expect("the client heard it").unwrap();
    }
}

async fn demo(tag: &'static str, tools: &[&'static str]) -> Connection<Demo> {
    Connection::open(Demo::new(tag, tools)).await
}

fn names(router: &HostRouter, format: Format) -> Vec<String> {
    let name = |t: &Value| match format {
        Format::OpenAiChat => t["function"]["name"].clone(),
        _ => t["name"].clone(),
    };
    router.tools(format).tools.iter().map(|t| name(t).as_str().unwrap().to_owned()).collect()
}

async fn call(router: &HostRouter, name: &str, q: &str) -> Result<String, HostError> {
    let arguments = json!({ "q": q }).as_object().cloned();
    let result = router.call_tool(name, arguments).await?;
    let result = serde_json::to_value(&result).unwrap();
    Ok(result["content"][0]["text"].as_str().unwrap_or_default().to_owned())
}

fn unknown(result: Result<String, HostError>) -> mcp_boundary::rmcp::UnknownTool {
    match result {
        Err(HostError::UnknownTool(e)) => e,
        other => panic!("expected unknown tool, got {other:?}"),
    }
}

#[tokio::test]
async fn two_servers_by_alias_and_canonical_name_with_provider_definitions() {
    let github = demo("gh", &["create_issue", "search"]).await;
    let files = demo("fs", &["search"]).await;
    let router = HostRouter::new(HostOptions::default().profile(Profile::builtin(BuiltinProfile::OpenAi)));
    let report = router.add_server("github", &github.client).await.unwrap();
    assert!(report.refused.is_empty() && report.unrepresentable.is_empty());
    router.add_server("files", &files.client).await.unwrap();

    // rmcp lists a #[tool_router]'s tools sorted by name; servers in the order added.
    assert_eq!(names(&router, Format::OpenAiChat), ["github__create_issue", "github__search", "files__search"]);
    let anthropic = router.tools(Format::Anthropic).tools;
    assert_eq!(anthropic[0]["description"], "Open an issue");
    assert_eq!(anthropic[0]["input_schema"]["properties"]["q"]["type"], "string", "the server's own schema");
    let gemini = router.tools(Format::Gemini).tools;
    assert_eq!(gemini[0]["parametersJsonSchema"], anthropic[0]["input_schema"]);
    let bedrock = router.tools(Format::BedrockConverse).tools;
    assert_eq!(bedrock[2]["toolSpec"]["name"], "files__search");
    assert_eq!(router.tools(Format::OpenAiResponses).tools[0]["strict"], false);

    // The same tool name on two servers: each alias reaches its own server.
    assert_eq!(call(&router, "github__search", "x").await.unwrap(), "gh:search:x");
    assert_eq!(call(&router, "files__search", "y").await.unwrap(), "fs:search:y");
    // By canonical name too.
    assert_eq!(call(&router, "files/search", "z").await.unwrap(), "fs:search:z");
    assert_eq!(call(&router, "github/create_issue", "w").await.unwrap(), "gh:create_issue:w");
    // No arguments: `{}`, and the server's own answer for a missing q.
    let result = router.call_tool("github__search", None).await.unwrap();
    assert_eq!(result.is_error, Some(true));

    // The registry maps both ways, for payloads and streams.
    let registry = router.registry();
    assert_eq!(registry.to_canonical("files__search"), Some("files/search"));
    let reply = json!({"content": [{"type": "tool_use", "id": "toolu_1", "name": "github__search", "input": {}}]});
    assert_eq!(registry.from_provider(&reply, Format::Anthropic)["content"][0]["name"], "github/search");
    drop(registry);

    // A server name that could make its aliases another server's is refused.
    let other = demo("x", &["search"]).await;
    for bad in ["git__hub", "a/b", "", "trailing_"] {
        match router.add_server(bad, &other.client).await {
            Err(HostError::Router(e)) => assert_eq!(e.reason(), RouterReason::InvalidServerName),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(names(&router, Format::Anthropic).len(), 3);
}

#[tokio::test]
async fn unknown_names_are_refused_with_suggestions_and_never_echoed() {
    let github = demo("gh", &["create_issue", "search"]).await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("github", &github.client).await.unwrap();

    // A near miss gets the nearest aliases (the core's ranking).
    let e = unknown(call(&router, "github__create_isue", "x").await);
    assert_eq!((e.code(), e.message()), (-32602, "unknown tool"));
    assert_eq!(e.suggestions(), ["github__create_issue"]);
    assert_eq!(e.data(), &json!({"code": "unknown_tool", "suggestions": ["github__create_issue"]}));

    let name = format!("github__create_issue\n{SENTINEL}");
    let e = unknown(call(&router, &name, "x").await);
    assert_eq!(e.data()["code"], "unknown_tool");
    let error = HostError::UnknownTool(e.clone());
    let everything = format!("{error} {error:?} {} {}", e.data(), serde_json::to_string(&e.to_error_data()).unwrap());
    assert!(everything.contains("unknown tool"), "the bytes checked are the error's");
    assert!(!everything.contains(SENTINEL), "{everything}");
    // The twin: what a router that quotes the name it could not find (as
    // rmcp's own HTTP refusals and serde's messages do) would say.
    let echoing = format!("unknown tool {name:?}");
    assert!(echoing.contains(SENTINEL), "the check can fail");

    // A canonical name that is not one, and a server's own tool name
    // without its server, are unknown too.
    unknown(call(&router, "github/nope", "x").await);
    unknown(call(&router, "search", "x").await);
}

#[tokio::test]
async fn a_collision_is_skipped_and_reported_by_default() {
    let a = demo("a", &["b__c", "b/c", "search"]).await;
    let router = HostRouter::new(HostOptions::default().profile(Profile::builtin(BuiltinProfile::OpenAi)));
    let report = router.add_server("a", &a.client).await.unwrap();
    // a/b/c and a/b__c both make a__b__c: the first listed keeps it.
    assert_eq!(report.refused.len(), 1);
    let refused = &report.refused[0];
    assert_eq!(
        (refused.canonical.as_str(), refused.existing.as_str(), refused.alias.as_str()),
        ("a/b__c", "a/b/c", "a__b__c")
    );
    assert_eq!(names(&router, Format::Anthropic), ["a__b__c", "a__search"]);
    assert_eq!(call(&router, "a__b__c", "1").await.unwrap(), "a:b/c:1");
    unknown(call(&router, "a/b__c", "1").await); // refused: not callable under any name
}

#[tokio::test]
async fn a_collision_refuses_the_server_and_a_refused_relisting_keeps_the_old_list() {
    let router = HostRouter::new(
        HostOptions::default().profile(Profile::builtin(BuiltinProfile::OpenAi)).on_collision(OnCollision::Error),
    );
    let both = demo("ab", &["b__c", "b/c"]).await;
    match router.add_server("a", &both.client).await {
        Err(HostError::ToolName(e)) => assert_eq!(e.code(), "TOOL_NAME_COLLISION"),
        other => panic!("{other:?}"),
    }
    assert!(router.servers().is_empty() && router.tools(Format::Anthropic).tools.is_empty(), "nothing of it");
    assert!(!router.remove_server("a"), "not added");

    let mut a = demo("a", &["b__c"]).await;
    router.add_server("a", &a.client).await.unwrap();
    // The server's new list collides within itself: the old one stays.
    a.server.service().set("b/c", true);
    a.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["a__b__c"]);
    assert_eq!(call(&router, "a__b__c", "1").await.unwrap(), "a:b__c:1");
    // A later list that fits is taken.
    a.server.service().set("b__c", false);
    a.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["a__b__c"]);
    assert_eq!(call(&router, "a__b__c", "2").await.unwrap(), "a:b/c:2");
}

#[tokio::test]
async fn a_list_change_is_followed() {
    let mut github = demo("gh", &["create_issue"]).await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("github", &github.client).await.unwrap();
    assert_eq!(names(&router, Format::Anthropic), ["github__create_issue"]);
    unknown(call(&router, "github__extra", "1").await);

    github.server.service().set("extra", true);
    github.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["github__create_issue", "github__extra"]);
    assert_eq!(call(&router, "github__extra", "1").await.unwrap(), "gh:extra:1");

    github.server.service().set("create_issue", false);
    github.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["github__extra"]);
    let e = unknown(call(&router, "github__create_issue", "1").await);
    assert!(e.suggestions().is_empty(), "not among the aliases now: {:?}", e.suggestions());
    assert_eq!(unknown(call(&router, "github__extr", "1").await).suggestions(), ["github__extra"]);
}

#[tokio::test]
async fn a_removed_server_is_gone_and_no_longer_followed() {
    let mut a = demo("a", &["search"]).await;
    let b = demo("b", &["search"]).await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("a", &a.client).await.unwrap();
    router.add_server("b", &b.client).await.unwrap();

    assert!(router.remove_server("a"));
    assert!(!router.remove_server("a"), "once");
    assert_eq!(names(&router, Format::Anthropic), ["b__search"]);
    unknown(call(&router, "a__search", "1").await);
    // Its connection still announces changes: they change nothing.
    a.server.service().set("extra", true);
    a.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["b__search"]);
    // Added again, it is followed again.
    router.add_server("a", &a.client).await.unwrap();
    assert_eq!(names(&router, Format::Anthropic), ["b__search", "a__extra", "a__search"]);
    a.server.service().set("search", false);
    a.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["b__search", "a__extra"]);
}

#[tokio::test]
async fn a_server_added_again_replaces_the_first_whose_changes_then_change_nothing() {
    let mut one = demo("one", &["search"]).await;
    let two = demo("two", &["create_issue"]).await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("a", &one.client).await.unwrap();
    router.add_server("a", &two.client).await.unwrap();
    assert_eq!(names(&router, Format::Anthropic), ["a__create_issue"]);
    assert_eq!(call(&router, "a__create_issue", "1").await.unwrap(), "two:create_issue:1");

    // The first connection's change must not bring its tools back under `a`.
    one.server.service().set("extra", true);
    one.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["a__create_issue"]);
    unknown(call(&router, "a__search", "1").await);
    unknown(call(&router, "a__extra", "1").await);
}

/// Polls `future` once (the test runtime has one thread, so no other task
/// runs meanwhile: the add has asked the server for its list, and waits).
async fn poll_once<F: std::future::Future + Unpin>(future: &mut F) {
    tokio::select! {
        biased;
        _ = future => panic!("finished on its first poll"),
        () = std::future::ready(()) => {}
    }
}

#[tokio::test]
async fn an_add_racing_a_remove_or_a_second_add_of_the_name_leaves_only_the_newest() {
    let one = demo("one", &["search"]).await;
    let two = demo("two", &["create_issue"]).await;
    let router = HostRouter::new(HostOptions::default());

    // An add, then a remove of the name while it lists: nothing of it stays.
    let mut add = Box::pin(router.add_server("a", &one.client));
    poll_once(&mut add).await;
    assert!(router.remove_server("a"), "an add still listing is cancelled");
    assert!(matches!(add.await, Err(HostError::Superseded)));
    assert!(router.servers().is_empty() && names(&router, Format::Anthropic).is_empty());

    // Two adds of one name: the later one wins, whichever answer comes first.
    let mut first = Box::pin(router.add_server("a", &one.client));
    poll_once(&mut first).await;
    let mut second = Box::pin(router.add_server("a", &two.client));
    poll_once(&mut second).await;
    assert!(matches!(first.await, Err(HostError::Superseded)));
    second.await.unwrap();
    assert_eq!(names(&router, Format::Anthropic), ["a__create_issue"]);
    assert_eq!(call(&router, "a__create_issue", "1").await.unwrap(), "two:create_issue:1");

    // And the other way round: the later add's answer first.
    let mut first = Box::pin(router.add_server("b", &two.client));
    poll_once(&mut first).await;
    let second = router.add_server("b", &one.client);
    second.await.unwrap();
    assert!(matches!(first.await, Err(HostError::Superseded)));
    assert_eq!(call(&router, "b__search", "1").await.unwrap(), "one:search:1");
    unknown(call(&router, "b__create_issue", "1").await);
}

/// A server whose tools/list never ends: a new cursor on every page, or
/// the same one again.
struct Endless {
    repeat: bool,
    pages: std::sync::atomic::AtomicUsize,
}

impl ServerHandler for Endless {
    // `InitializeResult`: 3.0 calls it `ServerInfo`, 3.11 `ServerConfig` (and `ServerInfo` deprecated).
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let page = self.pages.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tool = Tool::new(format!("t{page}"), "a tool", Arc::new(JsonObject::new()));
        let mut result = ListToolsResult::with_all_items(vec![tool]);
        result.next_cursor = Some(if self.repeat { "again".to_owned() } else { format!("page-{page}") });
        Ok(result)
    }
}

#[tokio::test]
async fn a_listing_past_the_bounds_is_refused_and_nothing_of_it_registered() {
    let github = demo("gh", &["search"]).await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("github", &github.client).await.unwrap();

    for (repeat, reason) in [(false, RouterReason::TooManyPages), (true, RouterReason::RepeatedCursor)] {
        let endless = Connection::open(Endless { repeat, pages: 0.into() }).await;
        for name in ["endless", "github"] {
            match router.add_server(name, &endless.client).await {
                Err(HostError::Router(e)) => assert_eq!(e.reason(), reason),
                other => panic!("{other:?}"),
            }
        }
        // Nothing of it; the server added earlier under the name stays as it was.
        assert_eq!(names(&router, Format::Anthropic), ["github__search"]);
        assert_eq!(call(&router, "github__search", "1").await.unwrap(), "gh:search:1");
        let pages = endless.server.service().pages.load(std::sync::atomic::Ordering::Relaxed);
        if repeat {
            assert_eq!(pages, 4, "two lists, refused at their second page");
        } else {
            assert_eq!(pages, 2 * MAX_LIST_PAGES, "each list asked for its bound of pages, no more");
        }
    }
}

/// Waits until the router's tools change (an event: the bound only fails a hung test).
async fn changed(changes: &mut watch::Receiver<u64>) {
    tokio::time::timeout(Duration::from_secs(20), changes.changed()).await.expect("the tools changed").unwrap();
}

#[tokio::test]
async fn under_2026_07_28_list_changes_come_on_the_routers_own_subscription() {
    let server = Demo::new("gh", &["create_issue"]);
    let (server_end, client_end) = tokio::io::duplex(1 << 16);
    let (tx, mut heard) = mpsc::unbounded_channel();
    let modern = ClientLifecycleMode::Discover { preferred_versions: vec![ProtocolVersion::V_2026_07_28] };
    // A 2026-07-28 server has no handshake to finish: it serves in a task
    // of its own while the client discovers it.
    let handler = server.clone();
    tokio::spawn(async move { handler.serve(server_end).await.unwrap().waiting().await });
    let client =
        ToolListChanges::new(Heard(tx, Arc::default())).serve_with_lifecycle(client_end, modern).await.unwrap();
    let version = client.peer().peer_info().map(|info| info.protocol_version.clone());
    assert_eq!(version, Some(ProtocolVersion::V_2026_07_28), "a 2026-07-28 connection");

    let router = HostRouter::new(HostOptions::default());
    let mut changes = router.changes();
    router.add_server("github", &client).await.unwrap();
    changed(&mut changes).await;
    assert_eq!(names(&router, Format::Anthropic), ["github__create_issue"]);

    // The server announces on the stream the router opened.
    server.set("extra", true);
    server.streams.send_modify(|n| *n += 1);
    changed(&mut changes).await;
    assert_eq!(names(&router, Format::Anthropic), ["github__create_issue", "github__extra"]);
    assert_eq!(call(&router, "github__extra", "1").await.unwrap(), "gh:extra:1");
    assert!(heard.try_recv().is_err(), "rmcp gives a stream's notifications to its owner, not the handler");

    // Removed: its stream is closed, and a change reaches nothing.
    assert!(router.remove_server("github"));
    changed(&mut changes).await;
    while server.streams.receiver_count() > 0 {
        tokio::task::yield_now().await; // the server ends its listen when the router's stream is cancelled
    }
    assert!(names(&router, Format::Anthropic).is_empty());
}

/// A server whose `tools/list` answers as a test scripts it, each event in
/// a set order: listing `n` (from 0) answers `lists[n]`, or the last list
/// from then on. During a listing it can announce a change and answer only
/// once the client's own handler has heard it (which runs after the router
/// has: the router then knows of the change before the answer); and a
/// listing can fail, or never answer.
#[derive(Clone)]
struct Scripted {
    lists: Arc<Mutex<Vec<Vec<String>>>>,
    /// How many listings were asked for.
    listings: Arc<watch::Sender<usize>>,
    /// Announce a change during the first listing.
    announce_first: bool,
    /// Announce a change during every listing, while set.
    flood: Arc<AtomicBool>,
    /// Listings from this one on fail (a JSON-RPC error).
    fail_from: Option<usize>,
    /// Listings from this one on never answer.
    hang_from: Option<usize>,
    /// The list changes the client's own handler heard ([`Heard`]).
    heard: Arc<watch::Sender<usize>>,
    /// Under 2026-07-28: each change sent on every `subscriptions/listen` stream.
    streams: Arc<watch::Sender<u32>>,
    /// How many `subscriptions/listen` streams are open.
    open: Arc<watch::Sender<usize>>,
}

impl Scripted {
    fn new(lists: &[&[&str]]) -> Self {
        let lists = lists.iter().map(|l| l.iter().map(|t| (*t).to_owned()).collect()).collect();
        Self {
            lists: Arc::new(Mutex::new(lists)),
            listings: Arc::new(watch::Sender::new(0)),
            announce_first: false,
            flood: Arc::default(),
            fail_from: None,
            hang_from: None,
            heard: Arc::new(watch::Sender::new(0)),
            streams: Arc::new(watch::Sender::new(0)),
            open: Arc::new(watch::Sender::new(0)),
        }
    }

    /// Every listing from now on answers `tools`.
    fn set(&self, tools: &[&str]) {
        *self.lists.lock().unwrap() = vec![tools.iter().map(|t| (*t).to_owned()).collect()];
    }

    async fn connect(&self) -> Connection<Self> {
        Connection::open_counted(self.clone(), Arc::clone(&self.heard)).await
    }

    /// A 2026-07-28 connection (no handshake: the server serves in a task of its own).
    async fn connect_2026(&self) -> Client {
        let (server_end, client_end) = tokio::io::duplex(1 << 16);
        let (tx, _heard) = mpsc::unbounded_channel();
        let modern = ClientLifecycleMode::Discover { preferred_versions: vec![ProtocolVersion::V_2026_07_28] };
        let handler = self.clone();
        tokio::spawn(async move { handler.serve(server_end).await.unwrap().waiting().await });
        let handler = ToolListChanges::new(Heard(tx, Arc::clone(&self.heard)));
        let client = handler.serve_with_lifecycle(client_end, modern).await.unwrap();
        let version = client.peer().peer_info().map(|info| info.protocol_version.clone());
        assert_eq!(version, Some(ProtocolVersion::V_2026_07_28), "a 2026-07-28 connection");
        client
    }

    /// Waits until `n` `subscriptions/listen` streams are open (an event: the bound only fails a hung test).
    async fn streams_open(&self, n: usize) {
        let mut open = self.open.subscribe();
        let opened = tokio::time::timeout(Duration::from_secs(20), open.wait_for(|open| *open == n)).await;
        assert!(opened.is_ok(), "{n} streams open, not {}", *self.open.borrow());
    }

    /// Waits until `n` listings were asked for.
    async fn listed(&self, n: usize) {
        let mut listings = self.listings.subscribe();
        let listed = tokio::time::timeout(Duration::from_secs(20), listings.wait_for(|l| *l >= n)).await;
        assert!(listed.is_ok(), "{n} listings asked for, not {}", *self.listings.borrow());
    }
}

/// One less open stream when a `listen` ends or is dropped.
struct Closes(Arc<watch::Sender<usize>>);

impl Drop for Closes {
    fn drop(&mut self) {
        self.0.send_modify(|n| *n -= 1);
    }
}

impl ServerHandler for Scripted {
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().enable_tool_list_changed().build())
    }

    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        Some(requested.supported_by(&self.get_info().capabilities))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.open.send_modify(|n| *n += 1);
        let _closes = Closes(Arc::clone(&self.open));
        let mut changes = self.streams.subscribe();
        loop {
            tokio::select! {
                () = context.cancelled() => return Ok(()),
                changed = changes.changed() => {
                    if changed.is_err() {
                        return Ok(());
                    }
                    let _ = context.sink().notify_tool_list_changed().await;
                }
            }
        }
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // An unprotected server: its JSON-RPC error quotes the model's arguments.
        Err(ErrorData::invalid_params(format!("bad arguments {:?}", request.arguments), None))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut n = 0;
        self.listings.send_modify(|listings| {
            n = *listings;
            *listings += 1;
        });
        if self.hang_from.is_some_and(|from| n >= from) {
            std::future::pending::<()>().await;
        }
        if (n == 0 && self.announce_first) || self.flood.load(Ordering::SeqCst) {
            let heard = *self.heard.borrow();
            let mut counted = self.heard.subscribe();
            context.peer.notify_tool_list_changed().await.unwrap();
            counted.wait_for(|now| *now > heard).await.unwrap();
        }
        if self.fail_from.is_some_and(|from| n >= from) {
            return Err(ErrorData::internal_error("the listing failed", None));
        }
        let tools = {
            let lists = self.lists.lock().unwrap();
            lists.get(n).or(lists.last()).cloned().unwrap_or_default()
        };
        let tools = tools.into_iter().map(|t| Tool::new(t, "a tool", Arc::new(JsonObject::new()))).collect();
        Ok(ListToolsResult::with_all_items(tools))
    }
}

/// Drops `add` (as a host's timeout would) once `server` was asked for
/// its `n`th listing: the add is then waiting on it.
async fn cancel_at_listing<F: std::future::Future>(add: F, server: &Scripted, n: usize)
where
    F::Output: std::fmt::Debug,
{
    tokio::select! {
        result = add => panic!("the add finished: {result:?}"),
        () = server.listed(n) => {}
    }
}

#[tokio::test]
async fn an_add_failing_in_a_later_listing_leaves_nothing_and_the_earlier_server_as_it_was() {
    let mut old = demo("old", &["search"]).await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("s", &old.client).await.unwrap();

    // Its first listing is good but announces a change; the second fails.
    let mut new = Scripted::new(&[&["create_issue"]]);
    new.announce_first = true;
    new.fail_from = Some(1);
    let mut new = new.connect().await;
    match router.add_server("s", &new.client).await {
        Err(HostError::Server(e)) => assert_eq!(e.code(), -32603, "the server's internal error"),
        other => panic!("{other:?}"),
    }
    assert_eq!(*new.server.service().listings.borrow(), 2, "the change listed once more");
    assert_eq!(names(&router, Format::Anthropic), ["s__search"], "nothing of the failed add");
    assert_eq!(router.servers(), ["s"]);
    assert_eq!(call(&router, "s__search", "1").await.unwrap(), "old:search:1");
    unknown(call(&router, "s__create_issue", "1").await);

    // Its connection's changes change nothing; the earlier server is still followed.
    new.announce().await;
    assert_eq!(*new.server.service().listings.borrow(), 2, "not listed again");
    assert_eq!(names(&router, Format::Anthropic), ["s__search"]);
    old.server.service().set("extra", true);
    old.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["s__extra", "s__search"]);
}

#[tokio::test]
async fn an_add_whose_later_listing_collides_fails_whole() {
    let router = HostRouter::new(HostOptions::default().on_collision(OnCollision::Error));
    // The first listing fits and announces a change; the second collides (a/b__c and a/b/c: a__b__c).
    let mut server = Scripted::new(&[&["b__c"], &["b__c", "b/c"]]);
    server.announce_first = true;
    let connection = server.connect().await;
    match router.add_server("a", &connection.client).await {
        Err(HostError::ToolName(e)) => assert_eq!(e.code(), "TOOL_NAME_COLLISION"),
        other => panic!("{other:?}"),
    }
    assert_eq!(*server.listings.borrow(), 2);
    assert!(router.servers().is_empty() && names(&router, Format::Anthropic).is_empty(), "nothing of it");
    assert!(!router.remove_server("a"), "not added");
}

#[tokio::test]
async fn a_server_announcing_a_change_during_every_listing_is_listed_a_bounded_number_of_times() {
    let server = Scripted::new(&[&["create_issue"]]);
    server.flood.store(true, Ordering::SeqCst);
    let mut connection = server.connect().await;
    let router = HostRouter::new(HostOptions::default());
    let mut changes = router.changes();
    // The bound only fails a hung test.
    let added = tokio::time::timeout(Duration::from_secs(20), router.add_server("s", &connection.client)).await;
    added.expect("the add returned").unwrap();
    assert_eq!(*server.listings.borrow(), MAX_LIST_ROUNDS, "its last listing's list is in place");
    assert_eq!(names(&router, Format::Anthropic), ["s__create_issue"]);
    changes.borrow_and_update();

    // A change announced while it floods lists it at most MAX_LIST_ROUNDS times too.
    server.set(&["create_issue", "extra"]);
    connection.announce().await;
    changed(&mut changes).await;
    assert_eq!(*server.listings.borrow(), 2 * MAX_LIST_ROUNDS);
    assert_eq!(names(&router, Format::Anthropic), ["s__create_issue", "s__extra"]);

    // The server's next announcement is followed as ever.
    server.flood.store(false, Ordering::SeqCst);
    server.set(&["extra"]);
    connection.announce().await;
    assert_eq!(*server.listings.borrow(), 2 * MAX_LIST_ROUNDS + 1);
    assert_eq!(names(&router, Format::Anthropic), ["s__extra"]);
}

#[tokio::test]
async fn a_cancelled_add_leaves_nothing_and_the_earlier_server_as_it_was() {
    let mut old = demo("old", &["search"]).await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("s", &old.client).await.unwrap();

    // Its first listing is good but announces a change; the second never answers.
    let mut server = Scripted::new(&[&["create_issue"]]);
    server.announce_first = true;
    server.hang_from = Some(1);
    let mut new = server.connect().await;
    cancel_at_listing(router.add_server("s", &new.client), &server, 2).await;
    assert_eq!(router.servers(), ["s"]);
    assert_eq!(names(&router, Format::Anthropic), ["s__search"], "nothing of the cancelled add");
    assert_eq!(call(&router, "s__search", "1").await.unwrap(), "old:search:1");

    // The earlier server is still followed; the cancelled one's connection is not.
    old.server.service().set("extra", true);
    old.announce().await;
    assert_eq!(names(&router, Format::Anthropic), ["s__extra", "s__search"]);
    new.announce().await;
    assert_eq!(*server.listings.borrow(), 2, "not listed again");
    assert!(router.remove_server("s"));

    // Cancelled in its first listing, with nothing under the name before.
    let mut server = Scripted::new(&[&["search"]]);
    server.hang_from = Some(0);
    let connection = server.connect().await;
    cancel_at_listing(router.add_server("t", &connection.client), &server, 1).await;
    assert!(!router.remove_server("t"), "nothing was added, nor is still adding");
    assert!(router.servers().is_empty() && names(&router, Format::Anthropic).is_empty());
}

#[tokio::test]
async fn a_cancelled_add_under_2026_07_28_closes_its_stream() {
    let mut server = Scripted::new(&[&["search"]]);
    server.hang_from = Some(0);
    let client = server.connect_2026().await;
    let router = HostRouter::new(HostOptions::default());
    // The stream is opened before the listing: cancelled while listing, it is open.
    cancel_at_listing(router.add_server("s", &client), &server, 1).await;
    server.streams_open(0).await;
    assert!(!router.remove_server("s"));
}

/// Dropping an add on the thread that holds the router's registry must not
/// wait for the lock (it would wait for ever): its cleanup is done by the
/// router's next use. Run on a thread of its own, so a hang fails the test
/// (the bound) rather than holding it.
#[test]
fn an_add_dropped_while_the_registry_is_held_leaves_nothing() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let mut server = Scripted::new(&[&["search"]]);
            server.hang_from = Some(0);
            let connection = server.connect().await;
            let router = HostRouter::new(HostOptions::default());
            let mut add = Box::pin(router.add_server("s", &connection.client));
            tokio::select! {
                result = &mut add => panic!("the add finished: {result:?}"),
                () = server.listed(1) => {}
            }
            let registry = router.registry();
            drop(add);
            assert!(registry.entries().next().is_none());
            drop(registry);
            assert!(!router.remove_server("s"), "nothing was added, nor is still adding");
            assert!(router.servers().is_empty());
        });
        done.send(()).unwrap();
    });
    finished.recv_timeout(Duration::from_secs(20)).expect("the add was dropped without waiting");
}

#[tokio::test]
async fn a_dropped_router_closes_its_streams() {
    let server = Scripted::new(&[&["search"]]);
    let client = server.connect_2026().await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("s", &client).await.unwrap();
    server.streams_open(1).await;
    drop(router);
    server.streams_open(0).await;
}

#[tokio::test]
async fn a_tool_whose_alias_a_format_refuses_is_left_out_of_its_definitions_alone() {
    // Anthropic's profile (the router's) takes 128 characters; OpenAI's 64.
    let long = "x".repeat(100);
    let good = demo("good", &["search"]).await;
    let bad = Scripted::new(&[&[long.as_str()]]).connect().await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("good", &good.client).await.unwrap();
    router.add_server("bad", &bad.client).await.unwrap();
    let alias = format!("bad__{long}");
    assert_eq!(names(&router, Format::Anthropic), ["good__search", alias.as_str()]);

    let openai = router.tools(Format::OpenAiChat);
    let declared: Vec<_> = openai.tools.iter().map(|t| t["function"]["name"].as_str().unwrap()).collect();
    assert_eq!(declared, ["good__search"], "the other servers' tools are declared");
    assert_eq!(openai.left_out.len(), 1);
    let left_out = &openai.left_out[0];
    assert_eq!(
        (left_out.alias.as_str(), left_out.canonical.as_str()),
        (alias.as_str(), format!("bad/{long}").as_str())
    );
    assert_eq!(left_out.reason, ToolNameReason::TooLong);
    // Still the router's tool: callable by its alias.
    let result = router.call_tool(&alias, None).await;
    assert!(matches!(result, Err(HostError::Server(_))), "the server's own answer: {result:?}");
}

/// Everything an error shows: its message, its `Debug`, and its sources'.
fn shown(error: &HostError) -> String {
    let mut shown = format!("{error} {error:?}");
    let mut source = std::error::Error::source(error);
    while let Some(e) = source {
        shown.push_str(&format!(" | {e} {e:?}"));
        source = e.source();
    }
    shown
}

#[tokio::test]
async fn a_servers_error_shows_its_code_never_its_text() {
    let connection = Scripted::new(&[&["search"]]).connect().await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("s", &connection.client).await.unwrap();
    // The server's JSON-RPC error quotes the model's arguments.
    let arguments = json!({ "q": SENTINEL }).as_object().cloned();
    let error = router.call_tool("s__search", arguments).await.unwrap_err();
    let HostError::Server(server) = &error else { panic!("{error:?}") };
    assert_eq!(server.code(), -32602);
    let everything = shown(&error);
    assert!(everything.contains("-32602"), "the bytes checked are the error's: {everything}");
    assert!(!everything.contains(SENTINEL), "{everything}");
    // The twin: the server's own text, asked for by name, quotes them.
    assert!(server.service_error().to_string().contains(SENTINEL), "the check can fail");

    // A connection that fails is not the server's answer.
    connection.server.cancel().await.unwrap();
    let error = router.call_tool("s__search", None).await.unwrap_err();
    let HostError::Connection(failed) = &error else { panic!("{error:?}") };
    assert!(["closed", "send"].contains(&failed.kind()), "{failed:?}");
    assert!(shown(&error).contains("connection failed"));
}

#[tokio::test]
async fn servers_are_in_the_order_first_added() {
    let one = demo("one", &["search"]).await;
    let two = demo("two", &["search"]).await;
    let router = HostRouter::new(HostOptions::default());
    let order = ["h", "c", "f", "a", "g", "b", "e", "d"];
    for name in order {
        router.add_server(name, &one.client).await.unwrap();
    }
    assert_eq!(router.servers(), order);
    // Added again: its place is kept. Removed and added again: last.
    router.add_server("f", &two.client).await.unwrap();
    assert_eq!(router.servers(), order);
    assert!(router.remove_server("c"));
    router.add_server("c", &two.client).await.unwrap();
    assert_eq!(router.servers(), ["h", "f", "a", "g", "b", "e", "d", "c"]);
    assert!(format!("{router:?}").contains(r#"servers: ["h", "f", "a""#), "{router:?}");
}

/// The router's `Debug` while its registry is held (on this thread, it
/// would wait for ever; here another thread asks, so a wait fails the test
/// at the bound rather than hanging it).
#[tokio::test]
async fn a_routers_debug_does_not_wait_for_its_registry() {
    let one = demo("one", &["search"]).await;
    let router = HostRouter::new(HostOptions::default());
    router.add_server("s", &one.client).await.unwrap();
    let registry = router.registry();
    let (shown, debug) = std::sync::mpsc::channel();
    let other = router.clone();
    std::thread::spawn(move || shown.send(format!("{other:?}")).unwrap());
    let debug = debug.recv_timeout(Duration::from_secs(20)).expect("Debug returned");
    drop(registry);
    assert!(debug.contains("<locked>"), "{debug}");
    assert!(format!("{router:?}").contains(r#"servers: ["s"]"#));
}
