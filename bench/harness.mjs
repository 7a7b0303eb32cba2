// A tiny benchmark harness: each case runs beside its plain-JS equivalent in
// the same process, alternating, and reports medians and the ratio. Numbers
// are measurements, not assertions: nothing here fails a build.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

function timeOnce(fn, iterations) {
  const start = process.hrtime.bigint();
  let sink = 0;
  for (let i = 0; i < iterations; i++) sink += fn(i);
  const ns = Number(process.hrtime.bigint() - start);
  if (sink === -1) console.log("impossible"); // keeps the work observable
  return ns / iterations;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * Runs `ours` and `plain` (each `(i) => number`) for `rounds` alternating
 * rounds of `iterations` calls; `perCall` divides the time for batch calls.
 */
export function compare(name, ours, plain, { iterations = 200_000, rounds = 9, perCall = 1, target } = {}) {
  for (let i = 0; i < 3; i++) {
    timeOnce(ours, iterations / 10);
    timeOnce(plain, iterations / 10);
  }
  const a = [], b = [];
  for (let r = 0; r < rounds; r++) {
    a.push(timeOnce(ours, iterations) / perCall);
    b.push(timeOnce(plain, iterations) / perCall);
  }
  const row = { name, wasm: median(a), js: median(b) };
  row.ratio = row.wasm / row.js;
  row.target = target;
  return row;
}

export function report(title, rows) {
  console.log(`\n${title} (Node ${process.version}, median of alternating rounds, ns per operation)\n`);
  console.log("| operation | mcp-boundary ns/op | plain JS ns/op | ratio | target |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of rows) {
    const t = r.target === undefined ? "" : `≤ ${r.target.toFixed(1)}×`;
    console.log(`| ${r.name} | ${r.wasm.toFixed(1)} | ${r.js.toFixed(1)} | ${r.ratio.toFixed(2)}× | ${t} |`);
  }
}

export function wasmSize() {
  const bytes = readFileSync(new URL("../pkg/node/mcp_boundary_bg.wasm", import.meta.url));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

async function timeOnceAsync(fn, iterations) {
  const start = process.hrtime.bigint();
  let sink = 0;
  for (let i = 0; i < iterations; i++) sink += await fn(i);
  const ns = Number(process.hrtime.bigint() - start);
  if (sink === -1) console.log("impossible");
  return ns / iterations;
}

/** `compare` for asynchronous operations (`(i) => Promise<number>`), such as reading a whole stream. */
export async function compareAsync(name, ours, plain, { iterations = 2_000, rounds = 9, perCall = 1, target } = {}) {
  for (let i = 0; i < 3; i++) {
    await timeOnceAsync(ours, iterations / 10);
    await timeOnceAsync(plain, iterations / 10);
  }
  const a = [], b = [];
  for (let r = 0; r < rounds; r++) {
    a.push((await timeOnceAsync(ours, iterations)) / perCall);
    b.push((await timeOnceAsync(plain, iterations)) / perCall);
  }
  const row = { name, wasm: median(a), js: median(b) };
  row.ratio = row.wasm / row.js;
  row.target = target;
  return row;
}
