"""``fastmcp`` ``FastMCP``, 2.11.3 to 4.x (tested with 2.11.3, 2.14.7, 3.0.0, 3.4.11, 4.0.0, 4.2.3;
``_versions.TESTED``).

The hook is public: a ``fastmcp.server.middleware.Middleware`` whose
``on_call_tool`` sees every tools/call (the tool lookup, argument
validation and the handler all run inside ``call_next``), put first in
``FastMCP.middleware`` so that it is the outermost. It answers:

- an unknown or disabled tool (``NotFoundError``, ``DisabledError``);
- bad arguments: fastmcp's ``ValidationError`` from pydantic's (3.4+, 4.x),
  pydantic's own (2.12+, 3.x), or (2.11) a ``ToolError`` from pydantic's
  ``call[<function>]`` error;
- a handler's ``ToolError`` (fastmcp passes it on) or any other exception
  (fastmcp wraps it in ``ToolError`` from it, with or without its text).

fastmcp 4.x sits on ``mcp`` 2.x, whose runner sends an ``MCPError`` raised
in the middleware as a JSON-RPC error and a returned error ``ToolResult``
as it is: nothing else is needed. fastmcp 2.x and 3.x sit on ``mcp`` 1.x,
whose low-level ``call_tool()`` decorator answers any exception, ``McpError``
included, with its text, checks structured output against the output
schema, and (``strict_input_validation=True``) checks the arguments against
the JSON Schema before any fastmcp code runs, quoting them. There, as for
``mcp`` 1.x ``FastMCP``, the handler the decorator made is wrapped once
more, through the private ``FastMCP._mcp_server.request_handlers``
(``mcp`` 1.x): the middleware leaves its answer there, and what the
decorator answered itself is replaced. 2.x's ``ToolResult`` has no
``is_error``, so that wrapper is what carries the structured answer there.

The tools are read as the client would list them, so that a tool the
server hides (a middleware's ``on_list_tools``, tags, visibility, a disabled
tool, auth) is never named in an answer: through the public
``FastMCP.list_tools()`` with its middleware (3.x, 4.x), or on 2.x the
low-level server's own tools/list handler (``_mcp_server.request_handlers``,
as above); in the call's own context, on failures only, once per change
of the tool list, per caller session where the listing may depend on the
caller (``_catalog``, docs/PYTHON.md).

On 3.x and 4.x a tool's error result is the tool's own unless the tool is
a proxy's (``ProxyTool``: the upstream's refusal, forwarded), which is a
handler error to the core; a result whose structured content breaks the
tool's output schema is ``invalid_output``.
"""

from __future__ import annotations

import contextvars
import importlib
import inspect
import json
from dataclasses import dataclass
from typing import Any

from mcp_boundary.mcp._answers import Boundary, handler_message, own_issues
from mcp_boundary.mcp._catalog import SHARED, watch
from mcp_boundary.mcp._core import ToolInfo, schema_issues


@dataclass
class _Call:
    """One tools/call request (fastmcp on ``mcp`` 1.x), as the middleware saw it."""

    name: str
    entered: bool = False  # the middleware ran (the SDK's own input check passed)
    unknown: dict[str, Any] | None = None  # the JSON-RPC error to raise
    answer: dict[str, Any] | None = None  # ours, to send as it is
    passed: bool = False  # handler_errors="pass": the SDK's own answer stands
    returned: bool = False  # the tool returned
    own_error: bool = False  # ... an error result of its own


#: The server's public methods that change what its tools/list shows (each that exists is wrapped to say so).
_CHANGES_LISTING = (
    "add_tool", "remove_tool", "add_middleware", "add_provider", "add_transform", "add_tool_transformation",
    "remove_tool_transformation", "mount", "import_server", "enable", "disable",
)


#: fastmcp's own middleware that sees tools/list the same for every caller
#: (3.x, 4.x put it on every server: it inlines the schemas' $refs).
_SAME_FOR_EVERY_CALLER = frozenset({"DereferenceRefsMiddleware"})

#: A middleware's hooks that see a tools/list (and may change what it shows).
_LISTING_HOOKS = ("__call__", "on_message", "on_request", "on_list_tools")


#: How an upstream's refusal of the arguments begins or reads, as a proxy
#: forwards it: pydantic's ("2 validation errors for call[f]"), the mcp SDK's
#: JSON Schema check ("Input validation error: ..."), fastmcp's ("Invalid arguments").
_ARGUMENT_REFUSALS = (" validation error", "Input validation error", "Invalid arguments")


def _refuses_arguments(text: str) -> bool:
    """Whether a forwarded refusal is the upstream's refusal of the arguments
    (which a protected server never passes, even with handler_errors="pass")."""
    return any(marker in text for marker in _ARGUMENT_REFUSALS)


def _text_of(result: Any) -> str:
    """The text of a fastmcp ToolResult's content."""
    return "".join(str(getattr(c, "text", "")) for c in (getattr(result, "content", None) or []))


_CALL: contextvars.ContextVar[_Call | None] = contextvars.ContextVar("mcp_boundary_fastmcp_call", default=None)


def _ajv_issues(schema: Any, arguments: Any) -> list[dict[str, Any]]:
    """The JSON Schema's errors for ``arguments`` in Ajv's shape: keyword,
    instance path, and for ``required`` the missing property (a declared
    name); nothing else of the input. The core's check finds them (the
    bound that refused an optional's value inside its ``anyOf``, as the
    other SDKs' validators say); where it cannot judge, the SDK's own
    check (jsonschema) gives its top-level errors."""
    try:
        found = schema_issues(schema, arguments)
        if found:
            return found
    except Exception:
        pass
    try:
        jsonschema: Any = importlib.import_module("jsonschema")  # the mcp SDK's own dependency
        validator = jsonschema.validators.validator_for(schema)(schema)
        issues: list[dict[str, Any]] = []
        for error in validator.iter_errors(arguments):
            path = "".join("/" + str(p) for p in error.absolute_path)
            if error.validator == "required" and isinstance(error.instance, dict):
                for missing in error.validator_value:
                    if missing not in error.instance:
                        issues.append({"keyword": "required", "instancePath": path, "params": {"missingProperty": missing}})
            else:
                issues.append({"keyword": str(error.validator), "instancePath": path, "params": {}})
        return issues
    except Exception:
        return []


def protect(server: Any, boundary_options: dict[str, Any]) -> None:
    # Imported by name, so that type checkers read each version's code whichever they see.
    mt: Any = importlib.import_module("mcp.types")
    fastmcp_exceptions: Any = importlib.import_module("fastmcp.exceptions")
    DisabledError, NotFoundError = fastmcp_exceptions.DisabledError, fastmcp_exceptions.NotFoundError
    ToolError, FastMCPValidationError = fastmcp_exceptions.ToolError, fastmcp_exceptions.ValidationError
    Middleware: Any = importlib.import_module("fastmcp.server.middleware").Middleware
    mcp_exceptions: Any = importlib.import_module("mcp.shared.exceptions")
    ValidationError: Any = importlib.import_module("pydantic").ValidationError

    mcp2 = hasattr(mcp_exceptions, "MCPError")  # fastmcp 4.x: mcp 2.x underneath
    MCPError: Any = getattr(mcp_exceptions, "MCPError", None) or mcp_exceptions.McpError
    passes_through: tuple[type[BaseException], ...] = tuple(
        e for e in (getattr(mcp_exceptions, "UrlElicitationRequiredError", None),) if isinstance(e, type)
    )
    ToolResult: Any = getattr(importlib.import_module("fastmcp.tools"), "ToolResult", None)
    if ToolResult is None:  # 2.x
        ToolResult = importlib.import_module("fastmcp.tools.tool").ToolResult
    error_results = "is_error" in inspect.signature(ToolResult).parameters  # 3.x, 4.x
    # The tools as the client would list them: through the server's middleware
    # (one that hides tools, visibility, tags, enabled, auth), in the call's context.
    # (Read from the class: an instance's own list_tools, a wrapper, says nothing of the version.)
    public_list = getattr(type(server), "list_tools", None)
    lists_with_middleware = callable(public_list) and "run_middleware" in inspect.signature(public_list).parameters

    async def list_tools() -> list[ToolInfo]:
        if lists_with_middleware:  # 3.x, 4.x: public, middleware run
            tools = await server.list_tools()
            return [ToolInfo(t.name, t.parameters, t.output_schema is not None) for t in tools]
        # 2.x: what the low-level server answers a tools/list with (private, as below).
        response = await server._mcp_server.request_handlers[mt.ListToolsRequest](mt.ListToolsRequest(method="tools/list"))
        listed = getattr(response, "root", response).tools
        return [ToolInfo(t.name, t.inputSchema, t.outputSchema is not None) for t in listed]

    # When the tools are listed again: a counter bumped by every change of
    # the local registry (watched) and by the server's public methods that
    # change what is listed; the listing is kept per caller session, since
    # what it shows may depend on the caller (middleware, visibility, auth).
    changes = [0]
    registries = [
        watch(getattr(server, "_tool_manager", None), "_tools"),  # 2.x (private)
        watch(getattr(server, "_local_provider", None), "_components"),  # 3.x, 4.x (private)
    ]

    def bumping(method: Any) -> Any:
        def bumped(*args: Any, **kwargs: Any) -> Any:
            try:
                return method(*args, **kwargs)
            finally:
                changes[0] += 1

        return bumped

    for method_name in _CHANGES_LISTING:
        method = getattr(server, method_name, None)
        if callable(method):
            setattr(server, method_name, bumping(method))

    def caller() -> object | None:
        """The caller's session (its connection on mcp 2.x, which makes a
        session object per request; private, as fastmcp itself reads it), or
        None (unknown: never cached)."""
        try:
            context: Any = importlib.import_module("fastmcp.server.dependencies").get_context()
            session: object = context.session
            connection: object = getattr(session, "_connection", None)
            return connection if connection is not None else session
        except Exception:
            pass
        try:
            low_session: object = server._mcp_server.request_context.session  # mcp 1.x's low-level server (private)
            return low_session
        except Exception:
            return None

    async def session_rules() -> str:
        """The caller's session visibility rules (3.x, 4.x: ``ctx.enable_components``
        and the like, kept in the session's state), as text; "" for none."""
        try:
            visibility: Any = importlib.import_module("fastmcp.server.transforms.visibility")
            context = importlib.import_module("fastmcp.server.dependencies").get_context()
            rules = await visibility.get_visibility_rules(context)
            return json.dumps(rules, sort_keys=True, default=str) if rules else ""
        except Exception:
            return ""

    def lists_per_caller() -> bool:
        """Whether what tools/list shows may depend on the caller: auth, or a
        middleware (other than ours) that sees tools/list (its on_list_tools,
        or a hook of every request or message)."""
        if getattr(server, "auth", None) is not None:
            return True
        for middleware in getattr(server, "middleware", ()) or ():
            if isinstance(middleware, BoundaryMiddleware) or type(middleware).__qualname__ in _SAME_FOR_EVERY_CALLER:
                continue
            if any(getattr(type(middleware), hook, None) is not getattr(Middleware, hook, None) for hook in _LISTING_HOOKS):
                return True
        return False

    async def key() -> tuple[object | None, object | None]:
        rules = await session_rules()
        version = (
            changes[0],
            tuple(r.generation if r is not None else -1 for r in registries),
            tuple(id(m) for m in getattr(server, "middleware", ()) or ()),
            len(getattr(server, "providers", ()) or ()),
            len(getattr(server, "transforms", ()) or ()),
            tuple(sorted(map(str, getattr(server, "include_tags", None) or ()))),  # 2.x: FastMCP(include_tags=...)
            tuple(sorted(map(str, getattr(server, "exclude_tags", None) or ()))),
            rules,
        )
        scope = caller() if rules or lists_per_caller() else SHARED
        return scope, version

    boundary = Boundary(list_tools=list_tools, key=key, **boundary_options)

    def rpc_error(error: dict[str, Any]) -> BaseException:
        if mcp2:
            made: BaseException = MCPError(code=error["code"], message=error["message"], data=error.get("data"))
        else:
            made = MCPError(mt.ErrorData.model_validate(error))
        return made

    async def tool_of(name: str) -> Any:
        """The tool ``name`` as the server finds it (public ``get_tool``), a
        mounted server's tool followed to its own (3.x, 4.x), or None."""
        try:
            found = server.get_tool(name)
            tool = await found if inspect.isawaitable(found) else found
            for _ in range(8):  # a mounted server's tool, followed (FastMCPProviderTool, private)
                inner, original = getattr(tool, "_server", None), getattr(tool, "_original_name", None)
                if inner is None or not isinstance(original, str):
                    break
                found = inner.get_tool(original)
                tool = await found if inspect.isawaitable(found) else found
            return tool
        except Exception:
            return None

    async def function_name(name: str) -> str | None:
        """The name of the function behind tool ``name``, or None."""
        try:
            return str((await tool_of(name)).fn.__name__)
        except Exception:
            return None

    async def is_proxy(name: str) -> bool:
        """Whether tool ``name`` forwards to another server (fastmcp's ProxyTool,
        as ``FastMCP.as_proxy`` and ``create_proxy`` make, mounted or not):
        its error result is the upstream's answer, not one this server vouches for."""
        tool = await tool_of(name)
        return any(cls.__name__ == "ProxyTool" for cls in type(tool).__mro__)

    async def breaks_output(name: str, result: Any) -> bool:
        """Whether a result's structured content breaks the tool's output schema
        (fastmcp 3.x and 4.x send it unchecked; the client would then raise
        quoting it)."""
        structured = getattr(result, "structured_content", None)
        if structured is None:
            return False
        schema = getattr(await tool_of(name), "output_schema", None)
        if not isinstance(schema, dict):
            return False
        try:
            jsonschema: Any = importlib.import_module("jsonschema")  # the mcp SDK's own dependency
            validator = jsonschema.validators.validator_for(schema)(schema)
            return next(iter(validator.iter_errors(structured)), None) is not None
        except Exception:
            return False  # a schema that cannot be checked here: the result as the SDK sends it (valid calls unchanged)

    async def handlers_own(name: str, error: Any, validated: bool) -> bool:
        """Whether a pydantic error is one the handler made itself. pydantic
        titles a function's argument validation call[<function>]: an error
        titled after another function, or (unless fastmcp says it validated
        the arguments: ``validated``) after anything else (a model the
        handler validates itself), is the handler's. A call[...] title when
        the tool's function is unknown is the arguments'."""
        title = str(getattr(error, "title", ""))
        if not title.startswith("call["):
            return not validated
        own = await function_name(name)
        return own is not None and title != f"call[{own}]"

    async def arguments_error(name: str, exc: BaseException) -> Any:
        """The pydantic error of arguments the tool refused; fastmcp's own
        ValidationError without one (an OpenAPI tool's unknown arguments, a
        transformed tool) as itself; else None (a handler's own pydantic
        error, whichever way the version wraps it, is the handler's)."""
        if isinstance(exc, FastMCPValidationError) and not isinstance(exc.__cause__, ValidationError):
            return exc
        validated = False
        if isinstance(exc, ValidationError):
            found: Any = exc  # 2.12+, 3.x: pydantic's own, the tool's argument validation or the handler's
        elif isinstance(exc, FastMCPValidationError):
            found, validated = exc.__cause__, True  # 3.4+, 4.x: fastmcp's, from the arguments' validation
        elif isinstance(exc, ToolError) and isinstance(exc.__cause__, ValidationError) and str(exc.__cause__.title).startswith("call["):
            found = exc.__cause__  # 2.11 wraps every error of a tool in ToolError, the arguments' too
        else:
            return None
        return None if await handlers_own(name, found, validated) else found

    def answered(result: dict[str, Any], call: _Call | None) -> Any:
        if call is not None:
            call.answer = result  # sent as it is by the wrapper below (mcp 1.x)
        text = "".join(c.get("text", "") for c in result.get("content", []))
        if error_results:
            return ToolResult(
                content=[mt.TextContent(type="text", text=text)],
                structured_content=result.get("structuredContent"),
                is_error=True,
            )
        raise ToolError(text)  # 2.x without the wrapper: the text alone

    class BoundaryMiddleware(Middleware):  # type: ignore[misc]
        """mcp-boundary: tools/call answers that never carry the caller's input."""

        async def on_call_tool(self, context: Any, call_next: Any) -> Any:
            name: str = context.message.name
            arguments = context.message.arguments
            call = _CALL.get()
            if call is not None:
                call.entered = True
            try:
                result = await call_next(context)
            except passes_through:
                raise
            except (NotFoundError, DisabledError):
                error = await boundary.unknown_tool(name)
                if call is not None:
                    call.unknown = error
                raise rpc_error(error) from None
            except Exception as exc:
                pydantic_error = await arguments_error(name, exc)
                if pydantic_error is not None:
                    # Refused arguments: never passed as they are, whatever handler_errors says.
                    issues: Any = pydantic_error if isinstance(pydantic_error, ValidationError) else []
                    logged = own_issues(pydantic_error) if isinstance(pydantic_error, ValidationError) else []
                    return answered(await boundary.invalid_arguments(name, exc, issues, logged), call)
                if isinstance(exc, ToolError) and _refuses_arguments(handler_message(exc) or "") and await is_proxy(name):
                    # A proxy's upstream refused the arguments (raised as a ToolError
                    # before 3.x's error results): never passed, whatever handler_errors says.
                    return answered(await boundary.invalid_arguments(name, exc, [], []), call)
                if isinstance(exc, ToolError) and await is_proxy(name):
                    # Any other error of a proxy (2.x, 3.0) is its upstream's, forwarded: never passed.
                    return answered(await boundary.forwarded_error(name, exc, handler_message(exc)), call)
                if isinstance(exc, MCPError):
                    message = getattr(getattr(exc, "error", None), "message", None)
                    own: BaseException = exc
                else:
                    own = exc.__cause__ if isinstance(exc, ToolError) and exc.__cause__ is not None else exc
                    message = handler_message(own)
                answer = await boundary.handler_error(name, own, message if isinstance(message, str) else None)
                if answer is None:  # the core keeps the SDK's answer (handler_errors="pass")
                    if call is not None:
                        call.passed = True
                    raise
                return answered(answer, call)
            if call is not None:
                call.returned = True
            if getattr(result, "is_error", False):
                if await is_proxy(name):
                    # An upstream server's refusal, forwarded (it may quote the
                    # upstream's caller: pydantic's input_value, a handler's text).
                    said = _text_of(result)
                    if _refuses_arguments(said):
                        # The upstream refused the arguments: never passed, whatever handler_errors says.
                        refused = await boundary.invalid_arguments(name, RuntimeError(said), [], [])
                        return answered(refused, call)
                    return answered(await boundary.forwarded_error(name, RuntimeError(said), said), call)
                own_result = boundary.own_error_result(name)
                if own_result is not None:
                    return answered(own_result, call)
                if call is not None:
                    call.own_error = True
                return result
            if error_results and await breaks_output(name, result):
                return answered(await boundary.failed(name, "invalid_output", None), call)
            return result

    server.middleware.insert(0, BoundaryMiddleware())
    if mcp2:
        return

    low = server._mcp_server  # private, see the module's docstring
    checked = low.request_handlers[mt.CallToolRequest]

    async def handle_call_tool(request: Any) -> Any:
        call = _Call(request.params.name)
        token = _CALL.set(call)
        try:
            response = await checked(request)
        finally:
            _CALL.reset(token)
        if call.unknown is not None:
            raise rpc_error(call.unknown)
        if call.answer is not None:
            return mt.ServerResult(mt.CallToolResult.model_validate(call.answer))
        result = getattr(response, "root", response)
        if call.passed or call.own_error or not (isinstance(result, mt.CallToolResult) and result.isError):
            return response
        said = [c.text for c in result.content if isinstance(c, mt.TextContent)]
        error = RuntimeError(said[0]) if said else None  # the SDK's text, for on_error only
        if not call.entered:
            # The SDK's own check of the arguments against the JSON Schema
            # (strict_input_validation) refused them before any fastmcp code ran.
            now = await boundary.now(call.name)  # listed once for this call
            tool = now.tools.get(call.name)
            arguments = request.params.arguments or {}
            issues = _ajv_issues(tool.input_schema, arguments) if tool is not None else []
            if issues:
                return mt.ServerResult(
                    mt.CallToolResult.model_validate(
                        await boundary.invalid_arguments(call.name, error or RuntimeError(), issues, issues, now)
                    )
                )
            return mt.ServerResult(mt.CallToolResult.model_validate(await boundary.failed(call.name, "failed", error, now)))
        answer = await boundary.failed(call.name, "invalid_output" if call.returned else "failed", error)
        return mt.ServerResult(mt.CallToolResult.model_validate(answer))

    low.request_handlers[mt.CallToolRequest] = handle_call_tool
