//! What both bindings return from the delivery functions, as the JS and
//! Python APIs give it: `{ ok: true, … }` beside the core's result, or `{
//! ok: false, error }` (the Rust API returns a `Result` instead).

use serde::Serialize;

use crate::delivery::{DeliveryPlan, MarkRead, NotARecipient};

/// A delivery plan as the bindings return it: `{ ok: true, kind, recipients }`.
#[derive(Serialize)]
pub(crate) struct Planned<'p> {
    /// Always true.
    pub(crate) ok: bool,
    /// The plan, its keys beside `ok`.
    #[serde(flatten)]
    pub(crate) plan: &'p DeliveryPlan,
}

/// A failed mark as the bindings return it: `{ ok: false, error: { code, message } }`.
#[derive(Serialize)]
pub(crate) struct NotMarked {
    /// Always false.
    pub(crate) ok: bool,
    /// Why.
    pub(crate) error: NotARecipientData,
}

/// [`NotARecipient`] as data.
#[derive(Serialize)]
pub(crate) struct NotARecipientData {
    /// `NOT_A_RECIPIENT`.
    pub(crate) code: &'static str,
    /// Its fixed explanation.
    pub(crate) message: &'static str,
}

impl From<NotARecipient> for NotMarked {
    fn from(n: NotARecipient) -> Self {
        Self { ok: false, error: NotARecipientData { code: n.code(), message: n.message() } }
    }
}

/// A mark as the bindings return it: `{ ok: true, alreadyRead, target, readAt }`.
#[derive(Serialize)]
pub(crate) struct Marked<'m> {
    /// Always true.
    pub(crate) ok: bool,
    /// The update, its keys beside `ok`.
    #[serde(flatten)]
    pub(crate) mark: &'m MarkRead<&'m str>,
}
