//! The text of an `isError` result.

use super::response::{ErrorData, INVALID_ARGUMENTS_MESSAGE};

/// The text of an `isError` result: catalog and fixed strings only.
#[must_use]
pub fn error_text(data: &ErrorData<'_>) -> String {
    let mut text = String::from(INVALID_ARGUMENTS_MESSAGE);
    if let Some(tool) = data.tool {
        text.push_str(" for ");
        text.push_str(tool);
    }
    if data.message != INVALID_ARGUMENTS_MESSAGE {
        text.push_str(": ");
        if let Some(field) = data.field {
            text.push_str(field);
            text.push(' ');
        }
        text.push_str(data.message);
    }
    text
}
