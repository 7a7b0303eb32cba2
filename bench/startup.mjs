// Start-up: a fresh Node process loads the package (`import` or `require`)
// and answers a first `validateRecipient`; the time from before the load
// to the answer, measured inside the child with performance.now(). Median
// and range of RUNS processes each, alternating. A measurement, never an
// assertion. `make bench`.
import { execFileSync } from "node:child_process";
import { wasmSize } from "./harness.mjs";

const RUNS = Number(process.env.STARTUP_RUNS ?? 15);
const children = {
  "import (ES module)": [
    "--input-type=module",
    "-e",
    `const t = performance.now(); const m = await import("mcp-boundary"); m.validateRecipient("@neo-gpt"); console.log(performance.now() - t);`,
  ],
  "require (CommonJS)": [
    "-e",
    `const t = performance.now(); const m = require("mcp-boundary"); m.validateRecipient("@neo-gpt"); console.log(performance.now() - t);`,
  ],
};
const times = Object.fromEntries(Object.keys(children).map((k) => [k, []]));
for (let r = 0; r < RUNS; r++) {
  for (const [name, args] of Object.entries(children)) {
    times[name].push(Number(execFileSync(process.execPath, args, { cwd: new URL("..", import.meta.url), encoding: "utf8" })));
  }
}
const sorted = (xs) => [...xs].sort((a, b) => a - b);
console.log(`\nStart-up (Node ${process.version}, ${RUNS} processes each, ms from before the load to the first answer)\n`);
console.log("| entry | median ms | fastest | slowest | target |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, xs] of Object.entries(times)) {
  const s = sorted(xs);
  console.log(`| ${name} | ${s[s.length >> 1].toFixed(1)} | ${s[0].toFixed(1)} | ${s[s.length - 1].toFixed(1)} | ≤ 12 |`);
}
const { raw, gzip } = wasmSize();
console.log(`\n.wasm: ${raw} bytes raw, ${gzip} bytes gzip -9 (target ≤ 73,728 gzip)`);
