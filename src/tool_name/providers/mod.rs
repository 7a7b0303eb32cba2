//! One file per provider: where its payloads carry tool names (the rules
//! the native walker and the generated JS walkers share), where its stream
//! events name a call, the layout of its tool definitions, and the name
//! profile its API accepts. The walking code is elsewhere
//! (`tool_name/rewrite.rs`, `stream/`).

mod anthropic;
mod bedrock;
mod gemini;
mod openai_chat;
mod openai_responses;

use super::definitions::ToolLayout;
use super::profile::BuiltinProfile;

/// A provider payload format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Anthropic Messages: `tools[].name`, `tool_choice.name`, `tool_use` blocks.
    Anthropic,
    /// OpenAI Chat Completions: `tools[].function.name`,
    /// `tool_choice.function.name`, `tool_calls[].function.name`.
    OpenAiChat,
    /// OpenAI Responses: function tools, `tool_choice`, `function_call` items.
    OpenAiResponses,
    /// Gemini: `functionDeclarations[].name`, `functionCall.name`,
    /// `functionResponse.name`, `allowedFunctionNames` (and their
    /// `snake_case` forms).
    Gemini,
    /// AWS Bedrock Converse: `toolConfig.tools[].toolSpec.name`,
    /// `toolChoice.tool.name`, `toolUse` blocks, stream
    /// `contentBlockStart.start.toolUse.name`.
    BedrockConverse,
}

impl Format {
    /// Every format.
    pub const ALL: [Self; 5] =
        [Self::Anthropic, Self::OpenAiChat, Self::OpenAiResponses, Self::Gemini, Self::BedrockConverse];

    /// `anthropic`, `openai-chat`, `openai-responses`, `gemini` or
    /// `bedrock-converse`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Anthropic => "anthropic",
            Self::OpenAiChat => "openai-chat",
            Self::OpenAiResponses => "openai-responses",
            Self::Gemini => "gemini",
            Self::BedrockConverse => "bedrock-converse",
        }
    }

    /// The format with this name, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The profile of the names this format's provider accepts in a tool
    /// definition (OpenAI's two APIs take 64 characters where Anthropic's
    /// takes 128).
    #[must_use]
    pub fn name_profile(self) -> BuiltinProfile {
        provider(self).profile
    }
}

/// One step of a path to a tool name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Into an object's own property.
    Key(&'static &'static str),
    /// Into every element of an array.
    Each,
    /// Only objects whose property equals the string.
    When(&'static (&'static str, &'static str)),
    /// The property holding a tool name (a string).
    Name(&'static &'static str),
    /// The property holding a list of tool names.
    Names(&'static &'static str),
}

/// Where a stream event carries a tool call's id or its name: the path to
/// the call, the key of its id, the keys down to its name, and what makes
/// it the same call across events (its slot).
///
/// A call's id and name may arrive in different events (an OpenAI Chat
/// chunk with the id, a later one with the name; a Responses
/// `function_call_arguments.done` naming its item): the events of one call
/// share a slot, the values read at `slot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CallPlace {
    /// The steps to each call object.
    pub(crate) path: &'static [Step],
    /// The call's id.
    pub(crate) id: &'static str,
    /// The keys from the call to its name.
    pub(crate) name: &'static [&'static str],
    /// The call's slot: `(depth, keys)` pairs, each the value at `keys`
    /// below the node reached after `depth` steps of `path`: the event (0),
    /// the call (`path.len()`) or an element an `Each` step reached (so a
    /// walker knows it without keeping every node on its way). Empty when
    /// every event names its call whole (id and name together).
    pub(crate) slot: &'static [(usize, &'static [&'static str])],
}

/// What one provider's API is, for this crate.
pub(crate) struct Provider {
    /// The profile of the names its tool definitions accept.
    profile: BuiltinProfile,
    /// The paths to tool names in its requests, responses and message lists.
    rules: &'static [&'static [Step]],
    /// Where its stream events name a call by id or tool.
    calls: &'static [CallPlace],
    /// Its tool definition layout.
    layout: ToolLayout,
}

fn provider(format: Format) -> &'static Provider {
    match format {
        Format::Anthropic => &anthropic::PROVIDER,
        Format::OpenAiChat => &openai_chat::PROVIDER,
        Format::OpenAiResponses => &openai_responses::PROVIDER,
        Format::Gemini => &gemini::PROVIDER,
        Format::BedrockConverse => &bedrock::PROVIDER,
    }
}

/// The paths to tool names in a format's requests, responses and message lists.
pub(crate) fn rules(format: Format) -> &'static [&'static [Step]] {
    provider(format).rules
}

/// The places where `format`'s stream events name a call by id or tool,
/// for remembering which tool an id is.
pub(crate) fn call_places(format: Format) -> &'static [CallPlace] {
    provider(format).calls
}

/// Where each part of a tool goes in one format's tool definition: the
/// path of keys, and what goes there. One table for the native builder
/// ([`tool_definition`](crate::tool_definition)) and the JS wrapper, which
/// fills it with the caller's own schema object.
pub(crate) fn tool_layout(format: Format) -> ToolLayout {
    provider(format).layout
}
