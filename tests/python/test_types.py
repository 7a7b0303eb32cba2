"""The result TypedDicts and Literal names are importable at run time
(``mcp_boundary.types``, the TypedDicts also from ``mcp_boundary``), and
describe what the compiled module answers: each result's keys are its
TypedDict's (every required key, no key it does not declare), and the
Literals hold the names the module lists."""

from __future__ import annotations

import typing
from typing import Any, get_args

import pytest

import mcp_boundary
from mcp_boundary import _mcp_boundary, types

RESULTS = [
    "Accepted",
    "CustomProfile",
    "ErrorData",
    "Marked",
    "NotARecipientData",
    "NotMarked",
    "Planned",
    "RecipientError",
    "RecipientJsonSchema",
    "RecipientKind",
    "RefusedTool",
    "RegistryEntry",
    "Rejected",
    "ServerReport",
]


@pytest.mark.parametrize("name", RESULTS)
def test_each_result_shape_is_a_typeddict_importable_from_the_package(name: str) -> None:
    cls = getattr(types, name)
    assert typing.is_typeddict(cls), name
    assert getattr(mcp_boundary, name) is cls
    assert name in mcp_boundary.__all__ and name in types.__all__


def test_recipient_result_is_the_union_of_its_shapes() -> None:
    assert set(get_args(mcp_boundary.RecipientResult)) == {types.Accepted, types.Rejected}


def keys_fit(value: dict[str, Any], cls: Any) -> None:
    assert cls.__required_keys__ <= value.keys() <= cls.__required_keys__ | cls.__optional_keys__, (cls.__name__, sorted(value))


def test_the_results_have_the_keys_their_typeddicts_declare() -> None:
    accepted = mcp_boundary.validate_recipient("@neo-gpt")
    keys_fit(accepted, types.Accepted)
    keys_fit(accepted["recipient"], types.RecipientKind)
    keys_fit(mcp_boundary.validate_recipient("AGENT:*")["recipient"], types.RecipientKind)
    v = mcp_boundary.RecipientValidator(known_agents=["@neo-gpt"], strict=True, max_identifier_length=7)
    for bad in ["AGENT:gpt", "@neo-gpx", "@x y", "@toolong8", 3]:
        rejected = v.validate(bad)
        keys_fit(rejected, types.Rejected)
        keys_fit(rejected["error"], types.RecipientError)
    keys_fit(v.json_schema(), types.RecipientJsonSchema)
    planned = mcp_boundary.plan_delivery("AGENT:*", sender="@a", agents=["@a", "@b"])
    keys_fit(planned, types.Planned)
    message = {"to": "AGENT:*", "from": "@a", "receipts": [{"recipient": "@b", "readAt": None}]}
    keys_fit(mcp_boundary.mark_read(message, "@b", "2026-01-01T00:00:00Z"), types.Marked)
    refused = mcp_boundary.mark_read(message, "@c", "2026-01-01T00:00:00Z")
    keys_fit(refused, types.NotMarked)
    keys_fit(refused["error"], types.NotARecipientData)
    registry = mcp_boundary.ToolRegistry(on_collision="skip")
    registry.register("a/b__c")
    report = registry.register_server("a", ["b/c"])
    keys_fit(report, types.ServerReport)
    keys_fit(report["refused"][0], types.RefusedTool)
    keys_fit(registry.entries()[0], types.RegistryEntry)
    data = mcp_boundary.ErrorClassifier({"t": ["limit"]}, field_messages=["must be at most 100"]).classify("t", "limit must be at most 100")
    assert data is not None
    keys_fit(dict(data), types.ErrorData)


def test_the_literals_hold_the_names_the_module_lists() -> None:
    assert list(get_args(types.Format)) == _mcp_boundary.FORMATS
    assert list(get_args(types.ReplacedAnswerKind)) == _mcp_boundary.REPLACED_ANSWERS
    assert set(get_args(types.Kind)) == set(_mcp_boundary.REPLACED_ANSWERS) - {"request_refused"}
    rejected = mcp_boundary.validate_recipient("AGENT:gpt")
    assert not rejected["ok"]
    assert rejected["error"]["reason"] in get_args(types.RejectionReasonName)
    assert rejected["error"]["code"] in get_args(types.RecipientCode)
    assert mcp_boundary.read_state({"to": "@b"}, "@c") in get_args(types.ReadStateName)
