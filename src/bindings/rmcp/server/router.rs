//! [`ProtectedRouter`]: rmcp's `ToolRouter`, its calls answered by the
//! core's policy.

use std::borrow::Cow;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use rmcp::handler::server::tool::{ToolCallContext, ToolRoute, ToolRouter};
use rmcp::model::{CallToolResponse, ErrorCode, ErrorData, Tool};
use rmcp::service::MaybeSend;
use serde_json::Value;

use super::convert::{answer, failed};
use super::replaced::{Hook, Original, Replaced};
use crate::{ArgumentCheck, Failure, ListedTool, OptionsError, ProtectOptions, Protection, SchemaIssue, ServerCatalog};

/// rmcp's prefix of a `Parameters<T>` refusal (serde's message follows).
const DESERIALIZE_PREFIX: &str = "failed to deserialize parameters";
/// A URL elicitation: the server asks the client to open a URL it chose;
/// the client acts on its data, so it passes as it is (as in JS).
const URL_ELICITATION_REQUIRED: i32 = -32042;

/// A `ToolRouter` whose calls get the core's answers (see the module
/// docs). Put it where the server keeps its router and name that field in
/// `#[tool_handler(router = self.tool_router)]`. It answers `tools/call`
/// only: an unknown method is no tool call, and rmcp's default names it
/// (return [`method_not_found`](super::method_not_found) from the
/// server's `on_custom_request`); over HTTP, rmcp's own refusals of a
/// request are the `ProtectHttp` layer's (the `rmcp-http` feature).
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
pub fn protect<S: MaybeSend + 'static>(router: ToolRouter<S>) -> ProtectedRouter<S> {
    ProtectedRouter::new(router, Protection::default())
}

/// `router`, protected with `options` (the server's own safe phrases,
/// [`HandlerErrors`](crate::HandlerErrors)).
///
/// # Errors
/// The core's [`OptionsError`] for options it refuses.
pub fn protect_with<S: MaybeSend + 'static>(
    router: ToolRouter<S>,
    options: ProtectOptions,
) -> Result<ProtectedRouter<S>, OptionsError> {
    Ok(ProtectedRouter::new(router, Protection::new(options)?))
}

impl<S: MaybeSend + 'static> ProtectedRouter<S> {
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
        let mut listed = Vec::new();
        self.checks = self
            .router
            .list_all()
            .into_iter()
            .map(|tool| {
                let schema = Value::Object((*tool.input_schema).clone());
                listed.push(ListedTool::new(tool.name.to_string(), Some(&schema), tool.output_schema.is_some()));
                (tool.name.into_owned(), ArgumentCheck::new(&schema))
            })
            .collect();
        self.catalog = self.protection.catalog(listed);
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

    /// Whether `name` is a route, and disabled (as `ToolRouter::is_disabled`).
    #[must_use]
    pub fn is_disabled(&self, name: &str) -> bool {
        self.router.is_disabled(name)
    }

    /// Calls `notify` when the listed tools change (as
    /// `ToolRouter::set_notifier`).
    pub fn set_notifier(&mut self, notify: impl Fn() + Send + Sync + 'static) {
        self.router.set_notifier(notify);
    }

    /// Sends `notifications/tools/list_changed` to `peer` when the listed
    /// tools change (as `ToolRouter::bind_peer_notifier`).
    pub fn bind_peer_notifier(&mut self, peer: &rmcp::Peer<rmcp::RoleServer>) {
        self.router.bind_peer_notifier(peer);
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
        // Before serde, the call is refused only for a bound serde never
        // checks; what serde checks itself (types, keys, enums) it may
        // accept in forms the schema does not show (aliases, `other`, a
        // struct as an array), so those issues only name the field once
        // serde has refused the call.
        let issues = check.check(context.arguments.as_ref());
        if issues.iter().any(SchemaIssue::is_bound) {
            if let Some(rejection) = check.recipient_rejection(context.arguments.as_ref()) {
                let failure = Failure::RecipientRejected { tool: name, rejection: &rejection };
                return self.replace(name, failure, Original::Issues(&issues)).unwrap_or_else(failed);
            }
            let bounds: Vec<_> = issues.iter().filter(|i| i.is_bound()).cloned().collect();
            let read: Vec<_> = bounds.iter().map(SchemaIssue::issue).collect();
            let failure = Failure::InvalidArguments { tool: name, issues: &read };
            // The core replaces every refusal of arguments; were it ever to
            // keep one, rmcp's would be serde's, so never that.
            return self.replace(name, failure, Original::Issues(&bounds)).unwrap_or_else(failed);
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
                let read: Vec<_> = issues.iter().map(SchemaIssue::issue).collect();
                let failure = Failure::InvalidArguments { tool: name, issues: &read };
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
