//! What `mcp_boundary.mcp` (the Python package's SDK integration) needs of
//! the core's host rules: its argument errors, spelled once in Rust
//! (`RouterArgument`) like those of the JS package's `mcp-boundary/mcp`.

use pyo3::prelude::*;

use super::errors::{raise, Class};
use crate::host::{RouterArgument, RouterError};

/// The exception `protect_server` raises for an argument it cannot take
/// (`which`: `"server"`, `"on_error"`, `"handler_errors"` or `"messages"`):
/// an `ArgumentError` (a `TypeError`) with `code` `INVALID_ARGUMENT`, reason
/// `wrong_type`, and the core's message. Returned, for the caller to raise.
#[pyfunction]
fn protect_server_error(py: Python<'_>, which: &str) -> PyResult<Py<PyAny>> {
    let argument = match which {
        "server" => RouterArgument::PythonServer,
        "on_error" => RouterArgument::PythonOnError,
        "handler_errors" => RouterArgument::PythonHandlerErrors,
        "messages" => RouterArgument::PythonMessages,
        _ => return Err(pyo3::exceptions::PyKeyError::new_err(which.to_owned())),
    };
    Ok(raise(py, Class::Argument, &RouterError::wrong_type(argument)).into_value(py).into_any())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(protect_server_error, m)?)
}
