//! What `check-tools` finds (SPEC §6): per profile, per tool, the plain
//! alias, a hashed one with the reason it was needed, or the refusal; the
//! tools whose aliases collide; and whether every name fits as it is.

use std::fmt::Write as _;

use super::texts::ReportLine;
use crate::tool_name::{to_llm_facing_name, BuiltinProfile, Overflow, Profile, ToolNameError, ToolRegistry};

/// What one name is under one profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolFit {
    /// Its plain alias fits the profile as it is.
    Fits {
        /// The alias.
        alias: String,
    },
    /// Only a hashed alias fits; `error` says why the plain one does not.
    Hashed {
        /// The hashed alias.
        alias: String,
        /// The plain alias's refusal.
        error: ToolNameError,
    },
    /// No alias can stand for it.
    Refused {
        /// The refusal.
        error: ToolNameError,
    },
}

/// One tool's finding under one profile: its canonical name (`prefix/tool`)
/// and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolFinding {
    /// The canonical name checked (a lone surrogate of a binding's string as U+FFFD).
    pub name: String,
    /// What it is under the profile.
    pub fit: ToolFit,
    /// The name as UTF-16, for the text report.
    units: Vec<u16>,
}

/// Two tools with one alias under a profile: the later one's name and the
/// collision's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollisionFinding {
    /// The index of the later tool in the list checked.
    pub tool: usize,
    /// The collision (`TOOL_NAME_COLLISION`).
    pub error: ToolNameError,
}

/// The findings under one profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileFindings {
    /// The profile.
    pub profile: BuiltinProfile,
    /// One finding per tool, in the order given.
    pub tools: Vec<ToolFinding>,
    /// The collisions, in the order found.
    pub collisions: Vec<CollisionFinding>,
}

/// What `check-tools` reports: [`text`](Self::text) and
/// [`json`](Self::json) are its two reports, and it serializes as the JSON
/// one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolNameCheck {
    prefix: Vec<u16>,
    /// Per profile checked, in the order given.
    pub profiles: Vec<ProfileFindings>,
}

impl ToolNameCheck {
    /// Whether every tool's plain alias fits every profile checked and no
    /// two collide (`check-tools` exits 1 otherwise).
    #[must_use]
    pub fn ok(&self) -> bool {
        self.profiles
            .iter()
            .all(|p| p.collisions.is_empty() && p.tools.iter().all(|t| matches!(t.fit, ToolFit::Fits { .. })))
    }

    /// The text report: names whole, printable ASCII as it is, a
    /// backslash doubled, any other character as `\u{XXXX}` (a name must
    /// not forge a line of the report or send the terminal an escape).
    #[must_use]
    pub fn text(&self) -> String {
        let mut lines = Vec::new();
        if !self.prefix.is_empty() {
            lines.push(ReportLine::HostNames.render(&[&shown(&self.prefix)]));
        }
        for p in &self.profiles {
            lines.push(ReportLine::ProfileHeading.render(&[p.profile.name()]));
            for t in &p.tools {
                let name = shown(&t.units);
                lines.push(match &t.fit {
                    ToolFit::Fits { alias } => ReportLine::Fits.render(&[&name, alias]),
                    ToolFit::Hashed { alias, error } => ReportLine::Hashed.render(&[&name, alias, &error.to_string()]),
                    ToolFit::Refused { error } => ReportLine::Refused.render(&[&name, &error.to_string()]),
                });
            }
            for c in &p.collisions {
                lines.push(ReportLine::Collision.render(&[&c.error.to_string()]));
            }
        }
        lines.join("\n")
    }
}

/// `text` as the text report shows a name: printable ASCII as it is, a
/// backslash doubled, any other character (a lone surrogate too) as
/// `\u{XXXX}`, whole. Names come from the server, so a name must not forge
/// a line of the report or send the terminal an escape sequence.
#[must_use]
pub(crate) fn shown(units: &[u16]) -> String {
    let mut out = String::with_capacity(units.len());
    for c in char::decode_utf16(units.iter().copied()) {
        let code = match c {
            Ok('\\') => {
                out.push_str("\\\\");
                continue;
            }
            Ok(c @ ' '..='~') => {
                out.push(c);
                continue;
            }
            Ok(c) => u32::from(c),
            Err(e) => u32::from(e.unpaired_surrogate()),
        };
        let _ = write!(out, "\\u{{{code:04X}}}");
    }
    out
}

/// Checks tool names as `check-tools` does: each as `prefix/name` (just
/// `name` when `prefix` is empty), under each of `profiles`.
///
/// ```
/// use mcp_boundary::{check_tool_names, BuiltinProfile, ToolFit};
/// let check = check_tool_names(&["create_issue", "a.b"], "github", &[BuiltinProfile::OpenAi]);
/// assert!(matches!(&check.profiles[0].tools[0].fit, ToolFit::Fits { alias } if alias == "github__create_issue"));
/// assert!(matches!(check.profiles[0].tools[1].fit, ToolFit::Hashed { .. }));
/// assert!(!check.ok());
/// ```
#[must_use]
pub fn check_tool_names<S: AsRef<str>>(names: &[S], prefix: &str, profiles: &[BuiltinProfile]) -> ToolNameCheck {
    let names: Vec<Vec<u16>> = names.iter().map(|n| n.as_ref().encode_utf16().collect()).collect();
    check_tool_units(&names, &prefix.encode_utf16().collect::<Vec<u16>>(), profiles)
}

/// [`check_tool_names`] for UTF-16 names, which may hold lone surrogates
/// (a JS string's): such a name is refused under every profile.
pub(crate) fn check_tool_units(names: &[Vec<u16>], prefix: &[u16], profiles: &[BuiltinProfile]) -> ToolNameCheck {
    let canonical: Vec<Vec<u16>> = names
        .iter()
        .map(|n| if prefix.is_empty() { n.clone() } else { [prefix, &[u16::from(b'/')], n].concat() })
        .collect();
    let profiles = profiles.iter().map(|&p| findings(&canonical, p)).collect();
    ToolNameCheck { prefix: prefix.to_vec(), profiles }
}

/// The findings for `names` (canonical, UTF-16) under `profile`.
fn findings(names: &[Vec<u16>], profile: BuiltinProfile) -> ProfileFindings {
    let rules = Profile::builtin(profile);
    let mut registry = ToolRegistry::new(rules.clone(), Overflow::Hash);
    let mut tools = Vec::with_capacity(names.len());
    let mut collisions = Vec::new();
    for (i, units) in names.iter().enumerate() {
        let fit = match String::from_utf16(units) {
            Err(_) => ToolFit::Refused { error: ToolNameError::lone_surrogate(units, first_lone(units), rules.name()) },
            Ok(name) => match to_llm_facing_name(&name, &rules, Overflow::Error) {
                Ok(alias) => ToolFit::Fits { alias },
                Err(plain) => match to_llm_facing_name(&name, &rules, Overflow::Hash) {
                    Ok(alias) => ToolFit::Hashed { alias, error: plain },
                    Err(error) => ToolFit::Refused { error },
                },
            },
        };
        let name = String::from_utf16_lossy(units);
        if !matches!(fit, ToolFit::Refused { .. }) {
            // A name with an alias under this profile and overflow: the
            // registry refuses it only for a collision.
            if let Err(error) = registry.register(&name) {
                collisions.push(CollisionFinding { tool: i, error });
            }
        }
        tools.push(ToolFinding { name, fit, units: units.clone() });
    }
    ProfileFindings { profile, tools, collisions }
}

/// The UTF-16 index of the first lone surrogate in `units` (their length when none).
fn first_lone(units: &[u16]) -> usize {
    char::decode_utf16(units.iter().copied())
        .try_fold(0, |at, c| c.map(|c| at + c.len_utf16()).map_err(|_| at))
        .unwrap_or_else(|at| at)
}

/// JSON text as `JSON.stringify(value, null, 2)` writes it, with every
/// code unit outside printable ASCII as `\uXXXX` (a C1 control, a bidi
/// override, U+2028 and a lone surrogate alike): the same data for a
/// parser, and nothing a terminal or a log viewer acts on.
struct Json {
    out: String,
    depth: usize,
    /// Whether the container being written has a member yet.
    first: bool,
}

impl Json {
    fn new() -> Self {
        Json { out: String::new(), depth: 0, first: true }
    }

    /// Starts a member: a comma after the one before, a new line, the
    /// indentation, and `"key": ` inside an object.
    fn member(&mut self, key: Option<&str>) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        if self.depth > 0 {
            self.out.push('\n');
            self.out.push_str(&"  ".repeat(self.depth));
        }
        if let Some(key) = key {
            self.string(&key.encode_utf16().collect::<Vec<u16>>());
            self.out.push_str(": ");
        }
    }

    fn open(&mut self, key: Option<&str>, bracket: char) {
        self.member(key);
        self.out.push(bracket);
        self.depth += 1;
        self.first = true;
    }

    fn close(&mut self, bracket: char) {
        self.depth -= 1;
        if !self.first {
            self.out.push('\n');
            self.out.push_str(&"  ".repeat(self.depth));
        }
        self.out.push(bracket);
        self.first = false;
    }

    fn string(&mut self, units: &[u16]) {
        self.out.push('"');
        for &u in units {
            match u {
                0x22 => self.out.push_str("\\\""),
                0x5c => self.out.push_str("\\\\"),
                0x08 => self.out.push_str("\\b"),
                0x09 => self.out.push_str("\\t"),
                0x0a => self.out.push_str("\\n"),
                0x0c => self.out.push_str("\\f"),
                0x0d => self.out.push_str("\\r"),
                0x20..=0x7e => self.out.push(char::from(u8::try_from(u).unwrap_or(b'?'))),
                _ => {
                    let _ = write!(self.out, "\\u{u:04x}");
                }
            }
        }
        self.out.push('"');
    }

    fn text(&mut self, key: &str, value: &str) {
        self.member(Some(key));
        self.string(&value.encode_utf16().collect::<Vec<u16>>());
    }

    fn raw(&mut self, key: &str, value: &str) {
        self.member(Some(key));
        self.out.push_str(value);
    }
}

impl ToolNameCheck {
    /// The `--json` report: `{ prefix, profiles: { <profile>: { tools:
    /// [{ name, alias, hashed?, fits, reason?, message? }], collisions:
    /// [{ name, message }] } }, ok }`, as printable ASCII JSON text (every
    /// other code unit escaped, so a parser gets the names back exactly).
    #[must_use]
    pub fn json(&self) -> String {
        let mut j = Json::new();
        j.open(None, '{');
        j.member(Some("prefix"));
        j.string(&self.prefix);
        j.open(Some("profiles"), '{');
        for p in &self.profiles {
            j.open(Some(p.profile.name()), '{');
            j.open(Some("tools"), '[');
            for t in &p.tools {
                j.open(None, '{');
                j.member(Some("name"));
                j.string(&t.units);
                let (alias, error) = match &t.fit {
                    ToolFit::Fits { alias } => (Some(alias), None),
                    ToolFit::Hashed { alias, error } => (Some(alias), Some(error)),
                    ToolFit::Refused { error } => (None, Some(error)),
                };
                match alias {
                    Some(alias) => j.text("alias", alias),
                    None => j.raw("alias", "null"),
                }
                if matches!(t.fit, ToolFit::Hashed { .. }) {
                    j.raw("hashed", "true");
                }
                j.raw("fits", if error.is_none() { "true" } else { "false" });
                if let Some(e) = error {
                    j.text("reason", e.reason().as_str());
                    j.text("message", &e.to_string());
                }
                j.close('}');
            }
            j.close(']');
            j.open(Some("collisions"), '[');
            for c in &p.collisions {
                j.open(None, '{');
                j.member(Some("name"));
                j.string(&p.tools[c.tool].units);
                j.text("message", &c.error.to_string());
                j.close('}');
            }
            j.close(']');
            j.close('}');
        }
        j.close('}');
        j.raw("ok", if self.ok() { "true" } else { "false" });
        j.close('}');
        j.out
    }
}

impl serde::Serialize for ToolNameCheck {
    /// As [`json`](Self::json) says (the one home of the report's shape).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value: serde_json::Value = serde_json::from_str(&self.json()).map_err(serde::ser::Error::custom)?;
        value.serialize(serializer)
    }
}
