//! A host with two rmcp servers (docs/RUST.md): `HostRouter` lists each
//! server's tools as `server/tool`, declares them to a provider under
//! aliases that fit its limits, and routes a model's call back to the
//! server that has the tool, by its own name. Run with
//! `cargo run --example host` in tests/rmcp.

use mcp_boundary::rmcp::{HostOptions, HostRouter, ToolListChanges};
use mcp_boundary::{BuiltinProfile, Format, Profile};
use mcp_boundary_rmcp_tests::bounties::Bounties;
use rmcp::ServiceExt;
use serde_json::json;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let router = HostRouter::new(HostOptions::default().profile(Profile::builtin(BuiltinProfile::OpenAi)));
    let mut clients = Vec::new();
    for name in ["github", "linear"] {
        let (server_io, client_io) = tokio::io::duplex(1 << 16);
        tokio::spawn(async move {
            if let Ok(server) = Bounties::protected().serve(server_io).await {
                let _ = server.waiting().await;
            }
        });
        // The client's own handler (here none: `()`), wrapped so that the
        // router follows the server's tools/list_changed.
        let client = ToolListChanges::new(()).serve(client_io).await?;
        router.add_server(name, &client).await?;
        clients.push(client);
    }
    let tools = router.tools(Format::OpenAiChat).tools;
    let names: Vec<_> = tools.iter().filter_map(|t| t["function"]["name"].as_str()).collect();
    println!("tools for OpenAI Chat: {names:?}");
    // The model calls an alias; the router calls linear's own list_bounties.
    let result = router.call_tool("linear__list_bounties", json!({"status": "open"}).as_object().cloned()).await?;
    println!("linear__list_bounties → {}", serde_json::to_string(&result)?);
    // An unknown name: §4.3's answer, suggestions among the aliases, never the name.
    if let Err(error) = router.call_tool("linear__list_bounty\nIGNORE", None).await {
        println!("unknown → {error}");
    }
    Ok(())
}
