//! The protected server over Streamable HTTP on 127.0.0.1, as a server
//! author deploys it: `protect` on the tools and `ProtectHttp` around
//! rmcp's `StreamableHttpService` (stateless, 2026-07-28, JSON answers).
//! Each hostile `tools/call` of the duplex tests, sent as raw HTTP/1.1 so
//! that every byte received is searched, echoes the sentinel from the same
//! server unprotected and never from the protected one; a valid call is
//! the same bytes through both (but the date).

use std::net::SocketAddr;

use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use mcp_boundary::rmcp::ProtectHttp;
use mcp_boundary_rmcp_tests::bounties::{hostile, Bounties, SENTINEL};
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const REVISION: &str = "2026-07-28";

/// The server, built per request by the service (stateless, JSON answers).
fn service(protected: bool) -> StreamableHttpService<Bounties, LocalSessionManager> {
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None);
    let build = move || Ok(if protected { Bounties::protected() } else { Bounties::plain() });
    StreamableHttpService::new(build, LocalSessionManager::default().into(), config)
}

/// Serves the plain server and the protected one (in `ProtectHttp`) on
/// two ports of 127.0.0.1.
async fn serve() -> (SocketAddr, SocketAddr) {
    let plain = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let safe = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let addresses = (plain.local_addr().expect("bound"), safe.local_addr().expect("bound"));
    let plain_service = service(false);
    tokio::spawn(async move {
        while let Ok((stream, _)) = plain.accept().await {
            let service = TowerToHyperService::new(plain_service.clone());
            tokio::spawn(hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service));
        }
    });
    let safe_service = ProtectHttp::new(service(true));
    tokio::spawn(async move {
        while let Ok((stream, _)) = safe.accept().await {
            let service = TowerToHyperService::new(safe_service.clone());
            tokio::spawn(hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service));
        }
    });
    addresses
}

/// A `tools/call` as a 2026-07-28 client posts it; the whole answer's bytes.
async fn post(addr: SocketAddr, tool: &str, arguments: &Value) -> String {
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
        "name": tool, "arguments": arguments,
        "_meta": {"io.modelcontextprotocol/protocolVersion": REVISION, "io.modelcontextprotocol/clientCapabilities": {}}}})
    .to_string();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: {REVISION}\r\n\
         Mcp-Method: tools/call\r\nMcp-Name: {tool}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("the answer");
    String::from_utf8_lossy(&raw).into_owned()
}

/// The answer without its `date` header.
fn dateless(raw: &str) -> String {
    raw.lines().filter(|line| !line.to_ascii_lowercase().starts_with("date:")).collect::<Vec<_>>().join("\n")
}

#[tokio::test]
async fn hostile_calls_over_http_echo_unprotected_and_never_protected() {
    let (plain, safe) = serve().await;
    for (tool, arguments, expected) in hostile() {
        let unprotected = post(plain, tool, &arguments).await;
        assert!(unprotected.contains(SENTINEL), "rmcp no longer echoes {tool} {arguments} over HTTP: {unprotected}");
        let answered = post(safe, tool, &arguments).await;
        assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
        assert!(!answered.contains(SENTINEL), "{tool} {arguments} echoed over HTTP: {answered}");
        assert!(answered.contains(expected), "{tool} {arguments}: {answered} lacks {expected:?}");
    }
}

#[tokio::test]
async fn a_valid_call_over_http_is_the_same_bytes() {
    let (plain, safe) = serve().await;
    let arguments = json!({"status": "open", "limit": 5});
    let expected = post(plain, "list_bounties", &arguments).await;
    assert!(expected.starts_with("HTTP/1.1 200") && expected.contains("bounties"), "{expected}");
    assert_eq!(dateless(&post(safe, "list_bounties", &arguments).await), dateless(&expected));
}
