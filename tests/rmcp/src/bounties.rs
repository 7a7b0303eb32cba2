//! A `#[tool_router]` server as users write one, whose tools fail in each
//! way rmcp answers with the caller's input, served protected or as it is
//! (the unprotected twin, which must echo, so a test of the protected one
//! can fail), over an in-process duplex pipe to rmcp's own client.

use std::borrow::Cow;
use std::sync::{Arc, Mutex};

use mcp_boundary::rmcp::{protect, ProtectedRouter};
use mcp_boundary::ReplacedAnswer;
use rmcp::handler::server::tool::{ToolCallContext, ToolRouter};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorCode, ErrorData, Tool};
use rmcp::service::RunningService;
use rmcp::{tool, tool_handler, tool_router, RoleClient, ServerHandler, ServiceExt};
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// What a search asks for: an enum serde checks, a bound only the schema
/// states (serde never checks `range`), and a string schemars publishes
/// with a pattern.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Search {
    /// Which bounties.
    pub status: Status,
    /// How many at most.
    #[schemars(range(min = 1, max = 50))]
    pub limit: Option<u32>,
    /// A label.
    #[schemars(regex(pattern = r"^[a-z]+$"))]
    pub label: Option<String>,
}

/// A bounty's status.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Open.
    Open,
    /// Closed.
    Closed,
}

/// A query the handlers quote when they fail.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct Query {
    /// The query.
    pub q: String,
}

/// A date that serde reads through `TryFrom`, whose error quotes it: the
/// schema (a string) cannot foresee that refusal.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct When {
    /// The day.
    pub day: Day,
}

/// A day, `YYYY-MM-DD`.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(try_from = "String")]
#[schemars(with = "String")]
pub struct Day(pub String);

impl TryFrom<String> for Day {
    type Error = String;
    fn try_from(value: String) -> Result<Self, String> {
        if value.len() == 10 {
            Ok(Self(value))
        } else {
            Err(format!("not a day: {value}"))
        }
    }
}

/// A message for one agent or all.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct Message {
    // No doc comment: schemars would put it in place of the schema's own
    // description, which teaches both shapes.
    #[schemars(schema_with = "mcp_boundary::rmcp::recipient_schema")]
    pub to: String,
    /// The text.
    pub body: String,
}

/// What serde takes in forms the schema does not show: an alias, an
/// `other` variant, a struct written as an array, a unit variant as a map.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lenient {
    /// How many, at most 50 (also as `lim`).
    #[serde(alias = "lim")]
    #[schemars(range(max = 50))]
    pub limit: Option<u32>,
    /// A kind.
    pub kind: Kind,
    /// A part.
    pub inner: Option<Inner>,
}

/// A kind; any other name is `Unknown`.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A.
    A,
    /// B.
    #[serde(alias = "bee")]
    B,
    /// Any other.
    #[serde(other)]
    Unknown,
}

/// A part.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct Inner {
    /// A number.
    pub a: u32,
}

/// The router a server answers from: rmcp's own, or protected.
#[allow(clippy::large_enum_variant, reason = "one per server, made once")]
pub enum Routers {
    /// As rmcp answers.
    Plain(ToolRouter<Bounties>),
    /// Protected.
    Protected(ProtectedRouter<Bounties>),
}

impl Routers {
    /// `#[tool_handler]`'s `tools/call`.
    pub async fn call(&self, context: ToolCallContext<'_, Bounties>) -> Result<CallToolResponse, ErrorData> {
        match self {
            Self::Plain(router) => router.call(context).await,
            Self::Protected(router) => router.call(context).await,
        }
    }
    /// `#[tool_handler]`'s `tools/list`.
    #[must_use]
    pub fn list_all(&self) -> Vec<Tool> {
        match self {
            Self::Plain(router) => router.list_all(),
            Self::Protected(router) => router.list_all(),
        }
    }
    /// `#[tool_handler]`'s `get_tool`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Tool> {
        match self {
            Self::Plain(router) => router.get(name),
            Self::Protected(router) => router.get(name),
        }
    }
}

/// What the operator's hook heard: each kind, and whether the original
/// quoted the sentinel (it may: it is for the operator).
pub type Heard = Arc<Mutex<Vec<(ReplacedAnswer, String)>>>;

/// The server.
pub struct Bounties {
    /// Its router.
    pub routers: Routers,
}

#[tool_router]
impl Bounties {
    /// The server as rmcp serves it.
    #[must_use]
    pub fn plain() -> Self {
        Self { routers: Routers::Plain(Self::tool_router()) }
    }

    /// The server protected in one expression.
    #[must_use]
    pub fn protected() -> Self {
        Self { routers: Routers::Protected(protect(Self::tool_router())) }
    }

    /// The server with `router` as its router.
    #[must_use]
    pub fn with_router(router: ProtectedRouter<Self>) -> Self {
        Self { routers: Routers::Protected(router) }
    }

    /// Its tools, as `#[tool_router]` made them.
    #[must_use]
    pub fn tools() -> ToolRouter<Self> {
        Self::tool_router()
    }

    /// The server protected, its operator's hook recording what it hears.
    #[must_use]
    pub fn protected_heard(heard: Heard) -> Self {
        let router = protect(Self::tool_router()).on_error(move |replaced| {
            if let Ok(mut heard) = heard.lock() {
                heard.push((replaced.kind, format!("{:?}", replaced.original)));
            }
        });
        Self { routers: Routers::Protected(router) }
    }

    #[tool(description = "Bounties by status")]
    fn list_bounties(&self, Parameters(search): Parameters<Search>) -> String {
        let status = match search.status {
            Status::Open => "open",
            Status::Closed => "closed",
        };
        json!({"status": status, "limit": search.limit, "bounties": []}).to_string()
    }

    #[tool(description = "Fails with Err(String) quoting the query")]
    fn find_text(&self, Parameters(query): Parameters<Query>) -> Result<String, String> {
        Err(format!("no rows matched '{}'", query.q))
    }

    #[tool(description = "Fails with Err(ErrorData) quoting the query in message and data")]
    fn find_data(&self, Parameters(query): Parameters<Query>) -> Result<String, ErrorData> {
        Err(ErrorData::invalid_params(format!("bad query {}", query.q), Some(json!({"query": query.q}))))
    }

    #[tool(description = "Its own isError result, quoting the query as rmcp's docs show")]
    fn find_own(&self, Parameters(query): Parameters<Query>) -> CallToolResult {
        CallToolResult::error(vec![ContentBlock::text(format!("no rows matched '{}'", query.q))])
    }

    #[tool(description = "Fails with a phrase of the server's own")]
    fn find_safe(&self, Parameters(_query): Parameters<Query>) -> Result<String, String> {
        Err("the index is rebuilding".to_owned())
    }

    #[tool(description = "Asks the client to open a URL")]
    fn sign_in(&self) -> Result<String, ErrorData> {
        Err(ErrorData::new(ErrorCode(-32042), "sign in first", Some(json!({"url": "https://example.test/sign-in"}))))
    }

    #[tool(description = "Sends a message")]
    fn add_message(&self, Parameters(message): Parameters<Message>) -> String {
        format!("sent to {} ({} bytes)", message.to, message.body.len())
    }

    #[tool(description = "Takes what serde takes")]
    fn lenient(&self, Parameters(lenient): Parameters<Lenient>) -> String {
        let kind = match lenient.kind {
            Kind::A => "a",
            Kind::B => "b",
            Kind::Unknown => "unknown",
        };
        format!("{kind} {:?} {:?}", lenient.limit, lenient.inner.map(|i| i.a))
    }

    #[tool(description = "A day")]
    fn on_day(&self, Parameters(when): Parameters<When>) -> String {
        when.day.0
    }
}

#[tool_handler(router = self.routers)]
impl ServerHandler for Bounties {}

/// A running client connected to `server` over a duplex pipe.
///
/// # Panics
/// When the pipe cannot be set up (a test's failure).
pub async fn connect(server: Bounties) -> RunningService<RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_io).await.expect("client connects")
}

/// A call's arguments from JSON.
///
/// # Panics
/// When `arguments` is no object (a test's mistake).
#[must_use]
pub fn call(name: &'static str, arguments: &Value) -> CallToolRequestParams {
    let arguments: Map<String, Value> = arguments.as_object().expect("an object").clone();
    CallToolRequestParams::new(Cow::Borrowed(name)).with_arguments(arguments)
}

/// What the client got, as text: the result's JSON, or the error's
/// `Display` and JSON.
pub async fn answer(client: &RunningService<RoleClient, ()>, params: CallToolRequestParams) -> String {
    match client.peer().call_tool_once(params).await {
        Ok(CallToolResponse::Complete(result)) => serde_json::to_string(&result).unwrap_or_default(),
        Ok(other) => format!("{other:?}"),
        Err(rmcp::ServiceError::McpError(error)) => serde_json::to_string(&error).unwrap_or_default(),
        Err(other) => format!("{other}"),
    }
}

/// The sentinel every hostile call carries.
pub const SENTINEL: &str = "SENTINEL";

/// Each hostile call: the tool, its arguments, and a part of the protected
/// answer that says what the call should be instead.
pub fn hostile() -> Vec<(&'static str, Value, &'static str)> {
    vec![
        // serde's `unknown variant` quotes the value, newline and all.
        ("list_bounties", json!({"status": "SENTINEL\nopen"}), "status must be one of open, closed"),
        // `deny_unknown_fields`: serde's `unknown field` quotes the key.
        ("list_bounties", json!({"status": "open", "SENTINEL\nkey": 1}), "is not a known argument"),
        // `invalid type: string "…"`.
        ("list_bounties", json!({"status": "open", "limit": "SENTINEL"}), "limit"),
        // An enum read from a map: `unknown variant` quotes the key.
        ("list_bounties", json!({"status": {"SENTINEL": 1}}), "status must be one of open, closed"),
        // A `TryFrom` whose error quotes the value: the schema (a string)
        // cannot foresee it, so the answer names no field.
        ("on_day", json!({"day": "SENTINEL"}), "invalid tool arguments for on_day"),
        // The handler's `Err(String)`, `Err(ErrorData)` and own `isError`.
        ("find_text", json!({"q": "SENTINEL\n' OR 1=1"}), "tool find_text failed"),
        ("find_data", json!({"q": "SENTINEL"}), "tool find_data failed"),
        ("find_own", json!({"q": "SENTINEL"}), "tool find_own failed"),
    ]
}
