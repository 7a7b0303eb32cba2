//! The router: its state under one lock, listing a server's tools and
//! putting them in place, and calls routed to the server that has the tool.

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, TryLockError};

use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject, PaginatedRequestParams, Tool};
use rmcp::service::{RoleClient, RunningService};
use rmcp::{Peer, Service};
use serde_json::Value;
use tokio::sync::watch;
use tokio::task::AbortHandle;

use crate::error_data::{tool_query, unknown_tool_among};
use crate::{
    check_server_name, to_llm_facing_name, tool_definition, Format, RpcData, ToolListing, ToolNameError, ToolRegistry,
    MAX_LIST_ROUNDS,
};

use super::follow::{Follow, Follows};
use super::{
    HostError, HostOptions, LeftOut, ListReport, OnCollision, ToolDefinitions, ToolListChanges, UnknownTool,
    Unrepresentable,
};

/// Ids of the router's entries (one per [`HostRouter::add_server`]),
/// unique in the process, so a follower names its entry without naming
/// its router.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A host's tools from its rmcp client connections, each as `server/tool`
/// in one [`ToolRegistry`]: aliases per profile, collisions skipped and
/// reported (or refused), declared to a provider in its own shape
/// ([`tools`](Self::tools)), and a model's call routed to the server that
/// has the tool, under that server's own name for it
/// ([`call_tool`](Self::call_tool)).
///
/// No alias ever stands for another server's tool, whatever the order of
/// adds, removes, re-adds and list changes: a server name that could make
/// one server's alias another's is refused ([`check_server_name`]); an
/// alias is looked up in the registry, and its canonical name's server
/// part names the one server whose current tools are asked. An add
/// overtaken by a later add or remove of its name registers nothing
/// ([`HostError::Superseded`]), nor does one that fails or is dropped.
/// Cloning the router gives another handle to the same one; dropping the
/// last handle stops following every server (closing 2026-07-28
/// `subscriptions/listen` streams).
///
/// ```no_run
/// # async fn run<T, E, A>(github: T, files: T) -> Result<(), Box<dyn std::error::Error>>
/// # where T: rmcp::transport::IntoTransport<rmcp::RoleClient, E, A>, E: std::error::Error + Send + Sync + 'static {
/// use mcp_boundary::rmcp::{HostOptions, HostRouter, ToolListChanges};
/// use mcp_boundary::Format;
/// use rmcp::ServiceExt;
///
/// let router = HostRouter::new(HostOptions::default());
/// let github = ToolListChanges::new(()).serve(github).await?;
/// let files = ToolListChanges::new(()).serve(files).await?;
/// router.add_server("github", &github).await?;
/// router.add_server("files", &files).await?;
///
/// let tools = router.tools(Format::Anthropic).tools; // the request's `tools`
/// // … the model answers with a tool_use named "github__create_issue":
/// let arguments = serde_json::json!({"title": "Crash"}).as_object().cloned();
/// let result = router.call_tool("github__create_issue", arguments).await?;
/// # let _ = (tools, result); Ok(()) }
/// ```
#[derive(Clone)]
pub struct HostRouter {
    shared: Arc<Shared>,
}

impl fmt::Debug for HostRouter {
    /// The options, and the servers unless the router is locked meanwhile
    /// (by a [`RegistryGuard`], maybe of this very thread, where waiting
    /// would never end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("HostRouter");
        debug.field("options", &self.shared.options);
        match self.shared.state.try_lock() {
            Ok(state) => debug.field("servers", &state.order),
            Err(TryLockError::Poisoned(state)) => debug.field("servers", &state.into_inner().order),
            Err(TryLockError::WouldBlock) => debug.field("servers", &format_args!("<locked>")),
        };
        debug.finish_non_exhaustive()
    }
}

pub(super) struct Shared {
    options: HostOptions,
    state: Mutex<State>,
    /// How many times the tools changed ([`HostRouter::changes`]).
    changes: watch::Sender<u64>,
    /// What adds and listings that ended left to undo while the state was
    /// locked (a future dropped on the thread that holds a
    /// [`RegistryGuard`], or while another thread held the lock): done by
    /// the next [`lock`](Shared::lock), before anything reads the state.
    deferred: Mutex<Vec<Cleanup>>,
}

/// The router's state, under one lock that is never held across an
/// `.await` or while user code runs (but see [`HostRouter::registry`]).
pub(super) struct State {
    registry: ToolRegistry,
    /// The servers whose tools are in place, by name.
    servers: HashMap<String, Server>,
    /// Their names, in the order first added (a server added again under
    /// its name keeps its place, as a JS `Map` does).
    order: Vec<String>,
    /// The newest add of a name, until its tools are in place (a later add
    /// or remove of the name replaces or drops it, which cancels it).
    adding: HashMap<String, u64>,
    /// Per entry (added, or adding), its connection and listing state.
    pub(super) listings: HashMap<u64, Listing>,
    /// For unknown names: the aliases their suggestions are ranked among
    /// (taken on demand, dropped when the tools change), so the ranking
    /// runs outside the lock.
    suggestion_aliases: Option<Arc<[String]>>,
}

struct Server {
    id: u64,
    peer: Peer<RoleClient>,
    /// The registered tools, by canonical name.
    tools: HashMap<String, Tool>,
    /// The names registered (what a refused later list puts back).
    registered: Vec<String>,
    follows: Arc<Follows>,
}

pub(super) struct Listing {
    peer: Peer<RoleClient>,
    follows: Arc<Follows>,
    /// A listing runs (one at a time per entry).
    running: bool,
    /// A change was announced during it: it lists once more after, so the
    /// mapping ends at the newest list whatever order answers come in.
    stale: bool,
    /// The task following the server's `subscriptions/listen` stream
    /// (2026-07-28), stopped with the entry.
    pub(super) follower: Option<AbortHandle>,
}

impl State {
    /// Whether entry `id` is the server `name`'s: in place, or its newest add.
    pub(super) fn current(&self, name: &str, id: u64) -> bool {
        self.servers.get(name).is_some_and(|s| s.id == id) || self.adding.get(name) == Some(&id)
    }

    /// Forgets entry `id`'s connection, and stops following its stream.
    fn drop_listing(&mut self, id: u64) {
        if let Some(follower) = self.listings.remove(&id).and_then(|l| l.follower) {
            follower.abort();
        }
    }
}

impl Drop for Shared {
    /// The router is gone (its last handle dropped): its 2026-07-28
    /// followers stop, which closes their `subscriptions/listen` streams,
    /// and its connections no longer name it.
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(PoisonError::into_inner);
        for (id, listing) in state.listings.drain() {
            if let Some(follower) = listing.follower {
                follower.abort();
            }
            listing.follows.remove(id);
        }
    }
}

/// What an add or a listing that ended leaves to undo: done when its
/// future ends, however it ends (finished, failed, or dropped at any
/// `.await`, as a host's timeout drops it).
enum Cleanup {
    /// An add of `name` as entry `id` that ended without its tools in
    /// place: the entry is forgotten and its connection no longer
    /// followed, as if the add never happened.
    Add { name: String, id: u64, follows: Arc<Follows> },
    /// A listing of entry `id` that ended: the entry's next change lists again.
    Listing { id: u64 },
}

impl Cleanup {
    fn run(self, state: &mut State) {
        match self {
            Self::Add { name, id, follows } => {
                if state.adding.get(&name) == Some(&id) {
                    state.adding.remove(&name);
                }
                if state.servers.get(&name).is_none_or(|s| s.id != id) {
                    state.drop_listing(id);
                    follows.remove(id);
                }
            }
            Self::Listing { id } => {
                if let Some(listing) = state.listings.get_mut(&id) {
                    listing.running = false;
                    listing.stale = false;
                }
            }
        }
    }
}

/// Does its [`Cleanup`] when dropped, unless [`disarm`](Self::disarm)ed.
struct OnDrop<'s> {
    shared: &'s Shared,
    cleanup: Option<Cleanup>,
}

impl<'s> OnDrop<'s> {
    fn new(shared: &'s Shared, cleanup: Cleanup) -> Self {
        Self { shared, cleanup: Some(cleanup) }
    }

    fn disarm(&mut self) {
        self.cleanup = None;
    }
}

impl Drop for OnDrop<'_> {
    fn drop(&mut self) {
        if let Some(cleanup) = self.cleanup.take() {
            self.shared.clean_up(cleanup);
        }
    }
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere (a user's, holding the registry) leaves the
        // state as consistent as any step of ours does.
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let deferred = std::mem::take(&mut *self.deferred.lock().unwrap_or_else(PoisonError::into_inner));
        for cleanup in deferred {
            cleanup.run(&mut state);
        }
        state
    }

    /// Does `cleanup` now, synchronously; or, when the state is locked
    /// (maybe by this very thread: waiting would never end), leaves it to
    /// the next [`lock`](Self::lock).
    fn clean_up(&self, cleanup: Cleanup) {
        match self.state.try_lock() {
            Ok(mut state) => cleanup.run(&mut state),
            Err(TryLockError::Poisoned(poisoned)) => cleanup.run(&mut poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => {
                self.deferred.lock().unwrap_or_else(PoisonError::into_inner).push(cleanup);
            }
        }
    }

    /// Lists entry `id`'s tools again on a change: `None` when it is not
    /// the server's (removed, replaced), or a listing of it runs (which
    /// then lists once more).
    pub(super) async fn relist(shared: &Arc<Self>, name: &str, id: u64) -> Option<Result<ListReport, HostError>> {
        let peer = {
            let mut state = shared.lock();
            if !state.current(name, id) {
                return None;
            }
            let listing = state.listings.get_mut(&id)?;
            if listing.running {
                listing.stale = true;
                return None;
            }
            listing.running = true;
            listing.peer.clone()
        };
        Some(shared.list_until_fresh(name, id, &peer).await)
    }

    /// Lists entry `id`'s tools until no change was announced during a
    /// listing, or [`MAX_LIST_ROUNDS`] times, and puts the last listing's
    /// list in place: only the last listing decides. An add's earlier
    /// listings put nothing in place, so a failed last one leaves nothing
    /// of the add; a re-list's failed last one leaves the list in place as
    /// it was. A change announced during the last of `MAX_LIST_ROUNDS`
    /// listings is not listed for: the server's next announcement lists
    /// again. The caller set `running`; it is unset however this ends
    /// (its future dropped too).
    async fn list_until_fresh(&self, name: &str, id: u64, peer: &Peer<RoleClient>) -> Result<ListReport, HostError> {
        let mut running = OnDrop::new(self, Cleanup::Listing { id });
        let mut rounds = 0;
        loop {
            rounds += 1;
            let listed = list_tools(peer).await;
            let mut state = self.lock();
            if !state.current(name, id) {
                state.drop_listing(id);
                return Err(HostError::Superseded);
            }
            let Some(listing) = state.listings.get_mut(&id) else {
                return Err(HostError::Superseded); // not reached: a current entry has its listing
            };
            let changed = std::mem::take(&mut listing.stale);
            if changed && rounds < MAX_LIST_ROUNDS {
                continue; // the list is older than the server's: not worth placing
            }
            listing.running = false;
            running.disarm();
            return listed.and_then(|tools| self.place(&mut state, name, id, tools));
        }
    }

    /// `tools` in place of the server's: of this entry's earlier list, or,
    /// for an add, of the server added earlier under the name, which then
    /// stops being followed. A list the registry refuses changes nothing.
    fn place(&self, state: &mut State, name: &str, id: u64, tools: Vec<Tool>) -> Result<ListReport, HostError> {
        let before = state.servers.get(name).map(|s| s.registered.clone()).unwrap_or_default();
        state.registry.unregister_server(name);
        let (registered, report) = match self.register(&mut state.registry, name, &tools) {
            Ok(done) => done,
            Err(e) => {
                // The list that fitted stays: its aliases were free a moment ago.
                state.registry.unregister_server(name);
                let _ = state.registry.register_server(name, &before);
                return Err(e.into());
            }
        };
        let mut by_canonical = HashMap::with_capacity(registered.len());
        for tool in tools {
            let canonical = format!("{name}/{}", tool.name);
            if state.registry.alias_of_canonical(&canonical).is_some() {
                by_canonical.insert(canonical, tool);
            }
        }
        state.suggestion_aliases = None;
        self.changes.send_modify(|n| *n += 1);
        if let Some(server) = state.servers.get_mut(name).filter(|s| s.id == id) {
            server.tools = by_canonical;
            server.registered = registered;
            return Ok(report);
        }
        let Some(listing) = state.listings.get(&id) else {
            return Ok(report); // not reached: a current entry has its listing
        };
        let server = Server {
            id,
            peer: listing.peer.clone(),
            tools: by_canonical,
            registered,
            follows: Arc::clone(&listing.follows),
        };
        state.adding.remove(name);
        if let Some(earlier) = state.servers.insert(name.to_owned(), server) {
            earlier.follows.remove(earlier.id);
            state.drop_listing(earlier.id);
        } else {
            state.order.push(name.to_owned());
        }
        Ok(report)
    }

    /// Registers `server/tool` for each tool as the options say: the names
    /// registered, and what was left out.
    fn register(
        &self,
        registry: &mut ToolRegistry,
        server: &str,
        tools: &[Tool],
    ) -> Result<(Vec<String>, ListReport), ToolNameError> {
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        if self.options.on_collision == OnCollision::Error {
            registry.register_server(server, &names)?;
            return Ok((names.into_iter().map(str::to_owned).collect(), ListReport::default()));
        }
        let mut report = ListReport::default();
        let (names, outcome) = if let Ok(outcome) = registry.register_server_skipping(server, &names) {
            (names, outcome)
        } else {
            // One name no alias can stand for (an empty part) must not
            // cost the whole server: those are left out and reported,
            // the rest registered. Rare, so only then is each name asked.
            let mut representable = Vec::with_capacity(names.len());
            for tool in names {
                let canonical = format!("{server}/{tool}");
                match to_llm_facing_name(&canonical, &self.options.profile, self.options.overflow) {
                    Ok(_) => representable.push(tool),
                    Err(e) => report.unrepresentable.push(Unrepresentable { canonical, reason: e.reason() }),
                }
            }
            let outcome = registry.register_server_skipping(server, &representable)?;
            (representable, outcome)
        };
        let registered =
            names.iter().zip(&outcome.aliases).filter(|(_, alias)| alias.is_some()).map(|(n, _)| (*n).to_owned());
        let registered = registered.collect();
        report.refused = outcome.refused;
        Ok((registered, report))
    }
}

/// Every page of a server's `tools/list`, within the core's bounds
/// ([`ToolListing`]).
async fn list_tools(peer: &Peer<RoleClient>) -> Result<Vec<Tool>, HostError> {
    let mut listing = ToolListing::new();
    let mut tools = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let params = cursor.take().map(|c| PaginatedRequestParams::default().with_cursor(Some(c)));
        let page = peer.list_tools(params).await?;
        let more = listing.page(page.tools.len(), page.next_cursor.as_deref())?;
        tools.extend(page.tools);
        if !more {
            return Ok(tools);
        }
        cursor = page.next_cursor;
    }
}

impl HostRouter {
    /// An empty router.
    #[must_use]
    pub fn new(options: HostOptions) -> Self {
        let registry = ToolRegistry::new(options.profile.clone(), options.overflow);
        let state = State {
            registry,
            servers: HashMap::new(),
            order: Vec::new(),
            adding: HashMap::new(),
            listings: HashMap::new(),
            suggestion_aliases: None,
        };
        let changes = watch::Sender::new(0);
        Self { shared: Arc::new(Shared { options, state: Mutex::new(state), changes, deferred: Mutex::default() }) }
    }

    /// Connects a server's tools: lists every page of its `tools/list`
    /// (within [`MAX_LIST_PAGES`](crate::MAX_LIST_PAGES) pages and
    /// [`MAX_LISTED_TOOLS`](crate::MAX_LISTED_TOOLS) tools), registers each
    /// as `name/tool`, and follows the server's
    /// `notifications/tools/list_changed` (through the client's
    /// [`ToolListChanges`] handler), listing again and putting the new list
    /// in place of the old. Returns what was left out under
    /// [`OnCollision::Skip`].
    ///
    /// A change the server announces while its tools are being listed
    /// lists them once more, up to [`MAX_LIST_ROUNDS`] listings; only the
    /// last listing decides (the add fails if it does) and its list is put
    /// in place. From then on, each change is a re-list: one that fails
    /// leaves the list in place as it was.
    ///
    /// All or nothing: until it returns `Ok`, nothing of it is in place;
    /// when it fails, or its future is dropped at any point (a host's
    /// timeout), nothing of this server is registered or followed (its
    /// 2026-07-28 stream closed), and a server added earlier under the name
    /// stays as it was; when it succeeds, the new tools replace that
    /// server's (which is no longer followed). The future does not borrow
    /// `client`.
    ///
    /// # Errors
    /// - [`HostError::Router`] `INVALID_ARGUMENT` for a name
    ///   [`check_server_name`] refuses under the router's profile, or
    ///   `TOOL_LIST_REFUSED` for a listing past the bounds or with a cursor
    ///   handed back again;
    /// - [`HostError::ToolName`] for a collision under
    ///   [`OnCollision::Error`] (or a name no alias can stand for);
    /// - [`HostError::Server`] when the server answers `tools/list` (or
    ///   2026-07-28's `subscriptions/listen`) with a JSON-RPC error,
    ///   [`HostError::Connection`] when the connection fails;
    /// - [`HostError::Superseded`] when a later add or remove of the name
    ///   came before this one's tools were in place.
    pub fn add_server<S: Service<RoleClient>>(
        &self,
        name: &str,
        client: &RunningService<RoleClient, ToolListChanges<S>>,
    ) -> impl Future<Output = Result<ListReport, HostError>> + Send + 'static {
        let shared = Arc::clone(&self.shared);
        let name = name.to_owned();
        let peer = client.peer().clone();
        let follows = Arc::clone(&client.service().follows);
        async move { Shared::add(&shared, &name, peer, follows).await }
    }

    /// Disconnects a server's tools (the connection itself is the caller's
    /// to close) and cancels an add of the name still listing. Returns
    /// whether there was either.
    #[allow(clippy::must_use_candidate, reason = "called for its effect; the answer is for whoever wants it")]
    pub fn remove_server(&self, name: &str) -> bool {
        let mut state = self.shared.lock();
        let adding = state.adding.remove(name);
        if let Some(id) = adding {
            state.drop_listing(id); // its add finds itself superseded
        }
        let Some(server) = state.servers.remove(name) else {
            return adding.is_some();
        };
        state.order.retain(|n| n != name);
        state.drop_listing(server.id);
        state.registry.unregister_server(name);
        state.suggestion_aliases = None;
        self.shared.changes.send_modify(|n| *n += 1);
        server.follows.remove(server.id);
        true
    }

    /// A count of the times the router's tools changed (a server added,
    /// removed, or its new list put in place), to wait on: a host that
    /// keeps a model's tool list rebuilds it when this moves.
    ///
    /// ```
    /// use mcp_boundary::rmcp::{HostOptions, HostRouter};
    /// let router = HostRouter::new(HostOptions::default());
    /// let changes = router.changes();
    /// router.remove_server("none");
    /// assert_eq!(*changes.borrow(), 0, "nothing changed");
    /// ```
    #[must_use]
    pub fn changes(&self) -> watch::Receiver<u64> {
        self.shared.changes.subscribe()
    }

    /// The names of the servers whose tools are in place, in the order
    /// first added (one added again under its name keeps its place; one
    /// removed and added again comes last), as JS's `ToolRouter` has them.
    #[must_use]
    pub fn servers(&self) -> Vec<String> {
        self.shared.lock().order.clone()
    }

    /// The tools as a `format` request declares them, under their aliases,
    /// in registration order: each with its description and input schema
    /// in the provider's field ([`tool_definition`]). A tool whose alias
    /// the provider would refuse (made under a longer profile than the
    /// format's) is left out and reported in
    /// [`left_out`](ToolDefinitions::left_out): one server's long name
    /// must not cost every server's tools. With the router's profile that
    /// provider's (or a shorter one), none is.
    ///
    /// ```
    /// use mcp_boundary::rmcp::{HostOptions, HostRouter};
    /// use mcp_boundary::Format;
    /// let router = HostRouter::new(HostOptions::default());
    /// let definitions = router.tools(Format::OpenAiChat);
    /// assert!(definitions.tools.is_empty() && definitions.left_out.is_empty());
    /// ```
    #[must_use]
    pub fn tools(&self, format: Format) -> ToolDefinitions {
        let state = self.shared.lock();
        let mut definitions = ToolDefinitions::default();
        for entry in state.registry.entries() {
            let Some(tool) = tool_of(&state, entry.canonical) else {
                continue; // a first-party name registered through the registry
            };
            let schema = Value::Object(JsonObject::clone(&tool.input_schema));
            match tool_definition(format, entry.alias, tool.description.as_deref(), Some(&schema)) {
                Ok(definition) => definitions.tools.push(definition),
                Err(e) => definitions.left_out.push(LeftOut {
                    alias: entry.alias.to_owned(),
                    canonical: entry.canonical.to_owned(),
                    reason: e.reason(),
                }),
            }
        }
        definitions
    }

    /// Calls a tool by its alias or its canonical name, on the server that
    /// has it, under that server's own name for it; `arguments` `None`
    /// sends `{}`. Returns the server's result as it is. (The router holds
    /// the connection's [`Peer`], so a 2026-07-28 `input_required` answer
    /// is not driven through the client's handler: rmcp reports it as an
    /// unexpected response.)
    ///
    /// # Errors
    /// [`HostError::UnknownTool`] (`-32602`, suggestions among the
    /// aliases, the name never echoed) for a name that is no tool of the
    /// router; [`HostError::Server`] for the server's JSON-RPC error
    /// answer, [`HostError::Connection`] for the connection's failures.
    pub async fn call_tool(&self, name: &str, arguments: Option<JsonObject>) -> Result<CallToolResult, HostError> {
        let found = {
            let state = self.shared.lock();
            let canonical = state.registry.to_canonical(name).unwrap_or_default();
            tool_of(&state, canonical).map(|tool| (server_peer(&state, canonical), tool.name.clone()))
        };
        let Some((Some(peer), tool)) = found else {
            return Err(self.unknown_tool(name).into());
        };
        let params = CallToolRequestParams::new(tool).with_arguments(arguments.unwrap_or_default());
        Ok(peer.call_tool(params).await?)
    }

    /// §4.3's answer for a name that is no tool of the router.
    fn unknown_tool(&self, name: &str) -> UnknownTool {
        let aliases = {
            let mut state = self.shared.lock();
            let State { registry, suggestion_aliases, .. } = &mut *state;
            Arc::clone(
                suggestion_aliases.get_or_insert_with(|| registry.suggestion_aliases().map(str::to_owned).collect()),
            )
        };
        // Ranked outside the lock: its work is bounded, but not small.
        let response = unknown_tool_among(&Value::Null, aliases.iter().map(String::as_str), &tool_query(name));
        let suggestions = match &response.error.data {
            Some(RpcData::UnknownTool { suggestions, .. }) => suggestions.iter().map(|s| (*s).to_owned()).collect(),
            _ => Vec::new(),
        };
        let data = serde_json::to_value(&response.error.data).unwrap_or(Value::Null);
        UnknownTool { suggestions, data }
    }

    /// The underlying [`ToolRegistry`] (§3.4–3.5): aliases both ways,
    /// payload rewriting (`to_provider`, `from_provider`) and streams
    /// ([`SseRewriter`](crate::SseRewriter), `from_provider_event`). It
    /// holds the router's lock: keep it for one payload or one chunk, not
    /// across an `.await` (it is not `Send`), and call no other method of
    /// the router meanwhile.
    #[must_use]
    pub fn registry(&self) -> RegistryGuard<'_> {
        RegistryGuard { state: self.shared.lock() }
    }
}

impl Shared {
    async fn add(
        shared: &Arc<Self>,
        name: &str,
        peer: Peer<RoleClient>,
        follows: Arc<Follows>,
    ) -> Result<ListReport, HostError> {
        // The core's rule: a server name that could make one server's alias
        // another's is refused (and so is one the profile cannot show whole).
        check_server_name(name, &shared.options.profile)?;
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        {
            let mut state = shared.lock();
            // A later add or remove of the name cancels an earlier add still listing.
            if let Some(earlier) = state.adding.insert(name.to_owned(), id) {
                state.drop_listing(earlier);
            }
            let follows = Arc::clone(&follows);
            let listing = Listing { peer: peer.clone(), follows, running: true, stale: false, follower: None };
            state.listings.insert(id, listing);
        }
        // From here on, an add that ends without its tools in place (failed,
        // superseded, or its future dropped at any await) leaves nothing.
        let cleanup = Cleanup::Add { name: name.to_owned(), id, follows: Arc::clone(&follows) };
        let mut adding = OnDrop::new(shared, cleanup);
        // Followed before the listing starts: a change announced during it
        // lists once more, so none is missed.
        follows.add(Follow { id, name: name.to_owned(), router: Arc::downgrade(shared) });
        let result = match shared.subscribe(name, id, &peer).await {
            Ok(()) => shared.list_until_fresh(name, id, &peer).await,
            Err(e) => Err(e),
        };
        if result.is_ok() {
            adding.disarm(); // in place
        }
        result
    }
}

/// The tool a canonical name stands for: its server's, as listed.
fn tool_of<'s>(state: &'s State, canonical: &str) -> Option<&'s Tool> {
    let (server, _) = canonical.split_once('/')?;
    state.servers.get(server)?.tools.get(canonical)
}

fn server_peer(state: &State, canonical: &str) -> Option<Peer<RoleClient>> {
    let (server, _) = canonical.split_once('/')?;
    state.servers.get(server).map(|s| s.peer.clone())
}

/// The router's [`ToolRegistry`], borrowed ([`HostRouter::registry`]).
pub struct RegistryGuard<'r> {
    state: MutexGuard<'r, State>,
}

impl fmt::Debug for RegistryGuard<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.state.registry, f)
    }
}

impl Deref for RegistryGuard<'_> {
    type Target = ToolRegistry;
    fn deref(&self) -> &ToolRegistry {
        &self.state.registry
    }
}

impl DerefMut for RegistryGuard<'_> {
    fn deref_mut(&mut self) -> &mut ToolRegistry {
        // The names may change: the suggestions' aliases are taken again.
        self.state.suggestion_aliases = None;
        &mut self.state.registry
    }
}
