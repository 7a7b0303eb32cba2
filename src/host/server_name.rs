//! The rule for a server's name in a tool router (SPEC §7): no server's
//! alias may ever stand for another server's tool.

use super::error::RouterError;
use crate::tool_name::{to_llm_facing_name, Overflow, Profile, SEPARATOR};

/// The characters a server name must leave to spare under the router's
/// profile: `__` and a hash suffix (`_` and 8 hex digits), so that a
/// hashed alias keeps the server name whole.
pub const SERVER_NAME_ROOM: usize = SEPARATOR.len() + 1 + 8;

/// Checks a server name for a router whose aliases follow `profile`. An
/// alias is the server name, `__`, then the tool's part, plain or hashed,
/// so the server must be the part before the alias's first `__`, for any
/// tool and any order of adds; and a hashed alias must keep the name as it
/// is (not cut, no character replaced: `x.y` would become another server's
/// `x_y`).
///
/// ```
/// use mcp_boundary::{check_server_name, BuiltinProfile, Profile};
/// let openai = Profile::builtin(BuiltinProfile::OpenAi);
/// assert!(check_server_name("github", &openai).is_ok());
/// assert!(check_server_name("x.y", &openai).is_err()); // `.` is not shown as it is
/// assert!(check_server_name("x.y", &Profile::builtin(BuiltinProfile::Mcp)).is_ok());
/// ```
///
/// # Errors
/// [`RouterError`] `INVALID_ARGUMENT` / `invalid_server_name` for a name
/// that is empty (`""`), contains `/` (`"a/b"`) or `__` (`"a__b"`), ends in
/// `_` (`"a_"`), has a character the profile does not show as it is
/// (`"a.b"` under `openai`, `"1a"` first under `gemini`), or is longer than
/// the profile's length less [`SERVER_NAME_ROOM`] (54 characters under
/// `openai`). The message states the rule, never the name.
pub fn check_server_name(name: &str, profile: &Profile) -> Result<(), RouterError> {
    // `__` found by bytes: a `str` search for it took 2 KB of wasm.
    let separator = name.as_bytes().windows(SEPARATOR.len()).any(|w| w == SEPARATOR.as_bytes());
    let shape = !name.is_empty() && !name.contains('/') && !separator && !name.ends_with('_');
    // `name/` then the rest of the room: the `/` becomes `__`.
    let room = "_".repeat(SERVER_NAME_ROOM - SEPARATOR.len());
    if shape && to_llm_facing_name(&format!("{name}/{room}"), profile, Overflow::Error).is_ok() {
        Ok(())
    } else {
        Err(RouterError::invalid_server_name())
    }
}
