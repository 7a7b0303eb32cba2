// Each SDK line alone. The SDK is an optional peer in two lines (v1:
// @modelcontextprotocol/sdk; v2: @modelcontextprotocol/server and
// /client), and a project may have either without the other. Here two
// projects are built in temporary directories, one with v1 alone and one
// with v2 alone (their packages linked from this tree's node_modules, the
// package a COPY of pkg/, so that it resolves only what the project has),
// and in each:
// - tsc --strict compiles the line's usage (js-tests/types/mcp.mts for v1,
//   mcp-v2.mts for v2) and the CommonJS view (mcp-require.cts): the types
//   name no SDK, so neither line's absence leaves an import unresolved;
// - mcp-boundary/mcp, by ESM import and by CommonJS require, protects a
//   server of the line: a sentinel in the input never comes back;
// - the main entry "mcp-boundary" resolves no @modelcontextprotocol
//   module, and mcp-boundary/mcp none of v2 (it reaches v2 through the
//   objects passed in), by a recorder of every module resolved, ESM and
//   CommonJS alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve("mcp-boundary/package.json")), "..");
const types = join(root, "js-tests", "types");
const tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
const MARK = "SK-LIVE-7f3a";

/** What each project has: the line's packages, what its usage imports, and the usage tsc compiles. */
const lines = {
  v1: {
    packages: ["@modelcontextprotocol/sdk", "zod", "zod3", "ajv", "@types/node"],
    absent: ["@modelcontextprotocol/server", "@modelcontextprotocol/client", "@modelcontextprotocol/core"],
    usage: ["mcp.mts", "mcp-require.cts"],
    imports: {
      McpServer: "@modelcontextprotocol/sdk/server/mcp.js",
      Client: "@modelcontextprotocol/sdk/client/index.js",
      InMemoryTransport: "@modelcontextprotocol/sdk/inMemory.js",
    },
  },
  v2: {
    packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/client", "@modelcontextprotocol/core", "zod", "valibot", "@valibot/to-json-schema", "arktype", "@types/node"],
    absent: ["@modelcontextprotocol/sdk"],
    usage: ["mcp-v2.mts", "mcp-require.cts"],
    imports: {
      McpServer: "@modelcontextprotocol/server",
      Client: "@modelcontextprotocol/client",
      InMemoryTransport: "@modelcontextprotocol/server",
    },
  },
};

/**
 * A project with `line` alone: its packages linked (by real path: their
 * own dependencies resolve from where npm put them), the package copied,
 * the usage files and tsconfig.json of js-tests/types with only them.
 */
function project(line) {
  const dir = mkdtempSync(join(tmpdir(), `mcp-${line}-alone-`));
  const modules = join(dir, "node_modules");
  for (const name of lines[line].packages) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(realpathSync(join(root, "node_modules", name)), join(modules, name));
  }
  // A copy, not a link: the package must resolve from this project only.
  cpSync(realpathSync(join(root, "pkg")), join(modules, "mcp-boundary"), { recursive: true });
  for (const file of lines[line].usage) copyFileSync(join(types, file), join(dir, file));
  const { compilerOptions } = JSON.parse(readFileSync(join(types, "tsconfig.json"), "utf8"));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: lines[line].usage }));
  // The other line is not there (nor above the directory), or this proves nothing.
  const resolve = createRequire(join(dir, "probe.js")).resolve;
  for (const name of lines[line].absent) assert.throws(() => resolve(`${name}/package.json`), { code: "MODULE_NOT_FOUND" }, `${name} resolves from ${dir}`);
  return dir;
}

const projects = {};
/** The line's project, built once for this file's tests. */
function projectOf(line) {
  return (projects[line] ??= project(line));
}
process.on("exit", () => {
  for (const dir of Object.values(projects)) rmSync(dir, { recursive: true, force: true });
});

/** Runs tsc -p over the project (its tsconfig, or `config`); its status and what it printed. */
function typeCheck(dir, config = "tsconfig.json") {
  const run = spawnSync(process.execPath, [tsc, "-p", join(dir, config)], { cwd: dir, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Runs `file` (written into the project) with node; its stdout as JSON. */
function runIn(dir, file, source) {
  writeFileSync(join(dir, file), source);
  const run = spawnSync(process.execPath, [join(dir, file)], { cwd: dir, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

for (const line of Object.keys(lines)) {
  test(`${line} alone: tsc --strict compiles the ${line} usage and the CommonJS view, and would see an import of the other line`, () => {
    const dir = projectOf(line);
    const { status, output } = typeCheck(dir);
    assert.equal(status, 0, output);
    // The harness itself: the other line's types are unresolved here.
    const other = line === "v1" ? "@modelcontextprotocol/server" : "@modelcontextprotocol/sdk/types.js";
    writeFileSync(join(dir, "other.mts"), `import type * as other from "${other}";\nexport type Other = typeof other;\n`);
    writeFileSync(join(dir, "tsconfig.other.json"), JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { skipLibCheck: true }, files: ["other.mts"] }));
    const seen = typeCheck(dir, "tsconfig.other.json");
    assert.notEqual(seen.status, 0, "an import of the other line compiles: the project is not one line alone");
    assert.match(seen.output, /TS2307/, seen.output);
  });
}

/** A protected server of the line, called by its client in memory: the module's exports by name (`m`) as the header loaded them. */
const scenarioBody = `
  const server = m.protectServer(new m.McpServer({ name: "lines", version: "1" }));
  server.registerTool("send", { inputSchema: m.z.object({ priority: m.z.enum(["low", "high"]) }) }, async ({ priority }) => {
    if (priority === "high") throw new Error("no such user ${MARK}");
    return { content: [{ type: "text", text: "sent " + priority }] };
  });
  const [a, b] = m.InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new m.Client({ name: "c", version: "1" });
  await client.connect(b);
  const answers = [];
  for (const args of [{ priority: "${MARK}" }, { priority: "high" }, { priority: "low" }]) answers.push(await client.callTool({ name: "send", arguments: args }));
  try {
    await client.callTool({ name: "${MARK}", arguments: {} });
  } catch (e) {
    answers.push({ code: e.code, message: e.message });
  }
  await client.close();
  console.log(JSON.stringify({ entry: m.entry, answers }));
`;

/** The scenario as an ES module (import) and as a CommonJS script (require), over the line's modules. */
function scenarios(line) {
  const { McpServer, Client, InMemoryTransport } = lines[line].imports;
  const esm =
    `import { McpServer } from "${McpServer}";\nimport { Client } from "${Client}";\nimport { InMemoryTransport } from "${InMemoryTransport}";\n` +
    `import * as z from "zod";\nimport { protectServer } from "mcp-boundary/mcp";\n` +
    `const m = { McpServer, Client, InMemoryTransport, z, protectServer, entry: import.meta.resolve("mcp-boundary/mcp") };\n${scenarioBody}`;
  const cjs =
    `const { McpServer } = require("${McpServer}");\nconst { Client } = require("${Client}");\nconst { InMemoryTransport } = require("${InMemoryTransport}");\n` +
    `const z = require("zod");\nconst { protectServer } = require("mcp-boundary/mcp");\n` +
    `const m = { McpServer, Client, InMemoryTransport, z, protectServer, entry: require.resolve("mcp-boundary/mcp") };\n(async () => {${scenarioBody}})();\n`;
  return { "scenario.mjs": esm, "scenario.cjs": cjs };
}

for (const line of Object.keys(lines)) {
  test(`${line} alone: mcp-boundary/mcp by import and by require protects a ${line} server`, () => {
    const dir = projectOf(line);
    for (const [file, source] of Object.entries(scenarios(line))) {
      const { entry, answers } = runIn(dir, file, source);
      const copy = join(realpathSync(dir), "node_modules", "mcp-boundary", "mcp");
      assert.equal(entry.replace(/^file:\/\//, ""), join(copy, file.endsWith(".mjs") ? "index.mjs" : "index.cjs"), `${file}: the project's copy of the entry`);
      const text = JSON.stringify(answers);
      assert.ok(!text.includes(MARK), `${file}: ${text}`);
      assert.equal(answers[0].isError, true, text);
      assert.equal(answers[0].structuredContent.error.field, "priority", text);
      assert.equal(answers[0].structuredContent.error.message, "must be one of low, high", text);
      assert.deepEqual(answers[1].content, [{ type: "text", text: "tool send failed" }], text);
      assert.equal(answers[2].content[0].text, "sent low", text);
      assert.equal(answers[3].code, -32602, text);
      assert.match(answers[3].message, /(^|: )unknown tool$/, text); // v1's client puts "MCP error -32602: " in front
    }
  });
}

// Every module the process resolves, in a file: ESM through a resolve hook
// (module.register), CommonJS through Module._resolveFilename.
const recorder = `
import Module, { register } from "node:module";
import { appendFileSync } from "node:fs";
const log = process.env.RESOLVED_LOG;
register("./record-hooks.mjs", import.meta.url, { data: { log } });
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolveFilename.apply(this, args);
  appendFileSync(log, file + "\\n");
  return file;
};
`;
const recorderHooks = `
import { appendFileSync } from "node:fs";
let log;
export function initialize(data) {
  log = data.log;
}
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(log, resolved.url + "\\n");
  return resolved;
}
`;

/** What loading `specifier` (by `import` or `require`) resolves in the project, one module a line. */
function resolvedBy(dir, specifier, how) {
  writeFileSync(join(dir, "record.mjs"), recorder);
  writeFileSync(join(dir, "record-hooks.mjs"), recorderHooks);
  const log = join(dir, `resolved-${how}.log`);
  writeFileSync(log, "");
  const file = how === "import" ? "load.mjs" : "load.cjs";
  const source = how === "import" ? `await import(${JSON.stringify(specifier)});\n` : `require(${JSON.stringify(specifier)});\n`;
  writeFileSync(join(dir, file), source);
  const run = spawnSync(process.execPath, ["--import", join(dir, "record.mjs"), join(dir, file)], { cwd: dir, encoding: "utf8", env: { ...process.env, RESOLVED_LOG: log } });
  assert.equal(run.status, 0, run.stderr);
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

test("the main entry resolves no SDK module, and mcp-boundary/mcp none of v2, by import and by require", () => {
  const sdk = /@modelcontextprotocol/;
  for (const line of Object.keys(lines)) {
    const dir = projectOf(line);
    for (const how of ["import", "require"]) {
      const main = resolvedBy(dir, "mcp-boundary", how);
      assert.ok(main.some((m) => /mcp-boundary[/\\](node|web)[/\\]index\.(mjs|cjs)$/.test(m)), `${line}, ${how}: the recorder saw the entry\n${main.join("\n")}`);
      assert.deepEqual(main.filter((m) => sdk.test(m)), [], `${line}, ${how}: the main entry resolved an SDK module`);
      const entry = resolvedBy(dir, "mcp-boundary/mcp", how);
      const sdkModules = entry.filter((m) => sdk.test(m));
      if (line === "v2") assert.deepEqual(sdkModules, [], `v2, ${how}: mcp-boundary/mcp resolved an SDK module`);
      // v1's three modules: what the entry loads where the project has v1 (and proof the recorder sees an SDK).
      else assert.ok(sdkModules.length >= 3 && sdkModules.every((m) => /@modelcontextprotocol[/\\]sdk[/\\]/.test(m)), `v1, ${how}:\n${sdkModules.join("\n")}`);
    }
  }
});

test("v2 alone: a bundler (esbuild, as wrangler runs it) bundles mcp-boundary/mcp, and the bundle protects a v2 server", () => {
  const dir = projectOf("v2");
  const source = scenarios("v2")["scenario.mjs"].replace(`entry: import.meta.resolve("mcp-boundary/mcp")`, `entry: "bundled"`);
  writeFileSync(join(dir, "bundle-me.mjs"), source);
  const esbuild = join(root, "node_modules", ".bin", "esbuild");
  // The entry alone for any platform (the Worker's way: v1's modules, not
  // there, are left to load at run time), and the scenario for Node, the
  // main entry left to Node to run it here (its Node build reads the .wasm
  // beside itself).
  const entry = join(dir, "node_modules", "mcp-boundary", "mcp", "index.mjs");
  for (const [platform, input] of [["neutral", entry], ["node", join(dir, "bundle-me.mjs")]]) {
    const out = join(dir, `bundle-${platform}.mjs`);
    const built = spawnSync(esbuild, [input, "--bundle", "--format=esm", `--platform=${platform}`, "--main-fields=module,main", `--outfile=${out}`, "--log-level=error", "--external:mcp-boundary"], { cwd: dir, encoding: "utf8" });
    assert.equal(built.status, 0, `${platform}: ${built.stderr}`);
    if (platform !== "node") continue;
    const run = spawnSync(process.execPath, [out], { cwd: dir, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const { answers } = JSON.parse(run.stdout);
    assert.ok(!JSON.stringify(answers).includes(MARK), JSON.stringify(answers));
    assert.equal(answers[0].structuredContent.error.message, "must be one of low, high");
  }
});
