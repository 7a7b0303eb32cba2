// Start-up: a fresh Node process loads the package (`import` or `require`)
// and answers a first `validateRecipient` (an accepted recipient, which
// the generated accept check answers before the module is instantiated;
// and, for the server's part, a rejection, which instantiates it); the
// time from before the load
// to the answer, measured inside the child with performance.now(). Median
// and range of RUNS processes each, alternating. Beside each entry, Node's
// own share: the same load of a package with the same `exports` whose
// entries answer at once (no wasm, no API), installed in a temporary
// folder, so what the package adds can be read apart from what Node and
// the machine take, which move together from minute to minute. A
// measurement, never an assertion. `make bench`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wasmSize } from "./harness.mjs";

const RUNS = Number(process.env.STARTUP_RUNS ?? 15);
const here = new URL("..", import.meta.url);

// The stand-in: mcp-boundary's own package.json (its exports map), with
// Node entries that only answer.
const floor = mkdtempSync(join(tmpdir(), "mcp-boundary-startup-"));
const standIn = join(floor, "node_modules", "mcp-boundary");
mkdirSync(join(standIn, "node"), { recursive: true });
writeFileSync(join(standIn, "package.json"), readFileSync(new URL("node_modules/mcp-boundary/package.json", here)));
writeFileSync(join(standIn, "node", "package.json"), JSON.stringify({ type: "commonjs" }));
writeFileSync(join(standIn, "node", "index.mjs"), "export const validateRecipient = () => ({ ok: true });\n");
writeFileSync(join(standIn, "node", "index.cjs"), "exports.validateRecipient = () => ({ ok: true });\n");
// The parts' entries, the same stand-ins.
for (const part of ["server", "host"]) {
  mkdirSync(join(standIn, part, "node"), { recursive: true });
  writeFileSync(join(standIn, part, "node", "package.json"), JSON.stringify({ type: "commonjs" }));
  writeFileSync(join(standIn, part, "node", "index.mjs"), "export const validateRecipient = () => ({ ok: true });\n");
  writeFileSync(join(standIn, part, "node", "index.cjs"), "exports.validateRecipient = () => ({ ok: true });\n");
}

/** The child's arguments: load `entry` by `how` and answer `to`. */
function child(entry, how, to) {
  const load = how === "import" ? `await import("${entry}")` : `require("${entry}")`;
  const code = `const t = performance.now(); const m = ${load}; m.validateRecipient("${to}"); console.log(performance.now() - t);`;
  return how === "import" ? ["--input-type=module", "-e", code] : ["-e", code];
}
const children = {
  "import (ES module)": child("mcp-boundary", "import", "@neo-gpt"),
  "require (CommonJS)": child("mcp-boundary", "require", "@neo-gpt"),
  // The server's part (mcp-boundary/server), whose budget is 5 ms (SPEC §5).
  "server part, import": child("mcp-boundary/server", "import", "@neo-gpt"),
  "server part, require": child("mcp-boundary/server", "require", "@neo-gpt"),
  // A first answer that needs Rust (a rejection): the Node entries read,
  // compile and instantiate the module on first use, so this one pays it.
  "server part, import, a rejection first": child("mcp-boundary/server", "import", "AGENT:gpt"),
  "server part, require, a rejection first": child("mcp-boundary/server", "require", "AGENT:gpt"),
};
const run = (args, cwd) => Number(execFileSync(process.execPath, args, { cwd, encoding: "utf8" }));
const times = Object.fromEntries(Object.keys(children).map((k) => [k, { ours: [], node: [] }]));
try {
  for (let r = 0; r < RUNS; r++) {
    for (const [name, args] of Object.entries(children)) {
      times[name].ours.push(run(args, here));
      times[name].node.push(run(args, floor));
    }
  }
} finally {
  rmSync(floor, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const range = (xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
console.log(`\nStart-up (Node ${process.version}, ${RUNS} processes each, ms from before the load to the first answer)\n`);
console.log("| entry | median ms | range | Node alone (same exports, empty entry) | added by the package | target |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [name, { ours, node }] of Object.entries(times)) {
  const added = median(ours.map((t, i) => t - node[i]));
  console.log(`| ${name} | ${median(ours).toFixed(1)} | ${range(ours)} | ${median(node).toFixed(1)} | ${added.toFixed(1)} | ${name.startsWith("server") ? "≤ 5" : ""} |`);
}
const { raw, gzip } = wasmSize();
console.log(`\n.wasm (the main entry's): ${raw} bytes raw, ${gzip} bytes gzip -9; each part's: bench/size.mjs`);
