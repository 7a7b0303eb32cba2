"""The Python SDK versions the project tests, from their one source,
python/mcp_boundary/mcp/_versions.py (``TESTED``), read as a file (no
package import, so nothing needs building):

    python3 scripts/sdk_versions.py pins          one "<venv dir> <requirement>" a line, for scripts/python-sdk-tests.sh
    python3 scripts/sdk_versions.py venv LINE     the venv of LINE's highest version (make demo: mcp2)
    python3 scripts/sdk_versions.py extras        pyproject.toml's [project.optional-dependencies] written again
    python3 scripts/sdk_versions.py extras --check   exit 1 when pyproject.toml's extras are not what TESTED gives

Each venv is named by the version it holds (``.venvs/mcp-1.30.0``), so a
bumped pin is a new venv, never the old SDK tested under the old name.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
VERSIONS = ROOT / "python" / "mcp_boundary" / "mcp" / "_versions.py"
PYPROJECT = ROOT / "pyproject.toml"
EXTRAS = "[project.optional-dependencies]"


def tested() -> dict[str, Any]:
    """``TESTED`` of _versions.py: each line's ``SdkRange``."""
    return runpy.run_path(str(VERSIONS))["TESTED"]  # type: ignore[no-any-return]


def pins() -> list[tuple[str, str]]:
    """``(venv dir, requirement)`` for every version tested, line by line, lowest first."""
    out = []
    for r in tested().values():
        name = r.distributions[0]
        out.extend((f".venvs/{name}-{v}", f"{name}=={v}") for v in r.versions())
    return out


def venv(line: str) -> str:
    """The venv of ``line``'s highest tested version."""
    r = tested()[line]
    return f".venvs/{r.distributions[0]}-{r.highest}"


def _next_minor(version: str) -> str:
    major, minor = version.split(".")[:2]
    return f"{major}.{int(minor) + 1}"


def extras_block() -> str:
    """The ``[project.optional-dependencies]`` table: each line's range, from
    its lowest to below the minor after its highest (the range
    ``_versions.in_range`` takes as tested)."""
    lines = [EXTRAS]
    for line, r in tested().items():
        lines.append(f'{line} = ["{r.distributions[0]}>={r.lowest},<{_next_minor(r.highest)}"]')
    return "\n".join(lines) + "\n"


def pyproject_with_extras(text: str) -> str:
    """``text`` (pyproject.toml) with its extras table written from ``TESTED``:
    the table runs from its header to the first blank line."""
    start = text.index(EXTRAS)
    end = text.index("\n\n", start) + 1
    return text[:start] + extras_block() + text[end:]


def main(argv: list[str]) -> int:
    match argv:
        case ["pins"]:
            for directory, requirement in pins():
                print(directory, requirement)
        case ["venv", line]:
            print(venv(line))
        case ["extras", *check] if check in ([], ["--check"]):
            text = PYPROJECT.read_text()
            want = pyproject_with_extras(text)
            if check:
                if want != text:
                    print("pyproject.toml's extras differ from _versions.py's TESTED: run python3 scripts/sdk_versions.py extras", file=sys.stderr)
                    return 1
            elif want != text:
                PYPROJECT.write_text(want)
        case _:
            print(__doc__, file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
