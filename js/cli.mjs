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
// repeats a cursor, or passes ToolRouter's bounds on pages or tools).
// A reader that closes the output early (`| head`) does not change the code.
//
// Every text it prints, the profiles and the listing's bounds are Rust's
// (src/host/, through the main entry's internal `__mcp()`).
import { readFileSync } from "node:fs";
import { toLlmFacingName, ToolNameError, ToolRegistry, __mcp } from "mcp-boundary";

const core = __mcp();
const { profiles: PROFILES, say } = core;

/** Exits 2 with `message`, and the usage line when the command line was the problem. */
function fail(message, usage = true) {
  process.stderr.write(usage ? `${message}\n${say("usage")}\n` : `${message}\n`);
  process.exit(2);
}

function parse(argv) {
  const o = { profiles: [], json: false, prefix: undefined, file: undefined, command: undefined };
  if (argv[0] !== "check-tools") fail(argv[0] === undefined ? say("missingCommand") : say("unknownCommand", shown(argv[0])));
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      o.command = argv.slice(i + 1);
      break;
    }
    if (a === "--json") o.json = true;
    else if (a === "--prefix") o.prefix = argv[++i] ?? fail(say("prefixNeedsValue"));
    else if (a === "--tools") o.file = argv[++i] ?? fail(say("toolsNeedsFile"));
    else if (a === "--profile") {
      const p = argv[++i];
      if (!PROFILES.includes(p)) fail(say("profileOneOf", PROFILES.join(", ")));
      o.profiles.push(p);
    } else fail(say("unknownOption", shown(a)));
  }
  if ((o.file === undefined) === (o.command === undefined || o.command.length === 0)) fail(say("toolsOrCommand"));
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
      fail(e instanceof SyntaxError ? say("notJson", shown(o.file)) : say("unreadable", shown(o.file), shown(e?.code ?? String(e))), false);
    }
    const tools = Array.isArray(json) ? json : json?.tools ?? json?.result?.tools;
    if (!Array.isArray(tools)) fail(say("notToolsList", shown(o.file)), false);
    const at = tools.findIndex((t) => typeof t?.name !== "string");
    if (at >= 0) fail(say("noStringName", shown(o.file), at), false);
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
    fail(say("needsSdk"), false);
  }
  const [command, ...args] = o.command;
  const client = new sdk.Client({ name: say("clientName"), version: "1.0.0" });
  let listed, problem;
  try {
    await client.connect(new sdk.StdioClientTransport({ command, args, stderr: "inherit" }));
    const names = (await core.listTools(client)).map((t) => t.name);
    listed = { server: client.getServerVersion()?.name, names };
  } catch (e) {
    // Rust's refusal of the list as it is; anything else may carry the server's words.
    problem = e?.code === core.codes.toolListRefused ? e.message : say("couldNotList", shown(e instanceof Error ? e.message : e));
  } finally {
    await client.close().catch(() => {}); // before exiting, so the server is not left running
  }
  if (problem !== undefined) fail(problem, false);
  return listed;
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
        // t.name has an alias under this profile (plain or hashed), so a
        // ToolNameError here is a collision.
        if (!(e instanceof ToolNameError)) throw e;
        ok = false;
        collisions.push({ name: t.name, message: e.message });
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
  if (report.prefix) lines.push(say("hostNames", shown(report.prefix)));
  for (const [profile, { tools, collisions }] of Object.entries(report.profiles)) {
    lines.push(say("profileHeading", profile));
    for (const t of tools) {
      if (t.fits) lines.push(say("fits", shown(t.name), t.alias));
      else if (t.hashed) lines.push(say("hashed", shown(t.name), t.alias, t.message));
      else lines.push(say("refused", shown(t.name), t.message));
    }
    for (const c of collisions) lines.push(say("collision", c.message));
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
