// Assembles the npm package in pkg/ from wasm-bindgen's two outputs
// (pkg/node: --target nodejs, pkg/web: --target web) and the modules of
// js/api/ (bundled into each entry), with the walkers and rejection
// builders generated from the tables of the build with the build-tables
// feature (target/build-tables; the Makefile) into js/generated/.
//
//   pkg/package.json       conditional exports: node → node/, everything else → web/
//   pkg/index.d.ts         the hand-written public types (js/index.d.ts)
//   pkg/node/index.cjs     require("mcp-boundary"): ready at once, no init
//   pkg/node/index.mjs     import … from "mcp-boundary" in Node
//   pkg/node/walkers.cjs   the payload walkers, which both Node entries load on the first rewrite
//   pkg/web/index.js       browsers and bundlers: `await init()` first
import { readFileSync, readdirSync, writeFileSync, copyFileSync, rmSync, mkdirSync, chmodSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { generatedSources, unionFiles } from "./generate.mjs";
import { checkPartTables } from "./tables.mjs";
import { buildSync, transformSync } from "esbuild";

const root = new URL("../../", import.meta.url);
const pkg = new URL("pkg/", root);
const packageRoot = pkg;
const cargo = readFileSync(new URL("Cargo.toml", root), "utf8");
const version = /^version\s*=\s*"([^"]+)"/m.exec(cargo)[1];
const description = /^description\s*=\s*"([^"]+)"/m.exec(cargo)[1];
// The walkers and rejection builders compiled from the tables of the wasm
// module just built (js/build/walkers.mjs, js/build/rejections.mjs), read from its
// build with the build-tables feature (the Makefile's target/build-tables):
// the shipped module leaves out what only this build reads. Written to
// js/generated/ (only when they change), where they are committed: a
// change of Rust's tables is a diff there after `make pkg`.
//
// A partial package (make demo's: MCP_BOUNDARY_TABLES=committed) is built
// from js/generated/ and the unions as committed, which make test checks
// against the tables (js-tests/generated.test.mjs): the module they are
// read from is a whole build more on the demo's two cores.
const fromRoot = (file) => new URL(file, root);
const committed = process.env.MCP_BOUNDARY_TABLES === "committed";
const generated = committed ? { "walkers.js": readFileSync(fromRoot("js/generated/walkers.js"), "utf8") } : generatedFromTables();
function generatedFromTables() {
  const tables = createRequire(import.meta.url)(new URL("target/build-tables/mcp_boundary.js", root).pathname);
  const sources = generatedSources(tables);
  mkdirSync(new URL("js/generated/", root), { recursive: true });
  for (const [file, text] of Object.entries(sources)) {
    const path = new URL(`js/generated/${file}`, root);
    if (!existsSync(path) || readFileSync(path, "utf8") !== text) writeFileSync(path, text);
  }
  // The literal unions of the types (js/index.d.ts, js/mcp.d.ts) and the
  // Python package's Literals, written from Rust's lists of names before the
  // declarations are copied into the package below.
  for (const [file, text] of Object.entries(unionFiles(tables, (f) => readFileSync(fromRoot(f), "utf8")))) {
    if (!existsSync(fromRoot(file)) || readFileSync(fromRoot(file), "utf8") !== text) writeFileSync(fromRoot(file), text);
  }
  return sources;
}
/**
 * js/api/ (and js/generated/rejections.js, which it imports) bundled into
 * one script that declares `createApi(glue, createWalkers)`, for each
 * entry to carry inline, as one closure: no module of its own to resolve
 * and load at start. Its other names stay inside the wrapping function, so
 * they never meet the entry's.
 */
function bundledScript(dir, name, file = "index") {
  const entry = new URL(`js/${dir}/${file}.js`, root).pathname;
  const { outputFiles } = buildSync({ entryPoints: [entry], bundle: true, format: "esm", write: false, logLevel: "error" });
  const exported = new RegExp(`\\nexport \\{\\n {2}${name}\\n\\};\\n$`);
  const text = outputFiles[0].text;
  if (!exported.test(text)) throw new Error(`js/build/build.mjs: the bundle of js/${dir}/${file}.js should export ${name} alone`);
  return `const ${name} = (() => {\n"use strict";\n${text.replace(exported, "\n")}return ${name};\n})();\n`;
}
/** js/api/on-demand.js, for the Node entries alone. */
const onDemandScript = bundledScript("api", "onDemand", "on-demand");
/**
 * One entry's files in pkg/`part.dir` (the main entry's in pkg/ itself):
 * node/ (index.cjs, index.mjs, walkers.cjs), web/, worker/, inline/ (the
 * main entry's only) and mcp/, over the wasm-bindgen outputs the Makefile
 * put in its node/ and web/. Returns the names it exports.
 */
function buildPart(part) {
  const pkg = new URL(part.dir, packageRoot);
  const apiOnly = bundledScript("api", "createApi", part.entry);
  // Its start-up tables (js/generated/tables.js): its parts' and no other
  // (the main entry's parts are both).
  checkPartTables(apiOnly, part.entry === "index" ? ["server", "host", "cli"] : [part.entry], `js/api/${part.entry}.js`);
  // The web builds carry the walkers; the Node builds load them from
  // node/walkers.cjs on the first rewrite (`walkersFrom`), since parsing
  // them is a millisecond of every start.
  const walkersExport = /^export function createWalkers\(/m;
  if (!walkersExport.test(generated["walkers.js"])) throw new Error("js/build/build.mjs: js/generated/walkers.js should export createWalkers");
  const walkers = generated["walkers.js"].replace(walkersExport, "function createWalkers(");
  // A part without payloads (the server's) carries no walkers: its API
  // never asks for them.
  const api = part.walkers ? `${apiOnly}\n${walkers}` : `${apiOnly}\nfunction createWalkers() {}\n`;
  /**
   * wasm-bindgen's web glue in `file` as a script declaring `glue` (its
   * exports), for the Node entries to carry inline: the glue as a module
   * of its own was one more resolve and load at every start. Its names
   * stay inside the function, so they never rename the API's. `glue` is a
   * plain object of the exports: a bundler's namespace object defines a
   * getter per export (twice over for an IIFE), about half a millisecond
   * of every start. Its default path (import.meta.url) is never taken:
   * the entry passes the module's bytes.
   */
  function glueScript(file) {
    const entry = new URL(file, pkg);
    const options = { bundle: true, platform: "node", write: false, logLevel: "error" };
    const { metafile } = buildSync({ ...options, entryPoints: [entry.pathname], format: "esm", metafile: true });
    const names = Object.values(metafile.outputs)[0].exports.filter((n) => n !== "default").join(", ");
    const stdin = { contents: `import { ${names} } from "./${file.split("/").pop()}";\nglue = { ${names} };\n`, resolveDir: new URL(".", entry).pathname };
    const { outputFiles } = buildSync({ ...options, stdin, format: "iife", banner: { js: "var glue;" } });
    return outputFiles[0].text;
  }
  // The Node entries instantiate the module on first use (js/api/on-demand.js,
  // which they alone carry): reading, compiling and instantiating it were
  // half of every start.
  const onFirstUse = (bytes) => `onDemand(glue, () => glue.initSync({ module: ${bytes} }))`;
  // init() and initSync() load it now: reading any function of the glue
  // does (a no-op where the module is ready at import).
  const loadNow = "async init() { ready.__memory; }, initSync() { ready.__memory; }";
  const walkersFrom = (load) => `${apiOnly}\nfunction createWalkers(h) {\n  return ${load}("./walkers.cjs")(h);\n}\n`;
  const header = "// Generated by js/build/build.mjs from js/api/. Do not edit.\n";

  for (const dir of ["node", "web"]) {
    for (const f of [".gitignore", "package.json", "README.md"]) rmSync(new URL(`${dir}/${f}`, pkg), { force: true });
    fixImportArity(new URL(`${dir}/mcp_boundary.js`, pkg));
  }

  /**
   * Gives each import of wasm-bindgen's glue that catches exceptions
   * (`function() { return handleError(function (arg0, …) {…}, arguments); }`)
   * the arity of the function it wraps. The engine compiles one call
   * wrapper per import signature when it compiles the module, assuming a
   * function of matching arity; an import whose `length` differs gets a
   * second one compiled at every instantiation (about 0.4 ms of each start,
   * docs/BENCHMARKS.md). The outer parameters are unused (the call still
   * goes through `arguments`), so what runs is the same. js-tests checks
   * every import's arity against the module.
   */
  function fixImportArity(file) {
    const text = readFileSync(file, "utf8");
    const wrapped = /: function\([^)]*\) \{ return handleError\(function \(([^)]*)\) \{/g; // fixed already: the same
    const fixed = text.replace(wrapped, ": function($1) { return handleError(function ($1) {");
    // Every use of handleError in an import (its definition aside) must be of that form.
    const uses = text.split("return handleError(").length - 1;
    const matched = text.match(wrapped)?.length ?? 0;
    if (uses !== matched) throw new Error(`${file.pathname}: ${uses - matched} handleError import(s) of an unknown form; update fixImportArity`);
    writeFileSync(file, fixed);
  }

  const walkersHeader = "// Generated by js/build/build.mjs from Rust's rule tables (js/build/walkers.mjs). Do not edit.\n";
  if (part.walkers) writeFileSync(new URL("node/walkers.cjs", pkg), `${walkersHeader}"use strict";\n${walkers}module.exports = createWalkers;\n`);
  writeFileSync(
    new URL("node/index.cjs", pkg),
    `${header}"use strict";\n${walkersFrom("require")}\n${glueScript("web/mcp_boundary.js")}` +
      `${onDemandScript}const ready = ${onFirstUse(`require("node:fs").readFileSync(require("node:path").join(__dirname, "mcp_boundary_bg.wasm"))`)};\n` +
      `const api = createApi(ready, createWalkers);\n` +
      // Methods: their names are their keys, which minifying keeps.
      `const { init, initSync } = { ${loadNow} };\n` +
      `module.exports = { ...api, init, initSync, default: init };\n`,
  );
  // The names to re-export come from the built module itself, so they cannot drift.
  const names = Object.keys(createRequire(import.meta.url)(new URL("node/index.cjs", pkg).pathname))
    .filter((n) => n !== "default")
    .sort();
  // A real ES module for Node (no CommonJS file for Node to scan for its
  // exports): the web build's glue, given the module's bytes synchronously.
  // Like any package with both formats, `import` and `require` in one
  // process load it twice; each half of a program uses its own.
  const nodeNames = names.filter((n) => n !== "init" && n !== "initSync");
  /**
   * An ES module entry that is ready at import: `imports` (the glue among
   * them), the API, then `ready` (code that initializes the glue
   * synchronously), and the same exports as the web build.
   */
  function readyAtImport(dir, imports, ready, source = api, glue = "glue") {
    mkdirSync(new URL(dir, pkg), { recursive: true });
    writeFileSync(
      new URL(`${dir}index${dir === "node/" ? ".mjs" : ".js"}`, pkg),
      `${header}${imports}${source}\n${ready}` +
        `const ready = ${glue};\nconst api = createApi(ready, createWalkers);\n` +
        // Exported under aliases: no top-level binding shares a name with
        // the functions and classes inside createApi, which a bundler or
        // minifier would otherwise rename (createApi sets their \`name\`
        // back either way).
        `const { ${nodeNames.map((n) => `${n}: api$${n}`).join(", ")} } = api;\n` +
        `export { ${nodeNames.map((n) => `api$${n} as ${n}`).join(", ")} };\n` +
        // Methods: their names are their keys, which minifying keeps.
        `/** Loads the module now, where it is loaded on first use (the Node entries); resolves when it is ready (the same call as in the web build). */\nexport const { init, initSync } = { ${loadNow} };\n` +
        `export default init;\n`,
    );
  }
  // Node's modules come from process.getBuiltinModule (Node 20.16, 22.3 and
  // later; the engines field): importing "node:fs" builds its ES-module
  // facade, which reads every export (fs.promises and the streams among
  // them) and cost 2-4 ms of the start, and any static import of a builtin
  // (even "node:module") about 0.35 ms. An older Node gets an error that
  // says so; `require` still works there. No top-level await (a fallback
  // `await import(…)` would be one), so the module graph stays synchronous:
  // tools that load ES modules synchronously, and bundlers, refuse one that
  // awaits.
  const OLD_NODE =
    "mcp-boundary: this ES module entry needs process.getBuiltinModule (Node 20.16, 22.3 or later); update Node, or load the package with require()";
  readyAtImport(
    "node/",
    `${glueScript("web/mcp_boundary.js")}if (typeof globalThis.process?.getBuiltinModule !== "function") throw new Error(${JSON.stringify(OLD_NODE)});\n`,
    onDemandScript,
    walkersFrom(`process.getBuiltinModule("node:module").createRequire(import.meta.url)`),
    onFirstUse(`process.getBuiltinModule("node:fs").readFileSync(new URL("../web/mcp_boundary_bg.wasm", import.meta.url))`),
  );
  writeFileSync(new URL("node/package.json", pkg), JSON.stringify({ type: "commonjs" }) + "\n");
  // The Node entries minified: Node reads and parses every byte of a module
  // before it runs it, about 28 µs a kilobyte here, and shorter local names
  // and simpler syntax took 0.1-0.2 ms off each start (docs/BENCHMARKS.md).
  // The public functions and classes keep their names (createApi sets
  // them); the web builds carry the same API unminified, for a bundler. The
  // walkers, loaded on the first rewrite and not at start, lose only
  // whitespace: their code keeps the shape it was measured in. Lines are
  // kept short: Node prints the source line of an uncaught error's throw,
  // and one 40 KB line would bury the message under the package's code.
  for (const [file, banner, options] of [
    ["node/index.mjs", header, { minify: true, format: "esm" }],
    ["node/index.cjs", header, { minify: true, format: "cjs" }],
    ...(part.walkers ? [["node/walkers.cjs", walkersHeader, { minifyWhitespace: true }]] : []),
  ]) {
    const path = new URL(file, pkg);
    const { code } = transformSync(readFileSync(path, "utf8"), { ...options, lineLimit: 120, legalComments: "none", logLevel: "error" });
    writeFileSync(path, banner + code);
  }
  for (const f of ["mcp_boundary.js", "mcp_boundary.d.ts", "mcp_boundary_bg.wasm.d.ts"]) rmSync(new URL(`node/${f}`, pkg)); // inline in index.cjs

  // Cloudflare Workers (the `workerd` and `worker` conditions): the `.wasm`
  // imported as a module, which workerd compiles and wrangler bundles, and
  // given to the web glue synchronously, so the API answers at import with
  // no init call (a Worker cannot fetch its own module at module scope).
  readyAtImport("worker/", `import wasm from "../web/mcp_boundary_bg.wasm";\nimport * as glue from "../web/mcp_boundary.js";\n`, `glue.initSync({ module: wasm });\n`);
  writeFileSync(new URL("worker/package.json", pkg), JSON.stringify({ type: "module" }) + "\n");

  if (part.inline) {
    // mcp-boundary/inline: for bundlers that cannot emit the `.wasm` as an
    // asset (esbuild does not follow `new URL(…, import.meta.url)`), the module
    // embedded as base64 and compiled at import (a module this size may be
    // compiled synchronously on a page's main thread): nothing is fetched.
    const wasmBase64 = readFileSync(new URL("web/mcp_boundary_bg.wasm", pkg)).toString("base64");
    readyAtImport(
      "inline/",
      `import * as glue from "../web/mcp_boundary.js";\n`,
      `const WASM = ${JSON.stringify(wasmBase64)};\n` +
        `function wasmBytes() {\n  const text = atob(WASM);\n  const bytes = new Uint8Array(text.length);\n  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);\n  return bytes;\n}\n` +
        `glue.initSync({ module: wasmBytes() });\n`,
    );
    writeFileSync(new URL("inline/package.json", pkg), JSON.stringify({ type: "module" }) + "\n");
  }

  const webNames = names.filter((n) => n !== "init" && n !== "initSync");
  writeFileSync(
    new URL("web/index.js", pkg),
    `${header}import glueInit, * as glue from "./mcp_boundary.js";\n${api}\n` +
      webNames.map((n) => `export let ${n} = notReady;\n`).join("") +
      `function notReady() {\n  throw new Error("mcp-boundary: call and await init() before using the web build");\n}\n` +
      `function ready() {\n  const api = createApi(glue, createWalkers);\n` +
      webNames.map((n) => `  ${n} = api.${n};\n`).join("") +
      `}\n` +
      `let started;\n` +
      `function isOptions(x, key) {\n  return x !== null && typeof x === "object" && Object.getPrototypeOf(x) === Object.prototype && key in x;\n}\n` +
      `/** Loads the wasm module (once); resolves when the API is ready. */\n` +
      `export default function init(input) {\n  started ??= glueInit(input === undefined || isOptions(input, "module_or_path") ? input : { module_or_path: input }).then(ready);\n  return started;\n}\n` +
      `/** Synchronous init from bytes or a compiled WebAssembly.Module. */\n` +
      `export function initSync(module) {\n  if (started) return;\n  glue.initSync(isOptions(module, "module") ? module : { module });\n  started = Promise.resolve();\n  ready();\n}\n` +
      `export { init };\n`,
  );
  writeFileSync(new URL("web/package.json", pkg), JSON.stringify({ type: "module" }) + "\n");

  // mcp-boundary/mcp: js/mcp/ over the main entry (by its own name, so each
  // build resolves it as its conditions say) and, where the project has it,
  // the v1 SDK, a peer that only this entry loads. v2 is reached through the
  // objects passed in: nothing of it is imported. A project without v1 (its
  // types module does not resolve) does not try to load it; one whose v1
  // resolves but fails to load (a dependency of it missing) keeps the error,
  // thrown when a v1 object is met. Where nothing can be resolved ahead (a
  // bundle, a Worker: no import.meta.resolve), a module not found is v1
  // absent. Each import() has its own catch: esbuild leaves an import() it
  // cannot resolve as it is only then (inside a try alone, it refuses it).
  const mcp = bundledScript("mcp", "createMcp", part.entry);
  const mcpHeader = header.replace("js/api/", "js/mcp/ and js/api/");
  const v1Modules = {
    "@modelcontextprotocol/sdk/types.js": ["McpError", "ErrorCode", "CallToolRequestSchema", "ToolListChangedNotificationSchema"],
    "@modelcontextprotocol/sdk/server/zod-compat.js": ["normalizeObjectSchema", "getObjectShape", "safeParseAsync"],
    "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js": ["toJsonSchemaCompat"],
  };
  const [v1Probe] = Object.keys(v1Modules);
  const notFound = `(e) => e?.code === "ERR_MODULE_NOT_FOUND" || e?.code === "MODULE_NOT_FOUND"`;
  const mcpNames = ["protectServer", "protectHandler", "recipientSchema", "recipientValibot", "recipientArkType", "ToolRouter"].filter((n) => part.mcp.includes(n));
  rmSync(new URL("mcp/", pkg), { recursive: true, force: true });
  mkdirSync(new URL("mcp/", pkg));
  writeFileSync(
    new URL("mcp/index.mjs", pkg),
    `${mcpHeader}import * as api from "${part.specifier}";
  ${mcp}const notFound = ${notFound};
  const resolves = typeof import.meta.resolve === "function";
  let v1 = null, v1Error, present = true;
  try {
    if (resolves) import.meta.resolve("${v1Probe}");
  } catch {
    present = false;
  }
  if (present) {
    const rethrow = (e) => {
      throw e;
    };
    try {
      const [${Object.keys(v1Modules).map((_, i) => `m${i}`).join(", ")}] = await Promise.all([${Object.keys(v1Modules).map((m) => `import("${m}").catch(rethrow)`).join(", ")}]);
      v1 = { ${Object.values(v1Modules).map((names, i) => names.map((n) => `${n}: m${i}.${n}`).join(", ")).join(", ")} };
    } catch (e) {
      if (resolves || !notFound(e)) v1Error = e;
    }
  }
  export const { ${mcpNames.join(", ")} } = createMcp(api, v1, v1Error);
  `,
  );
  writeFileSync(
    new URL("mcp/index.cjs", pkg),
    `${mcpHeader}"use strict";
  ${mcp}let v1 = null, v1Error, present = true;
  try {
    require.resolve("${v1Probe}");
  } catch {
    present = false;
  }
  if (present) {
    try {
      v1 = Object.assign({}, ${Object.keys(v1Modules).map((m) => `require("${m}")`).join(", ")});
    } catch (e) {
      v1Error = e;
    }
  }
  module.exports = createMcp(require("${part.specifier}"), v1, v1Error);
  `,
  );
  if (part.dir === "") {
    copyFileSync(new URL("js/mcp.d.ts", root), new URL("mcp/index.d.ts", pkg));
    copyFileSync(new URL("js/mcp.d.ts", root), new URL("mcp/index.d.mts", pkg));
  } else {
    partTypes(new URL("mcp/", pkg), "../../mcp/index", mcpNames.filter((n) => part.mcp.includes(n)));
  }
  if (part.dir !== "") partTypes(pkg, "../index", [...names, "default"]);
  return names;
}

/**
 * A part's types: `names` (values and classes) and every type of the
 * declarations at `target` (relative to `dir`, without its extension),
 * for require (.d.ts) and import (.d.mts).
 */
function partTypes(dir, target, names) {
  const shown = names.filter((n) => !n.startsWith("__"));
  for (const [file, ext] of [["index.d.ts", ".js"], ["index.d.mts", ".mjs"]]) {
    writeFileSync(
      new URL(file, dir),
      `// Generated by js/build/build.mjs: the part's names of ${target}${ext}. Do not edit.\n` +
        `export { ${shown.join(", ")} } from "${target}${ext}";\nexport type * from "${target}${ext}";\n`,
    );
  }
}

// The entries: the main one (both parts, and mcp-boundary/inline), and a
// part each (mcp-boundary/server, mcp-boundary/host, and their
// mcp-boundary/…/mcp), each over the module the Makefile built with the
// part's cargo feature.
const MCP_SERVER = ["protectServer", "protectHandler", "recipientSchema", "recipientValibot", "recipientArkType"];
const ALL_PARTS = [
  { dir: "", feature: "wasm", entry: "index", specifier: "mcp-boundary", walkers: true, inline: true, mcp: [...MCP_SERVER, "ToolRouter"] },
  { dir: "server/", feature: "wasm-server", entry: "server", specifier: "mcp-boundary/server", walkers: false, inline: false, mcp: MCP_SERVER },
  { dir: "host/", feature: "wasm-host", entry: "host", specifier: "mcp-boundary/host", walkers: true, inline: false, mcp: ["ToolRouter"] },
];
// MCP_BOUNDARY_PARTS (the Makefile's PKG_PARTS) names the modules built:
// `make demo` builds the main one only, whose examples import nothing else;
// the Makefile marks that package partial, and a later build that asks for
// the parts' modules builds it again, whole.
const built = process.env.MCP_BOUNDARY_PARTS?.split(/\s+/) ?? ALL_PARTS.map((p) => p.feature);
const PARTS = ALL_PARTS.filter((p) => built.includes(p.feature));
if (!PARTS.some((p) => p.dir === "")) throw new Error("build.mjs: the main module (wasm) is always built");
const exported = Object.fromEntries(PARTS.map((part) => [part.dir, buildPart(part)]));
const names = exported[""];

// The check-tools command (the package's bin).
rmSync(new URL("bin/", pkg), { recursive: true, force: true });
mkdirSync(new URL("bin/", pkg));
copyFileSync(new URL("js/cli.mjs", root), new URL("bin/mcp-boundary.mjs", pkg));
chmodSync(new URL("bin/mcp-boundary.mjs", pkg), 0o755);

// One source of types, read as CommonJS (index.d.ts: pkg/ has no "type")
// for require() and as ESM (index.d.mts) for import.
copyFileSync(new URL("js/index.d.ts", root), new URL("index.d.ts", pkg));
copyFileSync(new URL("js/index.d.ts", root), new URL("index.d.mts", pkg));
copyFileSync(new URL("README.md", root), new URL("README.md", pkg));
// The licenses, and every file the README links (the docs and
// CONTRIBUTING.md), so its links work in the package as in the repository.
const documents = ["LICENSE-MIT", "LICENSE-APACHE", "CONTRIBUTING.md", ...readdirSync(new URL("docs/", root)).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
mkdirSync(new URL("docs/", pkg), { recursive: true });
for (const f of documents) copyFileSync(new URL(f, root), new URL(f, pkg));

/**
 * Each SDK package's peer range, from the one place the tested versions are
 * declared, the repository's package.json: its lowest is the exact version
 * of its `-lowest` alias (which js-tests/mcp-sdk-range.test.mjs runs), its
 * bound the minor after the dev dependency the other tests use (that test
 * checks the installed one is the newest of that minor).
 */
function testedPeerRanges() {
  const dev = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).devDependencies;
  const peers = { "@modelcontextprotocol/sdk": "sdk-lowest", "@modelcontextprotocol/server": "server-lowest", "@modelcontextprotocol/client": "client-lowest" };
  const ranges = {};
  for (const [name, alias] of Object.entries(peers)) {
    const lowest = /^npm:(@[^@]+\/[^@]+)@(\d+\.\d+\.\d+)$/.exec(dev[alias] ?? "");
    const highest = /^\^(\d+)\.(\d+)\.\d+$/.exec(dev[name] ?? "");
    if (!lowest || lowest[1] !== name || !highest) throw new Error(`js/build/build.mjs: package.json should have "${alias}": "npm:${name}@x.y.z" and "${name}": "^x.y.z"`);
    ranges[name] = `>=${lowest[2]} <${highest[1]}.${Number(highest[2]) + 1}.0`;
  }
  return ranges;
}

/** A part's subpaths in the exports map: its entry (the main entry's conditions) and its mcp entry. */
function partExports(dir) {
  const at = (file) => `./${dir}${file}`;
  const types = { types: at("index.d.mts") };
  return [
    [
      `./${dir.slice(0, -1)}`,
      {
        node: {
          import: { types: at("index.d.mts"), default: at("node/index.mjs") },
          require: { types: at("index.d.ts"), default: at("node/index.cjs") },
        },
        workerd: { ...types, default: at("worker/index.js") },
        worker: { ...types, default: at("worker/index.js") },
        browser: { ...types, default: at("web/index.js") },
        default: { ...types, default: at("web/index.js") },
      },
    ],
    [
      `./${dir}mcp`,
      {
        import: { types: at("mcp/index.d.mts"), default: at("mcp/index.mjs") },
        require: { types: at("mcp/index.d.ts"), default: at("mcp/index.cjs") },
      },
    ],
  ];
}

const manifest = {
  name: "mcp-boundary",
  version,
  description,
  license: "MIT OR Apache-2.0",
  keywords: ["mcp", "model-context-protocol", "wasm", "validation", "agents"],
  main: "./node/index.cjs",
  module: "./web/index.js",
  types: "./index.d.ts",
  exports: {
    ".": {
      node: {
        import: { types: "./index.d.mts", default: "./node/index.mjs" },
        require: { types: "./index.d.ts", default: "./node/index.cjs" },
      },
      workerd: { types: "./index.d.mts", default: "./worker/index.js" },
      worker: { types: "./index.d.mts", default: "./worker/index.js" },
      browser: { types: "./index.d.mts", default: "./web/index.js" },
      default: { types: "./index.d.mts", default: "./web/index.js" },
    },
    ...Object.fromEntries(PARTS.filter((p) => p.dir !== "").flatMap((p) => partExports(p.dir))),
    "./web": { types: "./index.d.mts", default: "./web/index.js" },
    "./inline": { types: "./index.d.mts", default: "./inline/index.js" },
    "./mcp": {
      import: { types: "./mcp/index.d.mts", default: "./mcp/index.mjs" },
      require: { types: "./mcp/index.d.ts", default: "./mcp/index.cjs" },
    },
    "./package.json": "./package.json",
  },
  files: ["index.d.ts", "index.d.mts", "README.md", ...documents, "node/", "web/", "worker/", "inline/", "mcp/", ...PARTS.filter((p) => p.dir !== "").map((p) => p.dir), "bin/"],
  bin: { "mcp-boundary": "./bin/mcp-boundary.mjs" },
  // Only mcp-boundary/mcp loads or reaches the SDK; each line's range is
  // the one its tests cover, lowest and highest (it reaches into
  // McpServer's tools/call flow), read from the dev dependencies.
  peerDependencies: testedPeerRanges(),
  peerDependenciesMeta: {
    "@modelcontextprotocol/sdk": { optional: true },
    "@modelcontextprotocol/server": { optional: true },
    "@modelcontextprotocol/client": { optional: true },
  },
  sideEffects: false,
  // Node 20.16 or 22.3 and later: the ES-module entry takes Node's modules
  // from process.getBuiltinModule (Deno, Bun, workerd and browsers have no
  // engines field; Deno and Bun have it too).
  engines: { node: "^20.16.0 || >=22.3.0" },
};
writeFileSync(new URL("package.json", pkg), JSON.stringify(manifest, null, 2) + "\n");
console.log(`pkg/: mcp-boundary ${version} (${names.join(", ")})`);
for (const part of PARTS.filter((p) => p.dir !== "")) console.log(`pkg/${part.dir}: ${exported[part.dir].join(", ")}`);
