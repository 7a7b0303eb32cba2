#!/usr/bin/env bash
# Times `make demo` on a machine made as fresh as it can be without
# touching this machine's own installs:
#
#   scripts/demo-time.sh [REVISION]      (default: this work tree as it is, uncommitted files too)
#
# - the tree copied into a temporary folder: no target/, pkg/,
#   node_modules/, .venv/ or .venvs/;
# - a temporary, empty CARGO_HOME: no crates downloaded, no cargo-installed
#   tool (wasm-bindgen, wasm-pack, geckodriver); its bin/ holds only
#   rustup's proxies (cargo, rustc, ...), and ~/.cargo/bin is left off PATH;
# - temporary npm, pip and XDG caches (zig's and maturin's), so every
#   package is downloaded again.
#
# What stays warm, as this cannot be undone without touching what other
# work on this machine uses: rustup's toolchain, its wasm32 target and its
# rust-src component (RUSTUP_HOME; `rustup target add wasm32-unknown-unknown`
# into a copy of the toolchain took 1.7 s, beside the first install's
# compile; `rustup component add rust-src` a few seconds), and
# Debian's packages (python3-venv, and for make test chromium,
# chromium-driver and firefox-esr: about 22 s and 14 s on a fresh machine).
#
# Every line `make demo` prints is written to a log with the seconds since
# the start; the summary gives the wall time, the CPU time of everything it
# ran, and the load average before and after (2 cores shared with other
# work: a load above 0 at the start means the figure is high). The folder
# is removed at the end unless KEEP=1. WARM=1 runs `make demo` a second
# time in the same folder (what a later run costs); DEMO_TIME_LOG=FILE
# keeps a copy of the first run's log.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rev="${1:-}"

base="$(mktemp -d "${TMPDIR:-/tmp}/demo-time.XXXXXX")"
cleanup() { [ -n "${KEEP:-}" ] && echo "demo-time: kept $base" || rm -rf "$base"; }
trap cleanup EXIT

mkdir -p "$base/repo" "$base/cargo-home/bin" "$base/cache/npm" "$base/cache/pip" "$base/cache/xdg"
if [ -n "$rev" ]; then
  git -C "$root" archive "$rev" | tar -x -C "$base/repo"
  label="$(git -C "$root" rev-parse --short "$rev")"
else
  (cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -c) | tar -x -C "$base/repo"
  label="work tree of $(git -C "$root" rev-parse --short HEAD)"
fi

# rustup's proxies only: each is rustup itself, told apart by its name.
rustup_bin="$(readlink -f "$(command -v rustup)")"
for tool in cargo rustc rustdoc rustup rustfmt cargo-fmt cargo-clippy clippy-driver; do
  ln -s "$rustup_bin" "$base/cargo-home/bin/$tool"
done

# PATH without ~/.cargo/bin (where this machine's wasm-bindgen, wasm-pack,
# geckodriver live); the rest of the machine's PATH as it is.
path="$base/cargo-home/bin"
IFS=: read -r -a parts <<< "$PATH"
for p in "${parts[@]}"; do
  case "$p" in "$HOME/.cargo/bin" | "${CARGO_HOME:-$HOME/.cargo}/bin" | *node_modules*) ;; *) path="$path:$p" ;; esac
done

run() {
  local log=$1
  shift
  local t0=${EPOCHREALTIME/./} status=0
  echo "demo-time: load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  # env -i: nothing of this shell's cargo, rust, npm or pip settings leaks in
  # but what is listed (the machine's pip and npm configuration files stay).
  env -i HOME="$HOME" USER="${USER:-root}" LANG=C.UTF-8 TERM=dumb PATH="$path" \
    CARGO_HOME="$base/cargo-home" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" \
    npm_config_cache="$base/cache/npm" PIP_CACHE_DIR="$base/cache/pip" XDG_CACHE_HOME="$base/cache/xdg" \
    ${PIP_FIND_LINKS:+PIP_FIND_LINKS="$PIP_FIND_LINKS"} ${PIP_CERT:+PIP_CERT="$PIP_CERT"} \
    ${PIP_DEFAULT_TIMEOUT:+PIP_DEFAULT_TIMEOUT="$PIP_DEFAULT_TIMEOUT"} PIP_DISABLE_PIP_VERSION_CHECK=1 \
    ${PYENV_ROOT:+PYENV_ROOT="$PYENV_ROOT"} \
    /usr/bin/time -f 'demo-time: %e s wall, %U s user + %S s system CPU, %M KB peak' \
    make -C "$base/repo" demo "$@" 2>&1 |
    while IFS= read -r line; do
      t=$((${EPOCHREALTIME/./} - t0))
      printf '%4d.%d  %s\n' $((t / 1000000)) $((t / 100000 % 10)) "$line"
    done > "$log" || status=$?
  echo "demo-time: load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  grep -E 'setup:|demo-time:|^ *[0-9.]+  (cargo|node|wasm|RUSTFLAGS|cd |==|"\$)' "$log" || true
  tail -n 3 "$log"
  return $status
}

echo "demo-time: make demo, $label, in $base (2 cores: $(nproc))"
run "$base/cold.log"
cp "$base/cold.log" "${DEMO_TIME_LOG:-/dev/null}"
if [ -n "${WARM:-}" ]; then
  echo "demo-time: again, warm"
  run "$base/warm.log"
fi
