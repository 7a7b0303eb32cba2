//! OpenAI Chat Completions: `tools[].function.name`,
//! `tool_choice.function.name`, `tool_calls[].function.name`. Places from
//! `openai` (chat completions: custom tools,
//! `ChatCompletionAllowedToolChoice`, the deprecated `functions`,
//! `function_call` and `ChatCompletionFunctionMessageParam`); stream calls
//! from `ChatCompletionChunk.Choice.Delta.ToolCall` (the id in the first
//! chunk of a call, its name in the first or any later one).

use super::{CallPlace, Provider};
use crate::tool_name::definitions::Slot;
use crate::tool_name::profile::BuiltinProfile;
use crate::tool_name::providers::Step::{Each, Key, Name, When};

// A tool call delta names a function tool at `function.name` and a custom
// tool at `custom.name`, with the same id and slot. (The JS walkers read
// places that differ only in the name's keys in one step.)
const CALL: CallPlace = CallPlace {
    path: &[Key(&"choices"), Each, Key(&"delta"), Key(&"tool_calls"), Each],
    id: "id",
    name: &["function", "name"],
    slot: &[(2, &["index"]), (5, &["index"])],
};

pub(super) const PROVIDER: Provider = Provider {
    profile: BuiltinProfile::OpenAi,
    rules: &[
        &[Key(&"tools"), Each, Key(&"function"), Name(&"name")],
        &[Key(&"tool_choice"), Key(&"function"), Name(&"name")],
        &[Key(&"messages"), Each, Key(&"tool_calls"), Each, Key(&"function"), Name(&"name")],
        &[Key(&"choices"), Each, Key(&"message"), Key(&"tool_calls"), Each, Key(&"function"), Name(&"name")],
        &[Key(&"choices"), Each, Key(&"delta"), Key(&"tool_calls"), Each, Key(&"function"), Name(&"name")],
        // One message, or a bare message list.
        &[Key(&"tool_calls"), Each, Key(&"function"), Name(&"name")],
        &[Each, Key(&"tool_calls"), Each, Key(&"function"), Name(&"name")],
        // Custom tools: definitions, choices and calls.
        &[Key(&"tools"), Each, Key(&"custom"), Name(&"name")],
        &[Key(&"tool_choice"), Key(&"custom"), Name(&"name")],
        &[Key(&"messages"), Each, Key(&"tool_calls"), Each, Key(&"custom"), Name(&"name")],
        &[Key(&"choices"), Each, Key(&"message"), Key(&"tool_calls"), Each, Key(&"custom"), Name(&"name")],
        &[Key(&"choices"), Each, Key(&"delta"), Key(&"tool_calls"), Each, Key(&"custom"), Name(&"name")],
        &[Key(&"tool_calls"), Each, Key(&"custom"), Name(&"name")],
        &[Each, Key(&"tool_calls"), Each, Key(&"custom"), Name(&"name")],
        // `tool_choice: { type: "allowed_tools", allowed_tools: { tools } }`.
        &[Key(&"tool_choice"), Key(&"allowed_tools"), Key(&"tools"), Each, Key(&"function"), Name(&"name")],
        &[Key(&"tool_choice"), Key(&"allowed_tools"), Key(&"tools"), Each, Key(&"custom"), Name(&"name")],
        // The deprecated function calling that the API and the SDK's types
        // still carry (`functions`, `function_call`, `role: "function"`
        // results): definitions, the choice, calls in messages, responses and
        // stream deltas, and results. A message's `name` is rewritten only in
        // a function result; elsewhere it names a participant.
        &[Key(&"functions"), Each, Name(&"name")],
        &[Key(&"function_call"), Name(&"name")],
        &[Key(&"messages"), Each, Key(&"function_call"), Name(&"name")],
        &[Key(&"messages"), Each, When(&("role", "function")), Name(&"name")],
        &[Key(&"choices"), Each, Key(&"message"), Key(&"function_call"), Name(&"name")],
        &[Key(&"choices"), Each, Key(&"delta"), Key(&"function_call"), Name(&"name")],
        &[Each, Key(&"function_call"), Name(&"name")],
        &[Each, When(&("role", "function")), Name(&"name")],
        &[When(&("role", "function")), Name(&"name")],
        // A tool result's `name`: not in OpenAI's own types, but APIs that
        // speak this format (and older guides) put the tool's name there.
        &[Key(&"messages"), Each, When(&("role", "tool")), Name(&"name")],
        &[Each, When(&("role", "tool")), Name(&"name")],
        &[When(&("role", "tool")), Name(&"name")],
    ],
    calls: &[CALL, CallPlace { name: &["custom", "name"], ..CALL }],
    layout: &[
        (&["type"], Slot::Literal("function")),
        (&["function", "name"], Slot::Name),
        (&["function", "description"], Slot::Description),
        (&["function", "parameters"], Slot::InputSchema),
    ],
};
