//! OpenAI Responses: function tools, `tool_choice`, `function_call` items.
//! Places from `openai` (responses: `CustomTool`, `ResponseCustomToolCall`,
//! `ToolChoiceAllowed`, `ResponseFunctionCallArgumentsDoneEvent`, the
//! `response.*` events that carry the whole response; conversations:
//! `ConversationCreateParams`, `ItemCreateParams`, `ConversationItemList`;
//! realtime: `SessionUpdateEvent`, `RealtimeFunctionTool`); stream calls
//! from `ResponseStreamEvent` (`ResponseOutputItemAddedEvent`,
//! `ResponseFunctionCallArgumentsDoneEvent` with its `name`).

use super::{CallPlace, Provider};
use crate::tool_name::definitions::Slot;
use crate::tool_name::profile::BuiltinProfile;
use crate::tool_name::providers::Step::{Each, Key, Name, When};

pub(super) const PROVIDER: Provider = Provider {
    profile: BuiltinProfile::OpenAi,
    rules: &[
        &[Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"tool_choice"), When(&("type", "function")), Name(&"name")],
        &[Key(&"input"), Each, When(&("type", "function_call")), Name(&"name")],
        &[Key(&"output"), Each, When(&("type", "function_call")), Name(&"name")],
        // A bare item list; a streaming `response.output_item.*` event.
        &[Each, When(&("type", "function_call")), Name(&"name")],
        &[Key(&"item"), When(&("type", "function_call")), Name(&"name")],
        // Custom tools: definitions, choices and calls.
        &[Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        &[Key(&"tool_choice"), When(&("type", "custom")), Name(&"name")],
        &[Key(&"input"), Each, When(&("type", "custom_tool_call")), Name(&"name")],
        &[Key(&"output"), Each, When(&("type", "custom_tool_call")), Name(&"name")],
        &[Each, When(&("type", "custom_tool_call")), Name(&"name")],
        &[Key(&"item"), When(&("type", "custom_tool_call")), Name(&"name")],
        // `tool_choice: { type: "allowed_tools", tools }`.
        &[Key(&"tool_choice"), When(&("type", "allowed_tools")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"tool_choice"), When(&("type", "allowed_tools")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        // Stream events: the name once the arguments are done, and the whole
        // response in `response.created|in_progress|completed|incomplete|failed`.
        &[When(&("type", "response.function_call_arguments.done")), Name(&"name")],
        &[Key(&"response"), Key(&"output"), Each, When(&("type", "function_call")), Name(&"name")],
        &[Key(&"response"), Key(&"output"), Each, When(&("type", "custom_tool_call")), Name(&"name")],
        &[Key(&"response"), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"response"), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        &[Key(&"response"), Key(&"tool_choice"), When(&("type", "function")), Name(&"name")],
        &[Key(&"response"), Key(&"tool_choice"), When(&("type", "custom")), Name(&"name")],
        &[Key(&"response"), Key(&"tool_choice"), When(&("type", "allowed_tools")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"response"), Key(&"tool_choice"), When(&("type", "allowed_tools")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        // `NamespaceTool` (openai-node src/resources/responses/responses.ts):
        // `{ type: "namespace", name, tools: [function or custom tools] }`, and
        // the `namespace` its calls carry beside their `name`. Each name maps
        // on its own: the namespace is whatever name the host gave the group.
        &[Key(&"tools"), Each, When(&("type", "namespace")), Name(&"name")],
        &[Key(&"tools"), Each, When(&("type", "namespace")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"tools"), Each, When(&("type", "namespace")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        &[Key(&"response"), Key(&"tools"), Each, When(&("type", "namespace")), Name(&"name")],
        &[
            Key(&"response"),
            Key(&"tools"),
            Each,
            When(&("type", "namespace")),
            Key(&"tools"),
            Each,
            When(&("type", "function")),
            Name(&"name"),
        ],
        &[
            Key(&"response"),
            Key(&"tools"),
            Each,
            When(&("type", "namespace")),
            Key(&"tools"),
            Each,
            When(&("type", "custom")),
            Name(&"name"),
        ],
        &[Key(&"input"), Each, When(&("type", "function_call")), Name(&"namespace")],
        &[Key(&"input"), Each, When(&("type", "custom_tool_call")), Name(&"namespace")],
        &[Key(&"output"), Each, When(&("type", "function_call")), Name(&"namespace")],
        &[Key(&"output"), Each, When(&("type", "custom_tool_call")), Name(&"namespace")],
        &[Each, When(&("type", "function_call")), Name(&"namespace")],
        &[Each, When(&("type", "custom_tool_call")), Name(&"namespace")],
        &[Key(&"item"), When(&("type", "function_call")), Name(&"namespace")],
        &[Key(&"item"), When(&("type", "custom_tool_call")), Name(&"namespace")],
        &[Key(&"response"), Key(&"output"), Each, When(&("type", "function_call")), Name(&"namespace")],
        &[Key(&"response"), Key(&"output"), Each, When(&("type", "custom_tool_call")), Name(&"namespace")],
        // The Realtime API's session (`session.update`, `session.created`,
        // `session.updated`); its items, `response.*` events and
        // `response.create` share the shapes above.
        &[Key(&"session"), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"session"), Key(&"tool_choice"), When(&("type", "function")), Name(&"name")],
        // Stored history: the Conversations API's `items` (creating a
        // conversation, adding items) and the `data` of a listed page (a
        // conversation's items, a response's input items).
        &[Key(&"items"), Each, When(&("type", "function_call")), Name(&"name")],
        &[Key(&"items"), Each, When(&("type", "custom_tool_call")), Name(&"name")],
        &[Key(&"items"), Each, When(&("type", "function_call")), Name(&"namespace")],
        &[Key(&"items"), Each, When(&("type", "custom_tool_call")), Name(&"namespace")],
        &[Key(&"data"), Each, When(&("type", "function_call")), Name(&"name")],
        &[Key(&"data"), Each, When(&("type", "custom_tool_call")), Name(&"name")],
        &[Key(&"data"), Each, When(&("type", "function_call")), Name(&"namespace")],
        &[Key(&"data"), Each, When(&("type", "custom_tool_call")), Name(&"namespace")],
        // A function call's output may name the tool that produced it
        // (`FunctionCallOutput`, `ResponseFunctionToolCallOutputItem`: `name`,
        // `namespace`), wherever items go.
        &[Key(&"input"), Each, When(&("type", "function_call_output")), Name(&"name")],
        &[Key(&"input"), Each, When(&("type", "function_call_output")), Name(&"namespace")],
        &[Each, When(&("type", "function_call_output")), Name(&"name")],
        &[Each, When(&("type", "function_call_output")), Name(&"namespace")],
        &[Key(&"items"), Each, When(&("type", "function_call_output")), Name(&"name")],
        &[Key(&"items"), Each, When(&("type", "function_call_output")), Name(&"namespace")],
        &[Key(&"data"), Each, When(&("type", "function_call_output")), Name(&"name")],
        &[Key(&"data"), Each, When(&("type", "function_call_output")), Name(&"namespace")],
        &[Key(&"item"), When(&("type", "function_call_output")), Name(&"name")],
        &[Key(&"item"), When(&("type", "function_call_output")), Name(&"namespace")],
        // Tool search (`ResponseToolSearchOutputItem[Param]`): the tool
        // definitions it loaded, which the host sends in `input` when it ran
        // the search (client execution, also as a bare item list) and the
        // API returns in `output` when it did. Its other places (streamed
        // items, stored history) are left: an alias the API returned goes
        // back to it as it is, and each rule is bytes in every host module.
        &[Key(&"input"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"input"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        &[Key(&"input"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Name(&"name")],
        &[Key(&"input"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"input"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        &[Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        &[Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Name(&"name")],
        &[Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        &[Key(&"output"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"output"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
        &[Key(&"output"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Name(&"name")],
        &[Key(&"output"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Key(&"tools"), Each, When(&("type", "function")), Name(&"name")],
        &[Key(&"output"), Each, When(&("type", "tool_search_output")), Key(&"tools"), Each, When(&("type", "namespace")), Key(&"tools"), Each, When(&("type", "custom")), Name(&"name")],
    ],
    calls: &[
        CallPlace {
            path: &[Key(&"item"), When(&("type", "function_call"))],
            id: "call_id",
            name: &["name"],
            slot: &[(0, &["output_index"])],
        },
        CallPlace {
            path: &[Key(&"item"), When(&("type", "function_call"))],
            id: "id",
            name: &["name"],
            slot: &[(0, &["output_index"])],
        },
        CallPlace {
            path: &[When(&("type", "response.function_call_arguments.done"))],
            id: "item_id",
            name: &["name"],
            slot: &[(0, &["output_index"])],
        },
        CallPlace {
            path: &[Key(&"item"), When(&("type", "custom_tool_call"))],
            id: "call_id",
            name: &["name"],
            slot: &[(0, &["output_index"])],
        },
        CallPlace {
            path: &[Key(&"item"), When(&("type", "custom_tool_call"))],
            id: "id",
            name: &["name"],
            slot: &[(0, &["output_index"])],
        },
        CallPlace {
            path: &[Key(&"response"), Key(&"output"), Each, When(&("type", "custom_tool_call"))],
            id: "call_id",
            name: &["name"],
            slot: &[],
        },
        // The whole response of `response.completed` and the other `response.*` events.
        CallPlace {
            path: &[Key(&"response"), Key(&"output"), Each, When(&("type", "function_call"))],
            id: "call_id",
            name: &["name"],
            slot: &[],
        },
    ],
    layout: // `strict: false`: without it the Responses API puts the schema in
    // strict mode, making every optional field required (Chat
    // Completions stays non-strict when it is left out). An MCP input
    // schema is the server's own JSON Schema, to be taken as it is.
    &[
        (&["type"], Slot::Literal("function")),
        (&["name"], Slot::Name),
        (&["description"], Slot::Description),
        (&["parameters"], Slot::InputSchema),
        (&["strict"], Slot::Flag(false)),
    ],
};
