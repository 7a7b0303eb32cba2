"""TEMPORARY stand-in for the compiled core's ``ErrorClassifier``.

Used by :mod:`mcp_boundary.mcp._core` only while ``mcp_boundary._mcp_boundary``
(the PyO3 binding, branch ``python-binding``) is absent, so that
``protect_server`` can be developed and tested before the binding lands. It
follows the Rust core's rules (``src/error_data``: catalog matching, the
hint phrases of ``hint.rs``, ``error_text``, ``ISSUES_IN_TEXT``) and the
pydantic reading SPEC §8 asks of it (``type``, ``loc`` and schema-side
constants only; never ``input``, ``msg``, ``url`` or ``ctx``), but it is not
the core: the shared vectors do not run against it. Delete this module when
the binding is wired in.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any

INVALID_ARGUMENT = "invalid_argument"
INVALID_ARGUMENTS_MESSAGE = "invalid tool arguments"
ISSUES_IN_TEXT = 32
HINT_OPTIONS = 20

_TYPE_PHRASES = {
    "string": "must be a string",
    "number": "must be a number",
    "integer": "must be an integer",
    "boolean": "must be true or false",
    "object": "must be an object",
    "array": "must be a list",
    "null": "must be null",
}

# pydantic error types (and Ajv keywords) by the problem they state.
_REQUIRED = {"missing", "missing_argument", "missing_keyword_only_argument", "missing_positional_only_argument", "required"}
_UNKNOWN = {"extra_forbidden", "unexpected_keyword_argument", "unexpected_positional_argument", "additionalProperties"}
_NOT_ALLOWED = {"literal_error", "enum", "const"}
_BIG = {"less_than", "less_than_equal", "too_long", "string_too_long", "maximum", "exclusiveMaximum", "maxLength", "maxItems"}
_SMALL = {"greater_than", "greater_than_equal", "too_short", "string_too_short", "minimum", "exclusiveMinimum", "minLength", "minItems"}
_STEP = {"multiple_of", "multipleOf"}


def _wrong_type(kind: str) -> bool:
    return kind == "type" or kind.endswith("_type") or kind.endswith("_parsing") or kind in {
        "int_from_float", "model_attributes_type", "is_instance_of", "none_required",
    }


class ErrorClassifier:
    """TEMPORARY: mirrors the binding's ``ErrorClassifier(catalog)``."""

    def __init__(self, catalog: Mapping[str, Any]) -> None:
        unknown = set(catalog) - {"tools", "hints", "field_messages", "fieldless_messages"}
        if unknown:
            raise TypeError("INVALID_OPTIONS")
        tools = catalog.get("tools") or {}
        self._tools: dict[str, list[str]] = {}
        for name, fields in tools.items():
            if not isinstance(name, str) or not name:
                raise ValueError("INVALID_OPTIONS: tools")
            for field in fields:
                if not isinstance(field, str) or not field or " " in field:
                    raise ValueError("INVALID_OPTIONS: field")
            self._tools[name] = list(fields)
        self._hints: dict[str, dict[str, Mapping[str, Any]]] = {
            t: dict(h) for t, h in (catalog.get("hints") or {}).items()
        }
        self._field_messages = self._phrases(catalog.get("field_messages"))
        self._fieldless_messages = self._phrases(catalog.get("fieldless_messages"))

    @staticmethod
    def _phrases(value: Any) -> list[str]:
        if value is None:
            return []
        out: list[str] = []
        for phrase in value:
            if not isinstance(phrase, str):
                raise TypeError("INVALID_OPTIONS: messages")
            if not phrase:
                raise ValueError("INVALID_OPTIONS: messages")
            out.append(phrase)
        return out

    # ---- matching a message (Safe error.data, "Matching")
    def classify(self, tool: str, message: str) -> dict[str, Any] | None:
        fields = self._tools.get(tool, [])
        known = tool if tool in self._tools else None
        head, sep, tail = message.partition(" ")
        if sep and head in fields:
            if tail in self._field_messages:
                return {"code": INVALID_ARGUMENT, "tool": known, "field": head, "message": tail}
            if tail in self._fieldless_messages:
                return {"code": INVALID_ARGUMENT, "tool": known, "field": None, "message": tail}
        if message in self._fieldless_messages:
            return {"code": INVALID_ARGUMENT, "tool": known, "field": None, "message": message}
        return None

    # ---- schema issues
    def _hint_phrases(self, tool: str, field: str | None) -> list[str | None]:
        hint = self._hints.get(tool, {}).get(field or "") if field else None
        if not isinstance(hint, Mapping):
            return [None, None, None, None]
        options = hint.get("enum")
        if options is None and "const" in hint:
            options = [hint["const"]]
        allowed = None
        if isinstance(options, list) and options:
            listed = ", ".join(str(o) for o in options[:HINT_OPTIONS])
            allowed = "must be one of " + listed + (", …" if len(options) > HINT_OPTIONS else "")

        def whole(key: str) -> int | None:
            v = hint.get(key)
            return v if isinstance(v, int) and not isinstance(v, bool) else None

        small = big = None
        if whole("minimum") is not None:
            small = f"must be at least {whole('minimum')}"
        elif whole("minLength") is not None:
            small = f"must have at least {whole('minLength')} characters"
        if whole("maximum") is not None:
            big = f"must be at most {whole('maximum')}"
        elif whole("maxLength") is not None:
            big = f"must have at most {whole('maxLength')} characters"
        t = hint.get("type")
        kind = _TYPE_PHRASES.get(t) if isinstance(t, str) else None
        return [allowed, small, big, kind]

    def _issue(self, tool: str, issue: Mapping[str, Any], input: Any) -> dict[str, Any]:
        known = tool if tool in self._tools else None
        fields = self._tools.get(tool, [])
        if "keyword" in issue:  # an Ajv-shaped error (instancePath, params)
            kind = str(issue.get("keyword"))
            path = [p for p in str(issue.get("instancePath") or "").split("/")[1:]]
            if kind == "required" and not path:
                missing = (issue.get("params") or {}).get("missingProperty")
                path = [missing] if isinstance(missing, str) else []
                nested = False
            else:
                nested = len(path) > 1 or (kind in ("required", "additionalProperties") and len(path) == 1)
            top: Any = path[0] if path else None
        else:
            kind = str(issue.get("type"))
            loc = list(issue.get("loc") or ())
            top = loc[0] if loc else None
            nested = len(loc) > 1
        field = top if isinstance(top, str) and top in fields else None
        allowed, small, big, type_phrase = self._hint_phrases(tool, field)
        if kind in _UNKNOWN:
            if not nested:
                return {"code": INVALID_ARGUMENT, "tool": known, "field": None, "message": "is not a known argument"}
            message = "contains an unknown property"
        elif kind in _REQUIRED:
            message = "is missing a required property" if nested else "is required"
        elif nested:
            message = "contains an invalid entry"
        elif kind in _NOT_ALLOWED:
            message = allowed or "is not one of the allowed values"
        elif kind in _BIG:
            message = big or "is too large or too long"
        elif kind in _SMALL:
            message = small or "is too small or too short"
        elif kind in _STEP:
            message = "is not a multiple of the required step"
        elif _wrong_type(kind):
            message = type_phrase or "has the wrong type"
        else:
            message = "is invalid"
        return {"code": INVALID_ARGUMENT, "tool": known, "field": field, "message": message}

    def classify_issues(self, tool: str, issues: Sequence[Mapping[str, Any]], input: Any = None) -> list[dict[str, Any]]:
        return [self._issue(tool, i, input) for i in issues]

    @staticmethod
    def _text(data: Mapping[str, Any]) -> str:
        text = INVALID_ARGUMENTS_MESSAGE
        if data.get("tool"):
            text += " for " + data["tool"]
        if data["message"] != INVALID_ARGUMENTS_MESSAGE:
            text += ": " + (data["field"] + " " if data.get("field") else "") + data["message"]
        return text

    def tool_error_result(self, tool: str, error: Any, input: Any = None) -> dict[str, Any]:
        if isinstance(error, str):
            data = self.classify(tool, error) or {
                "code": INVALID_ARGUMENT, "tool": tool if tool in self._tools else None,
                "field": None, "message": INVALID_ARGUMENTS_MESSAGE,
            }
            return {"content": [{"type": "text", "text": self._text(data)}], "isError": True,
                    "structuredContent": {"error": data}}
        all_data = self.classify_issues(tool, list(error), input)
        first = all_data[0] if all_data else {
            "code": INVALID_ARGUMENT, "tool": tool if tool in self._tools else None,
            "field": None, "message": INVALID_ARGUMENTS_MESSAGE,
        }
        text = self._text(first)
        said = [(first["field"], first["message"])]
        for data in all_data[1:]:
            if len(said) == ISSUES_IN_TEXT:
                break
            if (data["field"], data["message"]) in said:
                continue
            said.append((data["field"], data["message"]))
            text += "; " + (data["field"] + " " if data["field"] else "") + data["message"]
        return {"content": [{"type": "text", "text": text}], "isError": True, "structuredContent": {"error": first}}

    def handler_error_result(self, tool: str, message: str | None) -> dict[str, Any]:
        data = self.classify(tool, message) if message is not None else None
        if data is not None:
            return {"content": [{"type": "text", "text": self._text(data)}], "isError": True,
                    "structuredContent": {"error": data}}
        text = f"tool {tool} failed" if tool in self._tools else "tool failed"
        return {"content": [{"type": "text", "text": text}], "isError": True}

    def unknown_tool_response(self, id: Any, name: str) -> dict[str, Any]:
        suggestions = difflib.get_close_matches(name, list(self._tools), n=3, cutoff=0.6)
        return {"jsonrpc": "2.0", "id": id if isinstance(id, (str, int)) else None,
                "error": {"code": -32602, "message": "unknown tool",
                          "data": {"code": "unknown_tool", "suggestions": suggestions}}}
