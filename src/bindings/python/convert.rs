//! Python values ⇄ the core's values, the one converter of the binding:
//! results cross as the core's `Serialize` values, made into dicts, lists,
//! strings, numbers, booleans and `None` (the JSON JS returns) by
//! [`super::to_python`]; inputs that the core reads as JSON (payloads,
//! records, issues, ids) are read here as `serde_json::Value`.

use std::borrow::Cow;
use std::ops::Deref;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde::Serialize;
use serde_json::{Map, Number, Value};

use super::errors::{raise_argument, ArgumentError};

/// The deepest nesting read from Python: a cycle, or a structure deeper
/// than any payload, is refused rather than overflowing the stack. A
/// model may nest a tool's input a few hundred levels deep, which JS and
/// Rust rewrite around (128, `serde_json`'s parser's limit, refused a
/// 200-level input only here); 512 levels of reading and writing back
/// measured within a 256 KiB thread stack (a Python thread's default on
/// Linux is 8 MiB).
pub(crate) const MAX_DEPTH: usize = 512;

/// A core value (`serde_json::Value`: a payload, a definition) as a
/// Python object, through [`serialize`].
pub(crate) fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    serialize(py, value)
}

/// A core result (`Serialize`) as Python dicts and lists: the JSON JS gets,
/// keys in the order the core writes them (`{"ok", "error"}`), made
/// directly by the binding's serializer ([`super::to_python`]), no JSON
/// text between.
pub(crate) fn serialize<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    super::to_python::to_python(py, value)
}

/// A Python `str` as the core's text, the one way the binding reads one:
/// lossily. A `str` may hold a lone surrogate (only in-process: `"a\ud800"`,
/// or what `json.loads` makes of `"\\ud800"`), which UTF-8 has no form for;
/// reading it strictly raises Python's `UnicodeEncodeError`, whose
/// `object` (and often its message) is the whole string. Read lossily it
/// becomes U+FFFD, which no built-in profile allows: such a name is
/// unknown to a lookup, such a message classifies as nothing, and nothing
/// quotes the input. One U+FFFD per lone surrogate, as JS's UTF-16 text
/// decodes lossily (`String::from_utf16_lossy`; `PyString::to_string_lossy`
/// would make one per UTF-8 byte, three). Where the core would keep the
/// text (a name to register), [`exact`] refuses it instead.
pub(crate) fn text<'a>(s: &'a Bound<'_, PyString>) -> Cow<'a, str> {
    match s.to_str() {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(
            utf16_units(s).map_or_else(|_| s.to_string_lossy().into_owned(), |u| String::from_utf16_lossy(&u)),
        ),
    }
}

/// A `str`'s UTF-16 code units, lone surrogates included (as JS holds the
/// same text).
pub(crate) fn utf16_units(s: &Bound<'_, PyString>) -> PyResult<Vec<u16>> {
    let encoded = s.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let bytes = encoded.cast::<pyo3::types::PyBytes>()?.as_bytes();
    Ok(bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect())
}

/// A `str` where the core would keep the text: a name to register or map
/// to an alias. Read lossily, a name with a lone surrogate would be another
/// name (with `overflow="hash"`, or a custom profile allowing U+FFFD, one
/// that maps), so it is refused instead, with an `ArgumentError` naming
/// `expected` and never the value (JS's binding refuses it too).
pub(crate) fn exact<'a>(s: &'a Bound<'_, PyString>, expected: &'static str) -> PyResult<&'a str> {
    s.to_str().map_err(|_| raise_argument(s.py(), &ArgumentError::WrongType(expected)))
}

/// A `str` argument read by [`text`] (`PyO3`'s own `&str` raises the
/// `UnicodeEncodeError` that quotes it). Another type is `PyO3`'s own
/// `TypeError`, naming the argument, as for `&str`.
pub(crate) struct Text<'a>(Cow<'a, str>);

impl<'a> FromPyObject<'a, '_> for Text<'a> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, '_, PyAny>) -> PyResult<Self> {
        // Not a `str`: the package's `ArgumentError` (`INVALID_ARGUMENT`,
        // `wrong_type`), which PyO3 raises as it is, noting the argument's
        // name, where its own `TypeError` carries no code.
        let s = obj.cast::<PyString>().map_err(|_| raise_argument(obj.py(), &ArgumentError::WrongType("a string")))?;
        // Borrowed when it is valid UTF-8 (as `&str` reads it), else [`text`].
        Ok(Self(<&'a str>::extract(obj).map_or_else(|_| Cow::Owned(text(&s).into_owned()), Cow::Borrowed)))
    }
}

impl Text<'_> {
    /// The text when it was read exactly (no lone surrogate); `None` for
    /// one read lossily, which is another text.
    pub(crate) fn held(&self) -> Option<&str> {
        match &self.0 {
            Cow::Borrowed(s) => Some(s),
            Cow::Owned(_) => None,
        }
    }

    /// The text where the core would keep it (a name to register or map),
    /// exactly: one with a lone surrogate is refused with an `ArgumentError`
    /// naming `expected`, never the value ([`exact`]).
    pub(crate) fn exact(&self, py: Python<'_>, expected: &'static str) -> PyResult<&str> {
        self.held().ok_or_else(|| raise_argument(py, &ArgumentError::WrongType(expected)))
    }
}

impl Deref for Text<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

/// How values that JSON has no form for are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Strictness {
    /// Refused with an `ArgumentError` naming `expected`.
    Strict(&'static str),
    /// Read as `null` (issues and ids, whose extra parts are never shown).
    Lenient,
}

/// A Python value as JSON: dicts with string keys, lists and tuples,
/// strings, ints, floats, booleans, `None`; a `datetime` as its ISO-8601
/// UTC text (an aware one: a naive one names no instant); an object with
/// `model_dump` (a pydantic model) as its JSON dump.
///
/// # Errors
/// `ArgumentError` (a `TypeError`) for another type, a naive datetime, a
/// key that is not a string, nesting deeper than [`MAX_DEPTH`] (in
/// [`Strictness::Lenient`] mode, those values read as `null`, except depth).
pub(crate) fn from_py(obj: &Bound<'_, PyAny>, mode: Strictness) -> PyResult<Value> {
    read(obj, mode, 0)
}

fn refuse(py: Python<'_>, mode: Strictness) -> PyResult<Value> {
    match mode {
        Strictness::Strict(expected) => Err(raise_argument(py, &ArgumentError::WrongType(expected))),
        Strictness::Lenient => Ok(Value::Null),
    }
}

fn read(obj: &Bound<'_, PyAny>, mode: Strictness, depth: usize) -> PyResult<Value> {
    let py = obj.py();
    if depth > MAX_DEPTH {
        return Err(raise_argument(py, &ArgumentError::TooDeep(MAX_DEPTH)));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(text(s).into_owned()));
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::from(u));
        }
        // Beyond 64 bits: as JSON.parse reads it, a float.
        let f: f64 = obj.extract()?;
        return Ok(Number::from_f64(f).map_or(Value::Null, Value::Number));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        // NaN and infinities have no JSON form: null, as JSON.stringify writes them.
        return Ok(Number::from_f64(f.value()).map_or(Value::Null, Value::Number));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = Map::new();
        for (k, v) in d.iter() {
            let Ok(k) = k.cast::<PyString>() else {
                if mode == Strictness::Lenient {
                    continue;
                }
                return refuse(py, mode);
            };
            map.insert(text(k).into_owned(), read(&v, mode, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let mut items = Vec::with_capacity(obj.len().unwrap_or(0));
        for item in obj.try_iter()? {
            items.push(read(&item?, mode, depth + 1)?);
        }
        return Ok(Value::Array(items));
    }
    if let Some(text) = datetime_text(obj)? {
        return Ok(Value::String(text));
    }
    if obj.hasattr("model_dump")? && !obj.is_instance_of::<pyo3::types::PyType>() {
        let kwargs = PyDict::new(obj.py());
        kwargs.set_item("mode", "json")?;
        kwargs.set_item("by_alias", true)?;
        kwargs.set_item("exclude_unset", true)?;
        let dumped = obj.call_method("model_dump", (), Some(&kwargs))?;
        if dumped.is_instance_of::<PyDict>() {
            return read(&dumped, mode, depth + 1);
        }
    }
    refuse(py, mode)
}

/// An aware `datetime` as ISO-8601 UTC text with milliseconds
/// (`2026-11-22T08:15:00.000Z`, as JS's `Date#toISOString` writes it);
/// `None` for anything else.
///
/// # Errors
/// `ArgumentError` for a naive datetime.
pub(crate) fn datetime_text(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let py = obj.py();
    let datetime = py.import("datetime")?;
    if !obj.is_instance(&datetime.getattr("datetime")?)? {
        return Ok(None);
    }
    if obj.call_method0("utcoffset")?.is_none() {
        return Err(raise_argument(py, &ArgumentError::WrongType("an aware datetime (with tzinfo), not a naive one")));
    }
    // An instant before year 1 or after 9999 in UTC (`datetime(1, 1, 1,
    // tzinfo=+01:00)`) has no datetime, and no timestamp text the core
    // takes: a value of the wrong type, never Python's `OverflowError`.
    let Ok(utc) = obj.call_method1("astimezone", (datetime.getattr("timezone")?.getattr("utc")?,)) else {
        return Ok(None);
    };
    let part = |name: &str| -> PyResult<u32> { utc.getattr(name)?.extract() };
    Ok(Some(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        part("year")?,
        part("month")?,
        part("day")?,
        part("hour")?,
        part("minute")?,
        part("second")?,
        part("microsecond")? / 1000
    )))
}

/// The JSON type name of a value that is not a string (as the shared
/// vectors name what a JS caller passed): `null`, `boolean`, `number`,
/// `array`, `object`.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> &'static str {
    if obj.is_none() {
        "null"
    } else if obj.is_instance_of::<PyBool>() {
        "boolean"
    } else if obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyFloat>() {
        "number"
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        "array"
    } else if obj.is_instance_of::<PyString>() {
        "string"
    } else {
        "object"
    }
}

/// Reading keyword options, each error naming the option in Python's
/// words (Rust's: `known_agents[1]`).
pub(crate) mod options {
    use pyo3::prelude::*;
    use pyo3::types::{PyBool, PyBoolMethods, PyInt, PyList, PyString, PyTuple};

    use crate::error::{OptionPath, OptionsError};

    /// The path of a keyword option.
    pub(crate) fn path(name: &'static str) -> OptionPath {
        OptionPath::new(name)
    }

    /// A list (or tuple) of strings.
    pub(crate) fn strings(obj: &Bound<'_, PyAny>, at: &dyn Fn() -> OptionPath) -> Result<Vec<String>, OptionsError> {
        if !(obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>()) {
            return Err(OptionsError::wrong_type(at(), "a list of strings"));
        }
        let mut out = Vec::with_capacity(obj.len().unwrap_or(0));
        for (i, item) in obj.try_iter().map_err(|_| OptionsError::wrong_type(at(), "a list of strings"))?.enumerate() {
            let item = item.map_err(|_| OptionsError::wrong_type(at().entry(i), "a string"))?;
            match item.cast::<PyString>() {
                Ok(s) => out.push(super::text(s).into_owned()),
                Err(_) => return Err(OptionsError::wrong_type(at().entry(i), "a string")),
            }
        }
        Ok(out)
    }

    /// A string.
    pub(crate) fn string(obj: &Bound<'_, PyAny>, at: &dyn Fn() -> OptionPath) -> Result<String, OptionsError> {
        obj.cast::<PyString>()
            .map(|s| super::text(s).into_owned())
            .map_err(|_| OptionsError::wrong_type(at(), "a string"))
    }

    /// A boolean (`True` or `False`, not a truthy value).
    pub(crate) fn boolean(obj: &Bound<'_, PyAny>, at: &dyn Fn() -> OptionPath) -> Result<bool, OptionsError> {
        obj.cast::<PyBool>().map(PyBoolMethods::is_true).map_err(|_| OptionsError::wrong_type(at(), "a boolean"))
    }

    /// A whole number for the core to check against its range: below 1
    /// reads as 0 and past `usize` as `usize::MAX`, which the core refuses
    /// with its own range.
    pub(crate) fn whole(obj: &Bound<'_, PyAny>, at: &dyn Fn() -> OptionPath) -> Result<usize, OptionsError> {
        if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
            return Err(OptionsError::wrong_type(at(), "a whole number"));
        }
        Ok(match obj.extract::<i64>() {
            Ok(n) if n < 1 => 0,
            Ok(n) => usize::try_from(n).unwrap_or(usize::MAX),
            Err(_) => {
                if obj.lt(0).unwrap_or(false) {
                    0
                } else {
                    usize::MAX
                }
            }
        })
    }
}

/// A response whose `id` is the request's own `str` where the core could
/// not hold it (a lone surrogate, which `json.loads` makes of `"\ud800"`):
/// a string id is echoed as it came, as JS's binding does, or the client
/// could not match the response to its request.
pub(super) fn with_id<'py>(response: Bound<'py, PyAny>, id: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if id.is_instance_of::<PyString>() {
        response.set_item("id", id)?;
    }
    Ok(response)
}
