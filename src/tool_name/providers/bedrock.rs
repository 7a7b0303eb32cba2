//! AWS Bedrock Converse: `toolConfig.tools[].toolSpec.name`,
//! `toolChoice.tool.name`, `toolUse` blocks, stream
//! `contentBlockStart.start.toolUse.name`. Places from AWS Bedrock
//! Runtime's Converse reference (`ToolConfiguration`, `ToolSpecification`,
//! `ToolUseBlock`, `ContentBlockStartEvent`); stream calls from
//! `ConverseStreamOutput.contentBlockStart`.

use super::{CallPlace, Provider};
use crate::tool_name::definitions::Slot;
use crate::tool_name::profile::BuiltinProfile;
use crate::tool_name::providers::Step::{Each, Key, Name};

pub(super) const PROVIDER: Provider = Provider {
    profile: BuiltinProfile::Bedrock,
    rules: &[
        &[Key(&"toolConfig"), Key(&"tools"), Each, Key(&"toolSpec"), Name(&"name")],
        &[Key(&"toolConfig"), Key(&"toolChoice"), Key(&"tool"), Name(&"name")],
        &[Key(&"messages"), Each, Key(&"content"), Each, Key(&"toolUse"), Name(&"name")],
        // A response (`output.message`), one message, a bare message list.
        &[Key(&"output"), Key(&"message"), Key(&"content"), Each, Key(&"toolUse"), Name(&"name")],
        &[Key(&"content"), Each, Key(&"toolUse"), Name(&"name")],
        &[Each, Key(&"content"), Each, Key(&"toolUse"), Name(&"name")],
        // A streaming `contentBlockStart` event.
        &[Key(&"contentBlockStart"), Key(&"start"), Key(&"toolUse"), Name(&"name")],
    ],
    calls: &[CallPlace {
        path: &[Key(&"contentBlockStart"), Key(&"start"), Key(&"toolUse")],
        id: "toolUseId",
        name: &["name"],
        slot: &[(0, &["contentBlockStart", "contentBlockIndex"])],
    }],
    layout: &[
        (&["toolSpec", "name"], Slot::Name),
        (&["toolSpec", "description"], Slot::Description),
        (&["toolSpec", "inputSchema", "json"], Slot::InputSchema),
    ],
};
