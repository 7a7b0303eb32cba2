// The generated source committed in js/generated/ (the payload walkers and
// the rejection builders, as js/build/build.mjs emits them before minifying) is
// what the tables of the current build give: a change of Rust's rules
// shows in review as a diff of that code. So are the literal unions of
// js/index.d.ts and js/mcp.d.ts and the Literals of
// python/mcp_boundary/_literals.py (js/build/unions.mjs), from Rust's lists
// of names.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { generatedSources, tableOf, unionFiles } from "../js/build/generate.mjs";
import { typeUnions } from "../js/build/unions.mjs";

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

const root = new URL("../", import.meta.url);
const read = (file) => readFileSync(new URL(file, root), "utf8");

test("the types' literal unions and the Python Literals are what Rust's lists give", () => {
  const files = Object.entries(unionFiles(tables, read));
  assert.deepEqual(files.map(([file]) => file).sort(), ["js/index.d.ts", "js/mcp.d.ts", "python/mcp_boundary/_literals.py"]);
  for (const [file, text] of files) assert.ok(read(file) === text, `${file}'s generated names are stale or edited by hand: run make pkg and commit ${file}`);
});

test("a union edited by hand, or a name Rust adds, is a difference", () => {
  // The check above can fail: a committed file with a union changed either way differs from what is generated.
  const names = tableOf(tables.__names);
  const edited = (file) => read(file).replace('export type PayloadFormat = "anthropic" | ', 'export type PayloadFormat = ');
  assert.notEqual(unionFiles(tables, edited)["js/index.d.ts"], edited("js/index.d.ts"));
  const more = { ...names, formats: [...names.formats, "a-new-format"] };
  const [, , formats] = typeUnions(more).find(([, name]) => name === "PayloadFormat");
  assert.deepEqual(formats, more.formats);
  const written = unionFiles({ __names: (out) => out.push(more) }, read);
  assert.match(written["js/index.d.ts"], /export type PayloadFormat = [^;]*"a-new-format";/);
  assert.match(written["python/mcp_boundary/_literals.py"], /\nFormat = Literal\[[^\]]*"a-new-format"\]/);
});
