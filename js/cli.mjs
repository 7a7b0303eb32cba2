#!/usr/bin/env node
// mcp-boundary check-tools: how every tool of an MCP server is named under
// each provider profile, before a host finds out.
//
//   mcp-boundary check-tools [options] -- <command that starts a stdio server>
//   mcp-boundary check-tools [options] --tools FILE   (a tools/list result as JSON)
//
//   --prefix NAME   check NAME/tool, as a host that prefixes tools names them
//                   (default: the server's name when spawned, none for a file;
//                   --prefix "" for none)
//   --profile P     only this built-in profile (repeatable; default: all)
//   --json          one JSON document instead of text
//
// Exit code 1 when a tool's plain alias does not fit a profile checked (it
// would need a hashed alias, or cannot be shown at all) or two tools
// collide; 2 for bad usage or a server that cannot be listed (its tools/list
// repeats a cursor, or has more than MAX_PAGES pages or MAX_TOOLS tools).
// A reader that closes the output early (`| head`) does not change the code.
import { readFileSync } from "node:fs";
import { toLlmFacingName, ToolRegistry } from "mcp-boundary";

const PROFILES = ["anthropic", "openai", "gemini", "bedrock", "mcp", "portable"];
const USAGE = "usage: mcp-boundary check-tools [--prefix NAME] [--profile P]... [--json] (--tools FILE | -- <command> [args...])";
// The bounds ToolRouter lists a server within (docs/REFERENCE.md): a server
// that hands out fresh cursors for ever would be listed for ever.
const MAX_PAGES = 1_000;
const MAX_TOOLS = 1_048_576;

/** Exits 2 with `message`, and the usage line when the command line was the problem. */
function fail(message, usage = true) {
  process.stderr.write(usage ? `${message}\n${USAGE}\n` : `${message}\n`);
  process.exit(2);
}

function parse(argv) {
  const o = { profiles: [], json: false, prefix: undefined, file: undefined, command: undefined };
  if (argv[0] !== "check-tools") fail(argv[0] === undefined ? "missing command" : `unknown command: ${argv[0]}`);
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      o.command = argv.slice(i + 1);
      break;
    }
    if (a === "--json") o.json = true;
    else if (a === "--prefix") o.prefix = argv[++i] ?? fail("--prefix needs a value");
    else if (a === "--tools") o.file = argv[++i] ?? fail("--tools needs a file");
    else if (a === "--profile") {
      const p = argv[++i];
      if (!PROFILES.includes(p)) fail(`--profile: one of ${PROFILES.join(", ")}`);
      o.profiles.push(p);
    } else fail(`unknown option: ${a}`);
  }
  if ((o.file === undefined) === (o.command === undefined || o.command.length === 0)) fail("give --tools FILE or -- <command>");
  if (o.profiles.length === 0) o.profiles = PROFILES;
  return o;
}

/** The tool names and server name: from a file, or from a spawned stdio server through the SDK's client. */
async function listTools(o) {
  if (o.file !== undefined) {
    let json;
    try {
      json = JSON.parse(readFileSync(o.file, "utf8"));
    } catch (e) {
      // Exit 2, not the uncaught error's 1, which says a name does not fit.
      fail(`${shown(o.file)}: ${e instanceof SyntaxError ? "not JSON" : `cannot be read (${shown(e?.code ?? String(e))})`}`, false);
    }
    const tools = Array.isArray(json) ? json : json?.tools ?? json?.result?.tools;
    if (!Array.isArray(tools)) fail(`${shown(o.file)}: expected a tools/list result ({ "tools": [...] })`, false);
    const at = tools.findIndex((t) => typeof t?.name !== "string");
    if (at >= 0) fail(`${shown(o.file)}: tools[${at}] has no string name`, false);
    return { server: undefined, names: tools.map((t) => t.name) };
  }
  let sdk;
  try {
    const [{ Client }, { StdioClientTransport }] = await Promise.all([
      import("@modelcontextprotocol/sdk/client/index.js"),
      import("@modelcontextprotocol/sdk/client/stdio.js"),
    ]);
    sdk = { Client, StdioClientTransport };
  } catch {
    fail("spawning a server needs the peer dependency @modelcontextprotocol/sdk (npm install @modelcontextprotocol/sdk)", false);
  }
  const [command, ...args] = o.command;
  const client = new sdk.Client({ name: "mcp-boundary check-tools", version: "1.0.0" });
  let listed, problem;
  try {
    await client.connect(new sdk.StdioClientTransport({ command, args, stderr: "inherit" }));
    const names = await allNames(client);
    listed = { server: client.getServerVersion()?.name, names };
  } catch (e) {
    problem = e instanceof Unlisted ? e.message : `could not list the server's tools: ${shown(e instanceof Error ? e.message : e)}`; // the message may carry the server's words
  } finally {
    await client.close().catch(() => {}); // before exiting, so the server is not left running
  }
  if (problem !== undefined) fail(problem, false);
  return listed;
}

/** A server's tools/list that check-tools will not follow to its end. */
class Unlisted extends Error {}

/** The names of every page of tools/list, within MAX_PAGES and MAX_TOOLS, and refusing a cursor handed back again. */
async function allNames(client) {
  const names = [];
  const cursors = new Set();
  let cursor;
  for (let pages = 1; ; pages++) {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    if (page.tools.length > MAX_TOOLS - names.length) throw new Unlisted(`the server's tools/list has more than ${MAX_TOOLS} tools`);
    for (const t of page.tools) names.push(t.name);
    cursor = page.nextCursor;
    if (!cursor) return names;
    if (cursors.has(cursor)) throw new Unlisted("the server's tools/list repeated a cursor (it would be listed for ever)");
    if (pages === MAX_PAGES) throw new Unlisted(`the server's tools/list has more than ${MAX_PAGES} pages`);
    cursors.add(cursor);
  }
}

/** Per profile, per tool: the plain alias, or hashed, or the refusal; and the collisions. */
function check(names, prefix, profiles) {
  const canonical = names.map((n) => (prefix ? `${prefix}/${n}` : n));
  const report = { prefix: prefix ?? "", profiles: {} };
  let ok = true;
  for (const profile of profiles) {
    const tools = canonical.map((name) => {
      try {
        return { name, alias: toLlmFacingName(name, { profile }), fits: true };
      } catch (plain) {
        ok = false;
        try {
          return { name, alias: toLlmFacingName(name, { profile, overflow: "hash" }), hashed: true, fits: false, reason: plain.reason, message: plain.message };
        } catch (e) {
          return { name, alias: null, fits: false, reason: e.reason ?? plain.reason, message: e.message };
        }
      }
    });
    const registry = new ToolRegistry({ profile, overflow: "hash" });
    const collisions = [];
    for (const t of tools) {
      if (t.alias === null) continue;
      try {
        registry.register(t.name);
      } catch (e) {
        if (e.code === "TOOL_NAME_COLLISION") {
          ok = false;
          collisions.push({ name: t.name, message: e.message });
        }
      }
    }
    registry.free();
    report.profiles[profile] = { tools, collisions };
  }
  return { report, ok };
}

/**
 * `s` as the text report shows it: printable ASCII as is, a backslash
 * doubled, every other character as `\u{XXXX}`. Tool and server names come
 * from the server, so a name must not forge a line of the report or send
 * the terminal an escape sequence; shown whole (the JSON report has them
 * as they are), unlike the library's bounded rendition in messages.
 */
const shown = (s) =>
  String(s).replace(/[^\x20-\x5b\x5d-\x7e]/gu, (c) => (c === "\\" ? "\\\\" : `\\u{${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}}`));

function text(report) {
  const lines = [];
  if (report.prefix) lines.push(`names as a host sees them: ${shown(report.prefix)}/<tool>`);
  for (const [profile, { tools, collisions }] of Object.entries(report.profiles)) {
    lines.push(`${profile}:`);
    for (const t of tools) {
      if (t.fits) lines.push(`  ok      ${shown(t.name)} -> ${t.alias}`);
      else if (t.hashed) lines.push(`  hashed  ${shown(t.name)} -> ${t.alias}  (${t.message})`);
      else lines.push(`  refused ${shown(t.name)}  (${t.message})`);
    }
    for (const c of collisions) lines.push(`  collision: ${c.message}`);
  }
  return lines.join("\n");
}

/**
 * JSON text with every character outside printable ASCII as `\uXXXX`:
 * JSON.stringify leaves C1 controls (U+009B starts a terminal sequence),
 * bidi overrides and U+2028 raw. The same data for a parser, and nothing
 * a terminal or a log viewer acts on. Code units, so a pair stays a pair.
 */
const asciiJson = (value) => JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

const o = parse(process.argv.slice(2));
const { server, names } = await listTools(o);
const prefix = o.prefix ?? server;
const { report, ok } = check(names, prefix, o.profiles);
process.exitCode = ok ? 0 : 1;
// A reader that stops early (`| head -1`) closes the pipe: the check is
// decided by now, so its code stands (1 would otherwise say a name does
// not fit), and there is nothing to say about it.
process.stdout.on("error", (e) => process.exit(e?.code === "EPIPE" ? process.exitCode : 2));
process.stdout.write(`${o.json ? asciiJson({ ...report, ok }) : text(report)}\n`);
