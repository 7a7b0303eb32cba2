//! The bindings, side by side: each converts its language's values to the
//! core's inputs, calls the core and converts back, and holds what exists
//! only because of its language (option spellings, argument errors, a
//! CLI's texts). Neither is part of the Rust API: each is a cargo feature
//! that its package build turns on.

/// The results both bindings return where the Rust API returns a `Result`.
#[cfg(any(all(feature = "wasm-server", target_arch = "wasm32"), all(feature = "python", not(target_arch = "wasm32"))))]
mod results;

/// The JS binding (wasm32 only): every `#[wasm_bindgen]` export, a part
/// per feature (`wasm-server`, `wasm-host`; `wasm` is both). `make pkg`
/// builds a module per part and one of both; a Rust program built for
/// wasm32 leaves them off and brings its own wasm-bindgen, if any.
#[cfg(all(any(feature = "wasm-server", feature = "wasm-host"), target_arch = "wasm32"))]
pub mod wasm;

/// The Python extension module (`mcp_boundary._mcp_boundary`): only with
/// the `python` feature, which maturin turns on (pyproject.toml).
#[cfg(all(feature = "python", not(target_arch = "wasm32")))]
mod python;

/// Rust MCP servers and hosts on rmcp (`rmcp` feature): public as
/// [`crate::rmcp`].
#[cfg(feature = "rmcp")]
pub mod rmcp;
