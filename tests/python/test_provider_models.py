"""ToolRegistry.to_provider / from_provider over the provider SDKs' own
pydantic models (issue 33): openai's ChatCompletion and Responses
Response, anthropic's Message, google-genai's GenerateContentResponse and
request models. Each SDK is optional (pytest.importorskip per test), so a
venv without them still passes; scripts/python-dev.txt pins them.

For every model: the result is a model of the same class, the tool names
are canonical, and every other field is unchanged (the input's dump with
only the names replaced equals the output's dump, both with and without
``exclude_unset``, so the fields the caller set stay the fields set)."""

from __future__ import annotations

import copy
import datetime as dt
import warnings
from typing import Any

import pytest

import mcp_boundary as mb
from conftest import vectors

PAYLOADS = {c["name"]: c for c in vectors("payloads")["cases"]}
CANONICAL = {"github__create_issue": "github/create_issue", "github__list_repos": "github/list_repos"}


@pytest.fixture
def registry() -> mb.ToolRegistry:
    r = mb.ToolRegistry(profile="openai")
    assert r.register_server("github", ["create_issue", "list_repos"]) == list(CANONICAL)
    return r


def vector_registry() -> mb.ToolRegistry:
    """The registry of tests/data/payloads.json."""
    r = mb.ToolRegistry(profile="anthropic")
    for name in vectors("payloads")["registered"]:
        r.register(name)
    return r


def renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` (a dump) with every string equal to a key of ``names``
    replaced: the payloads below use the aliases only as names."""
    if isinstance(value, dict):
        return {k: renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def check_model(before: Any, after: Any, names: dict[str, str]) -> None:
    """``after`` is ``before``'s class with ``names`` replaced, nothing else."""
    assert type(after) is type(before)
    assert after is not before
    for kwargs in ({}, {"exclude_unset": True}, {"mode": "json", "by_alias": True}):
        assert after.model_dump(**kwargs) == renamed(before.model_dump(**kwargs), names), kwargs
    assert after.model_fields_set == before.model_fields_set


# ---- OpenAI Chat Completions -------------------------------------------------

CHAT = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1764000000,
    "model": "gpt-4.1",
    "service_tier": "default",
    "system_fingerprint": None,
    "x_unknown_field": {"kept": [1, 2.5, None]},  # openai's models allow extra fields
    "choices": [
        {
            "index": 0,
            "finish_reason": "tool_calls",
            "logprobs": None,
            "message": {
                "role": "assistant",
                "content": "Filing it.",
                "refusal": None,
                "tool_calls": [
                    {"id": "call_1", "type": "function", "function": {"name": "github__create_issue", "arguments": '{"title":"x"}'}},
                    {"id": "call_2", "type": "function", "function": {"name": "unregistered__tool", "arguments": "{}"}},
                    {"id": "call_3", "type": "custom", "custom": {"name": "github__list_repos", "input": "all"}},
                ],
            },
        }
    ],
    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15, "prompt_tokens_details": {"cached_tokens": 0}},
}


def test_openai_chat_completion(registry: mb.ToolRegistry) -> None:
    chat = pytest.importorskip("openai.types.chat")
    before = chat.ChatCompletion.model_validate(copy.deepcopy(CHAT))
    dump = before.model_dump()
    after = registry.from_provider(before, "openai-chat")
    check_model(before, after, CANONICAL)
    calls = after.choices[0].message.tool_calls
    assert [type(c).__name__ for c in calls] == [type(c).__name__ for c in before.choices[0].message.tool_calls]
    assert calls[0].function.name == "github/create_issue"
    assert calls[1].function.name == "unregistered__tool"  # unknown names pass through
    assert calls[2].custom.name == "github/list_repos"
    assert after.x_unknown_field == {"kept": [1, 2.5, None]}
    assert before.model_dump() == dump  # the input is not mutated
    # Back again: the aliases the model was given.
    again = registry.to_provider(after, "openai-chat")
    check_model(after, again, {v: k for k, v in CANONICAL.items()})
    assert again.model_dump() == dump


def test_openai_chat_completion_as_the_client_builds_it(registry: mb.ToolRegistry) -> None:
    """The client builds responses without validation (``construct``): the same answer."""
    pytest.importorskip("openai")
    from openai._models import construct_type
    from openai.types.chat import ChatCompletion

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        before = construct_type(type_=ChatCompletion, value=copy.deepcopy(CHAT))
        after = registry.from_provider(before, "openai-chat")
    assert type(after) is ChatCompletion
    assert after.model_dump() == renamed(before.model_dump(), CANONICAL)
    assert after.choices[0].message.tool_calls[0].function.name == "github/create_issue"


def test_openai_chat_request(registry: mb.ToolRegistry) -> None:
    """Requests are TypedDicts (plain dicts) in the SDK; the assistant turn
    may carry the response's own message model, which comes back as a model
    of its class (an element of the list given), the dicts as dicts."""
    chat = pytest.importorskip("openai.types.chat")
    case = PAYLOADS["openai-chat request"]
    assert vector_registry().to_provider(case["canonical"], "openai-chat") == case["provider"]
    response = chat.ChatCompletion.model_validate(renamed(CHAT, CANONICAL))
    user = {"role": "user", "content": "file it"}
    messages = [user, response.choices[0].message]
    out = registry.to_provider(messages, "openai-chat")
    assert type(out) is list and len(out) == 2
    assert type(out[0]) is dict and out[0] == user
    assert type(out[1]) is chat.ChatCompletionMessage
    assert out[1].tool_calls[0].function.name == "github__create_issue"
    assert out[1].tool_calls[0].function.arguments == '{"title":"x"}'
    check_model(response.choices[0].message, out[1], {v: k for k, v in CANONICAL.items()})
    assert messages[1] is response.choices[0].message and messages[1].tool_calls[0].function.name == "github/create_issue"
    # What the SDK takes as a tool definition (a TypedDict) validates as one.
    from pydantic import TypeAdapter

    TypeAdapter(list[chat.ChatCompletionToolUnionParam]).validate_python(
        vector_registry().to_provider(case["canonical"], "openai-chat")["tools"]
    )


def test_openai_chat_stream_chunk_and_call_ids(registry: mb.ToolRegistry) -> None:
    """A stream's chunk models: the call id is remembered (tool_for_call_id);
    the whole-response ``from_provider`` does not remember ids (SPEC §3.4:
    ids are paired within a stream)."""
    chat = pytest.importorskip("openai.types.chat")
    registry.from_provider(chat.ChatCompletion.model_validate(copy.deepcopy(CHAT)), "openai-chat")
    assert registry.tool_for_call_id("call_1") is None
    chunk = chat.ChatCompletionChunk.model_validate(
        {
            "id": "chatcmpl-2",
            "object": "chat.completion.chunk",
            "created": 1764000000,
            "model": "gpt-4.1",
            "choices": [
                {
                    "index": 0,
                    "delta": {"tool_calls": [{"index": 0, "id": "call_s1", "type": "function", "function": {"name": "github__create_issue", "arguments": ""}}]},
                    "finish_reason": None,
                }
            ],
        }
    )
    out = mb.EventRewriter(registry, "openai-chat").rewrite(chunk)
    assert type(out) is chat.ChatCompletionChunk  # the SDK's own class back, not a dict
    check_model(chunk, out, CANONICAL)
    assert out.choices[0].delta.tool_calls[0].function.name == "github/create_issue"
    assert out.choices[0].delta.tool_calls[0].id == "call_s1"
    assert registry.tool_for_call_id("call_s1") == "github/create_issue"
    # A dict event stays a dict.
    as_dict = chunk.model_dump(mode="json", exclude_unset=True)
    got = mb.EventRewriter(registry, "openai-chat").rewrite(as_dict)
    assert type(got) is dict and got["choices"][0]["delta"]["tool_calls"][0]["function"]["name"] == "github/create_issue"
    after = registry.from_provider(chunk, "openai-chat")
    check_model(chunk, after, CANONICAL)


# ---- OpenAI Responses --------------------------------------------------------

RESPONSE = {
    "id": "resp_1",
    "object": "response",
    "created_at": 1764000000.0,
    "model": "gpt-4.1",
    "status": "completed",
    "parallel_tool_calls": True,
    "tool_choice": {"type": "function", "name": "github__list_repos"},
    "tools": [
        {"type": "function", "name": "github__create_issue", "parameters": {"type": "object", "properties": {}}, "strict": True, "description": None},
        {"type": "function", "name": "github__list_repos", "parameters": None, "strict": False},
        {"type": "web_search"},
    ],
    "output": [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed", "content": [{"type": "output_text", "text": "calling", "annotations": []}]},
        {"type": "function_call", "id": "fc_1", "call_id": "call_r1", "name": "github__list_repos", "arguments": "{}", "status": "completed"},
    ],
    "usage": {"input_tokens": 3, "output_tokens": 4, "total_tokens": 7, "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}},
    "metadata": {"k": "v"},
}


def test_openai_responses_response(registry: mb.ToolRegistry) -> None:
    responses = pytest.importorskip("openai.types.responses")
    before = responses.Response.model_validate(copy.deepcopy(RESPONSE))
    after = registry.from_provider(before, "openai-responses")
    check_model(before, after, CANONICAL)
    assert [type(i) for i in after.output] == [type(i) for i in before.output]  # the union's members kept
    assert after.output[2].name == "github/list_repos"
    assert [getattr(t, "name", None) for t in after.tools] == ["github/create_issue", "github/list_repos", None]
    assert after.tool_choice.name == "github/list_repos"
    assert after.output_text == "calling"


def test_openai_responses_request(registry: mb.ToolRegistry) -> None:
    """``input`` is a list of TypedDicts, or the previous response's own
    output items (models), which come back as their dicts."""
    responses = pytest.importorskip("openai.types.responses")
    case = PAYLOADS["openai-responses request"]
    assert vector_registry().to_provider(case["canonical"], "openai-responses") == case["provider"]
    previous = responses.Response.model_validate(renamed(RESPONSE, CANONICAL))
    items = [{"role": "user", "content": "list them"}, *previous.output, {"type": "function_call_output", "call_id": "call_r1", "output": "[]"}]
    out = registry.to_provider({"model": "gpt-4.1", "input": items}, "openai-responses")
    assert out["input"][3]["name"] == "github__list_repos"
    assert out["input"][1:3] == [i.model_dump(mode="json", exclude_unset=True) for i in previous.output[:2]]
    from pydantic import TypeAdapter

    TypeAdapter(list[responses.ResponseInputItemParam]).validate_python(out["input"])


# ---- Anthropic ---------------------------------------------------------------

MESSAGE = {
    "id": "msg_01",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "content": [
        {"type": "thinking", "thinking": "use the tool", "signature": "sig"},
        {"type": "text", "text": "Let me file it.", "citations": None},
        {"type": "tool_use", "id": "toolu_01", "name": "github__create_issue", "input": {"title": "x", "labels": ["bug"]}},
        {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "q"}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 12, "output_tokens": 34, "cache_creation_input_tokens": None, "service_tier": "standard"},
}


def test_anthropic_message(registry: mb.ToolRegistry) -> None:
    types = pytest.importorskip("anthropic.types")
    before = types.Message.model_validate(copy.deepcopy(MESSAGE))
    after = registry.from_provider(before, "anthropic")
    check_model(before, after, CANONICAL)
    assert [type(b) for b in after.content] == [type(b) for b in before.content]
    assert after.content[2].name == "github/create_issue"
    assert after.content[3].name == "web_search"
    again = registry.to_provider(after, "anthropic")
    assert again.model_dump() == before.model_dump()


def test_anthropic_request_and_stream(registry: mb.ToolRegistry) -> None:
    types = pytest.importorskip("anthropic.types")
    case = PAYLOADS["anthropic request"]
    assert vector_registry().to_provider(case["canonical"], "anthropic") == case["provider"]
    # The next request carries the response's content blocks (models) as the assistant turn.
    previous = types.Message.model_validate(renamed(MESSAGE, CANONICAL))
    messages = [{"role": "user", "content": "file it"}, {"role": "assistant", "content": previous.content}]
    out = registry.to_provider(messages, "anthropic")
    assert out[1]["content"][2]["name"] == "github__create_issue"
    from pydantic import TypeAdapter

    TypeAdapter(list[types.MessageParam]).validate_python(out)
    # A stream event model: the id is remembered.
    event = types.RawContentBlockStartEvent.model_validate(
        {"type": "content_block_start", "index": 2, "content_block": {"type": "tool_use", "id": "toolu_s1", "name": "github__list_repos", "input": {}}}
    )
    assert registry.from_provider(event, "anthropic").content_block.name == "github/list_repos"
    assert registry.tool_for_call_id("toolu_s1") is None
    rewritten = mb.EventRewriter(registry, "anthropic").rewrite(event)
    assert type(rewritten) is types.RawContentBlockStartEvent
    assert type(rewritten.content_block) is types.ToolUseBlock
    assert (rewritten.index, rewritten.content_block.id, rewritten.content_block.name) == (2, "toolu_s1", "github/list_repos")
    assert event.content_block.name == "github__list_repos", "not mutated"
    assert registry.tool_for_call_id("toolu_s1") == "github/list_repos"


def test_anthropic_history_mixing_dicts_and_models(registry: mb.ToolRegistry) -> None:
    """A top-level list of messages, some the SDK's models (a previous
    response), some dicts: each model comes back as its class, each dict
    as a dict."""
    types = pytest.importorskip("anthropic.types")
    previous = types.Message.model_validate(copy.deepcopy(MESSAGE))
    user = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "done"}]}
    history = [{"role": "user", "content": "file it"}, previous, user]
    out = registry.from_provider(history, "anthropic")
    assert [type(m) for m in out] == [dict, types.Message, dict]
    assert out[0] == history[0] and out[2] == user
    check_model(previous, out[1], CANONICAL)
    assert [type(b) for b in out[1].content] == [type(b) for b in previous.content]
    assert out[1].content[2].name == "github/create_issue" and out[1].content[2].input == {"title": "x", "labels": ["bug"]}
    assert previous.content[2].name == "github__create_issue", "not mutated"
    # Back again: the class kept, the aliases the model was given.
    again = registry.to_provider(out, "anthropic")
    assert type(again[1]) is types.Message and again[1].model_dump() == previous.model_dump()


def test_openai_responses_input_list_mixing_dicts_and_models(registry: mb.ToolRegistry) -> None:
    """A bare Responses input list: the previous response's output items
    (models of several classes) beside input dicts."""
    responses = pytest.importorskip("openai.types.responses")
    previous = responses.Response.model_validate(renamed(RESPONSE, CANONICAL))
    items = [{"role": "user", "content": "list them"}, *previous.output, {"type": "function_call_output", "call_id": "call_r1", "output": "[]"}]
    out = registry.to_provider(items, "openai-responses")
    assert [type(i) for i in out] == [dict, *[type(o) for o in previous.output], dict]
    assert type(out[3]) is responses.ResponseFunctionToolCall
    assert (out[3].name, out[3].call_id, out[3].arguments) == ("github__list_repos", "call_r1", "{}")
    for given, got in zip(previous.output, out[1:4]):
        check_model(given, got, {v: k for k, v in CANONICAL.items()})
    assert out[0] == items[0] and out[4] == items[4]


# ---- Google Gen AI -----------------------------------------------------------


def gemini_response(genai: Any, name: str) -> Any:
    return genai.GenerateContentResponse(
        candidates=[
            genai.Candidate(
                index=0,
                finish_reason=genai.FinishReason.STOP,
                content=genai.Content(
                    role="model",
                    parts=[
                        genai.Part(text="calling"),
                        genai.Part(function_call=genai.FunctionCall(id="gc_1", name=name, args={"title": "x", "n": 2.5})),
                        genai.Part(inline_data=genai.Blob(mime_type="image/png", data=b"\x89PNG\r\n\x00\xff\xfe")),
                        genai.Part(thought_signature=b"\x00\x01sig"),
                    ],
                ),
            )
        ],
        create_time=dt.datetime(2026, 11, 25, 8, 15, 0, 123456, tzinfo=dt.timezone.utc),
        response_id="r1",
        model_version="gemini-2.5-flash",
        usage_metadata=genai.GenerateContentResponseUsageMetadata(total_token_count=3),
        automatic_function_calling_history=[
            genai.Content(role="model", parts=[genai.Part.from_function_call(name="github__create_issue", args={})]),
        ],
    )


def test_gemini_generate_content_response(registry: mb.ToolRegistry) -> None:
    genai = pytest.importorskip("google.genai.types")
    before = gemini_response(genai, "github__create_issue")
    after = registry.from_provider(before, "gemini")
    check_model(before, after, CANONICAL)
    parts = after.candidates[0].content.parts
    assert parts[1].function_call.name == "github/create_issue"
    assert after.function_calls[0].name == "github/create_issue"
    assert parts[2].inline_data.data == b"\x89PNG\r\n\x00\xff\xfe"  # bytes through base64, unchanged
    assert parts[3].thought_signature == b"\x00\x01sig"
    assert after.create_time == before.create_time  # microseconds kept: pydantic's own dump, not the binding's datetime text
    assert after.candidates[0].finish_reason is genai.FinishReason.STOP
    assert after.automatic_function_calling_history[0].parts[0].function_call.name == "github/create_issue"
    again = registry.to_provider(after, "gemini")
    assert again.model_dump() == before.model_dump()


def test_gemini_request_models(registry: mb.ToolRegistry) -> None:
    """google-genai has request models: a config with tools, contents."""
    genai = pytest.importorskip("google.genai.types")
    config = genai.GenerateContentConfig(
        temperature=0.2,
        tools=[
            genai.Tool(
                function_declarations=[
                    genai.FunctionDeclaration(name="github/create_issue", description="Create", parameters_json_schema={"type": "object"}),
                    genai.FunctionDeclaration(name="github/list_repos"),
                ]
            ),
            genai.Tool(google_search=genai.GoogleSearch()),
        ],
        tool_config=genai.ToolConfig(
            function_calling_config=genai.FunctionCallingConfig(mode=genai.FunctionCallingConfigMode.ANY, allowed_function_names=["github/create_issue"])
        ),
    )
    out = registry.to_provider(config, "gemini")
    check_model(config, out, {v: k for k, v in CANONICAL.items()})
    assert [d.name for d in out.tools[0].function_declarations] == list(CANONICAL)
    assert out.tool_config.function_calling_config.allowed_function_names == ["github__create_issue"]
    contents = [
        genai.Content(role="user", parts=[genai.Part(text="use github/create_issue")]),
        genai.Content(role="model", parts=[genai.Part.from_function_call(name="github/create_issue", args={"title": "x"})]),
        genai.Content(role="user", parts=[genai.Part.from_function_response(name="github/create_issue", response={"ok": True})]),
    ]
    out_contents = registry.to_provider(contents, "gemini")
    assert [type(c) for c in out_contents] == [genai.Content] * 3  # a list of models: models back
    for given, got in zip(contents, out_contents):
        check_model(given, got, {v: k for k, v in CANONICAL.items()})
    assert out_contents[1].parts[0].function_call.name == "github__create_issue"
    assert out_contents[1].parts[0].function_call.args == {"title": "x"}
    assert out_contents[2].parts[0].function_response.name == "github__create_issue"
    assert out_contents[2].parts[0].function_response.response == {"ok": True}
    assert out_contents[0].parts[0].text == "use github/create_issue"  # text is not a name
    case = PAYLOADS["gemini SDK generateContent parameters (tools under config)"]
    assert vector_registry().to_provider(case["canonical"], "gemini") == case["provider"]


# ---- Edge cases of reading a model ------------------------------------------


def test_unset_fields_stay_unset_and_none_defaults(registry: mb.ToolRegistry) -> None:
    """``exclude_unset``: an unset default is not made set; a ``None`` the
    caller set stays set (and is dumped)."""
    chat = pytest.importorskip("openai.types.chat")
    minimal = chat.ChatCompletion.model_validate({k: v for k, v in CHAT.items() if k not in ("service_tier", "system_fingerprint", "usage", "x_unknown_field")})
    after = registry.from_provider(minimal, "openai-chat")
    check_model(minimal, after, CANONICAL)
    assert "usage" not in after.model_fields_set and after.usage is None
    assert "system_fingerprint" not in after.model_fields_set


def test_a_model_with_aliased_fields(registry: mb.ToolRegistry) -> None:
    """A model whose field names differ from its JSON keys (google-genai's
    camelCase aliases; a hand-written alias) is read by alias and made again."""
    from pydantic import BaseModel, ConfigDict, Field

    class Call(BaseModel):
        model_config = ConfigDict(populate_by_name=True)
        call_name: str = Field(alias="name")
        call_id: str = Field(alias="id")
        when: dt.datetime | None = None

    class Block(BaseModel):
        type: str
        id: str
        name: str
        input: dict[str, Any]

    class Reply(BaseModel):
        model_config = ConfigDict(extra="allow")
        content: list[Block]
        calls: list[Call] = []

    before = Reply.model_validate(
        {
            "content": [{"type": "tool_use", "id": "t1", "name": "github__create_issue", "input": {}}],
            "calls": [{"name": "github__create_issue", "id": "x", "when": "2026-11-25T08:15:00.5+02:00"}],
            "extra_thing": [1, 2],
        }
    )
    after = registry.from_provider(before, "anthropic")
    assert type(after) is Reply
    assert after.content[0].name == "github/create_issue"
    assert after.calls == before.calls  # not a tool call in anthropic's shape: unchanged
    assert after.model_extra == {"extra_thing": [1, 2]}
