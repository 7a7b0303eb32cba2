//! Error-data exports (SPEC §4) for `js/api.js`.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{get, js_error, options_object, reserve, shrink};
use crate::error::{OptionPath, OptionsError};
use crate::error_data::{
    Catalog, ErrorClassifier, FieldPhrases, Ids, Issue, ToolFields, INVALID_ARGUMENT, INVALID_ARGUMENTS_MESSAGE,
    INVALID_PARAMS, ISSUE_MESSAGES, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE,
};
use crate::safe_text::SafeText;

/// "None" in the id buffer.
const NONE: u32 = u32::MAX;

/// Fills `out` with the fixed strings of the envelopes:
/// `[invalid_argument, "invalid tool arguments", unknown_tool, "unknown tool", -32602, issue messages]`.
#[wasm_bindgen(js_name = "__error_tables")]
pub fn error_tables(out: &Array) {
    out.push(&JsValue::from_str(INVALID_ARGUMENT));
    out.push(&JsValue::from_str(INVALID_ARGUMENTS_MESSAGE));
    out.push(&JsValue::from_str(UNKNOWN_TOOL));
    out.push(&JsValue::from_str(UNKNOWN_TOOL_MESSAGE));
    #[allow(clippy::cast_precision_loss, reason = "a small constant")]
    out.push(&JsValue::from_f64(INVALID_PARAMS as f64));
    out.push(&ISSUE_MESSAGES.iter().map(|m| JsValue::from_str(m)).collect::<Array>());
}

/// The classifier behind the wrapper's `ErrorClassifier`. Results cross as
/// indexes into its catalog strings (written to the id buffer), so every
/// string the wrapper returns is one of the catalog's.
#[wasm_bindgen]
pub struct Classifier {
    inner: ErrorClassifier,
    units: Vec<u16>,
    ids: Vec<u32>,
}

#[wasm_bindgen]
impl Classifier {
    /// Checks the catalog; on success `out[0]` is the list of catalog
    /// strings (indexed by every result), on failure the `TypeError` to
    /// throw.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(catalog: &JsValue, out: &Array) -> Classifier {
        let inner = match parse_catalog(catalog).and_then(ErrorClassifier::new) {
            Ok(inner) => {
                out.set(0, inner.strings().iter().map(|s| JsValue::from_str(s)).collect::<Array>().into());
                inner
            }
            Err(e) => {
                out.set(0, js_error(&e));
                ErrorClassifier::empty()
            }
        };
        Classifier { inner, units: Vec::new(), ids: vec![NONE; 3] }
    }

    /// Makes room for `len` code units; returns the buffer's byte address.
    #[must_use]
    pub fn units(&mut self, len: usize) -> usize {
        reserve(&mut self.units, len)
    }

    /// The id buffer's byte address (three `u32`).
    #[must_use]
    pub fn ids(&self) -> usize {
        self.ids.as_ptr() as usize
    }

    /// Releases a buffer grown by a very large message.
    pub fn release(&mut self) {
        shrink(&mut self.units);
    }

    /// Classifies tool `units[..tool_len]` and message
    /// `units[tool_len..tool_len + message_len]`: 1 with `[tool, field,
    /// message]` ids in the id buffer, or 0 (nothing classified; the tool
    /// id, if the tool is a catalog tool, is still in slot 0).
    pub fn classify(&mut self, tool_len: usize, message_len: usize) -> u32 {
        let tool = self.text(0, tool_len).unwrap_or_default();
        let result = self.text(tool_len, message_len).and_then(|m| self.inner.classify_ids(&tool, &m));
        let tool_id = self.inner.tool_id(&tool);
        self.put(result.unwrap_or((tool_id, None, NONE)));
        u32::from(result.is_some())
    }

    /// Up to three catalog tools nearest the name in `units[..len]`:
    /// their count, their ids in the id buffer.
    pub fn suggest(&mut self, len: usize) -> u32 {
        let name = self.text(0, len).unwrap_or_default();
        let found: Vec<u32> = self.inner.suggest_tool_ids(&name);
        for (slot, id) in self.ids.iter_mut().zip(found.iter().chain(std::iter::repeat(&NONE))) {
            *slot = *id;
        }
        u32::try_from(found.len()).unwrap_or(0)
    }

    /// Schema issues for the tool in `units[..tool_len]`: sets `out[0]` to a
    /// flat list `[tool, field, fixed message index, …]`, -1 for none.
    pub fn classify_issues(&self, tool_len: usize, issues: &Array, out: &Array) {
        let tool = self.text(0, tool_len).unwrap_or_default();
        let parsed: Vec<ParsedIssue> = issues.iter().map(|i| ParsedIssue::read(&i)).collect();
        let list: Vec<Issue<'_>> = parsed.iter().map(ParsedIssue::as_issue).collect();
        let flat = Array::new();
        for (tool_id, field_id, message) in self.inner.classify_issue_ids(&tool, &list) {
            for n in [tool_id.map_or(-1.0, f64::from), field_id.map_or(-1.0, f64::from), f64::from(message)] {
                flat.push(&JsValue::from_f64(n));
            }
        }
        out.set(0, flat.into());
    }

    /// Strict UTF-16 decoding: a lone surrogate can never equal a catalog
    /// string, so it must not be replaced by one that might.
    fn text(&self, offset: usize, len: usize) -> Option<String> {
        String::from_utf16(self.units.get(offset..offset + len)?).ok()
    }

    fn put(&mut self, (tool, field, message): Ids) {
        self.ids.copy_from_slice(&[tool.unwrap_or(NONE), field.unwrap_or(NONE), message]);
    }
}

/// An issue's fields, read out of a JS object (only the ones that are safe
/// to use: code or keyword, path, and a schema-side property name).
struct ParsedIssue {
    zod_code: Option<String>,
    first_segment: Option<String>,
    missing: bool,
    keyword: Option<String>,
    instance_path: String,
    missing_property: Option<String>,
}

impl ParsedIssue {
    fn read(issue: &JsValue) -> Self {
        let field = |key: &str| -> JsValue {
            js_sys::Reflect::get(issue, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
        };
        let first_segment = field("path").dyn_into::<Array>().ok().and_then(|p| p.get(0).as_string());
        let params = field("params");
        let missing_property = if params.is_object() {
            js_sys::Reflect::get(&params, &JsValue::from_str("missingProperty")).ok().and_then(|v| v.as_string())
        } else {
            None
        };
        Self {
            zod_code: field("code").as_string(),
            first_segment,
            missing: field("received").as_string().as_deref() == Some("undefined"),
            keyword: field("keyword").as_string(),
            instance_path: field("instancePath").as_string().unwrap_or_default(),
            missing_property,
        }
    }

    fn as_issue(&self) -> Issue<'_> {
        match (&self.keyword, &self.zod_code) {
            (Some(keyword), _) => Issue::Ajv {
                keyword,
                instance_path: &self.instance_path,
                missing_property: self.missing_property.as_deref(),
            },
            (None, code) => Issue::Zod {
                code: code.as_deref().unwrap_or(""),
                first_segment: self.first_segment.as_deref(),
                missing: self.missing,
            },
        }
    }
}

/// A list of strings at `place`; `entry` names one entry for errors.
fn strings(value: &JsValue, place: &str) -> Result<Vec<String>, OptionsError> {
    let list = value
        .dyn_ref::<Array>()
        .ok_or_else(|| OptionsError::wrong_type(OptionPath::Place(place.to_owned()), "an array of strings"))?;
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_string()
                .ok_or_else(|| OptionsError::wrong_type(OptionPath::Place(format!("{place}[{i}]")), "a string"))
        })
        .collect()
}

/// `{ key: [strings] }` as pairs, keys rendered safely in places.
fn string_map(value: &JsValue, place: &str) -> Result<Vec<(String, Vec<String>)>, OptionsError> {
    let object: &Object = value.unchecked_ref();
    Object::keys(object)
        .iter()
        .map(|key| {
            let key = key.as_string().unwrap_or_default();
            let entry = format!("{place}['{}']", SafeText::render(&key));
            let v = js_sys::Reflect::get(value, &JsValue::from_str(&key))
                .map_err(|_| OptionsError::invalid(OptionPath::Place(entry.clone()), "could not be read"))?;
            Ok((key, strings(&v, &entry)?))
        })
        .collect()
}

fn parse_catalog(value: &JsValue) -> Result<Catalog, OptionsError> {
    let Some(value) = options_object(value, &["tools", "fields", "fieldMessages", "fieldlessMessages"])? else {
        return Err(OptionsError::wrong_type(OptionPath::Named("catalog"), "a catalog object"));
    };
    let tools = get(value, "tools", "tools")?;
    let fields = get(value, "fields", "fields")?;
    let tools = if Array::is_array(&tools) {
        let fields = if fields.is_undefined() { Vec::new() } else { strings(&fields, "fields")? };
        ToolFields::Global { tools: strings(&tools, "tools")?, fields }
    } else if tools.is_object() {
        if !fields.is_undefined() {
            return Err(OptionsError::invalid(
                OptionPath::Named("fields"),
                "a global fields list goes with a list of tools; per-tool fields are listed under each tool",
            ));
        }
        ToolFields::PerTool(string_map(&tools, "tools")?)
    } else {
        return Err(OptionsError::wrong_type(
            OptionPath::Named("tools"),
            "a list of tool names or an object of tool → fields",
        ));
    };
    let phrases = get(value, "fieldMessages", "fieldMessages")?;
    let field_messages = if phrases.is_undefined() {
        FieldPhrases::Global(Vec::new())
    } else if Array::is_array(&phrases) {
        FieldPhrases::Global(strings(&phrases, "fieldMessages")?)
    } else if phrases.is_object() {
        FieldPhrases::PerField(string_map(&phrases, "fieldMessages")?)
    } else {
        return Err(OptionsError::wrong_type(
            OptionPath::Named("fieldMessages"),
            "a list of phrases or an object of field → phrases",
        ));
    };
    let fieldless = get(value, "fieldlessMessages", "fieldlessMessages")?;
    let fieldless_messages =
        if fieldless.is_undefined() { Vec::new() } else { strings(&fieldless, "fieldlessMessages")? };
    Ok(Catalog { tools, field_messages, fieldless_messages })
}
