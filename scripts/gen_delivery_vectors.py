"""Writes tests/data/delivery.json (python3 scripts/gen_delivery_vectors.py).

States and errors come from an independent Python reference of SPEC §2."""
import json
import os
import random
import re

B = "AGENT:*"
TS = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|\+00:00)$")


def utc(s):
    m = TS.match(s) if isinstance(s, str) else None
    if not m:
        return False
    y, mo, d, h, mi, sec = (int(m.group(i)) for i in range(1, 7))
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return 1 <= mo <= 12 and 1 <= d <= days[mo - 1] and h <= 23 and mi <= 59 and sec <= 60


class Bad(Exception):
    def __init__(self, reason, receipt=None):
        self.reason, self.receipt = reason, receipt


def read_at(v, receipt=None):
    if v is None or v == "__missing__":
        return None
    if utc(v):
        return v
    raise Bad("read_at", receipt)


def slot(m, reader):
    if not isinstance(m, dict):
        raise Bad("not_a_record")
    to = m.get("to")
    if not isinstance(to, str):
        raise Bad("to")
    frm = m.get("from")
    if frm is not None and not isinstance(frm, str):
        raise Bad("from")
    shared = read_at(m.get("readAt"))
    receipts = m.get("receipts")
    if receipts is not None and not isinstance(receipts, list):
        raise Bad("receipts")
    if receipts is not None and to != B:
        raise Bad("receipts_on_direct")
    if receipts is None:
        if to == B:
            return ("nar",) if frm == reader else ("message", shared)
        return ("message", shared) if to == reader else ("nar",)
    mine, seen = None, {}
    found = False
    for i, r in enumerate(receipts):
        if not isinstance(r, dict):
            raise Bad("not_a_record", i)
        who = r.get("recipient")
        if not isinstance(who, str):
            raise Bad("recipient", i)
        at = read_at(r.get("readAt"), i)
        if who == reader:
            mine, found = at, True
    for i, r in enumerate(receipts):
        who = r["recipient"]
        if who in seen:
            raise Bad("duplicate_receipt", i)
        seen[who] = i
    return ("receipt", mine) if found else ("nar",)


def state(m, reader):
    s = slot(m, reader)
    return "not_a_recipient" if s[0] == "nar" else ("read" if s[1] else "unread")


def receipt(r, at=None):
    return {"recipient": r, "deliveredAt": "2026-11-22T08:00:00Z", "readAt": at}


T1, T2 = "2026-11-22T08:15:00Z", "2026-11-22T09:30:00.250Z"
named = [
    ("direct, unread", {"id": "m1", "from": "@a", "to": "@b", "readAt": None}),
    ("direct, read", {"id": "m2", "from": "@a", "to": "@b", "readAt": T1}),
    ("direct, readAt absent", {"id": "m3", "from": "@a", "to": "@b"}),
    ("broadcast, B read, C not (the incident)", {"id": "m4", "from": "@a", "to": B, "readAt": None, "receipts": [receipt("@b", T1), receipt("@c")]}),
    ("broadcast with a stale shared flag", {"id": "m5", "from": "@a", "to": B, "readAt": T2, "receipts": [receipt("@b"), receipt("@c")]}),
    ("broadcast, empty audience", {"id": "m6", "from": "@a", "to": B, "receipts": []}),
    ("legacy broadcast, unread", {"id": "m7", "from": "@a", "to": B, "readAt": None}),
    ("legacy broadcast, read by someone", {"id": "m8", "from": "@a", "to": B, "readAt": T1}),
    ("legacy broadcast, receipts null", {"id": "m9", "from": "@a", "to": B, "readAt": None, "receipts": None}),
    ("timestamp with +00:00 and a fraction", {"id": "m10", "from": "@a", "to": "@b", "readAt": "2024-02-29T23:59:59.123456789+00:00"}),
]
readers = ["@a", "@b", "@c", "@late"]
state_cases = []
for name, m in named:
    for r in readers:
        state_cases.append({"name": f"{name} / {r}", "message": m, "reader": r, "state": state(m, r)})

malformed = []
for name, m in [
    ("readAt not a timestamp", {"from": "@a", "to": "@b", "readAt": "yesterday"}),
    ("readAt with a local offset", {"from": "@a", "to": "@b", "readAt": "2026-11-22T08:15:00+01:00"}),
    ("readAt without a zone", {"from": "@a", "to": "@b", "readAt": "2026-11-22T08:15:00"}),
    ("readAt with a space", {"from": "@a", "to": "@b", "readAt": "2026-11-22 08:15:00Z"}),
    ("readAt on a day that does not exist", {"from": "@a", "to": "@b", "readAt": "2025-02-29T00:00:00Z"}),
    ("readAt a number", {"from": "@a", "to": "@b", "readAt": 1732263300000}),
    ("receipt readAt invalid", {"from": "@a", "to": B, "receipts": [receipt("@b"), receipt("@c", "soon")]}),
    ("two receipts for one recipient", {"from": "@a", "to": B, "receipts": [receipt("@b"), receipt("@c"), receipt("@b", T1)]}),
    ("receipts on a direct message", {"from": "@a", "to": "@b", "receipts": [receipt("@b")]}),
    ("empty receipts on a direct message", {"from": "@a", "to": "@b", "receipts": []}),
    ("receipts not a list", {"from": "@a", "to": B, "receipts": {"@b": None}}),
    ("a receipt that is not an object", {"from": "@a", "to": B, "receipts": [receipt("@b"), "@c"]}),
    ("a receipt without a recipient", {"from": "@a", "to": B, "receipts": [{"readAt": None}]}),
    ("to not a string", {"from": "@a", "to": None}),
    ("from not a string", {"from": 7, "to": "@b"}),
    ("a message that is not an object", "m1"),
]:
    try:
        state(m, "@b")
        raise SystemExit(f"{name} should be malformed")
    except Bad as e:
        place = "message" + (f".receipts[{e.receipt}]" if e.receipt is not None else "")
        malformed.append({"name": name, "message": m, "reason": e.reason, "place": place})

marks = []
for name, m, reader, now in [
    ("first read of a receipt", named[3][1], "@c", T2),
    ("second read keeps the first readAt", named[3][1], "@b", T2),
    ("direct, first read", named[0][1], "@b", T2),
    ("direct, already read", named[1][1], "@b", T2),
    ("legacy broadcast, first read", named[6][1], "@b", T2),
    ("legacy broadcast, already read", named[7][1], "@c", T2),
    ("sender of a broadcast", named[3][1], "@a", T2),
    ("latecomer", named[3][1], "@late", T2),
    ("not the direct recipient", named[0][1], "@c", T2),
    ("stale shared flag is ignored", named[4][1], "@b", T2),
]:
    s = slot(m, reader)
    if s[0] == "nar":
        expect = {"ok": False, "code": "NOT_A_RECIPIENT"}
    else:
        expect = {"ok": True, "alreadyRead": s[1] is not None, "target": s[0], "readAt": s[1] or now}
    marks.append({"name": name, "message": m, "reader": reader, "now": now, "expect": expect})

rnd = random.Random(2)
mailbox = [m for _, m in named]
counts = {r: sum(1 for m in mailbox if state(m, r) == "unread") for r in readers}
unread = {r: [m["id"] for m in mailbox if state(m, r) == "unread"] for r in readers}

plans = [
    {"name": "broadcast audience", "to": B, "sender": "@a",
     "agents": ["@c", {"id": "@b", "accountType": "agent"}, "@a", {"id": "@h", "accountType": "human"}, {"id": "@s", "accountType": "sentinel"}, "@b", B, "nobody", "@bad id", 42, None, {"id": 5}, {"name": "@x"}],
     "expect": {"ok": True, "kind": "broadcast", "recipients": ["@b", "@c"]}},
    {"name": "broadcast, no agents", "to": B, "sender": "@a", "agents": [], "expect": {"ok": True, "kind": "broadcast", "recipients": []}},
    {"name": "broadcast, sender only", "to": B, "sender": "@a", "agents": ["@a"], "expect": {"ok": True, "kind": "broadcast", "recipients": []}},
    {"name": "broadcast, sorted by code unit", "to": B, "sender": None, "agents": ["@b", "@B", "@a-1", "@a_1", "@A"], "expect": {"ok": True, "kind": "broadcast", "recipients": ["@A", "@B", "@a-1", "@a_1", "@b"]}},
    {"name": "direct", "to": "@b", "sender": "@a", "agents": ["@c"], "expect": {"ok": True, "kind": "direct", "recipients": ["@b"]}},
    {"name": "rejected recipient", "to": "AGENT:gpt", "sender": "@a", "agents": ["@b"], "expect": {"ok": False, "code": "INVALID_RECIPIENT_SHAPE", "reason": "agent_prefix_with_name"}},
]



def audience(sender, agents, options):
    """The reference audience (SPEC §2) under recipient options (§1): the
    agents a validator with `options` accepts as identities, without the
    sender and human or sentinel accounts, sorted by code unit, once each."""
    longest = options.get("maxIdentifierLength", 128)
    known = options.get("knownAgents") if options.get("strict") else None
    pattern = options.get("identityPattern")
    out = set()
    for a in agents:
        id_, kind = (a, None) if isinstance(a, str) else (a.get("id"), a.get("accountType"))
        if not isinstance(id_, str) or id_ == sender or kind in ("human", "sentinel"):
            continue
        if not re.fullmatch(r"@[A-Za-z0-9_-]{1,%d}" % longest, id_):
            continue
        if known is not None and id_ not in known:
            continue
        if pattern is not None and not re.search(pattern, id_):
            continue
        out.add(id_)
    return sorted(out, key=lambda x: x.encode("utf-16-be"))


LONG = "@" + "a" * 200
option_plans = [
    ("a longer identifier length: the audience holds what it accepts", {"maxIdentifierLength": 256}, [LONG, "@b"]),
    ("the default length: an identity past 128 gets no receipt", None, [LONG, "@b"]),
    ("a shorter identifier length: a longer identity gets no receipt", {"maxIdentifierLength": 2}, ["@bbbb", "@cc", "@d"]),
    ("strict known agents: an unknown identity gets no receipt", {"knownAgents": ["@a", "@neo-gpt"], "strict": True}, ["@zz", "@neo-gpt", "@a"]),
    ("known agents, not strict: every identity gets its receipt", {"knownAgents": ["@a"]}, ["@zz", "@a"]),
    ("an identity pattern: a mismatch gets no receipt", {"identityPattern": "^@neo-[a-z0-9-]+$"}, ["@neo-gpt", "@zed", {"id": "@neo-x", "accountType": "human"}]),
]
for name, options, agents in option_plans:
    case = {"name": name, "to": B, "sender": "@x", "agents": agents}
    if options is not None:
        case["options"] = options
    case["expect"] = {"ok": True, "kind": "broadcast", "recipients": audience("@x", agents, options or {})}
    plans.append(case)

doc = {
    "about": "Delivery vectors (SPEC §2) from an independent Python reference; run natively (tests/delivery.rs), in Node and Chromium (tests/web_delivery.rs) and against the npm package (js-tests/).",
    "states": state_cases,
    "malformed": malformed,
    "marks": marks,
    "mailbox": {"messages": mailbox, "unreadCount": counts, "listUnread": unread},
    "plans": plans,
}
with open(os.path.join(os.environ.get("VECTORS_OUT", "tests/data"), "delivery.json"), "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(len(state_cases), "states,", len(malformed), "malformed,", len(marks), "marks,", len(plans), "plans")
