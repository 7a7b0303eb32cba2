"""tests/data/recipients.json, as tests/recipients.rs runs it."""

from __future__ import annotations

import unicodedata

import pytest

import mcp_boundary as mb
from conftest import kwargs, snake, vectors

DOC = vectors("recipients")


@pytest.mark.parametrize("case", DOC["cases"], ids=lambda c: c["name"])
def test_recipient_vectors(case: dict) -> None:
    validator = mb.RecipientValidator(**kwargs(case.get("options")))
    expect = case["expect"]
    got = validator.validate(case["to"])
    assert got == mb.RecipientValidator(**kwargs(case.get("options"))).validate_many([case["to"]])[0]
    if not case.get("options"):
        assert got == mb.validate_recipient(case["to"])
    if got["ok"]:
        assert expect["ok"] is True
        want = {"kind": expect["kind"]} | ({"id": expect["id"]} if "id" in expect else {})
        assert got["recipient"] == want
        assert validator.rejection_result(case["to"]) is None
        return
    error = got["error"]
    assert expect["ok"] is False, error["reason"]
    assert (error["code"], error["reason"]) == (expect["code"], expect["reason"])
    assert error["valid_shapes"] == list(mb.VALID_SHAPES)
    for key in ("position", "limit"):
        assert error.get(key) == expect.get(key), key
    for key in ("to", "suggestions"):
        if key in expect:
            assert error[key] == expect[key], key
    if "suggestions" not in expect:  # every vector with known agents and suggestions on lists them
        assert "suggestions" not in error
    assert error["to"] in error["message"]
    assert not any(unicodedata.category(c) == "Cc" for c in error["message"])
    result = validator.rejection_result(case["to"])
    assert result is not None and result["isError"] is True


@pytest.mark.parametrize("case", DOC["option_errors"], ids=lambda c: c["name"])
def test_option_errors(case: dict) -> None:
    options = case["options"]
    python_can_say = isinstance(options, dict) and case["throws"]["reason"] in ("invalid_value", "invalid_pattern", "out_of_range", "wrong_type") and not (
        case.get("js_only") and case["throws"]["reason"] == "out_of_range"  # 1.5: a float is a wrong type in Python
    )
    if not python_can_say:
        pytest.skip("JS only: Python's keywords refuse this before the core")
    with pytest.raises(mb.OptionsError) as info:
        mb.RecipientValidator(**kwargs(options))
    e = info.value
    assert isinstance(e, TypeError) and isinstance(e, ValueError) and isinstance(e, mb.McpBoundaryError)
    assert (e.code, e.reason, e.option) == (case["throws"]["code"], case["throws"]["reason"], snake(case["throws"]["option"]))  # type: ignore[attr-defined]


def test_json_schema_accepts_exactly_the_shapes() -> None:
    import re

    schema = mb.RecipientValidator(max_identifier_length=8).json_schema()
    assert schema == mb.recipient_json_schema(max_identifier_length=8)
    assert schema["type"] == "string"
    v = mb.RecipientValidator(max_identifier_length=8)
    for to in ["AGENT:*", "@neo-gpt", "@a", "AGENT:gpt", "neo", "@", "@123456789", " @a", "@a b", "AGENT:**"]:
        assert bool(re.fullmatch(schema["pattern"], to)) == v.validate(to)["ok"], to
