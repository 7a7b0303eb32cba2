// Broadcast delivery and read state: planDelivery, readState, markRead,
// unreadCount, listUnread. Records stream to Rust (RecordStream) as the
// fields Rust names, typed; Rust decides.
import { deliveryTables as rustDeliveryTables } from "../generated/tables.js";

/** The delivery API over the transport and recipient helpers `h`. */
export function createDelivery(glue, h) {
  const { Reply, Word, Limit, Op, Header, Expected } = glue;
  const { out, take, argumentError, lengthOf, isList, putHeads, words, Transport, withChecker, BROADCAST_KIND } = h;

  // Read on the first delivery call (a cost at import otherwise).
  let RECORD_KEYS, STATES, TIMESTAMP_KEY, TEXT_UNITS;
  // Readers of a record's fields, in the order Rust names them. Every
  // field of every record kind has a load site of its own (positions
  // 0..FIELD_SITES, the kinds one after the other), so each site always
  // reads one key and stays monomorphic: a loop over the keys made one
  // site read them all, megamorphic, 30 % slower.
  const FIELD_SITES = 8;
  function fieldReader(keys, first) {
    if (first + keys.length > FIELD_SITES) throw new Error("mcp-boundary: more record fields than load sites");
    const k = new Array(FIELD_SITES).fill(undefined);
    keys.forEach((key, i) => (k[first + i] = key));
    const [k0, k1, k2, k3, k4, k5, k6, k7] = k;
    // Where Rust's timestamp key is read, a Date may stand for its text.
    const [t0, t1, t2, t3, t4, t5, t6, t7] = k.map((key) => key !== undefined && key === TIMESTAMP_KEY);
    const read = (s, r) => {
      if (k0 !== undefined) s.push(t0 ? s.time(r[k0]) : s.field(r[k0]));
      if (k1 !== undefined) s.push(t1 ? s.time(r[k1]) : s.field(r[k1]));
      if (k2 !== undefined) s.push(t2 ? s.time(r[k2]) : s.field(r[k2]));
      if (k3 !== undefined) s.push(t3 ? s.time(r[k3]) : s.field(r[k3]));
      if (k4 !== undefined) s.push(t4 ? s.time(r[k4]) : s.field(r[k4]));
      if (k5 !== undefined) s.push(t5 ? s.time(r[k5]) : s.field(r[k5]));
      if (k6 !== undefined) s.push(t6 ? s.time(r[k6]) : s.field(r[k6]));
      if (k7 !== undefined) s.push(t7 ? s.time(r[k7]) : s.field(r[k7]));
    };
    return { read, count: keys.length };
  }
  let MESSAGE_FIELDS, RECEIPT_FIELDS, RECEIPTS_KEY;
  function deliveryTables() {
    if (STATES !== undefined) return;
    ({ keys: RECORD_KEYS, states: STATES, timestampKey: TIMESTAMP_KEY, textUnits: TEXT_UNITS } = rustDeliveryTables());
    MESSAGE_FIELDS = fieldReader(RECORD_KEYS.message, 0);
    RECEIPT_FIELDS = fieldReader(RECORD_KEYS.receipt, RECORD_KEYS.message.length);
    RECEIPTS_KEY = RECORD_KEYS.receipts;
  }

  /**
   * Converts records into the stream Rust reads (src/bindings/wasm/delivery.rs):
   * every string of the call interned once (so Rust decodes each once), the
   * fields Rust names in RECORD_KEYS in its order. Nothing is decided
   * here; Rust gets every field as it was, typed.
   */
  class RecordStream {
    constructor() {
      this.mailbox = new Transport(new glue.Mailbox());
      this.words = new Int32Array(1024);
      this.n = 0;
      this.ids = new Map();
      this.strings = [];
      this.records = [];
      this.busy = false;
    }
    reset() {
      this.n = 0;
      this.ids.clear();
      this.strings.length = 0;
      this.records.length = 0;
    }
    intern(s) {
      let i = this.ids.get(s);
      if (i === undefined) {
        i = this.strings.length;
        this.ids.set(s, i);
        this.strings.push(s);
      }
      return i;
    }
    push(w) {
      if (this.n === this.words.length) {
        const bigger = new Int32Array(this.words.length * 2);
        bigger.set(this.words);
        this.words = bigger;
      }
      this.words[this.n++] = w;
    }
    field(v) {
      return v === undefined ? Word.Missing : v === null ? Word.Null : typeof v === "string" ? this.intern(v) : Word.Other;
    }
    /**
     * A timestamp field: as `field`, and a Date (from any realm; an ORM's
     * or a database driver's) as the ISO-8601 text its JSON has, for Rust
     * to check like any other. An invalid Date stays not a string.
     */
    time(v) {
      if (typeof v === "string") return this.intern(v);
      if (v === null || typeof v !== "object") return v === null ? Word.Null : v === undefined ? Word.Missing : Word.Other;
      const text = dateText(v);
      return text === null ? Word.Other : this.intern(text);
    }
    record(r, fields) {
      if (r === null || typeof r !== "object" || isList(r)) {
        this.push(Word.NotAnObject);
        for (let k = 1; k < fields.count; k++) this.push(Word.Missing);
        return false;
      }
      fields.read(this, r);
      return true;
    }
    /** Streams one message; one that throws while it is read (a getter, a revoked Proxy) streams as not a record. */
    message(m) {
      const start = this.n;
      try {
        this.readMessage(m);
      } catch {
        this.n = start;
        this.record(null, MESSAGE_FIELDS);
        this.push(Word.Missing);
      }
    }
    readMessage(m) {
      if (!this.record(m, MESSAGE_FIELDS)) {
        this.push(Word.Missing);
        return;
      }
      const receipts = m[RECEIPTS_KEY];
      if (receipts === undefined || receipts === null) this.push(Word.Missing);
      else if (!isList(receipts)) this.push(Word.Other);
      else {
        const n = receipts.length; // read once: a getter may grow the array while it is read
        if (!(n >= 0 && n <= Limit.MaxElements)) {
          this.push(Word.Other);
          return;
        }
        this.push(n);
        for (let i = 0; i < n; i++) this.record(receipts[i], RECEIPT_FIELDS);
      }
    }
    /** Runs `op` over `messages` for `reader` (and `now`); returns Rust's number. */
    run(op, messages, reader, now) {
      this.reset();
      this.intern(reader);
      if (now !== undefined) this.intern(now);
      // Each message read once, and kept: listUnread answers with these.
      const records = this.records, length = lengthOf(messages, Expected.Messages);
      for (let i = 0; i < length; i++) {
        let m;
        try {
          m = messages[i];
        } catch {
          m = null; // an item whose getter throws is not a record (as one whose fields throw)
        }
        records.push(m);
        this.message(m);
      }
      // Of each string only its first TEXT_UNITS are written (Rust's bound:
      // a longer one passes none of its checks); its length is whole.
      const strings = this.strings, count = strings.length;
      let total = 0;
      for (let i = 0; i < count; i++) total += Math.min(strings[i].length, TEXT_UNITS);
      const mb = this.mailbox;
      const at = mb.unitsAt(total);
      const size = Header.Lengths + count + this.n;
      const base = mb.wordsAt(size), words32 = words();
      putHeads(at, base + Header.Lengths, strings, TEXT_UNITS);
      words32[base + Header.StringCount] = count;
      words32[base + Header.MessageCount] = length;
      words32[base + Header.Reader] = this.ids.get(reader);
      words32[base + Header.Now] = now === undefined ? Word.Missing : this.ids.get(now);
      words32.set(this.words.subarray(0, this.n), base + Header.Lengths + count);
      const r = mb.v.decide(op, out);
      if (r === Reply.Failed) throw take();
      mb.done(Math.max(total, size));
      return r;
    }
    /** The first `k` result words (indexes written by Rust). */
    results(k) {
      const base = this.mailbox.wordsAt(k);
      return words().slice(base, base + k);
    }
  }
  let shared = null; // made on the first delivery call, not at import
  /**
   * Runs `f` with a stream. A getter on a record may call back into this
   * API while the shared stream is half written: such a nested call gets a
   * stream of its own.
   */
  function withStream(f) {
    deliveryTables();
    shared ??= new RecordStream();
    const s = shared.busy ? new RecordStream() : shared;
    s.busy = true;
    try {
      return f(s);
    } finally {
      s.busy = false;
      s.reset(); // keep no caller's records or strings alive
    }
  }

  const dateValue = Date.prototype.getTime, dateIso = Date.prototype.toISOString;
  /**
   * A Date's ISO-8601 text; null for anything else and for an invalid
   * Date. A Date of another realm (a vm context, an iframe) counts: its
   * time is read through Date.prototype, which throws for a non-Date
   * (a Proxy, an object that only says it is one).
   */
  function dateText(v) {
    try {
      return Number.isNaN(dateValue.call(v)) ? null : dateIso.call(v);
    } catch {
      return null;
    }
  }

  function requireReader(reader) {
    if (typeof reader !== "string") throw argumentError(Expected.Reader);
  }
  function requireList(messages) {
    if (!isList(messages)) throw argumentError(Expected.Messages);
  }
  /** `now` as a string for Rust to check: a string as is, a Date or epoch milliseconds as ISO-8601. */
  function timestamp(now) {
    if (typeof now === "string") return now;
    const text = typeof now === "number" ? dateText(new Date(now)) : now !== null && typeof now === "object" ? dateText(now) : null;
    if (text === null) throw argumentError(Expected.Now);
    return text;
  }

  /** Who a message goes to: the direct recipient, or the broadcast audience as it stands now. */
  function planDelivery(args, options) {
    if (args === null || typeof args !== "object") throw argumentError(Expected.DeliveryArgs);
    let to, sender, agents;
    try {
      ({ to, sender, agents } = args); // a getter or a Proxy may throw: the caller's exception never passes through
    } catch {
      throw argumentError(Expected.DeliveryArgs);
    }
    if (agents !== undefined && !isList(agents)) throw argumentError(Expected.Agents);
    if (sender !== undefined && sender !== null && typeof sender !== "string") throw argumentError(Expected.Sender);
    // One checker for `to` and the audience: who a broadcast can reach is
    // who `options` accepts as a recipient.
    return withChecker(options, (c) => {
      const verdict = c.validate(to);
      if (!verdict.ok) return verdict;
      if (!glue.__plan(verdict.recipient.kind === BROADCAST_KIND, c.v, to, sender, agents ?? [], out)) throw take();
      return take();
    });
  }

  /** `"unread" | "read" | "not_a_recipient"` for one message and reader. */
  function readState(message, reader) {
    requireReader(reader);
    return withStream((s) => STATES[s.run(Op.ReadState, [message], reader)]);
  }

  /** The update to store when `reader` reads `message` at `now`; the first read wins. */
  function markRead(message, reader, now) {
    requireReader(reader);
    const stamp = timestamp(now);
    return withStream((s) => {
      s.run(Op.MarkRead, [message], reader, stamp);
      return take();
    });
  }

  /** How many of `messages` `reader` has not read (the rule of readState). */
  function unreadCount(messages, reader) {
    requireList(messages);
    requireReader(reader);
    return withStream((s) => s.run(Op.UnreadCount, messages, reader));
  }

  /** The messages `reader` has not read, in order (the same records, not copies). */
  function listUnread(messages, reader) {
    requireList(messages);
    requireReader(reader);
    return withStream((s) => {
      const k = s.run(Op.ListUnread, messages, reader);
      const indexes = s.results(k);
      const list = new Array(k);
      for (let i = 0; i < k; i++) list[i] = s.records[indexes[i]];
      return list;
    });
  }

  return { planDelivery, readState, markRead, unreadCount, listUnread };
}
