// The npm package as a user gets it: `npm pack`, installed by name into a
// fresh project (no dependencies, so offline), then used through `import`
// and `require` from that project.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = fileURLToPath(new URL("../pkg", import.meta.url));

test("packed, installed by name, used from ESM and CommonJS", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-boundary-install-"));
  try {
    const npm = (...args) => execFileSync("npm", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir, pkg], { encoding: "utf8" }).trim().split("\n").pop();
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }));
    npm("install", "--no-audit", "--no-fund", "--offline", join(dir, tarball));
    writeFileSync(
      join(dir, "esm.mjs"),
      `import init, { validateRecipient, ToolRegistry, ErrorClassifier, unreadCount } from "mcp-boundary";
       await init();
       const r = new ToolRegistry({ profile: "openai" });
       console.log(JSON.stringify([validateRecipient("AGENT:gpt").error.reason, r.register("a/b"), new ErrorClassifier({ tools: ["t"], fieldlessMessages: ["x"] }).classify("t", "x").message, unreadCount([{ from: "@a", to: "@b" }], "@b")]));`,
    );
    writeFileSync(
      join(dir, "cjs.cjs"),
      `const { validateRecipient, toLlmFacingName } = require("mcp-boundary");
       console.log(JSON.stringify([validateRecipient("@neo").recipient.id, toLlmFacingName("x/y")]));`,
    );
    assert.equal(execFileSync(process.execPath, ["esm.mjs"], { cwd: dir, encoding: "utf8" }).trim(), '["agent_prefix_with_name","a__b","x",1]');
    assert.equal(execFileSync(process.execPath, ["cjs.cjs"], { cwd: dir, encoding: "utf8" }).trim(), '["neo","x__y"]');
    // Every part, through each entry of the installed package: the Node
    // entries load the payload walkers from their own file on the first
    // rewrite, which only an installed package shows is really there.
    copyFileSync(fileURLToPath(new URL("exercise.mjs", import.meta.url)), join(dir, "exercise.mjs"));
    const vectors = fileURLToPath(new URL("../tests/data/recipients.json", import.meta.url));
    const run = `(api) => import("./exercise.mjs").then(({ exercise }) => console.log(JSON.stringify(exercise(api, JSON.parse(readFileSync(${JSON.stringify(vectors)}, "utf8")).cases))))`;
    writeFileSync(join(dir, "all.mjs"), `import { readFileSync } from "node:fs";\nimport * as api from "mcp-boundary";\n(${run})(api);\n`);
    writeFileSync(join(dir, "all.cjs"), `const { readFileSync } = require("node:fs");\n(${run})(require("mcp-boundary"));\n`);
    const viaImport = execFileSync(process.execPath, ["all.mjs"], { cwd: dir, encoding: "utf8" });
    assert.equal(execFileSync(process.execPath, ["all.cjs"], { cwd: dir, encoding: "utf8" }), viaImport);
    assert.equal(JSON.parse(viaImport).history.content[0].name, "github/create_issue");
    const files = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", pkg], { encoding: "utf8" }))[0].files.map((f) => f.path);
    for (const f of ["node/index.cjs", "node/index.mjs", "node/walkers.cjs", "node/package.json", "web/index.js", "web/package.json", "index.d.ts", "index.d.mts", "LICENSE-MIT", "LICENSE-APACHE"]) {
      assert.ok(files.includes(f), `${f} is in the package`);
    }
    // Every file the package's README links is in the package.
    const links = [...readFileSync(join(pkg, "README.md"), "utf8").matchAll(/\]\(([^)#:]+)(#[^)]*)?\)/g)].map((m) => m[1]);
    assert.ok(links.length >= 5, "the README links its docs");
    for (const link of links) assert.ok(files.includes(link), `the README links ${link}, which is in the package`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("on a Node without process.getBuiltinModule (before 20.16), the ES entry says what it needs and require still works", () => {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const esm = `delete process.getBuiltinModule;
    try { await import("mcp-boundary"); console.log("loaded"); } catch (e) { console.log(e.message); }`;
  const message = execFileSync(process.execPath, ["--input-type=module", "-e", esm], { cwd, encoding: "utf8" }).trim();
  assert.match(message, /^mcp-boundary: .*process\.getBuiltinModule.*Node 20\.16, 22\.3 or later.*require\(\)$/);
  const cjs = `delete process.getBuiltinModule;
    console.log(typeof process.getBuiltinModule, require("mcp-boundary").validateRecipient("AGENT:gpt").error.reason);`;
  assert.equal(execFileSync(process.execPath, ["-e", cjs], { cwd, encoding: "utf8" }).trim(), "undefined agent_prefix_with_name");
});

test("an uncaught error from the minified Node entries shows its message, not a screen of the package's code", () => {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  // Node prints the source line of an uncaught error's throw; in a
  // minified entry that line must stay short.
  for (const [flags, script] of [
    [["--input-type=module", "-e"], `import { toolDefinitions } from "mcp-boundary"; toolDefinitions([], "openai");`],
    [["-e"], `require("mcp-boundary").toLlmFacingName("a b");`],
  ]) {
    const r = spawnSync(process.execPath, [...flags, script], { cwd, encoding: "utf8" });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /(TypeError|ToolNameError)/);
    const longest = Math.max(...r.stderr.split("\n").map((line) => line.length));
    assert.ok(longest <= 400, `a line of ${longest} characters in:\n${r.stderr.slice(0, 600)}`);
  }
});

test("the minified Node entries keep each exported function's and class's name", async () => {
  const entries = { import: await import("mcp-boundary"), require: createRequire(import.meta.url)("mcp-boundary") };
  for (const [how, api] of Object.entries(entries)) {
    const functions = Object.entries(api).filter(([, v]) => typeof v === "function");
    assert.ok(functions.length >= 16, `${how}: ${functions.length} functions`);
    for (const [name, f] of functions) assert.equal(f.name, name === "default" ? "init" : name, `${how}: ${name}`);
    assert.equal(api.default, api.init, how);
  }
});

/** The parameter count of each function the `.wasm` imports, by name, read from its type and import sections. */
function importParams(bytes) {
  let p = 8;
  const leb = () => {
    let r = 0, shift = 0, x;
    do {
      x = bytes[p++];
      r |= (x & 0x7f) << shift;
      shift += 7;
    } while (x & 0x80);
    return r >>> 0;
  };
  const name = () => {
    const n = leb();
    p += n;
    return bytes.subarray(p - n, p).toString();
  };
  const types = [], params = {};
  while (p < bytes.length) {
    const id = bytes[p++], end = leb() + p;
    if (id === 1) {
      for (let n = leb(); n > 0; n--) {
        p++; // 0x60: a function type
        const count = leb();
        p += count; // one byte per value type (numbers, externref)
        types.push(count);
        const results = leb(); // read before p is: `p += leb()` would add to the old p
        p += results;
      }
    } else if (id === 2) {
      for (let n = leb(); n > 0; n--) {
        const field = `${name()}.${name()}`;
        assert.equal(bytes[p++], 0, `${field}: only functions are imported`);
        params[field] = types[leb()];
      }
    }
    p = end;
  }
  return params;
}

test("every import the Node entries give the .wasm has the arity of its signature (else the engine compiles a second call wrapper at each start)", () => {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const expected = importParams(readFileSync(join(pkg, "node/mcp_boundary_bg.wasm")));
  assert.ok(Object.keys(expected).length > 10, "the module's imports were read");
  // Records the arity of each import given to an instance, then loads an entry.
  const record = `const seen = {}; const Instance = WebAssembly.Instance;
    WebAssembly.Instance = function (module, imports) {
      for (const [m, fields] of Object.entries(imports)) for (const [f, v] of Object.entries(fields)) if (typeof v === "function") seen[m + "." + f] = v.length;
      return new Instance(module, imports);
    };`;
  // A rejection needs the module, which the Node entries instantiate on first use.
  for (const [flag, load] of [["--input-type=module", `(await import("mcp-boundary")).validateRecipient("x");`], ["--input-type=commonjs", `require("mcp-boundary").validateRecipient("x");`]]) {
    const seen = JSON.parse(execFileSync(process.execPath, [flag, "-e", `${record}\n${load}\nconsole.log(JSON.stringify(seen));`], { cwd, encoding: "utf8" }));
    assert.deepEqual(seen, expected, flag);
  }
});

test("the Node entries instantiate the module on first use: not at import, not for a recipient the accept check answers", () => {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const count = `let made = 0; const Instance = WebAssembly.Instance;
    WebAssembly.Instance = function (module, imports) { made++; return new Instance(module, imports); };`;
  const steps = (m) => `const at = [made]; ${m}.validateRecipient("@neo-gpt"); ${m}.validateRecipient("AGENT:*"); at.push(made);
    const r = ${m}.validateRecipient("AGENT:gpt"); at.push(made, r.ok, r.error.code); ${m}.validateRecipient("@x"); new ${m}.ErrorClassifier({ tools: {} }); at.push(made);
    console.log(JSON.stringify(at));`;
  for (const entry of ["mcp-boundary", "mcp-boundary/server", "mcp-boundary/host"]) {
    const esm = `${count}\nconst m = await import("${entry}");\n${entry.endsWith("host") ? "" : steps("m")}`;
    const cjs = `${count}\nconst m = require("${entry}");\n${entry.endsWith("host") ? "" : steps("m")}`;
    for (const [flag, code] of [["--input-type=module", esm], ["--input-type=commonjs", cjs]]) {
      const out = execFileSync(process.execPath, [flag, "-e", `${code}\nif (${entry.endsWith("host")}) console.log(JSON.stringify([made]));`], { cwd, encoding: "utf8" });
      const at = JSON.parse(out.trim().split("\n")[0]);
      if (entry.endsWith("host")) assert.deepEqual(at, [0], `${entry} ${flag}: nothing at import`);
      else assert.deepEqual(at, [0, 0, 1, false, "INVALID_RECIPIENT_SHAPE", 1], `${entry} ${flag}`);
    }
    // init() and initSync() load it now, once.
    const early = (load, call) => `${count}\nconst m = ${load};\nconst before = made;\n${call};\n${call};\nconsole.log(JSON.stringify([before, made]));`;
    for (const [flag, code] of [
      ["--input-type=module", early(`await import("${entry}")`, "await m.init()")],
      ["--input-type=module", early(`await import("${entry}")`, "m.initSync()")],
      ["--input-type=commonjs", early(`require("${entry}")`, "m.initSync()")],
    ]) {
      assert.deepEqual(JSON.parse(execFileSync(process.execPath, [flag, "-e", code], { cwd, encoding: "utf8" })), [0, 1], `${entry} ${flag} ${code.split("\n").at(-3)}`);
    }
  }
});

test("the shipped .wasm names no directory of the machine that built it, nor any source file", () => {
  // A panic aborts without its location (the Makefile's LEAN_RUSTFLAGS),
  // so no source file is named, and the cargo home is remapped away for
  // anything else: the package's bytes are the same from any machine.
  const homes = [homedir(), process.env.CARGO_HOME].filter((d) => typeof d === "string" && d.length > 1);
  for (const part of ["node", "server/node", "host/node"]) {
    const wasm = readFileSync(join(pkg, part, "mcp_boundary_bg.wasm")).toString("latin1");
    // The scan reads the module's data: a text every part answers with.
    assert.ok(wasm.includes("INVALID_ARGUMENT"), `${part}: the module's strings are read`);
    for (const home of homes) assert.ok(!wasm.includes(home + "/"), `${part}: the module names ${home}`);
    assert.ok(!wasm.includes("/registry/src/"), `${part}: a cargo registry path`);
    assert.ok(!wasm.includes("/rustlib/src/"), `${part}: the toolchain's standard library source`);
    assert.doesNotMatch(wasm, /[\w-]+\.rs\b/, `${part}: a source file's name (a panic location)`);
  }
});
