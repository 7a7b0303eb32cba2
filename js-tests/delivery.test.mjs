// Broadcast delivery and read state through the npm package.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import * as esm from "mcp-boundary";
import { rng } from "./helpers.mjs";

const cjs = createRequire(import.meta.url)("mcp-boundary");
const vectors = JSON.parse(readFileSync(new URL("../tests/data/delivery.json", import.meta.url), "utf8"));

for (const [label, api] of [["import", esm], ["require", cjs]]) {
  test(`${label}: delivery vectors`, () => {
    for (const c of vectors.states) assert.equal(api.readState(c.message, c.reader), c.state, c.name);
    for (const c of vectors.malformed) {
      for (const call of [() => api.readState(c.message, "@b"), () => api.markRead(c.message, "@b", "2026-11-22T08:15:00Z")]) {
        assert.throws(call, (e) => {
          assert.equal(e.code, "MALFORMED_RECORD", c.name);
          assert.equal(e.name, "MalformedRecordError");
          assert.equal(e.reason, c.reason, c.name);
          assert.equal(e.place, c.place, c.name);
          assert.ok(e.message.includes(c.place));
          return true;
        });
      }
      assert.throws(() => api.unreadCount([{ from: "@a", to: "@b" }, c.message], "@b"), { code: "MALFORMED_RECORD", place: c.place.replace("message", "messages[1]") });
    }
    for (const c of vectors.marks) {
      const r = api.markRead(c.message, c.reader, c.now);
      if (c.expect.ok) assert.deepStrictEqual(r, c.expect, c.name);
      else assert.deepStrictEqual([r.ok, r.error.code, typeof r.error.message], [false, "NOT_A_RECIPIENT", "string"], c.name);
    }
    const { messages, unreadCount, listUnread } = vectors.mailbox;
    for (const reader of Object.keys(unreadCount)) {
      assert.equal(api.unreadCount(messages, reader), unreadCount[reader], reader);
      const list = api.listUnread(messages, reader);
      assert.deepStrictEqual(list.map((m) => m.id), listUnread[reader], reader);
      list.forEach((m) => assert.ok(messages.includes(m), "the same record objects"));
    }
    for (const c of vectors.plans) {
      const r = api.planDelivery({ to: c.to, sender: c.sender, agents: c.agents }, c.options);
      if (c.expect.ok) assert.deepStrictEqual(r, c.expect, c.name);
      else assert.deepStrictEqual([r.ok, r.error.code, r.error.reason], [false, c.expect.code, c.expect.reason], c.name);
    }
  });
}

const { planDelivery, readState, markRead, unreadCount, listUnread } = esm;

test("the incident: B reading a broadcast does not hide it from C", () => {
  const agents = [{ id: "@a" }, { id: "@b" }, { id: "@c" }, { id: "@ops", accountType: "human" }];
  const plan = planDelivery({ to: "AGENT:*", sender: "@a", agents });
  assert.deepStrictEqual(plan, { ok: true, kind: "broadcast", recipients: ["@b", "@c"] });
  // The host stores the message and one receipt per audience member.
  const message = { id: 1, from: "@a", to: "AGENT:*", readAt: null, receipts: plan.recipients.map((recipient) => ({ recipient, deliveredAt: "2026-11-22T08:00:00Z", readAt: null })) };
  const mailbox = [message];
  assert.equal(unreadCount(mailbox, "@b"), 1);
  assert.equal(unreadCount(mailbox, "@c"), 1);
  const update = markRead(message, "@b", "2026-11-22T08:15:00Z");
  assert.deepStrictEqual(update, { ok: true, alreadyRead: false, target: "receipt", readAt: "2026-11-22T08:15:00Z" });
  message.receipts.find((r) => r.recipient === "@b").readAt = update.readAt; // the host stores it
  assert.equal(readState(message, "@b"), "read");
  assert.equal(readState(message, "@c"), "unread");
  assert.equal(unreadCount(mailbox, "@b"), 0);
  assert.equal(unreadCount(mailbox, "@c"), 1);
  // The sender and a latecomer are not recipients and cannot mark.
  assert.equal(readState(message, "@a"), "not_a_recipient");
  agents.push({ id: "@late" });
  assert.equal(readState(message, "@late"), "not_a_recipient");
  assert.equal(markRead(message, "@late", new Date()).ok, false);
  // The first read wins.
  const again = markRead(message, "@b", Date.UTC(2026, 10, 23));
  assert.deepStrictEqual(again, { ok: true, alreadyRead: true, target: "receipt", readAt: "2026-11-22T08:15:00Z" });
  // A stale shared flag on a receipt-backed broadcast is never used.
  message.readAt = "2026-11-22T09:00:00Z";
  assert.equal(readState(message, "@c"), "unread");
});

test("legacy and direct messages use the message's readAt", () => {
  const legacy = { id: 2, from: "@a", to: "AGENT:*", readAt: null };
  assert.equal(readState(legacy, "@b"), "unread");
  assert.deepStrictEqual(markRead(legacy, "@b", "2026-11-22T08:15:00Z"), { ok: true, alreadyRead: false, target: "message", readAt: "2026-11-22T08:15:00Z" });
  assert.equal(readState({ ...legacy, readAt: "2026-11-22T08:15:00Z" }, "@c"), "read", "legacy keeps one shared flag");
  const direct = { id: 3, from: "@a", to: "@b" };
  assert.equal(readState(direct, "@b"), "unread");
  assert.equal(readState(direct, "@c"), "not_a_recipient");
  assert.equal(markRead(direct, "@b", new Date("2026-11-22T08:15:00.500Z")).readAt, "2026-11-22T08:15:00.500Z");
});

test("records as a database driver or an ORM gives them: a readAt that is a Date is its timestamp", () => {
  // node-postgres, Prisma, Drizzle and the like give timestamp columns as
  // Dates; the record's JSON has them as ISO-8601 UTC text.
  const at = new Date("2026-11-22T08:15:00.250Z");
  const broadcast = { id: 1, from: "@a", to: "AGENT:*", receipts: [
    { recipient: "@b", deliveredAt: at, readAt: at },
    { recipient: "@c", deliveredAt: at, readAt: null },
  ] };
  const direct = { id: 2, from: "@a", to: "@b", readAt: vm.runInNewContext("new Date(Date.UTC(2026, 10, 22))") }; // another realm's Date
  const legacy = { id: 3, from: "@a", to: "AGENT:*", readAt: at };
  assert.equal(readState(broadcast, "@b"), "read");
  assert.equal(readState(broadcast, "@c"), "unread");
  assert.equal(readState(direct, "@b"), "read");
  assert.equal(readState(legacy, "@c"), "read");
  assert.equal(unreadCount([broadcast, direct, legacy], "@b"), 0);
  assert.deepStrictEqual(listUnread([broadcast, direct, legacy], "@c"), [broadcast]);
  // The first read wins, and comes back as the text the host's JSON has.
  assert.deepStrictEqual(markRead(broadcast, "@b", "2026-11-23T00:00:00Z"), { ok: true, alreadyRead: true, target: "receipt", readAt: "2026-11-22T08:15:00.250Z" });
  assert.equal(markRead(direct, "@b", new Date()).readAt, "2026-11-22T00:00:00.000Z");
  assert.equal(markRead(direct, "@b", vm.runInNewContext("new Date(0)")).alreadyRead, true, "another realm's Date as now");
  // Still never a guess: an invalid Date, a year JSON writes beyond 9999,
  // an object that only says it is a Date, a Date where a string belongs.
  const fake = { [Symbol.toStringTag]: "Date", getTime: () => 0, toISOString: () => "2026-11-22T08:15:00Z" };
  for (const [i, bad] of [new Date("nope"), new Date(Date.UTC(10000, 0, 1)), fake, new Proxy(at, {})].entries()) {
    assert.throws(() => readState({ ...direct, readAt: bad }, "@b"), { code: "MALFORMED_RECORD", reason: "read_at" }, `#${i}`);
    assert.throws(() => unreadCount([{ ...broadcast, receipts: [{ recipient: "@b", readAt: bad }] }], "@b"), { code: "MALFORMED_RECORD" });
  }
  assert.throws(() => readState({ ...direct, to: at }, "@b"), { code: "MALFORMED_RECORD" });
  assert.throws(() => markRead(direct, "@b", fake), { code: "INVALID_ARGUMENT" });
});

test("wrong argument types throw clear TypeErrors; the module keeps working", () => {
  const m = { from: "@a", to: "@b" };
  for (const bad of [undefined, null, 42, {}, Symbol("r")]) {
    assert.throws(() => readState(m, bad), { name: "TypeError", code: "INVALID_ARGUMENT" });
    assert.throws(() => unreadCount([m], bad), { code: "INVALID_ARGUMENT" });
  }
  for (const bad of [undefined, null, "x", { length: 1 }]) {
    assert.throws(() => unreadCount(bad, "@b"), { code: "INVALID_ARGUMENT" });
    assert.throws(() => listUnread(bad, "@b"), { code: "INVALID_ARGUMENT" });
  }
  for (const bad of ["2026-11-22 08:15", "2026-11-22T08:15:00+01:00", NaN, new Date("nope"), undefined, {}]) {
    assert.throws(() => markRead(m, "@b", bad), { code: "INVALID_ARGUMENT" }, String(bad));
  }
  for (const bad of [undefined, null, "AGENT:*", 5]) assert.throws(() => planDelivery(bad), { code: "INVALID_ARGUMENT" });
  assert.throws(() => planDelivery({ to: "AGENT:*", agents: "@b" }), { code: "INVALID_ARGUMENT" });
  assert.throws(() => planDelivery({ to: "AGENT:*", sender: 3, agents: [] }), { code: "INVALID_ARGUMENT" });
  assert.equal(planDelivery({ to: 42, agents: [] }).error.reason, "not_a_string");
  assert.deepStrictEqual(planDelivery({ to: "AGENT:*" }), { ok: true, kind: "broadcast", recipients: [] });
  assert.equal(planDelivery({ to: "@zed", agents: [] }, { knownAgents: ["@neo"], strict: true }).error.code, "UNKNOWN_RECIPIENT");
  assert.equal(readState(m, "@b"), "unread");
});

test("random mailboxes: unreadCount == listUnread.length == readState count, for every reader", () => {
  const random = rng(99);
  const agents = ["@a", "@b", "@c", "@d"];
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const stamp = () => (random() < 0.5 ? null : "2026-11-22T08:15:00Z");
  for (let round = 0; round < 200; round++) {
    const mailbox = Array.from({ length: Math.floor(random() * 40) }, (_, id) => {
      const broadcast = random() < 0.5;
      const m = { id, from: pick(agents), to: broadcast ? "AGENT:*" : pick(agents), readAt: stamp() };
      if (broadcast && random() < 0.7) m.receipts = [...new Set(agents.filter(() => random() < 0.6))].map((recipient) => ({ recipient, readAt: stamp() }));
      return m;
    });
    for (const reader of [...agents, "@late"]) {
      const byState = mailbox.filter((m) => readState(m, reader) === "unread").length;
      assert.equal(unreadCount(mailbox, reader), byState);
      assert.equal(listUnread(mailbox, reader).length, byState);
    }
  }
});

test("a getter that calls back into the API mid-call gets the right answers", () => {
  const inner = [{ from: "@a", to: "@c" }];
  const tricky = {
    from: "@a",
    get to() {
      assert.equal(unreadCount(inner, "@c"), 1); // nested, while the outer call is half encoded
      assert.deepStrictEqual(listUnread(inner, "@c"), inner);
      return "@b";
    },
  };
  assert.equal(unreadCount([{ from: "@a", to: "@b" }, tricky, { from: "@x", to: "@b", readAt: "2026-11-22T08:15:00Z" }], "@b"), 2);
  assert.deepStrictEqual(markRead(tricky, "@b", "2026-11-22T08:15:00Z").ok, true);
});

test("large mailboxes", () => {
  const mailbox = Array.from({ length: 20_000 }, (_, i) =>
    i % 3 ? { id: i, from: "@a", to: "@b", readAt: i % 2 ? null : "2026-11-22T08:15:00Z" } : { id: i, from: "@a", to: "AGENT:*", receipts: [{ recipient: "@b", readAt: null }, { recipient: "@c", readAt: null }] },
  );
  const want = mailbox.filter((m) => readState(m, "@b") === "unread").length;
  assert.equal(unreadCount(mailbox, "@b"), want);
  assert.equal(listUnread(mailbox, "@c").length, Math.ceil(20_000 / 3));
});
