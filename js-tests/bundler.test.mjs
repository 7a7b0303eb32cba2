// The package through bundlers: Vite and webpack 5 build a small app that
// imports "mcp-boundary" by name (the `browser` condition, the web build,
// the .wasm emitted as an asset), esbuild and Rollup one that imports
// "mcp-boundary/inline" (the module embedded), and headless Chromium runs
// each built app.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readdirSync, writeFileSync } from "node:fs";
import { build } from "vite";
import * as esbuild from "esbuild";
import webpack from "webpack";
import { rollup } from "@rollup/wasm-node";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { serveDir } from "../scripts/serve.mjs";
import { dumpDom } from "./helpers.mjs";

const app = fileURLToPath(new URL("bundler/", import.meta.url));
const EXPECTED = ["agent_prefix_with_name", "neo-gpt", "github__create_issue", "limit", 1];

/** Writes the page that loads `main.js` (a module script, or a classic one). */
function page(outDir, type) {
  writeFileSync(join(outDir, "index.html"), `<!doctype html>\n<meta charset="utf-8">\n<pre id="out">running</pre>\n<script ${type === "module" ? 'type="module" ' : ""}src="./main.js"></script>\n`);
}

/** Serves `outDir` and returns the RESULT the page shows in Chromium. */
async function resultOf(outDir) {
  const server = await serveDir(outDir);
  try {
    const dom = await dumpDom(`http://127.0.0.1:${server.address().port}/index.html`);
    const match = /RESULT (\[.*\])/.exec(dom);
    assert.ok(match, `no result in the page: ${dom.slice(0, 400)}`);
    return JSON.parse(match[1].replaceAll("&quot;", '"'));
  } finally {
    server.close();
  }
}


/** Builds the app into a fresh folder with `make(outDir)`, then checks what its page shows in Chromium. */
async function checkBuilt(prefix, make) {
  const outDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await make(outDir);
    assert.deepStrictEqual(await resultOf(outDir), EXPECTED);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

test("a Vite build of an app importing mcp-boundary runs in Chromium", () =>
  checkBuilt("vite-app-", (outDir) => build({ root: app, logLevel: "silent", build: { outDir, emptyOutDir: true, target: "es2022" } })));

test("an esbuild bundle of an app importing mcp-boundary/inline runs in Chromium, with no .wasm to serve", () =>
  checkBuilt("esbuild-app-", async (outDir) => {
    await esbuild.build({ entryPoints: [join(app, "main-inline.js")], bundle: true, format: "esm", platform: "browser", target: "es2022", outfile: join(outDir, "main.js"), logLevel: "silent" });
    assert.deepStrictEqual(readdirSync(outDir), ["main.js"], "one file: the module is inside it");
    page(outDir, "module");
  }));

test("a webpack 5 build of the app importing mcp-boundary runs in Chromium, the .wasm emitted as an asset", () =>
  checkBuilt("webpack-app-", async (outDir) => {
    const stats = await new Promise((resolve, reject) =>
      webpack({ mode: "production", target: "web", entry: join(app, "main.js"), output: { path: outDir, filename: "main.js", publicPath: "" } }, (err, s) => (err ? reject(err) : resolve(s))),
    );
    assert.ok(!stats.hasErrors(), stats.toString("errors-only"));
    assert.ok(readdirSync(outDir).some((f) => f.endsWith(".wasm")), "the .wasm is an asset of the build");
    page(outDir, "classic");
  }));

test("a Rollup bundle of the app importing mcp-boundary/inline runs in Chromium", () =>
  checkBuilt("rollup-app-", async (outDir) => {
    const bundle = await rollup({ input: join(app, "main-inline.js"), plugins: [nodeResolve({ browser: true })], logLevel: "silent" });
    await bundle.write({ file: join(outDir, "main.js"), format: "es" });
    await bundle.close();
    page(outDir, "module");
  }));
