// mcp-boundary check-tools (the package's bin): on a tools/list file and on
// a spawned SDK server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { __mcp } from "mcp-boundary";

const require = createRequire(import.meta.url);
const bin = join(require.resolve("mcp-boundary/package.json"), "..", require("mcp-boundary/package.json").bin["mcp-boundary"]);
const run = (...args) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
const dir = mkdtempSync(join(tmpdir(), "check-tools-"));
const file = (tools) => {
  const f = join(dir, `${Math.random()}.json`);
  writeFileSync(f, JSON.stringify({ tools: tools.map((name) => ({ name, inputSchema: { type: "object" } })) }));
  return f;
};

test("a file: aliases per profile, hashed or refused names, collisions, and the exit code", () => {
  const long = "summarize_every_document_in_the_workspace_and_rank_them_by_relevance";
  const r = run("check-tools", "--tools", file(["create_issue", long, "a__b", "a/b"]), "--prefix", "github", "--json");
  assert.equal(r.status, 1, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.ok, false);
  assert.deepEqual(Object.keys(report.profiles), ["anthropic", "openai", "gemini", "bedrock", "mcp", "portable"]);
  const openai = report.profiles.openai;
  assert.deepEqual(openai.tools[0], { name: "github/create_issue", alias: "github__create_issue", fits: true });
  assert.equal(openai.tools[1].hashed, true, "76 characters do not fit 64");
  assert.equal(openai.tools[1].reason, "too_long");
  assert.equal(openai.tools[1].alias.length, 64);
  assert.equal(report.profiles.anthropic.tools[1].fits, true, "anthropic allows 128");
  assert.equal(openai.collisions.length, 1);
  assert.equal(openai.collisions[0].name, "github/a/b");
  // Text output names the same things.
  const text = run("check-tools", "--tools", file(["create_issue", long]), "--prefix", "github", "--profile", "openai").stdout;
  assert.match(text, /ok {6}github\/create_issue -> github__create_issue/);
  assert.match(text, /hashed {2}github\/summarize/);
});

test("the text report shows hostile names escaped and whole: no forged line, no escape sequence", () => {
  const hostile = ["evil\n  ok      fake -> fake", "\u001b[2K\u001b[31mred", "\u202egnp.exe", "back\\slash\r", "\u0085next\u2028line"];
  const r = run("check-tools", "--tools", file(hostile), "--prefix", "srv\u001b]0;title\u0007", "--profile", "openai");
  assert.equal(r.status, 1, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 2 + hostile.length, r.stdout);
  assert.equal(lines[0], "names as a host sees them: srv\\u{001B}]0;title\\u{0007}/<tool>");
  assert.equal(lines[1], "openai:");
  for (const line of lines.slice(2)) assert.match(line, /^ {2}hashed {2}srv\\u\{001B\}\]0;title\\u\{0007\}\/\S/);
  assert.match(lines[2], /\/evil\\u\{000A\} {2}ok {6}fake -> fake -> /, "the name shown whole, its newline escaped");
  assert.match(lines[5], /\/back\\\\slash\\u\{000D\} -> /, "a backslash doubled: an input cannot imitate an escape");
  assert.doesNotMatch(r.stdout, /[^\x20-\x7e\n]/, "printable ASCII and line ends only");
  // The JSON report keeps the names as they are.
  const json = JSON.parse(run("check-tools", "--tools", file(hostile), "--prefix", "", "--profile", "openai", "--json").stdout);
  assert.deepEqual(json.profiles.openai.tools.map((t) => t.name), hostile);
});

test("a file with a tool that has no string name exits 2", () => {
  const f = join(dir, "nameless.json");
  writeFileSync(f, JSON.stringify({ tools: [{ name: "a" }, { title: "b" }, null] }));
  const r = run("check-tools", "--tools", f);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /tools\[1\] has no string name/);
});

test("a file that cannot be read or is not JSON, or a server that cannot be listed, exits 2 (1 says a name does not fit) without the usage line", () => {
  const bad = join(dir, "bad.json");
  writeFileSync(bad, "{not json");
  writeFileSync(join(dir, "null.json"), "null");
  for (const [args, said] of [
    [["--tools", join(dir, "missing.json")], /missing\.json: cannot be read \(ENOENT\)/],
    [["--tools", bad], /bad\.json: not JSON/],
    [["--tools", join(dir, "null.json")], /null\.json: expected a tools\/list result/],
    [["--", process.execPath, "-e", "process.exit(3)"], /could not list the server's tools/],
  ]) {
    const r = run("check-tools", ...args);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, said);
    assert.doesNotMatch(r.stderr, /usage:/, "not a usage error");
  }
  assert.match(run("check-tools", "--tools").stderr, /usage:/, "a usage error shows the usage");
});

test("every usage error is Rust's text, then Rust's usage line", () => {
  const { say, profiles } = __mcp();
  const usage = say("usage");
  assert.match(usage, /^usage: mcp-boundary check-tools /);
  for (const [args, said] of [
    [[], say("missingCommand")],
    [["lint-tools"], say("unknownCommand", "lint-tools")],
    [["lint\ntools"], say("unknownCommand", "lint\\u{000A}tools")],
    [["check-tools", "--prefix"], say("prefixNeedsValue")],
    [["check-tools", "--tools"], say("toolsNeedsFile")],
    [["check-tools", "--profile", "nope"], say("profileOneOf", profiles.join(", "))],
    [["check-tools", "--frob"], say("unknownOption", "--frob")],
    [["check-tools"], say("toolsOrCommand")],
  ]) {
    const r = run(...args);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `${said}\n${usage}\n`);
  }
});

test("a file whose names fit the profiles asked for exits 0; bad usage exits 2", () => {
  assert.equal(run("check-tools", "--tools", file(["create_issue", "list_prs"]), "--profile", "openai", "--profile", "gemini").status, 0);
  assert.equal(run("check-tools").status, 2);
  assert.equal(run("check-tools", "--profile", "nope", "--tools", file(["a"])).status, 2);
  assert.equal(run("lint-tools").status, 2);
});

test("a spawned SDK server: its tools, prefixed with its name by default", () => {
  const server = new URL("./mcp-probe.mjs", import.meta.url).pathname;
  const r = run("check-tools", "--json", "--profile", "openai", "--", process.execPath, server, "4", "protected");
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.prefix, "probe");
  assert.deepEqual(report.profiles.openai.tools.map((t) => t.alias), ["probe__send", "probe__strict", "probe__typed"]);
  const bare = JSON.parse(run("check-tools", "--json", "--prefix", "", "--", process.execPath, server, "4", "plain").stdout);
  assert.equal(bare.profiles.mcp.tools[0].name, "send");
});

test("a server whose tools/list repeats a cursor or never ends exits 2, saying so, without the usage line", { timeout: 60_000 }, () => {
  const probe = new URL("./paging-probe.mjs", import.meta.url).pathname;
  for (const [mode, said] of [
    ["repeat", /^the server's tools\/list repeated a cursor/],
    ["fresh", /^the server's tools\/list has more than 1000 pages: none of that list is taken\n$/],
  ]) {
    // A bounded wait: a check-tools that follows the pages for ever is killed, and fails here.
    const r = spawnSync(process.execPath, [bin, "check-tools", "--", process.execPath, probe, mode], { encoding: "utf8", timeout: 20_000 });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, said);
    assert.equal(r.stdout, "");
  }
});

test("--json escapes every character outside printable ASCII, and parses back to the names", () => {
  const hostile = ["csi\u009b31m", "rtl\u202egnp.exe", "line\u2028sep\u2029", "nel\u0085", "bom\ufeff", "rlm\u200f", "del\u007f", "emoji\u{1f600}", "lone\ud800", "é"];
  const r = run("check-tools", "--json", "--tools", file(hostile), "--prefix", "srv\u009b", "--profile", "openai");
  assert.equal(r.status, 1, r.stderr);
  assert.doesNotMatch(r.stdout, /[^\x20-\x7e\n]/, "printable ASCII and line ends only");
  const report = JSON.parse(r.stdout);
  assert.deepEqual(report.profiles.openai.tools.map((t) => t.name), hostile.map((n) => `srv\u009b/${n}`));
  assert.equal(report.prefix, "srv\u009b");
});

test("a reader that closes the output early (| head -1) ends the check quietly, with its own exit code", () => {
  // Enough lines to fill the pipe, so the write meets the closed end.
  const many = Array.from({ length: 5000 }, (_, i) => `tool_${i}`);
  for (const [names, code] of [
    [many, 0],
    [[...many, "does.not.fit"], 1],
  ]) {
    for (const json of [[], ["--json"]]) {
      const args = ["check-tools", ...json, "--profile", "openai", "--tools", file(names)].map((a) => `'${a}'`).join(" ");
      const r = spawnSync("bash", ["-c", `'${process.execPath}' '${bin}' ${args} | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`], { encoding: "utf8" });
      assert.equal(r.stdout.trim(), String(code), r.stderr);
      assert.equal(r.stderr, "", "no trace");
    }
  }
});
