"""Shared helpers of the Python tests: the vector files of tests/data, read
as the native (tests/*.rs) and JS (js-tests/) suites read them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data"


def vectors(name: str) -> Any:
    """tests/data/<name>.json."""
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def snake(js: str) -> str:
    """A vector's option path in JS's words (``fieldMessages['f'][1]``) in
    Python's (``field_messages['f'][1]``): the leading names in snake_case,
    keys and indexes as they are (tests/support/rust_words.rs)."""
    end = min([i for i in (js.find("["), js.find("'")) if i >= 0], default=len(js))
    head = re.sub(r"[A-Z]", lambda c: "_" + c.group().lower(), js[:end])
    return head + js[end:]


def kwargs(options: dict[str, Any] | None) -> dict[str, Any]:
    """JS options as Python keywords."""
    return {snake(k): v for k, v in (options or {}).items()}
