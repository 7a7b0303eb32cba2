//! Listing a server's tools within bounds (SPEC §7): a server that hands
//! out fresh cursors, or tools, for ever would hold the host for ever.

use std::collections::HashSet;

use super::error::{RouterError, RouterReason};

/// The most pages of one server's `tools/list` that are followed.
pub const MAX_LIST_PAGES: usize = 1_000;

/// The most tools of one server's `tools/list` (2^20, the most elements of
/// an array that a JS call reads, so a registry takes them all).
pub const MAX_LISTED_TOOLS: usize = 1 << 20;

/// The most listings of a server's tools one add or one re-list makes: a
/// change the server announces while its tools are being listed lists them
/// once more (servers announce each tool they add, in bursts), up to this
/// many listings in all; then the last one's list is put in place and the
/// server's next announcement starts again. A server that announces a
/// change during every listing would otherwise hold an add for ever.
pub const MAX_LIST_ROUNDS: usize = 4;

/// How long a router waits before opening again a list-change stream the
/// server ended (2026-07-28's `subscriptions/listen`), in milliseconds: the
/// first wait, doubled after each stream that ended sooner than the
/// longest, up to the longest (a stream that lasted that long starts over).
/// A server that keeps ending it is asked at most once a minute, and never
/// given up on while the client is connected.
pub const LISTEN_RETRY_MS: [u32; 2] = [1_000, 60_000];

/// The pages of one `tools/list`, page by page: how many tools each had
/// and the cursor it gave. Refuses a list of more than [`MAX_LIST_PAGES`]
/// pages or [`MAX_LISTED_TOOLS`] tools, and a cursor handed back again.
///
/// ```
/// use mcp_boundary::{ToolListing, RouterReason, MAX_LIST_PAGES};
/// let mut listing = ToolListing::new();
/// assert_eq!(listing.page(3, Some("2")), Ok(true)); // ask again, with cursor "2"
/// assert_eq!(listing.page(1, None), Ok(false)); // the end
///
/// let mut endless = ToolListing::new();
/// for page in 1..MAX_LIST_PAGES {
///     assert_eq!(endless.page(1, Some(&page.to_string())), Ok(true));
/// }
/// assert_eq!(endless.page(1, Some("more")).unwrap_err().reason(), RouterReason::TooManyPages);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ToolListing {
    pages: usize,
    tools: usize,
    /// Every cursor given, as UTF-16 code units (a JS cursor may hold a lone surrogate).
    cursors: HashSet<Vec<u16>>,
    /// The refusal, once there is one: every later page gets it again.
    refused: Option<RouterError>,
}

impl ToolListing {
    /// A listing before its first page.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// One page, in order: its number of tools and its `nextCursor`.
    /// `Ok(true)` when the next page is to be asked for with that cursor,
    /// `Ok(false)` when the list is complete (no cursor, or an empty one).
    ///
    /// # Errors
    /// [`RouterError`] `TOOL_LIST_REFUSED`, the same for every later page: `too_many_tools` when the tools so far pass
    /// [`MAX_LISTED_TOOLS`]; `repeated_cursor` for a cursor given before;
    /// `too_many_pages` for a cursor after page [`MAX_LIST_PAGES`].
    pub fn page(&mut self, tools: usize, next_cursor: Option<&str>) -> Result<bool, RouterError> {
        self.page_units(tools, next_cursor.map(|c| c.encode_utf16().collect()))
    }

    /// [`page`](Self::page) with the cursor as UTF-16 code units.
    pub(crate) fn page_units(&mut self, tools: usize, next_cursor: Option<Vec<u16>>) -> Result<bool, RouterError> {
        let result = self.next(tools, next_cursor);
        if let Err(e) = result {
            self.refused = Some(e);
        }
        result
    }

    fn next(&mut self, tools: usize, next_cursor: Option<Vec<u16>>) -> Result<bool, RouterError> {
        if let Some(e) = self.refused {
            return Err(e);
        }
        self.pages += 1;
        if tools > MAX_LISTED_TOOLS - self.tools {
            return Err(RouterError::list_refused(RouterReason::TooManyTools));
        }
        self.tools += tools;
        let Some(cursor) = next_cursor.filter(|c| !c.is_empty()) else {
            return Ok(false);
        };
        if self.cursors.contains(&cursor) {
            return Err(RouterError::list_refused(RouterReason::RepeatedCursor));
        }
        if self.pages >= MAX_LIST_PAGES {
            return Err(RouterError::list_refused(RouterReason::TooManyPages));
        }
        self.cursors.insert(cursor);
        Ok(true)
    }

    /// The tools of the pages so far.
    #[must_use]
    pub fn tools(&self) -> usize {
        self.tools
    }
}
