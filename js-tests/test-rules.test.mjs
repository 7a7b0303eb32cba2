// Two rules every test of the repository keeps (docs/TESTING.md), checked
// over the test sources of every language: no test sleeps and then
// asserts (a wait of a fixed time is no proof that what it waited for had
// its chance: it waits for an event or a counter instead), and no test
// runs git (CI's clone may be shallow, and a test that reads history
// there passes without checking anything, or fails for no fault).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);

/** Every file under `dir` (a path from the root) whose name ends with one of `ends`, but node_modules and fixtures. */
function files(dir, ends) {
  const out = [];
  for (const name of readdirSync(new URL(dir, root))) {
    const path = `${dir}${name}`;
    if (name === "node_modules" || name === "fixtures" || name.startsWith(".")) continue;
    if (statSync(new URL(path, root)).isDirectory()) out.push(...files(`${path}/`, ends));
    else if (ends.some((end) => name.endsWith(end))) out.push(path);
  }
  return out;
}

const SLEEP = String.raw`(?:new Promise\(\(?\w*\)? => setTimeout\(\w+, [\w.]+\)\)|setTimeout\[promisify\.custom\]|(?:asyncio|time|trio|anyio)\.sleep\(|thread::sleep\()`;

/**
 * The places in `text` where a statement that only waits a fixed time (an
 * awaited `setTimeout` promise, `asyncio.sleep`, `time.sleep`,
 * `thread::sleep`, or a function that is one of these) is followed by an
 * assertion, as `file:line`.
 */
export function sleepsThenAsserts(file, text) {
  const lines = text.split("\n");
  // Functions that are a sleep: `const settle = () => new Promise((r) => setTimeout(r, 30));`, `def pause(): time.sleep(…)`.
  const named = [...text.matchAll(new RegExp(String.raw`(?:const|let|function|def)\s+(\w+)\s*(?:=\s*(?:async\s*)?\([^)]*\)\s*=>\s*|\([^)]*\)\s*(?:->\s*\w+\s*)?[:{]\s*(?:return\s+|await\s+)?)${SLEEP}`, "g"))].map((m) => m[1]);
  const wait = new RegExp(String.raw`^\s*(?:await\s+)?(?:std::)?(?:${SLEEP}[^;]*|(?:${named.join("|") || "$^"})\(\))\)?;?\s*(?:(?://|#).*)?$`);
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    if (!wait.test(lines[i])) continue;
    let next = i + 1;
    while (next < lines.length && /^\s*((\/\/|#).*)?$/.test(lines[next])) next++;
    if (/^\s*(assert\b|assert\.|self\.assert|assert_eq!|assert!|expect\()/.test(lines[next] ?? "")) found.push(`${file}:${i + 1}`);
  }
  return found;
}

/** The places in `text` where a test runs git, as `file:line`. */
export function runsGit(file, text) {
  const git = /(?:exec(?:File)?(?:Sync)?|spawn(?:Sync)?)\(\s*["'`]git\b|subprocess\.\w+\(\s*\[?\s*["']git\b|Command::new\("git"\)|\$\(git |`git /;
  return text.split("\n").flatMap((line, i) => (git.test(line) ? [`${file}:${i + 1}`] : []));
}

const sources = [...files("js-tests/", [".mjs", ".js", ".cjs"]), ...files("tests/", [".py", ".rs"])];

test("the rules see the patterns they refuse (and let a poll, a flush and a wait for an event be)", () => {
  assert.deepEqual(sleepsThenAsserts("a", "x();\nawait new Promise((r) => setTimeout(r, 50));\n// the answer has come by now\nassert.equal(n, 0);\n"), ["a:2"]);
  assert.deepEqual(sleepsThenAsserts("b", "const settle = () => new Promise((r) => setTimeout(r, 30));\nawait settle();\nassert.equal(lists(), before);\n"), ["b:2"]);
  assert.deepEqual(sleepsThenAsserts("c", "    await asyncio.sleep(0.1)\n    assert calls == []\n"), ["c:1"]);
  assert.deepEqual(sleepsThenAsserts("d", "std::thread::sleep(Duration::from_millis(5));\nassert_eq!(n, 0);\n"), ["d:1"]);
  assert.deepEqual(sleepsThenAsserts("e", "for (let i = 0; i < 9 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));\nassert.ok(ok());\n"), []);
  assert.deepEqual(sleepsThenAsserts("f", "await new Promise((r) => setImmediate(r));\nassert.equal(got.length, 1);\nawait until(() => done);\nassert.ok(done);\n"), []);
  assert.deepEqual(runsGit("g", 'const old = execFileSync("git", ["show", `x:${f}`]);\n'), ["g:1"]);
  assert.deepEqual(runsGit("h", 'subprocess.run(["git", "log"], check=True)\n'), ["h:1"]);
  assert.deepEqual(runsGit("i", "// a comment about git history\n"), []);
});

test("no test sleeps and then asserts", () => {
  assert.ok(sources.length > 40, "the test sources are found");
  const found = sources.flatMap((file) => sleepsThenAsserts(file, readFileSync(new URL(file, root), "utf8")));
  assert.deepEqual(found, [], "wait for an event or a counter instead");
});

test("no test runs git", () => {
  const found = sources.filter((f) => f !== "js-tests/test-rules.test.mjs").flatMap((file) => runsGit(file, readFileSync(new URL(file, root), "utf8")));
  assert.deepEqual(found, [], "commit what the test compares with (js-tests/fixtures/)");
});
