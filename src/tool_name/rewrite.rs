//! Where provider payloads carry tool names, and rewriting them.
//!
//! The places are data ([`rules`]), shared by the native walker here (over
//! `serde_json::Value`, the rules merged into one trie per format on first
//! use) and the JS wrapper's walkers (generated from the same table at
//! build time), so both rewrite exactly the same places.

use serde_json::Value;
use std::sync::OnceLock;

use super::profile::BuiltinProfile;
use super::registry::ToolRegistry;

/// A provider payload format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
        match self {
            Self::Anthropic => BuiltinProfile::Anthropic,
            Self::OpenAiChat | Self::OpenAiResponses => BuiltinProfile::OpenAi,
            Self::Gemini => BuiltinProfile::Gemini,
            Self::BedrockConverse => BuiltinProfile::Bedrock,
        }
    }
}

/// One step of a path to a tool name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Into an object's own property.
    Key(&'static str),
    /// Into every element of an array.
    Each,
    /// Only objects whose property equals the string.
    When(&'static str, &'static str),
    /// The property holding a tool name (a string).
    Name(&'static str),
    /// The property holding a list of tool names.
    Names(&'static str),
}

use Step::{Each, Key, Name, Names, When};

// The places come from each provider's SDK type definitions: Anthropic's
// `@anthropic-ai/sdk` (messages, and beta tool search: `ToolReferenceBlock`,
// `ToolSearchToolSearchResultBlock`), OpenAI's `openai` (chat completions:
// custom tools, `ChatCompletionAllowedToolChoice`, the deprecated
// `functions`, `function_call` and `ChatCompletionFunctionMessageParam`; responses:
// `CustomTool`, `ResponseCustomToolCall`, `ToolChoiceAllowed`,
// `ResponseFunctionCallArgumentsDoneEvent`, the `response.*` events that
// carry the whole response; conversations: `ConversationCreateParams`,
// `ItemCreateParams`, `ConversationItemList`; realtime: `SessionUpdateEvent`,
// `RealtimeFunctionTool`), Google's Gemini REST reference (camelCase and
// the snake_case protobuf names) and `@google/genai` (`CreateChatParameters`,
// `SendMessageParameters`, `LiveServerMessage`,
// `LiveSendToolResponseParameters`), and AWS Bedrock Runtime's Converse
// reference (`ToolConfiguration`, `ToolSpecification`, `ToolUseBlock`,
// `ContentBlockStartEvent`).

const ANTHROPIC: &[&[Step]] = &[
    &[Key("tools"), Each, Name("name")],
    &[Key("tool_choice"), When("type", "tool"), Name("name")],
    &[Key("messages"), Each, Key("content"), Each, When("type", "tool_use"), Name("name")],
    // A response, or one message.
    &[Key("content"), Each, When("type", "tool_use"), Name("name")],
    // A bare message list.
    &[Each, Key("content"), Each, When("type", "tool_use"), Name("name")],
    // A streaming `content_block_start` event.
    &[Key("content_block"), When("type", "tool_use"), Name("name")],
    // Tool search: `tool_reference` blocks in a `tool_result`, and the
    // references of a `tool_search_tool_result`.
    &[
        Key("messages"),
        Each,
        Key("content"),
        Each,
        When("type", "tool_result"),
        Key("content"),
        Each,
        When("type", "tool_reference"),
        Name("tool_name"),
    ],
    &[
        Key("content"),
        Each,
        When("type", "tool_result"),
        Key("content"),
        Each,
        When("type", "tool_reference"),
        Name("tool_name"),
    ],
    &[
        Each,
        Key("content"),
        Each,
        When("type", "tool_result"),
        Key("content"),
        Each,
        When("type", "tool_reference"),
        Name("tool_name"),
    ],
    &[
        Key("messages"),
        Each,
        Key("content"),
        Each,
        When("type", "tool_search_tool_result"),
        Key("content"),
        Key("tool_references"),
        Each,
        Name("tool_name"),
    ],
    &[
        Key("content"),
        Each,
        When("type", "tool_search_tool_result"),
        Key("content"),
        Key("tool_references"),
        Each,
        Name("tool_name"),
    ],
    &[
        Each,
        Key("content"),
        Each,
        When("type", "tool_search_tool_result"),
        Key("content"),
        Key("tool_references"),
        Each,
        Name("tool_name"),
    ],
    &[
        Key("content_block"),
        When("type", "tool_search_tool_result"),
        Key("content"),
        Key("tool_references"),
        Each,
        Name("tool_name"),
    ],
];

const OPENAI_CHAT: &[&[Step]] = &[
    &[Key("tools"), Each, Key("function"), Name("name")],
    &[Key("tool_choice"), Key("function"), Name("name")],
    &[Key("messages"), Each, Key("tool_calls"), Each, Key("function"), Name("name")],
    &[Key("choices"), Each, Key("message"), Key("tool_calls"), Each, Key("function"), Name("name")],
    &[Key("choices"), Each, Key("delta"), Key("tool_calls"), Each, Key("function"), Name("name")],
    // One message, or a bare message list.
    &[Key("tool_calls"), Each, Key("function"), Name("name")],
    &[Each, Key("tool_calls"), Each, Key("function"), Name("name")],
    // Custom tools: definitions, choices and calls.
    &[Key("tools"), Each, Key("custom"), Name("name")],
    &[Key("tool_choice"), Key("custom"), Name("name")],
    &[Key("messages"), Each, Key("tool_calls"), Each, Key("custom"), Name("name")],
    &[Key("choices"), Each, Key("message"), Key("tool_calls"), Each, Key("custom"), Name("name")],
    &[Key("choices"), Each, Key("delta"), Key("tool_calls"), Each, Key("custom"), Name("name")],
    &[Key("tool_calls"), Each, Key("custom"), Name("name")],
    &[Each, Key("tool_calls"), Each, Key("custom"), Name("name")],
    // `tool_choice: { type: "allowed_tools", allowed_tools: { tools } }`.
    &[Key("tool_choice"), Key("allowed_tools"), Key("tools"), Each, Key("function"), Name("name")],
    &[Key("tool_choice"), Key("allowed_tools"), Key("tools"), Each, Key("custom"), Name("name")],
    // The deprecated function calling that the API and the SDK's types
    // still carry (`functions`, `function_call`, `role: "function"`
    // results): definitions, the choice, calls in messages, responses and
    // stream deltas, and results. A message's `name` is rewritten only in
    // a function result; elsewhere it names a participant.
    &[Key("functions"), Each, Name("name")],
    &[Key("function_call"), Name("name")],
    &[Key("messages"), Each, Key("function_call"), Name("name")],
    &[Key("messages"), Each, When("role", "function"), Name("name")],
    &[Key("choices"), Each, Key("message"), Key("function_call"), Name("name")],
    &[Key("choices"), Each, Key("delta"), Key("function_call"), Name("name")],
    &[Each, Key("function_call"), Name("name")],
    &[Each, When("role", "function"), Name("name")],
    &[When("role", "function"), Name("name")],
];

const OPENAI_RESPONSES: &[&[Step]] = &[
    &[Key("tools"), Each, When("type", "function"), Name("name")],
    &[Key("tool_choice"), When("type", "function"), Name("name")],
    &[Key("input"), Each, When("type", "function_call"), Name("name")],
    &[Key("output"), Each, When("type", "function_call"), Name("name")],
    // A bare item list; a streaming `response.output_item.*` event.
    &[Each, When("type", "function_call"), Name("name")],
    &[Key("item"), When("type", "function_call"), Name("name")],
    // Custom tools: definitions, choices and calls.
    &[Key("tools"), Each, When("type", "custom"), Name("name")],
    &[Key("tool_choice"), When("type", "custom"), Name("name")],
    &[Key("input"), Each, When("type", "custom_tool_call"), Name("name")],
    &[Key("output"), Each, When("type", "custom_tool_call"), Name("name")],
    &[Each, When("type", "custom_tool_call"), Name("name")],
    &[Key("item"), When("type", "custom_tool_call"), Name("name")],
    // `tool_choice: { type: "allowed_tools", tools }`.
    &[Key("tool_choice"), When("type", "allowed_tools"), Key("tools"), Each, When("type", "function"), Name("name")],
    &[Key("tool_choice"), When("type", "allowed_tools"), Key("tools"), Each, When("type", "custom"), Name("name")],
    // Stream events: the name once the arguments are done, and the whole
    // response in `response.created|in_progress|completed|incomplete|failed`.
    &[When("type", "response.function_call_arguments.done"), Name("name")],
    &[Key("response"), Key("output"), Each, When("type", "function_call"), Name("name")],
    &[Key("response"), Key("output"), Each, When("type", "custom_tool_call"), Name("name")],
    &[Key("response"), Key("tools"), Each, When("type", "function"), Name("name")],
    &[Key("response"), Key("tools"), Each, When("type", "custom"), Name("name")],
    &[Key("response"), Key("tool_choice"), When("type", "function"), Name("name")],
    // `NamespaceTool` (openai-node src/resources/responses/responses.ts):
    // `{ type: "namespace", name, tools: [function or custom tools] }`, and
    // the `namespace` its calls carry beside their `name`. Each name maps
    // on its own: the namespace is whatever name the host gave the group.
    &[Key("tools"), Each, When("type", "namespace"), Name("name")],
    &[Key("tools"), Each, When("type", "namespace"), Key("tools"), Each, When("type", "function"), Name("name")],
    &[Key("tools"), Each, When("type", "namespace"), Key("tools"), Each, When("type", "custom"), Name("name")],
    &[Key("response"), Key("tools"), Each, When("type", "namespace"), Name("name")],
    &[
        Key("response"),
        Key("tools"),
        Each,
        When("type", "namespace"),
        Key("tools"),
        Each,
        When("type", "function"),
        Name("name"),
    ],
    &[
        Key("response"),
        Key("tools"),
        Each,
        When("type", "namespace"),
        Key("tools"),
        Each,
        When("type", "custom"),
        Name("name"),
    ],
    &[Key("input"), Each, When("type", "function_call"), Name("namespace")],
    &[Key("input"), Each, When("type", "custom_tool_call"), Name("namespace")],
    &[Key("output"), Each, When("type", "function_call"), Name("namespace")],
    &[Key("output"), Each, When("type", "custom_tool_call"), Name("namespace")],
    &[Each, When("type", "function_call"), Name("namespace")],
    &[Each, When("type", "custom_tool_call"), Name("namespace")],
    &[Key("item"), When("type", "function_call"), Name("namespace")],
    &[Key("item"), When("type", "custom_tool_call"), Name("namespace")],
    &[Key("response"), Key("output"), Each, When("type", "function_call"), Name("namespace")],
    &[Key("response"), Key("output"), Each, When("type", "custom_tool_call"), Name("namespace")],
    // The Realtime API's session (`session.update`, `session.created`,
    // `session.updated`); its items, `response.*` events and
    // `response.create` share the shapes above.
    &[Key("session"), Key("tools"), Each, When("type", "function"), Name("name")],
    &[Key("session"), Key("tool_choice"), When("type", "function"), Name("name")],
    // Stored history: the Conversations API's `items` (creating a
    // conversation, adding items) and the `data` of a listed page (a
    // conversation's items, a response's input items).
    &[Key("items"), Each, When("type", "function_call"), Name("name")],
    &[Key("items"), Each, When("type", "custom_tool_call"), Name("name")],
    &[Key("items"), Each, When("type", "function_call"), Name("namespace")],
    &[Key("items"), Each, When("type", "custom_tool_call"), Name("namespace")],
    &[Key("data"), Each, When("type", "function_call"), Name("name")],
    &[Key("data"), Each, When("type", "custom_tool_call"), Name("name")],
    &[Key("data"), Each, When("type", "function_call"), Name("namespace")],
    &[Key("data"), Each, When("type", "custom_tool_call"), Name("namespace")],
];

const GEMINI: &[&[Step]] = &[
    &[Key("tools"), Each, Key("functionDeclarations"), Each, Name("name")],
    &[Key("tools"), Each, Key("function_declarations"), Each, Name("name")],
    &[Key("toolConfig"), Key("functionCallingConfig"), Names("allowedFunctionNames")],
    &[Key("contents"), Each, Key("parts"), Each, Key("functionCall"), Name("name")],
    &[Key("contents"), Each, Key("parts"), Each, Key("functionResponse"), Name("name")],
    &[Key("candidates"), Each, Key("content"), Key("parts"), Each, Key("functionCall"), Name("name")],
    // The Gemini SDK's response also carries the contents of its automatic
    // function calling (`GenerateContentResponse.automaticFunctionCallingHistory`).
    &[Key("automaticFunctionCallingHistory"), Each, Key("parts"), Each, Key("functionCall"), Name("name")],
    &[Key("automaticFunctionCallingHistory"), Each, Key("parts"), Each, Key("functionResponse"), Name("name")],
    // One content, or a bare content list.
    &[Key("parts"), Each, Key("functionCall"), Name("name")],
    &[Key("parts"), Each, Key("functionResponse"), Name("name")],
    &[Each, Key("parts"), Each, Key("functionCall"), Name("name")],
    &[Each, Key("parts"), Each, Key("functionResponse"), Name("name")],
    // The parameters of the Gemini SDK's `generateContent` (`@google/genai`),
    // which carry the request's tools and tool config under `config`.
    &[Key("config"), Key("tools"), Each, Key("functionDeclarations"), Each, Name("name")],
    &[Key("config"), Key("toolConfig"), Key("functionCallingConfig"), Names("allowedFunctionNames")],
    // The Gemini SDK's chats: `chats.create({ history })` (contents), and
    // `sendMessage({ message })`, whose message is a list of parts or one
    // part (a function's response goes back so).
    &[Key("history"), Each, Key("parts"), Each, Key("functionCall"), Name("name")],
    &[Key("history"), Each, Key("parts"), Each, Key("functionResponse"), Name("name")],
    &[Key("message"), Each, Key("functionCall"), Name("name")],
    &[Key("message"), Each, Key("functionResponse"), Name("name")],
    &[Key("message"), Key("functionResponse"), Name("name")],
    // The Live API: a server message's `toolCall`, and the client's tool
    // response (`session.sendToolResponse({ functionResponses })`, a list
    // or one; on the wire inside `toolResponse`).
    &[Key("toolCall"), Key("functionCalls"), Each, Name("name")],
    &[Key("functionResponses"), Each, Name("name")],
    &[Key("functionResponses"), Name("name")],
    &[Key("toolResponse"), Key("functionResponses"), Each, Name("name")],
    // The snake_case names the REST API also accepts.
    &[Key("tool_config"), Key("function_calling_config"), Names("allowed_function_names")],
    &[Key("contents"), Each, Key("parts"), Each, Key("function_call"), Name("name")],
    &[Key("contents"), Each, Key("parts"), Each, Key("function_response"), Name("name")],
    &[Key("candidates"), Each, Key("content"), Key("parts"), Each, Key("function_call"), Name("name")],
    &[Key("parts"), Each, Key("function_call"), Name("name")],
    &[Key("parts"), Each, Key("function_response"), Name("name")],
    &[Each, Key("parts"), Each, Key("function_call"), Name("name")],
    &[Each, Key("parts"), Each, Key("function_response"), Name("name")],
];

const BEDROCK_CONVERSE: &[&[Step]] = &[
    &[Key("toolConfig"), Key("tools"), Each, Key("toolSpec"), Name("name")],
    &[Key("toolConfig"), Key("toolChoice"), Key("tool"), Name("name")],
    &[Key("messages"), Each, Key("content"), Each, Key("toolUse"), Name("name")],
    // A response (`output.message`), one message, a bare message list.
    &[Key("output"), Key("message"), Key("content"), Each, Key("toolUse"), Name("name")],
    &[Key("content"), Each, Key("toolUse"), Name("name")],
    &[Each, Key("content"), Each, Key("toolUse"), Name("name")],
    // A streaming `contentBlockStart` event.
    &[Key("contentBlockStart"), Key("start"), Key("toolUse"), Name("name")],
];

/// Where a stream event carries a tool call's id or its name: the path to
/// the call, the key of its id, the keys down to its name, and what makes
/// it the same call across events (its slot).
///
/// A call's id and name may arrive in different events (an OpenAI Chat
/// chunk with the id, a later one with the name; a Responses
/// `function_call_arguments.done` naming its item): the events of one call
/// share a slot, the values read at `slot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallPlace {
    /// The steps to each call object.
    pub path: &'static [Step],
    /// The call's id.
    pub id: &'static str,
    /// The keys from the call to its name.
    pub name: &'static [&'static str],
    /// The call's slot: `(depth, keys)` pairs, each the value at `keys`
    /// below the node reached after `depth` steps of `path`: the event (0),
    /// the call (`path.len()`) or an element an `Each` step reached (so a
    /// walker knows it without keeping every node on its way). Empty when
    /// every event names its call whole (id and name together).
    pub slot: &'static [(usize, &'static [&'static str])],
}

/// The places where `format`'s stream events name a call by id or tool,
/// for remembering which tool an id is.
#[must_use]
pub fn call_places(format: Format) -> &'static [CallPlace] {
    match format {
        Format::Anthropic => CALLS_ANTHROPIC,
        Format::OpenAiChat => CALLS_OPENAI_CHAT,
        Format::OpenAiResponses => CALLS_OPENAI_RESPONSES,
        Format::Gemini => CALLS_GEMINI,
        Format::BedrockConverse => CALLS_BEDROCK,
    }
}

// Shapes: Anthropic `RawContentBlockStartEvent`; OpenAI
// `ChatCompletionChunk.Choice.Delta.ToolCall` (the id in the first chunk of
// a call, its name in the first or any later one) and `ResponseStreamEvent`
// (`ResponseOutputItemAddedEvent`, `ResponseFunctionCallArgumentsDoneEvent`
// with its `name`); Gemini `GenerateContentResponse`; Bedrock
// `ConverseStreamOutput.contentBlockStart`.
const CALLS_ANTHROPIC: &[CallPlace] = &[CallPlace {
    path: &[Key("content_block"), When("type", "tool_use")],
    id: "id",
    name: &["name"],
    slot: &[(0, &["index"])],
}];
// A tool call delta names a function tool at `function.name` and a custom
// tool at `custom.name`, with the same id and slot. (The JS walkers read
// places that differ only in the name's keys in one step.)
const OPENAI_CHAT_CALL: CallPlace = CallPlace {
    path: &[Key("choices"), Each, Key("delta"), Key("tool_calls"), Each],
    id: "id",
    name: &["function", "name"],
    slot: &[(2, &["index"]), (5, &["index"])],
};
const CALLS_OPENAI_CHAT: &[CallPlace] =
    &[OPENAI_CHAT_CALL, CallPlace { name: &["custom", "name"], ..OPENAI_CHAT_CALL }];
const CALLS_OPENAI_RESPONSES: &[CallPlace] = &[
    CallPlace {
        path: &[Key("item"), When("type", "function_call")],
        id: "call_id",
        name: &["name"],
        slot: &[(0, &["output_index"])],
    },
    CallPlace {
        path: &[Key("item"), When("type", "function_call")],
        id: "id",
        name: &["name"],
        slot: &[(0, &["output_index"])],
    },
    CallPlace {
        path: &[When("type", "response.function_call_arguments.done")],
        id: "item_id",
        name: &["name"],
        slot: &[(0, &["output_index"])],
    },
    CallPlace {
        path: &[Key("item"), When("type", "custom_tool_call")],
        id: "call_id",
        name: &["name"],
        slot: &[(0, &["output_index"])],
    },
    CallPlace {
        path: &[Key("item"), When("type", "custom_tool_call")],
        id: "id",
        name: &["name"],
        slot: &[(0, &["output_index"])],
    },
    CallPlace {
        path: &[Key("response"), Key("output"), Each, When("type", "custom_tool_call")],
        id: "call_id",
        name: &["name"],
        slot: &[],
    },
    // The whole response of `response.completed` and the other `response.*` events.
    CallPlace {
        path: &[Key("response"), Key("output"), Each, When("type", "function_call")],
        id: "call_id",
        name: &["name"],
        slot: &[],
    },
];
const CALLS_GEMINI: &[CallPlace] = &[
    CallPlace {
        path: &[Key("candidates"), Each, Key("content"), Key("parts"), Each, Key("functionCall")],
        id: "id",
        name: &["name"],
        slot: &[],
    },
    // A Live API server message's calls (a later `toolCallCancellation`
    // names them by id only).
    CallPlace { path: &[Key("toolCall"), Key("functionCalls"), Each], id: "id", name: &["name"], slot: &[] },
];
const CALLS_BEDROCK: &[CallPlace] = &[CallPlace {
    path: &[Key("contentBlockStart"), Key("start"), Key("toolUse")],
    id: "toolUseId",
    name: &["name"],
    slot: &[(0, &["contentBlockStart", "contentBlockIndex"])],
}];

/// The paths to tool names in a format's requests, responses and message lists.
#[must_use]
pub fn rules(format: Format) -> &'static [&'static [Step]] {
    match format {
        Format::Anthropic => ANTHROPIC,
        Format::OpenAiChat => OPENAI_CHAT,
        Format::OpenAiResponses => OPENAI_RESPONSES,
        Format::Gemini => GEMINI,
        Format::BedrockConverse => BEDROCK_CONVERSE,
    }
}

impl ToolRegistry {
    /// The outbound payload with every registered canonical name replaced by
    /// its alias; unknown names and everything else unchanged.
    #[must_use]
    pub fn to_provider(&self, payload: &Value, format: Format) -> Value {
        rewrite(payload, format, |name| self.alias_of_canonical(name))
    }

    /// The provider's response or history with every registered alias
    /// replaced by its canonical name; unknown names unchanged.
    #[must_use]
    pub fn from_provider(&self, payload: &Value, format: Format) -> Value {
        rewrite(payload, format, |name| self.canonical_of_alias(name))
    }
}

fn rewrite<'s>(payload: &Value, format: Format, map: impl Fn(&str) -> Option<&'s str>) -> Value {
    let mut out = payload.clone();
    walk(&mut out, trie(format), &map);
    out
}

/// A format's rules merged into a trie: a prefix that several rules share
/// is walked once (a message list once for every place in a message,
/// rather than once per rule). Children keep the rules' order.
#[derive(Debug, Default)]
pub(crate) struct Trie {
    pub(crate) children: Vec<(Step, Trie)>,
}

impl Trie {
    fn of(rules: &[&[Step]]) -> Self {
        let mut root = Self::default();
        for rule in rules {
            let mut node = &mut root;
            for step in *rule {
                let i = node.children.iter().position(|(s, _)| s == step).unwrap_or_else(|| {
                    node.children.push((*step, Self::default()));
                    node.children.len() - 1
                });
                node = &mut node.children[i].1;
            }
        }
        root
    }
}

/// The trie of `format`'s rules, built on first use.
pub(crate) fn trie(format: Format) -> &'static Trie {
    static TRIES: [OnceLock<Trie>; Format::ALL.len()] = [const { OnceLock::new() }; Format::ALL.len()];
    let i = Format::ALL.iter().position(|f| *f == format).unwrap_or_default();
    TRIES[i].get_or_init(|| Trie::of(rules(format)))
}

fn walk<'s>(node: &mut Value, trie: &Trie, map: &impl Fn(&str) -> Option<&'s str>) {
    for (step, below) in &trie.children {
        match *step {
            Key(k) => {
                if let Some(child) = node.as_object_mut().and_then(|o| o.get_mut(k)) {
                    walk(child, below, map);
                }
            }
            Each => {
                if let Some(items) = node.as_array_mut() {
                    for item in items {
                        walk(item, below, map);
                    }
                }
            }
            When(k, v) => {
                if node.get(k).and_then(Value::as_str) == Some(v) {
                    walk(node, below, map);
                }
            }
            Name(k) => {
                if let Some(slot) = node.as_object_mut().and_then(|o| o.get_mut(k)) {
                    rename(slot, map);
                }
            }
            Names(k) => {
                if let Some(list) = node.as_object_mut().and_then(|o| o.get_mut(k)).and_then(Value::as_array_mut) {
                    for slot in list {
                        rename(slot, map);
                    }
                }
            }
        }
    }
}

fn rename<'s>(slot: &mut Value, map: &impl Fn(&str) -> Option<&'s str>) {
    if let Some(new) = slot.as_str().and_then(map) {
        *slot = Value::String(new.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_format_trie_holds_every_rule_once_and_shares_prefixes() {
        fn paths(t: &Trie, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
            if t.children.is_empty() {
                out.push(prefix.clone());
            }
            for (step, below) in &t.children {
                prefix.push(*step);
                paths(below, prefix, out);
                prefix.pop();
            }
        }
        for format in Format::ALL {
            let mut got = Vec::new();
            paths(trie(format), &mut Vec::new(), &mut got);
            let want: Vec<Vec<Step>> = rules(format).iter().map(|r| r.to_vec()).collect();
            assert_eq!(got.len(), want.len(), "{format:?}: no rule is a prefix of another");
            for rule in &want {
                assert!(got.contains(rule), "{format:?}: {rule:?}");
            }
            assert!(trie(format).children.len() < want.len(), "{format:?}: rules share their first step");
        }
    }

    #[test]
    fn anthropic_round_trip() {
        let mut r = ToolRegistry::default();
        r.register("github/create_issue").unwrap();
        r.register("search").unwrap();
        let request = json!({
            "model": "claude", "tools": [{"name": "github/create_issue", "input_schema": {}}, {"name": "search"}, {"type": "web_search_20250305", "name": "web_search"}],
            "tool_choice": {"type": "tool", "name": "github/create_issue"},
            "messages": [{"role": "assistant", "content": [{"type": "text", "text": "github/create_issue"}, {"type": "tool_use", "id": "t1", "name": "github/create_issue", "input": {"name": "github/create_issue"}}]}]
        });
        let out = r.to_provider(&request, Format::Anthropic);
        assert_eq!(out["tools"][0]["name"], "github__create_issue");
        assert_eq!(out["tools"][1]["name"], "search");
        assert_eq!(out["tools"][2]["name"], "web_search");
        assert_eq!(out["tool_choice"]["name"], "github__create_issue");
        assert_eq!(out["messages"][0]["content"][1]["name"], "github__create_issue");
        assert_eq!(out["messages"][0]["content"][0]["text"], "github/create_issue", "text untouched");
        assert_eq!(out["messages"][0]["content"][1]["input"]["name"], "github/create_issue", "input untouched");
        assert_eq!(r.from_provider(&out, Format::Anthropic), request);
    }

    #[test]
    fn gemini_allowed_names_and_bare_lists() {
        let mut r = ToolRegistry::default();
        r.register("a/b").unwrap();
        let p = json!({"toolConfig": {"functionCallingConfig": {"allowedFunctionNames": ["a/b", "other"]}}});
        assert_eq!(
            r.to_provider(&p, Format::Gemini)["toolConfig"]["functionCallingConfig"]["allowedFunctionNames"],
            json!(["a__b", "other"])
        );
        let list = json!([{"role": "model", "parts": [{"functionCall": {"name": "a__b", "args": {}}}]}]);
        assert_eq!(r.from_provider(&list, Format::Gemini)[0]["parts"][0]["functionCall"]["name"], "a/b");
    }

    #[test]
    fn call_slots_are_read_where_a_walker_knows_the_node() {
        for format in Format::ALL {
            for place in call_places(format) {
                for &(depth, keys) in place.slot {
                    let known = depth == 0 || depth == place.path.len() || place.path[depth - 1] == Each;
                    assert!(known && !keys.is_empty(), "{}: slot depth {depth}", format.name());
                }
            }
        }
    }

    #[test]
    fn responses_namespace_tools_and_their_calls() {
        let mut r = ToolRegistry::default();
        r.register("github/create_issue").unwrap();
        r.register("crm/lookup").unwrap();
        let request = json!({"tools": [{"type": "namespace", "name": "crm/lookup", "description": "", "tools": [
            {"type": "function", "name": "github/create_issue"}, {"type": "custom", "name": "crm/lookup"}, {"type": "function", "name": "local"}]}]});
        let out = r.to_provider(&request, Format::OpenAiResponses);
        assert_eq!(out["tools"][0]["name"], "crm__lookup");
        assert_eq!(out["tools"][0]["tools"][0]["name"], "github__create_issue");
        assert_eq!(out["tools"][0]["tools"][1]["name"], "crm__lookup");
        assert_eq!(out["tools"][0]["tools"][2]["name"], "local");
        assert_eq!(r.from_provider(&out, Format::OpenAiResponses), request);
        let call = json!({"output": [{"type": "function_call", "call_id": "c", "namespace": "crm__lookup", "name": "github__create_issue", "arguments": "{}"}]});
        let back = r.from_provider(&call, Format::OpenAiResponses);
        assert_eq!(back["output"][0]["namespace"], "crm/lookup");
        assert_eq!(back["output"][0]["name"], "github/create_issue");
    }
}
