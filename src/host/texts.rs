//! What the `check-tools` command prints (SPEC §6): its usage, its
//! refusals and the lines of its text report, as templates whose `{}`
//! slots a binding fills in order with fixed words of ours, numbers, or
//! names as the command shows them (escaped and whole: a name must not
//! forge a line of the report or send the terminal an escape sequence).

/// One text of the `check-tools` command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CheckToolsText {
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
    /// The report's first line with a prefix: `{}` the prefix.
    HostNames,
    /// A profile's heading: `{}` the profile.
    ProfileHeading,
    /// A tool whose plain alias fits: `{}` the name, `{}` the alias.
    Fits,
    /// A tool that needs a hashed alias: `{}` the name, `{}` the alias, `{}` the refusal of the plain one.
    Hashed,
    /// A tool no alias can stand for: `{}` the name, `{}` the refusal.
    Refused,
    /// Two tools with one alias: `{}` the collision's message.
    Collision,
}

impl CheckToolsText {
    /// Every text.
    pub const ALL: [Self; 21] = [
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
        Self::HostNames,
        Self::ProfileHeading,
        Self::Fits,
        Self::Hashed,
        Self::Refused,
        Self::Collision,
    ];

    /// Its name in a binding's table (`"unknownOption"`).
    #[must_use]
    pub fn key(self) -> &'static str {
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
            Self::HostNames => "hostNames",
            Self::ProfileHeading => "profileHeading",
            Self::Fits => "fits",
            Self::Hashed => "hashed",
            Self::Refused => "refused",
            Self::Collision => "collision",
        }
    }

    /// The template: fixed text, and a `{}` for each value, in order.
    #[must_use]
    pub fn template(self) -> &'static str {
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
            Self::HostNames => "names as a host sees them: {}/<tool>",
            Self::ProfileHeading => "{}:",
            Self::Fits => "  ok      {} -> {}",
            Self::Hashed => "  hashed  {} -> {}  ({})",
            Self::Refused => "  refused {}  ({})",
            Self::Collision => "  collision: {}",
        }
    }

    /// The number of `{}` slots of its template.
    #[must_use]
    pub fn slots(self) -> usize {
        self.parts().count() - 1
    }

    /// The fixed parts of its template, between its slots (a slot is found
    /// by its `{`: a char search, where a `"{}"` one took 2 KB of wasm).
    fn parts(self) -> impl Iterator<Item = &'static str> {
        let mut rest = Some(self.template());
        std::iter::from_fn(move || {
            let text = rest?;
            let slot = text.match_indices('{').map(|(at, _)| at).find(|&at| text[at + 1..].starts_with('}'));
            let part = match slot {
                Some(at) => {
                    rest = Some(&text[at + 2..]);
                    &text[..at]
                }
                None => rest.take()?,
            };
            Some(part)
        })
    }

    /// The template with `values` in its slots, in order (a slot without a
    /// value stays empty).
    #[must_use]
    pub fn render(self, values: &[&str]) -> String {
        let mut out = String::new();
        let mut values = values.iter();
        for (i, part) in self.parts().enumerate() {
            if i > 0 {
                out.push_str(values.next().copied().unwrap_or_default());
            }
            out.push_str(part);
        }
        out
    }
}
