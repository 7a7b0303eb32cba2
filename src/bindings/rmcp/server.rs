//! [`protect`]: a `#[tool_router]` server's tools answered by the core's
//! policy (SPEC §6.1, §9). rmcp's `#[tool_handler]` calls the router it is
//! given (`router = self.tool_router`) by its methods `call`, `list_all`
//! and `get`, so a [`ProtectedRouter`] in that field protects every call
//! without the server forwarding any `ServerHandler` method.
//!
//! What rmcp does and what this binding recognizes in it:
//! - `Parameters<T>` refuses arguments with serde's message, which quotes
//!   them: the arguments are checked first against the tool's own
//!   published input schema ([`ArgumentCheck`]), and a serde refusal that
//!   the schema did not foresee is answered without its message;
//! - a handler's `Err(String)` becomes an `isError` result equal to a
//!   tool's own `CallToolResult::error(…)` (rmcp's own example of which
//!   quotes the call): both are the handler's error, classified;
//! - `Err(ErrorData)` is a JSON-RPC error with the handler's message and
//!   data: classified too, but for a URL elicitation (`-32042`), which the
//!   client must get as it is;
//! - a name the router lacks (or has disabled): the unknown-tool answer.

use std::borrow::Cow;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use rmcp::handler::server::tool::{ToolCallContext, ToolRoute, ToolRouter};
use rmcp::model::{CallToolResponse, CallToolResult, ErrorCode, ErrorData, Tool};
use serde_json::Value;

use crate::{
    Answer, ArgumentCheck, Decision, Failure, ListedTool, OptionsError, ProtectOptions, Protection, RecipientValidator,
    ReplacedAnswer, SchemaIssue, ServerCatalog,
};

/// The recipient's JSON Schema (SPEC §1, both shapes in `pattern` and
/// `description`) for a field of a tool's parameters, as schemars takes
/// it: `#[schemars(schema_with = "mcp_boundary::rmcp::recipient_schema")]`
/// on a `String`. A protected router answers a call whose value has
/// neither shape with the §1.2 rejection, as JS's `recipientSchema` does.
#[must_use]
pub fn recipient_schema(_generator: &mut rmcp::schemars::SchemaGenerator) -> rmcp::schemars::Schema {
    let schema = serde_json::to_value(RecipientValidator::default().json_schema()).unwrap_or_default();
    rmcp::schemars::Schema::try_from(schema).unwrap_or_default()
}

/// The answer to a method the server does not serve, without its name:
/// rmcp's default `ServerHandler::on_custom_request` puts the method, which
/// the caller chose, in its `-32601`'s message. A server that cares writes
///
/// ```
/// use rmcp::model::{CustomRequest, CustomResult, ErrorData};
/// use rmcp::{service::RequestContext, RoleServer, ServerHandler};
///
/// struct Server;
/// impl ServerHandler for Server {
///     async fn on_custom_request(&self, _: CustomRequest, _: RequestContext<RoleServer>) -> Result<CustomResult, ErrorData> {
///         Err(mcp_boundary::rmcp::method_not_found())
///     }
/// }
/// ```
#[must_use]
pub fn method_not_found() -> ErrorData {
    ErrorData::new(ErrorCode::METHOD_NOT_FOUND, crate::refusal_message(-32601), None)
}

/// rmcp's prefix of a `Parameters<T>` refusal (serde's message follows).
const DESERIALIZE_PREFIX: &str = "failed to deserialize parameters";
/// A URL elicitation: the server asks the client to open a URL it chose;
/// the client acts on its data, so it passes as it is (as in JS).
const URL_ELICITATION_REQUIRED: i32 = -32042;

/// What an answer replaced, for the operator's [`ProtectedRouter::on_error`]
/// hook: the tool as called, the kind, and the original, which may quote
/// the caller's input (for the operator's logs, never the model's).
#[derive(Debug)]
#[non_exhaustive]
pub struct Replaced<'a> {
    /// The tool's name as called (for an unknown tool, the caller's bytes).
    pub tool: &'a str,
    /// Why it was replaced.
    pub kind: ReplacedAnswer,
    /// What rmcp or the handler would have answered.
    pub original: Original<'a>,
}

/// The answer a protected router replaced.
#[derive(Debug)]
#[non_exhaustive]
pub enum Original<'a> {
    /// The arguments broke the tool's published input schema (nothing was
    /// called): the issues found.
    Issues(&'a [SchemaIssue]),
    /// A JSON-RPC error: `Parameters<T>`'s refusal, rmcp's `tool not
    /// found`, or a handler's `Err(ErrorData)`.
    Error(&'a ErrorData),
    /// An `isError` result: a handler's `Err(String)` or its own
    /// `CallToolResult::error(…)`.
    Result(&'a CallToolResult),
}

type Hook = Arc<dyn Fn(&Replaced<'_>) + Send + Sync>;

/// A `ToolRouter` whose calls get the core's answers (see the module
/// docs). Put it where the server keeps its router and name that field in
/// `#[tool_handler(router = self.tool_router)]`:
///
/// ```
/// use mcp_boundary::rmcp::{protect, ProtectedRouter};
/// use rmcp::handler::server::{tool::ToolRouter, wrapper::Parameters};
/// use rmcp::{tool, tool_handler, tool_router, ServerHandler};
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct Search { status: Status }
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// #[serde(rename_all = "lowercase")]
/// enum Status { Open, Closed }
///
/// struct Bounties { tool_router: ProtectedRouter<Self> }
///
/// #[tool_router]
/// impl Bounties {
///     fn new() -> Self {
///         Self { tool_router: protect(Self::tool_router()) }
///     }
///     #[tool(description = "Bounties by status")]
///     fn list_bounties(&self, Parameters(_search): Parameters<Search>) -> String {
///         "[]".into()
///     }
/// }
///
/// #[tool_handler(router = self.tool_router)]
/// impl ServerHandler for Bounties {}
/// # let _ = Bounties::new();
/// ```
pub struct ProtectedRouter<S> {
    router: ToolRouter<S>,
    protection: Protection,
    catalog: ServerCatalog,
    checks: HashMap<String, ArgumentCheck>,
    on_error: Option<Hook>,
}

// By hand: `S` (the server) need be neither `Clone` nor `Debug` for its
// router to be, as rmcp's own `ToolRouter` is (servers derive `Clone` for
// the Streamable HTTP service's factory).
impl<S> Clone for ProtectedRouter<S> {
    fn clone(&self) -> Self {
        Self {
            router: self.router.clone(),
            protection: self.protection.clone(),
            catalog: self.catalog.clone(),
            checks: self.checks.clone(),
            on_error: self.on_error.clone(),
        }
    }
}

impl<S> std::fmt::Debug for ProtectedRouter<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProtectedRouter")
            .field("router", &self.router)
            .field("protection", &self.protection)
            .field("on_error", &self.on_error.as_ref().map(|_| "…"))
            .finish_non_exhaustive()
    }
}

/// `router`, protected with the default options (`tool <name> failed` for
/// every handler error no catalog entry classifies).
#[must_use]
pub fn protect<S: Send + Sync + 'static>(router: ToolRouter<S>) -> ProtectedRouter<S> {
    ProtectedRouter::new(router, Protection::default())
}

/// `router`, protected with `options` (the server's own safe phrases,
/// [`HandlerErrors`](crate::HandlerErrors)).
///
/// # Errors
/// The core's [`OptionsError`] for options it refuses.
pub fn protect_with<S: Send + Sync + 'static>(
    router: ToolRouter<S>,
    options: ProtectOptions,
) -> Result<ProtectedRouter<S>, OptionsError> {
    Ok(ProtectedRouter::new(router, Protection::new(options)?))
}

impl<S: Send + Sync + 'static> ProtectedRouter<S> {
    fn new(router: ToolRouter<S>, protection: Protection) -> Self {
        let mut protected = Self {
            router,
            protection,
            catalog: Protection::default().catalog([]),
            checks: HashMap::new(),
            on_error: None,
        };
        protected.listed();
        protected
    }

    /// The catalog and the argument checks, from the tools as listed now:
    /// built when the list changes, never per call.
    fn listed(&mut self) {
        let tools = self.router.list_all();
        self.checks = tools
            .iter()
            .map(|tool| (tool.name.to_string(), ArgumentCheck::new(&Value::Object((*tool.input_schema).clone()))))
            .collect();
        self.catalog = self.protection.catalog(tools.iter().map(|tool| {
            let schema = Value::Object((*tool.input_schema).clone());
            ListedTool::new(tool.name.to_string(), Some(&schema), tool.output_schema.is_some())
        }));
    }

    /// Calls `hook` with every answer given in place of rmcp's, for the
    /// operator's logs. A hook that panics changes nothing of the answer.
    #[must_use]
    pub fn on_error(mut self, hook: impl Fn(&Replaced<'_>) + Send + Sync + 'static) -> Self {
        self.on_error = Some(Arc::new(hook));
        self
    }

    /// The router protected (to read; its tools change through the
    /// methods here, which keep the answers in step).
    #[must_use]
    pub fn router(&self) -> &ToolRouter<S> {
        &self.router
    }

    /// Adds a route (as `ToolRouter::add_route`); its calls are protected.
    pub fn add_route(&mut self, route: ToolRoute<S>) {
        self.router.add_route(route);
        self.listed();
    }

    /// Adds every route of `other` (as `ToolRouter::merge`).
    pub fn merge(&mut self, other: ToolRouter<S>) {
        self.router.merge(other);
        self.listed();
    }

    /// Removes a route (as `ToolRouter::remove_route`).
    pub fn remove_route(&mut self, name: &str) {
        self.router.remove_route(name);
        self.listed();
    }

    /// Disables a route (as `ToolRouter::disable_route`): calls to it get
    /// the unknown-tool answer.
    pub fn disable_route(&mut self, name: impl Into<Cow<'static, str>>) -> bool {
        let disabled = self.router.disable_route(name);
        self.listed();
        disabled
    }

    /// Enables a disabled route (as `ToolRouter::enable_route`).
    pub fn enable_route(&mut self, name: &str) -> bool {
        let enabled = self.router.enable_route(name);
        self.listed();
        enabled
    }

    /// Whether `name` is a route, and enabled (as `ToolRouter::has_route`).
    #[must_use]
    pub fn has_route(&self, name: &str) -> bool {
        self.router.has_route(name)
    }

    /// The enabled tools, as `ToolRouter::list_all` lists them
    /// (`#[tool_handler]`'s `tools/list`).
    #[must_use]
    pub fn list_all(&self) -> Vec<Tool> {
        self.router.list_all()
    }

    /// A tool's definition (as `ToolRouter::get`).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.router.get(name)
    }

    /// A call, answered as rmcp would but for the failures the module
    /// docs list (`#[tool_handler]`'s `tools/call`).
    ///
    /// # Errors
    /// A JSON-RPC error: the unknown-tool answer, or a handler's own
    /// `-32042` URL elicitation (or its `Err(ErrorData)` when told to pass
    /// handler errors).
    pub async fn call(&self, context: ToolCallContext<'_, S>) -> Result<CallToolResponse, ErrorData> {
        // The tool's name as the catalog holds it (no copy of the call's);
        // a name it lacks is unknown, as is a disabled route (rmcp's own
        // `tool not found`).
        let listed = self.checks.get_key_value(context.name.as_ref());
        let Some(((name, check), route)) = listed.zip(self.router.map.get(context.name.as_ref())) else {
            let original = ErrorData::invalid_params("tool not found", None);
            let failure = Failure::UnknownTool { name: &context.name };
            return self.replace(&context.name, failure, Original::Error(&original)).unwrap_or(Err(original));
        };
        let name = name.as_str();
        let issues = check.check(context.arguments.as_ref());
        if !issues.is_empty() {
            if let Some(rejection) = check.recipient_rejection(context.arguments.as_ref()) {
                let failure = Failure::RecipientRejected { tool: name, rejection: &rejection };
                return self.replace(name, failure, Original::Issues(&issues)).unwrap_or_else(failed);
            }
            let read: Vec<_> = issues.iter().map(SchemaIssue::issue).collect();
            let failure = Failure::InvalidArguments { tool: name, issues: &read };
            // The core replaces every refusal of arguments; were it ever to
            // keep one, rmcp's would be serde's, so never that.
            return self.replace(name, failure, Original::Issues(&issues)).unwrap_or_else(failed);
        }
        match (route.call)(context).await {
            Ok(CallToolResponse::Complete(result)) if result.is_error == Some(true) => {
                let message = result.content.first().and_then(|c| c.as_text()).map(|t| t.text.as_str());
                let failure = Failure::HandlerError { tool: name, message };
                self.replace(name, failure, Original::Result(&result)).unwrap_or(Ok(CallToolResponse::Complete(result)))
            }
            Ok(response) => Ok(response),
            Err(error) if error.code == ErrorCode(URL_ELICITATION_REQUIRED) => Err(error),
            Err(error) if error.code == ErrorCode::INVALID_PARAMS && error.message.starts_with(DESERIALIZE_PREFIX) => {
                let failure = Failure::InvalidArguments { tool: name, issues: &[] };
                self.replace(name, failure, Original::Error(&error)).unwrap_or_else(failed)
            }
            Err(error) => {
                let failure = Failure::HandlerError { tool: name, message: Some(&error.message) };
                self.replace(name, failure, Original::Error(&error)).unwrap_or(Err(error))
            }
        }
    }

    /// The core's answer for `failure` as rmcp's (`None`: rmcp's own
    /// stands), and the operator told.
    fn replace(
        &self,
        tool: &str,
        failure: Failure<'_>,
        original: Original<'_>,
    ) -> Option<Result<CallToolResponse, ErrorData>> {
        let decision = self.protection.answer(&self.catalog, failure);
        if let (Some(kind), Some(hook)) = (decision.heard, &self.on_error) {
            let replaced = Replaced { tool, kind, original };
            // The operator's hook never changes the answer, even by panicking.
            let _ = catch_unwind(AssertUnwindSafe(|| hook(&replaced)));
        }
        answer(&decision)
    }
}

/// A fixed answer where the core's could not be converted (never expected:
/// the core's JSON is MCP's own).
fn failed() -> Result<CallToolResponse, ErrorData> {
    Err(ErrorData::internal_error("tool call failed", None))
}

/// A decision as rmcp's types: its `isError` result or its JSON-RPC error
/// (`None`: rmcp's answer stands). The decision's JSON is the one every
/// binding reads (`result` or `error`); rmcp's types read it as they read
/// the wire.
fn answer(decision: &Decision<'_>) -> Option<Result<CallToolResponse, ErrorData>> {
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
