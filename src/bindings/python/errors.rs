//! The core's errors as Python exceptions. Every class derives from
//! `McpBoundaryError` (a `ValueError`) and carries `code`, `reason` and the
//! error's details (`option`, `place`, `position`, …) as attributes; the
//! message is the core's, in Rust's words (which are Python's:
//! `known_agents[1]`, `max_identifier_length`).
//!
//! | class | bases | code |
//! |---|---|---|
//! | `McpBoundaryError` | `ValueError` | (base) |
//! | `OptionsError` | `McpBoundaryError`, `TypeError` | `INVALID_OPTIONS` (a `TypeError` in JS too) |
//! | `ArgumentError` | `McpBoundaryError`, `TypeError` | `INVALID_ARGUMENT` |
//! | `ToolNameError` | `McpBoundaryError` | `UNREPRESENTABLE_TOOL_NAME`, `TOOL_NAME_COLLISION` |
//! | `MalformedRecordError` | `McpBoundaryError` | `MALFORMED_RECORD` |

use std::fmt;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::error::{BoundaryError, Detail};

/// The exception classes, made once per interpreter.
struct Classes {
    base: Py<PyType>,
    options: Py<PyType>,
    argument: Py<PyType>,
    tool_name: Py<PyType>,
    malformed: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

/// Which exception class an error is raised as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// `OptionsError`.
    Options,
    /// `ArgumentError`.
    Argument,
    /// `ToolNameError`.
    ToolName,
    /// `MalformedRecordError`.
    Malformed,
}

/// A class made by `type(name, bases, namespace)`, which (unlike a class
/// made in Rust) may have two built-in bases.
fn make(py: Python<'_>, name: &str, bases: &[&Bound<'_, PyAny>], doc: &str) -> PyResult<Py<PyType>> {
    let namespace = PyDict::new(py);
    namespace.set_item("__module__", "mcp_boundary")?;
    namespace.set_item("__doc__", doc)?;
    let bases = PyTuple::new(py, bases)?;
    let class = py.get_type::<PyType>().call1((name, bases, namespace))?;
    Ok(class.cast_into::<PyType>()?.unbind())
}

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let value_error = py.get_type::<pyo3::exceptions::PyValueError>().into_any();
        let type_error = py.get_type::<pyo3::exceptions::PyTypeError>().into_any();
        let base = make(
            py,
            "McpBoundaryError",
            &[&value_error],
            "Base of every error mcp_boundary raises: code, reason and details as attributes.",
        )?;
        let b = base.bind(py).clone().into_any();
        Ok(Classes {
            options: make(py, "OptionsError", &[&b, &type_error], "Options that cannot work (INVALID_OPTIONS).")?,
            argument: make(
                py,
                "ArgumentError",
                &[&b, &type_error],
                "An argument of the wrong type (INVALID_ARGUMENT).",
            )?,
            tool_name: make(py, "ToolNameError", &[&b], "A tool name with no alias, or a collision.")?,
            malformed: make(
                py,
                "MalformedRecordError",
                &[&b],
                "A message record that is malformed (MALFORMED_RECORD).",
            )?,
            base,
        })
    })
}

/// Adds the classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let c = classes(py)?;
    for (name, class) in [
        ("McpBoundaryError", &c.base),
        ("OptionsError", &c.options),
        ("ArgumentError", &c.argument),
        ("ToolNameError", &c.tool_name),
        ("MalformedRecordError", &c.malformed),
    ] {
        m.add(name, class.bind(py))?;
    }
    Ok(())
}

/// The one place a core error becomes a Python exception: its class,
/// the core's message, `code`, `reason` and its details as attributes.
pub(crate) fn raise(py: Python<'_>, class: Class, e: &dyn BoundaryError) -> PyErr {
    build(py, class, e).unwrap_or_else(|err| err)
}

fn build(py: Python<'_>, class: Class, e: &dyn BoundaryError) -> PyResult<PyErr> {
    let c = classes(py)?;
    let class = match class {
        Class::Options => &c.options,
        Class::Argument => &c.argument,
        Class::ToolName => &c.tool_name,
        Class::Malformed => &c.malformed,
    };
    let error = class.bind(py).call1((e.to_string(),))?;
    error.setattr("code", e.code())?;
    error.setattr("reason", e.reason())?;
    for (key, value) in e.details() {
        match value {
            Detail::Text(text) => error.setattr(key, text)?,
            Detail::Number(n) => error.setattr(key, n)?,
        }
    }
    Ok(PyErr::from_value(error))
}

/// An argument that cannot be used (`INVALID_ARGUMENT`): a Python value
/// of a type the call does not take, or nested too deep. Its message names
/// what was expected, never the value. (They exist because of Python: the
/// Rust API takes typed arguments. The words are JS's `ArgumentError`'s.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArgumentError {
    /// Not the kind of value expected (`wrong_type`).
    WrongType(&'static str),
    /// Not the kind of value expected (`wrong_type`), said whole (the
    /// function and what it takes).
    Said(&'static str),
    /// Nested deeper than the limit (`too_large`).
    TooDeep(usize),
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongType(expected) => write!(f, "Invalid argument: expected {expected}."),
            Self::Said(message) => f.write_str(message),
            Self::TooDeep(limit) => write!(f, "Invalid argument: nested deeper than {limit} levels (or a cycle)."),
        }
    }
}

impl BoundaryError for ArgumentError {
    fn code(&self) -> &'static str {
        "INVALID_ARGUMENT"
    }
    fn reason(&self) -> &'static str {
        match self {
            Self::WrongType(_) | Self::Said(_) => "wrong_type",
            Self::TooDeep(_) => "too_large",
        }
    }
    fn details(&self) -> Vec<(&'static str, Detail)> {
        match self {
            Self::WrongType(_) | Self::Said(_) => Vec::new(),
            Self::TooDeep(limit) => vec![("limit", Detail::Number(*limit))],
        }
    }
}

/// The exception for an [`ArgumentError`].
pub(crate) fn raise_argument(py: Python<'_>, e: &ArgumentError) -> PyErr {
    raise(py, Class::Argument, e)
}

/// The exception for an options error.
pub(crate) fn raise_options(py: Python<'_>, e: &crate::error::OptionsError) -> PyErr {
    raise(py, Class::Options, e)
}
