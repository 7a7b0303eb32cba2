"""tests/data/tool_names.json and payloads.json, as tests/tool_names.rs runs them."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest

import mcp_boundary as mb
from conftest import vectors

NAMES = vectors("tool_names")
PAYLOADS = vectors("payloads")
STREAMS = vectors("streams")


def opts(v: dict[str, Any]) -> dict[str, Any]:
    return {k: v[k] for k in ("profile", "overflow") if k in v}


def check_error(e: Any, want: dict[str, Any]) -> None:
    assert isinstance(e, mb.ToolNameError) and isinstance(e, ValueError)
    assert (e.code, e.reason) == (want["code"], want["reason"])  # type: ignore[attr-defined]
    for key in ("position", "length", "limit", "existing", "alias"):
        if key in want:
            assert getattr(e, key) == want[key], key
    assert not any(unicodedata.category(c) == "Cc" for c in str(e))


@pytest.mark.parametrize("case", NAMES["forward"], ids=lambda c: c["name"])
def test_forward(case: dict) -> None:
    try:
        alias = mb.to_llm_facing_name(case["canonical"], **opts(case))
    except mb.ToolNameError as e:
        check_error(e, case["error"])
    else:
        assert alias == case.get("alias")


@pytest.mark.parametrize("case", NAMES["reverse"], ids=lambda c: c["name"])
def test_reverse(case: dict) -> None:
    assert mb.try_reverse_to_canonical(case["alias"]) == case["canonical"]


@pytest.mark.parametrize("scenario", NAMES["registry"], ids=lambda c: c["name"])
def test_registry(scenario: dict) -> None:
    r = mb.ToolRegistry(**opts(scenario["options"]))
    for step in scenario["steps"]:
        if "register" in step:
            try:
                assert r.register(step["register"]) == step.get("alias")
            except mb.ToolNameError as e:
                check_error(e, step["error"])
        elif "registerServer" in step:
            server, tools = step["registerServer"]
            try:
                assert r.register_server(server, tools) == step.get("aliases")
            except mb.ToolNameError as e:
                check_error(e, step["error"])
        elif "toCanonical" in step:
            assert r.to_canonical(step["toCanonical"]) == step["result"], step
        elif "toLlmFacing" in step:
            assert r.to_llm_facing(step["toLlmFacing"]) == step["result"], step
        elif "lookupOverride" in step:
            mapping, name = step["lookupOverride"]
            assert r.lookup_override(mapping, name) == step["result"], step
        elif "unregister" in step:
            # Python (as JS) answers whether it was registered; the vector holds the pair.
            assert r.unregister(step["unregister"]) == (step["result"] is not None), step
        elif "entries" in step:
            assert [[e["canonical"], e["alias"], e["hashed"]] for e in r.entries()] == step["entries"]
        else:
            raise AssertionError(f"unknown step {step}")


def registered_payloads() -> mb.ToolRegistry:
    r = mb.ToolRegistry()
    for c in PAYLOADS["registered"]:
        r.register(c)
    return r


@pytest.mark.parametrize("case", PAYLOADS["cases"], ids=lambda c: c["name"])
def test_payloads(case: dict) -> None:
    assert len(PAYLOADS["cases"]) == 41
    r = registered_payloads()
    before = json.dumps(case, sort_keys=True)
    assert r.to_provider(case["canonical"], case["format"]) == case["provider"]
    assert r.from_provider(case["provider"], case["format"]) == case["canonical"]
    assert json.dumps(case, sort_keys=True) == before, "inputs are not mutated"


def test_a_tuple_of_messages_comes_back_a_tuple() -> None:
    """The method's type is ``_P -> _P``: a tuple given, a tuple back, its
    elements rewritten as a list's would be (the vectors' oracle)."""
    r = registered_payloads()
    lists = [c for c in PAYLOADS["cases"] if isinstance(c["canonical"], list)]
    assert lists
    for case in lists:
        got = r.to_provider(tuple(case["canonical"]), case["format"])
        assert isinstance(got, tuple) and list(got) == case["provider"]
        back = r.from_provider(tuple(case["provider"]), case["format"])
        assert isinstance(back, tuple) and list(back) == case["canonical"]


def stream_registry() -> mb.ToolRegistry:
    r = mb.ToolRegistry()
    for server, tools in STREAMS["registered"].items():
        r.register_server(server, tools)
    return r


def canonical_text(text: str) -> str:
    for alias, canonical in STREAMS["aliases"].items():
        text = text.replace(f'"name":"{alias}"', f'"name":{json.dumps(canonical, separators=(",", ":"))}')
    return text


@pytest.mark.parametrize("format_name", sorted(STREAMS["formats"]))
def test_stream_events_one_by_one(format_name: str) -> None:
    """Each recorded event, rewritten alone and through an EventRewriter."""
    recording = STREAMS["formats"][format_name]
    r = stream_registry()
    events = recording["events"]
    want = json.loads(canonical_text(json.dumps(events, separators=(",", ":"), ensure_ascii=False)))
    assert [r.from_provider(e, format_name) for e in events] == want
    rewriter = mb.EventRewriter(r, format_name)
    assert [rewriter.rewrite(e) for e in events] == want
    for call_id, tool in recording["callIds"].items():
        assert r.tool_for_call_id(call_id) == tool


def test_tool_definitions() -> None:
    tools = [{"name": "github__create_issue", "description": "Open an issue", "inputSchema": {"type": "object"}}]
    for f in mb.FORMATS:
        defs = mb.tool_definitions(tools, f)
        assert len(defs) == 1 and "github__create_issue" in json.dumps(defs)
    with pytest.raises(mb.ToolNameError):
        mb.tool_definitions([{"name": "x" * 65}], "openai-chat")


def test_unknown_tool_response_ranks_the_aliases_as_a_classifier_of_them() -> None:
    r = mb.ToolRegistry()
    r.register_server("github", ["create_issue", "list_repos"])
    r.register_server("mail", ["add_message"])
    response = r.unknown_tool_response(7, "github__create_isue")
    assert response["jsonrpc"] == "2.0" and response["id"] == 7
    assert response["error"]["code"] == -32602 and response["error"]["message"] == "unknown tool"
    assert response["error"]["data"]["suggestions"][0] == "github__create_issue"
    aliases = [e["alias"] for e in r.entries()]
    classifier = mb.ErrorClassifier(aliases)
    for id_, name in [("\ud800", "mail__add_mesage"), (None, "ADD-MESSAGE"), ({"not": "an id"}, "zzz SECRET"), ("a", "x" * 40_000 + "SECRET")]:
        answer = r.unknown_tool_response(id_, name)
        assert answer == classifier.unknown_tool_response(id_, name)
        assert "SECRET" not in json.dumps(answer)
    assert r.unknown_tool_response("\ud800", "x")["id"] == "\ud800"
