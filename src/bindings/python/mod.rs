//! The Python binding (the `python` feature; maturin builds it as
//! `mcp_boundary._mcp_boundary`, which the pure-Python package
//! `python/mcp_boundary/` re-exports). Like the wasm binding it converts
//! Python values to the core's inputs, calls the core and converts back:
//! results are the core's `Serialize` values as dicts and lists, made
//! directly by a serializer ([`to_python`], through [`convert`]), errors the core's errors as Python exceptions
//! ([`errors`]). No rule, shape or message is spelled here.

mod convert;
mod delivery;
mod error_data;
mod errors;
mod host;
mod protect;
mod recipients;
mod to_python;
mod tool_names;

use pyo3::prelude::*;

/// The compiled module, `mcp_boundary._mcp_boundary`.
#[pymodule]
fn _mcp_boundary(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    recipients::register(m)?;
    delivery::register(m)?;
    tool_names::register(m)?;
    error_data::register(m)?;
    host::register(m)?;
    protect::register(m)?;
    Ok(())
}
