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
// What it finds, every text it prints, the profiles and the listing's
// bounds are Rust's (src/host/, through the main entry's internal `__mcp()`).
import { readFileSync } from "node:fs";
import { __mcp } from "mcp-boundary";

const core = __mcp();
const { profiles: PROFILES, say, shown } = core;

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

/**
 * `s` as the text report shows it (Rust's rule: printable ASCII as is, a
 * backslash doubled, every other character as `\u{XXXX}`, whole): names
 * and words that come from the server or the command line must not forge
 * a line or send the terminal an escape sequence.
 */

const o = parse(process.argv.slice(2));
const { server, names } = await listTools(o);
const prefix = o.prefix ?? server;
// Rust's findings (per profile, per tool, the plain alias, or hashed, or
// the refusal, and the collisions) and its report of them, printable ASCII.
const { ok, output } = core.checkTools(names, prefix ?? "", o.profiles, o.json);
process.exitCode = ok ? 0 : 1;
// A reader that stops early (`| head -1`) closes the pipe: the check is
// decided by now, so its code stands (1 would otherwise say a name does
// not fit), and there is nothing to say about it.
process.stdout.on("error", (e) => process.exit(e?.code === "EPIPE" ? process.exitCode : 2));
process.stdout.write(`${output}\n`);
