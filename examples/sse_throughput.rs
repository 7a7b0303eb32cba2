//! Native raw-SSE throughput (`make bench`): each recorded stream of
//! `tests/data/streams.json`, as its provider's event stream carries it,
//! repeated to about 1 MB and rewritten by `SseRewriter` in 1,400-byte
//! chunks (a network read). Prints MB/s per format; a measurement, never
//! an assertion.
use mcp_boundary::{Format, SseRewriter, ToolRegistry};
use serde_json::Value;
use std::time::Instant;

fn main() {
    let v: Value = serde_json::from_str(include_str!("../tests/data/streams.json")).expect("vectors parse");
    let only = std::env::var("SSE_ONLY").ok();
    for (name, f) in v["formats"].as_object().expect("formats") {
        if only.as_ref().is_some_and(|o| o != name) {
            continue;
        }
        let format: Format = Format::from_name(name).expect("a format");
        let mut one = String::new();
        let eol = if f["crlf"] == true { "\r\n" } else { "\n" };
        for e in f["events"].as_array().expect("events") {
            if f["sse"] == "event" {
                one.push_str(&["event: ", e["type"].as_str().expect("type"), eol].concat());
            }
            one.push_str(&["data: ", &serde_json::to_string(e).expect("json"), eol, eol].concat());
        }
        let text = one.repeat(1_000_000 / one.len() + 1);
        let bytes = text.as_bytes();
        let mut registry = ToolRegistry::default();
        for (server, tools) in v["registered"].as_object().expect("registered") {
            let tools: Vec<&str> = tools.as_array().expect("tools").iter().filter_map(Value::as_str).collect();
            registry.register_server(server, &tools).expect("registers");
        }
        let mut out = Vec::with_capacity(bytes.len() + 4096);
        let mut best = f64::INFINITY;
        for _ in 0..15 {
            out.clear();
            let start = Instant::now();
            let mut sse = SseRewriter::new(format);
            for chunk in bytes.chunks(1400) {
                sse.feed(&mut registry, chunk, &mut out);
            }
            sse.finish(&mut out);
            best = best.min(start.elapsed().as_secs_f64());
        }
        #[allow(clippy::cast_precision_loss, reason = "a megabyte count for display")]
        let mb = bytes.len() as f64 / 1e6;
        println!(
            "{name:<18} {:>7.1} MB/s  ({} bytes an event stream, {} events)",
            mb / best,
            one.len(),
            f["events"].as_array().map_or(0, Vec::len)
        );
    }
}
