//! `make bench`: a valid call through an rmcp server protected by
//! `protect` beside the same server unprotected, end to end through rmcp's
//! own client over a duplex pipe, in one process; rounds alternate which
//! goes first, and each figure is the median of the rounds. A refused
//! call's answer time is reported beside it (SPEC §9: a valid call within
//! noise of the plain server, the target 1.05×).

use std::time::Instant;

use mcp_boundary_rmcp_tests::bounties::{call, connect, Bounties};
use rmcp::model::CallToolRequestParams;
use rmcp::service::RunningService;
use rmcp::RoleClient;
use serde_json::json;

const ROUNDS: usize = 9;
const CALLS: u32 = 2_000;

/// Nanoseconds per call of `params`, `CALLS` times in a row.
async fn per_call(client: &RunningService<RoleClient, ()>, params: &CallToolRequestParams) -> f64 {
    let start = Instant::now();
    for _ in 0..CALLS {
        let answer = client.peer().call_tool_once(params.clone()).await;
        assert!(answer.is_ok(), "the call failed: {answer:?}");
    }
    start.elapsed().as_secs_f64() * 1e9 / f64::from(CALLS)
}

fn median(mut figures: Vec<f64>) -> f64 {
    figures.sort_by(f64::total_cmp);
    figures[figures.len() / 2]
}

#[tokio::main]
async fn main() {
    let plain = connect(Bounties::plain()).await;
    let protected = connect(Bounties::protected()).await;
    let valid = call("list_bounties", &json!({"status": "open", "limit": 5, "label": "bugs"}));
    let refused = call("list_bounties", &json!({"status": "pending"}));
    // Warm both (allocators, caches, the client's first requests).
    per_call(&plain, &valid).await;
    per_call(&protected, &valid).await;
    let mut figures: [Vec<f64>; 4] = Default::default();
    for round in 0..ROUNDS {
        let (a, b) = if round % 2 == 0 { (&plain, &protected) } else { (&protected, &plain) };
        let first = per_call(a, &valid).await;
        let second = per_call(b, &valid).await;
        let (p, q) = if round % 2 == 0 { (first, second) } else { (second, first) };
        figures[0].push(p);
        figures[1].push(q);
        figures[2].push(per_call(&plain, &refused).await);
        figures[3].push(per_call(&protected, &refused).await);
    }
    let [plain_valid, protected_valid, plain_refused, protected_refused] = figures.map(median);
    println!(
        "rmcp server, a call end to end through rmcp's client (duplex pipe, median of {ROUNDS} rounds of {CALLS})"
    );
    println!("  valid call    plain {plain_valid:>9.0} ns   protected {protected_valid:>9.0} ns   ratio {:.3} (target <= 1.05)", protected_valid / plain_valid);
    println!("  refused call  plain {plain_refused:>9.0} ns   protected {protected_refused:>9.0} ns   ratio {:.3} (serde's echo vs the core's answer)", protected_refused / plain_refused);
}
