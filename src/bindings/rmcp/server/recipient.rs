//! A recipient field's schema for schemars (SPEC §1.5, §6).

use crate::RecipientValidator;

/// The recipient's JSON Schema (SPEC §1, both shapes in `pattern` and
/// `description`) for a field of a tool's parameters, as schemars takes
/// it: `#[schemars(schema_with = "mcp_boundary::rmcp::recipient_schema")]`
/// on a `String`. A protected router answers a call whose value has
/// neither shape with the §1.2 rejection, as JS's `recipientSchema` does.
#[must_use]
pub fn recipient_schema(_generator: &mut rmcp::schemars::SchemaGenerator) -> rmcp::schemars::Schema {
    let schema = serde_json::to_value(RecipientValidator::default().json_schema()).unwrap_or_default();
    rmcp::schemars::Schema::try_from(schema).unwrap_or_default()
}
