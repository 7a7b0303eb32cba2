"""When ``protect_server`` lists the server's tools: once per change of the
tool list (and, where the listing depends on the caller, per caller), never
once per failed call.

Each SDK module gives one cheap function besides the listing itself,
``key()``, which gives two things:

- the scope: whose listing it is. ``SHARED`` where the listing is the same
  for every caller (``mcp``'s servers list their tool manager; a fastmcp
  server with nothing that lists per caller); the caller's session where it
  may depend on the caller (fastmcp's middleware, session visibility,
  auth), so that a catalog is only ever used for the session it was listed
  for; ``None`` when the caller is unknown (listed again, never cached).
- the version: a token that changes whenever the tool list may have
  changed (a counter bumped by the SDK's own add and remove of tools, see
  :class:`WatchedDict`), or ``None`` when it cannot tell (then the tools are
  listed for each failed call, as before).

A failure about a tool the cached listing lacks (the SDK found it, so the
list changed in a way the version did not see) lists again, once.
"""

from __future__ import annotations

import weakref
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from mcp_boundary.mcp._core import Listed, Policy, ToolInfo, empty

#: The scope of a listing that is the same for every caller.
SHARED = object()


class WatchedDict(dict[Any, Any]):
    """An SDK's registry of tools (a ``dict``) that counts its changes: put
    in the place of the SDK's own, so that every add, replace and remove of
    a tool (public or not) bumps ``generation``; reading is a dict's."""

    generation = 0

    def _changed(self) -> None:
        self.generation += 1

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: Any) -> None:
        super().__delitem__(key)
        self._changed()

    def pop(self, *args: Any) -> Any:
        self._changed()
        return super().pop(*args)

    def popitem(self) -> Any:
        self._changed()
        return super().popitem()

    def clear(self) -> None:
        super().clear()
        self._changed()

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self._changed()
        return super().setdefault(key, default)

    def __ior__(self, other: Any) -> WatchedDict:  # type: ignore[misc]
        super().__ior__(other)
        self._changed()
        return self


def watch(owner: Any, attribute: str) -> WatchedDict | None:
    """``owner.<attribute>`` (an SDK's dict of tools) replaced by a
    :class:`WatchedDict` holding the same entries; None when it is no dict."""
    try:
        current = getattr(owner, attribute)
        if isinstance(current, WatchedDict):
            return current
        if type(current) is not dict:
            return None
        watched = WatchedDict(current)
        setattr(owner, attribute, watched)
        return watched
    except Exception:
        return None


class Catalog:
    """The catalog of the tools ``list_tools`` gives, listed again only when
    ``version()`` changes (per ``scope()``)."""

    def __init__(
        self,
        policy: Policy,
        list_tools: Callable[[], Awaitable[Sequence[ToolInfo]]],
        key: Callable[[], Awaitable[tuple[object | None, object | None]]],
    ) -> None:
        self._policy = policy
        self._list_tools = list_tools
        self._key = key
        self._shared: tuple[object, Listed] | None = None
        self._by_caller: weakref.WeakKeyDictionary[Any, tuple[object, Listed]] = weakref.WeakKeyDictionary()
        self._empty: Listed | None = None
        # Tools a failure was about that the kept listing lacks although it was
        # listed again for them (callable, not listed): not listed again for
        # them until the version changes.
        # The scope itself is held (the last one only), not its id(), which
        # a later caller could be given once this one is collected.
        self._unlisted: tuple[object, object, set[str]] = (None, None, set())

    def _cached(self, scope: object | None, version: object | None) -> Listed | None:
        if scope is None or version is None:
            return None
        try:
            held = self._shared if scope is SHARED else self._by_caller.get(scope)
        except TypeError:  # a caller that cannot be held weakly: never cached
            return None
        return held[1] if held is not None and held[0] == version else None

    def _keep(self, scope: object | None, version: object | None, listed: Listed) -> None:
        if scope is None or version is None:
            return
        if scope is SHARED:
            self._shared = (version, listed)
            return
        try:
            self._by_caller[scope] = (version, listed)
        except TypeError:
            pass

    async def current(self, tool: str | None = None) -> Listed:
        """The catalog of the tools as listed now for this caller. ``tool``:
        the tool a failure is about, which the SDK found; a cached listing
        without it is listed again. A listing that fails gives an empty
        catalog (no tool named or suggested), never another one: what a
        listing shows may depend on the caller."""
        try:
            scope, version = await self._key()
        except Exception:
            scope = version = None
        cached = self._cached(scope, version)
        if cached is not None and (tool is None or tool in cached.names or self._is_unlisted(scope, version, tool)):
            return cached
        try:
            listed = self._policy.listed(await self._list_tools())
        except Exception:
            if self._empty is None:
                self._empty = empty(self._policy)
            return self._empty
        self._keep(scope, version, listed)
        if tool is not None and tool not in listed.names and scope is not None and version is not None:
            if self._unlisted[0] is not scope or self._unlisted[1] != version:
                self._unlisted = (scope, version, set())
            self._unlisted[2].add(tool)
        return listed

    def _is_unlisted(self, scope: object | None, version: object | None, tool: str) -> bool:
        return self._unlisted[0] is scope and self._unlisted[1] == version and tool in self._unlisted[2]


def registry_key(server: Any, attribute: str = "list_tools") -> Callable[[], Awaitable[tuple[object | None, object | None]]]:
    """``key()`` for ``mcp``'s servers, whose listing (``server.list_tools()``)
    is their tool manager's registry (``_tool_manager._tools``, private; the
    same in mcp 1.x and 2.x, tested): that dict watched. ``None`` (listed for
    each failed call) when the registry is not the watched one any more, or
    when the listing is not the SDK's own (a subclass or an instance that
    overrides ``list_tools`` may list per caller). The scope is ``SHARED``:
    these SDKs list the same tools to every caller."""
    sdk_listing = None
    for cls in type(server).__mro__:
        if cls.__module__.startswith("mcp.") and attribute in vars(cls):
            sdk_listing = vars(cls)[attribute]
            break
    manager = getattr(server, "_tool_manager", None)
    watched: WatchedDict | None = watch(manager, "_tools") if manager is not None else None

    def version(watched: WatchedDict | None = watched) -> object | None:
        if watched is None:
            return None
        if id(getattr(manager, "_tools", None)) != id(watched) or attribute in vars(server):
            return None
        if getattr(type(server), attribute, None) is not sdk_listing:
            return None
        generation: int = watched.generation
        return generation

    async def key() -> tuple[object | None, object | None]:
        return SHARED, version()

    return key
