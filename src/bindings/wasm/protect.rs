//! protectServer's policy for `js/mcp/`: the core's [`Protection`], its
//! [`ServerCatalog`] of the tools as the SDK lists them, and its
//! [`Decision`] for each failure, which crosses as JSON like every
//! structured value. What the integration recognizes (which failure
//! happened) is JS's; what is answered, and what `onError` hears, is
//! decided here, by the core.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::error_data::{field_hint, with_issue_stream};
use super::recipient::Validator;
use super::{get, js_error, options_object, read, scratch_exports, string_list, string_option, to_js, Give, Scratch};
use crate::error::{OptionPath, OptionsError};
use crate::error_data::{FieldHint, MAX_CATALOG_ENTRIES};
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
}

/// One protected server's policy and the catalog of its tools as last
/// listed.
#[wasm_bindgen]
pub struct Protector {
    protection: Protection,
    catalog: ServerCatalog,
    scratch: Scratch,
}

scratch_exports!(Protector);

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
        Protector { protection, catalog, scratch: Scratch::default() }
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
        let decision = with_issue_stream(&self.scratch, tool_len, strings, count, |tool, issues| {
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
                &self.protection.answer(&self.catalog, Failure::RecipientRejected { tool: &tool, rejection: &rejection }),
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
            || OptionPath::js_only("messages"),
            |i| OptionPath::js_place(format!("messages[{i}]")),
        )?
    };
    let handler_errors = match string_option(value, "handlerErrors", "handlerErrors")? {
        Some(name) => HandlerErrors::parse(&name)?,
        None => HandlerErrors::default(),
    };
    Ok(ProtectOptions::default().messages(messages).handler_errors(handler_errors))
}

/// A tool as listed, or `None` for one that cannot be read or whose name
/// no Rust string can hold.
fn listed_tool(tool: &JsValue) -> Option<ListedTool> {
    let name = read::exact(&read::property(tool, "name").ok()?)?;
    let output = read::property(tool, "outputSchema").ok()?.as_bool() == Some(true);
    let schema = read::property(tool, "inputSchema").ok()?;
    let properties = if schema.is_object() { read::property(&schema, "properties").ok()? } else { JsValue::UNDEFINED };
    let (mut fields, mut hints) = (Vec::new(), Vec::<(String, FieldHint)>::new());
    if properties.is_object() {
        for field in read::exact_keys(&properties).ok()?.into_iter().flatten().take(MAX_CATALOG_ENTRIES) {
            // What the field's schema declares, as the classifier's hints
            // are read; one that cannot be read is left out (lenient).
            if let Ok(Some(hint)) = field_hint(&properties, &field, "inputSchema") {
                hints.push((field.clone(), hint));
            }
            fields.push(field);
        }
    }
    Some(ListedTool::with_fields(name, fields, hints, output))
}
