//! `FromStr` and `Display` for the enums that JSON and JS name by a
//! string ([`Format`](crate::Format), [`BuiltinProfile`](crate::BuiltinProfile),
//! [`RejectionReason`](crate::RejectionReason), …): each parses exactly the
//! names its `as_str()` (or `name()`) gives, from its `ALL` list.

use std::fmt;

/// A string that names none of an enum's values, e.g. `"open-ai"` for a
/// [`Format`](crate::Format). The message lists the names that are
/// accepted, never the string given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    what: &'static str,
    choices: Vec<&'static str>,
}

impl UnknownName {
    pub(crate) fn new(what: &'static str, choices: Vec<&'static str>) -> Self {
        Self { what, choices }
    }

    /// What was being named, e.g. `"payload format"`.
    #[must_use]
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// The names that are accepted.
    #[must_use]
    pub fn choices(&self) -> &[&'static str] {
        &self.choices
    }
}

/// Appends `"a", "b", "c"`: each choice quoted, comma-separated.
pub(crate) fn push_quoted(out: &mut String, choices: &[&str]) {
    for (i, choice) in choices.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('"');
        out.push_str(choice);
        out.push('"');
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = String::new();
        push_quoted(&mut list, &self.choices);
        write!(f, "Unknown {}: expected one of {list}.", self.what)
    }
}

impl std::error::Error for UnknownName {}

/// `FromStr` (from the `ALL` list, by the `$name` method) and `Display`
/// (the same name) for an enum named by strings.
macro_rules! named_by_string {
    ($($ty:ty: $what:literal by $name:ident;)*) => {$(
        impl std::str::FromStr for $ty {
            type Err = $crate::named::UnknownName;

            /// The value with this exact name (no trimming, no case folding).
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .into_iter()
                    .find(|v| v.$name() == s)
                    .ok_or_else(|| $crate::named::UnknownName::new($what, Self::ALL.map(Self::$name).to_vec()))
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.$name())
            }
        }
    )*};
}

named_by_string! {
    crate::Format: "payload format" by name;
    crate::BuiltinProfile: "profile" by name;
    crate::RejectionReason: "rejection reason" by as_str;
    crate::ToolNameReason: "tool name reason" by as_str;
    crate::ReadState: "read state" by as_str;
    crate::Overflow: "overflow" by as_str;
    crate::MarkTarget: "mark target" by as_str;
    crate::RouterCode: "router error code" by as_str;
    crate::RouterReason: "router error reason" by as_str;
    crate::ReplacedAnswer: "replaced answer" by as_str;
    crate::HandlerErrors: "handler errors" by as_str;
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use crate::{BuiltinProfile, Format, MarkTarget, Overflow, ReadState, RejectionReason, ToolNameReason};

    /// Every value parses from its name and displays as it; a near miss
    /// does not parse, and its error lists every name.
    fn round_trip<T>(all: &[T], name: fn(&T) -> &'static str)
    where
        T: FromStr<Err = super::UnknownName> + std::fmt::Display + std::fmt::Debug + PartialEq,
    {
        assert!(!all.is_empty());
        for v in all {
            assert_eq!(name(v).parse::<T>().as_ref(), Ok(v));
            assert_eq!(v.to_string(), name(v));
            let near = format!("¿{}", name(v));
            let e = near.parse::<T>().unwrap_err();
            assert_eq!(e.choices(), all.iter().map(name).collect::<Vec<_>>().as_slice());
            assert!(!e.to_string().contains('¿'), "the input is not echoed");
            let upper = name(v).to_uppercase();
            let folded = if upper == name(v) { name(v).to_lowercase() } else { upper };
            assert!(folded.parse::<T>().is_err(), "no case folding");
        }
    }

    #[test]
    fn every_named_enum_round_trips_through_its_name() {
        round_trip(&Format::ALL, |v| v.name());
        round_trip(&BuiltinProfile::ALL, |v| v.name());
        round_trip(&RejectionReason::ALL, |v| v.as_str());
        round_trip(&ToolNameReason::ALL, |v| v.as_str());
        round_trip(&ReadState::ALL, |v| v.as_str());
        round_trip(&Overflow::ALL, |v| v.as_str());
        round_trip(&MarkTarget::ALL, |v| v.as_str());
        round_trip(&crate::RouterCode::ALL, |v| v.as_str());
        round_trip(&crate::RouterReason::ALL, |v| v.as_str());
        round_trip(&crate::ReplacedAnswer::ALL, |v| v.as_str());
        round_trip(&crate::HandlerErrors::ALL, |v| v.as_str());
        assert_eq!(
            "open-ai".parse::<Format>().unwrap_err().to_string(),
            "Unknown payload format: expected one of \"anthropic\", \"openai-chat\", \"openai-responses\", \"gemini\", \"bedrock-converse\"."
        );
    }
}
