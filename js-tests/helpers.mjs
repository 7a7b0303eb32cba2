// Shared by the node --test files: the vectors, a seeded generator, headless Chromium.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const vectors = JSON.parse(readFileSync(new URL("../tests/data/recipients.json", import.meta.url), "utf8"));

/** The `expect` of a vector as the exact result object the API must return (ok cases). */
export function expectedOk(expect) {
  return expect.kind === "broadcast"
    ? { ok: true, recipient: { kind: "broadcast" } }
    : { ok: true, recipient: { kind: "identity", id: expect.id } };
}

/** mulberry32: a small seeded PRNG, so failures reproduce. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters that must never reach a log line raw. */
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff]/u;

/**
 * Flags for Debian's headless Chromium here: no sandbox (root), and no
 * background networking, which this machine's closed network refuses.
 */
export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** The DOM of `url` after its scripts ran, from headless Chromium. */
export function dumpDom(url) {
  const args = ["--headless", ...CHROMIUM_FLAGS, `--user-data-dir=${mkdtempSync(join(tmpdir(), "chromium-"))}`, "--virtual-time-budget=10000", "--dump-dom", url];
  return new Promise((resolve, reject) =>
    execFile("/usr/bin/chromium", args, { timeout: 60_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
}
