"""The SDK lines' tested ranges (mcp_boundary.mcp._versions), their one
source: scripts/python-sdk-tests.sh makes one venv per version listed there,
named by the version (read through scripts/sdk_versions.py, so a bumped pin
is a new venv), pyproject.toml's extras are written from them (and fail
here when stale), and versions compare as numbers."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from mcp_boundary.mcp import UntestedSdkWarning
from mcp_boundary.mcp import _versions

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import sdk_versions  # noqa: E402 - scripts/ is no package


def script_venvs() -> list[tuple[str, str]]:
    """What scripts/python-sdk-tests.sh would test: each venv and its requirement."""
    env = {**os.environ, "LIST_ONLY": "1"}
    out = subprocess.run(["bash", str(ROOT / "scripts" / "python-sdk-tests.sh")], env=env, capture_output=True, text=True, check=True).stdout
    rows = [tuple(line.split()) for line in out.splitlines()]
    assert rows and all(len(r) == 2 for r in rows), out
    return rows  # type: ignore[return-value]


def test_the_script_tests_every_version_listed_each_in_a_venv_named_by_it() -> None:
    want = [(f".venvs/{r.distributions[0]}-{v}", f"{r.distributions[0]}=={v}") for r in _versions.TESTED.values() for v in r.versions()]
    assert script_venvs() == want
    assert len({venv for venv, _ in want}) == len(want), "one venv per version"


def test_a_bumped_pin_is_a_new_venv(monkeypatch: pytest.MonkeyPatch) -> None:
    # The script names each venv by the version it holds: bumping a line's
    # highest names another venv (the old one, with the old SDK, is never
    # reused for the new pin).
    before = dict(sdk_versions.pins())
    bumped = {**_versions.TESTED, "mcp2": _versions.SdkRange(("mcp",), "2.0.0", "2.3.1")}
    monkeypatch.setattr(sdk_versions, "tested", lambda: bumped)
    after = dict(sdk_versions.pins())
    assert ".venvs/mcp-2.3.1" in after and ".venvs/mcp-2.3.1" not in before
    assert after[".venvs/mcp-2.3.1"] == "mcp==2.3.1"
    assert sdk_versions.venv("mcp2") == ".venvs/mcp-2.3.1"


def test_every_version_tested_is_in_its_range() -> None:
    for r in _versions.TESTED.values():
        for version in r.versions():
            assert _versions.in_range(version, r), (r, version)


def test_pyproject_extras_are_written_from_the_tested_ranges() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert sdk_versions.pyproject_with_extras(text) == text, "pyproject.toml's extras are stale: run python3 scripts/sdk_versions.py extras"


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
def test_pyproject_extras_are_the_ranges_in_range_takes() -> None:
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert sorted(extras) == sorted(_versions.TESTED)
    for line, r in _versions.TESTED.items():
        [requirement] = extras[line]
        name, _, spec = requirement.partition(">=")
        lowest, _, below = spec.partition(",<")
        assert (name, lowest) == (r.distributions[0], r.lowest)
        assert _versions.in_range(r.highest, r) and not _versions.in_range(below + ".0", r)


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
