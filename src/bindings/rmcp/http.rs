//! A layer for rmcp's Streamable HTTP service (SPEC §6.1, §9).
//!
//! rmcp's `StreamableHttpService` checks each HTTP request before any
//! server code runs, and several of its refusals quote the request: a
//! `-32020` header mismatch quotes the `Mcp-Name`, `Mcp-Method` or
//! `Mcp-Param-*` header (decoded from base64) and the body's value, a
//! `-32600` quotes the `MCP-Protocol-Version` header, a plain-text 400 the
//! same header, and a plain-text 415 serde's message about a body that is
//! no JSON-RPC message. [`ProtectHttpLayer`] answers every 4xx body with
//! the core's fixed one ([`crate::replace_refusal_body`]): a JSON-RPC error
//! keeps its code, its HTTP status and the request's `id`; anything else
//! becomes a fixed text by status. Every other answer (2xx JSON, SSE
//! streams, 5xx) passes through as it is, unbuffered.

use std::fmt;
use std::future::{poll_fn, Future};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::{Bytes, BytesMut};
use http::{header, HeaderValue, Request, Response, StatusCode};
use http_body::{Body, Frame, SizeHint};
use tower_layer::Layer;
use tower_service::Service;

use crate::{replace_refusal_body, ReplacedAnswer, SafeRefusal, MAX_REFUSAL_BYTES, REFUSAL_STATUSES};

/// The operator's hook: hears each refusal replaced, with the original.
type Hook = Arc<dyn Fn(&RefusedRequest<'_>) + Send + Sync>;

/// What the operator's hook ([`ProtectHttpLayer::on_error`]) hears when a
/// refusal was replaced: the original answer, for logs (it may quote the
/// request: never show it to a model or a client).
#[derive(Debug)]
#[non_exhaustive]
pub struct RefusedRequest<'a> {
    /// Always [`ReplacedAnswer::RequestRefused`].
    pub kind: ReplacedAnswer,
    /// The answer's HTTP status (kept in the replacement).
    pub status: StatusCode,
    /// The original body, at most [`MAX_REFUSAL_BYTES`] + 1 bytes of it.
    pub body: &'a [u8],
}

/// A tower [`Layer`] that makes the refusals of rmcp's
/// `StreamableHttpService` (or any tower service answering MCP's Streamable
/// HTTP) safe: every body of a 4xx answer is replaced by the core's fixed
/// one ([`crate::replace_refusal_body`]) — a JSON-RPC error by the same
/// code with a fixed message and the request's `id`, any other body by a
/// fixed text by status — with `Content-Type` and `Content-Length` set to
/// match and every other header kept. Other answers pass through
/// untouched and unbuffered: an SSE stream still streams.
///
/// Put it right around the MCP service (as `nest_service`'s service in
/// axum, or the service hyper serves), so that it sees the transport's
/// answers and not those of your own middleware outside it.
///
/// ```
/// use mcp_boundary::rmcp::ProtectHttpLayer;
/// use rmcp::transport::streamable_http_server::{
///     session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
/// };
/// use tower_layer::Layer;
///
/// #[derive(Clone)]
/// struct Server;
/// impl rmcp::ServerHandler for Server {}
///
/// let mcp = StreamableHttpService::new(
///     || Ok(Server),
///     LocalSessionManager::default().into(),
///     StreamableHttpServerConfig::default(),
/// );
/// let layer = ProtectHttpLayer::new()
///     .on_error(|refused| eprintln!("refused with {}: {} bytes", refused.status, refused.body.len()));
/// let service = layer.layer(mcp.clone());
/// // Or without tower's trait: `ProtectHttp::new(mcp).on_error(…)`.
/// let _same = mcp_boundary::rmcp::ProtectHttp::new(mcp);
/// // Serve `service` with hyper (`hyper_util::service::TowerToHyperService`)
/// // or axum (`Router::new().nest_service("/mcp", service)`).
/// # let _ = service;
/// ```
#[derive(Clone, Default)]
pub struct ProtectHttpLayer {
    on_error: Option<Hook>,
}

impl ProtectHttpLayer {
    /// The layer, with no hook.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Calls `hook` with each refusal replaced, before the safe answer goes
    /// out (a panic in it is caught: the answer stands).
    #[must_use]
    pub fn on_error(mut self, hook: impl Fn(&RefusedRequest<'_>) + Send + Sync + 'static) -> Self {
        self.on_error = Some(Arc::new(hook));
        self
    }
}

impl fmt::Debug for ProtectHttpLayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProtectHttpLayer").field("on_error", &self.on_error.is_some()).finish()
    }
}

impl<S> Layer<S> for ProtectHttpLayer {
    type Service = ProtectHttp<S>;

    fn layer(&self, inner: S) -> ProtectHttp<S> {
        ProtectHttp { inner, on_error: self.on_error.clone() }
    }
}

/// The service [`ProtectHttpLayer`] wraps a Streamable HTTP service in:
/// its answers, with every 4xx body replaced by the core's fixed one.
#[derive(Clone)]
pub struct ProtectHttp<S> {
    inner: S,
    on_error: Option<Hook>,
}

impl<S> ProtectHttp<S> {
    /// `inner`, protected, with no hook (as [`ProtectHttpLayer::new`] wraps
    /// it, without a tower import).
    pub fn new(inner: S) -> Self {
        Self { inner, on_error: None }
    }

    /// As [`ProtectHttpLayer::on_error`].
    #[must_use]
    pub fn on_error(mut self, hook: impl Fn(&RefusedRequest<'_>) + Send + Sync + 'static) -> Self {
        self.on_error = Some(Arc::new(hook));
        self
    }

    /// The service inside.
    pub fn get_ref(&self) -> &S {
        &self.inner
    }

    /// The service inside.
    pub fn into_inner(self) -> S {
        self.inner
    }
}

impl<S: fmt::Debug> fmt::Debug for ProtectHttp<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProtectHttp").field("inner", &self.inner).field("on_error", &self.on_error.is_some()).finish()
    }
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for ProtectHttp<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
    S::Future: Send + 'static,
    ResBody: Body<Data = Bytes> + Send + 'static,
{
    type Response = Response<ProtectedBody<ResBody>>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let answer = self.inner.call(request);
        let on_error = self.on_error.clone();
        Box::pin(async move {
            // Matched whole, not with `?`, so no error is held across the
            // read below (the future is `Send` whatever the error type).
            let response = match answer.await {
                Ok(response) => response,
                Err(error) => return Err(error),
            };
            Ok(protect(response, on_error.as_ref()).await)
        })
    }
}

/// `response`, or, for a 4xx with a body, the same with the core's body.
async fn protect<B: Body<Data = Bytes>>(response: Response<B>, on_error: Option<&Hook>) -> Response<ProtectedBody<B>> {
    let status = response.status();
    if !(REFUSAL_STATUSES[0]..=REFUSAL_STATUSES[1]).contains(&status.as_u16()) || response.body().is_end_stream() {
        // No refusal, or nothing to quote: its body is not read.
        return response.map(|body| ProtectedBody { inner: Inner::Passed(Box::pin(body)) });
    }
    let (mut parts, body) = response.into_parts();
    let original = read_bounded(body).await;
    let Some(safe) = replace_refusal_body(status.as_u16(), &original) else {
        // Nothing read (an empty body, or one that failed or held trailers
        // alone): nothing to replace, and nothing sent.
        drop_body_headers(&mut parts.headers);
        parts.headers.remove(header::CONTENT_TYPE);
        parts.headers.insert(header::CONTENT_LENGTH, HeaderValue::from(0));
        return Response::from_parts(parts, ProtectedBody { inner: Inner::Replaced(None) });
    };
    if let Some(hook) = on_error {
        let refused = RefusedRequest { kind: ReplacedAnswer::RequestRefused, status, body: &original };
        // The operator's code must not cost the client its safe answer.
        let _ = catch_unwind(AssertUnwindSafe(|| hook(&refused)));
    }
    let content_type = safe.content_type();
    let bytes = match safe {
        SafeRefusal::Json(json) => Bytes::from(json),
        SafeRefusal::Text(text) => Bytes::from_static(text.as_bytes()),
    };
    let headers = &mut parts.headers;
    drop_body_headers(headers);
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    Response::from_parts(parts, ProtectedBody { inner: Inner::Replaced(Some(bytes)) })
}

/// The headers that describe the original body (its framing, encoding,
/// range, version tag and digests): they describe bytes no longer sent.
fn drop_body_headers(headers: &mut http::HeaderMap) {
    for name in [
        header::CONTENT_LENGTH,
        header::TRANSFER_ENCODING,
        header::CONTENT_ENCODING,
        header::CONTENT_RANGE,
        header::ETAG,
    ] {
        headers.remove(name);
    }
    for name in ["content-md5", "digest", "content-digest", "repr-digest"] {
        headers.remove(name);
    }
}

/// At most [`MAX_REFUSAL_BYTES`] + 1 bytes of `body` (the core answers a
/// longer one without reading it); what came before an error, if any.
async fn read_bounded<B: Body<Data = Bytes>>(body: B) -> BytesMut {
    let mut body = std::pin::pin!(body);
    let mut read = BytesMut::new();
    while read.len() <= MAX_REFUSAL_BYTES {
        match poll_fn(|cx| body.as_mut().poll_frame(cx)).await {
            Some(Ok(frame)) => {
                if let Ok(data) = frame.into_data() {
                    let room = MAX_REFUSAL_BYTES + 1 - read.len();
                    read.extend_from_slice(&data[..data.len().min(room)]);
                }
            }
            // A body that fails is answered by what it gave (the core's
            // text for an unreadable one).
            Some(Err(_)) | None => break,
        }
    }
    read
}

/// The body of a [`ProtectHttp`] answer: the inner service's own, streamed
/// as it comes, or the core's replacement of a refusal's.
pub struct ProtectedBody<B> {
    inner: Inner<B>,
}

enum Inner<B> {
    /// Boxed so that any body, `Unpin` or not, is polled without unsafe code.
    Passed(Pin<Box<B>>),
    /// The replacement, until sent (`None`: an empty body).
    Replaced(Option<Bytes>),
}

impl<B> fmt::Debug for ProtectedBody<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match &self.inner {
            Inner::Passed(_) => "Passed",
            Inner::Replaced(_) => "Replaced",
        };
        f.debug_tuple("ProtectedBody").field(&kind).finish()
    }
}

impl<B: Body<Data = Bytes>> Body for ProtectedBody<B> {
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, B::Error>>> {
        match &mut self.get_mut().inner {
            Inner::Passed(body) => body.as_mut().poll_frame(cx),
            Inner::Replaced(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.inner {
            Inner::Passed(body) => body.is_end_stream(),
            Inner::Replaced(bytes) => bytes.is_none(),
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.inner {
            Inner::Passed(body) => body.size_hint(),
            Inner::Replaced(bytes) => SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;

    /// A body of the frames given, in order.
    struct Frames(VecDeque<Result<Frame<Bytes>, std::io::Error>>);

    impl Body for Frames {
        type Data = Bytes;
        type Error = std::io::Error;
        fn poll_frame(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
            Poll::Ready(self.0.pop_front())
        }
    }

    fn answer(frames: Vec<Result<Frame<Bytes>, std::io::Error>>) -> Response<ProtectedBody<Frames>> {
        let response = Response::builder()
            .status(400)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::CONTENT_LENGTH, "123")
            .header(header::ETAG, "\"SECRET\"")
            .header(header::CONTENT_RANGE, "bytes 0-122/123")
            .header(header::ALLOW, "GET, POST")
            .body(Frames(frames.into()))
            .unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        runtime.block_on(protect(response, None))
    }

    #[test]
    fn a_replaced_body_is_described_by_its_own_headers_alone() {
        let body = br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"SECRET"}}"#;
        let safe = answer(vec![Ok(Frame::data(Bytes::from_static(body)))]);
        let headers = safe.headers();
        let sent = safe.body().size_hint().exact().unwrap();
        assert_eq!(headers[header::CONTENT_LENGTH], sent.to_string().as_str());
        assert_eq!(headers[header::CONTENT_TYPE], "application/json");
        assert!(headers.get(header::ETAG).is_none() && headers.get(header::CONTENT_RANGE).is_none());
        assert_eq!(headers[header::ALLOW], "GET, POST", "other headers are kept");
    }

    #[test]
    fn a_body_that_fails_or_holds_trailers_alone_is_sent_empty_and_says_so() {
        let failed = answer(vec![Err(std::io::Error::other("SECRET"))]);
        let trailers = answer(vec![Ok(Frame::trailers(http::HeaderMap::new()))]);
        for safe in [failed, trailers] {
            assert_eq!(safe.status(), StatusCode::BAD_REQUEST);
            assert_eq!(safe.headers()[header::CONTENT_LENGTH], "0");
            assert!(safe.headers().get(header::CONTENT_TYPE).is_none());
            assert!(safe.headers().get(header::ETAG).is_none());
            assert!(safe.body().is_end_stream());
        }
    }
}
