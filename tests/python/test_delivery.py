"""tests/data/delivery.json, as tests/delivery.rs runs it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime, timedelta, timezone
from types import MappingProxyType
from typing import Any

import pytest

import mcp_boundary as mb
from conftest import kwargs, vectors

DOC = vectors("delivery")


def cases(key: str) -> list[dict]:
    assert DOC[key], key
    return DOC[key]  # type: ignore[no-any-return]


@pytest.mark.parametrize("c", cases("states"), ids=lambda c: c["name"])
def test_states(c: dict) -> None:
    assert mb.read_state(c["message"], c["reader"]) == c["state"]


@pytest.mark.parametrize("c", cases("malformed"), ids=lambda c: c["name"])
def test_malformed(c: dict) -> None:
    with pytest.raises(mb.MalformedRecordError) as info:
        mb.read_state(c["message"], "@b")
    e = info.value
    assert (e.code, e.reason) == ("MALFORMED_RECORD", c["reason"])  # type: ignore[attr-defined]
    if "place" in c:
        assert e.place == c["place"]  # type: ignore[attr-defined]
    with pytest.raises(mb.MalformedRecordError):
        mb.unread_count([c["message"]], "@b")
    with pytest.raises(mb.MalformedRecordError):
        mb.mark_read(c["message"], "@b", "2026-11-22T08:15:00Z")


@pytest.mark.parametrize("c", cases("marks"), ids=lambda c: c["name"])
def test_marks(c: dict) -> None:
    got = mb.mark_read(c["message"], c["reader"], c["now"])
    if not got["ok"]:
        assert set(got["error"]) == {"code", "message"}
        got = {"ok": False, "code": got["error"]["code"]}
    assert got == c["expect"]


def test_mailbox_counts() -> None:
    mailbox = DOC["mailbox"]
    for reader, count in mailbox["unreadCount"].items():
        assert mb.unread_count(mailbox["messages"], reader) == count
        unread = mb.list_unread(mailbox["messages"], reader)
        assert [m["id"] for m in unread] == mailbox["listUnread"][reader]
        assert all(any(m is n for n in mailbox["messages"]) for m in unread), "the same objects"
    with pytest.raises(mb.MalformedRecordError) as info:
        mb.unread_count([mailbox["messages"][0], "not a record"], "@a")
    assert info.value.place == "messages[1]"  # type: ignore[attr-defined]


@pytest.mark.parametrize("c", cases("plans"), ids=lambda c: c["name"])
def test_plans(c: dict) -> None:
    validator = mb.RecipientValidator(**kwargs(c["options"])) if "options" in c else None
    got = mb.plan_delivery(c["to"], sender=c.get("sender"), agents=c["agents"], validator=validator)
    if not got["ok"]:
        got = {"ok": False, "code": got["error"]["code"], "reason": got["error"]["reason"]}
    assert got == c["expect"]


def test_datetimes_are_iso_utc_text() -> None:
    message = {"id": 1, "from": "@a", "to": "@b", "readAt": None}
    now = datetime(2026, 11, 22, 9, 15, tzinfo=timezone(timedelta(hours=1)))
    assert mb.mark_read(message, "@b", now) == {"ok": True, "alreadyRead": False, "target": "message", "readAt": "2026-11-22T08:15:00.000Z"}
    read = dict(message, readAt=now)
    assert mb.read_state(read, "@b") == "read"
    with pytest.raises(mb.ArgumentError):
        mb.mark_read(message, "@b", datetime(2026, 11, 22))  # naive: no instant
    with pytest.raises(mb.ArgumentError):
        mb.mark_read(message, "@b", "2026-11-22 08:15")


class Row(Mapping[str, Any]):
    """A read-only mapping that is no dict (as a database driver's row)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


class Raising(Row):
    def __getitem__(self, key: str) -> Any:
        raise RuntimeError("the caller's own")


def test_records_receipts_and_agents_may_be_any_mapping() -> None:
    agents = [MappingProxyType({"id": "@b"}), Row({"id": "@c", "accountType": "agent"}), Row({"id": "@h", "accountType": "human"})]
    assert mb.plan_delivery("AGENT:*", sender="@a", agents=agents)["recipients"] == ["@b", "@c"]
    direct = Row({"from": "@a", "to": "@b", "readAt": None})
    assert mb.read_state(direct, "@b") == "unread"
    read = Row({"from": "@a", "to": "AGENT:*", "receipts": [Row({"recipient": "@b", "readAt": "2026-11-22T08:15:00Z"})]})
    assert mb.read_state(read, "@b") == "read"
    assert mb.mark_read(direct, "@b", "2026-11-22T08:15:00Z")["target"] == "message"
    assert mb.unread_count([direct, read], "@b") == 1
    assert mb.list_unread([direct, read], "@b")[0] is direct
    # A mapping whose reading raises is not a record (as in JS): never the caller's exception.
    with pytest.raises(mb.MalformedRecordError):
        mb.read_state(Raising({"from": "@a", "to": "@b"}), "@b")


def test_plan_delivery_takes_a_recipient_validator() -> None:
    with pytest.raises(mb.ArgumentError):
        mb.plan_delivery("AGENT:*", agents=["@b"], validator={"max_identifier_length": 256})  # type: ignore[arg-type]
    strict = mb.RecipientValidator(known_agents=["@neo-gpt"], strict=True)
    rejected = mb.plan_delivery("@zed", agents=[], validator=strict)
    assert not rejected["ok"] and rejected["error"]["code"] == "UNKNOWN_RECIPIENT"
