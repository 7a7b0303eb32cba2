"""The SDK lines' tested ranges (mcp_boundary.mcp._versions): each range's
lowest and highest are in scripts/python-sdk-tests.sh's SDK_VERSIONS (read
from the script itself), pyproject.toml's extras state the same ranges, and
versions compare as numbers."""

from __future__ import annotations

import re
import shlex
import sys
import warnings
from pathlib import Path

import pytest

from mcp_boundary.mcp import UntestedSdkWarning
from mcp_boundary.mcp import _versions

ROOT = Path(__file__).resolve().parents[2]


def script_pins() -> set[tuple[str, str]]:
    """Every ``name==version`` the script's SDK_VERSIONS installs."""
    script = (ROOT / "scripts" / "python-sdk-tests.sh").read_text()
    found = re.search(r"^SDK_VERSIONS=\((.*?)\)", script, re.S | re.M)
    assert found is not None, "SDK_VERSIONS=( ... ) in scripts/python-sdk-tests.sh"
    pins = set()
    for entry in shlex.split(found.group(1), comments=True):
        _, _, requirements = entry.partition(":")
        for requirement in requirements.split():
            name, sep, version = requirement.partition("==")
            if sep:
                pins.add((name.lower(), version))
    assert pins, found.group(1)
    return pins


@pytest.mark.parametrize("line", sorted(_versions.TESTED))
def test_sdk_versions_test_each_range_at_both_ends(line: str) -> None:
    tested = _versions.TESTED[line]
    pins = script_pins()
    for version in (tested.lowest, tested.highest):
        assert (tested.distributions[0], version) in pins, (line, version, sorted(pins))


def test_every_pinned_version_is_in_its_range() -> None:
    for name, version in script_pins():
        assert any(r.distributions[0] == name and _versions.in_range(version, r) for r in _versions.TESTED.values()), (name, version)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
def test_pyproject_extras_are_the_tested_ranges() -> None:
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    def next_minor(version: str) -> str:
        major, minor = version.split(".")[:2]
        return f"{major}.{int(minor) + 1}"

    want = {line: [f"{r.distributions[0]}>={r.lowest},<{next_minor(r.highest)}"] for line, r in _versions.TESTED.items()}
    assert extras == want


@pytest.mark.parametrize(
    ("version", "low", "high", "inside"),
    [
        ("1.10.0", "1.9.0", "1.30.0", True),  # as numbers, not as text
        ("1.9.0", "1.10.0", "1.30.0", False),
        ("1.30.0", "1.10.0", "1.30.0", True),
        ("1.30.1", "1.10.0", "1.30.0", True),  # a patch of the newest tested minor
        ("1.31.0", "1.10.0", "1.30.0", False),
        ("1.31.0rc1", "1.10.0", "1.30.0", False),
        ("4.3.0", "2.11.3", "4.2.3", False),
        ("4.2.9", "2.11.3", "4.2.3", True),
        ("2.0", "2.0.0", "2.3.0", True),
        ("2.0.0rc1", "2.0.0", "2.3.0", False),
        ("2.3.0.dev1", "1.0.0", "2.3.0", True),
        ("2.3.0.post1", "2.0.0", "2.3.0", True),
        ("2.13.0.2", "2.11.3", "4.2.3", True),
        ("v4.2.3", "2.11.3", "4.2.3", True),
        ("", "2.0.0", "2.3.0", False),
        ("unknown", "2.0.0", "2.3.0", False),
    ],
)
def test_in_range(version: str, low: str, high: str, inside: bool) -> None:
    assert _versions.in_range(version, _versions.SdkRange(("x",), low, high)) is inside


def test_check_warns_outside_and_not_inside(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = {"mcp": "1.9.9"}
    monkeypatch.setattr(_versions.metadata, "version", lambda name: installed[name])
    with pytest.warns(UntestedSdkWarning, match="mcp 1.9.9"):
        _versions.check("mcp1", stacklevel=1)
    installed["mcp"] = "2.1.0"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _versions.check("mcp2", stacklevel=1)
    installed.clear()  # not installed under that name: unknown, so untested
    with pytest.warns(UntestedSdkWarning, match="version unknown"):
        _versions.check("mcp2", stacklevel=1)


def test_fastmcp_slim_alone_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def version(name: str) -> str:
        if name == "fastmcp-slim":
            return "4.1.0"
        raise _versions.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(_versions.metadata, "version", version)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _versions.check("fastmcp", stacklevel=1)
