# Two commands do everything on a fresh machine: `make demo` and `make test`.
# Each installs first what it needs that is missing (scripts/setup.sh):
# `make demo` the wasm and Python build tools and one Python SDK venv,
# `make test` everything else too (browsers, drivers, every SDK venv).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
# Cargo's binaries live in $CARGO_HOME/bin, ~/.cargo/bin when it is unset.
export PATH := $(CURDIR)/node_modules/.bin:$(or $(CARGO_HOME),$(HOME)/.cargo)/bin:$(PATH)
export CARGO_TERM_COLOR := never

WASM := target/wasm32-unknown-unknown/release/mcp_boundary.wasm
# A file a dependency names in the module (once its panic locations; now
# only what `file!()` might leave) would carry the builder's cargo home
# (/root/.cargo/registry/src/…), and the package's bytes would differ from
# one machine to the next. Added to the caller's RUSTFLAGS, which the pkg
# builds keep.
PKG_RUSTFLAGS := --remap-path-prefix=$(or $(CARGO_HOME),$(HOME)/.cargo)/registry/src/=
# The shipped modules build the standard library from its source (the
# rust-src component, which scripts/setup.sh adds) so that a panic aborts
# without its message: the panics' formatting, texts and locations
# leave the module (11 KB gzip off the server's, 8 KB off the
# host's; docs/BENCHMARKS.md). A panic was already an abort (a trap) in
# the module, so nothing a caller sees changes. These flags are unstable:
# RUSTC_BOOTSTRAP lets the stable toolchain take them (for this build
# only; a compiler that renamed one fails the build, never ships a larger
# module silently). The standard library's crates stay at the
# opt-level 3 they ship at (the dependencies' "z" would slow the allocator,
# the hash maps and the string code: a first-seen rejection 1.35x against
# 1.13x the plain JS).
LEAN_RUSTFLAGS := -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none
LEAN_CARGOFLAGS := -Zbuild-std=std,panic_abort $(foreach c,core alloc std hashbrown dlmalloc,--config profile.release.package.$(c).opt-level=3)
TABLES := target/build-tables
SOURCES := $(shell find src -name '*.rs') Cargo.toml Cargo.lock package.json $(wildcard js/*.js js/*.mjs js/*.d.ts js/api/*.js js/mcp/*.js js/build/*.mjs) README.md CONTRIBUTING.md $(wildcard docs/*.md LICENSE-*)

.PHONY: setup setup-wasm setup-python pkg pkg-tables pkg-part-wasm pkg-part-wasm-server pkg-part-wasm-host FORCE demo demo-ready demo-sdk demo-wheel demo-native demo-rmcp console test test-rust test-rmcp test-wasm test-wasm-range test-js test-python test-python-sdks wheel lint vectors vectors-check bench fuzz clean

## setup: every tool make test needs (scripts/setup.sh installs what is missing)
setup:
	@bash scripts/setup.sh
# make pkg's tools: the wasm target, wasm-bindgen-cli, the npm dev tools
setup-wasm:
	@bash scripts/setup.sh wasm
# make wheel's tools: maturin and ziglang in .venv/
setup-python:
	@bash scripts/setup.sh python

## pkg: the npm package (node + web builds, wrapper, types) in pkg/
pkg: setup-wasm pkg/package.json
	@ln -sfn ../pkg node_modules/mcp-boundary # tests, examples and tsc import "mcp-boundary" by name
# PKG_PARTS: the modules built. `make demo` builds the main one only and
# marks the package partial (pkg/.partial, written before anything else,
# so an interrupted build is partial too): a build that asks for more
# modules than the main one then builds it again, whole.
ALL_PARTS := wasm wasm-server wasm-host
PKG_PARTS := $(ALL_PARTS)
# A partial package (make demo's) is built from the walkers and tables
# committed in js/generated/, which make test checks against Rust's
# tables, rather than from the module they are read from, and without
# wasm-opt's --converge (0.3 KB gzip, 11 s of the main module): on the
# demo's two cores the tables' module was a whole build more beside it.
PARTIAL = $(filter-out $(PKG_PARTS),$(ALL_PARTS))
pkg/package.json: $(SOURCES) $(if $(and $(wildcard pkg/.partial),$(filter-out wasm,$(PKG_PARTS))),FORCE)
	rm -rf pkg $(TABLES)
	@[ "$(PKG_PARTS)" = "$(ALL_PARTS)" ] || { mkdir -p pkg && touch pkg/.partial; }
	$(MAKE) --no-print-directory -j4 -Oline $(if $(PARTIAL),,pkg-tables) $(addprefix pkg-part-,$(PKG_PARTS)) # side by side: each in a target dir of its own
	MCP_BOUNDARY_PARTS="$(PKG_PARTS)" $(if $(PARTIAL),MCP_BOUNDARY_TABLES=committed) node js/build/build.mjs
FORCE:

# The module js/build/build.mjs reads the walkers' tables from (the
# build-tables feature); never shipped.
pkg-tables:
	RUSTFLAGS="$(strip $(RUSTFLAGS) $(PKG_RUSTFLAGS))" cargo build -q --release --target wasm32-unknown-unknown --lib --features wasm,build-tables --target-dir target/build-tables-module
	wasm-bindgen --target nodejs --out-dir $(TABLES) target/build-tables-module/wasm32-unknown-unknown/release/mcp_boundary.wasm

# The module of a part, by its cargo feature (wasm: both parts, the main
# entry's), in a target dir of its own (so each part's build stays cached),
# its wasm-bindgen outputs in its node/ and web/.
pkg-part-wasm:
	$(call part,wasm,target,pkg)
pkg-part-wasm-server:
	$(call part,wasm-server,target/part-server,pkg/server)
pkg-part-wasm-host:
	$(call part,wasm-host,target/part-host,pkg/host)
define part
RUSTC_BOOTSTRAP=1 RUSTFLAGS="$(strip $(RUSTFLAGS) $(PKG_RUSTFLAGS) $(LEAN_RUSTFLAGS))" cargo build -q --release --target wasm32-unknown-unknown --lib --features $(1) --target-dir $(2) $(LEAN_CARGOFLAGS)
	wasm-bindgen --target nodejs --out-dir $(3)/node $(2)/wasm32-unknown-unknown/release/mcp_boundary.wasm
	wasm-bindgen --target web --out-dir $(3)/web $(2)/wasm32-unknown-unknown/release/mcp_boundary.wasm
	wasm-opt -Oz $(if $(PARTIAL),,--converge) --strip-producers $(3)/node/mcp_boundary_bg.wasm -o $(3)/node/mcp_boundary_bg.wasm # --converge: passes until nothing shrinks (about 0.3 KB gzip)
	cp $(3)/node/mcp_boundary_bg.wasm $(3)/web/mcp_boundary_bg.wasm
	@printf '%s: %s bytes, %s gzip\n' $(3) $$(wc -c < $(3)/web/mcp_boundary_bg.wasm) $$(gzip -9c $(3)/web/mcp_boundary_bg.wasm | wc -c)
endef

## demo: recipients accepted and rejected; tool names mapped, hashed and a collision refused
demo: demo-ready
	cargo run -q --example recipients
	node examples/recipients.mjs
	node examples/tool_names.mjs
	node examples/error_data.mjs
	node examples/delivery.mjs
	node examples/host/index.mjs
	@echo ""
	@echo "== Python: an MCP server (mcp 2.x MCPServer) protected by protect_server, beside the same server unprotected"
	@PREPARE_ONLY=1 SDK_LINE=mcp2 bash scripts/python-sdk-tests.sh >/dev/null
	"$$(python3 scripts/sdk_versions.py venv mcp2)/bin/python" examples/python/protected_server.py # the venv of the newest mcp 2.x tested (python/mcp_boundary/mcp/_versions.py)
	@echo ""
	cd tests/rmcp && cargo run -q --example demo # an rmcp server protected in one expression, beside the same server unprotected
	@echo ""
	@echo "== A Cloudflare Worker: examples/worker/ (make test bundles it with wrangler and runs it in workerd)."
	@echo "   Locally: cd examples/worker && ../../node_modules/.bin/wrangler dev, then curl -s localhost:8787/"

# What make demo runs, installed and built side by side, in two rounds on
# 2 cores: the long compile of wasm-bindgen-cli beside the downloads, the
# wheel and the native example; then the package (whose first build is
# mostly one core's link-time optimisation) beside the rmcp example. Only
# what the demo runs is installed (scripts/setup.sh demo); make test
# installs the rest.
demo-ready:
	@$(DEMO_UNSET) $(MAKE) --no-print-directory -j4 setup-wasm demo-sdk demo-wheel demo-native
	@$(DEMO_UNSET) $(MAKE) --no-print-directory -j2 pkg demo-rmcp PKG_PARTS=wasm # the examples import the main entry only
demo-sdk:
	@bash scripts/setup.sh demo-sdk
demo-wheel:
	@bash scripts/setup.sh python
	@$(MAKE) -s wheel >/dev/null
demo-native:
	@cargo build -q --example recipients
demo-rmcp:
	@cd tests/rmcp && cargo build -q --example demo
# The demo's two Rust examples build in one target dir of their own (the
# crate's dev-dependencies and tests/rmcp share most of their tree), without
# debug info or incremental state: a third less compile than in target/ and
# target/rmcp, and no rebuild of make test's builds there. Make hands a
# target's exports to its prerequisites too: demo-ready takes them off again
# (the package builds in target/, the wheel in its own profile).
demo demo-native demo-rmcp: export CARGO_TARGET_DIR := $(CURDIR)/target/demo
demo demo-native demo-rmcp: export CARGO_PROFILE_DEV_DEBUG := 0
demo demo-native demo-rmcp: export CARGO_INCREMENTAL := 0
DEMO_UNSET := env -u CARGO_TARGET_DIR -u CARGO_PROFILE_DEV_DEBUG -u CARGO_INCREMENTAL

## console: the browser agent console at http://127.0.0.1:8000/examples/browser-console/
console: pkg
	node scripts/serve.mjs 8000

## test: every test: Rust natively, wasm in Node, Chromium and Firefox, the npm package (Node, Deno, Bun, workerd, Chromium, Firefox), the types, the Python package
test: lint vectors-check test-rust test-rmcp test-wasm test-wasm-range test-js test-python test-python-sdks
	@echo "make test: all suites passed"

lint: setup
	@! git grep -n -E '^(<<<<<<<|>>>>>>>) ' -- . || { echo "merge conflict markers committed (above)" >&2; exit 1; }
	cargo fmt --check
	cargo clippy --all-targets -q -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --all-targets -q -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --all-targets --features wasm -q -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --features wasm-server -q -- -D warnings # each part alone (make pkg builds a module of each)
	cargo clippy --target wasm32-unknown-unknown --lib --features wasm-host -q -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --lib --features build-tables -q -- -D warnings
	cargo clippy --lib --features python -q -- -D warnings
	cargo clippy --all-targets --features rmcp-http -q -- -D warnings
	cargo clippy --lib --features rmcp-http,rmcp/local -q -- -D warnings # rmcp's `local` (no Send): the binding builds there too
	cd tests/rmcp && cargo fmt --check && cargo clippy --all-targets -q -- -D warnings

## vectors: tests/data/*.json written again from scripts/gen_*_vectors.py (the vectors' source)
vectors: setup
	for f in scripts/gen_*_vectors.py; do python3 "$$f"; done

## vectors-check: the committed vectors are what the scripts write (make test runs it)
vectors-check: setup
	out=$$(mktemp -d) && for f in scripts/gen_*_vectors.py; do VECTORS_OUT=$$out python3 "$$f" >/dev/null; done && \
	  if diff -r "$$out" tests/data; then rm -rf "$$out"; else rm -rf "$$out"; echo "tests/data differs from scripts/gen_*_vectors.py: edit the script, run make vectors, commit both" >&2; exit 1; fi

test-rust: setup
	cargo test --no-fail-fast

## test-rmcp: the rmcp integration (tests/rmcp: real rmcp servers, clients and Streamable HTTP in process) at the newest rmcp of the range and at the lowest (the registry on first run only)
test-rmcp: setup
	cargo test -q --doc --features rmcp-http rmcp # the binding's doc examples (its module path holds "rmcp")
	bash scripts/rmcp-range.sh

## test-wasm-range: a wasm32 Rust program with its own wasm-bindgen 0.2 builds against the crate, and the binding builds at the lowest wasm-bindgen Cargo.toml allows (the registry on first run only)
test-wasm-range: setup
	bash scripts/wasm-bindgen-range.sh

test-wasm: setup
	wasm-pack test --node
	WASM_BINDGEN_USE_BROWSER=1 wasm-pack test --headless --chrome --chromedriver /usr/bin/chromedriver
	WASM_BINDGEN_USE_BROWSER=1 wasm-pack test --headless --firefox --geckodriver $$(command -v geckodriver)

test-js: setup pkg
	node --test js-tests/
	node scripts/readme-types.mjs
	tsc -p js-tests/types

## wheel: the Python package as an abi3 manylinux2014 wheel in target/wheels/ (zig links against old glibc symbols)
wheel: setup-python
	VIRTUAL_ENV=$(CURDIR)/.venv PATH=$(CURDIR)/.venv/bin:$$PATH maturin build --zig --compatibility manylinux2014 --out target/wheels
	@ls -l target/wheels/*.whl

## test-python-sdks: protect_server through each Python MCP SDK's own client (mcp 1.x, mcp 2.x, fastmcp 2.x-4.x), in memory and over stdio, the wheel installed into one venv per SDK (.venvs/)
test-python-sdks: setup wheel
	bash scripts/python-sdk-tests.sh

## test-python: the Python package built into .venv/ (maturin develop), then pytest (shared vectors, hostile inputs), mypy --strict on the usage file and stubtest of the stubs
test-python: setup
	VIRTUAL_ENV=$(CURDIR)/.venv .venv/bin/maturin develop -q
	.venv/bin/python -m pytest -q tests/python --ignore=tests/python/sdk
	.venv/bin/mypy --strict tests/python/usage_typed.py python/mcp_boundary
	.venv/bin/python -m mypy.stubtest mcp_boundary --allowlist scripts/stubtest-allowlist.txt # the stubs against the built module (mypy's stubtest)

## fuzz: the seeded random driver of every public entry point, long (make test runs it short)
fuzz: setup
	FUZZ_ITERATIONS=$${FUZZ_ITERATIONS:-200000} cargo test --release --test fuzz

## bench: ns/op of each operation beside a plain-JS equivalent, and the ratio
bench: pkg
	node bench/recipients.mjs
	node bench/tool_names.mjs
	node bench/error_data.mjs
	node bench/delivery.mjs
	node bench/mcp.mjs
	node bench/streams.mjs
	node bench/sse.mjs
	cargo run -q --release --example sse_throughput
	$(MAKE) -s test-python >/dev/null && .venv/bin/python bench/python.py
	node bench/stream_scaling.mjs
	node bench/startup.mjs
	node bench/size.mjs
	python3 bench/where_bytes.py # twiggy on each part's unstripped module, when installed
	cd tests/rmcp && cargo run -q --release --example bench # a valid call through a protected rmcp server beside the plain one

clean:
	rm -rf pkg target
