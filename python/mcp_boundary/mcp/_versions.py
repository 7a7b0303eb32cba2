"""Each SDK line's tested range, declared once: ``protect_server`` warns
(``UntestedSdkWarning``) when the installed SDK is outside it,
``scripts/python-sdk-tests.sh`` tests every version listed here (one venv
each, named by the version: it reads this file through
``scripts/sdk_versions.py``), and pyproject.toml's extras are written from
it (``python3 scripts/sdk_versions.py extras``; a test fails when they are
stale).

The version is read from the installed distribution's metadata
(``importlib.metadata``), never by importing an SDK.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from importlib import metadata


class UntestedSdkWarning(UserWarning):
    """The server's SDK is a version ``protect_server`` was not tested with
    (outside the tested range of its line, or unreadable): it is protected
    as usual, but the SDK's private points it relies on may have moved."""


@dataclass(frozen=True)
class SdkRange:
    """A line's tested versions: its distributions (the first installed one
    is read) and the lowest and highest versions tested, both included, and
    the others tested between them."""

    distributions: tuple[str, ...]
    lowest: str
    highest: str
    between: tuple[str, ...] = ()

    def versions(self) -> tuple[str, ...]:
        """Every version tested, lowest first."""
        return (self.lowest, *self.between, self.highest)


#: Each line's tested range (docs/PYTHON.md, "Tested versions").
TESTED: dict[str, SdkRange] = {
    # Below 1.21.1, mcp does not import beside pydantic 2.14 (which its
    # requirements allow); 1.10's call_tool decorator takes no CallToolResult.
    "mcp1": SdkRange(("mcp",), "1.21.1", "1.30.0"),
    "mcp2": SdkRange(("mcp",), "2.0.0", "2.3.0"),
    # 2.x: Middleware from 2.9, but below 2.11.2 fastmcp does not import beside
    # pydantic 2.14, and 2.11.2 gets mcp 2.x (no mcp<2 pin). 4.x ships its
    # code in fastmcp-slim (fastmcp requires it, at the same version).
    # Between: the newest 2.x, and each later major's first and newest.
    "fastmcp": SdkRange(("fastmcp", "fastmcp-slim"), "2.11.3", "4.2.3", ("2.14.7", "3.0.0", "3.4.11", "4.0.0")),
}

_VERSION = re.compile(r"(\d+(?:\.\d+)*)(.*)")


def parse(version: str) -> tuple[tuple[int, ...], int] | None:
    """A version's release numbers (trailing zeros dropped: 2.0 is 2.0.0) and
    whether it comes before that release (a pre-release or dev build: -1) or
    not (0; a post-release or local build is the release for this purpose).
    None for what does not start with a number."""
    match = _VERSION.fullmatch(version.strip().lstrip("vV"))
    if match is None:
        return None
    release = [int(n) for n in match.group(1).split(".")]
    while len(release) > 1 and release[-1] == 0:
        release.pop()
    rest = match.group(2).lower().lstrip(".-_")
    before = rest != "" and not rest.startswith(("post", "+"))  # a1, b2, rc1, dev0: before the release
    return tuple(release), -1 if before else 0


def in_range(version: str, tested: SdkRange) -> bool:
    """Whether ``version`` is within ``tested``: from its lowest to any
    release of its highest's minor (patch releases of the newest tested
    minor are taken as tested, as the npm package's peer ranges take
    them; a pre-release of the next minor is not)."""
    v, low, high = parse(version), parse(tested.lowest), parse(tested.highest)
    if v is None or low is None or high is None:
        return False
    release = high[0]
    upper = ((release[0], (release[1] if len(release) > 1 else 0) + 1), -1)
    return low <= v < upper


def installed_version(tested: SdkRange) -> str | None:
    """The installed version of the line's distribution, from its metadata."""
    for name in tested.distributions:
        try:
            return metadata.version(name)
        except Exception:
            continue
    return None


def check(line: str, stacklevel: int) -> None:
    """Warns ``UntestedSdkWarning`` when the installed SDK of ``line`` is outside its tested range."""
    tested = TESTED[line]
    version = installed_version(tested)
    if version is not None and in_range(version, tested):
        return
    said = f"{tested.distributions[0]} {version}" if version is not None else f"{tested.distributions[0]} (version unknown)"
    warnings.warn(
        f"mcp_boundary.mcp.protect_server was tested with {tested.distributions[0]} "
        f"{tested.lowest} to {tested.highest} (and that minor's patch releases), not with {said}: "
        "its answers are protected as usual, "
        "but report anything that differs",
        UntestedSdkWarning,
        stacklevel=stacklevel + 1,
    )
