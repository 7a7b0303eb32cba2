// Shared by the node --test files: the vectors, a seeded generator, the error a call throws, headless Chromium and Firefox.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const vectors = JSON.parse(readFileSync(new URL("../tests/data/recipients.json", import.meta.url), "utf8"));

/** The error `fn` throws (failing the test when it throws none). */
export function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail("no error thrown");
}

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

/**
 * The text of element `#id` once it starts with "RESULT", in headless
 * Firefox (Debian's firefox-esr) driven through geckodriver's WebDriver
 * protocol (geckodriver from crates.io, installed by the set-up).
 */
export async function firefoxResult(url, id = "out") {
  const port = 20000 + Math.floor(Math.random() * 20000);
  // From PATH, where the set-up's `cargo install` put it: a machine's cargo
  // home need not be ~/.cargo (the official Rust image's is /usr/local/cargo).
  const driver = spawn("geckodriver", ["--port", String(port)], { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const { value } = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(value)}`);
    return value;
  };
  try {
    let session;
    for (let i = 0; session === undefined; i++) {
      try {
        session = await call("POST", "/session", { capabilities: { alwaysMatch: { browserName: "firefox", "moz:firefoxOptions": { binary: "/usr/bin/firefox-esr", args: ["-headless"] } } } });
      } catch (e) {
        if (i > 100) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const s = `/session/${session.sessionId}`;
    try {
      await call("POST", `${s}/url`, { url });
      for (let i = 0; i < 200; i++) {
        const text = await call("POST", `${s}/execute/sync`, { script: `const e = document.getElementById(arguments[0]); return e === null ? "" : e.textContent;`, args: [id] });
        if (text.startsWith("RESULT")) return text;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no result in ${url}`);
    } finally {
      await call("DELETE", s).catch(() => {});
    }
  } finally {
    driver.kill();
  }
}
