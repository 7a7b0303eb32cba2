// Read state beside a plain-JS equivalent: `make bench`.
import { unreadCount } from "mcp-boundary";
import { compare, report } from "./harness.mjs";

// ---- the plain-JS equivalent: the same rule, with the same record checks ----
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|\+00:00)$/;
function readAt(v) {
  if (v === undefined || v === null) return null;
  if (typeof v === "string" && UTC.test(v)) return v;
  throw new Error("malformed readAt");
}
function plainState(m, reader) {
  if (typeof m.to !== "string") throw new Error("malformed to");
  const shared = readAt(m.readAt);
  const receipts = m.receipts;
  if (receipts === undefined || receipts === null) {
    if (m.to === "AGENT:*") return m.from === reader ? "not_a_recipient" : shared ? "read" : "unread";
    return m.to === reader ? (shared ? "read" : "unread") : "not_a_recipient";
  }
  if (m.to !== "AGENT:*") throw new Error("receipts on a direct message");
  const seen = new Set();
  let mine;
  for (const r of receipts) {
    if (typeof r.recipient !== "string" || seen.has(r.recipient)) throw new Error("malformed receipt");
    seen.add(r.recipient);
    const at = readAt(r.readAt);
    if (r.recipient === reader) mine = at;
  }
  return mine === undefined ? "not_a_recipient" : mine ? "read" : "unread";
}
const plainUnreadCount = (messages, reader) => messages.reduce((n, m) => n + (plainState(m, reader) === "unread"), 0);

// 10,000 messages: 70 % direct, 30 % broadcasts with 8 receipts, half of everything read.
const agents = Array.from({ length: 8 }, (_, i) => `@agent-${i}`);
const at = (i) => (i % 2 ? null : `2026-11-22T08:${String(i % 60).padStart(2, "0")}:00Z`);
const messages = Array.from({ length: 10_000 }, (_, i) =>
  i % 10 < 7
    ? { id: i, from: agents[i % 8], to: agents[(i + 1) % 8], readAt: at(i) }
    : { id: i, from: agents[i % 8], to: "AGENT:*", readAt: null, receipts: agents.map((recipient, k) => ({ recipient, deliveredAt: "2026-11-22T08:00:00Z", readAt: at(i + k) })) },
);
if (unreadCount(messages, "@agent-3") !== plainUnreadCount(messages, "@agent-3")) throw new Error("equivalents disagree");

report("Delivery", [
  compare("unreadCount over 10,000 messages (per call)", () => unreadCount(messages, "@agent-3"), () => plainUnreadCount(messages, "@agent-3"), { iterations: 20, target: 1.0 }),
]);
