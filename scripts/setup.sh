#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh machine of this kind
# (Debian 12, rustup, Node 20), and skips what is already there. Everything
# comes from crates.io, npm, PyPI and Debian: nothing downloads a prebuilt
# binary.
#
#   scripts/setup.sh [PART ...]     (no PART: all)
#
#   wasm     the wasm32 target, wasm-bindgen-cli at Cargo.lock's version,
#            the npm dev tools (make pkg)
#   python   .venv/ with maturin and ziglang (make wheel)
#   demo-sdk the venv of the newest mcp 2.x tested (make demo's Python example)
#   demo     wasm, python and demo-sdk: what `make demo` needs, no more
#   all      demo's, then clippy and rustfmt, Chromium, Firefox ESR,
#            geckodriver, wasm-pack, the rest of scripts/python-dev.txt and
#            one venv per Python SDK version tested (make test, make lint, CI)
#
# The installs of one call run side by side (downloads beside the one long
# compile, `cargo install wasm-bindgen-cli`), each logged to
# target/setup/NAME.log and told here with its time. Each takes a lock of
# its own (target/setup/NAME.lock), so `make -j` targets that ask for the
# same install wait for one another instead of installing it twice.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
logs=target/setup
mkdir -p "$logs"
say() { printf 'setup: %s\n' "$*"; }
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

wasm=0 python=0 demo_sdk=0 all=0
[ $# -gt 0 ] || set -- all
for part in "$@"; do
  case "$part" in
    wasm) wasm=1 ;;
    python) python=1 ;;
    demo-sdk) demo_sdk=1 ;;
    demo) wasm=1 python=1 demo_sdk=1 ;;
    all) wasm=1 python=1 demo_sdk=1 all=1 ;;
    *) echo "setup.sh: unknown part '$part' (wasm, python, demo-sdk, demo, all)" >&2; exit 2 ;;
  esac
done

# --- what is missing ------------------------------------------------------

# Rust's wasm target (a download from Rust's own dist server), and for
# `make lint` clippy and rustfmt (in rustup's default profile; added if a
# machine lacks them).
rust_missing=()
if [ $wasm = 1 ] && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rust_missing+=(target:wasm32-unknown-unknown)
fi
# The standard library's source: the shipped modules build it (Makefile,
# LEAN_CARGOFLAGS), from the same dist server.
if [ $wasm = 1 ] && ! rustup component list --installed 2>/dev/null | grep -q "^rust-src"; then
  rust_missing+=(component:rust-src)
fi
if [ $all = 1 ]; then
  for component in clippy rustfmt; do
    rustup component list --installed 2>/dev/null | grep -q "^$component" || rust_missing+=("component:$component")
  done
fi

# Debian's packages: python3 and its venv module for every venv; for the
# browser tests Chromium and its driver and Firefox ESR (never their
# downloads of their own).
debs=()
need_python=$((python | demo_sdk | all))
if [ $need_python = 1 ]; then
  command -v python3 >/dev/null || debs+=(python3 python3-venv)
  if command -v python3 >/dev/null && ! python3 -c 'import venv, ensurepip' 2>/dev/null; then debs+=(python3-venv); fi
fi
if [ $all = 1 ]; then
  { command -v chromium >/dev/null && command -v chromedriver >/dev/null; } || debs+=(chromium chromium-driver)
  command -v firefox-esr >/dev/null || debs+=(firefox-esr)
fi

# The wasm-bindgen CLI: exactly the wasm-bindgen version in Cargo.lock.
wbg_want=""
if [ $wasm = 1 ]; then
  [ -f Cargo.lock ] || cargo generate-lockfile
  wbg_want=$(awk '$0=="name = \"wasm-bindgen\"" {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
fi
wbg_missing() { [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)" != "$wbg_want" ]; }

# npm dev tools: binaryen's wasm-opt (never Debian's: it corrupts current
# wasm-bindgen output), esbuild (the package build), the MCP SDK (the demo's
# host), TypeScript and the test dependencies: one lock, so all of them.
npm_missing() { [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; }

# The Python tools in .venv/ (gitignored), at the versions in
# scripts/python-dev.txt: maturin and ziglang (manylinux2014 wheels) for
# `make wheel`; the rest (pytest, mypy, pydantic, the provider SDKs for
# tests/python/test_provider_models.py) for the tests. The whole file is
# installed again when it changes (a copy in .venv/ tells).
wheel_tools=$(grep -E '^(maturin|ziglang)==' scripts/python-dev.txt | sort)
venv_complete() { [ -f .venv/.python-dev.txt ] && cmp -s scripts/python-dev.txt .venv/.python-dev.txt; }
wheel_tools_missing() {
  venv_complete && return 1
  [ -x .venv/bin/python ] || return 0
  local have
  have=$(.venv/bin/python -c 'import importlib.metadata as m
for n in ("maturin", "ziglang"):
    try: print(f"{n}=={m.version(n)}")
    except m.PackageNotFoundError: pass' 2>/dev/null | sort || true)
  [ "$have" != "$wheel_tools" ]
}

# The Python MCP SDK venvs (.venvs/, one per version tested; made by
# scripts/python-sdk-tests.sh, which knows their names and pins): the demo's
# one, or all of them.
sdk_venvs_missing() {
  local venv requirement
  while read -r venv requirement; do
    [ -x "$venv/bin/python" ] || return 0
  done < <(if [ $all = 1 ]; then LIST_ONLY=1 bash scripts/python-sdk-tests.sh; else SDK_LINE=mcp2 LIST_ONLY=1 bash scripts/python-sdk-tests.sh; fi)
  return 1
}

# --- the installs, side by side ----------------------------------------

# job NAME MESSAGE COMMAND...: COMMAND in the background under NAME's lock,
# its output in target/setup/NAME.log; `finish` waits for every job.
names=() pids=()
job() {
  local name=$1 message=$2
  shift 2
  say "$message"
  (
    exec 9> "$logs/$name.lock"
    flock 9
    t0=$SECONDS
    "$@"
    say "$name: done in $((SECONDS - t0)) s"
  ) > "$logs/$name.log" 2>&1 &
  names+=("$name") pids+=($!)
}
finish() {
  local i failed=0
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      grep '^setup: .*: done in' "$logs/${names[$i]}.log" || true
    else
      failed=1
      say "${names[$i]} FAILED; the end of $logs/${names[$i]}.log:" >&2
      tail -n 30 "$logs/${names[$i]}.log" >&2
    fi
  done
  names=() pids=()
  [ $failed = 0 ] || exit 1
}

# Each install checks again under its lock: a concurrent call may have done it.
install_debs() {
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
install_rust() {
  local item
  for item in "$@"; do
    case "$item" in
      target:*) rustup target list --installed | grep -qx "${item#target:}" || rustup target add "${item#target:}" ;;
      component:*) rustup component add "${item#component:}" ;;
    esac
  done
}
# The tools cargo compiles are built without optimisation (release's
# opt-level 0: no debug assertions either), but for the crates where
# wasm-bindgen spends its time, at opt-level 1: wasm-bindgen-cli then costs
# 132 CPU-s to compile against 304 at cargo install's opt-level 3, writes
# the same bytes (checked) and runs as fast on the package's module (0.1 s)
# and within a third on a 20 MB test module (1.8 s of CPU against 1.4).
# wasm-bindgen-cli without its default features: no TLS (rustls and ring's
# C), which its test runner never needs, as it talks to the local
# chromedriver and geckodriver over plain http (its Node, Chromium and
# Firefox runs checked).
tool_install() { CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install -q "$@"; }
hot=()
for crate in wasmparser wasm-encoder walrus gimli wasm-bindgen-cli-support; do
  hot+=(--config "profile.release.package.$crate.opt-level=1")
done
install_wasm_bindgen() {
  wbg_missing || return 0
  # --locked fails here (its lockfile pins a crate the index lacks); fall back without it.
  tool_install "${hot[@]}" wasm-bindgen-cli --version "$wbg_want" --no-default-features --locked 2>/dev/null ||
    tool_install "${hot[@]}" wasm-bindgen-cli --version "$wbg_want" --no-default-features
}
install_npm() {
  npm_missing || return 0
  npm ci --no-audit --no-fund --loglevel=error
}
install_venv() {
  [ -x .venv/bin/python ] || python3 -m venv .venv
  if [ "$1" = all ]; then
    venv_complete && return 0
    .venv/bin/pip install -q --disable-pip-version-check -r scripts/python-dev.txt
    cp scripts/python-dev.txt .venv/.python-dev.txt
  else
    wheel_tools_missing || return 0
    # shellcheck disable=SC2086 # one requirement a word
    .venv/bin/pip install -q --disable-pip-version-check $wheel_tools
  fi
}
install_sdk_venvs() {
  if [ "$1" = all ]; then VENVS_ONLY=1 bash scripts/python-sdk-tests.sh; else SDK_LINE=mcp2 VENVS_ONLY=1 bash scripts/python-sdk-tests.sh; fi
}
install_test_tools() {
  command -v wasm-pack >/dev/null || tool_install wasm-pack --locked
  command -v geckodriver >/dev/null || tool_install geckodriver --locked
}

# Debian's packages first when python3 itself lacks: the venvs need it.
if [ ${#debs[@]} -gt 0 ] && [ $need_python = 1 ] && ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  say "installing ${debs[*]} (Debian)"
  install_debs "${debs[@]}"
  debs=()
fi

[ ${#rust_missing[@]} -eq 0 ] || job rustup "adding ${rust_missing[*]#*:} (rustup)" install_rust "${rust_missing[@]}"
[ ${#debs[@]} -eq 0 ] || job debian "installing ${debs[*]} (Debian)" install_debs "${debs[@]}"
if [ $wasm = 1 ] && wbg_missing; then
  job wasm-bindgen-cli "installing wasm-bindgen-cli $wbg_want (cargo install, the longest step: about 3 minutes on 2 cores beside the rest)" install_wasm_bindgen
fi
if [ $wasm = 1 ] && npm_missing; then
  job npm "installing the npm dev dependencies (npm ci)" install_npm
fi
if [ $all = 1 ] && ! venv_complete; then
  job venv "installing the Python tools into .venv/ (scripts/python-dev.txt)" install_venv all
elif [ $python = 1 ] && wheel_tools_missing; then
  job venv "installing maturin and ziglang into .venv/" install_venv wheel
fi
if [ $demo_sdk = 1 ] && sdk_venvs_missing; then
  if [ $all = 1 ]; then
    job sdk-venvs "making the Python SDK venvs (.venvs/, one per version tested)" install_sdk_venvs all
  else
    job sdk-venvs "making the venv of the newest mcp 2.x (.venvs/)" install_sdk_venvs demo
  fi
fi
if [ $all = 1 ]; then
  # The test tools' compiles, one after the other beside the rest.
  if ! command -v wasm-pack >/dev/null || ! command -v geckodriver >/dev/null; then
    job test-tools "installing wasm-pack and geckodriver (cargo install: a few minutes)" install_test_tools
  fi
fi
[ ${#pids[@]} -eq 0 ] || finish
