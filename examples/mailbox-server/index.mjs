#!/usr/bin/env node
// An agent mailbox as an MCP server over stdio, on the official SDK's
// McpServer with Zod schemas, on the SDK's v2 line (or on v1 with --sdk v1:
// the same tools and schemas serve on both):
//   node examples/mailbox-server/index.mjs --db mailbox.sqlite [--sdk v1]
//
// Tools: register_agent, add_message, list_messages, mark_read, unread_count.
// mcp-boundary does every check at the tool boundary:
// - protectServer answers bad arguments, unknown tools and handler errors
//   from a catalog of these tools, so no bad value is ever echoed;
// - `to` is a recipientSchema (a bad one comes back as the structured
//   rejection, and nothing is stored; unknown agents are refused with
//   suggestions);
// - broadcasts get a receipt per member of the audience (planDelivery), and
//   read state is per recipient (markRead, readState, unreadCount).
// State lives in SQLite (sql.js: SQLite compiled to WebAssembly), saved to
// the --db file after every change, so a restart loses nothing.
import { readFileSync, writeFileSync, renameSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { z } from "zod";
import { validateRecipient, planDelivery, markRead, readState, unreadCount, RecipientValidator } from "mcp-boundary";
import { protectServer, recipientSchema } from "mcp-boundary/mcp";

const require = createRequire(import.meta.url);
const initSqlJs = require("sql.js");

const dbArg = process.argv.indexOf("--db");
if (dbArg < 0 || !process.argv[dbArg + 1]) {
  process.stderr.write("usage: node examples/mailbox-server/index.mjs --db <file>\n");
  process.exit(2);
}
const dbFile = process.argv[dbArg + 1];
const v1 = process.argv.includes("--sdk") && process.argv[process.argv.indexOf("--sdk") + 1] === "v1";
const { McpServer } = await import(v1 ? "@modelcontextprotocol/sdk/server/mcp.js" : "@modelcontextprotocol/server");
const { StdioServerTransport } = await import(v1 ? "@modelcontextprotocol/sdk/server/stdio.js" : "@modelcontextprotocol/server/stdio");

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

// ---- the MCP server: McpServer with Zod 4 schemas, made safe by protectServer ----
// Arguments the schemas refuse, unknown tools and errors the handlers throw
// are answered from a catalog of these tools (names, fields, the enum
// options the schemas declare) and the phrases below: no value is ever
// echoed. `to` is a recipientSchema: tools/list teaches both valid shapes,
// and a bad one comes back as the structured rejection.
const server = protectServer(new McpServer({ name: "mailbox", version: "0.1.0" }), {
  messages: ["must be an agent identity (@<identifier>)", "is not a registered agent", "does not match a message"],
});
const agent = recipientSchema(z).describe("An agent identity, @<identifier>");

/** Thrown for a broken rule; protectServer passes its message on, as it is one of the server's phrases. */
const fail = (message) => {
  throw new Error(message);
};
/** An identity argument: not the broadcast literal, and registered unless it is being registered. */
function identity(field, value, registered = true) {
  if (validateRecipient(value).recipient?.kind !== "identity") fail(`${field} must be an agent identity (@<identifier>)`);
  if (registered && !agents().some((a) => a.id === value)) fail(`${field} is not a registered agent`);
}

const ok = (value) => ({ content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value });

server.registerTool(
  "register_agent",
  {
    description: "Register an agent identity so that it can send and receive messages.",
    inputSchema: { id: agent, accountType: z.enum(["agent", "human", "sentinel"]).optional().describe("human and sentinel accounts get no broadcasts") },
  },
  async ({ id, accountType }) => {
    identity("id", id, false);
    db.run("INSERT OR IGNORE INTO agents (id, account_type) VALUES (?, ?)", [id, accountType ?? "agent"]);
    save();
    return ok({ registered: id });
  },
);

server.registerTool(
  "add_message",
  {
    description: "Send a message to one agent (@<identifier>) or to every agent (AGENT:*).",
    inputSchema: { from: agent, to: recipientSchema(z), subject: z.string(), body: z.string() },
  },
  async ({ from, to, subject, body }) => {
    identity("from", from);
    const known = agents();
    // Direct messages must go to a registered agent; a miss gets suggestions from the list.
    const options = { knownAgents: known.map((a) => a.id), strict: true };
    const plan = planDelivery({ to, sender: from, agents: known }, options);
    if (!plan.ok) return new RecipientValidator(options).rejectionResult(to); // nothing stored
    const now = new Date().toISOString();
    db.run("INSERT INTO messages (sender, recipient, subject, body, created_at, has_receipts) VALUES (?, ?, ?, ?, ?, ?)", [from, to, subject, body, now, plan.kind === "broadcast" ? 1 : 0]);
    const id = all("SELECT last_insert_rowid() AS id")[0].id;
    if (plan.kind === "broadcast") {
      for (const recipient of plan.recipients) db.run("INSERT INTO receipts (message_id, recipient, delivered_at, read_at) VALUES (?, ?, ?, NULL)", [id, recipient, now]);
    }
    save();
    return ok({ id, kind: plan.kind, recipients: plan.recipients });
  },
);

server.registerTool(
  "list_messages",
  {
    description: "List an agent's messages with their read state.",
    inputSchema: { agent, status: z.enum(["unread", "read", "all"]) },
  },
  async ({ agent: who, status }) => {
    identity("agent", who);
    const messages = mailboxOf(who)
      .map((m) => ({ m, state: readState(m, who) }))
      .filter(({ state }) => state !== "not_a_recipient" && (status === "all" || state === status))
      .map(({ m, state }) => ({ id: m.id, from: m.from, to: m.to, subject: m.subject, body: m.body, createdAt: m.createdAt, state }));
    return ok({ agent: who, status, messages });
  },
);

server.registerTool(
  "mark_read",
  {
    description: "Mark a message read for one agent (its own receipt for a broadcast).",
    inputSchema: { agent, messageId: z.number().int().min(1) },
  },
  async ({ agent: who, messageId }) => {
    identity("agent", who);
    const row = all("SELECT * FROM messages WHERE id = ?", [messageId])[0];
    if (row === undefined) fail("messageId does not match a message");
    const update = markRead(record(row), who, new Date());
    if (!update.ok) return { content: [{ type: "text", text: JSON.stringify(update.error) }], isError: true, structuredContent: { error: update.error } };
    if (!update.alreadyRead) {
      if (update.target === "receipt") db.run("UPDATE receipts SET read_at = ? WHERE message_id = ? AND recipient = ?", [update.readAt, messageId, who]);
      else db.run("UPDATE messages SET read_at = ? WHERE id = ?", [update.readAt, messageId]);
      save();
    }
    return ok({ messageId, alreadyRead: update.alreadyRead, readAt: update.readAt });
  },
);

server.registerTool(
  "unread_count",
  { description: "How many messages an agent has not read.", inputSchema: { agent } },
  async ({ agent: who }) => {
    identity("agent", who);
    return ok({ agent: who, unread: unreadCount(mailboxOf(who), who) });
  },
);

await server.connect(new StdioServerTransport());
