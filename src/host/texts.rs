//! The lines of `check-tools`' text report ([`ToolNameCheck::text`]), as
//! templates whose `{}` slots are filled in order with fixed words of
//! ours, numbers, or names as the report shows them (escaped and whole: a
//! name must not forge a line of the report or send the terminal an
//! escape sequence). The command line's own texts (usage, refusals) are the
//! CLI's, in its binding.
//!
//! [`ToolNameCheck::text`]: super::ToolNameCheck::text

/// One line of the text report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ReportLine {
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

impl ReportLine {
    /// The template: fixed text, and a `{}` for each value, in order.
    pub(crate) fn template(self) -> &'static str {
        match self {
            Self::HostNames => "names as a host sees them: {}/<tool>",
            Self::ProfileHeading => "{}:",
            Self::Fits => "  ok      {} -> {}",
            Self::Hashed => "  hashed  {} -> {}  ({})",
            Self::Refused => "  refused {}  ({})",
            Self::Collision => "  collision: {}",
        }
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
    pub(crate) fn render(self, values: &[&str]) -> String {
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
