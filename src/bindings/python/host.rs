//! What `mcp_boundary.mcp` (the Python package's SDK integration) needs of
//! the binding: its argument errors, spelled once here in Rust, as the wasm
//! binding spells those of the JS package's `mcp-boundary/mcp` (the reason
//! `wrong_type` is the core's `RouterReason::WrongType`).

use pyo3::prelude::*;

use super::errors::{raise, ArgumentError, Class};

/// The exception `protect_server` raises for an argument it cannot take
/// (`which`: `"server"`, `"on_error"` or `"messages"`; `handler_errors` is
/// checked by the core's `Protection`, whose `OptionsError` it raises):
/// an `ArgumentError` (a `TypeError`) with `code` `INVALID_ARGUMENT`, reason
/// `wrong_type`, and the core's message. Returned, for the caller to raise.
#[pyfunction]
fn protect_server_error(py: Python<'_>, which: &str) -> PyResult<Py<PyAny>> {
    let message = match which {
        "server" => {
            "protect_server: expected a server of a Python MCP SDK (mcp 1.x FastMCP, mcp 2.x MCPServer, fastmcp 2.x-4.x FastMCP)"
        }
        "on_error" => "protect_server: on_error must be callable (it is called with {tool, kind, error, issues})",
        "messages" => "protect_server: messages must be a sequence of phrases, not one string",
        _ => return Err(pyo3::exceptions::PyKeyError::new_err(which.to_owned())),
    };
    Ok(raise(py, Class::Argument, &ArgumentError::Said(message)).into_value(py).into_any())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(protect_server_error, m)?)
}
