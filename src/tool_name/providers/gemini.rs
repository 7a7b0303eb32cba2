//! Gemini: `functionDeclarations[].name`, `functionCall.name`,
//! `functionResponse.name`, `allowedFunctionNames` (and their `snake_case`
//! forms). Places from Google's Gemini REST reference (camelCase and the
//! `snake_case` protobuf names) and `@google/genai` (`CreateChatParameters`,
//! `SendMessageParameters`, `LiveServerMessage`,
//! `LiveSendToolResponseParameters`); stream calls from
//! `GenerateContentResponse`.

use super::{CallPlace, Provider};
use crate::tool_name::definitions::Slot;
use crate::tool_name::profile::BuiltinProfile;
use crate::tool_name::providers::Step::{Each, Key, Name, Names};

pub(super) const PROVIDER: Provider = Provider {
    profile: BuiltinProfile::Gemini,
    rules: &[
        &[Key(&"tools"), Each, Key(&"functionDeclarations"), Each, Name(&"name")],
        &[Key(&"tools"), Each, Key(&"function_declarations"), Each, Name(&"name")],
        &[Key(&"toolConfig"), Key(&"functionCallingConfig"), Names(&"allowedFunctionNames")],
        &[Key(&"contents"), Each, Key(&"parts"), Each, Key(&"functionCall"), Name(&"name")],
        &[Key(&"contents"), Each, Key(&"parts"), Each, Key(&"functionResponse"), Name(&"name")],
        &[Key(&"candidates"), Each, Key(&"content"), Key(&"parts"), Each, Key(&"functionCall"), Name(&"name")],
        // The Gemini SDK's response also carries the contents of its automatic
        // function calling (`GenerateContentResponse.automaticFunctionCallingHistory`).
        &[Key(&"automaticFunctionCallingHistory"), Each, Key(&"parts"), Each, Key(&"functionCall"), Name(&"name")],
        &[Key(&"automaticFunctionCallingHistory"), Each, Key(&"parts"), Each, Key(&"functionResponse"), Name(&"name")],
        // One content, or a bare content list.
        &[Key(&"parts"), Each, Key(&"functionCall"), Name(&"name")],
        &[Key(&"parts"), Each, Key(&"functionResponse"), Name(&"name")],
        &[Each, Key(&"parts"), Each, Key(&"functionCall"), Name(&"name")],
        &[Each, Key(&"parts"), Each, Key(&"functionResponse"), Name(&"name")],
        // The parameters of the Gemini SDK's `generateContent` (`@google/genai`),
        // which carry the request's tools and tool config under `config`.
        &[Key(&"config"), Key(&"tools"), Each, Key(&"functionDeclarations"), Each, Name(&"name")],
        &[Key(&"config"), Key(&"toolConfig"), Key(&"functionCallingConfig"), Names(&"allowedFunctionNames")],
        // The Gemini SDK's chats: `chats.create({ history })` (contents), and
        // `sendMessage({ message })`, whose message is a list of parts or one
        // part (a function's response goes back so).
        &[Key(&"history"), Each, Key(&"parts"), Each, Key(&"functionCall"), Name(&"name")],
        &[Key(&"history"), Each, Key(&"parts"), Each, Key(&"functionResponse"), Name(&"name")],
        &[Key(&"message"), Each, Key(&"functionCall"), Name(&"name")],
        &[Key(&"message"), Each, Key(&"functionResponse"), Name(&"name")],
        &[Key(&"message"), Key(&"functionResponse"), Name(&"name")],
        // The Live API: a server message's `toolCall`, and the client's tool
        // response (`session.sendToolResponse({ functionResponses })`, a list
        // or one; on the wire inside `toolResponse`).
        &[Key(&"toolCall"), Key(&"functionCalls"), Each, Name(&"name")],
        &[Key(&"functionResponses"), Each, Name(&"name")],
        &[Key(&"functionResponses"), Name(&"name")],
        &[Key(&"toolResponse"), Key(&"functionResponses"), Each, Name(&"name")],
        // The Live API's setup message and a client's turns (on the wire in
        // `clientContent`, and the SDK's `sendClientContent({ turns })`).
        &[Key(&"setup"), Key(&"tools"), Each, Key(&"functionDeclarations"), Each, Name(&"name")],
        &[Key(&"clientContent"), Key(&"turns"), Each, Key(&"parts"), Each, Key(&"functionCall"), Name(&"name")],
        &[Key(&"clientContent"), Key(&"turns"), Each, Key(&"parts"), Each, Key(&"functionResponse"), Name(&"name")],
        &[Key(&"turns"), Each, Key(&"parts"), Each, Key(&"functionCall"), Name(&"name")],
        &[Key(&"turns"), Each, Key(&"parts"), Each, Key(&"functionResponse"), Name(&"name")],
        // The snake_case names the REST API also accepts.
        &[Key(&"tool_config"), Key(&"function_calling_config"), Names(&"allowed_function_names")],
        &[Key(&"contents"), Each, Key(&"parts"), Each, Key(&"function_call"), Name(&"name")],
        &[Key(&"contents"), Each, Key(&"parts"), Each, Key(&"function_response"), Name(&"name")],
        &[Key(&"candidates"), Each, Key(&"content"), Key(&"parts"), Each, Key(&"function_call"), Name(&"name")],
        &[Key(&"parts"), Each, Key(&"function_call"), Name(&"name")],
        &[Key(&"parts"), Each, Key(&"function_response"), Name(&"name")],
        &[Each, Key(&"parts"), Each, Key(&"function_call"), Name(&"name")],
        &[Each, Key(&"parts"), Each, Key(&"function_response"), Name(&"name")],
    ],
    calls: &[
        CallPlace {
            path: &[Key(&"candidates"), Each, Key(&"content"), Key(&"parts"), Each, Key(&"functionCall")],
            id: "id",
            name: &["name"],
            slot: &[],
        },
        // A Live API server message's calls (a later `toolCallCancellation`
        // names them by id only).
        CallPlace { path: &[Key(&"toolCall"), Key(&"functionCalls"), Each], id: "id", name: &["name"], slot: &[] },
    ],
    layout: // One of a Gemini tool's `functionDeclarations`. The schema goes in
    // `parametersJsonSchema`, which takes JSON Schema as it is; the API
    // refuses what its OpenAPI-subset `parameters` lacks, and the MCP
    // SDK puts `$schema` in every tool's input schema (and Zod's strict
    // objects `additionalProperties`).
    &[(&["name"], Slot::Name), (&["description"], Slot::Description), (&["parametersJsonSchema"], Slot::InputSchema)],
};
