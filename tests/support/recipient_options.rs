//! The vectors' recipient options (a JS options object) as Rust options.

use mcp_boundary::RecipientOptions;
use serde_json::Value;

/// The JS options object as Rust options; `None` for what only JS can say.
pub fn options(v: Option<&Value>) -> Option<RecipientOptions> {
    let mut o = RecipientOptions::default();
    let Some(v) = v else { return Some(o) };
    for (key, value) in v.as_object()? {
        o = match key.as_str() {
            "knownAgents" => o.known_agents(
                value.as_array()?.iter().map(|a| a.as_str().map(str::to_owned)).collect::<Option<Vec<_>>>()?,
            ),
            "strict" => o.strict(value.as_bool()?),
            "identityPattern" => o.identity_pattern(value.as_str()?),
            "maxIdentifierLength" => o.max_identifier_length(usize::try_from(value.as_u64()?).ok()?),
            "suggest" => o.suggest(value.as_bool()?),
            _ => return None,
        };
    }
    Some(o)
}
