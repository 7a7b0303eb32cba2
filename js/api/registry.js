// ToolRegistry: the authoritative two-form mapping of a host's tools, its
// caches of Rust's answers, and the payload and stream rewrites that read
// them.
import { unknownToolResponse } from "./envelope.js";

// The registry's caches of Rust's answers are plain Maps, emptied when full.
const ANSWERS_MAX = 4096;
// Parsed streams whose calls may wait in JS at once (CallPairing): past
// this, a new stream sends every stream's first, so abandoned streams
// cannot hold calls without bound.
const WAITING_MAX = 64;

/** The ToolRegistry class over the transport, tool-name, payload and stream helpers `h`. */
export function createRegistry(glue, h) {
  const { Lookup, Limit, Expected, Misuse, Class, OverrideForm, EditWord } = glue;
  const { out, take, argumentError, misuse, tooLarge, lengthOf, itemOf, isList, isOwn, put, putList, edited, utf8Length, create, Transport } = h;
  const { lastError, rewrite, walkerOf, EventStream, eventsOf, CallPairing, sseTransform } = h;

  /** The authoritative two-form mapping of a host's tools. */
  class ToolRegistry {
    #s;
    // Rust's answers per Lookup kind, cleared on every registration.
    #answers = [new Map(), new Map(), new Map(), new Map()];
    #keys = new Map(); // override keys by name, from Rust; cleared on every registration
    // Readers of Rust's answers: a cached answer costs one Map lookup.
    #aliasOf = this.#reader(Lookup.AliasOf); // for the walkers
    #canonicalOf = this.#reader(Lookup.CanonicalOf);
    #toCanonical = this.#reader(Lookup.ToCanonical);
    #toLlmFacing = this.#reader(Lookup.ToLlmFacing);
    constructor(options) {
      this.#s = new Transport(create(glue.Registry, options));
    }
    /** The transport of a live ToolRegistry; a clear error for a freed one or another object. */
    static #live(self) {
      if (self === null || typeof self !== "object" || !(#s in self)) throw misuse(Misuse.WrongReceiver, Class.ToolRegistry);
      if (self.#s === null) throw misuse(Misuse.Freed, Class.ToolRegistry);
      return self.#s;
    }
    #changed() {
      for (const answers of this.#answers) answers.clear();
      this.#keys.clear();
      this.#cachedUnits = 0;
      this.#longest = -1;
    }
    // Rust's bound on the names a lookup reads (Registry.longest): a longer
    // name is written not at all. Asked again after every change.
    #longest = -1;
    #capOf(s) {
      if (this.#longest < 0) this.#longest = s.v.longest();
      return this.#longest;
    }
    /**
     * The most units of `name` a lookup writes: every one up to a piece; a
     * longer name that may be registered (a hashed one may be any length)
     * is sent first in pieces, its text kept, and crosses as its length
     * (so the module never holds its units and its text at once); one
     * longer than every registered name, none.
     */
    #within(s, name) {
      const cap = this.#capOf(s);
      if (name.length <= Limit.Piece || name.length > cap) return cap;
      const keep = utf8Length(name);
      s.pieces(name, (m, first) => s.v.feed(m, first, keep));
      return Limit.Piece;
    }
    /** `name => Rust's answer for kind`, reading the cache first. */
    #reader(kind) {
      const answers = this.#answers[kind];
      return (name) => {
        const r = answers.get(name);
        return r !== undefined ? r : this.#lookup(kind, name);
      };
    }
    /** Rust's answer for `name` (a string, or null). */
    #lookup(kind, name) {
      const answers = this.#answers[kind];
      let r = answers.get(name);
      if (r === undefined) {
        const s = ToolRegistry.#live(this); // a walker's reader may outlive free()
        r = s.answer(name, (n) => s.v.lookup(kind, n), this.#within(s, name));
        if (typeof r !== "string") r = null;
        this.#cache(answers, name, r, r === null ? 0 : r.length);
      }
      return r;
    }
    // Code units held by the caches: bounded by size as well as by count.
    #cachedUnits = 0;
    /** Caches `value` under `name` (`units` long), within ANSWERS_MAX entries per cache and Limit.CacheUnits units in all (an overcount after a cache is cleared only starts all again sooner). */
    #cache(map, name, value, units) {
      const cost = name.length + units;
      if (cost > Limit.CacheUnits) return; // asked anew each time
      if (this.#cachedUnits + cost > Limit.CacheUnits) this.#changed();
      else if (map.size >= ANSWERS_MAX) map.clear();
      map.set(name, value);
      this.#cachedUnits += cost;
    }
    /** Registers a canonical name; returns its alias. */
    register(canonical) {
      const s = ToolRegistry.#live(this);
      if (typeof canonical !== "string") throw argumentError(Expected.ToolName);
      if (canonical.length > Limit.Piece) { // in pieces (Rust's WHOLE)
        const keep = utf8Length(canonical);
        s.pieces(canonical, (n, first) => s.v.feed(n, first, keep));
      }
      const alias = s.answer(canonical, (n) => s.v.register(n), Limit.Piece);
      if (typeof alias !== "string") throw lastError(s.v) ?? tooLarge(); // no error: a long name's text that could not be held
      this.#changed();
      return alias;
    }
    /** Registers `server/tool` for each tool name, all or nothing; returns the aliases (with onCollision "skip": `{ aliases, refused }`). */
    registerServer(server, toolNames) {
      const s = ToolRegistry.#live(this);
      if (typeof server !== "string") throw argumentError(Expected.ServerName);
      if (!isList(toolNames)) throw argumentError(Expected.ToolNames);
      // Each name read once (holes and getters included), then checked.
      const names = Array.from({ length: lengthOf(toolNames, Expected.ToolNames) }, (_, i) => itemOf(toolNames, i, Expected.ToolNames));
      let total = server.length;
      for (const t of names) {
        if (typeof t !== "string") throw argumentError(Expected.ToolNames);
        total += t.length;
      }
      const at = s.unitsAt(total);
      const w = s.wordsAt(names.length);
      put(at, server);
      putList(at + server.length, w, names);
      const ok = s.v.register_server(server.length, names.length, out);
      s.done(Math.max(total, names.length));
      if (!ok) throw lastError(s.v);
      this.#changed();
      return take();
    }
    /** Removes a registered name (either form); its alias can be taken again. True when it was registered. */
    unregister(name) {
      const s = ToolRegistry.#live(this);
      if (typeof name !== "string") throw argumentError(Expected.ToolName);
      const removed = s.v.unregister(s.writeWithin(name, this.#within(s, name)));
      s.done(name.length);
      if (removed) this.#changed();
      return removed;
    }
    /** Removes every `server/…` name; returns how many. */
    unregisterServer(server) {
      const s = ToolRegistry.#live(this);
      if (typeof server !== "string") throw argumentError(Expected.ServerName);
      const n = s.v.unregister_server(s.writeWithin(server, this.#within(s, server)));
      s.done(server.length);
      if (n > 0) this.#changed();
      return n;
    }
    /**
     * The config keys of `name`, as Rust forms them (OverrideForm): a
     * registered name's come as a list; an unknown name's are built here
     * from its own string (slices, and Rust's edits of it), so a long one
     * crosses in pieces and is never copied whole into the module.
     */
    #overrideKeys(s, name) {
      const n = name.length;
      s.wordsAt(EditWord.SecondAt); // room for a Split's edit: first, as it may grow memory
      if (n > Math.max(this.#capOf(s), Limit.Piece)) s.pieces(name, (m, first) => s.v.feed(m, first, 0));
      else if (n > Limit.Piece) this.#within(s, name); // may be registered: its text is kept
      else s.write(name);
      const form = s.v.override_keys(n, out);
      const v = take();
      const keys =
        form === OverrideForm.Keys ? v
        : form === OverrideForm.Alone ? [name]
        : form === OverrideForm.Slashed ? [name, this.#plainOf(s, name), name.slice(0, v)]
        : form === OverrideForm.Split ? [edited(name, s.wordsBase), name, name.slice(0, v)]
        : [];
      s.done(n);
      return keys;
    }
    /**
     * The plain alias of `name`, a piece at a time (Rust's edits of each),
     * with words for an edit at every unit asked first: the answer's room
     * grows units and words together, so a piece dense in edits would
     * otherwise grow the units by doublings.
     */
    #plainOf(s, name) {
      let alias = "";
      for (let from = 0; from < name.length; from += Limit.Piece) {
        const piece = name.slice(from, from + Limit.Piece);
        s.wordsAt(EditWord.At + (EditWord.SecondAt - EditWord.At) * piece.length);
        const edited = s.answer(piece, (m) => s.v.plain_edits(m));
        edited.charCodeAt(0); // flattened now: a piece's slices end to end, one rope node each, would outlive it
        alias += edited;
      }
      return alias;
    }
    /** `{ canonical, alias, hashed }` for every registered name, in registration order. */
    entries() {
      ToolRegistry.#live(this).v.entries(out);
      return take();
    }
    /** Either form in, the canonical name out; null for unknown names. */
    toCanonical(name) {
      ToolRegistry.#live(this);
      return typeof name === "string" ? this.#toCanonical(name) : null;
    }
    /** Either form in, the LLM-facing alias out; null for unknown names. */
    toLlmFacing(name) {
      ToolRegistry.#live(this);
      return typeof name === "string" ? this.#toLlmFacing(name) : null;
    }
    /** A config value keyed by either form, or by the server; canonical key first. */
    lookupOverride(map, name) {
      const s = ToolRegistry.#live(this);
      if (map === null || typeof map !== "object") throw argumentError(Expected.ConfigMap);
      if (typeof name !== "string") return undefined;
      let keys = this.#keys.get(name);
      if (keys === undefined) {
        keys = this.#overrideKeys(s, name);
        let units = 0;
        for (const k of keys) units += k.length;
        this.#cache(this.#keys, name, keys, units);
      }
      let isMap;
      try {
        isMap = map instanceof Map;
      } catch {
        throw argumentError(Expected.ConfigMap); // a revoked Proxy
      }
      for (const k of keys) {
        if (isMap ? map.has(k) : isOwn.call(map, k)) return isMap ? map.get(k) : map[k];
      }
      return undefined;
    }
    /** The outbound request with canonical names replaced by aliases. */
    toProvider(payload, format) {
      ToolRegistry.#live(this);
      return rewrite(payload, format, this.#aliasOf);
    }
    /** The response or history with aliases replaced by canonical names. */
    fromProvider(payload, format) {
      ToolRegistry.#live(this);
      return rewrite(payload, format, this.#canonicalOf);
    }
    /**
     * The parsed stream events of `source` (an async iterable or a web
     * ReadableStream, as the provider SDKs yield them), each with aliases
     * replaced by canonical names; the ids of the calls they open are
     * remembered for toolForCallId. Arguments and everything else pass
     * through unchanged, and the events themselves are not mutated.
     */
    fromProviderStream(source, format) {
      ToolRegistry.#live(this);
      const walk = walkerOf(format);
      // Asked at every call the stream pairs: a live registry's transport
      // in one load (the receiver is known), the clear error otherwise.
      const live = () => this.#s ?? ToolRegistry.#live(this);
      // a freed registry throws from the map when it must ask Rust
      if (this.#waiting.size >= WAITING_MAX) this.#pairWaiting();
      return new EventStream(eventsOf(source), walk, this.#canonicalOf, new CallPairing(live, format, this.#waiting, this.#spareCalls));
    }
    /**
     * A TransformStream of the bytes of a `text/event-stream` in `format`
     * (as a gateway proxies it): each event's data with aliases replaced by
     * canonical names, every other byte as it came, whatever the chunk
     * boundaries. Call ids are remembered as fromProviderStream does.
     */
    fromProviderSse(format) {
      ToolRegistry.#live(this);
      walkerOf(format); // the clear error for another value
      return sseTransform(() => (this.#pairWaiting(), ToolRegistry.#live(this)), format);
    }
    /** The parsed streams whose calls wait to be sent to Rust (CallPairing.flush). */
    #waiting = new Set();
    /** The CallStreams of ended parsed streams, for the next ones (CallPairing.free). */
    #spareCalls = [];
    /** Sends every stream's waiting calls: Rust's memory of ids is then whole. */
    #pairWaiting() {
      if (this.#waiting.size === 0) return;
      for (const pairing of [...this.#waiting]) pairing.flush();
    }
    /** The tool (as fromProviderStream gave it) of a call id seen in a stream; null for an id not seen, forgotten, or seen with two tools. */
    toolForCallId(id) {
      ToolRegistry.#live(this);
      this.#pairWaiting();
      const s = ToolRegistry.#live(this);
      if (typeof id !== "string") return null;
      const r = s.answer(id, (n) => s.v.tool_for_call_id(n), Limit.MaxSlotText);
      return typeof r === "string" ? r : null;
    }
    /**
     * The JSON-RPC -32602 response for a call of a tool this registry does
     * not hold: up to 3 of its aliases nearest `name` (the first
     * MAX_CATALOG_ENTRIES, in registration order); the name itself never
     * appears. What ToolRouter throws for an unknown name.
     */
    unknownToolResponse(id, name) {
      const s = ToolRegistry.#live(this);
      s.v.unknown_tool_suggestions(s.toolQuery(name, (m, first) => s.v.feed_tool_query(m, first)), out);
      return unknownToolResponse(id, take());
    }
    /** Frees the wasm side now (optional). Any later use throws. */
    free() {
      const s = ToolRegistry.#live(this);
      this.#s = null;
      s.free();
    }
  }

  return { ToolRegistry };
}
