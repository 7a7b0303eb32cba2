//! Safe `error.data`: `ErrorClassifier` (a catalog given as keywords, or
//! as the JSON catalog a JS host passes, `from_catalog`), `classify`, the
//! envelopes, and `classify_issues` over issues given as dicts (the core's
//! `Issue::list_from_json`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use serde_json::Value;

use super::convert::{from_py, options, serialize, text, with_id, Strictness, Text};
use super::errors::{raise_argument, raise_options, ArgumentError};
use crate::error::OptionsError;
use crate::error_data::{
    Catalog, ErrorClassifier as Core, FieldHint, FieldPhrases, Issue, ToolFields, MAX_CATALOG_ENTRIES,
};

/// What an error argument must be.
const ERROR_LIKE: &str = "an error message: a string, an exception, or an object with a string message";

/// The message of an error argument: a string, an exception's `str()`, or
/// a string `message` attribute.
fn message(error: &Bound<'_, PyAny>) -> PyResult<String> {
    let py = error.py();
    // Read by `text`: a lone surrogate (which no phrase has) makes the
    // message classify as nothing instead of raising an error that quotes it.
    if let Ok(s) = error.cast::<PyString>() {
        return Ok(text(s).into_owned());
    }
    if error.is_instance_of::<pyo3::exceptions::PyBaseException>() {
        return Ok(text(&error.str()?).into_owned());
    }
    if let Ok(m) = error.getattr("message") {
        if let Ok(s) = m.cast::<PyString>() {
            return Ok(text(s).into_owned());
        }
    }
    Err(raise_argument(py, &ArgumentError::WrongType(ERROR_LIKE)))
}

/// A map option (`{key: [strings]}`) in order, its strings read as
/// [`text`] reads them. `lenient`: a key that is not a string is left out
/// with its list, and so is an entry of a list that is not one.
fn string_map(
    obj: &Bound<'_, PyDict>,
    name: &'static str,
    lenient: bool,
) -> Result<Vec<(String, Vec<String>)>, OptionsError> {
    // Lossy, as every string the binding reads ([`text`]): a lone surrogate is U+FFFD.
    let read = |s: &Bound<'_, PyAny>| s.cast::<PyString>().ok().map(|s| text(s).into_owned());
    let mut out = Vec::with_capacity(obj.len());
    for (k, v) in obj.iter() {
        let key = match read(&k) {
            Some(key) => key,
            None if lenient => continue,
            None => return Err(OptionsError::wrong_type(options::path(name), "a dict with string keys")),
        };
        let list = if lenient && is_list(&v) {
            v.try_iter().map(|items| items.flatten().filter_map(|item| read(&item)).collect()).unwrap_or_default()
        } else {
            options::strings(&v, &|| options::path(name).key(&key))?
        };
        out.push((key, list));
    }
    Ok(out)
}

fn is_list(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>()
}

/// `hints`: `{tool: {field: JSON Schema}}`, each field's schema read by
/// the core ([`FieldHint::from_json_schema`]); entries of other shapes are
/// ignored.
fn read_hints(hints: &Bound<'_, PyAny>) -> Result<Vec<(String, String, FieldHint)>, OptionsError> {
    let value = from_py(hints, Strictness::Lenient)
        .map_err(|_| OptionsError::invalid(options::path("hints"), "could not be read"))?;
    let Value::Object(tools) = value else {
        return Err(OptionsError::wrong_type(options::path("hints"), "a dict of tool → field → JSON Schema"));
    };
    let mut out = Vec::new();
    for (tool, fields) in tools.iter().take(MAX_CATALOG_ENTRIES) {
        let Some(fields) = fields.as_object() else { continue };
        for (field, schema) in fields.iter().take(MAX_CATALOG_ENTRIES) {
            let hint = FieldHint::from_json_schema(schema);
            if hint != FieldHint::default() {
                out.push((tool.clone(), field.clone(), hint));
            }
        }
    }
    Ok(out)
}

/// `input_schemas`: `{tool: its whole input JSON Schema}`, each read by
/// the core ([`FieldHint::of_input_schema`]: local `$ref`s and `X | None`
/// followed), as a server's tools list them. `lenient`: a schema that
/// cannot be read costs only its own tool's hints.
fn read_input_schemas(
    schemas: &Bound<'_, PyAny>,
    lenient: bool,
) -> Result<Vec<(String, String, FieldHint)>, OptionsError> {
    let unreadable = || OptionsError::invalid(options::path("input_schemas"), "could not be read");
    let wrong = || OptionsError::wrong_type(options::path("input_schemas"), "a dict of tool → input JSON Schema");
    let d = match schemas.cast::<PyDict>() {
        Ok(d) => d.clone(),
        // Another mapping: as a dict (the same items).
        Err(_) => PyDict::from_sequence(&schemas.call_method0("items").map_err(|_| wrong())?).map_err(|_| wrong())?,
    };
    let mut out = Vec::new();
    for (tool, schema) in d.iter().take(MAX_CATALOG_ENTRIES) {
        let read =
            tool.cast::<PyString>().ok().map(|t| text(t).into_owned()).zip(from_py(&schema, Strictness::Lenient).ok());
        match read {
            Some((tool, schema)) => out.extend(
                FieldHint::of_input_schema(&schema).into_iter().map(|(field, hint)| (tool.clone(), field, hint)),
            ),
            None if lenient => {}
            None => return Err(unreadable()),
        }
    }
    Ok(out)
}

/// The keys of a JS catalog object (`from_catalog`).
const CATALOG_KEYS: [&str; 7] =
    ["tools", "fields", "fieldMessages", "fieldlessMessages", "hints", "outputSchemaTools", "lenient"];

/// The parts of a catalog, as Python values.
struct Parts<'a, 'py> {
    tools: &'a Bound<'py, PyAny>,
    fields: Option<&'a Bound<'py, PyAny>>,
    field_messages: Option<&'a Bound<'py, PyAny>>,
    fieldless_messages: Option<&'a Bound<'py, PyAny>>,
    hints: Option<&'a Bound<'py, PyAny>>,
    input_schemas: Option<&'a Bound<'py, PyAny>>,
    output_schema_tools: Option<&'a Bound<'py, PyAny>>,
    lenient: Option<&'a Bound<'py, PyAny>>,
}

/// An option that was given (not absent, not `None`).
fn given<'py>(v: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
    v.filter(|v| !v.is_none()).cloned()
}

fn read_catalog(p: &Parts<'_, '_>) -> Result<Core, OptionsError> {
    let lenient = match given(p.lenient) {
        None => false,
        Some(v) => options::boolean(&v, &|| options::path("lenient"))?,
    };
    let fields = given(p.fields);
    let tools = if is_list(p.tools) {
        let fields = match &fields {
            Some(f) => options::strings(f, &|| options::path("fields"))?,
            None => Vec::new(),
        };
        ToolFields::Global { tools: options::strings(p.tools, &|| options::path("tools"))?, fields }
    } else if let Ok(d) = p.tools.cast::<PyDict>() {
        if fields.is_some() {
            return Err(OptionsError::invalid(
                options::path("fields"),
                "a global fields list goes with a list of tools; per-tool fields are listed under each tool",
            ));
        }
        ToolFields::PerTool(string_map(d, "tools", lenient)?)
    } else {
        return Err(OptionsError::wrong_type(
            options::path("tools"),
            "a list of tool names or a dict of tool → fields",
        ));
    };
    let field_messages = match given(p.field_messages) {
        None => FieldPhrases::Global(Vec::new()),
        Some(v) if is_list(&v) => FieldPhrases::Global(options::strings(&v, &|| options::path("field_messages"))?),
        Some(v) => match v.cast::<PyDict>() {
            Ok(d) => FieldPhrases::PerField(string_map(d, "field_messages", false)?),
            Err(_) => {
                return Err(OptionsError::wrong_type(
                    options::path("field_messages"),
                    "a list of phrases or a dict of field → phrases",
                ))
            }
        },
    };
    let fieldless_messages = match given(p.fieldless_messages) {
        None => Vec::new(),
        Some(v) => options::strings(&v, &|| options::path("fieldless_messages"))?,
    };
    let mut hints = match given(p.hints) {
        None => Vec::new(),
        Some(h) => read_hints(&h)?,
    };
    if let Some(schemas) = given(p.input_schemas) {
        hints.extend(read_input_schemas(&schemas, lenient)?);
    }
    let output_schema_tools = match given(p.output_schema_tools) {
        None => Vec::new(),
        Some(v) => options::strings(&v, &|| options::path("output_schema_tools"))?,
    };
    let catalog = Catalog { tools, field_messages, fieldless_messages };
    let classifier = if lenient { Core::lenient(catalog) } else { Core::new(catalog) }?;
    Ok(classifier
        .with_hints(hints.iter().map(|(t, f, h)| (t.as_str(), f.as_str(), h)))
        .with_output_schema_tools(output_schema_tools.iter().map(String::as_str)))
}

/// Tool-argument errors as data that holds only catalog strings.
#[pyclass(module = "mcp_boundary", frozen, name = "ErrorClassifier")]
pub(crate) struct ErrorClassifier {
    inner: Core,
}

#[allow(clippy::needless_pass_by_value, reason = "PyO3 extracts a `Text` argument by value")]
#[pymethods]
impl ErrorClassifier {
    #[new]
    #[pyo3(signature = (tools, *, fields=None, field_messages=None, fieldless_messages=None, hints=None, input_schemas=None, output_schema_tools=None, lenient=None))]
    #[allow(clippy::too_many_arguments, reason = "Python's keyword arguments")]
    fn new(
        py: Python<'_>,
        tools: &Bound<'_, PyAny>,
        fields: Option<&Bound<'_, PyAny>>,
        field_messages: Option<&Bound<'_, PyAny>>,
        fieldless_messages: Option<&Bound<'_, PyAny>>,
        hints: Option<&Bound<'_, PyAny>>,
        input_schemas: Option<&Bound<'_, PyAny>>,
        output_schema_tools: Option<&Bound<'_, PyAny>>,
        lenient: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let parts = Parts {
            tools,
            fields,
            field_messages,
            fieldless_messages,
            hints,
            input_schemas,
            output_schema_tools,
            lenient,
        };
        read_catalog(&parts).map(|inner| Self { inner }).map_err(|e| raise_options(py, &e))
    }

    /// A classifier from the JSON catalog a JS host passes (`tools`,
    /// `fields`, `fieldMessages`, `fieldlessMessages`, `hints`,
    /// `outputSchemaTools`, `lenient`).
    #[staticmethod]
    fn from_catalog(py: Python<'_>, catalog: &Bound<'_, PyAny>) -> PyResult<Self> {
        let read = || -> Result<Core, OptionsError> {
            let d = catalog
                .cast::<PyDict>()
                .map_err(|_| OptionsError::wrong_type(options::path("catalog"), "a catalog dict"))?;
            for key in d.keys() {
                let k = key.cast::<PyString>().ok().map(|k| text(k).into_owned());
                let known = k.as_deref().is_some_and(|k| CATALOG_KEYS.contains(&k));
                if !known {
                    return Err(OptionsError::unknown_option(&k.unwrap_or_default()));
                }
            }
            let item = |k: &str| d.get_item(k).ok().flatten();
            let tools = item("tools").ok_or_else(|| {
                OptionsError::wrong_type(options::path("tools"), "a list of tool names or a dict of tool → fields")
            })?;
            let (fields, field_messages, fieldless, hints) =
                (item("fields"), item("fieldMessages"), item("fieldlessMessages"), item("hints"));
            let (output_schema_tools, lenient) = (item("outputSchemaTools"), item("lenient"));
            read_catalog(&Parts {
                tools: &tools,
                fields: fields.as_ref(),
                field_messages: field_messages.as_ref(),
                fieldless_messages: fieldless.as_ref(),
                hints: hints.as_ref(),
                input_schemas: None,
                output_schema_tools: output_schema_tools.as_ref(),
                lenient: lenient.as_ref(),
            })
        };
        read().map(|inner| Self { inner }).map_err(|e| raise_options(py, &e))
    }

    /// `{"code": "invalid_argument", "tool", "field", "message"}` of
    /// catalog strings, or `None`.
    fn classify<'py>(&self, tool: Text<'_>, error: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let message = message(error)?;
        serialize(error.py(), &self.inner.classify(&tool, &message))
    }

    /// The JSON-RPC `-32602` response, `data` when the error classifies.
    fn invalid_arguments_response<'py>(
        &self,
        id: &Bound<'py, PyAny>,
        tool: Text<'_>,
        error: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let value = from_py(id, Strictness::Lenient).unwrap_or(Value::Null);
        let message = message(error)?;
        with_id(serialize(error.py(), &self.inner.invalid_arguments_response(&value, &tool, &message))?, id)
    }

    /// The MCP `CallToolResult` (`isError`) for invalid arguments.
    fn tool_error_result<'py>(&self, tool: Text<'_>, error: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let message = message(error)?;
        serialize(error.py(), &self.inner.tool_error_result(&tool, &message))
    }

    /// The MCP `CallToolResult` for a handler that raised: classified, or
    /// `tool <name> failed`.
    fn handler_error_result<'py>(&self, tool: Text<'_>, error: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let message = message(error)?;
        serialize(error.py(), &self.inner.handler_error_result(&tool, &message))
    }

    /// The JSON-RPC `-32602` response for an unknown tool, with the
    /// catalog tools nearest to `name` (never `name` itself).
    fn unknown_tool_response<'py>(&self, id: &Bound<'py, PyAny>, name: Text<'_>) -> PyResult<Bound<'py, PyAny>> {
        let value = from_py(id, Strictness::Lenient).unwrap_or(Value::Null);
        with_id(serialize(id.py(), &self.inner.unknown_tool_response(&value, &name))?, id)
    }

    /// Safe data for each schema issue (dicts as Zod, Valibot, ArkType or
    /// Ajv give them as JSON, or a dict holding them as `issues`); `input`,
    /// the failed arguments, tells a missing field from a wrong one.
    #[pyo3(signature = (tool, issues, input=None))]
    fn classify_issues<'py>(
        &self,
        tool: Text<'_>,
        issues: &Bound<'py, PyAny>,
        input: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        classified(issues, input, |list| serialize(issues.py(), &self.inner.classify_issues(&tool, list)))
    }

    /// The MCP `CallToolResult` (`isError`) for schema issues, as
    /// `classify_issues` reads them.
    #[pyo3(signature = (tool, issues, input=None))]
    fn issues_result<'py>(
        &self,
        tool: Text<'_>,
        issues: &Bound<'py, PyAny>,
        input: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        classified(issues, input, |list| serialize(issues.py(), &self.inner.issues_result(&tool, list)))
    }

    /// Whether `tool`'s error results carry `structuredContent` (not for
    /// a tool in `output_schema_tools`).
    fn structured_errors(&self, tool: Text<'_>) -> bool {
        self.inner.structured_errors(&tool)
    }

    /// The catalog's tools, in order.
    fn tools(&self) -> Vec<String> {
        self.inner.tools().map(str::to_owned).collect()
    }
}

/// `answer` of the issues read as the core reads them (`classify_issues`,
/// `issues_result`).
fn classified<'py>(
    issues: &Bound<'py, PyAny>,
    input: Option<&Bound<'py, PyAny>>,
    answer: impl FnOnce(&[Issue<'_>]) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (issues_value, input) = read_issues(issues, input)?;
    let list = Issue::list_from_json(&issues_value, input.as_ref()).ok_or_else(|| wrong_issues(issues.py()))?;
    answer(&list)
}

/// Whether `value` is a pydantic `ValidationError` (by its class's name and
/// module, so that the binding never imports pydantic).
fn is_validation_error(value: &Bound<'_, PyAny>) -> bool {
    let class = value.get_type();
    let named =
        |attr: &str, want: &str| class.getattr(attr).is_ok_and(|v| v.extract::<String>().is_ok_and(|s| s == want));
    named("__name__", "ValidationError")
        && class.getattr("__module__").is_ok_and(|m| m.extract::<String>().is_ok_and(|m| m.starts_with("pydantic")))
}

/// What `issues` must be.
const ISSUES: &str = "a list of schema issues (dicts), a dict holding them as issues, or a pydantic ValidationError";

fn wrong_issues(py: Python<'_>) -> PyErr {
    raise_argument(py, &ArgumentError::WrongType(ISSUES))
}

/// Issues and input as JSON: values JSON has no form for read as `null`
/// (an issue's parts other than the places the core reads are never used).
/// A pydantic `ValidationError` gives its `errors()` without the input, the
/// message's URL or the context (the core reads only `type` and `loc`).
pub(crate) fn read_issues(
    issues: &Bound<'_, PyAny>,
    input: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Value, Option<Value>)> {
    let py = issues.py();
    let errors;
    let issues = if is_list(issues) || issues.is_instance_of::<PyDict>() {
        issues
    } else if is_validation_error(issues) {
        let kwargs = PyDict::new(py);
        for key in ["include_url", "include_context", "include_input"] {
            kwargs.set_item(key, false)?;
        }
        errors = issues.call_method("errors", (), Some(&kwargs))?;
        &errors
    } else {
        return Err(wrong_issues(py));
    };
    let value = from_py(issues, Strictness::Lenient)?;
    let input = input.filter(|i| !i.is_none()).map(|i| from_py(i, Strictness::Lenient)).transpose()?;
    Ok((value, input))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ErrorClassifier>()?;
    // The most tools (and fields of one tool) a catalog holds, and the kinds
    // of answer a protected server replaces (what its `on_error` hears).
    m.add("MAX_CATALOG_ENTRIES", MAX_CATALOG_ENTRIES)?;
    m.add("REPLACED_ANSWERS", crate::ReplacedAnswer::ALL.map(crate::ReplacedAnswer::as_str).to_vec())?;
    Ok(())
}
