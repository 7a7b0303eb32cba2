// Broadcast delivery from Node: `make demo` (or `node examples/delivery.mjs` after `make pkg`).
// The module decides; the host stores (here, in two arrays standing for two tables).
import { planDelivery, markRead, readState, unreadCount } from "mcp-boundary";

const messages = []; // messages(id, from, to, subject, read_at)
const receipts = []; // receipts(message_id, recipient, delivered_at, read_at)
const agents = [{ id: "@a" }, { id: "@b" }, { id: "@c" }, { id: "@ops", accountType: "human" }];
const record = (m) => ({ ...m, receipts: m.to === "AGENT:*" ? receipts.filter((r) => r.messageId === m.id) : undefined });

console.log("== Delivery: @a broadcasts to AGENT:*");
const plan = planDelivery({ to: "AGENT:*", sender: "@a", agents });
console.log(`audience snapshot: ${JSON.stringify(plan.recipients)} (the sender and the human account left out)`);
messages.push({ id: 1, from: "@a", to: "AGENT:*", readAt: null });
for (const recipient of plan.recipients) receipts.push({ messageId: 1, recipient, deliveredAt: "2026-11-22T08:00:00Z", readAt: null });

console.log("\n== Delivery: @b reads it");
const update = markRead(record(messages[0]), "@b", "2026-11-22T08:15:00Z");
console.log(`markRead -> ${JSON.stringify(update)}`);
if (update.ok && update.target === "receipt") receipts.find((r) => r.messageId === 1 && r.recipient === "@b").readAt = update.readAt;
for (const reader of ["@a", "@b", "@c", "@late"]) {
  console.log(`${reader.padEnd(5)} readState: ${readState(record(messages[0]), reader).padEnd(15)} unreadCount: ${unreadCount(messages.map(record), reader)}`);
}
console.log(`markRead again by @b -> ${JSON.stringify(markRead(record(messages[0]), "@b", "2026-11-23T00:00:00Z"))} (the first read wins)`);

console.log("\n== Delivery: a bad recipient is refused before anything is stored");
console.log(JSON.stringify(planDelivery({ to: "AGENT:gpt", sender: "@a", agents }).error.reason));
