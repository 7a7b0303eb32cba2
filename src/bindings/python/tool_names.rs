//! Tool names: `to_llm_facing_name`, `try_reverse_to_canonical`,
//! `tool_definitions`, `ToolRegistry` (registration, lookups, payload
//! rewriting over dicts, call ids) and the stream rewriters
//! (`SseRewriter` over bytes, `EventRewriter` over parsed events). The
//! Python package adds `ToolRegistry.from_provider_sse` over an iterable or
//! async iterable of bytes, on `SseRewriter`.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use serde_json::Value;

use super::convert::{exact, from_py, options, serialize, text, to_py, with_id, Strictness, Text};
use super::errors::{raise, raise_argument, raise_options, ArgumentError, Class};
use crate::error::{OptionPath, OptionsError};
use crate::stream::{SseRewriter as CoreSse, StreamCalls};
use crate::tool_name::{
    self, BuiltinProfile, Format, Overflow, Profile, ToolNameError, ToolRegistry as Core, MAX_CUSTOM_LENGTH,
};

/// What a payload format must be.
const FORMAT: &str =
    "a payload format: one of \"anthropic\", \"openai-chat\", \"openai-responses\", \"gemini\", \"bedrock-converse\"";

/// What a name to register or map must be (a lone surrogate is refused, [`exact`]).
const NAME: &str = "a tool name string without a lone surrogate";

/// What a server's tool names must be.
const TOOL_NAMES: &str = "a list of tool name strings without lone surrogates";

fn name_error(py: Python<'_>, e: &ToolNameError) -> PyErr {
    raise(py, Class::ToolName, e)
}

/// A format by name.
fn format(py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<Format> {
    name.cast::<PyString>()
        .ok()
        .and_then(|s| Format::from_name(&text(s)))
        .ok_or_else(|| raise_argument(py, &ArgumentError::WrongType(FORMAT)))
}

/// `profile` (a built-in name, or a dict `{"max_length", "allowed",
/// "first_char"}`) and `overflow` (`"error"` or `"hash"`).
fn read_profile(
    profile: Option<&Bound<'_, PyAny>>,
    overflow: Option<&Bound<'_, PyAny>>,
) -> Result<(Profile, Overflow), OptionsError> {
    let overflow = match overflow.filter(|o| !o.is_none()) {
        None => Overflow::Error,
        Some(o) => match options::string(o, &|| options::path("overflow"))?.as_str() {
            "error" => Overflow::Error,
            "hash" => Overflow::Hash,
            _ => return Err(OptionsError::invalid(options::path("overflow"), "expected \"error\" or \"hash\"")),
        },
    };
    let Some(profile) = profile.filter(|p| !p.is_none()) else { return Ok((Profile::default(), overflow)) };
    if let Ok(name) = profile.cast::<PyString>() {
        let p = BuiltinProfile::from_name(&text(name)).map(Profile::from).ok_or_else(|| {
            OptionsError::invalid(
                options::path("profile"),
                "unknown profile; expected anthropic, openai, gemini, bedrock, mcp, portable or a custom {max_length, allowed, first_char}",
            )
        })?;
        return Ok((p, overflow));
    }
    let Ok(custom) = profile.cast::<PyDict>() else {
        return Err(OptionsError::wrong_type(options::path("profile"), "a profile name or a dict"));
    };
    for key in custom.keys() {
        let known =
            key.cast::<PyString>().ok().is_some_and(|k| ["max_length", "allowed", "first_char"].contains(&&*text(k)));
        if !known {
            let text = key.str().map(|s| s.to_string()).unwrap_or_default();
            return Err(OptionsError::unknown_option(&text));
        }
    }
    let item = |k: &str| custom.get_item(k).ok().flatten().filter(|v| !v.is_none());
    let max = item("max_length")
        .ok_or_else(|| OptionsError::wrong_type(OptionPath::new("max_length"), "a whole number"))
        .and_then(|v| options::whole(&v, &|| OptionPath::new("max_length")))?;
    let allowed = item("allowed")
        .ok_or_else(|| OptionsError::wrong_type(options::path("allowed"), "a character class string"))
        .and_then(|v| options::string(&v, &|| options::path("allowed")))?;
    let first = item("first_char").map(|v| options::string(&v, &|| options::path("first_char"))).transpose()?;
    Profile::custom(max.min(MAX_CUSTOM_LENGTH + 1), &allowed, first.as_deref()).map(|p| (p, overflow))
}

/// The LLM-facing alias of a canonical name (`server/tool` → `server__tool`).
#[allow(clippy::needless_pass_by_value, reason = "PyO3 extracts a `Text` argument by value")]
#[pyfunction]
#[pyo3(signature = (canonical, *, profile=None, overflow=None))]
fn to_llm_facing_name(
    py: Python<'_>,
    canonical: Text<'_>,
    profile: Option<&Bound<'_, PyAny>>,
    overflow: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let (profile, overflow) = read_profile(profile, overflow).map_err(|e| raise_options(py, &e))?;
    tool_name::to_llm_facing_name(canonical.exact(py, NAME)?, &profile, overflow).map_err(|e| name_error(py, &e))
}

/// The canonical form of an alias without a registry (a heuristic: split
/// at the first `__`); `None` when the separator is at an end.
#[allow(clippy::needless_pass_by_value, reason = "PyO3 extracts a `Text` argument by value")]
#[pyfunction]
fn try_reverse_to_canonical(name: Text<'_>) -> Option<String> {
    tool_name::try_reverse_to_canonical(&name)
}

/// The tool definitions a `format` request carries for MCP tools (dicts
/// or models with `name`, optional `description` and `inputSchema`).
#[pyfunction]
fn tool_definitions<'py>(tools: &Bound<'py, PyAny>, format: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let py = tools.py();
    let format = self::format(py, format)?;
    let expected = "a list of tools ({name, description?, inputSchema?})";
    let wrong = || raise_argument(py, &ArgumentError::WrongType(expected));
    if !(tools.is_instance_of::<PyList>() || tools.is_instance_of::<PyTuple>()) {
        return Err(wrong());
    }
    let mut out = Vec::new();
    for tool in tools.try_iter()? {
        let tool = from_py(&tool?, Strictness::Strict(expected))?;
        let name = tool.get("name").and_then(Value::as_str).ok_or_else(wrong)?;
        let description = tool.get("description").and_then(Value::as_str);
        let schema = tool.get("inputSchema").filter(|s| !s.is_null());
        let definition =
            tool_name::tool_definition(format, name, description, schema).map_err(|e| name_error(py, &e))?;
        out.push(to_py(py, &definition)?);
    }
    Ok(out)
}

/// The two-way mapping of a host's tool names.
#[pyclass(module = "mcp_boundary", subclass, name = "ToolRegistry")]
pub(crate) struct ToolRegistry {
    inner: Core,
    skip_collisions: bool,
}

#[allow(clippy::needless_pass_by_value, reason = "PyO3 extracts a `Text` argument by value")]
#[pymethods]
impl ToolRegistry {
    #[new]
    #[pyo3(signature = (*, profile=None, overflow=None, on_collision=None))]
    fn new(
        py: Python<'_>,
        profile: Option<&Bound<'_, PyAny>>,
        overflow: Option<&Bound<'_, PyAny>>,
        on_collision: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let read = || -> Result<Self, OptionsError> {
            let (profile, overflow) = read_profile(profile, overflow)?;
            let skip_collisions = match on_collision.filter(|o| !o.is_none()) {
                None => false,
                Some(o) => match options::string(o, &|| options::path("on_collision"))?.as_str() {
                    "throw" => false,
                    "skip" => true,
                    _ => {
                        return Err(OptionsError::invalid(
                            options::path("on_collision"),
                            "expected \"throw\" or \"skip\"",
                        ))
                    }
                },
            };
            Ok(Self { inner: Core::new(profile, overflow), skip_collisions })
        };
        read().map_err(|e| raise_options(py, &e))
    }

    /// Registers a canonical name; returns its alias.
    fn register(&mut self, py: Python<'_>, canonical: Text<'_>) -> PyResult<String> {
        self.inner.register(canonical.exact(py, NAME)?).map(str::to_owned).map_err(|e| name_error(py, &e))
    }

    /// Registers a server's tools (`server/tool`): their aliases, or with
    /// `on_collision="skip"` the report `{"aliases", "refused"}`.
    fn register_server<'py>(
        &mut self,
        py: Python<'py>,
        server: Text<'_>,
        tool_names: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let wrong = || raise_argument(py, &ArgumentError::WrongType(TOOL_NAMES));
        if !(tool_names.is_instance_of::<PyList>() || tool_names.is_instance_of::<PyTuple>()) {
            return Err(wrong());
        }
        let mut tools = Vec::with_capacity(tool_names.len().unwrap_or(0));
        for name in tool_names.try_iter()? {
            tools.push(exact(name?.cast::<PyString>().map_err(|_| wrong())?, TOOL_NAMES)?.to_owned());
        }
        let server = server.exact(py, NAME)?;
        if self.skip_collisions {
            let report = self.inner.register_server_skipping(server, &tools).map_err(|e| name_error(py, &e))?;
            serialize(py, &report)
        } else {
            let aliases = self.inner.register_server(server, &tools).map_err(|e| name_error(py, &e))?;
            serialize(py, &aliases)
        }
    }

    /// Removes a name (either form); whether it was registered.
    fn unregister(&mut self, name: Text<'_>) -> bool {
        self.inner.unregister(&name).is_some()
    }

    /// Removes a server's tools; how many.
    fn unregister_server(&mut self, server: Text<'_>) -> usize {
        self.inner.unregister_server(&server)
    }

    /// `[{"canonical", "alias", "hashed"}]` in registration order.
    fn entries<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialize(py, &self.inner.entries().collect::<Vec<_>>())
    }

    /// Either form in, the canonical name out; `None` for an unknown name.
    fn to_canonical(&self, name: Text<'_>) -> Option<String> {
        self.inner.to_canonical(&name).map(str::to_owned)
    }

    /// Either form in, the alias out; `None` for an unknown name.
    fn to_llm_facing(&self, name: Text<'_>) -> Option<String> {
        self.inner.to_llm_facing(&name).map(str::to_owned)
    }

    /// A config value keyed by either form of `name`, or its server.
    fn lookup_override<'py>(&self, mapping: &Bound<'py, PyAny>, name: Text<'_>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = mapping.py();
        let d = mapping
            .cast::<PyDict>()
            .map_err(|_| raise_argument(py, &ArgumentError::WrongType("a config map (a dict)")))?;
        // The core's order of keys (`override_keys`), looked up in the dict.
        for key in self.inner.override_keys(&name) {
            if let Some(v) = d.get_item(&key)? {
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// The canonical tool a stream paired with this call id; `None` when
    /// unknown or ambiguous. An id with a lone surrogate is none: no
    /// stream's is held (as in JS), and read lossily it would be another
    /// id (U+FFFD's).
    fn tool_for_call_id(&self, id: Text<'_>) -> Option<String> {
        self.inner.tool_for_call_id(id.held()?).map(str::to_owned)
    }

    /// The JSON-RPC `-32602` response for a call of a tool the registry
    /// does not hold, with its aliases nearest to `name` (never `name`
    /// itself).
    fn unknown_tool_response<'py>(&self, id: &Bound<'py, PyAny>, name: Text<'_>) -> PyResult<Bound<'py, PyAny>> {
        let value = from_py(id, Strictness::Lenient).unwrap_or(Value::Null);
        with_id(serialize(id.py(), &self.inner.unknown_tool_response(&value, &name))?, id)
    }

    /// The payload (a dict or list) with canonical names made aliases.
    fn to_provider<'py>(&self, payload: &Bound<'py, PyAny>, format: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = payload.py();
        let format = self::format(py, format)?;
        let value = from_py(payload, Strictness::Strict("a JSON payload (dicts, lists, strings, numbers)"))?;
        to_py(py, &self.inner.to_provider(&value, format))
    }

    /// The payload (a dict or list) with aliases made canonical names.
    #[allow(clippy::wrong_self_convention, reason = "the API's name (fromProvider in JS, from_provider in Rust)")]
    fn from_provider<'py>(
        &self,
        payload: &Bound<'py, PyAny>,
        format: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = payload.py();
        let format = self::format(py, format)?;
        let value = from_py(payload, Strictness::Strict("a JSON payload (dicts, lists, strings, numbers)"))?;
        to_py(py, &self.inner.from_provider(&value, format))
    }
}

/// Raw `text/event-stream` bytes rewritten as they pass: `feed(chunk)`
/// returns the bytes ready so far, `finish()` the rest.
#[pyclass(module = "mcp_boundary", name = "SseRewriter")]
pub(crate) struct SseRewriter {
    registry: Py<ToolRegistry>,
    inner: CoreSse,
}

#[pymethods]
impl SseRewriter {
    #[new]
    fn new(py: Python<'_>, registry: Py<ToolRegistry>, format: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self { registry, inner: CoreSse::new(self::format(py, format)?) })
    }

    /// The rewritten bytes of the events this chunk completes.
    fn feed<'py>(&mut self, py: Python<'py>, chunk: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes: Vec<u8> = if let Ok(b) = chunk.cast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else if chunk.is_instance_of::<pyo3::types::PyByteArray>()
            || chunk.is_instance_of::<pyo3::types::PyMemoryView>()
        {
            chunk
                .call_method0("__bytes__")
                .or_else(|_| py.get_type::<PyBytes>().call1((chunk,)))?
                .cast_into::<PyBytes>()?
                .as_bytes()
                .to_vec()
        } else {
            return Err(raise_argument(py, &ArgumentError::WrongType("bytes (bytes, bytearray or memoryview)")));
        };
        let mut out = Vec::with_capacity(bytes.len() + 64);
        let mut registry = self.registry.bind(py).try_borrow_mut()?;
        self.inner.feed(&mut registry.inner, &bytes, &mut out);
        Ok(PyBytes::new(py, &out))
    }

    /// The bytes still held (an event the stream did not end).
    fn finish<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut out = Vec::new();
        self.inner.finish(&mut out);
        PyBytes::new(py, &out)
    }
}

/// Parsed stream events (dicts, as provider SDKs yield them once dumped)
/// rewritten one by one, calls paired per stream.
#[pyclass(module = "mcp_boundary", subclass, name = "EventRewriter")]
pub(crate) struct EventRewriter {
    registry: Py<ToolRegistry>,
    format: Format,
    stream: StreamCalls,
}

#[pymethods]
impl EventRewriter {
    #[new]
    fn new(py: Python<'_>, registry: Py<ToolRegistry>, format: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self { registry, format: self::format(py, format)?, stream: StreamCalls::new() })
    }

    /// The event with aliases made canonical names.
    fn rewrite<'py>(&mut self, event: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = event.py();
        let value = from_py(event, Strictness::Strict("a stream event (a dict)"))?;
        let mut registry = self.registry.bind(py).try_borrow_mut()?;
        let out = registry.inner.from_provider_event(&mut self.stream, &value, self.format);
        to_py(py, &out)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ToolRegistry>()?;
    m.add_class::<SseRewriter>()?;
    m.add_class::<EventRewriter>()?;
    m.add_function(wrap_pyfunction!(to_llm_facing_name, m)?)?;
    m.add_function(wrap_pyfunction!(try_reverse_to_canonical, m)?)?;
    m.add_function(wrap_pyfunction!(tool_definitions, m)?)?;
    m.add("FORMATS", Format::ALL.map(Format::name).to_vec())?;
    Ok(())
}
