#!/usr/bin/env bash
# The crate's wasm-bindgen requirement, tried as a Rust user meets it (SPEC §0):
#  (a) a Rust program for wasm32 that depends on the crate by path, without
#      the `wasm` feature, beside a wasm-bindgen 0.2 of its own at a version
#      other than our Cargo.lock's: cargo must resolve it and build it, and
#      the crate must bring no wasm-bindgen into it;
#  (b) the binding (`--features wasm`) built at the lowest wasm-bindgen (and
#      js-sys) that Cargo.toml's caret requirements allow.
# Each is a small project of its own under target/wasm-bindgen-range/ (its own
# lock: one build holds one wasm-bindgen 0.2.x). The first run needs the crates
# registry; later runs build offline from the locks and crates it left.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CARGO_TERM_COLOR=never

# The lowest versions, as Cargo.toml requires them (a caret requirement's floor).
low=$(sed -n 's/^wasm-bindgen = { version = "\([0-9.]*\)".*/\1/p' Cargo.toml)
low_js=$(sed -n 's/^js-sys = { version = "\([0-9.]*\)".*/\1/p' Cargo.toml)
locked=$(awk '$0=="name = \"wasm-bindgen\"" {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
[ -n "$low" ] && [ -n "$low_js" ] && [ -n "$locked" ] || { echo "wasm-bindgen-range: versions not found in Cargo.toml / Cargo.lock" >&2; exit 1; }
# The user's own wasm-bindgen: any 0.2 but the lock's (and not ours, with the feature off).
user=0.2.100
[ "$user" != "$locked" ] || user=0.2.99

work=target/wasm-bindgen-range
export CARGO_TARGET_DIR=$root/$work/target

# project DIR DEPENDENCIES: a cdylib for wasm32 with a fixed Cargo.toml and lib.rs.
project() {
  mkdir -p "$work/$1/src"
  cat > "$work/$1/Cargo.toml.new" <<EOF
[package]
name = "wasm-bindgen-range-$1"
version = "0.0.0"
edition = "2021"
publish = false

[lib]
crate-type = ["cdylib"]

[dependencies]
$2

[workspace]
EOF
  # An unchanged manifest keeps its lock, so a later run needs no registry.
  if ! cmp -s "$work/$1/Cargo.toml.new" "$work/$1/Cargo.toml"; then
    mv "$work/$1/Cargo.toml.new" "$work/$1/Cargo.toml"
    rm -f "$work/$1/Cargo.lock"
  else
    rm "$work/$1/Cargo.toml.new"
  fi
}

# cargo ARGS in a project: offline first (locks and crates from an earlier run), else with the registry.
build() {
  local dir=$1
  shift
  (cd "$work/$dir" && { cargo "$@" --offline -q 2>/dev/null || cargo "$@" -q; })
}

# (a) The user's program: its own wasm-bindgen, the crate without its binding.
project user "mcp-boundary = { path = \"$root\" }
wasm-bindgen = \"=$user\""
cat > "$work/user/src/lib.rs" <<'EOF'
//! A Rust program for wasm32 with a wasm-bindgen of its own.
use wasm_bindgen::prelude::*;

/// Whether `to` is a recipient the crate accepts.
#[wasm_bindgen]
pub fn valid_recipient(to: &str) -> bool {
    mcp_boundary::validate_recipient(to).is_ok()
}
EOF
build user build --target wasm32-unknown-unknown
# One wasm-bindgen, the user's; none from the crate.
versions=$(awk '$0=="name = \"wasm-bindgen\"" {getline; gsub(/version = |"/, ""); print}' "$work/user/Cargo.lock")
[ "$versions" = "$user" ] || { echo "wasm-bindgen-range: the user's program holds wasm-bindgen $versions, expected only $user" >&2; exit 1; }
if (cd "$work/user" && cargo tree --offline -q -p mcp-boundary -e normal --target wasm32-unknown-unknown) | grep -q wasm-bindgen; then
  echo "wasm-bindgen-range: the crate without its wasm feature depends on wasm-bindgen" >&2
  exit 1
fi
echo "wasm-bindgen-range: a wasm32 program with wasm-bindgen $user (our lock: $locked) builds against the crate"

# (b) The binding at the lowest versions Cargo.toml allows.
project lowest "mcp-boundary = { path = \"$root\", features = [\"wasm\"] }
wasm-bindgen = \"=$low\"
js-sys = \"=$low_js\""
cat > "$work/lowest/src/lib.rs" <<'EOF'
//! The crate's wasm binding, built at the lowest wasm-bindgen it allows.
pub use mcp_boundary::validate_recipient;
EOF
build lowest check --target wasm32-unknown-unknown
echo "wasm-bindgen-range: the wasm binding builds with wasm-bindgen $low and js-sys $low_js"
