#!/usr/bin/env node
// An agent mailbox as an MCP server over stdio, on the official SDK:
//   node examples/mailbox-server/index.mjs --db mailbox.sqlite
//
// Tools: register_agent, add_message, list_messages, mark_read, unread_count.
// mcp-boundary does every check at the tool boundary:
// - `to` is validated (a bad one comes back as the structured rejection, and
//   nothing is stored; unknown agents are refused with suggestions);
// - broadcasts get a receipt per member of the audience (planDelivery), and
//   read state is per recipient (markRead, readState, unreadCount);
// - argument errors go through an ErrorClassifier whose catalog is this
//   server's own tools and fields, so no bad value is ever echoed.
// State lives in SQLite (sql.js: SQLite compiled to WebAssembly), saved to
// the --db file after every change, so a restart loses nothing.
import { readFileSync, writeFileSync, renameSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { validateRecipient, planDelivery, markRead, readState, unreadCount, ErrorClassifier } from "mcp-boundary";

const require = createRequire(import.meta.url);
const initSqlJs = require("sql.js");

const dbArg = process.argv.indexOf("--db");
if (dbArg < 0 || !process.argv[dbArg + 1]) {
  process.stderr.write("usage: node examples/mailbox-server/index.mjs --db <file>\n");
  process.exit(2);
}
const dbFile = process.argv[dbArg + 1];

// ---- storage ----
const SQL = await initSqlJs();
const db = existsSync(dbFile) ? new SQL.Database(readFileSync(dbFile)) : new SQL.Database();
db.run(`
  CREATE TABLE IF NOT EXISTS agents (id TEXT PRIMARY KEY, account_type TEXT);
  CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT, sender TEXT NOT NULL, recipient TEXT NOT NULL,
    subject TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL,
    read_at TEXT, has_receipts INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE IF NOT EXISTS receipts (
    message_id INTEGER NOT NULL REFERENCES messages(id), recipient TEXT NOT NULL,
    delivered_at TEXT NOT NULL, read_at TEXT, PRIMARY KEY (message_id, recipient));
`);
function save() {
  writeFileSync(`${dbFile}.tmp`, Buffer.from(db.export()));
  renameSync(`${dbFile}.tmp`, dbFile); // atomic: a crash never leaves half a file
}
save();
function all(sql, params = []) {
  const stmt = db.prepare(sql);
  stmt.bind(params);
  const rows = [];
  while (stmt.step()) rows.push(stmt.getAsObject());
  stmt.free();
  return rows;
}
const agents = () => all("SELECT id, account_type AS accountType FROM agents ORDER BY id");
/** A stored message as the record mcp-boundary reads: receipts only for receipt-backed broadcasts. */
function record(row) {
  const m = { id: row.id, from: row.sender, to: row.recipient, subject: row.subject, body: row.body, createdAt: row.created_at, readAt: row.read_at };
  if (row.has_receipts) {
    m.receipts = all("SELECT recipient, delivered_at AS deliveredAt, read_at AS readAt FROM receipts WHERE message_id = ?", [row.id]);
  }
  return m;
}
const mailboxOf = (agent) => all("SELECT * FROM messages WHERE recipient = ? OR recipient = 'AGENT:*' ORDER BY id", [agent]).map(record);

// ---- argument errors: whitelist-only ----
const FIELDS = {
  register_agent: ["id", "accountType"],
  add_message: ["from", "to", "subject", "body"],
  list_messages: ["agent", "status"],
  mark_read: ["agent", "messageId"],
  unread_count: ["agent"],
};
const classifier = new ErrorClassifier({
  tools: FIELDS,
  fieldMessages: ["is required", "must be a string", "must be one of unread, read, all", "must be a whole number", "must be an agent identity (@<identifier>)", "is not a registered agent", "does not match a message"],
  fieldlessMessages: ["arguments must be an object", "unknown argument"],
});
class ArgumentError extends Error {}
const fail = (message) => {
  throw new ArgumentError(message);
};

const agentSchema = { type: "string", description: "An agent identity, @<identifier>" };
const TOOLS = [
  {
    name: "register_agent",
    description: "Register an agent identity so that it can send and receive messages.",
    inputSchema: { type: "object", properties: { id: agentSchema, accountType: { type: "string", description: "agent (default), human or sentinel; human and sentinel accounts get no broadcasts" } }, required: ["id"] },
  },
  {
    name: "add_message",
    description: "Send a message to one agent (@<identifier>) or to every agent (AGENT:*).",
    inputSchema: { type: "object", properties: { from: agentSchema, to: { type: "string", description: "AGENT:* or @<identifier>" }, subject: { type: "string" }, body: { type: "string" } }, required: ["from", "to", "subject", "body"] },
  },
  {
    name: "list_messages",
    description: "List an agent's messages with their read state.",
    inputSchema: { type: "object", properties: { agent: agentSchema, status: { type: "string", enum: ["unread", "read", "all"] } }, required: ["agent", "status"] },
  },
  {
    name: "mark_read",
    description: "Mark a message read for one agent (its own receipt for a broadcast).",
    inputSchema: { type: "object", properties: { agent: agentSchema, messageId: { type: "integer" } }, required: ["agent", "messageId"] },
  },
  {
    name: "unread_count",
    description: "How many messages an agent has not read.",
    inputSchema: { type: "object", properties: { agent: agentSchema }, required: ["agent"] },
  },
];

/** Checks arguments; every failure is "<field> <catalog phrase>", and only the classifier's output leaves. */
function check(tool, args) {
  if (args === null || typeof args !== "object" || Array.isArray(args)) fail("arguments must be an object");
  const known = FIELDS[tool];
  for (const key of Object.keys(args)) if (!known.includes(key)) fail("unknown argument");
  const required = TOOLS.find((t) => t.name === tool).inputSchema.required;
  for (const field of required) if (args[field] === undefined) fail(`${field} is required`);
  for (const field of known) {
    const v = args[field];
    if (v === undefined) continue;
    if (field === "messageId") {
      if (!Number.isSafeInteger(v) || v < 1) fail("messageId must be a whole number");
    } else if (typeof v !== "string") fail(`${field} must be a string`);
  }
  for (const field of ["agent", "from", "id"]) {
    if (typeof args[field] === "string" && !(validateRecipient(args[field]).recipient?.kind === "identity")) fail(`${field} must be an agent identity (@<identifier>)`);
  }
  if (tool === "list_messages" && !["unread", "read", "all"].includes(args.status)) fail("status must be one of unread, read, all");
  if (tool !== "register_agent") {
    const who = args.agent ?? args.from;
    if (!agents().some((a) => a.id === who)) fail(`${args.agent !== undefined ? "agent" : "from"} is not a registered agent`);
  }
}

const ok = (value) => ({ content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value });
const refused = (error) => ({ content: [{ type: "text", text: JSON.stringify(error) }], isError: true, structuredContent: { error } });

const handlers = {
  register_agent({ id, accountType }) {
    db.run("INSERT OR IGNORE INTO agents (id, account_type) VALUES (?, ?)", [id, accountType ?? "agent"]);
    save();
    return ok({ registered: id });
  },
  add_message({ from, to, subject, body }) {
    const known = agents();
    // Direct messages must go to a registered agent; a miss gets suggestions from the list.
    const plan = planDelivery({ to, sender: from, agents: known }, { knownAgents: known.map((a) => a.id), strict: true });
    if (!plan.ok) return refused(plan.error); // nothing stored
    const now = new Date().toISOString();
    db.run("INSERT INTO messages (sender, recipient, subject, body, created_at, has_receipts) VALUES (?, ?, ?, ?, ?, ?)", [from, to, subject, body, now, plan.kind === "broadcast" ? 1 : 0]);
    const id = all("SELECT last_insert_rowid() AS id")[0].id;
    if (plan.kind === "broadcast") {
      for (const recipient of plan.recipients) db.run("INSERT INTO receipts (message_id, recipient, delivered_at, read_at) VALUES (?, ?, ?, NULL)", [id, recipient, now]);
    }
    save();
    return ok({ id, kind: plan.kind, recipients: plan.recipients });
  },
  list_messages({ agent, status }) {
    const messages = mailboxOf(agent)
      .map((m) => ({ m, state: readState(m, agent) }))
      .filter(({ state }) => state !== "not_a_recipient" && (status === "all" || state === status))
      .map(({ m, state }) => ({ id: m.id, from: m.from, to: m.to, subject: m.subject, body: m.body, createdAt: m.createdAt, state }));
    return ok({ agent, status, messages });
  },
  mark_read({ agent, messageId }) {
    const row = all("SELECT * FROM messages WHERE id = ?", [messageId])[0];
    if (row === undefined) fail("messageId does not match a message");
    const update = markRead(record(row), agent, new Date());
    if (!update.ok) return refused(update.error);
    if (!update.alreadyRead) {
      if (update.target === "receipt") db.run("UPDATE receipts SET read_at = ? WHERE message_id = ? AND recipient = ?", [update.readAt, messageId, agent]);
      else db.run("UPDATE messages SET read_at = ? WHERE id = ?", [update.readAt, messageId]);
      save();
    }
    return ok({ messageId, alreadyRead: update.alreadyRead, readAt: update.readAt });
  },
  unread_count({ agent }) {
    return ok({ agent, unread: unreadCount(mailboxOf(agent), agent) });
  },
};

// ---- the MCP server ----
const server = new Server({ name: "mailbox", version: "0.1.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (!Object.hasOwn(handlers, name)) {
    // -32602 with catalog suggestions only; the requested name is never echoed.
    const { error } = classifier.unknownToolResponse(null, name);
    throw Object.assign(new Error(error.message), error);
  }
  try {
    check(name, args ?? {});
    return handlers[name](args ?? {});
  } catch (e) {
    if (e instanceof ArgumentError) return classifier.toolErrorResult(name, e); // MCP 2025-11-25: an isError result
    throw e;
  }
});
await server.connect(new StdioServerTransport());
