#!/usr/bin/env bash
# Runs tests/python/sdk (protect_server through each SDK's own client, in
# memory and over stdio) in one virtual environment per SDK line.
#
#   scripts/python-sdk-tests.sh [VENV ...]
#   PREPARE_ONLY=1 scripts/python-sdk-tests.sh   (the venvs made and the wheel installed; no tests: make demo)
#
# Each VENV is a virtual environment with one SDK installed (mcp 1.x, mcp 2.x
# or fastmcp 2.x/3.x/4.x). Without arguments, the venvs under .venvs/ are
# used, one per version tested, made first when missing (from PyPI: needs the
# network once). The versions come from their one source,
# python/mcp_boundary/mcp/_versions.py (read by scripts/sdk_versions.py), and
# each venv is named by the version it holds (.venvs/mcp-1.30.0); one whose
# installed SDK is not that version (changed by hand) is made again. The
# wheel `make wheel` wrote (target/wheels/) is installed into each, as a user
# installs it: the tests import the package built.
#
#   LIST_ONLY=1 scripts/python-sdk-tests.sh   (each venv and its requirement, one a line; nothing made)
#   VENVS_ONLY=1 scripts/python-sdk-tests.sh  (the venvs made; no wheel needed, none installed: scripts/setup.sh)
#
# SDK_LINE=mcp2 (a line of _versions.py) keeps to that line's newest
# version, the one venv `make demo` uses.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

venvs=()
for venv in "$@"; do venvs+=("$(cd "$venv" && pwd)"); done # the tests run from tests/python/sdk
if [ ${#venvs[@]} -eq 0 ]; then
  pins="$(python3 "$ROOT/scripts/sdk_versions.py" pins)"
  [ -n "$pins" ] || { echo "scripts/sdk_versions.py listed no SDK versions" >&2; exit 1; }
  if [ -n "${SDK_LINE:-}" ]; then
    only="$(python3 "$ROOT/scripts/sdk_versions.py" venv "$SDK_LINE")"
    pins="$(awk -v v="$only" '$1 == v' <<< "$pins")"
    [ -n "$pins" ] || { echo "no venv $only among scripts/sdk_versions.py's pins" >&2; exit 1; }
  fi
  if [ -n "${LIST_ONLY:-}" ]; then
    echo "$pins"
    exit 0
  fi
  while read -r venv requirement; do
    dir="$ROOT/$venv" name="${requirement%%==*}" version="${requirement#*==}"
    if [ -x "$dir/bin/python" ] &&
      [ "$("$dir/bin/python" -c "import importlib.metadata as m; print(m.version('$name'))" 2>/dev/null)" != "$version" ]; then
      echo "== $dir does not hold $requirement: making it again"
      rm -rf "$dir"
    fi
    if [ ! -x "$dir/bin/python" ]; then
      echo "== making $dir ($requirement)"
      python3 -m venv "$dir"
      "$dir/bin/pip" install -q "$requirement" pytest
    fi
    venvs+=("$dir")
  done <<< "$pins"
  [ -z "${VENVS_ONLY:-}" ] || exit 0
fi

wheel="$(ls -t "$ROOT"/target/wheels/mcp_boundary-*.whl 2>/dev/null | head -n 1)"
[ -n "$wheel" ] || { echo "no wheel in target/wheels: run make wheel first" >&2; exit 1; }

status=0
for venv in "${venvs[@]}"; do
  py="$venv/bin/python"
  "$py" -c "import pytest" 2>/dev/null || "$venv/bin/pip" install -q pytest
  "$venv/bin/pip" install -q --force-reinstall --no-deps "$wheel"
  [ -z "${PREPARE_ONLY:-}" ] || continue
  sdk="$("$py" -c "import importlib.metadata as m, importlib.util as u; n = 'fastmcp' if u.find_spec('fastmcp') else 'mcp'; print(n, m.version(n))")"
  echo "== $venv: $sdk"
  if ! (cd "$ROOT/tests/python/sdk" && "$py" -m pytest -q -p no:cacheprovider .); then
    status=1
  fi
done
exit $status
