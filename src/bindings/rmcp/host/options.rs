//! What a [`HostRouter`](super::HostRouter) is built with: the registry's
//! profile and overflow mode, and what a collision does.

use crate::{Overflow, Profile};

/// What a [`HostRouter`](super::HostRouter) does with a tool whose alias
/// another name already has (two tools of one server that one profile shows
/// alike, or a first-party name registered in the
/// [registry](super::HostRouter::registry)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum OnCollision {
    /// Leave that tool out and report it
    /// ([`ListReport::refused`](super::ListReport::refused)); the rest of the
    /// server's tools are registered. The default: a host would rather lose one
    /// tool than a server.
    #[default]
    Skip,
    /// Refuse the whole list with the registry's `TOOL_NAME_COLLISION`
    /// ([`HostError::ToolName`](super::HostError::ToolName)): an add fails, a
    /// relisting keeps the list the server had.
    Error,
}

/// The options of a [`HostRouter`](super::HostRouter): the registry's profile
/// and overflow mode, and what a collision does.
///
/// ```
/// use mcp_boundary::rmcp::{HostOptions, OnCollision};
/// use mcp_boundary::{BuiltinProfile, Overflow, Profile};
///
/// let options = HostOptions::default()
///     .profile(Profile::builtin(BuiltinProfile::OpenAi))
///     .overflow(Overflow::Error)
///     .on_collision(OnCollision::Error);
/// # let _ = options;
/// ```
#[derive(Debug, Clone)]
pub struct HostOptions {
    pub(super) profile: Profile,
    pub(super) overflow: Overflow,
    pub(super) on_collision: OnCollision,
}

impl Default for HostOptions {
    /// The Anthropic profile, hashed aliases for names that do not fit
    /// ([`Overflow::Hash`]: a host would rather show a tool under a hashed
    /// alias than not at all), [`OnCollision::Skip`].
    fn default() -> Self {
        Self { profile: Profile::default(), overflow: Overflow::Hash, on_collision: OnCollision::Skip }
    }
}

impl HostOptions {
    /// The profile the aliases follow.
    #[must_use]
    pub fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self
    }

    /// What a name that does not fit the profile gets.
    #[must_use]
    pub fn overflow(mut self, overflow: Overflow) -> Self {
        self.overflow = overflow;
        self
    }

    /// What a collision does.
    #[must_use]
    pub fn on_collision(mut self, on_collision: OnCollision) -> Self {
        self.on_collision = on_collision;
        self
    }
}
