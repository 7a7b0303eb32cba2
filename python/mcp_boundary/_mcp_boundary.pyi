"""Stubs of the compiled module (src/bindings/python/); results are plain dicts and
lists, the same JSON as the JS package returns.

Held to the module by stubtest (``make test-python``): every argument may be
given by keyword (PyO3's default), classes are made by ``__new__``. The
type aliases below exist only here (scripts/stubtest-allowlist.txt); the
result shapes are the TypedDicts of ``mcp_boundary.types`` and the names'
Literals those of ``mcp_boundary._literals`` (written from Rust's lists)."""

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal, TypeVar, final

from typing_extensions import Self, disjoint_base

from mcp_boundary._literals import Format, HandlerErrors, Overflow, ReadStateName
from mcp_boundary.types import (
    Accepted,
    ErrorData,
    Marked,
    NotMarked,
    Planned,
    Profile,
    RecipientJsonSchema,
    RecipientResult,
    Rejected,
    RegistryEntry,
)

_M = TypeVar("_M", bound=Mapping[str, Any])
_V = TypeVar("_V")

__all__ = [
    "__version__",
    "McpBoundaryError",
    "OptionsError",
    "ArgumentError",
    "ToolNameError",
    "MalformedRecordError",
    "RecipientValidator",
    "validate_recipient",
    "recipient_json_schema",
    "VALID_SHAPES",
    "BROADCAST",
    "plan_delivery",
    "read_state",
    "mark_read",
    "unread_count",
    "list_unread",
    "ToolRegistry",
    "SseRewriter",
    "EventRewriter",
    "to_llm_facing_name",
    "try_reverse_to_canonical",
    "tool_definitions",
    "FORMATS",
    "ErrorClassifier",
    "MAX_CATALOG_ENTRIES",
    "REPLACED_ANSWERS",
    "protect_server_error",
    "Protection",
    "ServerCatalog",
]

__version__: str
VALID_SHAPES: list[str]
BROADCAST: str
FORMATS: list[str]

JsonValue = Any

# Errors: McpBoundaryError is a ValueError; OptionsError and ArgumentError are TypeErrors too.
class McpBoundaryError(ValueError):
    code: str
    reason: str

class OptionsError(McpBoundaryError, TypeError):
    option: str

class ArgumentError(McpBoundaryError, TypeError):
    limit: int

class ToolNameError(McpBoundaryError):
    tool_name: str
    profile: str
    position: int
    length: int
    limit: int
    existing: str
    alias: str

class MalformedRecordError(McpBoundaryError):
    place: str

# Recipients
def validate_recipient(to: object) -> RecipientResult: ...
def recipient_json_schema(
    *,
    known_agents: Sequence[str] | None = None,
    strict: bool | None = None,
    suggest: bool | None = None,
    identity_pattern: str | None = None,
    max_identifier_length: int | None = None,
) -> RecipientJsonSchema: ...
@final
class RecipientValidator:
    def __new__(
        cls,
        *,
        known_agents: Sequence[str] | None = None,
        strict: bool | None = None,
        suggest: bool | None = None,
        identity_pattern: str | None = None,
        max_identifier_length: int | None = None,
    ) -> Self: ...
    def validate(self, to: object) -> RecipientResult: ...
    def validate_many(self, recipients: Iterable[object]) -> list[RecipientResult]: ...
    def rejection_result(self, to: object) -> dict[str, JsonValue] | None: ...
    def json_schema(self) -> RecipientJsonSchema: ...

# Delivery
Timestamp = str | datetime
MessageRecord = Mapping[str, Any]

def plan_delivery(
    to: object,
    *,
    sender: str | None = None,
    agents: Iterable[str | Mapping[str, Any]] | None = None,
    validator: RecipientValidator | None = None,
) -> Planned | Rejected: ...
def read_state(message: MessageRecord, reader: str) -> ReadStateName: ...
def mark_read(message: MessageRecord, reader: str, now: Timestamp) -> Marked | NotMarked: ...
def unread_count(messages: Iterable[MessageRecord], reader: str) -> int: ...
def list_unread(messages: Iterable[_M], reader: str) -> list[_M]: ...

# Tool names

def to_llm_facing_name(canonical: str, *, profile: Profile | None = None, overflow: Overflow | None = None) -> str: ...
def try_reverse_to_canonical(name: str) -> str | None: ...
def tool_definitions(tools: Sequence[Mapping[str, Any]], format: Format) -> list[dict[str, JsonValue]]: ...

@disjoint_base
class ToolRegistry:
    def __new__(
        cls,
        *,
        profile: Profile | None = None,
        overflow: Overflow | None = None,
        on_collision: Literal["throw", "skip"] | None = None,
    ) -> Self: ...
    def register(self, canonical: str) -> str: ...
    def register_server(self, server: str, tool_names: Sequence[str]) -> Any:
        """The aliases (list[str]), or with on_collision="skip" a ServerReport."""
    def unregister(self, name: str) -> bool: ...
    def unregister_server(self, server: str) -> int: ...
    def entries(self) -> list[RegistryEntry]: ...
    def to_canonical(self, name: str) -> str | None: ...
    def to_llm_facing(self, name: str) -> str | None: ...
    def lookup_override(self, mapping: Mapping[str, _V], name: str) -> _V | None: ...
    def tool_for_call_id(self, id: str) -> str | None: ...
    def unknown_tool_response(self, id: object, name: str) -> dict[str, JsonValue]: ...
    def to_provider(self, payload: Any, format: Format) -> Any: ...
    def from_provider(self, payload: Any, format: Format) -> Any: ...

@final
class SseRewriter:
    def __new__(cls, registry: ToolRegistry, format: Format) -> Self: ...
    def feed(self, chunk: bytes | bytearray | memoryview) -> bytes: ...
    def finish(self) -> bytes: ...

@disjoint_base
class EventRewriter:
    def __new__(cls, registry: ToolRegistry, format: Format) -> Self: ...
    def rewrite(self, event: Any) -> Any:
        """A dict event as a dict; the package's subclass makes a model given a model again."""

# Error data
ErrorLike = str | BaseException

def protect_server_error(which: Literal["server", "on_error", "messages"]) -> ArgumentError:
    """The exception protect_server raises for an argument it cannot take (the core's message)."""

#: The most tools (and fields of one tool) a catalog holds.
MAX_CATALOG_ENTRIES: int
#: The kinds of answer a protected server replaces (what its ``on_error`` hears).
REPLACED_ANSWERS: list[str]

@final
class ErrorClassifier:
    def __new__(
        cls,
        tools: Sequence[str] | Mapping[str, Sequence[str]],
        *,
        fields: Sequence[str] | None = None,
        field_messages: Sequence[str] | Mapping[str, Sequence[str]] | None = None,
        fieldless_messages: Sequence[str] | None = None,
        hints: Mapping[str, Mapping[str, Mapping[str, Any]]] | None = None,
        input_schemas: Mapping[str, Mapping[str, Any]] | None = None,
        output_schema_tools: Sequence[str] | None = None,
        lenient: bool | None = None,
    ) -> Self: ...
    @staticmethod
    def from_catalog(catalog: Mapping[str, Any]) -> ErrorClassifier: ...
    def classify(self, tool: str, error: ErrorLike) -> ErrorData | None: ...
    def invalid_arguments_response(self, id: object, tool: str, error: ErrorLike) -> dict[str, JsonValue]: ...
    def tool_error_result(self, tool: str, error: ErrorLike) -> dict[str, JsonValue]: ...
    def handler_error_result(self, tool: str, error: ErrorLike) -> dict[str, JsonValue]: ...
    def unknown_tool_response(self, id: object, name: str) -> dict[str, JsonValue]: ...
    def classify_issues(
        self, tool: str, issues: Sequence[Mapping[str, Any]] | Mapping[str, Any] | BaseException, input: object = None
    ) -> list[ErrorData]: ...
    def issues_result(
        self, tool: str, issues: Sequence[Mapping[str, Any]] | Mapping[str, Any] | BaseException, input: object = None
    ) -> dict[str, JsonValue]: ...
    def structured_errors(self, tool: str) -> bool: ...
    def tools(self) -> list[str]: ...

# The protection policy (a protected server's answers)
#: A tool as listed: its name, its input JSON Schema, whether it declares an output schema.
ListedTool = tuple[str, Mapping[str, Any] | None, bool]

@final
class ServerCatalog:
    def has_tool(self, name: str) -> bool: ...
    def tools(self) -> list[str]: ...

@final
class Protection:
    def __new__(
        cls, *, messages: Sequence[str] | None = None, handler_errors: HandlerErrors | None = None
    ) -> Self: ...
    @property
    def handler_errors(self) -> HandlerErrors: ...
    @property
    def messages(self) -> list[str]: ...
    def catalog(self, tools: Iterable[ListedTool]) -> ServerCatalog: ...
    @staticmethod
    def schema_issues(input_schema: Mapping[str, Any], arguments: Mapping[str, Any]) -> list[dict[str, JsonValue]]:
        """The core's issues of ``arguments`` against ``input_schema``, in Ajv's shape (empty where it cannot judge)."""
    def answer(self, catalog: ServerCatalog, failure: Mapping[str, Any]) -> dict[str, JsonValue]:
        """``{"kind", "result"}``, ``{"kind", "error"}`` or ``{"kind": None}`` (the SDK's answer stands)."""
