"""The shapes of the package's results, as ``TypedDict`` classes (results are
plain dicts: the same JSON as the JS package returns), and the ``Literal``
names they use, which ``make pkg`` writes from Rust's lists
(``mcp_boundary._literals``). Importable at run time:
``from mcp_boundary.types import RecipientResult`` (or from ``mcp_boundary``).

An optional key is declared in a ``total=False`` subclass, so the classes
need nothing beyond ``typing`` on every Python the package supports.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from mcp_boundary._literals import (
    ErrorDataCode,
    Format,
    HandlerErrors,
    Kind,
    MarkTarget,
    NotARecipientCode,
    Overflow,
    PlanKind,
    ProfileName,
    ReadStateName,
    RecipientCode,
    RecipientKindName,
    RejectionReasonName,
    ReplacedAnswerKind,
    ToolNameCode,
    ToolNameReasonName,
)

__all__ = [
    "Accepted",
    "CustomProfile",
    "ErrorData",
    "ErrorDataCode",
    "Format",
    "HandlerErrors",
    "Kind",
    "MarkTarget",
    "Marked",
    "NotARecipientCode",
    "NotARecipientData",
    "NotMarked",
    "Overflow",
    "PlanKind",
    "Planned",
    "Profile",
    "ProfileName",
    "ReadStateName",
    "RecipientCode",
    "RecipientError",
    "RecipientJsonSchema",
    "RecipientKind",
    "RecipientKindName",
    "RecipientResult",
    "RefusedTool",
    "RegistryEntry",
    "Rejected",
    "RejectionReasonName",
    "ReplacedAnswerKind",
    "ServerReport",
    "ToolNameCode",
    "ToolNameReasonName",
]

# Recipients


class _RecipientKindBase(TypedDict):
    kind: RecipientKindName


class RecipientKind(_RecipientKindBase, total=False):
    """An accepted recipient: ``{"kind": "broadcast"}`` or ``{"kind": "identity", "id": …}``."""

    id: str


class _RecipientErrorBase(TypedDict):
    error: str
    code: RecipientCode
    to: str
    valid_shapes: list[str]
    message: str
    reason: RejectionReasonName


class RecipientError(_RecipientErrorBase, total=False):
    """A recipient's rejection (``to`` is a safe rendition, never the input)."""

    position: int
    limit: int
    suggestions: list[str]


class Accepted(TypedDict):
    """``validate_recipient``'s answer for an accepted recipient."""

    ok: Literal[True]
    recipient: RecipientKind


class Rejected(TypedDict):
    """``validate_recipient``'s (and ``plan_delivery``'s) answer for a rejected recipient."""

    ok: Literal[False]
    error: RecipientError


#: What ``validate_recipient`` answers.
RecipientResult = Accepted | Rejected


class RecipientJsonSchema(TypedDict):
    """The JSON Schema of a recipient field."""

    type: Literal["string"]
    pattern: str
    description: str


# Delivery


class Planned(TypedDict):
    """``plan_delivery``'s recipients: the direct one, or the broadcast audience."""

    ok: Literal[True]
    kind: PlanKind
    recipients: list[str]


class Marked(TypedDict):
    """The update ``mark_read`` asks the host to store."""

    ok: Literal[True]
    alreadyRead: bool
    target: MarkTarget
    readAt: str


class NotARecipientData(TypedDict):
    """Why ``mark_read`` refused: the reader is not a recipient."""

    code: NotARecipientCode
    message: str


class NotMarked(TypedDict):
    """``mark_read``'s answer for a reader who is not a recipient."""

    ok: Literal[False]
    error: NotARecipientData


# Tool names


class _CustomProfileBase(TypedDict):
    max_length: int
    allowed: str


class CustomProfile(_CustomProfileBase, total=False):
    """A custom name rule; ``allowed`` and ``first_char`` are single regex character classes."""

    first_char: str


#: A built-in profile's name or a custom rule.
Profile = ProfileName | CustomProfile


class RegistryEntry(TypedDict):
    """One name of a ``ToolRegistry``."""

    canonical: str
    alias: str
    hashed: bool


class RefusedTool(TypedDict):
    """A tool a server had to give up: its alias belongs to another name."""

    canonical: str
    existing: str
    alias: str


class ServerReport(TypedDict):
    """``register_server``'s answer with ``on_collision="skip"``."""

    aliases: list[str | None]
    refused: list[RefusedTool]


# Error data


class ErrorData(TypedDict):
    """A classified error: the code, the tool and field when known, a safe message."""

    code: ErrorDataCode
    tool: str | None
    field: str | None
    message: str
