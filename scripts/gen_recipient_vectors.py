"""Writes tests/data/recipients.json. The vectors are data; this script only
saves typing the long and invisible strings (python3 scripts/gen_recipient_vectors.py)."""
import json
import os

cases = []


def ok(name, value, kind, id=None, options=None):
    e = {"ok": True, "kind": kind}
    if id is not None:
        e["id"] = id
    c = {"name": name, "to": value, "expect": e}
    if options:
        c["options"] = options
    cases.append(c)


def bad(name, value, reason, code="INVALID_RECIPIENT_SHAPE", options=None, **kw):
    e = {"ok": False, "code": code, "reason": reason}
    if "rendition" in kw:
        e["to"] = kw.pop("rendition")
    e.update(kw)
    c = {"name": name, "to": value, "expect": e}
    if options:
        c["options"] = options
    cases.append(c)


ok("broadcast literal", "AGENT:*", "broadcast")
ok("identity", "@neo-gpt", "identity", "neo-gpt")
ok("single character identity", "@a", "identity", "a")
ok("underscores and digits", "@Agent_007-x", "identity", "Agent_007-x")
ok("identity at the default limit", "@" + "x" * 128, "identity", "x" * 128)
ok("identity within a custom limit", "@abcd", "identity", "abcd", options={"maxIdentifierLength": 4})
bad("seed example", "AGENT:gpt", "agent_prefix_with_name", rendition="AGENT:gpt")
bad("empty string", "", "empty", rendition="")
bad("bare at", "@", "empty", rendition="@")
bad("leading space", " @neo-gpt", "surrounding_whitespace", rendition=" @neo-gpt")
bad("trailing newline", "@neo-gpt\n", "surrounding_whitespace", rendition="@neo-gpt\\u{000A}")
bad("broadcast with tab", "AGENT:*\t", "surrounding_whitespace", rendition="AGENT:*\\u{0009}")
bad("byte order mark", "\ufeff@neo", "surrounding_whitespace", rendition="\\u{FEFF}@neo")
bad("ideographic space", "@neo\u3000", "surrounding_whitespace", rendition="@neo\\u{3000}")
bad("other broadcast word", "BROADCAST:*", "wrong_broadcast_literal")
bad("lowercase broadcast", "agent:*", "wrong_broadcast_literal")
bad("space before asterisk", "AGENT: *", "wrong_broadcast_literal")
bad("double asterisk", "AGENT:**", "wrong_broadcast_literal")
bad("at asterisk", "@*", "wrong_broadcast_literal")
bad("agent with name", "AGENT:neo-gpt", "agent_prefix_with_name")
bad("agent prefix alone", "AGENT:", "agent_prefix_with_name")
bad("agent prefix any case", "Agent:gpt", "agent_prefix_with_name")
bad("missing at", "neo-gpt", "missing_at_prefix", rendition="neo-gpt")
bad("too long", "@" + "x" * 129, "too_long", limit=128, rendition="@" + "x" * 63 + "…")
bad("too long for a custom limit", "@abcde", "too_long", limit=4, options={"maxIdentifierLength": 4})
bad("space inside", "@neo gpt", "invalid_characters", position=4)
bad("double at", "@@neo", "invalid_characters", position=1)
bad("fullwidth at", "＠neo", "invalid_characters", position=0, rendition="＠neo")
bad("zero width space", "@neo\u200b", "invalid_characters", position=4, rendition="@neo\\u{200B}")
bad("bidi override", "@neo\u202egpt", "invalid_characters", position=4, rendition="@neo\\u{202E}gpt")
bad("dot", "@neo.gpt", "invalid_characters", position=4)
bad("emoji counts two UTF-16 units", "@ab\U0001F600c d", "invalid_characters", position=3)
bad("emoji first", "\U0001F600@x", "invalid_characters", position=0)
bad("newline inside", "@neo\ngpt", "invalid_characters", position=4, rendition="@neo\\u{000A}gpt")
bad("cyrillic look-alike", "@n\u0435o", "invalid_characters", position=2)
bad("missing at and a space", "neo gpt", "invalid_characters", position=0)
bad("backslash doubled in rendition", "@a\\b", "invalid_characters", position=2, rendition="@a\\\\b")
bad("long junk rendition bounded", "x y" * 100, "invalid_characters", position=0, rendition=("x y" * 22)[:64] + "…")
K = {"knownAgents": ["@neo-gpt", "@neo-claude", "@trinity-gemini"]}
S = dict(K, strict=True)
bad("suggestion for agent prefix", "AGENT:gpt", "agent_prefix_with_name", options=K, suggestions=["@neo-gpt"])
bad("suggestion for a typo, strict", "@neo-gp", "unknown_agent", code="UNKNOWN_RECIPIENT", options=S, suggestions=["@neo-gpt"])
bad("suggestion for missing at", "neo-claude", "missing_at_prefix", options=K, suggestions=["@neo-claude"])
bad("suggestions nearest first", "@neo", "unknown_agent", code="UNKNOWN_RECIPIENT", options=S, suggestions=["@neo-gpt", "@neo-claude"])
bad("no suggestion for unrelated input", "@zzzzzzzz", "unknown_agent", code="UNKNOWN_RECIPIENT", options=S, suggestions=[])
ok("known agents without strict stay permissive", "@someone-else", "identity", "someone-else", options=K)
ok("strict known agent", "@trinity-gemini", "identity", "trinity-gemini", options=S)
ok("strict still allows broadcast", "AGENT:*", "broadcast", options=S)
bad("strict shape error keeps its code", "@neo gpt", "invalid_characters", options=S, position=4, suggestions=["@neo-gpt"])
P = {"identityPattern": "^@neo-[a-z0-9-]+$"}
ok("pattern match", "@neo-x1", "identity", "neo-x1", options=P)
bad("pattern mismatch", "@trinity", "pattern_mismatch", code="UNKNOWN_RECIPIENT", options=P)
bad("pattern must cover the whole identity", "@neo-A", "pattern_mismatch", code="UNKNOWN_RECIPIENT", options={"identityPattern": "@neo-[a-z]"})
for v, t in [(42, "number"), (None, "null"), (True, "boolean"), ({}, "object"), ([], "array"), (["@neo"], "array")]:
    bad(f"not a string: {t}", v, "not_a_string", rendition=t)
bad("not a string with known agents", 7, "not_a_string", options=K, rendition="number", suggestions=[])
# Layer 3 off (suggest: false): the same rejections, no suggestions key, the outcome unchanged.
Q = dict(K, suggest=False)
bad("no suggestions when turned off", "AGENT:gpt", "agent_prefix_with_name", options=Q)
bad("no suggestions when turned off, strict", "@neo-gp", "unknown_agent", code="UNKNOWN_RECIPIENT", options=dict(Q, strict=True))
bad("no suggestions for a non-string when turned off", 7, "not_a_string", options=Q, rendition="number")
ok("suggest off, strict, known agent", "@neo-claude", "identity", "neo-claude", options=dict(Q, strict=True))
bad("suggest on is the default", "AGENT:gpt", "agent_prefix_with_name", options=dict(K, suggest=True), suggestions=["@neo-gpt"])


def throws(name, options, reason, option, js_only=False):
    c = {"name": name, "options": options, "throws": {"code": "INVALID_OPTIONS", "reason": reason, "option": option}}
    if js_only:
        c["js_only"] = True
    return c


option_errors = [
    throws("known agent without at", {"knownAgents": ["@ok", "neo"]}, "invalid_value", "knownAgents[1]"),
    throws("known agent is broadcast", {"knownAgents": ["AGENT:*"]}, "invalid_value", "knownAgents[0]"),
    throws("known agent over the limit", {"knownAgents": ["@abcde"], "maxIdentifierLength": 4}, "invalid_value", "knownAgents[0]"),
    throws("known agent off pattern", {"knownAgents": ["@trinity"], "identityPattern": "^@neo-.+$"}, "invalid_value", "knownAgents[0]"),
    throws("strict without known agents", {"strict": True}, "invalid_value", "strict"),
    throws("bad pattern", {"identityPattern": "(unclosed"}, "invalid_pattern", "identityPattern"),
    throws("zero length", {"maxIdentifierLength": 0}, "out_of_range", "maxIdentifierLength"),
    throws("huge length", {"maxIdentifierLength": 5000}, "out_of_range", "maxIdentifierLength"),
    throws("wrong type: strict", {"knownAgents": [], "strict": "yes"}, "wrong_type", "strict", True),
    throws("wrong type: knownAgents", {"knownAgents": "@neo"}, "wrong_type", "knownAgents", True),
    throws("wrong type: entry", {"knownAgents": ["@a", 3]}, "wrong_type", "knownAgents[1]", True),
    throws("wrong type: length", {"maxIdentifierLength": "64"}, "wrong_type", "maxIdentifierLength", True),
    throws("wrong type: suggest", {"knownAgents": [], "suggest": "no"}, "wrong_type", "suggest", True),
    throws("fractional length", {"maxIdentifierLength": 1.5}, "out_of_range", "maxIdentifierLength", True),
    throws("unknown option", {"knownagents": ["@a"]}, "unknown_option", "'knownagents'", True),
    throws("options not an object", "strict", "wrong_type", "options", True),
]

doc = {
    "about": "Recipient vectors (SPEC §1), run natively and, built for wasm32 with "
    "wasm-bindgen-test, in Node and Chromium (tests/recipients.rs), and against the npm package (js-tests/). expect.to is the safe rendition; "
    "js_only cases use JS types that the Rust API cannot express.",
    "cases": cases,
    "option_errors": option_errors,
}
with open(os.path.join(os.environ.get("VECTORS_OUT", "tests/data"), "recipients.json"), "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(len(cases), "cases,", len(option_errors), "option errors")
