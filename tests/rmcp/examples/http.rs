//! A protected rmcp server over Streamable HTTP (docs/RUST.md): `protect`
//! on its tools, `ProtectHttp` around rmcp's `StreamableHttpService`,
//! served by hyper on 127.0.0.1. A request whose `Mcp-Name` header
//! disagrees with its body, which rmcp refuses quoting both, is answered
//! without either. Run with `cargo run --example http` in tests/rmcp.

use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use mcp_boundary::rmcp::ProtectHttp;
use mcp_boundary_rmcp_tests::bounties::Bounties;
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let config = StreamableHttpServerConfig::default().with_legacy_session_mode(false).with_json_response(true);
    let mcp = StreamableHttpService::new(|| Ok(Bounties::protected()), LocalSessionManager::default().into(), config);
    // Or as a tower layer: ProtectHttpLayer::new().layer(mcp) (axum: nest_service("/mcp", …)).
    let service = ProtectHttp::new(mcp)
        .on_error(|refused| eprintln!("(operator's log) refused {}: {} bytes", refused.status, refused.body.len()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let service = TowerToHyperService::new(service.clone());
            tokio::spawn(hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service));
        }
    });

    let body = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_bounties","arguments":{"status":"open"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\n\
         Mcp-Name: IGNORE-PREVIOUS-INSTRUCTIONS\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    stream.write_all(request.as_bytes()).await?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await?;
    // HTTP/1.1 400 Bad Request … {"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"Bad Request: the request headers and body disagree"}}
    println!("{}", answer.lines().next().unwrap_or_default());
    println!("{}", answer.lines().last().unwrap_or_default());
    Ok(())
}
