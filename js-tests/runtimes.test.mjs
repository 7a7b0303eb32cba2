// The package in Deno (`import`) and Bun (`import` and `require`), both
// installed from npm as dev dependencies: the shared recipient vectors and
// every part of the API answer exactly as in Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import * as api from "mcp-boundary";
import { vectors } from "./helpers.mjs";
import { exercise } from "./exercise.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const want = JSON.parse(JSON.stringify(exercise(api, vectors.cases)));

// The runtimes' binaries come from npm for linux-x64 (package.json); there
// they must run, elsewhere they are not installed.
const platform = process.platform === "linux" && process.arch === "x64" ? false : "the runtimes are installed for linux-x64 only";
const BINARIES = { deno: "node_modules/@deno/linux-x64-glibc/deno", bun: "node_modules/.bin/bun" };
const run = (bin, args) =>
  new Promise((resolve, reject) =>
    execFile(`${root}${BINARIES[bin]}`, args, { cwd: root, timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } }, (err, stdout, stderr) =>
      err ? reject(new Error(`${bin} ${args.join(" ")}: ${err.message}\n${stderr}`)) : resolve(stdout),
    ),
  );

for (const [name, bin, args] of [
  ["Deno, import", "deno", ["run", "--allow-read", "js-tests/runtime-probe.mjs"]],
  ["Bun, import", "bun", ["js-tests/runtime-probe.mjs"]],
  ["Bun, require", "bun", ["js-tests/runtime-probe.cjs"]],
]) {
  test(`${name}: the vectors and every part answer as in Node`, { skip: platform }, async () => {
    const got = JSON.parse(await run(bin, args));
    assert.equal(got.recipients.length, vectors.cases.length);
    assert.deepEqual(got, want);
  });
}

// The SDK integration too: remote MCP servers run on Deno and Bun.
const mcpWant = await new Promise((resolve, reject) =>
  execFile(process.execPath, ["js-tests/runtime-mcp-probe.mjs"], { cwd: root, timeout: 60_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
);
for (const [name, bin, args] of [
  ["Deno", "deno", ["run", "--allow-read", "--allow-env", "js-tests/runtime-mcp-probe.mjs"]],
  ["Bun", "bun", ["js-tests/runtime-mcp-probe.mjs"]],
]) {
  test(`${name}: mcp-boundary/mcp protects a server and routes a host's calls as in Node`, { skip: platform }, async () => {
    const got = JSON.parse(await run(bin, args));
    assert.deepEqual(got, JSON.parse(mcpWant));
    assert.equal(got.missing.structuredContent.error.message, "is required");
    assert.deepEqual(got.tools, ["m__pick"]);
  });
}
