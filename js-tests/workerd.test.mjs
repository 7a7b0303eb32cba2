// The package in Cloudflare's Workers runtime: a Worker that imports
// "mcp-boundary" by name, bundled as wrangler bundles it (esbuild with the
// `workerd` condition, the `.wasm` imported as a module) by workerd itself,
// both installed from npm. It answers with no init call, and its answers
// equal Node's for the shared vectors and every part of the API.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as api from "mcp-boundary";
import { vectors } from "./helpers.mjs";
import { exercise } from "./exercise.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

async function listening(url, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error("workerd did not answer");
}

// workerd comes from npm for linux-x64 (package.json); there it must run.
const platform = process.platform === "linux" && process.arch === "x64" ? false : "workerd is installed for linux-x64 only";

test("workerd: a Worker bundled as wrangler bundles it answers like Node, with no init call", { skip: platform }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-boundary-workerd-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  let child;
  let stderr = "";
  try {
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
    copyFileSync(join(root, "tests/data/recipients.json"), join(dir, "recipients.json"));
    copyFileSync(join(root, "js-tests/exercise.mjs"), join(dir, "exercise.mjs"));
    writeFileSync(
      join(dir, "worker.js"),
      `import * as api from "mcp-boundary";\nimport vectors from "./recipients.json";\nimport { exercise } from "./exercise.mjs";\n` +
        `export default { async fetch() { return Response.json(exercise(api, vectors.cases)); } };\n`,
    );
    writeFileSync(join(dir, "wrangler.json"), JSON.stringify({ name: "vectors", main: "worker.js", compatibility_date: "2026-11-01" }));
    child = spawn(join(root, "node_modules/@cloudflare/workerd-linux-64/bin/workerd"), ["serve", "wrangler.json", "--socket-addr", `http=127.0.0.1:${port}`], {
      cwd: dir,
      env: { ...process.env, WORKERD_ESBUILD: join(root, "node_modules/.bin/esbuild") },
    });
    child.stderr.on("data", (d) => (stderr += d));
    const response = await listening(`http://127.0.0.1:${port}/`, child);
    assert.equal(response.status, 200, stderr);
    const got = await response.json();
    // Node's answers, through the same JSON the Worker's went through.
    const want = JSON.parse(JSON.stringify(exercise(api, vectors.cases)));
    assert.equal(got.recipients.length, vectors.cases.length);
    assert.deepEqual(got, want);
  } finally {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
