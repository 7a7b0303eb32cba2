//! protectServer's policy for `js/mcp/`: the core's [`Protection`], its
//! [`ServerCatalog`] of the tools as the SDK lists them, and its
//! [`Decision`] for each failure, which crosses as JSON like every
//! structured value. What the integration recognizes (which failure
//! happened) is JS's; what is answered, and what `onError` hears, is
//! decided here, by the core.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use serde_json::{Map, Value};

use super::error_data::{issue_text_exports, with_issue_stream, IssueTextScan};
use super::recipient::Validator;
use super::{get, js_error, options_object, read, scratch_exports, string_list, to_js, Give, Scratch};
use crate::error::{OptionPath, OptionsError};
use crate::error_data::MAX_CATALOG_ENTRIES;
use crate::server::{Failure, HandlerErrors, ListedTool, ProtectOptions, Protection, ServerCatalog};

/// A failure that carries at most the tool's name and a message, for
/// [`Protector::answer`] (the others have exports of their own).
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// No listed tool has the name: the units are the name as called.
    UnknownTool = 0,
    /// The handler failed; its message follows the tool, when read.
    HandlerError = 1,
    /// The handler's result broke the tool's output schema.
    InvalidOutput = 2,
    /// The tool's own `isError` result.
    OwnErrorResult = 3,
    /// Something the SDK read around the call failed.
    Failed = 4,
    /// A proxy tool forwarded an error of the server behind it; its
    /// message follows the tool, when read.
    ForwardedError = 5,
}

/// One protected server's policy and the catalog of its tools as last
/// listed.
#[wasm_bindgen]
pub struct Protector {
    protection: Protection,
    catalog: ServerCatalog,
    scratch: Scratch,
    /// A long issue string, from its pieces.
    cut: IssueTextScan,
}

scratch_exports!(Protector);
issue_text_exports!(Protector, this => this.catalog.classifier().issue_units());

#[wasm_bindgen]
impl Protector {
    /// Checks protectServer's options (`messages`, `handlerErrors`); on
    /// failure `out[0]` is the error to throw (the core's options error
    /// for a value it does not know, the binding's `wrong_type` for a
    /// value that is not a string or a list of them). The catalog is
    /// empty until [`catalog`](Self::catalog).
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(options: &JsValue, out: &Array) -> Protector {
        let protection = parse_options(options).and_then(Protection::new).unwrap_or_else(|e| {
            out.give(js_error(&e));
            Protection::default()
        });
        let catalog = protection.catalog([]);
        Protector { protection, catalog, scratch: Scratch::default(), cut: IssueTextScan::default() }
    }

    /// Builds the catalog from `tools` as the SDK lists them: a list of
    /// `{ name, inputSchema, outputSchema }` (the published input JSON
    /// Schema, whether an output schema is declared). Lenient: a tool
    /// that cannot be read, or whose name is not valid UTF-16, costs only
    /// itself; a field key that is not valid UTF-16 only itself.
    pub fn catalog(&mut self, tools: &JsValue) {
        let list = read::elements(tools, MAX_CATALOG_ENTRIES).ok().flatten().unwrap_or_default();
        let listed: Vec<ListedTool> = list.iter().filter_map(|t| t.as_ref().and_then(listed_tool)).collect();
        self.catalog = self.protection.catalog(listed);
    }

    /// Sets `out[0]` to the decision for arguments the tool's schema
    /// refused, the issues streamed as for the classifier's
    /// `classify_issue_stream` (the tool in units `..tool_len`).
    pub fn invalid_arguments(&self, tool_len: usize, strings: usize, count: usize, out: &Array) {
        let cap = self.catalog.classifier().issue_units();
        let decision = with_issue_stream(&self.scratch, cap, tool_len, strings, count, |tool, issues| {
            to_js(&self.protection.answer(&self.catalog, Failure::InvalidArguments { tool, issues }))
        });
        out.give(decision);
    }

    /// Sets `out[0]` to the decision for a recipient field that refused the
    /// arguments: the tool in units `..tool_len`, the refused value in the
    /// `to_len` units after it, refused by `validator` (the recipient
    /// schema's own). A value the validator accepts after all is answered
    /// as arguments refused without issues.
    pub fn recipient_rejected(&self, tool_len: usize, validator: &Validator, to_len: usize, out: &Array) {
        let tool = self.scratch.strict(0, tool_len).unwrap_or_default();
        let to = self.scratch.units(tool_len, to_len);
        let decision = if validator.inner.verdict(to).is_some() {
            self.protection.answer(&self.catalog, Failure::InvalidArguments { tool: &tool, issues: &[] })
        } else {
            let rejection = validator.inner.reject_utf16(to);
            return out.give(to_js(
                &self
                    .protection
                    .answer(&self.catalog, Failure::RecipientRejected { tool: &tool, rejection: &rejection }),
            ));
        };
        out.give(to_js(&decision));
    }

    /// Sets `out[0]` to the decision for a failure of `kind`: the tool (or,
    /// for an unknown tool, the name as called) in units `..tool_len`, a
    /// handler's message in the `message_len` units after it (`None` when
    /// it could not be read). A name or message that is not valid UTF-16
    /// is none of the catalog's.
    pub fn answer(&self, kind: FailureKind, tool_len: usize, message_len: Option<u32>, out: &Array) {
        let tool = self.scratch.strict(0, tool_len).unwrap_or_default();
        let message = message_len.and_then(|n| self.scratch.strict(tool_len, n as usize));
        let tool = tool.as_str();
        let failure = match kind {
            FailureKind::UnknownTool => Failure::UnknownTool { name: tool },
            // A message that cannot be decoded is read as none: with
            // `pass`, the SDK's answer would carry it.
            FailureKind::HandlerError => Failure::HandlerError { tool, message: message.as_deref() },
            FailureKind::InvalidOutput => Failure::InvalidOutput { tool },
            FailureKind::OwnErrorResult => Failure::OwnErrorResult { tool },
            FailureKind::Failed => Failure::Failed { tool },
            FailureKind::ForwardedError => Failure::ForwardedError { tool, message: message.as_deref() },
        };
        out.give(to_js(&self.protection.answer(&self.catalog, failure)));
    }
}

/// protectServer's options as the core takes them: `messages` (a list of
/// strings) and `handlerErrors` (`"classify"` or `"pass"`, checked by the
/// core); other keys are the integration's (`onError`).
fn parse_options(value: &JsValue) -> Result<ProtectOptions, OptionsError> {
    let Some(value) = options_object(value, &["messages", "handlerErrors", "onError"])? else {
        return Ok(ProtectOptions::default());
    };
    let messages = get(value, "messages", "messages")?;
    let messages = if messages.is_undefined() {
        Vec::new()
    } else {
        string_list(
            &messages,
            MAX_CATALOG_ENTRIES + 1, // one more: the core says how many it takes
            || OptionPath::new("messages"),
            |i| OptionPath::new("messages").entry(i),
        )?
    };
    let handler_errors = get(value, "handlerErrors", "handler_errors")?;
    let handler_errors = if handler_errors.is_undefined() {
        HandlerErrors::default()
    } else {
        HandlerErrors::parse(&handler_errors.as_string().ok_or_else(HandlerErrors::not_a_string)?)?
    };
    Ok(ProtectOptions::default().messages(messages).handler_errors(handler_errors))
}

/// A tool as listed, or `None` for one that cannot be read or whose name
/// no Rust string can hold. Its input schema is read as the core reads a
/// listed schema ([`ListedTool::new`]: `properties`, `$ref`s into `$defs`
/// or `definitions`, `X | None`), each property and each definition taken
/// as JSON on its own, so that one that cannot be (a getter that throws, a
/// cycle, a lone surrogate) costs only itself: a property its hint, a key
/// that is not valid UTF-16 its field.
fn listed_tool(tool: &JsValue) -> Option<ListedTool> {
    let output = read::property(tool, "outputSchema").ok()?.as_bool() == Some(true);
    // A name no Rust string can hold is no catalog tool, but keeps its
    // output flag: a call to it (read as "" too) answers in text only.
    let Some(name) = read::exact(&read::property(tool, "name").ok()?) else {
        return Some(ListedTool::new("", None, output));
    };
    let schema = read::property(tool, "inputSchema").ok()?;
    if !schema.is_object() {
        return Some(ListedTool::new(name, None, output));
    }
    let mut root = Map::new();
    let mut budget = SCHEMA_VALUES;
    for key in ListedTool::SCHEMA_PARTS {
        let Some(entries) = read::property(&schema, key).ok().filter(JsValue::is_object) else { continue };
        let Ok(keys) = read::exact_keys(&entries) else { continue };
        // Inserted one by one, not collected: a map collected from an
        // iterator sorts its entries first, with a stable sort of its own
        // (about 5 KB of wasm).
        let mut map = Map::new();
        for k in keys.into_iter().flatten().take(MAX_CATALOG_ENTRIES) {
            // Each entry within its own bound and what the schema has left.
            let allowed = budget.min(ENTRY_VALUES);
            let mut left = allowed;
            let v = read::property(&entries, &k).ok().and_then(|v| json(&v, SCHEMA_DEPTH, &mut left));
            budget -= allowed - left;
            // A property that cannot be taken keeps its field, declaring nothing.
            map.insert(k, v.unwrap_or_else(|| Value::Object(Map::new())));
        }
        root.insert(key.to_owned(), Value::Object(map));
    }
    if let Some(reference) = read::property(&schema, ListedTool::SCHEMA_REF).ok().and_then(|r| read::exact(&r)) {
        root.insert(ListedTool::SCHEMA_REF.to_owned(), Value::String(reference));
    }
    Some(ListedTool::new(name, Some(&Value::Object(root)), output))
}

/// How deep a schema is read: deeper parts are left out (no hint reads
/// that far; a `$ref` may lead into `$defs` a few levels down).
const SCHEMA_DEPTH: usize = 32;

/// How many values of one property or definition of a schema are read,
/// and of the whole schema: a schema whose parts refer to each other (a
/// cycle reached twice from every level) would otherwise be read 2^depth
/// times; what is past them is left out, as what cannot be read is, and
/// one part past its bound leaves the others theirs.
const ENTRY_VALUES: usize = 1 << 16;
/// The bound of a whole schema's values (see [`ENTRY_VALUES`]).
const SCHEMA_VALUES: usize = 1 << 20;

/// A JS value of a JSON Schema as JSON, read value by value (no JSON text:
/// the parser would cost more wasm than the rest of the policy); `None`
/// for what is no JSON or cannot be read (a getter that throws, a string
/// that is not valid UTF-16, a part deeper than [`SCHEMA_DEPTH`] or past
/// the `budget` of values), which an object or a list then leaves out.
fn json(value: &JsValue, depth: usize, budget: &mut usize) -> Option<Value> {
    *budget = budget.checked_sub(1)?;
    if let Some(n) = value.as_f64() {
        #[allow(clippy::cast_possible_truncation, reason = "whole and within ±2^53, checked")]
        let whole = (n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_992.0).then_some(n as i64);
        return whole.map_or_else(|| serde_json::Number::from_f64(n).map(Value::Number), |i| Some(Value::from(i)));
    }
    if let Some(b) = value.as_bool() {
        return Some(Value::Bool(b));
    }
    if value.is_null() {
        return Some(Value::Null);
    }
    if value.is_string() {
        return read::exact(value).map(Value::String);
    }
    if depth == 0 || !value.is_object() {
        return None;
    }
    if let Some(list) = read::elements(value, MAX_CATALOG_ENTRIES).ok()? {
        return Some(Value::Array(list.iter().flatten().filter_map(|v| json(v, depth - 1, budget)).collect()));
    }
    let mut map = Map::new();
    for key in read::exact_keys(value).ok()?.into_iter().flatten().take(MAX_CATALOG_ENTRIES) {
        if let Some(v) = read::property(value, &key).ok().and_then(|v| json(&v, depth - 1, budget)) {
            map.insert(key, v);
        }
    }
    Some(Value::Object(map))
}
