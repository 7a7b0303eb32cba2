//! A protected server's policy (the core's `Protection`, `src/server/`):
//! its checked options, the catalog of its tools as listed, and the
//! decision for each failure an SDK integration recognized, as a dict
//! (`{"kind", "result"}`, `{"kind", "error"}` or `{"kind": None}`).
//! `mcp_boundary.mcp` only recognizes failures and converts the answers.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use serde_json::{Map, Value};

use super::convert::{from_py, options, serialize, text, type_name, Strictness};
use super::error_data::read_issues;
use super::errors::{raise_argument, raise_options, ArgumentError};
use crate::error::OptionsError;
use crate::error_data::{Issue, MAX_CATALOG_ENTRIES};
use crate::recipient::RecipientError;
use crate::{
    ArgumentCheck, Failure, HandlerErrors, ListedTool, ProtectOptions, Protection as Core, ServerCatalog as Catalog,
};

/// What a failure argument must be.
const FAILURE: &str = "a failure: a dict with kind \"invalid_arguments\", \"recipient_rejected\", \"unknown_tool\", \
     \"handler_error\", \"invalid_output\", \"own_error_result\" or \"failed\", and its parts";

/// What a catalog argument must be.
const CATALOG: &str = "a ServerCatalog made by this Protection's catalog()";

fn wrong(py: Python<'_>, expected: &'static str) -> PyErr {
    raise_argument(py, &ArgumentError::WrongType(expected))
}

/// The options, read and checked as the core checks them (the errors are
/// the core's: `INVALID_OPTIONS`, `handler_errors` `invalid_value` for
/// anything but `"classify"` or `"pass"`, as in JS).
fn read_options(
    messages: Option<&Bound<'_, PyAny>>,
    handler_errors: Option<&Bound<'_, PyAny>>,
) -> Result<Core, OptionsError> {
    let mut o = ProtectOptions::default();
    if let Some(m) = messages.filter(|m| !m.is_none()) {
        o = o.messages(options::strings(m, &|| options::path("messages"))?);
    }
    if let Some(h) = handler_errors {
        // A value that is no string (None included, as JS's null) is the
        // core's wrong_type; a string is read exactly (a lone surrogate
        // names no value).
        let name = h.cast::<PyString>().map_err(|_| HandlerErrors::not_a_string())?;
        o = o.handler_errors(HandlerErrors::parse(name.to_str().unwrap_or_default())?);
    }
    Core::new(o)
}

/// One listed tool `(name, input_schema, has_output_schema)`, or `None`
/// when the entry cannot be read (it costs only itself). A name that is
/// not exactly text (a lone surrogate) is no catalog tool, never read as
/// another name, but keeps its output flag (a call to it reads as `""`
/// too, and answers in text only). The schema is read as the wasm binding
/// reads one: each property and definition on its own, so one that
/// cannot be read (too deep, not JSON) declares nothing and costs the
/// others nothing.
fn listed_tool(entry: &Bound<'_, PyAny>) -> Option<ListedTool> {
    let tuple = entry.cast::<PyTuple>().ok()?;
    if tuple.len() != 3 {
        return None;
    }
    let output = tuple.get_item(2).ok().is_some_and(|o| o.is_truthy().unwrap_or(false));
    let name = tuple.get_item(0).ok()?;
    let Some(name) = name.cast::<PyString>().ok()?.to_str().ok().map(str::to_owned) else {
        return Some(ListedTool::new("", None, output));
    };
    let schema = tuple.get_item(1).ok().filter(|s| !s.is_none()).and_then(|s| s.cast::<PyDict>().ok().cloned());
    let Some(schema) = schema else { return Some(ListedTool::new(name, None, output)) };
    let mut root = Map::new();
    for key in ListedTool::SCHEMA_PARTS {
        let Some(entries) = schema.get_item(key).ok().flatten() else { continue };
        let map: Map<String, Value> = match entries.cast::<PyDict>() {
            Ok(entries) => entries
                .iter()
                .take(MAX_CATALOG_ENTRIES)
                .filter_map(|(k, v)| {
                    let k = k.cast::<PyString>().ok()?.to_str().ok()?.to_owned();
                    Some((k, from_py(&v, Strictness::Lenient).unwrap_or_else(|_| Value::Object(Map::new()))))
                })
                .collect(),
            // Another mapping: read whole, as JSON.
            Err(_) => match from_py(&entries, Strictness::Lenient) {
                Ok(Value::Object(map)) => map,
                _ => continue,
            },
        };
        root.insert(key.to_owned(), Value::Object(map));
    }
    let reference = schema.get_item(ListedTool::SCHEMA_REF).ok().flatten();
    if let Some(reference) = reference.as_ref().and_then(|r| r.cast::<PyString>().ok()).and_then(|r| r.to_str().ok()) {
        root.insert(ListedTool::SCHEMA_REF.to_owned(), Value::String(reference.to_owned()));
    }
    Some(ListedTool::new(name, Some(&Value::Object(root)), output))
}

/// A protected server's checked options (`messages`, `handler_errors`).
#[pyclass(module = "mcp_boundary", frozen, name = "Protection")]
pub(crate) struct Protection {
    inner: Core,
}

/// The catalog a protected server answers from, built once per change of
/// its tool list by `Protection.catalog`.
#[pyclass(module = "mcp_boundary", frozen, name = "ServerCatalog")]
pub(crate) struct ServerCatalog {
    inner: Catalog,
}

#[pymethods]
impl ServerCatalog {
    /// Whether `name` is one of the catalog's tools.
    fn has_tool(&self, name: &Bound<'_, PyString>) -> bool {
        self.inner.has_tool(&text(name))
    }

    /// The catalog's tools, in order.
    fn tools(&self) -> Vec<String> {
        self.inner.classifier().tools().map(str::to_owned).collect()
    }
}

#[pymethods]
impl Protection {
    #[new]
    #[pyo3(signature = (*, messages=None, handler_errors=None))]
    fn new(
        py: Python<'_>,
        messages: Option<&Bound<'_, PyAny>>,
        handler_errors: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        read_options(messages, handler_errors).map(|inner| Self { inner }).map_err(|e| raise_options(py, &e))
    }

    /// `"classify"` or `"pass"`.
    #[getter]
    fn handler_errors(&self) -> &'static str {
        self.inner.handler_errors().as_str()
    }

    /// The server's own phrases.
    #[getter]
    fn messages(&self) -> Vec<String> {
        self.inner.messages().to_vec()
    }

    /// The catalog of the tools as listed: `(name, input_schema,
    /// has_output_schema)` each. Lenient: an entry that cannot be read
    /// costs only itself.
    fn catalog(&self, tools: &Bound<'_, PyAny>) -> PyResult<ServerCatalog> {
        let py = tools.py();
        let iter = tools.try_iter().map_err(|_| wrong(py, "an iterable of (name, input_schema, has_output_schema)"))?;
        let listed: Vec<ListedTool> = iter.filter_map(|entry| entry.ok().as_ref().and_then(listed_tool)).collect();
        Ok(ServerCatalog { inner: self.inner.catalog(listed) })
    }

    /// The issues of a call's `arguments` against the tool's published
    /// `input_schema`, as the core's check finds them (`ArgumentCheck`: a
    /// bound inside an optional's `anyOf` says what is wrong, not the
    /// `anyOf`), in Ajv's shape; empty where the check cannot judge. For
    /// an SDK whose own JSON Schema check refused a call without saying
    /// where. Arguments that cannot be read as a JSON object (nested past
    /// what the binding reads) are not judged: no issues.
    #[staticmethod]
    fn schema_issues<'py>(
        input_schema: &Bound<'py, PyAny>,
        arguments: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let json = |v: &Bound<'py, PyAny>| from_py(v, Strictness::Lenient).ok();
        let issues = match (json(input_schema), json(arguments)) {
            (Some(schema), Some(Value::Object(arguments))) => ArgumentCheck::new(&schema).check(Some(&arguments)),
            _ => Vec::new(),
        };
        serialize(input_schema.py(), &issues)
    }

    /// The decision for `failure` from `catalog`: `{"kind", "result"}` (a
    /// `CallToolResult` to answer with), `{"kind", "error"}` (a JSON-RPC
    /// error to raise) or `{"kind": None}` (the SDK's answer stands); `kind`
    /// is what `on_error` hears, or `None`.
    fn answer<'py>(&self, catalog: &Bound<'py, PyAny>, failure: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = failure.py();
        let catalog = catalog.cast::<ServerCatalog>().map_err(|_| wrong(py, CATALOG))?.get();
        let failure = failure.cast::<PyDict>().map_err(|_| wrong(py, FAILURE))?;
        let item = |key: &str| failure.get_item(key).ok().flatten().filter(|v| !v.is_none());
        // Read exactly, as the wasm binding reads JS strings: a name or a
        // message with a lone surrogate is none (never another catalog
        // tool's name, never a message the SDK would pass as it is).
        let string = |key: &str| {
            item(key).and_then(|v| v.cast::<PyString>().ok().and_then(|s| s.to_str().ok().map(str::to_owned)))
        };
        let kind = string("kind").ok_or_else(|| wrong(py, FAILURE))?;
        let tool = string("tool").unwrap_or_default();
        let issues_value;
        let issues: Vec<Issue<'_>>;
        let rejection: RecipientError;
        let name;
        let message;
        let failure = match kind.as_str() {
            "invalid_arguments" => {
                // The issues as the core reads them (pydantic's without their
                // input); none when none could be read.
                let read = match item("issues") {
                    Some(given) => Some(read_issues(&given, item("input").as_ref())?),
                    None => None,
                };
                issues_value = read;
                issues = issues_value
                    .as_ref()
                    .and_then(|(value, input)| Issue::list_from_json(value, input.as_ref()))
                    .unwrap_or_default();
                Failure::InvalidArguments { tool: &tool, issues: &issues }
            }
            "recipient_rejected" => {
                // The default validator's rejection of `to`.
                let to = item("to").ok_or_else(|| wrong(py, FAILURE))?;
                rejection = match to.cast::<PyString>() {
                    Ok(s) => match crate::validate_recipient(&text(s)) {
                        Err(e) => e,
                        Ok(_) => return Err(wrong(py, "a recipient_rejected failure whose to is rejected")),
                    },
                    Err(_) => crate::recipient::RecipientValidator::DEFAULT.reject_non_string(type_name(&to)),
                };
                Failure::RecipientRejected { tool: &tool, rejection: &rejection }
            }
            "unknown_tool" => {
                name = string("name").unwrap_or_default();
                Failure::UnknownTool { name: &name }
            }
            "handler_error" => {
                message = string("message");
                Failure::HandlerError { tool: &tool, message: message.as_deref() }
            }
            "forwarded_error" => {
                message = string("message");
                Failure::ForwardedError { tool: &tool, message: message.as_deref() }
            }
            "invalid_output" => Failure::InvalidOutput { tool: &tool },
            "own_error_result" => Failure::OwnErrorResult { tool: &tool },
            "failed" => Failure::Failed { tool: &tool },
            _ => return Err(wrong(py, FAILURE)),
        };
        serialize(py, &self.inner.answer(&catalog.inner, failure))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Protection>()?;
    m.add_class::<ServerCatalog>()?;
    Ok(())
}
