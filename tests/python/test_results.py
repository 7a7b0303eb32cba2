"""Results cross as Python objects made directly (src/bindings/python/to_python.rs):
the values json.loads would make of the core's JSON text, same types, same
key order, a fresh object per call."""

from __future__ import annotations

import json
from typing import Any

import mcp_boundary as mb


def same(a: Any, b: Any) -> bool:
    """Equal, with the same types and the same key order all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def test_payload_values_keep_their_types() -> None:
    r = mb.ToolRegistry(profile="openai")
    payload: dict[str, Any] = {
        "z": [2**63 - 1, -(2**63), 2**63 + 5, 2**70, 1.5, 1e300, -0.0, 0, True, False, None],
        "a": {"é": "ü\u2028\n\x00", "nested": [[], {}, [{"k": "v"}]]},
    }
    got = r.to_provider(payload, "anthropic")
    # serde_json's Value sorts keys; ints past 64 bits are read as floats.
    want = json.loads(json.dumps({**payload, "z": [*payload["z"][:3], float(2**70), *payload["z"][4:]]}, sort_keys=True))
    assert same(got, want), got


def test_hot_results_in_the_core_order() -> None:
    got = mb.validate_recipient("@neo-gpt")
    assert same(got, {"ok": True, "recipient": {"kind": "identity", "id": "neo-gpt"}})
    assert same(mb.validate_recipient("AGENT:*"), {"ok": True, "recipient": {"kind": "broadcast"}})
    rejected = mb.validate_recipient("AGENT:gpt")
    assert list(rejected) == ["ok", "error"] and rejected["ok"] is False
    c = mb.ErrorClassifier({"list_bounties": ["limit"]}, field_messages=["must be at most 100"])
    data = c.classify("list_bounties", "limit must be at most 100")
    assert same(data, {"code": "invalid_argument", "tool": "list_bounties", "field": "limit", "message": "must be at most 100"})
    assert c.classify("list_bounties", "something else") is None


def test_each_result_is_a_fresh_object() -> None:
    first: Any = mb.validate_recipient("@a")
    first["recipient"]["id"] = "changed"
    first["extra"] = 1
    assert mb.validate_recipient("@a") == {"ok": True, "recipient": {"kind": "identity", "id": "a"}}
