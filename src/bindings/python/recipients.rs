//! Recipients: `validate_recipient`, `RecipientValidator`,
//! `recipient_json_schema`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::convert::{options, serialize, type_name};
use super::errors::raise_options;
use crate::recipient::{RecipientError, RecipientOptions, RecipientValidator as Core, Validation};

/// The rejection of a `str` with no UTF-8 form (a lone surrogate, which
/// only Python code can make): read as its UTF-16 units, as JS holds
/// strings, so it is rejected and rendered as JS's would be
/// (`invalid_characters`, `\u{D800}`), never raised with the text.
pub(crate) fn rejected_units(validator: &Core, s: &Bound<'_, PyString>) -> PyResult<RecipientError> {
    // A valid recipient is ASCII: text with a surrogate never passes.
    Ok(validator.reject_utf16(&super::convert::utf16_units(s)?))
}

/// Validates a recipient (any value; never raises): the dict JS's
/// `validateRecipient` returns.
pub(crate) fn validation<'py>(validator: &Core, to: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = to.py();
    if let Ok(s) = to.cast::<PyString>() {
        match s.to_str() {
            Ok(text) => serialize(py, &Validation::from(&validator.validate(text))),
            Err(_) => serialize(py, &Validation::Rejected(&rejected_units(validator, s)?)),
        }
    } else {
        let error = validator.reject_non_string(type_name(to));
        serialize(py, &Validation::Rejected(&error))
    }
}

/// The core options from the keyword options.
pub(crate) fn read_options(
    known_agents: Option<&Bound<'_, PyAny>>,
    strict: Option<&Bound<'_, PyAny>>,
    suggest: Option<&Bound<'_, PyAny>>,
    identity_pattern: Option<&Bound<'_, PyAny>>,
    max_identifier_length: Option<&Bound<'_, PyAny>>,
) -> Result<Core, crate::error::OptionsError> {
    let mut o = RecipientOptions::default();
    if let Some(v) = known_agents.filter(|v| !v.is_none()) {
        o = o.known_agents(options::strings(v, &|| options::path("known_agents"))?);
    }
    if let Some(v) = strict.filter(|v| !v.is_none()) {
        o = o.strict(options::boolean(v, &|| options::path("strict"))?);
    }
    if let Some(v) = suggest.filter(|v| !v.is_none()) {
        o = o.suggest(options::boolean(v, &|| options::path("suggest"))?);
    }
    if let Some(v) = identity_pattern.filter(|v| !v.is_none()) {
        o = o.identity_pattern(options::string(v, &|| options::path("identity_pattern"))?);
    }
    if let Some(v) = max_identifier_length.filter(|v| !v.is_none()) {
        o = o.max_identifier_length(options::whole(v, &|| options::path("max_identifier_length"))?);
    }
    Core::new(o)
}

/// Checks recipients with options parsed once.
#[pyclass(module = "mcp_boundary", frozen, name = "RecipientValidator")]
pub(crate) struct RecipientValidator {
    inner: Core,
}

impl RecipientValidator {
    /// The core's validator, for the other functions that take one.
    pub(crate) fn core(&self) -> &Core {
        &self.inner
    }
}

#[pymethods]
impl RecipientValidator {
    #[new]
    #[pyo3(signature = (*, known_agents=None, strict=None, suggest=None, identity_pattern=None, max_identifier_length=None))]
    fn new(
        py: Python<'_>,
        known_agents: Option<&Bound<'_, PyAny>>,
        strict: Option<&Bound<'_, PyAny>>,
        suggest: Option<&Bound<'_, PyAny>>,
        identity_pattern: Option<&Bound<'_, PyAny>>,
        max_identifier_length: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        read_options(known_agents, strict, suggest, identity_pattern, max_identifier_length)
            .map(|inner| Self { inner })
            .map_err(|e| raise_options(py, &e))
    }

    /// `{"ok": True, "recipient": …}` or `{"ok": False, "error": …}`.
    fn validate<'py>(&self, to: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        validation(&self.inner, to)
    }

    /// `validate` of each element of an iterable, as a list.
    fn validate_many<'py>(&self, recipients: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        if recipients.is_instance_of::<PyString>() {
            return Err(super::errors::raise_argument(
                recipients.py(),
                &super::errors::ArgumentError::WrongType("an iterable of recipients"),
            ));
        }
        let iter = recipients.try_iter().map_err(|_| {
            super::errors::raise_argument(
                recipients.py(),
                &super::errors::ArgumentError::WrongType("an iterable of recipients"),
            )
        })?;
        iter.map(|to| validation(&self.inner, &to?)).collect()
    }

    /// The MCP tool result for a rejected recipient (`isError`, the
    /// rejection as text and `structuredContent`); `None` when `to` is valid.
    fn rejection_result<'py>(&self, to: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = to.py();
        let error = match to.cast::<PyString>() {
            Ok(s) => match s.to_str().map(|text| self.inner.validate(text)) {
                Ok(Ok(_)) => return Ok(None),
                Ok(Err(e)) => e,
                Err(_) => rejected_units(&self.inner, s)?,
            },
            Err(_) => self.inner.reject_non_string(type_name(to)),
        };
        serialize(py, &error.tool_result()).map(Some)
    }

    /// The JSON Schema of a valid recipient under these options.
    fn json_schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialize(py, &self.inner.json_schema())
    }
}

/// `validate_recipient(to)`: the default validator's answer.
#[pyfunction]
fn validate_recipient<'py>(to: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    validation(&Core::DEFAULT, to)
}

/// `recipient_json_schema(**options)`.
#[pyfunction]
#[pyo3(signature = (*, known_agents=None, strict=None, suggest=None, identity_pattern=None, max_identifier_length=None))]
fn recipient_json_schema<'py>(
    py: Python<'py>,
    known_agents: Option<&Bound<'py, PyAny>>,
    strict: Option<&Bound<'py, PyAny>>,
    suggest: Option<&Bound<'py, PyAny>>,
    identity_pattern: Option<&Bound<'py, PyAny>>,
    max_identifier_length: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let v = read_options(known_agents, strict, suggest, identity_pattern, max_identifier_length)
        .map_err(|e| raise_options(py, &e))?;
    serialize(py, &v.json_schema())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RecipientValidator>()?;
    m.add_function(wrap_pyfunction!(validate_recipient, m)?)?;
    m.add_function(wrap_pyfunction!(recipient_json_schema, m)?)?;
    m.add("VALID_SHAPES", crate::recipient::VALID_SHAPES.to_vec())?;
    m.add("BROADCAST", crate::recipient::BROADCAST)?;
    Ok(())
}
