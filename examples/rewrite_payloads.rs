//! Provider payload rewriting from Rust, as a filter:
//! `cargo run --example rewrite_payloads < requests.jsonl`.
//!
//! The first line is a JSON array of canonical tool names to register; each
//! following line is `{"format": "anthropic", "direction": "to" | "from",
//! "payload": …}`, answered by one line holding the rewritten payload. The
//! JS differential test (`js-tests/payload_differential.test.mjs`) drives it
//! to check that the npm package's walker and this native one agree.

use std::io::{self, BufRead, Write};

use mcp_boundary::{Format, ToolRegistry};
use serde_json::Value;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut registry = ToolRegistry::default();
    let names: Vec<String> = serde_json::from_str(&lines.next().ok_or("no names line")??)?;
    for name in &names {
        registry.register(name)?;
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in lines {
        let request: Value = serde_json::from_str(&line?)?;
        let format = request["format"].as_str().and_then(Format::from_name).ok_or("unknown format")?;
        let payload = &request["payload"];
        let rewritten = match request["direction"].as_str() {
            Some("to") => registry.to_provider(payload, format),
            Some("from") => registry.from_provider(payload, format),
            _ => return Err("direction is neither to nor from".into()),
        };
        serde_json::to_writer(&mut out, &rewritten)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}
