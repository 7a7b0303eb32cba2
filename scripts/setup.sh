#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh machine of this kind
# (Debian 12, rustup, Node 20), and skips what is already there. Run by
# `make setup`, and so by `make demo`, `make test` and CI. Everything comes
# from crates.io, npm and Debian: nothing downloads a prebuilt binary.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
say() { printf 'setup: %s\n' "$*"; }

# Rust's wasm target (the one download from Rust's own dist server).
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# clippy and rustfmt for `make lint` (part of the default rustup profile; added if a machine lacks them).
for component in clippy rustfmt; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

# Python 3 writes the shared vectors (`make vectors`, `make vectors-check`).
if ! command -v python3 >/dev/null; then
  say "installing python3 (Debian)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3 >/dev/null
fi

# The Python extension's tools (maturin, ziglang for manylinux2014 wheels,
# pytest, mypy, pydantic, and the openai, anthropic and google-genai SDKs
# for tests/python/test_provider_models.py) in a virtual environment,
# .venv/ (gitignored), from PyPI at the versions in scripts/python-dev.txt; installed again when
# that file changes.
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  say "installing python3-venv (Debian)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
fi
if [ ! -x .venv/bin/python ]; then
  say "creating the Python virtual environment .venv/"
  python3 -m venv .venv
fi
if [ ! -f .venv/.python-dev.txt ] || ! cmp -s scripts/python-dev.txt .venv/.python-dev.txt; then
  say "installing the Python tools into .venv/ (maturin, ziglang, pytest, mypy, pydantic, the provider SDKs)"
  .venv/bin/pip install -q --disable-pip-version-check -r scripts/python-dev.txt
  cp scripts/python-dev.txt .venv/.python-dev.txt
fi

# Debian's Chromium and its driver, for wasm-bindgen-test in the browser.
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing chromium and chromium-driver (Debian)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
fi

# Debian's Firefox ESR, and geckodriver from crates.io, for the wasm tests
# and the browser vector page in Firefox.
if ! command -v firefox-esr >/dev/null; then
  say "installing firefox-esr (Debian)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends firefox-esr >/dev/null
fi
if ! command -v geckodriver >/dev/null; then
  say "installing geckodriver (about 2 minutes)"
  cargo install -q geckodriver --locked
fi

# wasm-bindgen CLI: exactly the wasm-bindgen version in Cargo.lock.
[ -f Cargo.lock ] || cargo generate-lockfile
want=$(awk '$0=="name = \"wasm-bindgen\"" {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (about 3 minutes)"
  # --locked fails here (its lockfile pins a crate the index lacks); fall back without it.
  cargo install -q wasm-bindgen-cli --version "$want" --locked 2>/dev/null || cargo install -q wasm-bindgen-cli --version "$want"
fi

if ! command -v wasm-pack >/dev/null; then
  say "installing wasm-pack (about 2 minutes)"
  cargo install -q wasm-pack --locked
fi

# npm dev tools: TypeScript, binaryen's wasm-opt (never Debian's: it corrupts
# current wasm-bindgen output), and the test dependencies.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dev dependencies"
  npm ci --no-audit --no-fund --loglevel=error
fi
