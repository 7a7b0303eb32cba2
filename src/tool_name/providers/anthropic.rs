//! Anthropic Messages: `tools[].name`, `tool_choice.name`, `tool_use`
//! blocks. Places from `@anthropic-ai/sdk` (messages, and beta tool search:
//! `ToolReferenceBlock`, `ToolSearchToolSearchResultBlock`); stream calls
//! from `RawContentBlockStartEvent`.

use super::{CallPlace, Provider};
use crate::tool_name::definitions::Slot;
use crate::tool_name::profile::BuiltinProfile;
use crate::tool_name::providers::Step::{Each, Key, Name, When};

pub(super) const PROVIDER: Provider = Provider {
    profile: BuiltinProfile::Anthropic,
    rules: &[
        &[Key(&"tools"), Each, Name(&"name")],
        &[Key(&"tool_choice"), When(&("type", "tool")), Name(&"name")],
        &[Key(&"messages"), Each, Key(&"content"), Each, When(&("type", "tool_use")), Name(&"name")],
        // A response, or one message.
        &[Key(&"content"), Each, When(&("type", "tool_use")), Name(&"name")],
        // A bare message list.
        &[Each, Key(&"content"), Each, When(&("type", "tool_use")), Name(&"name")],
        // A streaming `content_block_start` event.
        &[Key(&"content_block"), When(&("type", "tool_use")), Name(&"name")],
        // Tool search: `tool_reference` blocks in a `tool_result`, and the
        // references of a `tool_search_tool_result`.
        &[
            Key(&"messages"),
            Each,
            Key(&"content"),
            Each,
            When(&("type", "tool_result")),
            Key(&"content"),
            Each,
            When(&("type", "tool_reference")),
            Name(&"tool_name"),
        ],
        &[
            Key(&"content"),
            Each,
            When(&("type", "tool_result")),
            Key(&"content"),
            Each,
            When(&("type", "tool_reference")),
            Name(&"tool_name"),
        ],
        &[
            Each,
            Key(&"content"),
            Each,
            When(&("type", "tool_result")),
            Key(&"content"),
            Each,
            When(&("type", "tool_reference")),
            Name(&"tool_name"),
        ],
        &[
            Key(&"messages"),
            Each,
            Key(&"content"),
            Each,
            When(&("type", "tool_search_tool_result")),
            Key(&"content"),
            Key(&"tool_references"),
            Each,
            Name(&"tool_name"),
        ],
        &[
            Key(&"content"),
            Each,
            When(&("type", "tool_search_tool_result")),
            Key(&"content"),
            Key(&"tool_references"),
            Each,
            Name(&"tool_name"),
        ],
        &[
            Each,
            Key(&"content"),
            Each,
            When(&("type", "tool_search_tool_result")),
            Key(&"content"),
            Key(&"tool_references"),
            Each,
            Name(&"tool_name"),
        ],
        &[
            Key(&"content_block"),
            When(&("type", "tool_search_tool_result")),
            Key(&"content"),
            Key(&"tool_references"),
            Each,
            Name(&"tool_name"),
        ],
        // Web fetch's `url_sources`: an `only` or `except` filter names
        // tools declared in `tools[]` (`WebFetchURLSourceToolReference`).
        &[
            Key(&"tools"),
            Each,
            Key(&"url_sources"),
            Key(&"client_tool_results"),
            Key(&"tools"),
            Each,
            When(&("type", "tool_reference")),
            Name(&"name"),
        ],
        &[
            Key(&"tools"),
            Each,
            Key(&"url_sources"),
            Key(&"server_tool_results"),
            Key(&"tools"),
            Each,
            When(&("type", "tool_reference")),
            Name(&"name"),
        ],
    ],
    calls: &[CallPlace {
        path: &[Key(&"content_block"), When(&("type", "tool_use"))],
        id: "id",
        name: &["name"],
        slot: &[(0, &["index"])],
    }],
    layout: &[(&["name"], Slot::Name), (&["description"], Slot::Description), (&["input_schema"], Slot::InputSchema)],
};
