//! The tables the package build reads (js/build/build.mjs), only in a module
//! built with the `build-tables` feature: the payload rules and the
//! stream call places, which js/build/walkers.mjs compiles into the JS walkers,
//! and samples of the results JS builds (js/build/shapes.mjs).
//! Nothing calls them at run time, so the shipped module leaves them out.

use js_sys::Array;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{to_js, Give};
use crate::stream::scope::{scope_rules, ScopeRule};
use crate::tool_name::{call_places, rules as format_rules, Format, Step};
use crate::{
    validate_recipient, BuiltinProfile, DeliveryPlan, ErrorData, HandlerErrors, MarkTarget, NotARecipient, Overflow,
    ReadState, Recipient, RejectionReason, ReplacedAnswer, RouterReason, ToolNameReason, Validation, INVALID_ARGUMENT,
    VALID_SHAPES,
};

/// The kind of one step of a rule (see [`Step`]), for the wrapper's walker.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(into = "u8")]
pub enum StepKind {
    /// Into an object's own property `a`.
    Key = 0,
    /// Into every element of an array.
    Each = 1,
    /// Only objects whose property `a` equals `b`.
    When = 2,
    /// Property `a` holds a tool name.
    Name = 3,
    /// Property `a` holds a list of tool names.
    Names = 4,
    /// A stream's call: the node here is the call of place `a` of the
    /// format's stream table (the JS walker reads its id and name here
    /// while it rewrites, rather than walking the event twice).
    Call = 5,
}

impl From<StepKind> for u8 {
    fn from(kind: StepKind) -> u8 {
        kind as u8
    }
}

/// One rule as it crosses: its steps as `[kind, a, b]`.
type Rule = Vec<(StepKind, &'static str, &'static str)>;

/// Sets `out[0]` to `[[format name, rules], …]`, each rule a list of
/// steps `[kind, a, b]` ([`StepKind`]).
#[wasm_bindgen(js_name = "__rules")]
pub fn rules(out: &Array) {
    let table: Vec<(&str, Vec<Rule>)> = Format::ALL
        .iter()
        .map(|format| {
            let rules = format_rules(*format).iter().map(|rule| rule.iter().map(|step| step_parts(*step)).collect());
            (format.name(), rules.collect())
        })
        .collect();
    out.give(to_js(&table));
}

/// One call place as it crosses: `[steps, id key, name keys, slot]`.
type CallRow = (Rule, &'static str, &'static [&'static str], &'static [(usize, &'static [&'static str])]);

/// The stream tables: per format, where calls carry their id and name
/// (`[steps, id key, name keys, slot]`), read when the package is built (js/build/walkers.mjs).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StreamTables {
    calls: Vec<(&'static str, Vec<CallRow>)>,
    /// Where calls' scopes end ([`crate::stream::scope::ScopeRule`]'s table form), which
    /// the walkers' scope functions are generated from.
    scopes: Vec<(&'static str, &'static [ScopeRule])>,
}

/// Sets `out[0]` to the stream tables.
#[wasm_bindgen(js_name = "__stream_tables")]
pub fn stream_tables(out: &Array) {
    let calls = Format::ALL
        .iter()
        .map(|f| {
            let places =
                call_places(*f).iter().map(|p| (p.path.iter().map(|s| step_parts(*s)).collect(), p.id, p.name, p.slot));
            (f.name(), places.collect())
        })
        .collect();
    let scopes = Format::ALL.iter().map(|f| (f.name(), scope_rules(*f))).collect();
    out.give(to_js(&StreamTables { calls, scopes }));
}

fn step_parts(step: Step) -> (StepKind, &'static str, &'static str) {
    match step {
        Step::Key(&k) => (StepKind::Key, k, ""),
        Step::Each => (StepKind::Each, "", ""),
        Step::When(&(k, v)) => (StepKind::When, k, v),
        Step::Name(&k) => (StepKind::Name, k, ""),
        Step::Names(&k) => (StepKind::Names, k, ""),
    }
}

/// Rust's serializations of sample results, for js/build/shapes.mjs: each
/// string that starts with U+0001 stands for the JS variable the rest
/// names, so the generated builders write Rust's keys, in Rust's order,
/// with the values JS has (no result key is spelled in JS).
#[derive(Serialize)]
struct ShapeSamples<'a> {
    identity: Validation<'a, 'a>,
    broadcast: Validation<'a, 'a>,
    /// Its `error` is built apart (js/build/rejections.mjs); only its place is read.
    rejected: Validation<'a, 'a>,
    error_data: ErrorData<'a>,
}

/// Sets `out[0]` to the [`ShapeSamples`].
#[wasm_bindgen(js_name = "__shape_samples")]
pub fn shape_samples(out: &Array) {
    let error = validate_recipient("AGENT:x").err();
    let samples = error.as_ref().map(|error| ShapeSamples {
        identity: Validation::Accepted(Recipient::Identity("\u{1}id")),
        broadcast: Validation::Accepted(Recipient::Broadcast),
        rejected: Validation::Rejected(error),
        error_data: ErrorData {
            code: INVALID_ARGUMENT,
            tool: Some("\u{1}tool"),
            field: Some("\u{1}field"),
            message: "\u{1}message",
        },
    });
    out.give(to_js(&samples));
}

/// Layer 1's accepted shapes, for js/build/shapes.mjs's accept check:
/// the broadcast, the identity's prefix and its identifier characters
/// (`recipient::shape`'s table), and the [`Verdict`](super::Verdict) of each.
#[derive(Serialize)]
struct ShapeRule {
    broadcast: &'static str,
    prefix: &'static str,
    ident: String,
    broadcast_verdict: i32,
    identity_verdict: i32,
    /// `shape_max` of a validator with the default options: the accept
    /// check answers `validateRecipient(to)` before the module is needed.
    default_max: i32,
}

/// Sets `out[0]` to the [`ShapeRule`].
#[wasm_bindgen(js_name = "__shape_rule")]
pub fn shape_rule(out: &Array) {
    out.give(to_js(&ShapeRule {
        broadcast: crate::recipient::BROADCAST,
        prefix: crate::recipient::IDENTITY_PREFIX,
        ident: crate::recipient::shape::ident_ascii(),
        broadcast_verdict: super::Verdict::Broadcast as i32,
        identity_verdict: super::Verdict::Identity as i32,
        default_max: crate::recipient::RecipientValidator::default()
            .shape_decides()
            .map_or(-1, |n| i32::try_from(n).unwrap_or(i32::MAX)),
    }));
}

/// A name and the code it comes with.
type Coded = (&'static str, &'static str);

/// The core's lists of names, each enum's `ALL` in its order, from which
/// `js/build/unions.mjs` writes the literal unions of `js/index.d.ts` and
/// `js/mcp.d.ts` and the `Literal`s of `python/mcp_boundary/_literals.py`: a
/// name added to an enum is in both packages' types at the next build.
#[derive(Serialize)]
struct Names {
    /// [`RejectionReason::ALL`], each with its code.
    rejection_reasons: Vec<Coded>,
    valid_shapes: [&'static str; 2],
    /// [`Recipient`]'s kinds: broadcast, identity.
    recipient_kinds: [&'static str; 2],
    formats: Vec<&'static str>,
    profiles: Vec<&'static str>,
    overflow: Vec<&'static str>,
    /// [`ToolNameReason::ALL`], each with its code.
    tool_name_reasons: Vec<Coded>,
    read_states: Vec<&'static str>,
    mark_targets: Vec<&'static str>,
    /// [`DeliveryPlan`]'s kinds, as it serializes them: direct, broadcast.
    plan_kinds: Vec<String>,
    not_a_recipient_code: &'static str,
    error_data_code: &'static str,
    handler_errors: Vec<&'static str>,
    replaced_answers: Vec<&'static str>,
    /// [`RouterReason::ALL`], each with its code.
    router_reasons: Vec<Coded>,
    json_schema_targets: [&'static str; 3],
    /// [`OptionsError::REASONS`].
    options_reasons: [&'static str; 5],
    /// [`MalformedRecord::REASONS`].
    record_reasons: [&'static str; 8],
}

/// Sets `out[0]` to the [`Names`].
#[wasm_bindgen(js_name = "__names")]
pub fn names(out: &Array) {
    let names = Names {
        rejection_reasons: RejectionReason::ALL.iter().map(|r| (r.as_str(), r.code())).collect(),
        valid_shapes: VALID_SHAPES,
        recipient_kinds: [Recipient::Broadcast.kind(), Recipient::Identity("").kind()],
        formats: Format::ALL.iter().map(|f| f.name()).collect(),
        profiles: BuiltinProfile::ALL.iter().map(|p| p.name()).collect(),
        overflow: Overflow::ALL.iter().map(|o| o.as_str()).collect(),
        tool_name_reasons: ToolNameReason::ALL.iter().map(|r| (r.as_str(), r.code())).collect(),
        read_states: ReadState::ALL.iter().map(|s| s.as_str()).collect(),
        mark_targets: MarkTarget::ALL.iter().map(|t| t.as_str()).collect(),
        plan_kinds: [DeliveryPlan::Direct { recipients: vec![] }, DeliveryPlan::Broadcast { recipients: vec![] }]
            .iter()
            .filter_map(|plan| serde_json::to_value(plan).ok()?.get("kind")?.as_str().map(String::from))
            .collect(),
        not_a_recipient_code: NotARecipient.code(),
        error_data_code: INVALID_ARGUMENT,
        handler_errors: HandlerErrors::ALL.iter().map(|h| h.as_str()).collect(),
        replaced_answers: ReplacedAnswer::ALL.iter().map(|k| k.as_str()).collect(),
        router_reasons: RouterReason::ALL.iter().map(|r| (r.as_str(), r.code().as_str())).collect(),
        json_schema_targets: super::argument::JSON_SCHEMA_TARGETS,
        options_reasons: crate::OptionsError::REASONS,
        record_reasons: crate::MalformedRecord::REASONS,
    };
    out.give(to_js(&names));
}
