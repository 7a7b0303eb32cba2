//! Recipient validation from Rust: `cargo run --example recipients`.
//!
//! Prints each recipient's verdict and, for rejections, the JSON error
//! object an MCP `add_message` tool returns.

use mcp_boundary::{validate_recipient, RecipientOptions, RecipientValidator};

fn main() -> Result<(), mcp_boundary::OptionsError> {
    println!("== Rust: layer 1 (shape only)");
    for to in ["AGENT:*", "@neo-gpt", "AGENT:gpt", " @neo-gpt", "@neo gpt", "neo-gpt", "＠neo", "@neo\u{200b}"] {
        match validate_recipient(to) {
            Ok(recipient) => println!("accepted {to:?} -> {recipient:?}"),
            Err(error) => println!("rejected {:?} -> {}", to, serde_json_like(&error)),
        }
    }

    println!("\n== Rust: layers 2 and 3 (known agents, strict, suggestions)");
    let validator = RecipientValidator::new(
        RecipientOptions::default().known_agents(["@neo-gpt", "@neo-claude", "@trinity-gemini"]).strict(true),
    )?;
    for to in ["@neo-claude", "@neo-gp", "AGENT:gpt"] {
        match validator.validate(to) {
            Ok(recipient) => println!("accepted {to:?} -> {recipient:?}"),
            Err(error) => println!(
                "rejected {to:?} -> code {}, reason {}, suggestions {:?}",
                error.code(),
                error.reason().as_str(),
                error.suggestions().unwrap_or_default()
            ),
        }
    }
    Ok(())
}

/// The fields a host logs, without pulling a JSON crate into the example.
fn serde_json_like(error: &mcp_boundary::RecipientError) -> String {
    let position = error.position().map(|p| format!(", position: {p}")).unwrap_or_default();
    format!(
        "{{ code: {}, reason: {}, to: {:?}{position} }}",
        error.code(),
        error.reason().as_str(),
        error.to().as_str()
    )
}
