//! What the npm package's `check-tools` command says of its command line:
//! its usage and refusals, as templates whose `{}` slots `js/cli.mjs`
//! fills in order (through `say`) with fixed words of ours, numbers, or
//! the caller's words as the report shows names (escaped and whole). The
//! CLI is JS's, so its texts are the wasm binding's; the report's lines are
//! the core's (`crate::host::texts`), and `__check_tools_texts` gives both.
//! Built with the build-tables feature only: the package build writes the
//! table into js/generated/tables.js, which the host part reads.

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::host::Entries;
use super::{to_js, Give};
use crate::host::texts::ReportLine;

/// One text of the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CliText {
    /// The usage line, printed after a refused command line.
    Usage,
    /// No command given.
    MissingCommand,
    /// A command other than `check-tools`: `{}` the command.
    UnknownCommand,
    /// `--prefix` last.
    PrefixNeedsValue,
    /// `--tools` last.
    ToolsNeedsFile,
    /// `--profile` with another word: `{}` the profiles, comma-separated.
    ProfileOneOf,
    /// An unknown option: `{}` the option.
    UnknownOption,
    /// Neither or both of `--tools FILE` and `-- <command>`.
    ToolsOrCommand,
    /// The client name check-tools connects to a server with.
    ClientName,
    /// `{}` the file: not JSON.
    NotJson,
    /// `{}` the file, `{}` why (the system's error code).
    Unreadable,
    /// `{}` the file: no tools/list result in it.
    NotToolsList,
    /// `{}` the file, `{}` the index of a tool without a string name.
    NoStringName,
    /// Spawning a server without the SDK installed.
    NeedsSdk,
    /// The server could not be listed: `{}` the error's message.
    CouldNotList,
}

impl CliText {
    /// Every text.
    const ALL: [Self; 15] = [
        Self::Usage,
        Self::MissingCommand,
        Self::UnknownCommand,
        Self::PrefixNeedsValue,
        Self::ToolsNeedsFile,
        Self::ProfileOneOf,
        Self::UnknownOption,
        Self::ToolsOrCommand,
        Self::ClientName,
        Self::NotJson,
        Self::Unreadable,
        Self::NotToolsList,
        Self::NoStringName,
        Self::NeedsSdk,
        Self::CouldNotList,
    ];

    /// Its key in the table (`"unknownOption"`).
    fn key(self) -> &'static str {
        match self {
            Self::Usage => "usage",
            Self::MissingCommand => "missingCommand",
            Self::UnknownCommand => "unknownCommand",
            Self::PrefixNeedsValue => "prefixNeedsValue",
            Self::ToolsNeedsFile => "toolsNeedsFile",
            Self::ProfileOneOf => "profileOneOf",
            Self::UnknownOption => "unknownOption",
            Self::ToolsOrCommand => "toolsOrCommand",
            Self::ClientName => "clientName",
            Self::NotJson => "notJson",
            Self::Unreadable => "unreadable",
            Self::NotToolsList => "notToolsList",
            Self::NoStringName => "noStringName",
            Self::NeedsSdk => "needsSdk",
            Self::CouldNotList => "couldNotList",
        }
    }

    /// The template: fixed text, and a `{}` for each value, in order.
    fn template(self) -> &'static str {
        match self {
            Self::Usage => {
                "usage: mcp-boundary check-tools [--prefix NAME] [--profile P]... [--json] (--tools FILE | -- <command> [args...])"
            }
            Self::MissingCommand => "missing command",
            Self::UnknownCommand => "unknown command: {}",
            Self::PrefixNeedsValue => "--prefix needs a value",
            Self::ToolsNeedsFile => "--tools needs a file",
            Self::ProfileOneOf => "--profile: one of {}",
            Self::UnknownOption => "unknown option: {}",
            Self::ToolsOrCommand => "give --tools FILE or -- <command>",
            Self::ClientName => "mcp-boundary check-tools",
            Self::NotJson => "{}: not JSON",
            Self::Unreadable => "{}: cannot be read ({})",
            Self::NotToolsList => "{}: expected a tools/list result (an object with a \"tools\" array)",
            Self::NoStringName => "{}: tools[{}] has no string name",
            Self::NeedsSdk => {
                "spawning a server needs the peer dependency @modelcontextprotocol/sdk (npm install @modelcontextprotocol/sdk)"
            }
            Self::CouldNotList => "could not list the server's tools: {}",
        }
    }
}

/// The report's lines, by key (`"fits"`): `say` renders them too.
const REPORT_LINES: [(&str, ReportLine); 6] = [
    ("hostNames", ReportLine::HostNames),
    ("profileHeading", ReportLine::ProfileHeading),
    ("fits", ReportLine::Fits),
    ("hashed", ReportLine::Hashed),
    ("refused", ReportLine::Refused),
    ("collision", ReportLine::Collision),
];

/// Every text `say` renders, `(key, template)`: the command line's, then
/// the report's lines.
fn texts() -> impl Iterator<Item = (&'static str, &'static str)> {
    CliText::ALL
        .iter()
        .map(|t| (t.key(), t.template()))
        .chain(REPORT_LINES.iter().map(|&(key, line)| (key, line.template())))
}

/// Sets `out[0]` to the check-tools texts by key (`{ usage: template, … }`,
/// `{}` a slot), the host part's `__mcp().texts`.
#[wasm_bindgen(js_name = "__check_tools_texts")]
pub fn check_tools_texts(out: &Array) {
    out.give(to_js(&Entries(texts().collect())));
}
