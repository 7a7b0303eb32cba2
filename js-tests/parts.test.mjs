// The parts (SPEC §0 "Pay for what you use", §5): mcp-boundary/server and
// mcp-boundary/host each export their part's API, over a module built with
// only their part's exports, and a bundle of one carries nothing of the
// other. Each part's suites (the shared vectors, the SDK integrations) run
// against the part's entry through js-tests/part-hook.mjs, which resolves
// "mcp-boundary" and "mcp-boundary/mcp" to the part's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { buildSync } from "esbuild";

const require = createRequire(import.meta.url);
const root = new URL("..", import.meta.url);

// What each part exports, as the README lists it (init, initSync and the
// internal __mcp aside).
const SERVER = ["validateRecipient", "RecipientValidator", "recipientJsonSchema", "recipientStandardSchema", "ErrorClassifier", "planDelivery", "readState", "markRead", "unreadCount", "listUnread"];
const HOST = ["toLlmFacingName", "tryReverseToCanonical", "ToolRegistry", "ToolNameError", "toolDefinitions"];
const MCP_SERVER = ["protectServer", "protectHandler", "recipientSchema", "recipientValibot", "recipientArkType"];
const MCP_HOST = ["ToolRouter"];
const own = (names) => names.filter((n) => !["init", "initSync", "default", "__mcp"].includes(n)).sort();

for (const [part, names, mcpNames] of [["server", SERVER, MCP_SERVER], ["host", HOST, MCP_HOST]]) {
  test(`mcp-boundary/${part} and its mcp entry export the part's names, by import and by require`, async () => {
    const esm = await import(`mcp-boundary/${part}`);
    assert.deepEqual(own(Object.keys(esm)), [...names].sort());
    assert.deepEqual(own(Object.keys(require(`mcp-boundary/${part}`))), [...names].sort());
    assert.deepEqual(Object.keys(await import(`mcp-boundary/${part}/mcp`)).sort(), [...mcpNames].sort());
    assert.deepEqual(Object.keys(require(`mcp-boundary/${part}/mcp`)).sort(), [...mcpNames].sort());
    const all = await import("mcp-boundary");
    for (const name of names) assert.equal(typeof all[name], "function", `the main entry has ${name} too`);
  });
}

/** The names a .wasm exports. */
const wasmExports = (file) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(new URL(file, root)))).map((e) => e.name);

test("each part's module has only its part's exports; the main entry's has both", () => {
  const server = wasmExports("pkg/server/web/mcp_boundary_bg.wasm");
  const host = wasmExports("pkg/host/web/mcp_boundary_bg.wasm");
  const all = new Set(wasmExports("pkg/web/mcp_boundary_bg.wasm"));
  // One export of each part's own kind, by the class wasm-bindgen names it after.
  assert.ok(server.some((n) => n.startsWith("validator_")) && !host.some((n) => n.startsWith("validator_")));
  assert.ok(host.some((n) => n.startsWith("registry_")) && !server.some((n) => n.startsWith("registry_")));
  assert.ok(server.some((n) => n.startsWith("protector_")) && !host.some((n) => n.startsWith("protector_")));
  assert.ok(host.some((n) => n.startsWith("ssestream_")) && !server.some((n) => n.startsWith("ssestream_")));
  // Error data is the server's part: a host answers unknown tools from its registry.
  assert.ok(server.some((n) => n.startsWith("classifier_")) && !host.some((n) => n.startsWith("classifier_")));
  for (const name of [...server, ...host]) assert.ok(all.has(name), `the whole module exports ${name}`);
});

test("a browser bundle of the server's part carries neither the host's JS nor its module", () => {
  const { outputFiles } = buildSync({
    stdin: { contents: `import * as m from "mcp-boundary/server";\nimport * as p from "mcp-boundary/server/mcp";\nglobalThis.used = [m, p];\n`, resolveDir: root.pathname },
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "error",
    external: ["@modelcontextprotocol/*"],
  });
  const text = outputFiles[0].text;
  assert.match(text, /class RecipientValidator/);
  for (const absent of ["class ToolRegistry", "createWalkers(h", "class EventStream", "ToolRouter", "registry_new", "couldNotList", "openai-responses"]) assert.ok(!text.includes(absent), `the server's bundle carries ${absent}`);
});

/** A child test run's environment: the part, and not this run's test context (node --test would skip its files). */
function childEnv(part) {
  const env = { ...process.env, MCP_BOUNDARY_PART: part };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

// Each part's suites, against the part's entry: the ones that need only its part.
const suites = {
  server: ["recipients", "delivery", "error_data", "protect-vectors", "protect-policy", "protect-hostile", "mcp"],
  host: ["tool_names", "streams", "sse", "payload_differential", "stream-classes", "router", "router-hostile"],
};
for (const [part, files] of Object.entries(suites)) {
  test(`the ${part} part's suites pass against mcp-boundary/${part}`, { timeout: 600_000 }, () => {
    const run = spawnSync(process.execPath, ["--import", "./js-tests/part-hook.mjs", "--test", ...files.map((f) => `js-tests/${f}.test.mjs`)], {
      cwd: root,
      env: childEnv(part),
      encoding: "utf8",
    });
    const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, "m").exec(run.stdout)?.[1]);
    assert.equal(count("fail"), 0, run.stdout.slice(-4000) + run.stderr);
    assert.ok(count("pass") > 50, `the ${part} suites ran (${count("pass")} passed)`);
    assert.equal(run.status, 0);
  });
}

test("the hook sends a suite to the other part's entry, where it fails (the suites can fail)", { timeout: 120_000 }, () => {
  const run = spawnSync(process.execPath, ["--import", "./js-tests/part-hook.mjs", "--test", "js-tests/recipients.test.mjs"], {
    cwd: root,
    env: childEnv("host"),
    encoding: "utf8",
  });
  assert.notEqual(run.status, 0);
  assert.match(run.stdout, /^# fail [1-9]/m);
});
