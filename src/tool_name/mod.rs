//! Tool names: provider profiles, the two-way mapping between canonical
//! `server/tool` names and LLM-facing aliases, a collision-proof registry,
//! config lookups, and provider payload rewriting.

mod definitions;
mod mapping;
mod profile;
mod providers;
mod registry;
mod rewrite;

#[cfg_attr(
    not(all(feature = "wasm", target_arch = "wasm32")),
    allow(unused_imports, reason = "for the wasm binding")
)]
pub(crate) use definitions::ToolLayout;
pub use definitions::{tool_definition, DEFAULT_INPUT_SCHEMA, OMITTED_DESCRIPTIONS};
#[cfg_attr(
    not(all(feature = "wasm", target_arch = "wasm32")),
    allow(unused_imports, reason = "for the wasm binding")
)]
pub(crate) use mapping::{alias_form, check_as_is, plain_edits, reverse_form, AliasForm, Edit, Piece, ReverseForm};
pub use mapping::{
    name_hash, to_llm_facing_name, try_reverse_to_canonical, Overflow, ToolNameError, ToolNameReason, SEPARATOR,
};
pub use profile::{BuiltinProfile, Profile, MAX_CUSTOM_LENGTH};
pub(crate) use providers::rules;
#[cfg_attr(
    not(all(feature = "wasm", target_arch = "wasm32")),
    allow(unused_imports, reason = "for the wasm binding")
)]
pub(crate) use providers::tool_layout;
pub use providers::Format;
pub(crate) use providers::{call_places, CallPlace, Step};
pub use registry::{Refused, RegistryEntry, ServerReport, ToolRegistry};
