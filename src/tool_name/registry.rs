//! The authoritative two-form mapping of a host's tools.

use std::collections::HashMap;
use std::sync::Arc;

use super::mapping::{to_llm_facing_name, try_reverse_to_canonical, Overflow, ToolNameError};
use super::profile::Profile;
use crate::stream::CallMemory;

/// A host's tools under one profile and overflow mode: every canonical name
/// with its alias, both ways, with collisions refused.
///
/// ```
/// use mcp_boundary::{BuiltinProfile, Overflow, Profile, ToolRegistry};
/// let mut r = ToolRegistry::new(Profile::builtin(BuiltinProfile::OpenAi), Overflow::Hash);
/// assert_eq!(r.register("a/b__c").unwrap(), "a__b__c");
/// let e = r.register("a__b/c").unwrap_err();
/// assert_eq!(e.code(), "TOOL_NAME_COLLISION");
/// assert_eq!(r.to_canonical("a__b__c"), Some("a/b__c"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct ToolRegistry {
    profile: Profile,
    overflow: Overflow,
    alias_of: HashMap<String, String>,
    canonical_of: HashMap<String, String>,
    /// Canonical names in registration order (for [`entries`](Self::entries)).
    order: Vec<String>,
    /// The tools that stream calls named, by call id.
    calls: CallMemory,
    /// The most UTF-8 bytes of a registered name, canonical or alias (never
    /// fewer than its UTF-16 units): a longer name is none of them.
    longest: usize,
}

/// One registered name ([`ToolRegistry::entries`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct RegistryEntry<'r> {
    /// The canonical name.
    pub canonical: &'r str,
    /// Its alias.
    pub alias: &'r str,
    /// Whether the alias is a hashed one (`overflow: "hash"`), not the plain form.
    pub hashed: bool,
}

/// A tool that [`ToolRegistry::register_server_skipping`] did not register
/// because its alias belongs to another name.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Refused {
    /// The canonical name refused.
    pub canonical: String,
    /// The canonical name that has the alias.
    pub existing: String,
    /// The alias.
    pub alias: String,
}

/// What [`ToolRegistry::register_server_skipping`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct ServerReport {
    /// Per tool, in order: its alias, or `None` when it was refused.
    pub aliases: Vec<Option<String>>,
    /// The refused tools.
    pub refused: Vec<Refused>,
}

impl ToolRegistry {
    /// An empty registry.
    #[must_use]
    pub fn new(profile: Profile, overflow: Overflow) -> Self {
        Self {
            profile,
            overflow,
            alias_of: HashMap::new(),
            canonical_of: HashMap::new(),
            order: Vec::new(),
            calls: CallMemory::default(),
            longest: 0,
        }
    }

    /// The registry's profile.
    #[must_use]
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The registry's overflow mode.
    #[must_use]
    pub fn overflow(&self) -> Overflow {
        self.overflow
    }

    /// Registers a canonical name and returns its alias. Registering the
    /// same name again returns the same alias.
    ///
    /// # Errors
    /// - `UNREPRESENTABLE_TOOL_NAME` as [`to_llm_facing_name`] (`""`, `"a//b"`,
    ///   and without hashing `"a.b"` under `openai`);
    /// - `TOOL_NAME_COLLISION` when another canonical name already has the
    ///   alias (`a/b__c` then `a__b/c`); the first registration is kept.
    pub fn register(&mut self, canonical: &str) -> Result<&str, ToolNameError> {
        let alias = self.plan(canonical)?;
        if !self.alias_of.contains_key(canonical) {
            self.insert(canonical.to_owned(), alias);
        }
        Ok(&self.alias_of[canonical])
    }

    /// Registers `server/tool` for each tool, all or nothing: if any name
    /// fails or collides (with the registry or within the list), nothing
    /// is registered. Returns the aliases in order.
    ///
    /// # Errors
    /// As [`register`](Self::register), for the first name that fails.
    pub fn register_server<S: AsRef<str>>(&mut self, server: &str, tools: &[S]) -> Result<Vec<String>, ToolNameError> {
        // Planned against the registry and this call's own names, then
        // inserted: the cost is the call's names, not the registry's size.
        // Inserted in the call's order (`order` lists the new names), since
        // that is the registration order `entries` promises; iterating the
        // map would insert them in its hash order. (The same map types as
        // the registry's own: new instantiations cost the module 0.7 KB gzip.)
        let mut added: HashMap<String, String> = HashMap::new();
        let mut added_aliases: HashMap<String, String> = HashMap::new();
        let mut order = Vec::new();
        let mut aliases = Vec::with_capacity(tools.len());
        for tool in tools {
            let canonical = format!("{server}/{}", tool.as_ref());
            if let Some(alias) = self.alias_of.get(&canonical).or_else(|| added.get(&canonical)) {
                aliases.push(alias.clone());
                continue;
            }
            let alias = to_llm_facing_name(&canonical, &self.profile, self.overflow)?;
            if let Some(existing) = self.canonical_of.get(&alias).or_else(|| added_aliases.get(&alias)) {
                return Err(ToolNameError::collision(&canonical, existing, &alias, self.profile.name()));
            }
            added_aliases.insert(alias.clone(), canonical.clone());
            order.push(canonical.clone());
            added.insert(canonical, alias.clone());
            aliases.push(alias);
        }
        self.alias_of.reserve(added.len());
        self.canonical_of.reserve(added.len());
        self.order.reserve(added.len());
        for canonical in order {
            if let Some(alias) = added.remove(&canonical) {
                self.insert(canonical, alias);
            }
        }
        Ok(aliases)
    }

    /// The alias `canonical` would get, or why it cannot be registered.
    fn plan(&self, canonical: &str) -> Result<String, ToolNameError> {
        if let Some(alias) = self.alias_of.get(canonical) {
            return Ok(alias.clone());
        }
        let alias = to_llm_facing_name(canonical, &self.profile, self.overflow)?;
        match self.canonical_of.get(&alias) {
            Some(existing) => Err(ToolNameError::collision(canonical, existing, &alias, self.profile.name())),
            None => Ok(alias),
        }
    }

    fn insert(&mut self, canonical: String, alias: String) {
        self.longest = self.longest.max(canonical.len()).max(alias.len());
        self.canonical_of.insert(alias.clone(), canonical.clone());
        self.order.push(canonical.clone());
        self.alias_of.insert(canonical, alias);
    }

    /// Registers `server/tool` for each tool that can be, skipping (and
    /// reporting) the ones whose alias belongs to another name, registered
    /// before or earlier in this call.
    ///
    /// # Errors
    /// `UNREPRESENTABLE_TOOL_NAME` as [`register`](Self::register) for the
    /// first name that cannot be mapped at all (`a//b`); then nothing is
    /// registered.
    pub fn register_server_skipping<S: AsRef<str>>(
        &mut self,
        server: &str,
        tools: &[S],
    ) -> Result<ServerReport, ToolNameError> {
        // Mapped first, so an unmappable name registers nothing.
        let canonicals: Vec<String> = tools.iter().map(|t| format!("{server}/{}", t.as_ref())).collect();
        let mut planned = Vec::with_capacity(canonicals.len());
        for c in &canonicals {
            planned.push(match self.alias_of.get(c) {
                Some(alias) => alias.clone(),
                None => super::mapping::to_llm_facing_name(c, &self.profile, self.overflow)?,
            });
        }
        let mut report = ServerReport::default();
        for (canonical, alias) in canonicals.into_iter().zip(planned) {
            match self.canonical_of.get(&alias) {
                Some(existing) if *existing != canonical => {
                    report.refused.push(Refused { canonical, existing: existing.clone(), alias });
                    report.aliases.push(None);
                }
                Some(_) => report.aliases.push(Some(alias)),
                None => {
                    self.insert(canonical, alias.clone());
                    report.aliases.push(Some(alias));
                }
            }
        }
        Ok(report)
    }

    /// Removes a registered name, given in either form; its alias can then
    /// be taken by a later name. Returns the `(canonical, alias)` removed.
    pub fn unregister(&mut self, name: &str) -> Option<(String, String)> {
        let canonical = self.to_canonical(name)?.to_owned();
        let alias = self.alias_of.remove(&canonical)?;
        self.canonical_of.remove(&alias);
        self.order.retain(|c| *c != canonical);
        self.measure();
        Some((canonical, alias))
    }

    /// Removes every `server/…` name; returns how many.
    pub fn unregister_server(&mut self, server: &str) -> usize {
        let prefix = format!("{server}/");
        let gone: Vec<String> = self.order.iter().filter(|c| c.starts_with(&prefix)).cloned().collect();
        for canonical in &gone {
            if let Some(alias) = self.alias_of.remove(canonical) {
                self.canonical_of.remove(&alias);
            }
        }
        self.order.retain(|c| !c.starts_with(&prefix));
        if !gone.is_empty() {
            self.measure();
        }
        gone.len()
    }

    /// [`longest`](Self::longest) anew, after names were removed.
    fn measure(&mut self) {
        self.longest = self.alias_of.iter().map(|(c, a)| c.len().max(a.len())).max().unwrap_or(0);
    }

    /// `name` when it is no longer than every registered name: a longer one
    /// is none of them, and is not hashed to find so.
    fn may_hold<'n>(&self, name: &'n str) -> Option<&'n str> {
        (name.len() <= self.longest()).then_some(name)
    }

    /// The most UTF-8 bytes of any registered name, canonical or alias.
    /// A name with more UTF-16 code units (which are never more than its
    /// UTF-8 bytes) is none of them: a lookup of one needs none of its
    /// text, only its length.
    pub(crate) fn longest(&self) -> usize {
        self.longest
    }

    /// The alias of a registered canonical name (not of an alias).
    pub(crate) fn alias_of_canonical(&self, canonical: &str) -> Option<&str> {
        self.alias_of.get(self.may_hold(canonical)?).map(String::as_str)
    }

    /// The tool (canonical where it was registered) that a call id named
    /// in a stream ([`from_provider_event`](Self::from_provider_event),
    /// [`SseRewriter`](crate::SseRewriter)); `None` for an id not seen,
    /// forgotten (the most recent [`MAX_CALL_IDS`](crate::MAX_CALL_IDS) are
    /// kept, within [`MAX_CALL_MEMORY_BYTES`](crate::MAX_CALL_MEMORY_BYTES)),
    /// or seen with two different tools: an id never moves to another tool.
    #[must_use]
    pub fn tool_for_call_id(&self, id: &str) -> Option<&str> {
        self.calls.tool(id)
    }

    /// Remembers that a stream's call `id` named `tool` (`None`: a tool too
    /// long to hold, after which the id answers `None`).
    pub(crate) fn remember_call(&mut self, id: &Arc<str>, tool: Option<&Arc<str>>) {
        self.calls.remember(id, tool);
    }

    /// The canonical name of a registered alias (not of a canonical name).
    pub(crate) fn canonical_of_alias(&self, alias: &str) -> Option<&str> {
        self.canonical_of.get(self.may_hold(alias)?).map(String::as_str)
    }

    /// The canonical name for either form of a registered name; `None` for
    /// unknown names. A first-party name maps to itself.
    #[must_use]
    pub fn to_canonical(&self, name: &str) -> Option<&str> {
        let name = self.may_hold(name)?;
        self.canonical_of.get(name).or_else(|| self.alias_of.get_key_value(name).map(|(k, _)| k)).map(String::as_str)
    }

    /// The alias for either form of a registered name; `None` for unknown names.
    #[must_use]
    pub fn to_llm_facing(&self, name: &str) -> Option<&str> {
        let name = self.may_hold(name)?;
        self.alias_of.get(name).or_else(|| self.canonical_of.get_key_value(name).map(|(k, _)| k)).map(String::as_str)
    }

    /// The keys under which a config override for `name` is looked up, in
    /// order: the canonical form, then the alias (so the canonical key wins
    /// when both are present), then the server default (`server` for
    /// `server/tool`). For an unknown name: the name itself, then its
    /// heuristic other form ([`try_reverse_to_canonical`] or the `/` → `__`
    /// form), then the server default of the canonical form.
    #[must_use]
    pub fn override_keys(&self, name: &str) -> Vec<String> {
        let (canonical, alias) = match (self.to_canonical(name), self.to_llm_facing(name)) {
            (Some(c), Some(a)) => (c.to_owned(), a.to_owned()),
            _ if name.contains('/') => (name.to_owned(), super::mapping::plain_alias(name)),
            _ => match try_reverse_to_canonical(name) {
                Some(c) => (c, name.to_owned()),
                None => (name.to_owned(), name.to_owned()),
            },
        };
        let mut keys = vec![canonical.clone()];
        if alias != canonical {
            keys.push(alias);
        }
        if let Some((server, _)) = canonical.split_once('/') {
            keys.push(server.to_owned());
        }
        keys
    }

    /// Looks a config value up by [`override_keys`](Self::override_keys).
    #[must_use]
    pub fn lookup_override<'m, V>(&self, map: &'m HashMap<String, V>, name: &str) -> Option<&'m V> {
        self.override_keys(name).iter().find_map(|k| map.get(k))
    }

    /// Every registered name, in registration order.
    pub fn entries(&self) -> impl Iterator<Item = RegistryEntry<'_>> {
        self.order.iter().filter_map(|c| {
            let alias = self.alias_of.get(c)?;
            let hashed = *alias != super::mapping::plain_alias(c);
            Some(RegistryEntry { canonical: c, alias, hashed })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::profile::BuiltinProfile;
    use super::*;

    #[test]
    fn collisions_are_refused_and_first_kept() {
        let mut r = ToolRegistry::default();
        assert_eq!(r.register("a/b__c").unwrap(), "a__b__c");
        let e = r.register("a__b/c").unwrap_err();
        assert_eq!(e.code(), "TOOL_NAME_COLLISION");
        assert_eq!(e.existing().unwrap().as_str(), "a/b__c");
        assert!(e.to_string().contains("a__b/c") && e.to_string().contains("a/b__c"));
        assert_eq!(r.to_canonical("a__b__c"), Some("a/b__c"));
        assert_eq!(r.register("a/b__c").unwrap(), "a__b__c", "idempotent");
    }

    #[test]
    fn both_forms_and_first_party() {
        let mut r = ToolRegistry::default();
        r.register("search").unwrap();
        r.register("github/create_issue").unwrap();
        assert_eq!(r.to_canonical("search"), Some("search"));
        assert_eq!(r.to_llm_facing("search"), Some("search"));
        assert_eq!(r.to_canonical("github__create_issue"), Some("github/create_issue"));
        assert_eq!(r.to_canonical("github/create_issue"), Some("github/create_issue"));
        assert_eq!(r.to_llm_facing("github/create_issue"), Some("github__create_issue"));
        assert_eq!(r.to_llm_facing("github__create_issue"), Some("github__create_issue"));
        assert_eq!(r.to_canonical("nope"), None);
    }

    #[test]
    fn register_server_is_all_or_nothing() {
        let mut r = ToolRegistry::new(Profile::builtin(BuiltinProfile::OpenAi), Overflow::Error);
        r.register("x/a").unwrap();
        let e = r.register_server("srv", &["ok", "bad.name"]).unwrap_err();
        assert_eq!(e.reason().as_str(), "invalid_character");
        assert_eq!(r.to_canonical("srv__ok"), None, "nothing registered");
        r.register("x__b/c").unwrap();
        let e = r.register_server("x", &["ok3", "b__c"]).unwrap_err();
        assert_eq!(e.code(), "TOOL_NAME_COLLISION");
        assert_eq!(r.to_canonical("x__ok3"), None);
        let e = r.register_server("z", &["t", "t"]).map(|a| a.len());
        assert_eq!(e.unwrap(), 2, "the same tool twice is idempotent");
        assert_eq!(r.register_server("srv", &["ok", "ok2"]).unwrap(), vec!["srv__ok", "srv__ok2"]);
    }

    #[test]
    fn override_lookup_order() {
        let mut r = ToolRegistry::default();
        r.register("github/create_issue").unwrap();
        let mut map = HashMap::new();
        map.insert("github".to_owned(), 1);
        assert_eq!(r.lookup_override(&map, "github__create_issue"), Some(&1));
        map.insert("github__create_issue".to_owned(), 2);
        assert_eq!(r.lookup_override(&map, "github/create_issue"), Some(&2));
        map.insert("github/create_issue".to_owned(), 3);
        assert_eq!(r.lookup_override(&map, "github__create_issue"), Some(&3), "canonical key wins");
        assert_eq!(r.override_keys("other__tool"), vec!["other/tool", "other__tool", "other"]);
        assert_eq!(r.override_keys("plain"), vec!["plain"]);
    }
}
