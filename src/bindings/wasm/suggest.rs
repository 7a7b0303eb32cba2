//! An unknown tool's name as its suggestions rank it (`crate::nearest`'s
//! `Query`), for the two bindings that answer one: the classifier's
//! `unknown_tool_response` (a server's part) and the registry's (a host's,
//! for `ToolRouter`). A name longer than [`Limit::Piece`] crosses in
//! pieces, of which only what ranking keeps is held.

use std::borrow::Cow;

use super::scratch::{Scratch, Utf16Check};
use super::Limit;
use crate::error_data::{tool_query, MAX_TOOL_QUERY};
use crate::nearest::Query;

/// A long name's pieces, as ranking keeps them, and whether they made
/// valid UTF-16 (a name that does not ranks as the empty one: no
/// suggestions, as a short one read with [`Scratch::strict`]).
#[derive(Debug)]
pub(crate) struct FedQuery {
    query: Query,
    check: Utf16Check,
}

impl Default for FedQuery {
    fn default() -> Self {
        Self { query: Query::new(MAX_TOOL_QUERY), check: Utf16Check::default() }
    }
}

impl FedQuery {
    /// Takes the next piece (`first`: the name's first).
    pub(crate) fn feed(&mut self, units: &[u16], first: bool) {
        if first {
            *self = Self::default();
        }
        self.query.feed(units.iter().copied());
        self.check.feed(units);
    }

    /// The query of a name of `len` units (`None`: no string, ranked as
    /// the empty one): from `scratch`'s units, or from the pieces fed when
    /// it is longer than [`Limit::Piece`].
    pub(crate) fn query<'q>(&'q self, scratch: &Scratch, len: Option<u32>) -> Cow<'q, Query> {
        match len.map(|n| n as usize) {
            Some(n) if n > Limit::Piece as usize => {
                if self.check.valid() {
                    Cow::Borrowed(&self.query)
                } else {
                    Cow::Owned(Query::new(MAX_TOOL_QUERY))
                }
            }
            n => Cow::Owned(tool_query(&n.and_then(|n| scratch.strict(0, n)).unwrap_or_default())),
        }
    }
}
