"""Writes tests/data/error_data.json (python3 scripts/gen_error_data_vectors.py).

The expected results come from an independent reference: the seed
dispatcher's rule (split at the first space; exact matches; field phrase,
then field-less phrase after a field, then a whole field-less message),
written here in Python."""
import json
import os
import random

SEED = {
    "tools": ["list_bounties", "get_bounty", "claim_bounty"],
    "fields": ["limit", "status", "issue_number", "repo"],
    "fieldMessages": ["must be at most 100", "must be a boolean", "must be one of open, closed", "is required"],
    "fieldlessMessages": ["unknown tool", "matches multiple bounties", "rate limited"],
}
PER_TOOL = {
    "tools": {"list_bounties": ["limit", "status"], "get_bounty": ["issue_number"], "claim_bounty": []},
    "fieldMessages": {"limit": ["must be at most 100"], "status": ["must be one of open, closed"], "issue_number": ["is required", "must be a positive integer"]},
    "fieldlessMessages": ["unknown tool", "matches multiple bounties"],
}


def fields_of(catalog, tool):
    t = catalog["tools"]
    if isinstance(t, list):
        return set(catalog.get("fields", []))
    return set(t.get(tool, []))


def phrase_ok(catalog, field, phrase):
    fm = catalog.get("fieldMessages", [])
    if isinstance(fm, list):
        return phrase in fm
    return phrase in fm.get(field, [])


def reference(catalog, tool, msg):
    tools = catalog["tools"]
    known = tool in (tools if isinstance(tools, list) else tools.keys())
    t = tool if known else None
    fieldless = catalog.get("fieldlessMessages", [])
    head, sep, tail = msg.partition(" ")
    if sep and head in fields_of(catalog, tool):
        if phrase_ok(catalog, head, tail):
            return {"code": "invalid_argument", "tool": t, "field": head, "message": tail}
        if tail in fieldless:
            return {"code": "invalid_argument", "tool": t, "field": None, "message": tail}
    if msg in fieldless:
        return {"code": "invalid_argument", "tool": t, "field": None, "message": msg}
    return None


TRICKY = [
    "limit must be at most 100",
    "limit must be at most 100\n",
    "limit must be at most 100 ",
    " limit must be at most 100",
    "limit  must be at most 100",
    "limit\tmust be at most 100",
    "Limit must be at most 100",
    "limit must be at most 1000",
    "limit must be at most 100\u200b",
    "limit\u00a0must be at most 100",
    "lim\u0456t must be at most 100",
    "limit must be at most \uff11\uff10\uff10",
    "limit unknown tool",
    "limit matches multiple bounties",
    "status must be one of open, closed",
    "status must be a boolean",
    "issue_number is required",
    "issue_number must be a positive integer",
    "repo is required",
    "unknown tool",
    "unknown tool\n",
    "Unknown tool",
    "matches multiple bounties",
    "rate limited",
    "",
    " ",
    "limit",
    "limit ",
    "must be at most 100",
    "limit must be at most 100; DROP TABLE bounties",
    "\u202eunknown tool",
    "limit is required\r\n",
]


def cases_for(name, catalog, tools):
    rnd = random.Random(name)
    words = ["limit", "status", "repo", "must", "be", "at", "most", "100", "unknown", "tool", "a", "boolean", "is", "required", " ", "\n", "\t", "\u00a0"]
    msgs = list(TRICKY)
    for _ in range(40):
        msgs.append(" ".join(rnd.choice(words) for _ in range(rnd.randint(1, 6))))
    out = []
    for tool in tools:
        for m in msgs:
            out.append({"tool": tool, "message": m, "expect": reference(catalog, tool, m)})
    return out


def envelope(data, rid):
    err = {"code": -32602, "message": "invalid tool arguments"}
    if data is not None:
        err["data"] = data
    return {"jsonrpc": "2.0", "id": rid, "error": err}


def text_of(data):
    text = "invalid tool arguments"
    if data["tool"] is not None:
        text += " for " + data["tool"]
    if data["message"] != "invalid tool arguments":
        text += ": " + (data["field"] + " " if data["field"] is not None else "") + data["message"]
    return text


catalogs = []
for name, catalog, tools in [
    ("seed (global lists)", SEED, ["list_bounties", "get_bounty", "not_a_tool", ""]),
    ("per-tool fields, per-field phrases", PER_TOOL, ["list_bounties", "get_bounty", "claim_bounty", "not_a_tool"]),
]:
    cases = cases_for(name, catalog, tools)
    envelopes = []
    for i, (tool, msg) in enumerate([("list_bounties", "limit must be at most 100"), ("list_bounties", "limit must be at most 100\n"), ("get_bounty", "matches multiple bounties"), ("not_a_tool", "unknown tool")]):
        data = reference(catalog, tool, msg)
        rid = [7, "req-1", None, 0][i]
        fallback = {"code": "invalid_argument", "tool": tool if tool in (catalog["tools"] if isinstance(catalog["tools"], list) else catalog["tools"].keys()) else None, "field": None, "message": "invalid tool arguments"}
        result_data = data if data is not None else fallback
        envelopes.append({
            "id": rid, "tool": tool, "message": msg,
            "invalidArgumentsResponse": json.dumps(envelope(data, rid), separators=(",", ":"), ensure_ascii=False),
            "toolErrorResult": json.dumps({"content": [{"type": "text", "text": text_of(result_data)}], "isError": True, "structuredContent": {"error": result_data}}, separators=(",", ":"), ensure_ascii=False),
        })
    catalogs.append({"name": name, "catalog": catalog, "cases": cases, "envelopes": envelopes})

doc = {
    "about": "Error-data vectors (SPEC §4). expect is the seed dispatcher's result computed by an independent Python reference; envelopes are compared as JSON text. Run natively (tests/error_data.rs), in Node and Chromium (tests/web_error_data.rs) and against the npm package (js-tests/).",
    "catalogs": catalogs,
    "ids": [
        {"id": 7, "echo": 7}, {"id": "abc", "echo": "abc"}, {"id": None, "echo": None}, {"id": 1.5, "echo": 1.5},
        {"id": {"x": 1}, "echo": None}, {"id": [1], "echo": None}, {"id": True, "echo": None},
    ],
    "unknownTool": [
        {"name": "list_bounty", "suggestions": ["list_bounties", "get_bounty", "claim_bounty"]},
        {"name": "bounties", "suggestions": ["list_bounties"]},
        {"name": "zzzz", "suggestions": []},
        {"name": "\u202elist_bounties\n", "suggestions": ["list_bounties"]},
    ],
    "badCatalogs": [
        {"catalog": {"tools": {"a": ["has space"]}}, "option": "tools['a'][0]", "reason": "invalid_value"},
        {"catalog": {"tools": ["a"], "fields": ["ok", ""]}, "option": "fields[1]", "reason": "invalid_value"},
        {"catalog": {"tools": ["a"], "fieldMessages": ["x", ""]}, "option": "fieldMessages[1]", "reason": "invalid_value"},
        {"catalog": {"tools": ["a"], "fieldMessages": {"f": ["ok", ""]}}, "option": "fieldMessages['f'][1]", "reason": "invalid_value"},
        {"catalog": {"tools": ["a"], "fieldlessMessages": [""]}, "option": "fieldlessMessages[0]", "reason": "invalid_value"},
        {"catalog": {"tools": ["", "b"]}, "option": "tools[0]", "reason": "invalid_value"},
        {"js_only": True, "catalog": {"tools": ["a", 3]}, "option": "tools[1]", "reason": "wrong_type"},
        {"js_only": True, "catalog": {"tools": {"a": "limit"}}, "option": "tools['a']", "reason": "wrong_type"},
        {"js_only": True, "catalog": {"tools": {"a": ["x"]}, "fields": ["y"]}, "option": "fields", "reason": "invalid_value"},
        {"js_only": True, "catalog": {"tools": ["a"], "fieldMesages": []}, "option": "'fieldMesages'", "reason": "unknown_option"},
        {"js_only": True, "catalog": {"tools": 5}, "option": "tools", "reason": "wrong_type"},
    ],
}
with open(os.path.join(os.environ.get("VECTORS_OUT", "tests/data"), "error_data.json"), "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(sum(len(c["cases"]) for c in catalogs), "classify cases")
