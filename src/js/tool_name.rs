//! Tool-name exports (SPEC §3) for `js/api.js`.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::{get, js_error, options_object, read, reserve, shrink, string_option, whole_option, write};
use crate::error::{OptionPath, OptionsError};
use crate::tool_name::{
    alias_form, reverse_form, rules as format_rules, AliasForm, BuiltinProfile, Format, Overflow, Profile, ReverseForm,
    Step, ToolNameError, ToolRegistry, MAX_CUSTOM_LENGTH,
};

/// No result: the wrapper asks for the error (`-1`), or for `null` from
/// [`Mapper::reverse`].
const FAILED: i32 = -1;
/// The result is the input with every `/` as `__` ([`Mapper::forward`]).
const PLAIN: i32 = -3;
/// The result is the input itself ([`Mapper::reverse`]).
const UNCHANGED: i32 = -4;

/// Fills `out` with `[format name, rules]` pairs, each rule a list of
/// steps `[kind, a, b]`: 0 key `a`, 1 each, 2 when `a` equals `b`,
/// 3 name at `a`, 4 names at `a`.
#[wasm_bindgen(js_name = "__rules")]
pub fn rules(out: &Array) {
    for format in Format::ALL {
        let list: Array = format_rules(format)
            .iter()
            .map(|rule| -> JsValue {
                rule.iter()
                    .map(|step| -> JsValue {
                        let (kind, a, b) = match *step {
                            Step::Key(k) => (0, k, ""),
                            Step::Each => (1, "", ""),
                            Step::When(k, v) => (2, k, v),
                            Step::Name(k) => (3, k, ""),
                            Step::Names(k) => (4, k, ""),
                        };
                        Array::of3(&JsValue::from_f64(f64::from(kind)), &JsValue::from_str(a), &JsValue::from_str(b))
                            .into()
                    })
                    .collect::<Array>()
                    .into()
            })
            .collect();
        out.push(&Array::of2(&JsValue::from_str(format.name()), &list));
    }
}

/// One profile and overflow mode, for `toLlmFacingName` and
/// `tryReverseToCanonical`.
#[wasm_bindgen]
pub struct Mapper {
    profile: Profile,
    overflow: Overflow,
    units: Vec<u16>,
    error: Option<ToolNameError>,
}

#[wasm_bindgen]
impl Mapper {
    /// Parses `{ profile, overflow }`; for options that cannot work, sets
    /// `out[0]` to the `TypeError` to throw.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(options: &JsValue, out: &Array) -> Mapper {
        let (profile, overflow) = options_or_report(options, out);
        Mapper { profile, overflow, units: Vec::new(), error: None }
    }

    /// Makes room for `len` code units; returns the buffer's byte address.
    #[must_use]
    pub fn units(&mut self, len: usize) -> usize {
        reserve(&mut self.units, len)
    }

    /// Releases a buffer grown by a very large input.
    pub fn release(&mut self) {
        shrink(&mut self.units);
    }

    /// The alias of the canonical name in units `..len`: `-3` when it is
    /// the plain form (every `/` as `__`, which the wrapper builds), else
    /// the length of the hashed alias written back at the start of the
    /// buffer; `-1` (see [`error`](Self::error)) or `-2` (grow the buffer
    /// and call again).
    pub fn forward(&mut self, len: usize) -> i32 {
        match alias_form(&read(&self.units, len), &self.profile, self.overflow) {
            Ok(AliasForm::Plain) => PLAIN,
            Ok(AliasForm::Hashed(alias)) => write(&mut self.units, &alias),
            Err(e) => {
                self.error = Some(e);
                FAILED
            }
        }
    }

    /// The heuristic decision for the name in units `..len`: `-4` for the
    /// name unchanged, `-1` for `null`, else the UTF-16 index of the `__`
    /// that becomes `/`.
    pub fn reverse(&self, len: usize) -> i32 {
        let name = read(&self.units, len);
        match reverse_form(&name) {
            ReverseForm::Unchanged => UNCHANGED,
            ReverseForm::Split(i) => i32::try_from(name[..i].encode_utf16().count()).unwrap_or(FAILED),
            ReverseForm::Impossible => FAILED,
        }
    }

    /// Sets `out[0]` to the `ToolNameError` of the last failed call.
    pub fn error(&mut self, out: &Array) {
        put_error(self.error.take(), out);
    }
}

fn put_error(error: Option<ToolNameError>, out: &Array) {
    if let Some(e) = error {
        out.set(0, js_error(&e));
    }
}

/// The authoritative registry behind the wrapper's `ToolRegistry` (which
/// mirrors each decision in two JS maps for lookups).
#[wasm_bindgen]
pub struct Registry {
    inner: ToolRegistry,
    units: Vec<u16>,
    error: Option<ToolNameError>,
}

#[wasm_bindgen]
impl Registry {
    /// Parses `{ profile, overflow }`; for options that cannot work, sets
    /// `out[0]` to the `TypeError` to throw.
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new(options: &JsValue, out: &Array) -> Registry {
        let (profile, overflow) = options_or_report(options, out);
        Registry { inner: ToolRegistry::new(profile, overflow), units: Vec::new(), error: None }
    }

    /// Makes room for `len` code units; returns the buffer's byte address.
    #[must_use]
    pub fn units(&mut self, len: usize) -> usize {
        reserve(&mut self.units, len)
    }

    /// Releases a buffer grown by a very large input.
    pub fn release(&mut self) {
        shrink(&mut self.units);
    }

    /// Registers the canonical name in units `..len`; the alias is written
    /// back at the start: its length, `-1` (see [`error`](Self::error)) or
    /// `-2` (grow the buffer and call again; nothing was registered twice,
    /// since registering is idempotent).
    pub fn register(&mut self, len: usize) -> i32 {
        let canonical = read(&self.units, len);
        match self.inner.register(&canonical) {
            Ok(alias) => {
                let alias = alias.to_owned();
                write(&mut self.units, &alias)
            }
            Err(e) => {
                self.error = Some(e);
                FAILED
            }
        }
    }

    /// Registers `server/tool` for every tool name, all or nothing; sets
    /// `out[0]` to the list of aliases, or returns false (see
    /// [`error`](Self::error)). Non-string arguments were refused by the
    /// wrapper.
    #[allow(clippy::needless_pass_by_value, reason = "wasm-bindgen passes a JS array of strings as an owned Vec")]
    pub fn register_server(&mut self, server: &str, tools: Vec<String>, out: &Array) -> bool {
        match self.inner.register_server(server, &tools) {
            Ok(aliases) => {
                out.set(0, aliases.iter().map(|a| JsValue::from_str(a)).collect::<Array>().into());
                true
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    /// Sets `out[0]` to the list of config keys for the name in units
    /// `..len` (see `ToolRegistry::override_keys`).
    pub fn override_keys(&self, len: usize, out: &Array) {
        let keys = self.inner.override_keys(&read(&self.units, len));
        out.set(0, keys.iter().map(|k| JsValue::from_str(k)).collect::<Array>().into());
    }

    /// Sets `out[0]` to the `ToolNameError` of the last failed call.
    pub fn error(&mut self, out: &Array) {
        put_error(self.error.take(), out);
    }
}

/// The options, or the defaults with the `TypeError` to throw in `out[0]`.
fn options_or_report(options: &JsValue, out: &Array) -> (Profile, Overflow) {
    parse_options(options).unwrap_or_else(|e| {
        out.set(0, js_error(&e));
        (Profile::default(), Overflow::Error)
    })
}

fn parse_options(value: &JsValue) -> Result<(Profile, Overflow), OptionsError> {
    let Some(value) = options_object(value, &["profile", "overflow"])? else {
        return Ok((Profile::default(), Overflow::Error));
    };
    let overflow = match string_option(value, "overflow", "overflow")?.as_deref() {
        None | Some("error") => Overflow::Error,
        Some("hash") => Overflow::Hash,
        Some(_) => return Err(OptionsError::invalid(OptionPath::Named("overflow"), "expected \"error\" or \"hash\"")),
    };
    let profile = get(value, "profile", "profile")?;
    let profile = if profile.is_undefined() {
        Profile::default()
    } else if let Some(name) = profile.as_string() {
        BuiltinProfile::from_name(&name).map(Profile::from).ok_or_else(|| {
            OptionsError::invalid(
                OptionPath::Named("profile"),
                "unknown profile; expected anthropic, openai, gemini, bedrock, mcp, portable or a custom { maxLength, allowed, firstChar }",
            )
        })?
    } else if !profile.is_object() || js_sys::Array::is_array(&profile) {
        return Err(OptionsError::wrong_type(OptionPath::Named("profile"), "a profile name or an object"));
    } else {
        let custom = options_object(&profile, &["maxLength", "allowed", "firstChar"])?
            .ok_or_else(|| OptionsError::wrong_type(OptionPath::Named("profile"), "a profile name or an object"))?;
        let max = whole_option(custom, "maxLength", "profile.maxLength", MAX_CUSTOM_LENGTH)?
            .ok_or_else(|| OptionsError::wrong_type(OptionPath::Named("profile.maxLength"), "a whole number"))?;
        let allowed = string_option(custom, "allowed", "profile.allowed")?.ok_or_else(|| {
            OptionsError::wrong_type(OptionPath::Named("profile.allowed"), "a character class string")
        })?;
        let first = string_option(custom, "firstChar", "profile.firstChar")?;
        Profile::custom(max, &allowed, first.as_deref())?
    };
    Ok((profile, overflow))
}
