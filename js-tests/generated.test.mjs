// The generated source committed in js/generated/ (the payload walkers and
// the rejection builders, as js/build/build.mjs emits them before minifying) is
// what the tables of the current build give: a change of Rust's rules
// shows in review as a diff of that code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { generatedSources } from "../js/build/generate.mjs";

// The build with the build-tables feature that `make pkg` made.
const tables = createRequire(import.meta.url)(new URL("../target/build-tables/mcp_boundary.js", import.meta.url).pathname);

test("js/generated/ is what the current build's tables give", () => {
  const sources = Object.entries(generatedSources(tables));
  assert.ok(sources.length > 0);
  for (const [file, text] of sources) {
    const committed = readFileSync(new URL(`../js/generated/${file}`, import.meta.url), "utf8");
    assert.ok(committed === text, `js/generated/${file} is stale: run make pkg and commit js/generated/`);
  }
});

test("the package carries the generated walkers as committed", () => {
  // pkg/node/walkers.cjs is js/generated/walkers.js with whitespace minified: the same tokens.
  const committed = readFileSync(new URL("../js/generated/walkers.js", import.meta.url), "utf8");
  const web = readFileSync(new URL("../pkg/web/index.js", import.meta.url), "utf8");
  assert.ok(web.includes(committed.replace(/^export function createWalkers\(/m, "function createWalkers(")), "pkg/web/index.js lacks js/generated/walkers.js");
});
