//! Where a stream's calls begin and end: the events that close the slots
//! calls are paired in (a content block's end, a response's start or end).
//!
//! A slot (Anthropic's content block `index`, a Responses `output_index`)
//! names one call only while the block or response that opened it lasts:
//! OpenAI's Realtime API numbers `output_index` from 0 in every response,
//! so a slot left open would pair a later response's call with an earlier
//! call's id.

use crate::tool_name::Format;

/// An event that ends calls' scopes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeRule {
    /// An event whose value at `at` exists (and, with `is`, is that
    /// string) closes the calls whose slot begins with the values at each
    /// of `slot`'s key paths, or every call when `slot` is empty. It closes
    /// them after its own calls are paired (a Responses
    /// `response.output_item.done` still names its call).
    Ends {
        /// The keys from the event to the value that marks it.
        at: &'static [&'static str],
        /// The string that value must be; `None`: any value.
        is: Option<&'static str>,
        /// The key paths from the event to the slot's leading parts.
        slot: &'static [&'static [&'static str]],
    },
    /// An event whose string at `at` differs from the last one seen (OpenAI
    /// Chat's completion `id`, in every chunk) begins a new scope: every
    /// call closes first.
    Changes {
        /// The keys from the event to the string.
        at: &'static [&'static str],
    },
}

const TYPE: &[&str] = &["type"];

/// The events of `format`'s streams that end calls' scopes.
#[must_use]
pub fn scope_rules(format: Format) -> &'static [ScopeRule] {
    use ScopeRule::{Changes, Ends};
    match format {
        // `RawMessageStreamEvent`: a block's end closes its index; a message's start or end, every call.
        Format::Anthropic => &[
            Ends { at: TYPE, is: Some("content_block_stop"), slot: &[&["index"]] },
            Ends { at: TYPE, is: Some("message_start"), slot: &[] },
            Ends { at: TYPE, is: Some("message_stop"), slot: &[] },
        ],
        // Every `ChatCompletionChunk` of one completion carries its id.
        Format::OpenAiChat => &[Changes { at: &["id"] }],
        // `ResponseStreamEvent` and the Realtime API's server events: an
        // item's end closes its output index; a response's start or end,
        // every call.
        Format::OpenAiResponses => &[
            Ends { at: TYPE, is: Some("response.output_item.done"), slot: &[&["output_index"]] },
            Ends { at: TYPE, is: Some("response.created"), slot: &[] },
            Ends { at: TYPE, is: Some("response.completed"), slot: &[] },
            Ends { at: TYPE, is: Some("response.incomplete"), slot: &[] },
            Ends { at: TYPE, is: Some("response.failed"), slot: &[] },
            Ends { at: TYPE, is: Some("response.done"), slot: &[] },
        ],
        // Gemini's calls carry their id and name together: no slots.
        Format::Gemini => &[],
        // `ConverseStreamOutput`.
        Format::BedrockConverse => &[
            Ends { at: &["contentBlockStop"], is: None, slot: &[&["contentBlockStop", "contentBlockIndex"]] },
            Ends { at: &["messageStart"], is: None, slot: &[] },
            Ends { at: &["messageStop"], is: None, slot: &[] },
        ],
    }
}

impl serde::Serialize for ScopeRule {
    /// `[0, at, is, slot]` for `Ends` (`is` null for any value), `[1, at]`
    /// for `Changes`: the table the JS binding reads.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Self::Ends { at, is, slot } => (0, at, is, slot).serialize(s),
            Self::Changes { at } => (1, at).serialize(s),
        }
    }
}
