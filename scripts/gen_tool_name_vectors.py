"""Writes tests/data/tool_names.json (python3 scripts/gen_tool_name_vectors.py).

The expected hashed aliases are computed here, independently of the Rust
code, from the documented rule: sanitized prefix, '_', 8 hex digits of
FNV-1a 32 over the canonical name's UTF-8 bytes."""
import json
import os
import re

PROFILES = {
    "anthropic": (r"[A-Za-z0-9_-]", 128, None),
    "openai": (r"[A-Za-z0-9_-]", 64, None),
    "gemini": (r"[A-Za-z0-9_.:-]", 64, r"[A-Za-z_]"),
    "bedrock": (r"[A-Za-z0-9_-]", 64, None),
    "mcp": (r"[A-Za-z0-9_.-]", 128, None),
    "portable": (r"[A-Za-z0-9_-]", 64, r"[A-Za-z_]"),
}


def fnv1a(s):
    h = 0x811C9DC5
    for b in s.encode("utf-8"):
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def hashed(canonical, profile):
    allowed, limit, first = PROFILES[profile]
    alias = canonical.replace("/", "__")
    prefix = "".join(c if re.fullmatch(allowed, c) else "_" for c in alias)
    if first and not re.fullmatch(first, prefix[0]):
        prefix = "_" + prefix
    suffix = "_%08x" % fnv1a(canonical)
    return prefix[: limit - len(suffix)] + suffix


forward = []


def fwd(name, canonical, profile, alias=None, overflow=None, **error):
    c = {"name": name, "canonical": canonical, "profile": profile}
    if overflow:
        c["overflow"] = overflow
    if alias is not None:
        c["alias"] = alias
    else:
        c["error"] = dict({"code": "UNREPRESENTABLE_TOOL_NAME"}, **error)
    forward.append(c)


for p in PROFILES:
    fwd(f"{p}: server/tool", "github/create_issue", p, "github__create_issue")
    fwd(f"{p}: first-party", "search", p, "search")
    fwd(f"{p}: empty", "", p, reason="empty")
    for bad in ["/x", "x/", "a//b", "/"]:
        fwd(f"{p}: empty segment {bad}", bad, p, reason="empty_segment")
    fwd(f"{p}: trailing newline", "foo\n", p, reason="invalid_character", position=3)
    fwd(f"{p}: space", "srv/my tool", p, reason="invalid_character", position=6)
    fwd(f"{p}: non-ASCII", "srv/caf\u00e9", p, reason="invalid_character", position=7)
    fwd(f"{p}: emoji then bad", "a\U0001F600", p, reason="invalid_character", position=1)
    limit = PROFILES[p][1]
    fwd(f"{p}: at the limit", "s/" + "x" * (limit - 3), p, "s__" + "x" * (limit - 3))
    fwd(f"{p}: one over the limit", "s/" + "x" * (limit - 2), p, reason="too_long", length=limit + 1, limit=limit)
    long = "my-server/" + "very_long_tool_name_" * 8
    fwd(f"{p}: long name hashed", long, p, hashed(long, p), overflow="hash")
    fwd(f"{p}: short name unchanged under hash", "a/b", p, "a__b", overflow="hash")
    fwd(f"{p}: empty segment still refused under hash", "a//b", p, overflow="hash", reason="empty_segment")

fwd("dots: mcp allows", "srv/tool.v2", "mcp", "srv__tool.v2")
fwd("dots: gemini allows", "srv/tool.v2", "gemini", "srv__tool.v2")
fwd("dots: openai refuses", "srv/tool.v2", "openai", reason="invalid_character", position=8)
fwd("colon: gemini allows", "ns:tool", "gemini", "ns:tool")
fwd("colon: mcp refuses", "ns:tool", "mcp", reason="invalid_character", position=2)
fwd("gemini: digit first", "1srv/tool", "gemini", reason="bad_first_character")
fwd("gemini: dash first", "-srv/tool", "gemini", reason="bad_first_character")
fwd("gemini: underscore first", "_srv/tool", "gemini", "_srv__tool")
fwd("portable: digit first", "9tool", "portable", reason="bad_first_character")
fwd("anthropic: digit first is fine", "9tool", "anthropic", "9tool")
fwd("hash sanitizes a dot", "srv/tool.v2", "openai", hashed("srv/tool.v2", "openai"), overflow="hash")
fwd("hash puts _ before a digit", "9srv/t", "gemini", hashed("9srv/t", "gemini"), overflow="hash")
fwd("the 64-character limit counts the separator", "a" * 31 + "/" + "b" * 31, "openai", "a" * 31 + "__" + "b" * 31)
fwd("separator pushes past 64", "a" * 32 + "/" + "b" * 31, "openai", reason="too_long", length=65, limit=64)

reverse = [
    {"name": n, "alias": a, "canonical": c}
    for n, a, c in [
        ("first-party", "search", "search"),
        ("simple", "github__create_issue", "github/create_issue"),
        ("split at the first separator", "a__b__c", "a/b__c"),
        ("intent prefix", "intent__X", "intent/X"),
        ("three underscores", "a___b", "a/_b"),
        ("already canonical", "a/b__c", "a/b__c"),
        ("separator at the start", "__foo", None),
        ("separator at the end", "foo__", None),
        ("separator alone", "__", None),
        ("empty", "", ""),
    ]
]

registry = [
    {
        "name": "collision refused, first kept",
        "options": {"profile": "openai"},
        "steps": [
            {"register": "a/b__c", "alias": "a__b__c"},
            {"register": "a__b/c", "error": {"code": "TOOL_NAME_COLLISION", "reason": "collision", "existing": "a/b__c", "alias": "a__b__c"}},
            {"toCanonical": "a__b__c", "result": "a/b__c"},
            {"register": "a/b__c", "alias": "a__b__c"},
        ],
    },
    {
        "name": "both forms, first-party, unknown",
        "options": {},
        "steps": [
            {"register": "search", "alias": "search"},
            {"registerServer": ["github", ["create_issue", "list_repos"]], "aliases": ["github__create_issue", "github__list_repos"]},
            {"toCanonical": "github__create_issue", "result": "github/create_issue"},
            {"toCanonical": "github/create_issue", "result": "github/create_issue"},
            {"toLlmFacing": "github/list_repos", "result": "github__list_repos"},
            {"toLlmFacing": "github__list_repos", "result": "github__list_repos"},
            {"toCanonical": "search", "result": "search"},
            {"toLlmFacing": "search", "result": "search"},
            {"toCanonical": "unknown__tool", "result": None},
            {"toLlmFacing": "unknown/tool", "result": None},
        ],
    },
    {
        "name": "two long names hashing apart, and an alias-like first-party name colliding",
        "options": {"profile": "openai", "overflow": "hash"},
        "steps": [
            {"register": "srv/" + "x" * 70, "alias": hashed("srv/" + "x" * 70, "openai")},
            {"register": "srv/" + "x" * 71, "alias": hashed("srv/" + "x" * 71, "openai")},
            {"toCanonical": hashed("srv/" + "x" * 70, "openai"), "result": "srv/" + "x" * 70},
            {"register": hashed("srv/" + "x" * 70, "openai"), "error": {"code": "TOOL_NAME_COLLISION", "reason": "collision"}},
        ],
    },
    {
        "name": "registerServer is all or nothing",
        "options": {"profile": "openai"},
        "steps": [
            {"registerServer": ["srv", ["ok", "bad.name"]], "error": {"code": "UNREPRESENTABLE_TOOL_NAME", "reason": "invalid_character"}},
            {"toCanonical": "srv__ok", "result": None},
            {"register": "x__y/z", "alias": "x__y__z"},
            {"registerServer": ["x", ["fine", "y__z"]], "error": {"code": "TOOL_NAME_COLLISION", "reason": "collision"}},
            {"toCanonical": "x__fine", "result": None},
        ],
    },
    {
        "name": "override lookup order",
        "options": {},
        "steps": [
            {"register": "github/create_issue", "alias": "github__create_issue"},
            {"lookupOverride": [{"github": "server"}, "github__create_issue"], "result": "server"},
            {"lookupOverride": [{"github": "server", "github__create_issue": "alias"}, "github/create_issue"], "result": "alias"},
            {"lookupOverride": [{"github": "server", "github__create_issue": "alias", "github/create_issue": "canonical"}, "github__create_issue"], "result": "canonical"},
            {"lookupOverride": [{"other": 1}, "github/create_issue"], "result": None},
            {"lookupOverride": [{"svc/do": "by heuristic"}, "svc__do"], "result": "by heuristic"},
            {"lookupOverride": [{"svc": "server default"}, "svc__do"], "result": "server default"},
        ],
    },
    {
        # entries() lists names as they were registered: a host shows its
        # tools to the model in this order, so it must not depend on how a
        # map hashes them (registerServer once inserted in hash order).
        "name": "entries in registration order, registerServer's list in its own order",
        "options": {},
        "steps": [
            {"register": "zeta/last", "alias": "zeta__last"},
            {
                "registerServer": ["github", ["search_code", "create_issue", "list_repos", "b", "a", "get_file", "z", "y", "x", "add_comment", "create_issue"]],
                "aliases": ["github__search_code", "github__create_issue", "github__list_repos", "github__b", "github__a", "github__get_file", "github__z", "github__y", "github__x", "github__add_comment", "github__create_issue"],
            },
            {"register": "alpha/first", "alias": "alpha__first"},
            {"registerServer": ["github", ["a", "new_tool"]], "aliases": ["github__a", "github__new_tool"]},
            {"unregister": "github__list_repos", "result": ["github/list_repos", "github__list_repos"]},
            {"unregister": "github/list_repos", "result": None},
            {"register": "github/list_repos", "alias": "github__list_repos"},
            {
                "entries": [
                    ["zeta/last", "zeta__last", False],
                    ["github/search_code", "github__search_code", False],
                    ["github/create_issue", "github__create_issue", False],
                    ["github/b", "github__b", False],
                    ["github/a", "github__a", False],
                    ["github/get_file", "github__get_file", False],
                    ["github/z", "github__z", False],
                    ["github/y", "github__y", False],
                    ["github/x", "github__x", False],
                    ["github/add_comment", "github__add_comment", False],
                    ["alpha/first", "alpha__first", False],
                    ["github/new_tool", "github__new_tool", False],
                    ["github/list_repos", "github__list_repos", False],
                ]
            },
        ],
    },
]

doc = {
    "about": "Tool-name vectors (SPEC §3), run natively and, built for wasm32 with wasm-bindgen-test, in Node and Chromium (tests/tool_names.rs), and against the npm package (js-tests/). position is a UTF-16 index into the canonical name; hashed aliases use FNV-1a 32.",
    "forward": forward,
    "reverse": reverse,
    "registry": registry,
}
with open(os.path.join(os.environ.get("VECTORS_OUT", "tests/data"), "tool_names.json"), "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(len(forward), "forward,", len(reverse), "reverse,", len(registry), "registry scenarios")
