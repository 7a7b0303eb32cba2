//! A tool as each provider's request declares it.

use serde_json::{Map, Value};

use super::mapping::{check_as_is, ToolNameError};
use super::profile::Profile;
use super::providers::{tool_layout, Format};

/// What goes into one place of a tool definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The tool's name (an alias).
    Name,
    /// Its description (the place is left out when there is none, or it
    /// is empty: Bedrock refuses a request with an empty description,
    /// which no provider gains from, and MCP servers send them).
    Description,
    /// The JSON Schema of its input, as it is.
    InputSchema,
    /// A fixed string.
    Literal(&'static str),
    /// A fixed boolean.
    Flag(bool),
}

/// One format's tool definition layout: `(path of keys, what goes there)`.
pub(crate) type ToolLayout = &'static [(&'static [&'static str], Slot)];

/// The tool definition a `format` request carries for a tool named `name`
/// (an alias), laid out as its provider's table says:
/// - `anthropic`: `{ name, description, input_schema }`;
/// - `openai-chat`: `{ type: "function", function: { name, description, parameters } }`;
/// - `openai-responses`: `{ type: "function", name, description, parameters,
///   strict: false }` (left out, `strict` means true there, and the API
///   would make every optional field of the schema required);
/// - `gemini`: `{ name, description, parametersJsonSchema }` (one of a
///   tool's `functionDeclarations`; `parametersJsonSchema`, not the
///   OpenAPI-subset `parameters`, since MCP input schemas are JSON Schema
///   with keys such as `$schema` that `parameters` refuses);
/// - `bedrock-converse`: `{ toolSpec: { name, description, inputSchema: { json } } }`.
///
/// A missing or empty description is left out ([`OMITTED_DESCRIPTIONS`]);
/// a missing input schema is [`DEFAULT_INPUT_SCHEMA`], the schema of a tool
/// that takes no arguments.
///
/// # Errors
/// `UNREPRESENTABLE_TOOL_NAME` when the provider would refuse `name` (and
/// with it the whole request): it is checked as it is against the
/// format's [`name_profile`](Format::name_profile), so an alias made under
/// a longer profile (Anthropic's 128) is refused for OpenAI (64), with
/// `length` and `limit`.
pub fn tool_definition(
    format: Format,
    name: &str,
    description: Option<&str>,
    input_schema: Option<&Value>,
) -> Result<Value, ToolNameError> {
    check_as_is(name, &Profile::builtin(format.name_profile()))?;
    let mut root = Map::new();
    for (path, slot) in tool_layout(format) {
        let value = match slot {
            Slot::Name => Value::String(name.to_owned()),
            Slot::Description => match description {
                Some(d) if !OMITTED_DESCRIPTIONS.contains(&d) => Value::String(d.to_owned()),
                _ => continue,
            },
            Slot::InputSchema => input_schema.cloned().unwrap_or_else(default_input_schema),
            Slot::Literal(s) => Value::String((*s).to_owned()),
            Slot::Flag(b) => Value::Bool(*b),
        };
        put(&mut root, path, value);
    }
    Ok(Value::Object(root))
}

/// The descriptions a definition leaves out, as if there were none: the
/// empty one (Bedrock refuses a request that has one; MCP servers send them).
pub const OMITTED_DESCRIPTIONS: &[&str] = &[""];

/// The input schema of a tool that declares none (JSON text): an object,
/// with any properties.
pub const DEFAULT_INPUT_SCHEMA: &str = r#"{"type":"object"}"#;

fn default_input_schema() -> Value {
    serde_json::from_str(DEFAULT_INPUT_SCHEMA).unwrap_or(Value::Null)
}

/// Sets `value` at `path` in `map`, making the objects on the way.
fn put(map: &mut Map<String, Value>, path: &[&str], value: Value) {
    match path {
        [] => {}
        [last] => {
            map.insert((*last).to_owned(), value);
        }
        [first, rest @ ..] => {
            let next = map.entry((*first).to_owned()).or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(inner) = next {
                put(inner, rest, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_format_in_its_own_field() {
        let schema = json!({ "type": "object" });
        let d = |f| tool_definition(f, "gh__issue", Some("Open an issue"), Some(&schema)).unwrap();
        assert_eq!(
            d(Format::Anthropic),
            json!({ "name": "gh__issue", "description": "Open an issue", "input_schema": schema })
        );
        assert_eq!(
            d(Format::OpenAiChat),
            json!({ "type": "function", "function": { "name": "gh__issue", "description": "Open an issue", "parameters": schema } })
        );
        assert_eq!(
            d(Format::OpenAiResponses),
            json!({ "type": "function", "name": "gh__issue", "description": "Open an issue", "parameters": schema, "strict": false })
        );
        assert_eq!(
            d(Format::Gemini),
            json!({ "name": "gh__issue", "description": "Open an issue", "parametersJsonSchema": schema })
        );
        assert_eq!(
            d(Format::BedrockConverse),
            json!({ "toolSpec": { "name": "gh__issue", "description": "Open an issue", "inputSchema": { "json": schema } } })
        );
        assert_eq!(
            tool_definition(Format::Anthropic, "x", None, Some(&schema)).unwrap(),
            json!({ "name": "x", "input_schema": schema })
        );
        // Bedrock refuses an empty description; MCP servers send them.
        assert_eq!(
            tool_definition(Format::BedrockConverse, "x", Some(""), Some(&schema)).unwrap(),
            json!({ "toolSpec": { "name": "x", "inputSchema": { "json": schema } } })
        );
        // No schema: one that takes any object.
        assert_eq!(
            tool_definition(Format::Anthropic, "x", None, None).unwrap(),
            json!({ "name": "x", "input_schema": { "type": "object" } })
        );
    }

    #[test]
    fn a_name_the_provider_would_refuse_is_refused_with_its_limit() {
        let schema = json!({});
        let long = "a".repeat(81);
        assert!(tool_definition(Format::Anthropic, &long, None, Some(&schema)).is_ok(), "Anthropic takes 128");
        for f in [Format::OpenAiChat, Format::OpenAiResponses, Format::Gemini, Format::BedrockConverse] {
            let e = tool_definition(f, &long, None, Some(&schema)).unwrap_err();
            assert_eq!((e.reason().as_str(), e.length(), e.limit()), ("too_long", Some(81), Some(64)), "{}", f.name());
        }
        for (name, reason) in [("", "empty"), ("gh/issue", "invalid_character"), ("a b", "invalid_character")] {
            let e = tool_definition(Format::Anthropic, name, None, Some(&schema)).unwrap_err();
            assert_eq!(e.reason().as_str(), reason, "{name:?}");
        }
        assert_eq!(
            tool_definition(Format::Anthropic, "gh/issue", None, Some(&schema)).unwrap_err().position(),
            Some(2)
        );
        assert_eq!(
            tool_definition(Format::Gemini, "9a", None, Some(&schema)).unwrap_err().reason().as_str(),
            "bad_first_character"
        );
    }
}
