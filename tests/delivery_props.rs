//! Properties of read state over random mailboxes.
#![cfg(not(target_arch = "wasm32"))]

use mcp_boundary::{
    list_unread, mark_read, read_state, unread_count, Field, MarkTarget, MessageRecord, ReadState, Receipt, Receipts,
};
use proptest::prelude::*;

const AGENTS: [&str; 5] = ["@a", "@b", "@c", "@d", "@e"];
const STAMP: &str = "2026-11-22T08:15:00Z";

#[derive(Debug, Clone)]
struct Msg {
    from: usize,
    to: Option<usize>, // None: broadcast
    read: bool,
    /// None: legacy; Some: receipts (recipient, read).
    receipts: Option<Vec<(usize, bool)>>,
}

fn msg() -> impl Strategy<Value = Msg> {
    (
        0..5usize,
        prop::option::of(0..5usize),
        any::<bool>(),
        prop::option::of(prop::collection::btree_map(0..5usize, any::<bool>(), 0..5)),
    )
        .prop_map(|(from, to, read, receipts)| Msg {
            from,
            to,
            read,
            receipts: if to.is_none() { receipts.map(|r| r.into_iter().collect()) } else { None },
        })
}

fn record(m: &Msg) -> MessageRecord<&'static str> {
    let stamp = |read: bool| if read { Field::Str(STAMP) } else { Field::Null };
    MessageRecord {
        from: Field::Str(AGENTS[m.from]),
        to: Field::Str(m.to.map_or("AGENT:*", |t| AGENTS[t])),
        read_at: stamp(m.read),
        receipts: m.receipts.as_ref().map_or(Receipts::Missing, |rs| {
            Receipts::List(
                rs.iter()
                    .map(|(r, read)| Some(Receipt { recipient: Field::Str(AGENTS[*r]), read_at: stamp(*read) }))
                    .collect(),
            )
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn counts_follow_the_spec_model(mailbox in prop::collection::vec(msg(), 0..30)) {
        let records: Vec<_> = mailbox.iter().map(record).collect();
        for reader in 0..=AGENTS.len() {
            // The expected unread list, from the model alone: a receipt-backed
            // broadcast by the reader's own receipt, a legacy broadcast by the
            // shared flag (not for its sender), a direct message for its
            // recipient only.
            let unread = |m: &Msg| match (&m.receipts, m.to) {
                (Some(receipts), _) => receipts.iter().any(|(who, read)| *who == reader && !read),
                (None, None) => m.from != reader && !m.read,
                (None, Some(to)) => to == reader && !m.read,
            };
            let want: Vec<usize> = (0..mailbox.len()).filter(|i| unread(&mailbox[*i])).collect();
            let reader = AGENTS.get(reader).copied().unwrap_or("@late");
            prop_assert_eq!(list_unread(&records, reader).unwrap(), want.clone());
            prop_assert_eq!(unread_count(&records, reader).unwrap(), want.len());
        }
    }

    #[test]
    fn receipts_decide_alone_and_first_read_wins(m in msg(), reader in 0..5usize) {
        let r = record(&m);
        let reader = AGENTS[reader];
        if let Some(receipts) = &m.receipts {
            // The shared flag never matters once receipts exist.
            let mut flipped = m.clone();
            flipped.read = !m.read;
            prop_assert_eq!(read_state(&r, reader), read_state(&record(&flipped), reader));
            let mine = receipts.iter().find(|(who, _)| AGENTS[*who] == reader);
            let want = match mine { None => ReadState::NotARecipient, Some((_, true)) => ReadState::Read, Some((_, false)) => ReadState::Unread };
            prop_assert_eq!(read_state(&r, reader), Ok(want));
        }
        if let Ok(mark) = mark_read(&r, reader, "2030-01-01T00:00:00Z") {
            prop_assert_eq!(mark.already_read, read_state(&r, reader) == Ok(ReadState::Read));
            if mark.already_read { prop_assert_eq!(mark.read_at, STAMP); }
            prop_assert_eq!(mark.target == MarkTarget::Receipt, m.receipts.is_some());
        } else {
            prop_assert_eq!(read_state(&r, reader), Ok(ReadState::NotARecipient));
        }
    }
}
