"""Writes tests/data/payloads.json: realistic provider payloads with canonical
tool names, and the same payloads as the provider must see them.

In the templates, N("server/tool") marks a place that holds a tool name
(rewritten); every other occurrence of a name (text, arguments, ids) must
stay as it is."""
import copy
import json
import os

REGISTERED = ["github/create_issue", "github/list_repos", "mailbox/add_message", "search"]
ALIAS = {c: c.replace("/", "__") for c in REGISTERED}


class N(str):
    """A tool-name slot."""


def render(node, alias):
    if isinstance(node, N):
        return ALIAS.get(str(node), str(node)) if alias else str(node)
    if isinstance(node, dict):
        return {k: render(v, alias) for k, v in node.items()}
    if isinstance(node, list):
        return [render(v, alias) for v in node]
    return node


schema = {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
anthropic_request = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 1024,
    "system": "You can call github/create_issue to file bugs.",
    "tools": [
        {"name": N("github/create_issue"), "description": "Create an issue", "input_schema": schema},
        {"name": N("search"), "description": "First-party search", "input_schema": {"type": "object"}},
        {"name": N("unregistered/tool"), "input_schema": {"type": "object"}},
        {"type": "web_search_20250305", "name": N("web_search"), "max_uses": 3},
    ],
    "tool_choice": {"type": "tool", "name": N("github/create_issue")},
    "messages": [
        {"role": "user", "content": "File a bug about github/create_issue failing"},
        {"role": "assistant", "content": [
            {"type": "text", "text": "Calling github/create_issue now."},
            {"type": "tool_use", "id": "toolu_01", "name": N("github/create_issue"), "input": {"title": "github/create_issue fails", "name": "github/create_issue"}},
        ]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "created #12"}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_02", "name": N("mailbox/add_message"), "input": {"to": "AGENT:*"}}]},
    ],
}
anthropic_response = {
    "id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "stop_reason": "tool_use",
    "content": [
        {"type": "text", "text": "Let me list repos."},
        {"type": "tool_use", "id": "toolu_03", "name": N("github/list_repos"), "input": {}},
        {"type": "tool_use", "id": "toolu_04", "name": N("unknown__tool"), "input": {}},
    ],
    "usage": {"input_tokens": 10, "output_tokens": 20},
}
anthropic_stream_event = {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_05", "name": N("search"), "input": {}}}

openai_chat_request = {
    "model": "gpt-4.1",
    "tools": [
        {"type": "function", "function": {"name": N("github/create_issue"), "description": "Create", "parameters": schema, "strict": True}},
        {"type": "function", "function": {"name": N("mailbox/add_message"), "parameters": {"type": "object"}}},
    ],
    "tool_choice": {"type": "function", "function": {"name": N("mailbox/add_message")}},
    "messages": [
        {"role": "system", "content": "Use github/create_issue."},
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": N("github/create_issue"), "arguments": "{\"title\":\"github/create_issue\"}"}},
        ]},
        {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
    ],
}
openai_chat_response = {
    "id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4.1",
    "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_2", "type": "function", "function": {"name": N("github/list_repos"), "arguments": "{}"}},
        {"id": "call_3", "type": "function", "function": {"name": N("search"), "arguments": "{\"q\":\"x\"}"}},
    ]}}],
}
openai_chat_chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_4", "type": "function", "function": {"name": N("github/list_repos"), "arguments": ""}}]}}]}

openai_responses_request = {
    "model": "gpt-4.1",
    "tools": [
        {"type": "function", "name": N("github/create_issue"), "parameters": schema, "strict": True},
        {"type": "web_search_preview"},
        {"type": "function", "name": N("search"), "parameters": {"type": "object"}},
    ],
    "tool_choice": {"type": "function", "name": N("github/create_issue")},
    "input": [
        {"role": "user", "content": "file it"},
        {"type": "function_call", "call_id": "call_5", "name": N("github/create_issue"), "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_5", "output": "github/create_issue ok"},
    ],
}
openai_responses_response = {
    "id": "resp_1", "object": "response", "status": "completed",
    "output": [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "function_call", "id": "fc_1", "call_id": "call_6", "name": N("mailbox/add_message"), "arguments": "{\"to\":\"@neo\"}"},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "mailbox/add_message"}]},
    ],
}

gemini_request = {
    "contents": [
        {"role": "user", "parts": [{"text": "use github/create_issue"}]},
        {"role": "model", "parts": [{"functionCall": {"name": N("github/create_issue"), "args": {"title": "x"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": N("github/create_issue"), "response": {"ok": True}}}]},
    ],
    "tools": [{"functionDeclarations": [
        {"name": N("github/create_issue"), "description": "Create", "parameters": schema},
        {"name": N("search"), "parameters": {"type": "object"}},
    ]}],
    "toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": [N("github/create_issue"), N("search"), N("other")]}},
}
gemini_response = {
    "candidates": [{"index": 0, "finishReason": "STOP", "content": {"role": "model", "parts": [
        {"text": "calling"},
        {"functionCall": {"name": N("github/list_repos"), "args": {}}},
    ]}}],
    "usageMetadata": {"totalTokenCount": 3},
}

# Responses namespace tools: the namespace's own name is the host's, and
# maps like any name (here unregistered, so unchanged).
openai_responses_namespace = {
    "model": "gpt-5",
    "tools": [{"type": "namespace", "name": N("mailbox"), "description": "The team mailbox", "tools": [
        {"type": "function", "name": N("mailbox/add_message"), "parameters": {"type": "object"}},
        {"type": "custom", "name": N("github/list_repos")},
        {"type": "function", "name": N("local_tool")},
    ]}],
    "input": [
        {"type": "function_call", "call_id": "call_9", "namespace": N("mailbox"), "name": N("mailbox/add_message"), "arguments": "{\"to\":\"mailbox/add_message\"}"},
        {"type": "function_call_output", "call_id": "call_9", "output": "sent"},
    ],
}

# The parameters of the Gemini SDK's generateContent (`@google/genai`): the
# request's tools and tool config sit under `config`.
gemini_sdk_params = {
    "model": "gemini-2.5-flash",
    "contents": gemini_request["contents"],
    "config": {
        "temperature": 0,
        "tools": [{"functionDeclarations": [
            {"name": N("github/create_issue"), "description": "Create", "parametersJsonSchema": schema},
            {"name": N("search")},
        ]}],
        "toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": [N("github/create_issue"), N("other")]}},
    },
}

# The Gemini SDK's chats: the history a chat starts from, and a message
# that answers a call (a list of parts, or one part).
gemini_chat_create = {
    "model": "gemini-2.5-flash",
    "history": gemini_request["contents"],
    "config": {"tools": [{"functionDeclarations": [{"name": N("github/create_issue")}]}]},
}
gemini_send_message = {"message": [
    {"text": "here is github/create_issue's answer"},
    {"functionResponse": {"id": "c1", "name": N("github/create_issue"), "response": {"ok": True}}},
    {"functionResponse": {"name": N("unregistered/tool"), "response": {}}},
]}
gemini_send_one_part = {"message": {"functionResponse": {"name": N("mailbox/add_message"), "response": {"sent": True}}}}
# The Live API: a server message's calls, and the client's responses (a
# list or one; on the wire inside toolResponse).
gemini_live_tool_call = {"toolCall": {"functionCalls": [
    {"id": "fc-1", "name": N("github/list_repos"), "args": {}},
    {"id": "fc-2", "name": N("search"), "args": {"q": "github/list_repos"}},
]}}
gemini_live_tool_response = {"functionResponses": [{"id": "fc-1", "name": N("github/list_repos"), "response": {"repos": []}}]}
gemini_live_one_response = {"functionResponses": {"id": "fc-2", "name": N("mailbox/add_message"), "response": {}}}
gemini_live_wire_response = {"toolResponse": gemini_live_tool_response}

# OpenAI Responses stored history: a conversation created with items, and a
# listed page of its items.
openai_conversation_create = {"items": [
    {"type": "message", "role": "user", "content": "file it with github/create_issue"},
    {"type": "function_call", "call_id": "call_c1", "name": N("github/create_issue"), "arguments": "{}"},
    {"type": "function_call_output", "call_id": "call_c1", "output": "done"},
]}
openai_item_page = {"object": "list", "data": [
    {"type": "function_call", "id": "fc_c1", "call_id": "call_c1", "name": N("github/create_issue"), "arguments": "{}", "status": "completed"},
    {"type": "custom_tool_call", "id": "ct_1", "call_id": "call_c2", "namespace": N("mailbox"), "name": N("mailbox/add_message"), "input": "hi"},
    {"type": "function_call_output", "id": "fco_1", "call_id": "call_c1", "name": N("github/create_issue"), "output": "done", "status": "completed"},
], "first_id": "fc_c1", "last_id": "fco_1", "has_more": False}

# The Realtime API: a session.update that declares the tools; its items
# and response.* events are the Responses shapes.
openai_realtime_session_update = {"type": "session.update", "session": {
    "type": "realtime", "instructions": "use github/create_issue",
    "tools": [{"type": "function", "name": N("github/create_issue"), "parameters": schema}, {"type": "function", "name": N("search")}],
    "tool_choice": {"type": "function", "name": N("github/create_issue")},
}}

# OpenAI Chat's deprecated function calling, which the API and the SDK's
# types still carry: `functions`, `function_call` (the choice, and a call in
# messages, responses and stream deltas) and `role: "function"` results. A
# user's `name` names a participant, not a tool, and stays.
openai_chat_functions_request = {
    "model": "gpt-4o",
    "functions": [
        {"name": N("github/create_issue"), "description": "Create an issue", "parameters": schema},
        {"name": N("unregistered/tool"), "parameters": {"type": "object"}},
        {"name": N("search")},
    ],
    "function_call": {"name": N("github/create_issue")},
    "messages": [
        {"role": "user", "name": "github/create_issue", "content": "A participant's name is not a tool's: github/create_issue"},
        {"role": "assistant", "content": None, "function_call": {"name": N("mailbox/add_message"), "arguments": "{\"to\":\"@neo-gpt\",\"tool\":\"github/create_issue\"}"}},
        {"role": "function", "name": N("mailbox/add_message"), "content": "sent github/create_issue"},
    ],
}
openai_chat_function_call_response = {"id": "chatcmpl-legacy", "object": "chat.completion", "model": "gpt-4o", "choices": [
    {"index": 0, "finish_reason": "function_call", "message": {"role": "assistant", "content": None, "function_call": {"name": N("github/create_issue"), "arguments": "{\"title\":\"x\"}"}}},
]}
openai_chat_function_call_chunk = {"id": "chatcmpl-legacy", "object": "chat.completion.chunk", "choices": [
    {"index": 0, "delta": {"role": "assistant", "function_call": {"name": N("mailbox/add_message"), "arguments": ""}}, "finish_reason": None},
]}
openai_chat_function_result = {"role": "function", "name": N("github/create_issue"), "content": "{}"}

# The Gemini SDK's response carries the contents of its automatic function
# calling (`GenerateContentResponse.automaticFunctionCallingHistory`).
gemini_sdk_response_with_afc = {
    "candidates": [{"content": {"role": "model", "parts": [{"text": "Filed it with github/create_issue."}]}, "finishReason": "STOP"}],
    "automaticFunctionCallingHistory": [
        {"role": "user", "parts": [{"text": "File a bug"}]},
        {"role": "model", "parts": [{"functionCall": {"name": N("github/create_issue"), "args": {"title": "github/create_issue fails"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": N("github/create_issue"), "response": {"ok": True}}}]},
    ],
    "modelVersion": "gemini-2.5-flash",
}

# OpenAI Responses: a function call's output naming its tool, and tool
# search's loaded definitions (sent back by a host that ran the search;
# returned by the API when it did), in the request and the response.
search_tools = [
    {"type": "function", "name": N("github/create_issue"), "parameters": schema},
    {"type": "custom", "name": N("search")},
    {"type": "namespace", "name": N("mailbox"), "description": "The team mailbox", "tools": [
        {"type": "function", "name": N("mailbox/add_message"), "parameters": {"type": "object"}},
        {"type": "custom", "name": N("unregistered/tool")},
    ]},
    {"type": "web_search"},
]
openai_responses_tool_search_request = {
    "model": "gpt-5",
    "input": [
        {"type": "tool_search_call", "id": "ts_1", "call_id": "call_ts", "execution": "client", "arguments": {"query": "github/create_issue"}},
        {"type": "tool_search_output", "call_id": "call_ts", "execution": "client", "tools": search_tools},
        {"type": "function_call", "call_id": "call_1", "name": N("github/create_issue"), "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_1", "name": N("github/create_issue"), "output": "made github/create_issue"},
        {"type": "function_call_output", "call_id": "call_2", "namespace": N("mailbox"), "name": N("mailbox/add_message"), "output": "sent"},
    ],
}
openai_responses_tool_search_response = {
    "id": "resp_ts", "object": "response", "status": "completed",
    "output": [{"type": "tool_search_output", "id": "tso_1", "call_id": None, "execution": "server", "status": "completed", "tools": search_tools}],
    "tool_choice": {"type": "allowed_tools", "mode": "auto", "tools": [{"type": "function", "name": N("github/create_issue")}, {"type": "custom", "name": N("search")}]},
}
openai_responses_completed_event = {"type": "response.completed", "sequence_number": 9, "response": {
    "id": "resp_2", "object": "response", "status": "completed", "output": [],
    "tool_choice": {"type": "custom", "name": N("search")},
}}
# OpenAI Chat: a tool result that names its tool (APIs that speak the
# format accept `name` on a `role: "tool"` message).
openai_chat_tool_result_named = {"role": "tool", "tool_call_id": "call_1", "name": N("github/create_issue"), "content": "made github/create_issue"}
# Gemini Live: the setup message's tools, and a client's turns (on the
# wire, and the SDK's sendClientContent parameters).
gemini_live_setup = {"setup": {"model": "models/gemini-live", "tools": [{"functionDeclarations": [{"name": N("github/create_issue")}, {"name": N("unregistered/tool")}]}]}}
gemini_live_client_content = {"clientContent": {"turnComplete": True, "turns": [
    {"role": "model", "parts": [{"functionCall": {"id": "fc-1", "name": N("github/create_issue"), "args": {"title": "github/create_issue"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"id": "fc-1", "name": N("github/create_issue"), "response": {}}}]},
]}}
gemini_live_send_client_content = {"turns": gemini_live_client_content["clientContent"]["turns"], "turnComplete": True}
# Anthropic web fetch: `url_sources` filters name tools declared in `tools[]`.
anthropic_web_fetch_request = {
    "model": "claude-sonnet-4-5", "max_tokens": 1024,
    "tools": [
        {"name": N("github/create_issue"), "input_schema": schema},
        {"type": "web_search_20250305", "name": N("web_search")},
        {"type": "web_fetch_20250910", "name": N("web_fetch"), "url_sources": {
            "client_tool_results": {"type": "only", "tools": [{"type": "tool_reference", "name": N("github/create_issue")}]},
            "server_tool_results": {"type": "except", "tools": [{"type": "tool_reference", "name": N("web_search")}]},
            "user_input": {"type": "all"},
        }},
    ],
    "messages": [{"role": "user", "content": "fetch what github/create_issue returns"}],
}

cases = []
for fmt, name, payload in [
    ("anthropic", "request", anthropic_request),
    ("anthropic", "response", anthropic_response),
    ("anthropic", "message list", anthropic_request["messages"]),
    ("anthropic", "stream event", anthropic_stream_event),
    ("openai-chat", "request", openai_chat_request),
    ("openai-chat", "response", openai_chat_response),
    ("openai-chat", "message list", openai_chat_request["messages"]),
    ("openai-chat", "stream chunk", openai_chat_chunk),
    ("openai-responses", "request", openai_responses_request),
    ("openai-responses", "response", openai_responses_response),
    ("openai-responses", "input list", openai_responses_request["input"]),
    ("gemini", "request", gemini_request),
    ("gemini", "response", gemini_response),
    ("gemini", "contents list", gemini_request["contents"]),
    ("openai-responses", "namespace tools and a namespaced call", openai_responses_namespace),
    ("gemini", "SDK generateContent parameters (tools under config)", gemini_sdk_params),
    ("gemini", "SDK chats.create parameters (history)", gemini_chat_create),
    ("gemini", "SDK sendMessage parameters (a list of parts)", gemini_send_message),
    ("gemini", "SDK sendMessage parameters (one part)", gemini_send_one_part),
    ("gemini", "Live API server toolCall", gemini_live_tool_call),
    ("gemini", "Live API sendToolResponse parameters (a list)", gemini_live_tool_response),
    ("gemini", "Live API sendToolResponse parameters (one)", gemini_live_one_response),
    ("gemini", "Live API toolResponse message", gemini_live_wire_response),
    ("openai-responses", "conversation created with items", openai_conversation_create),
    ("openai-responses", "a listed page of items", openai_item_page),
    ("openai-responses", "Realtime session.update", openai_realtime_session_update),
    ("openai-chat", "deprecated functions request (functions, function_call, role function results; a participant's name unchanged)", openai_chat_functions_request),
    ("openai-chat", "deprecated function_call response", openai_chat_function_call_response),
    ("openai-chat", "deprecated function_call stream chunk", openai_chat_function_call_chunk),
    ("openai-chat", "deprecated message list", openai_chat_functions_request["messages"]),
    ("openai-chat", "deprecated function result, one message", openai_chat_function_result),
    ("gemini", "SDK response with its automatic function calling history", gemini_sdk_response_with_afc),
    ("openai-responses", "tool search output and named function call outputs in input", openai_responses_tool_search_request),
    ("openai-responses", "tool search output in a response, allowed_tools choice", openai_responses_tool_search_response),
    ("openai-responses", "tool search output and a named output in an input list", openai_responses_tool_search_request["input"]),
    ("openai-responses", "response.completed event with a custom tool choice", openai_responses_completed_event),
    ("openai-chat", "tool result naming its tool", openai_chat_tool_result_named),
    ("gemini", "Live API setup message", gemini_live_setup),
    ("gemini", "Live API clientContent message", gemini_live_client_content),
    ("gemini", "Live API sendClientContent parameters", gemini_live_send_client_content),
    ("anthropic", "web fetch url_sources naming tools", anthropic_web_fetch_request),
]:
    cases.append({"name": f"{fmt} {name}", "format": fmt, "canonical": render(payload, False), "provider": render(payload, True)})

doc = {
    "about": "Provider payloads (SPEC §3.4): toProvider(canonical) must equal provider and fromProvider(provider) must equal canonical, for a registry holding `registered` (anthropic profile). Names in text, arguments and ids stay as they are; unknown names pass through.",
    "registered": REGISTERED,
    "cases": cases,
}
with open(os.path.join(os.environ.get("VECTORS_OUT", "tests/data"), "payloads.json"), "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(len(cases), "payload cases")
