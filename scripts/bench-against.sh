#!/usr/bin/env bash
# Runs bench/*.mjs against the npm package of an earlier revision and
# against this tree's, alternating, three rounds each, and prints one
# table of medians (docs/BENCHMARKS.md). The plain-JS columns are the same
# code in both, so "now/plain" beside "previous/plain" cancels the drift
# of a shared machine.
#
#   scripts/bench-against.sh <revision>
set -euo pipefail
rev=${1:?usage: scripts/bench-against.sh <revision>}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

build() { make -C "$1" -s pkg >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }; }
build "$root"
git -C "$root" worktree add -q --detach "$work/old" "$rev"
# The old tree gets its own copy of the dependencies (a symlink would let
# its build touch ours).
cp -a "$root/node_modules" "$work/old/node_modules"
rm -f "$work/old/node_modules/mcp-boundary"
build "$work/old"

# One directory per side, where "mcp-boundary" and ../pkg are that side's.
for side in old new; do
  pkg=$([ "$side" = old ] && echo "$work/old/pkg" || echo "$root/pkg")
  mkdir -p "$work/run-$side/node_modules" "$work/run-$side/bench"
  for dep in "$root"/node_modules/*; do
    [ "$(basename "$dep")" = mcp-boundary ] || ln -s "$dep" "$work/run-$side/node_modules/"
  done
  ln -s "$pkg" "$work/run-$side/node_modules/mcp-boundary"
  ln -s "$pkg" "$work/run-$side/pkg"
  cp "$root"/bench/*.mjs "$work/run-$side/bench/"
done
rows="$work/rows.tsv"
for file in "$root"/bench/*.mjs; do
  name=$(basename "$file")
  [ "$name" = harness.mjs ] && continue
  for _ in 1 2 3; do
    for side in old new; do
      # A bench of a part the old revision lacks gives no rows for it.
      { node "$work/run-$side/bench/$name" 2>/dev/null || true; } | awk -F'|' -v side="$side" \
        '/^\| [A-Za-z]/ && !/^\| operation/ { gsub(/^ +| +$/, "", $2); printf "%s\t%s\t%s\t%s\n", side, $2, $3, $4 }' >> "$rows"
    done
  done
done
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => l.split("\t"));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const show = (x) => (Number.isNaN(x) ? "–" : x >= 10000 ? x.toFixed(0) : x.toFixed(1));
const times = (x) => (Number.isNaN(x) ? "–" : `${x.toFixed(2)}×`);
console.log("| operation | previous ns/op | now ns/op | now/previous | plain JS ns/op | previous/plain | now/plain |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const name of new Set(rows.map((r) => r[1]))) {
  const side = (s) => rows.filter((r) => r[0] === s && r[1] === name);
  const of = (list, f) => (list.length ? median(list.map(f)) : NaN);
  const [old, now] = [side("old"), side("new")];
  const ours = (r) => +r[2], plain = (r) => +r[3], ratio = (r) => +r[2] / +r[3];
  console.log(`| ${name} | ${show(of(old, ours))} | ${show(of(now, ours))} | ${times(of(now, ours) / of(old, ours))} | ${show(of(now, plain))} | ${times(of(old, ratio))} | ${times(of(now, ratio))} |`);
}' "$rows"
