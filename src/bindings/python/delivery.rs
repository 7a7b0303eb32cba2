//! Broadcast delivery over dict records: `plan_delivery`, `read_state`,
//! `mark_read`, `unread_count`, `list_unread`. A record is read as the
//! JSON the host stores (`to`, `from`, `readAt`, `receipts` of
//! `recipient` and `readAt`; the core's `RECORD_KEYS`), a `datetime`
//! where a timestamp belongs as its ISO-8601 UTC text.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString, PyTuple};
use serde_json::{Map, Value};

use super::convert::{datetime_text, exact, serialize, Text};
use super::errors::{raise, raise_argument, ArgumentError, Class};
use crate::bindings::results::{Marked, NotMarked, Planned};
use crate::delivery::{self, records_from_json, AgentEntry, MarkError, MarkRead, MessageRecord, RECORD_KEYS};
use crate::recipient::{RecipientValidator, Validation};

/// What `now` must be.
const NOW: &str = "now as an ISO-8601 UTC timestamp string or an aware datetime";
/// What an identity or a record's string must be: one with a lone
/// surrogate (only Python code makes one) is refused, never read as
/// another identity (lossily, two such would read alike) and never quoted.
const TEXT: &str = "strings without lone surrogates in identities and records";

/// One field of a record as the core reads it: a string, `None`, a
/// datetime as its text; anything else as a value of the wrong type
/// (which the core names).
fn field(v: &Bound<'_, PyAny>) -> PyResult<Value> {
    if v.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Value::String(exact(s, TEXT)?.to_owned()));
    }
    Ok(datetime_text(v)?.map_or(Value::Bool(false), Value::String))
}

/// A record, receipt or agent as a dict of the `keys` the core reads: a
/// dict as it is, another `collections.abc.Mapping` (a `MappingProxyType`,
/// an ORM's row mapping) read through those keys; `None` for anything
/// else, and for a mapping whose reading raises (as JS reads a record
/// whose getter throws: not a record).
fn mapping<'py>(obj: &Bound<'py, PyAny>, keys: &[&str], more: &[&str]) -> Option<Bound<'py, PyDict>> {
    if let Ok(d) = obj.cast::<PyDict>() {
        return Some(d.clone());
    }
    let m = obj.cast::<PyMapping>().ok()?;
    let d = PyDict::new(obj.py());
    for key in keys.iter().chain(more) {
        if m.contains(*key).ok()? {
            d.set_item(*key, m.get_item(*key).ok()?).ok()?;
        }
    }
    Some(d)
}

/// The string fields `keys` of a dict, as JSON (absent keys stay absent).
fn fields(d: &Bound<'_, PyDict>, keys: &[&str], out: &mut Map<String, Value>) -> PyResult<()> {
    for key in keys {
        if let Some(v) = d.get_item(key)? {
            out.insert((*key).to_owned(), field(&v)?);
        }
    }
    Ok(())
}

/// A record as the JSON the core reads: only the keys it reads, so other
/// content (bodies, attachments) is never converted.
fn record(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    let Some(d) = mapping(obj, &RECORD_KEYS.message, &[RECORD_KEYS.receipts]) else { return Ok(Value::Null) };
    let mut out = Map::new();
    fields(&d, &RECORD_KEYS.message, &mut out)?;
    if let Some(receipts) = d.get_item(RECORD_KEYS.receipts)? {
        let value = if receipts.is_none() {
            Value::Null
        } else if receipts.is_instance_of::<PyList>() || receipts.is_instance_of::<PyTuple>() {
            let mut list = Vec::new();
            for r in receipts.try_iter()? {
                let r = r?;
                list.push(match mapping(&r, &RECORD_KEYS.receipt, &[]) {
                    Some(rd) => {
                        let mut m = Map::new();
                        fields(&rd, &RECORD_KEYS.receipt, &mut m)?;
                        Value::Object(m)
                    }
                    None => Value::Null,
                });
            }
            Value::Array(list)
        } else {
            Value::Bool(false)
        };
        out.insert(RECORD_KEYS.receipts.to_owned(), value);
    }
    Ok(Value::Object(out))
}

fn malformed(py: Python<'_>, e: &delivery::MalformedRecord) -> PyErr {
    raise(py, Class::Malformed, e)
}

/// A list of records, and the Python objects they came from.
fn records<'py>(messages: &Bound<'py, PyAny>) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<Value>)> {
    let py = messages.py();
    let wrong = || raise_argument(py, &ArgumentError::WrongType("a list of message records"));
    if messages.is_instance_of::<PyString>() || messages.is_instance_of::<PyDict>() {
        return Err(wrong());
    }
    let objects: Vec<Bound<'py, PyAny>> = messages.try_iter().map_err(|_| wrong())?.collect::<PyResult<_>>()?;
    let values = objects.iter().map(record).collect::<PyResult<_>>()?;
    Ok((objects, values))
}

/// The keys of an agent given as a mapping.
const AGENT_KEYS: [&str; 2] = ["id", "accountType"];

/// Plans a message's delivery: `{"ok": True, "kind", "recipients"}` or the
/// recipient rejection `{"ok": False, "error"}`. `validator` (a
/// `RecipientValidator`; the default one without it) checks `to` and
/// decides who of `agents` a broadcast's audience can hold.
#[pyfunction]
#[pyo3(signature = (to, *, sender=None, agents=None, validator=None))]
fn plan_delivery<'py>(
    to: &Bound<'py, PyAny>,
    sender: Option<&Bound<'py, PyAny>>,
    agents: Option<&Bound<'py, PyAny>>,
    validator: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = to.py();
    let validator = match validator.filter(|v| !v.is_none()) {
        None => &RecipientValidator::DEFAULT,
        Some(v) => v
            .cast::<super::recipients::RecipientValidator>()
            .map_err(|_| raise_argument(py, &ArgumentError::WrongType("validator as a RecipientValidator")))?
            .get()
            .core(),
    };
    let Ok(to) = to.cast::<PyString>() else {
        let error = validator.reject_non_string(super::convert::type_name(to));
        return serialize(py, &Validation::Rejected(&error));
    };
    let sender = match sender.filter(|s| !s.is_none()) {
        None => None,
        Some(s) => Some(
            s.cast::<PyString>()
                .map_err(|_| raise_argument(py, &ArgumentError::WrongType("sender as a string")))
                .and_then(|s| exact(s, TEXT).map(str::to_owned))?,
        ),
    };
    let mut entries: Vec<(String, Option<String>)> = Vec::new();
    if let Some(agents) = agents.filter(|a| !a.is_none()) {
        let wrong = || raise_argument(py, &ArgumentError::WrongType("agents as a list"));
        if agents.is_instance_of::<PyString>() || agents.is_instance_of::<PyDict>() {
            return Err(wrong());
        }
        for a in agents.try_iter().map_err(|_| wrong())? {
            let a = a?;
            if let Ok(s) = a.cast::<PyString>() {
                entries.push((exact(s, TEXT)?.to_owned(), None));
            } else if let Some(d) = mapping(&a, &AGENT_KEYS, &[]) {
                let text = |k: &str| -> PyResult<Option<String>> {
                    Ok(match d.get_item(k)? {
                        Some(v) => v.cast::<PyString>().ok().map(|s| exact(s, TEXT).map(str::to_owned)).transpose()?,
                        None => None,
                    })
                };
                if let Some(id) = text("id")? {
                    entries.push((id, text("accountType")?));
                }
            }
        }
    }
    let agents: Vec<AgentEntry<'_>> =
        entries.iter().map(|(id, t)| AgentEntry { id, account_type: t.as_deref() }).collect();
    let Ok(to) = to.to_str() else {
        // A recipient with a lone surrogate: rejected as validate_recipient rejects it.
        let error = super::recipients::rejected_units(validator, to)?;
        return serialize(py, &Validation::Rejected(&error));
    };
    match delivery::plan_delivery(to, sender.as_deref(), &agents, validator) {
        Ok(plan) => serialize(py, &Planned { ok: true, plan: &plan }),
        Err(e) => serialize(py, &Validation::Rejected(&e)),
    }
}

/// `"unread"`, `"read"` or `"not_a_recipient"`.
#[pyfunction]
#[allow(clippy::needless_pass_by_value, reason = "PyO3 extracts a `Text` argument by value")]
fn read_state(message: &Bound<'_, PyAny>, reader: Text<'_>) -> PyResult<&'static str> {
    let py = message.py();
    let reader = reader.exact(py, TEXT)?;
    let value = record(message)?;
    let record =
        MessageRecord::from_json(&value).ok_or_else(|| malformed(py, &delivery::MalformedRecord::not_a_record()))?;
    delivery::read_state(&record, reader).map(delivery::ReadState::as_str).map_err(|e| malformed(py, &e))
}

/// The update to store: `{"ok": True, "alreadyRead", "target", "readAt"}`,
/// or `{"ok": False, "error": {"code": "NOT_A_RECIPIENT", "message"}}`.
#[pyfunction]
#[allow(clippy::needless_pass_by_value, reason = "PyO3 extracts a `Text` argument by value")]
fn mark_read<'py>(
    message: &Bound<'py, PyAny>,
    reader: Text<'_>,
    now: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = message.py();
    let reader = reader.exact(py, TEXT)?;
    let Value::String(now) = field(now)? else { return Err(raise_argument(py, &ArgumentError::WrongType(NOW))) };
    let value = record(message)?;
    let record =
        MessageRecord::from_json(&value).ok_or_else(|| malformed(py, &delivery::MalformedRecord::not_a_record()))?;
    match delivery::mark_read(&record, reader, now.as_str()) {
        Ok(mark) => {
            let mark = MarkRead { already_read: mark.already_read, target: mark.target, read_at: mark.read_at };
            serialize(py, &Marked { ok: true, mark: &mark })
        }
        Err(MarkError::NotARecipient(n)) => serialize(py, &NotMarked::from(n)),
        Err(MarkError::BadTimestamp) => Err(raise_argument(py, &ArgumentError::WrongType(NOW))),
        Err(MarkError::Malformed(e)) => Err(malformed(py, &e)),
    }
}

/// How many of `messages` `reader` has not read.
#[pyfunction]
#[allow(clippy::needless_pass_by_value, reason = "PyO3 extracts a `Text` argument by value")]
fn unread_count(messages: &Bound<'_, PyAny>, reader: Text<'_>) -> PyResult<usize> {
    let py = messages.py();
    let reader = reader.exact(py, TEXT)?;
    let (_, values) = records(messages)?;
    let records = records_from_json(&values).map_err(|e| malformed(py, &e))?;
    delivery::unread_count(&records, reader).map_err(|e| malformed(py, &e))
}

/// The messages `reader` has not read (the same objects, in order).
#[pyfunction]
#[allow(clippy::needless_pass_by_value, reason = "PyO3 extracts a `Text` argument by value")]
fn list_unread<'py>(messages: &Bound<'py, PyAny>, reader: Text<'_>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let py = messages.py();
    let reader = reader.exact(py, TEXT)?;
    let (objects, values) = records(messages)?;
    let records = records_from_json(&values).map_err(|e| malformed(py, &e))?;
    let unread = delivery::list_unread(&records, reader).map_err(|e| malformed(py, &e))?;
    Ok(unread.into_iter().map(|i| objects[i].clone()).collect())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(plan_delivery, m)?)?;
    m.add_function(wrap_pyfunction!(read_state, m)?)?;
    m.add_function(wrap_pyfunction!(mark_read, m)?)?;
    m.add_function(wrap_pyfunction!(unread_count, m)?)?;
    m.add_function(wrap_pyfunction!(list_unread, m)?)?;
    Ok(())
}
