// SPEC §5, memory bounded by what can be valid: each case of
// js-tests/memory-probe.mjs (every part, with one input of 20 million
// code units: a recipient, a message or a tool name to classify, a tool
// name to map, reverse or register, an unknown tool name in a model
// response, a stream event or an SSE event of every provider format, a
// delivery record's string) runs in a child process of its own with
// --expose-gc, so nothing else moves its numbers. The probe checks the
// answer (the case must exercise what it names) and measures how much the
// call grew the process's resident set and the wasm module's memory,
// whose high-water mark an instance keeps for its life.
//
// - No input grows either by more than twice its own size (a JS string of
//   one-byte characters: a byte a unit) above a few MiB.
// - An input that cannot be valid, or whose answer a bounded part of it
//   decides, is not copied whole into the module: the module's memory
//   grows by at most a MiB (a piece it crosses in is 64 KiB). An input
//   that may be valid and is read whole (a registered name, which is kept
//   once; a lookup as long as one) has the first bound alone. A raw SSE
//   event past the rewriter's maximum (4 MiB, documented) passes through:
//   the module holds at most that maximum, about twice over while its
//   buffer grows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const PROBE = fileURLToPath(new URL("./memory-probe.mjs", import.meta.url));
const UNITS = 20_000_000;
const MiB = 1 << 20;
const FEW = 4 * MiB;
const MAX_SSE_EVENT = 4 * MiB;

/** Cases whose input may be valid and is read whole (a registered name, kept; a lookup as long as one): the first bound alone. */
const WHOLE = new Set(["ToolRegistry.register hash", "ToolRegistry.register hash é", "ToolRegistry.toCanonical beside a long name"]);

/** The probe's answer for `name` (a child process of its own). */
function probe(name) {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ["--expose-gc", PROBE, name, String(UNITS)], { encoding: "utf8", timeout: 300_000, maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${name}: ${stderr || error.message}`)) : resolve(JSON.parse(stdout)),
    ),
  );
}

/** Runs `jobs` (functions returning promises) two at a time (this machine kind has two cores); their promises, in order. */
function pool(jobs, width = 2) {
  const done = jobs.map(() => {
    const d = {};
    d.promise = new Promise((resolve, reject) => Object.assign(d, { resolve, reject }));
    d.promise.catch(() => {}); // reported by its test
    return d;
  });
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      try {
        done[i].resolve(await jobs[i]());
      } catch (e) {
        done[i].reject(e);
      }
    }
  };
  for (let k = 0; k < width; k++) worker();
  return done.map((d) => d.promise);
}

const names = await new Promise((resolve, reject) =>
  execFile(process.execPath, [PROBE, "--list"], { encoding: "utf8" }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout)))),
);
const runs = new Map(names.map((name, i) => [name, i]));
const results = pool(names.map((name) => () => probe(name)));

const mib = (n) => `${(n / MiB).toFixed(1)} MiB`;
for (const name of names) {
  test(`memory: ${name}`, async () => {
    const r = await results[runs.get(name)];
    assert.equal(r.checked, true, "the answer is the one a short input of its kind gives");
    const bound = 2 * UNITS + FEW;
    assert.ok(r.rss <= bound, `the process grew by ${mib(r.rss)} (bound ${mib(bound)})`);
    assert.ok(r.wasm <= bound, `the module grew by ${mib(r.wasm)} (bound ${mib(bound)})`);
    if (WHOLE.has(name)) return;
    const copied = name.startsWith("fromProviderSse") ? 2 * MAX_SSE_EVENT + MiB : MiB;
    assert.ok(r.wasm <= copied, `the module grew by ${mib(r.wasm)}: more than ${mib(copied)}, so the input was copied into it whole`);
  });
}
