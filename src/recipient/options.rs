//! The options of a validator (layers 2 and 3).

/// Options of a [`RecipientValidator`](super::RecipientValidator); all default to off (layer 1 only).
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct RecipientOptions {
    pub(super) known_agents: Option<Vec<String>>,
    pub(super) strict: bool,
    pub(super) identity_pattern: Option<String>,
    pub(super) max_identifier_length: Option<usize>,
    /// Stored negated, so that the derived default (suggestions on) is right.
    pub(super) no_suggestions: bool,
}

impl RecipientOptions {
    /// Layer 2/3: the deployment's agents, each `@<identifier>`. Enables
    /// suggestions; with [`strict`](Self::strict) also rejects others.
    pub fn known_agents<I, S>(mut self, agents: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.known_agents = Some(agents.into_iter().map(Into::into).collect());
        self
    }

    /// Layer 2: reject shape-valid identities that are not known agents.
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// Layer 2: a regex (regex-lite syntax) that the whole identity,
    /// including `@`, must match; e.g. `^@neo-[a-z0-9-]+$`.
    pub fn identity_pattern(mut self, pattern: impl Into<String>) -> Self {
        self.identity_pattern = Some(pattern.into());
        self
    }

    /// Layer 3: whether a rejection carries `suggestions` drawn from
    /// [`known_agents`](Self::known_agents) (default `true`; without known
    /// agents there is nothing to suggest either way). `false` keeps the
    /// deployment's agent names from the caller: out of every rejection,
    /// and out of the JSON Schema's description under
    /// [`strict`](Self::strict); the outcome of a validation is the same.
    pub fn suggest(mut self, suggest: bool) -> Self {
        self.no_suggestions = !suggest;
        self
    }

    /// The longest identifier accepted after `@` (default 128).
    pub fn max_identifier_length(mut self, max: usize) -> Self {
        self.max_identifier_length = Some(max);
        self
    }
}
