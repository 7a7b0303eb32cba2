//! Rules of the core's source (docs/ARCHITECTURE.md, "One home per rule"):
//! nothing outside `src/bindings/` is kept alive for a binding by a
//! dead-code allowance, nor switched on by the target alone (each binding
//! is a cargo feature). Native only: it reads the source tree.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The lines of the core (`src/` but `src/bindings/`) that hold one of
/// `needles`, as `file:line: text`.
fn core_lines_with(needles: &[&str]) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let bindings = src.join("bindings");
    let mut found = Vec::new();
    for file in sources(&src).into_iter().filter(|f| !f.starts_with(&bindings)) {
        for (i, line) in fs::read_to_string(&file).unwrap().lines().enumerate() {
            if needles.iter().any(|n| line.contains(n)) {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_rules_see_the_source() {
    // The oracle can fail: the bindings hold what it looks for.
    let bindings = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bindings");
    assert!(sources(&bindings).iter().any(|f| fs::read_to_string(f).unwrap().contains("wasm_bindgen")));
    assert!(!core_lines_with(&["pub mod bindings"]).is_empty());
}

#[test]
fn no_dead_code_allowance_keeps_a_binding_s_item_in_the_core() {
    let found = core_lines_with(&["allow(dead_code", "allow(unused_imports", "allow(unused,", "allow(unused)"]);
    assert!(found.is_empty(), "move these items into src/bindings/ or make them real Rust API: {found:#?}");
}

#[test]
fn no_binding_is_switched_on_by_the_target_alone_in_the_core() {
    // Only where a wasm feature (the binding or one of its parts) goes with it.
    let bare: Vec<String> = core_lines_with(&["target_arch = \"wasm32\""])
        .into_iter()
        .filter(|line| {
            !["wasm", "wasm-server", "wasm-host"].iter().any(|f| line.contains(&format!("feature = \"{f}\"")))
        })
        .collect();
    assert!(bare.is_empty(), "a wasm32 cfg without the wasm feature: {bare:#?}");
}
