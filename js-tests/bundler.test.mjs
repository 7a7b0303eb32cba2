// The package through a bundler: Vite builds a small app that imports
// "mcp-boundary" by name (the `browser` condition, the web build, the .wasm
// emitted as an asset), and headless Chromium runs the built app.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { serveDir } from "../scripts/serve.mjs";
import { dumpDom } from "./helpers.mjs";

const app = fileURLToPath(new URL("bundler/", import.meta.url));


test("a Vite build of an app importing mcp-boundary runs in Chromium", async () => {
  const outDir = mkdtempSync(join(tmpdir(), "vite-app-"));
  try {
    await build({ root: app, logLevel: "silent", build: { outDir, emptyOutDir: true, target: "es2022" } });
    const server = await serveDir(outDir);
    try {
      const dom = await dumpDom(`http://127.0.0.1:${server.address().port}/index.html`);
      const match = /RESULT (\[.*\])/.exec(dom);
      assert.ok(match, `no result in the page: ${dom.slice(0, 400)}`);
      assert.deepStrictEqual(JSON.parse(match[1].replaceAll("&quot;", '"')), ["agent_prefix_with_name", "neo-gpt", "github__create_issue", "limit", 1]);
    } finally {
      server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
