//! Following a server's tool list changes: the client's handler that
//! hears `notifications/tools/list_changed`, and the 2026-07-28
//! `subscriptions/listen` stream the router opens itself.

use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

use rmcp::model::{ProtocolVersion, ServerNotification, SubscriptionFilter};
use rmcp::service::{NotificationContext, RequestContext, RoleClient, ServiceRole, Subscription};
use rmcp::{Peer, Service};

use crate::LISTEN_RETRY_MS;

use super::router::Shared;
use super::HostError;

/// A client's handler that tells the routers following its connection
/// about the server's `notifications/tools/list_changed`: rmcp delivers a
/// notification only to the connection's own handler, so a router follows
/// a connection whose handler is this one. Wrap the client's handler (any
/// [`ClientHandler`](rmcp::ClientHandler), `()` for none) before serving
/// the transport; everything else passes to it unchanged, and the
/// notification does too, once each router has had it: a router that was
/// not listing the server's tools has listed them again (and put the new
/// list in place, unless refused); one that was listing them has only
/// marked that listing to list once more (up to
/// [`MAX_LIST_ROUNDS`](crate::MAX_LIST_ROUNDS) listings), so the host's
/// handler may then run before the new list is in place. A host that
/// rebuilds a model's tool list waits on
/// [`HostRouter::changes`](super::HostRouter::changes) instead. A
/// 2026-07-28 connection sends list changes only on a
/// `subscriptions/listen` stream, which the router opens itself.
///
/// ```no_run
/// # async fn run<T, E, A>(transport: T) -> Result<(), Box<dyn std::error::Error>>
/// # where T: rmcp::transport::IntoTransport<rmcp::RoleClient, E, A>, E: std::error::Error + Send + Sync + 'static {
/// use mcp_boundary::rmcp::{HostOptions, HostRouter, ToolListChanges};
/// use rmcp::ServiceExt;
///
/// let router = HostRouter::new(HostOptions::default());
/// let client = ToolListChanges::new(()).serve(transport).await?;
/// router.add_server("github", &client).await?;
/// # Ok(()) }
/// ```
pub struct ToolListChanges<S = ()> {
    inner: S,
    pub(super) follows: Arc<Follows>,
}

impl<S> ToolListChanges<S> {
    /// The client's handler `inner`, followed.
    pub fn new(inner: S) -> Self {
        Self { inner, follows: Arc::default() }
    }

    /// The client's own handler.
    pub fn inner(&self) -> &S {
        &self.inner
    }
}

impl<S: fmt::Debug> fmt::Debug for ToolListChanges<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolListChanges").field("inner", &self.inner).finish_non_exhaustive()
    }
}

impl<S: Service<RoleClient>> Service<RoleClient> for ToolListChanges<S> {
    async fn handle_request(
        &self,
        request: <RoleClient as ServiceRole>::PeerReq,
        context: RequestContext<RoleClient>,
    ) -> Result<<RoleClient as ServiceRole>::Resp, rmcp::ErrorData> {
        self.inner.handle_request(request, context).await
    }

    async fn handle_notification(
        &self,
        notification: <RoleClient as ServiceRole>::PeerNot,
        context: NotificationContext<RoleClient>,
    ) -> Result<(), rmcp::ErrorData> {
        if matches!(notification, ServerNotification::ToolListChangedNotification(_)) {
            self.follows.changed().await;
        }
        self.inner.handle_notification(notification, context).await
    }

    fn get_info(&self) -> <RoleClient as ServiceRole>::Info {
        self.inner.get_info()
    }
}

/// The router entries that follow one connection.
#[derive(Default)]
pub(super) struct Follows(Mutex<Vec<Follow>>);

#[derive(Clone)]
pub(super) struct Follow {
    pub(super) id: u64,
    pub(super) name: String,
    pub(super) router: Weak<Shared>,
}

impl Follows {
    fn lock(&self) -> MutexGuard<'_, Vec<Follow>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn add(&self, follow: Follow) {
        self.lock().push(follow);
    }

    pub(super) fn remove(&self, id: u64) {
        self.lock().retain(|f| f.id != id);
    }

    /// Lists the server's tools again for every router following it
    /// (taken out of the lock first: a listing awaits the server).
    async fn changed(&self) {
        let follows = {
            let mut follows = self.lock();
            follows.retain(|f| f.router.strong_count() > 0); // routers dropped since
            follows.clone()
        };
        for follow in follows {
            if let Some(shared) = follow.router.upgrade() {
                // A refused new list keeps the old one; a removed server is not listed.
                let _ = Shared::relist(&shared, &follow.name, follow.id).await;
            }
        }
    }
}

impl Shared {
    /// Under 2026-07-28, a server sends `notifications/tools/list_changed`
    /// only on a `subscriptions/listen` stream (which rmcp hands to the
    /// stream's owner, not to the client's handler): opened here, for a
    /// server that says it announces list changes, and followed by a task
    /// of the entry's. Earlier revisions send them unasked, to the
    /// handler ([`ToolListChanges`]). Failing to open it fails the add.
    pub(super) async fn subscribe(
        self: &Arc<Self>,
        name: &str,
        id: u64,
        peer: &Peer<RoleClient>,
    ) -> Result<(), HostError> {
        let announces = peer.peer_info().is_some_and(|info| {
            info.protocol_version >= ProtocolVersion::V_2026_07_28
                && info.capabilities.tools.as_ref().and_then(|t| t.list_changed) == Some(true)
        });
        if !announces {
            return Ok(());
        }
        let subscription = peer.listen(tool_changes()).await?;
        let task = tokio::spawn(follow_stream(Arc::downgrade(self), name.to_owned(), id, peer.clone(), subscription));
        let mut state = self.lock();
        match state.listings.get_mut(&id) {
            Some(listing) => listing.follower = Some(task.abort_handle()),
            None => task.abort(), // removed or replaced meanwhile
        }
        Ok(())
    }
}

/// What a router's `subscriptions/listen` asks for.
fn tool_changes() -> SubscriptionFilter {
    SubscriptionFilter::builder().tools_list_changed().build()
}

/// Follows entry `id`'s stream: each list change lists the server's tools
/// again. A stream the server ends is opened again (then the tools are
/// listed, for what it missed) after the core's wait ([`LISTEN_RETRY_MS`]:
/// doubled after each stream that ended sooner than the longest wait), for
/// as long as the entry is the server's and its connection is open. The
/// entry's removal, and the router's drop, abort the task, which drops (and
/// so cancels) the stream.
async fn follow_stream(
    router: Weak<Shared>,
    name: String,
    id: u64,
    peer: Peer<RoleClient>,
    mut subscription: Subscription,
) {
    let [first, longest] = LISTEN_RETRY_MS.map(|ms| Duration::from_millis(u64::from(ms)));
    let mut attempt = 0_u32;
    loop {
        let opened = Instant::now();
        while let Ok(Some(notification)) = subscription.next().await {
            // A router dropped meanwhile aborts this task; checked here too.
            let Some(shared) = router.upgrade() else { return };
            if matches!(notification, ServerNotification::ToolListChangedNotification(_)) {
                let _ = Shared::relist(&shared, &name, id).await; // a refused new list keeps the old one
            }
        }
        attempt = if opened.elapsed() >= longest { 0 } else { attempt + 1 };
        loop {
            tokio::time::sleep(first.saturating_mul(1 << attempt.min(16)).min(longest)).await;
            let followed = router.upgrade().is_some_and(|shared| shared.lock().current(&name, id));
            if !followed || peer.is_transport_closed() {
                return;
            }
            if let Ok(again) = peer.listen(tool_changes()).await {
                subscription = again;
                break;
            }
            attempt += 1;
        }
        let Some(shared) = router.upgrade() else { return };
        let _ = Shared::relist(&shared, &name, id).await;
    }
}
