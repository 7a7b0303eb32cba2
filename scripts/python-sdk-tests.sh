#!/usr/bin/env bash
# Runs tests/python/sdk (protect_server through each SDK's own client, in
# memory and over stdio) in one virtual environment per SDK line.
#
#   scripts/python-sdk-tests.sh [VENV ...]
#   PREPARE_ONLY=1 scripts/python-sdk-tests.sh   (the venvs made and the wheel installed; no tests: make demo)
#
# Each VENV is a virtual environment with one SDK installed (mcp 1.x, mcp 2.x
# or fastmcp 2.x/3.x/4.x). Without arguments, the venvs under .venvs/ are
# used, made first when missing (SDK_VERSIONS below, from PyPI: needs the
# network once). The wheel `make wheel` wrote (target/wheels/) is installed
# into each, as a user installs it: the tests import the package built.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# Each line's tested versions (docs/PYTHON.md): the lowest and highest of the
# range python/mcp_boundary/mcp/_versions.py declares (a test holds this list
# to it), and fastmcp's newest 2.x and each major's first and newest.
# "name:requirement [requirement ...]" (venv name, what pip installs).
SDK_VERSIONS=(
  "mcp1-low:mcp==1.21.1" "mcp1:mcp==1.30.0"
  "mcp2-low:mcp==2.0.0" "mcp2:mcp==2.3.0"
  "fm2-low:fastmcp==2.11.3" "fm2:fastmcp==2.14.7"
  "fm3-low:fastmcp==3.0.0" "fm3:fastmcp==3.4.11"
  "fm4-low:fastmcp==4.0.0" "fm4:fastmcp==4.2.3"
)

venvs=("$@")
if [ ${#venvs[@]} -eq 0 ]; then
  for entry in "${SDK_VERSIONS[@]}"; do
    name="${entry%%:*}" spec="${entry#*:}" dir="$ROOT/.venvs/${entry%%:*}"
    if [ ! -x "$dir/bin/python" ]; then
      echo "== making $dir ($spec)"
      read -r -a requirements <<< "$spec"
      python3 -m venv "$dir"
      "$dir/bin/pip" install -q "${requirements[@]}" pytest
    fi
    venvs+=("$dir")
  done
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
