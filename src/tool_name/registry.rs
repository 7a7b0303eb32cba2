//! The authoritative two-form mapping of a host's tools.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::ops::Deref;
use std::sync::Arc;

use super::mapping::{to_llm_facing_name, KeyForm, NameScan, Overflow, ToolNameError};
use super::profile::Profile;
#[cfg(any(feature = "wasm-host", test))]
use crate::error_data::tool_suggestions_among;
use crate::error_data::{tool_query, unknown_tool_among, ErrorResponse, MAX_CATALOG_ENTRIES};
#[cfg(any(feature = "wasm-host", test))]
use crate::nearest::Query;
use crate::stream::CallMemory;
use serde_json::Value;

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
    alias_of: HashMap<Name, Name>,
    canonical_of: HashMap<Name, Name>,
    /// Canonical names in registration order (for [`entries`](Self::entries)).
    order: Vec<Name>,
    /// The tools that stream calls named, by call id.
    calls: CallMemory,
    /// The most UTF-8 bytes of a registered name, canonical or alias (never
    /// fewer than its UTF-16 units): a longer name is none of them.
    longest: usize,
}

/// A registered name, held once however many maps and lists name it: a
/// canonical name may be as long as its caller made it (with
/// `overflow: "hash"` every name maps), and SPEC §5 bounds what an input
/// grows the process by at twice its size. `Arc<String>`, not `Arc<str>`:
/// a `String` built from a caller's pieces moves in without a copy.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Name(Arc<String>);

impl From<String> for Name {
    fn from(s: String) -> Self {
        Self(Arc::new(s))
    }
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

// Hashes as its `str` (`String` and `Arc` hash as what they hold), so the
// maps are looked up by `&str`.
impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

/// The config keys of a name ([`ToolRegistry::override_form`]).
pub(crate) enum OverrideKeys<'r> {
    /// A registered name's, in lookup order.
    Registered(Vec<&'r str>),
    /// An unknown name's, formed from it.
    Unknown(KeyForm),
}

impl OverrideKeys<'_> {
    /// The registered keys as strings, or the form.
    pub(crate) fn into_owned(self) -> Result<Vec<String>, KeyForm> {
        match self {
            OverrideKeys::Registered(keys) => Ok(keys.into_iter().map(str::to_owned).collect()),
            OverrideKeys::Unknown(form) => Err(form),
        }
    }
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
        if self.alias_of.contains_key(canonical) {
            return Ok(&self.alias_of[canonical]);
        }
        self.register_owned(canonical.to_owned())
    }

    /// [`register`](Self::register) of a name the caller has built (a
    /// binding, from its pieces), kept without a copy.
    pub(crate) fn register_owned(&mut self, canonical: String) -> Result<&str, ToolNameError> {
        let alias = self.plan(&canonical)?;
        if self.alias_of.contains_key(canonical.as_str()) {
            return Ok(&self.alias_of[canonical.as_str()]);
        }
        let key = Name::from(canonical);
        self.insert_name(key.clone(), Name::from(alias));
        Ok(&self.alias_of[&key])
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
        let mut added: HashMap<Name, Name> = HashMap::new();
        let mut added_aliases: HashMap<Name, Name> = HashMap::new();
        let mut order = Vec::new();
        let mut aliases = Vec::with_capacity(tools.len());
        for tool in tools {
            let canonical = format!("{server}/{}", tool.as_ref());
            if let Some(alias) = self.alias_of.get(canonical.as_str()).or_else(|| added.get(canonical.as_str())) {
                aliases.push(alias.to_string());
                continue;
            }
            let alias = to_llm_facing_name(&canonical, &self.profile, self.overflow)?;
            if let Some(existing) = self.canonical_of.get(alias.as_str()).or_else(|| added_aliases.get(alias.as_str()))
            {
                return Err(ToolNameError::collision(&canonical, existing, &alias, self.profile.name()));
            }
            let (canonical, alias_name) = (Name::from(canonical), Name::from(alias.clone()));
            added_aliases.insert(alias_name.clone(), canonical.clone());
            order.push(canonical.clone());
            added.insert(canonical, alias_name);
            aliases.push(alias);
        }
        self.alias_of.reserve(added.len());
        self.canonical_of.reserve(added.len());
        self.order.reserve(added.len());
        for canonical in order {
            if let Some(alias) = added.remove(&canonical) {
                self.insert_name(canonical, alias);
            }
        }
        Ok(aliases)
    }

    /// The alias `canonical` would get, or why it cannot be registered.
    fn plan(&self, canonical: &str) -> Result<String, ToolNameError> {
        if let Some(alias) = self.alias_of.get(canonical) {
            return Ok(alias.to_string());
        }
        let alias = to_llm_facing_name(canonical, &self.profile, self.overflow)?;
        match self.canonical_of.get(alias.as_str()) {
            Some(existing) => Err(ToolNameError::collision(canonical, existing, &alias, self.profile.name())),
            None => Ok(alias),
        }
    }

    fn insert(&mut self, canonical: String, alias: String) {
        self.insert_name(Name::from(canonical), Name::from(alias));
    }

    fn insert_name(&mut self, canonical: Name, alias: Name) {
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
            planned.push(match self.alias_of.get(c.as_str()) {
                Some(alias) => alias.to_string(),
                None => super::mapping::to_llm_facing_name(c, &self.profile, self.overflow)?,
            });
        }
        let mut report = ServerReport::default();
        for (canonical, alias) in canonicals.into_iter().zip(planned) {
            match self.canonical_of.get(alias.as_str()) {
                Some(existing) if **existing != canonical => {
                    report.refused.push(Refused { canonical, existing: existing.to_string(), alias });
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
        self.remove(name).map(|(canonical, alias)| (canonical.to_string(), alias.to_string()))
    }

    /// [`unregister`](Self::unregister), answering only whether the name
    /// was registered: nothing of a long name is copied.
    #[cfg(feature = "wasm-host")]
    pub(crate) fn forget(&mut self, name: &str) -> bool {
        self.remove(name).is_some()
    }

    fn remove(&mut self, name: &str) -> Option<(Name, Name)> {
        let name = self.may_hold(name)?;
        let canonical =
            self.canonical_of.get(name).or_else(|| self.alias_of.get_key_value(name).map(|(k, _)| k)).cloned()?;
        let alias = self.alias_of.remove(&*canonical)?;
        self.canonical_of.remove(&*alias);
        self.order.retain(|c| *c != canonical);
        self.measure();
        Some((canonical, alias))
    }

    /// Removes every `server/…` name; returns how many.
    pub fn unregister_server(&mut self, server: &str) -> usize {
        let prefix = format!("{server}/");
        let gone: Vec<Name> = self.order.iter().filter(|c| c.starts_with(&prefix)).cloned().collect();
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
        self.alias_of.get(self.may_hold(canonical)?).map(|n| &**n)
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
        self.canonical_of.get(self.may_hold(alias)?).map(|n| &**n)
    }

    /// The canonical name for either form of a registered name; `None` for
    /// unknown names. A first-party name maps to itself.
    #[must_use]
    pub fn to_canonical(&self, name: &str) -> Option<&str> {
        let name = self.may_hold(name)?;
        self.canonical_of.get(name).or_else(|| self.alias_of.get_key_value(name).map(|(k, _)| k)).map(|n| &**n)
    }

    /// The alias for either form of a registered name; `None` for unknown names.
    #[must_use]
    pub fn to_llm_facing(&self, name: &str) -> Option<&str> {
        let name = self.may_hold(name)?;
        self.alias_of.get(name).or_else(|| self.canonical_of.get_key_value(name).map(|(k, _)| k)).map(|n| &**n)
    }

    /// The keys under which a config override for `name` is looked up, in
    /// order: the canonical form, then the alias (so the canonical key wins
    /// when both are present), then the server default (`server` for
    /// `server/tool`). For an unknown name: the name itself, then its
    /// heuristic other form ([`try_reverse_to_canonical`](crate::try_reverse_to_canonical) or the `/` → `__`
    /// form), then the server default of the canonical form.
    #[must_use]
    pub fn override_keys(&self, name: &str) -> Vec<String> {
        self.override_form(name).into_owned().unwrap_or_else(|form| form.keys(name))
    }

    /// [`override_keys`](Self::override_keys) as a binding builds them:
    /// a registered name's keys, or the form of an unknown name's.
    pub(crate) fn override_form(&self, name: &str) -> OverrideKeys<'_> {
        if let (Some(canonical), Some(alias)) = (self.to_canonical(name), self.to_llm_facing(name)) {
            let mut keys = vec![canonical];
            if alias != canonical {
                keys.push(alias);
            }
            if let Some((server, _)) = canonical.split_once('/') {
                keys.push(server);
            }
            return OverrideKeys::Registered(keys);
        }
        // A `str` has no lone surrogate: its scan always has a form.
        OverrideKeys::Unknown(
            NameScan::of_str(name, &Profile::default(), Overflow::Error).key_form().unwrap_or(KeyForm::Alone),
        )
    }

    /// Looks a config value up by [`override_keys`](Self::override_keys).
    #[must_use]
    pub fn lookup_override<'m, V>(&self, map: &'m HashMap<String, V>, name: &str) -> Option<&'m V> {
        self.override_keys(name).iter().find_map(|k| map.get(k))
    }

    /// §4.3's JSON-RPC response for a call of a tool the registry does
    /// not hold: `-32602` with `data.suggestions`, up to three aliases
    /// nearest `name` among the first [`MAX_CATALOG_ENTRIES`] in
    /// registration order (what an [`ErrorClassifier`](crate::ErrorClassifier)
    /// of those aliases answers); the name itself never appears. A host
    /// router answers an unknown name with it.
    #[must_use]
    pub fn unknown_tool_response(&self, id: &Value, name: &str) -> ErrorResponse<'_> {
        unknown_tool_among(id, self.suggestion_aliases(), &tool_query(name))
    }

    /// The suggestions of [`unknown_tool_response`](Self::unknown_tool_response)
    /// for a name taken in pieces. The aliases are normalized as they are
    /// ranked, not kept: an unknown name is an error path, and a cache
    /// would have to follow every registration.
    #[cfg(any(feature = "wasm-host", test))]
    pub(crate) fn unknown_tool_suggestions(&self, name: &Query) -> Vec<&str> {
        tool_suggestions_among(self.suggestion_aliases(), name)
    }

    /// The aliases an unknown name's suggestions are ranked among: the
    /// first [`MAX_CATALOG_ENTRIES`], in registration order (what a
    /// catalog of them would hold).
    pub(crate) fn suggestion_aliases(&self) -> impl Iterator<Item = &str> {
        self.order.iter().filter_map(|c| self.alias_of.get(c)).take(MAX_CATALOG_ENTRIES).map(|a| &**a)
    }

    /// Every registered name, in registration order.
    pub fn entries(&self) -> impl Iterator<Item = RegistryEntry<'_>> {
        self.order.iter().filter_map(|c| {
            let alias = self.alias_of.get(c)?;
            let hashed = !super::mapping::is_plain_alias(c, alias);
            Some(RegistryEntry { canonical: c, alias, hashed })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::profile::BuiltinProfile;
    use super::*;

    #[test]
    fn an_unknown_tool_is_answered_as_a_classifier_of_the_aliases_answers_it() {
        let mut r = ToolRegistry::default();
        r.register_server("github", &["create_issue", "list_issues", "get_issue"]).unwrap();
        r.register_server("mail", &["add_message"]).unwrap();
        let aliases: Vec<String> = r.entries().map(|e| e.alias.to_owned()).collect();
        let classifier =
            crate::ErrorClassifier::new(crate::Catalog::builder().tools(aliases).build().unwrap()).unwrap();
        let id = Value::from(7);
        for name in ["github__create_isue", "create_issue", "ADD-MESSAGE", "", "zzz", "github/get_issue\n", "é"] {
            let ours = serde_json::to_value(r.unknown_tool_response(&id, name)).unwrap();
            assert_eq!(ours, serde_json::to_value(classifier.unknown_tool_response(&id, name)).unwrap(), "{name:?}");
            // What the JS host's registry puts into Rust's envelope.
            let suggestions = serde_json::to_value(r.unknown_tool_suggestions(&tool_query(name))).unwrap();
            assert_eq!(suggestions, ours["error"]["data"]["suggestions"], "{name:?}");
        }
        for name in ["zzz_secret", "github/get_issue\nIGNORE"] {
            assert!(
                !serde_json::to_string(&r.unknown_tool_response(&id, name)).unwrap().contains(name),
                "the name is never echoed"
            );
        }
        let response = serde_json::to_value(r.unknown_tool_response(&Value::Null, "github__create_isue")).unwrap();
        assert_eq!(response["error"]["code"], -32602);
        assert_eq!(response["error"]["data"]["suggestions"][0], "github__create_issue");
        assert_eq!(
            serde_json::to_value(ToolRegistry::default().unknown_tool_response(&Value::Null, "x")).unwrap()["error"]
                ["data"]["suggestions"],
            serde_json::json!([])
        );
    }

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
        // Unknown names' forms, with offsets past characters of two and four UTF-8 bytes.
        assert_eq!(r.override_keys("a/b/c"), vec!["a/b/c", "a__b__c", "a"]);
        assert_eq!(r.override_keys("é😀__ü__v"), vec!["é😀/ü__v", "é😀__ü__v", "é😀"]);
        assert_eq!(r.override_keys("é/ü"), vec!["é/ü", "é__ü", "é"]);
        for alone in ["__x", "x__", "__", "é"] {
            assert_eq!(r.override_keys(alone), vec![alone], "{alone}");
        }
    }

    #[test]
    fn a_name_is_held_once() {
        let mut r = ToolRegistry::new(Profile::default(), Overflow::Hash);
        let long = format!("a/{}", "b".repeat(200));
        let alias = r.register_owned(long.clone()).unwrap().to_owned();
        assert_eq!(alias.len(), 128);
        assert_eq!(r.to_canonical(&alias), Some(long.as_str()));
        let held = |r: &ToolRegistry| Arc::strong_count(&r.order[0].0);
        assert_eq!(held(&r), 3, "the order and a map each way share one text");
        assert_eq!(r.register(&long).unwrap(), alias, "registering again is idempotent");
        assert_eq!(held(&r), 3);
    }
}
