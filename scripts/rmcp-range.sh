#!/usr/bin/env bash
# The rmcp integration at both ends of the range Cargo.toml pins (SPEC §9),
# as a user's crate meets it: tests/rmcp (its tests: real rmcp servers and
# clients in process) at the newest rmcp of the range, which its committed
# lock holds, then a copy of that crate whose lock is moved to the lowest
# rmcp the requirement allows. The first run needs the crates registry;
# later runs build offline from the locks and crates it left.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CARGO_TERM_COLOR=never

low=$(sed -n 's/^rmcp = { version = ">=\([0-9.]*\), <\([0-9]*\)".*/\1/p' Cargo.toml | sort -u)
# The dependency and the doc examples' dev-dependency pin one range.
[ "$(printf '%s\n' "$low" | wc -l)" = 1 ] || { echo "rmcp-range: Cargo.toml's rmcp requirements disagree: $low" >&2; exit 1; }
locked() { awk '$0=="name = \"rmcp\"" {getline; gsub(/version = |"/, ""); print; exit}' "$1"; }
newest=$(locked tests/rmcp/Cargo.lock)
[ -n "$low" ] && [ -n "$newest" ] || { echo "rmcp-range: versions not found in Cargo.toml / tests/rmcp/Cargo.lock" >&2; exit 1; }

# cargo ARGS in DIR: offline first, else with the registry.
run() {
  local dir=$1
  shift
  (cd "$dir" && { cargo "$@" --offline -q 2>/dev/null || cargo "$@" -q; })
}

# The newest: the crate as committed.
run tests/rmcp test
[ "$(locked tests/rmcp/Cargo.lock)" = "$newest" ] || { echo "rmcp-range: tests/rmcp/Cargo.lock moved off rmcp $newest" >&2; exit 1; }
echo "rmcp-range: the rmcp tests pass at rmcp $newest (the newest tested)"

# The lowest: a copy whose lock holds rmcp (and its macros) at $low.
work=target/rmcp-lowest
mkdir -p "$work"
for part in src tests examples; do
  rm -rf "${work:?}/$part"
  [ -d "tests/rmcp/$part" ] || continue
  cp -r "tests/rmcp/$part" "$work/$part"
done
sed "s#path = \"../..\"#path = \"$root\"#" tests/rmcp/Cargo.toml > "$work/Cargo.toml.new"
# An unchanged manifest keeps its lowest lock, so a later run needs no registry.
if ! cmp -s "$work/Cargo.toml.new" "$work/Cargo.toml" || [ "$(locked "$work/Cargo.lock" 2>/dev/null)" != "$low" ]; then
  mv "$work/Cargo.toml.new" "$work/Cargo.toml"
  cp tests/rmcp/Cargo.lock "$work/Cargo.lock"
  (cd "$work" && cargo update -q -p rmcp --precise "$low" && cargo update -q -p rmcp-macros --precise "$low")
else
  rm "$work/Cargo.toml.new"
fi
[ "$(locked "$work/Cargo.lock")" = "$low" ] || { echo "rmcp-range: the lowest lock does not hold rmcp $low" >&2; exit 1; }
# The copy is not beside tests/data: the shared vectors are named.
MCP_BOUNDARY_VECTORS=$root/tests/data/protect.json CARGO_TARGET_DIR=$root/target/rmcp-lowest-target run "$work" test
echo "rmcp-range: the rmcp tests pass at rmcp $low (the lowest Cargo.toml allows)"
