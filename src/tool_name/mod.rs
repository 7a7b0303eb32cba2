//! Tool names: provider profiles, the two-way mapping between canonical
//! `server/tool` names and LLM-facing aliases, a collision-proof registry,
//! config lookups, and provider payload rewriting.

pub(crate) mod definitions;
pub(crate) mod mapping;
mod profile;
pub(crate) mod providers;
mod registry;
mod rewrite;

pub use definitions::{tool_definition, DEFAULT_INPUT_SCHEMA, OMITTED_DESCRIPTIONS};
pub use mapping::{
    name_hash, to_llm_facing_name, try_reverse_to_canonical, Overflow, ToolNameError, ToolNameReason, SEPARATOR,
};
pub use profile::{BuiltinProfile, Profile, MAX_CUSTOM_LENGTH};
pub(crate) use providers::rules;
pub use providers::Format;
pub(crate) use providers::{call_places, CallPlace, Step};
pub use registry::{Refused, RegistryEntry, ServerReport, ToolRegistry};
