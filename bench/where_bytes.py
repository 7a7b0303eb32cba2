"""Where each part's bytes go: `twiggy top` of each part's unstripped
module (before wasm-bindgen and wasm-opt, so names are there), summed by
crate, and by module for this crate. A measurement for docs/BENCHMARKS.md,
never an assertion. `make bench` runs it when twiggy is installed (`cargo
install twiggy --locked`); sizes are of code and data before wasm-opt,
so they add up to more than the shipped module."""

import collections
import csv
import io
import re
import shutil
import subprocess
import sys

PARTS = [
    ("server", "target/part-server/wasm32-unknown-unknown/release/mcp_boundary.wasm"),
    ("host", "target/part-host/wasm32-unknown-unknown/release/mcp_boundary.wasm"),
    ("everything", "target/wasm32-unknown-unknown/release/mcp_boundary.wasm"),
]
# An item's path: `crate::module::…` (a crate's disambiguator in brackets
# dropped), possibly behind `<`, `&` or `impl`.
PATH = re.compile(r"[<&\s]*(?:dyn |impl )?([A-Za-z_]\w*)(?:\[[0-9a-f]+\])?::([A-Za-z_]\w*)(?:::([A-Za-z_]\w*))?(?:::([A-Za-z_]\w*))?")


# What #[wasm_bindgen] generates for each export (`validator_units_<hash>`).
EXPORT = re.compile(r"^(?:__)?[a-z0-9_]+_[0-9a-f]{16}$")
TRAIT = re.compile(r"^<[^<>]*?(?:<[^<>]*>[^<>]*?)* as ([^<>]+?)(?:<.*)?>::")


def group(name: str) -> str | None:
    """The row an item counts in; None for what wasm-bindgen removes."""
    if name.startswith("custom section") or "subsection" in name or "describe" in name.lower():
        return None
    if name.startswith("data segment"):
        return "data (strings, tables)"
    if EXPORT.match(name):
        return "binding: the exports' shims"
    # `<Type as crate::Trait>::method`: the trait's crate and module.
    trait = TRAIT.match(name)
    m = PATH.match(trait.group(1) if trait else name)
    if m is None:
        return "other"
    crate, module, sub, subsub = m.groups()
    if crate == "mcp_boundary":
        if module == "bindings" and sub == "wasm" and subsub:
            return f"binding: {subsub}"
        return f"core: {module}"
    if crate in ("core", "alloc", "std"):
        return f"{crate}::{module}"
    return crate


def sizes(wasm: str) -> collections.Counter[str]:
    out = subprocess.run(["twiggy", "top", "-n", "1000000", "-f", "csv", wasm], check=True, capture_output=True, text=True).stdout
    total: collections.Counter[str] = collections.Counter()
    for row in csv.DictReader(io.StringIO(out)):
        key = group(row["Name"])
        if key is not None:
            total[key] += int(row["ShallowSize"])
    return total


def main() -> None:
    if shutil.which("twiggy") is None:
        print("\nwhere the bytes go: skipped (cargo install twiggy --locked)")
        return
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    for part, wasm in PARTS:
        total = sizes(wasm)
        print(f"\nWhere the {part} module's bytes go (twiggy, before wasm-opt: {sum(total.values()) / 1024:.0f} KB of code and data)\n")
        print("| crate or module | KB |")
        print("|---|---:|")
        for key, n in total.most_common(top):
            print(f"| {key} | {n / 1024:.1f} |")


main()
