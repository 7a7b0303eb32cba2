// The public JS API, written once and wrapped by js/build.mjs for each
// entry point (CommonJS for Node, ES module for the web build).
//
// A thin layer over the wasm exports of src/binding/: it checks argument
// types, copies strings' UTF-16 code units straight into wasm memory, makes
// one call, and materializes what Rust answers. Every rule, result shape and
// message is Rust's: codes come from the enums the glue exports (Verdict,
// Reply, Word, …), fixed strings from tables read once at start, rare
// structured results arrive whole (JSON text for JSON.parse), and hot
// results are built here from Rust's codes and strings. The memos and the
// registry's answer caches hold only Rust's answers.
function createApi(glue) {
  "use strict";
  const { Verdict, Reply, EditWord, Word, Limit, Lookup, Op, Header, Expected, Misuse, Class, RejectWord, MessageWord } = glue;
  const KEEP = Limit.Keep; // buffers grown past this are released after use
  // Pure results (a verdict, an alias) are memoized per object: its
  // options never change, so a result is a pure function of the string, and
  // a repeated name skips the copy and the call. Two-way set-associative:
  // a key lives in one of two slots picked by a cheap hash of its length and
  // four characters, so two hot keys rarely evict each other, and a miss
  // costs a few stores.
  const MEMO_SLOTS = 1024, MEMO_MAX_LENGTH = 160, MEMO_SAMPLE = 64;
  // The registry's caches of Rust's answers are plain Maps, emptied when full.
  const ANSWERS_MAX = 4096;
  function hash(s) {
    const n = s.length;
    let h = Math.imul(n, 0x9e3779b1);
    h = Math.imul(h ^ (s.charCodeAt(n - 1) | 0), 0x85ebca6b);
    h = Math.imul(h ^ (s.charCodeAt(n >> 1) | 0), 0xc2b2ae35);
    h = Math.imul(h ^ (s.charCodeAt(n >> 2) | 0), 0x27d4eb2f);
    h = Math.imul(h ^ (s.charCodeAt(n - 1 - (n >> 2)) | 0), 0x165667b1);
    return h ^ (h >>> 15);
  }
  // A memo that keeps missing (a stream of new strings) gets out of the
  // way: after a sample of lookups with fewer than a quarter hits, it is
  // neither read nor filled for the next MEMO_PAUSE calls, then sampled
  // again.
  const MEMO_PAUSE = 1024;
  class Memo {
    constructor() {
      // Allocated on the first store, so a short-lived object costs nothing.
      this.keys = null;
      this.values = null;
      this.lookups = 0;
      this.hits = 0;
      this.paused = 0;
    }
    /** The value for `s`, or undefined. */
    get(s) {
      if (this.paused > 0) {
        this.paused--;
        return undefined;
      }
      if (this.keys === null) return undefined;
      const h = hash(s);
      const a = h & (MEMO_SLOTS - 1);
      const b = (h >>> 10) & (MEMO_SLOTS - 1);
      const v = this.keys[a] === s ? this.values[a] : this.keys[b] === s ? this.values[b] : undefined;
      if (v !== undefined) this.hits++;
      if (++this.lookups === MEMO_SAMPLE) {
        if (this.hits * 4 < MEMO_SAMPLE) this.paused = MEMO_PAUSE;
        this.lookups = this.hits = 0;
      }
      return v;
    }
    /** Stores `v` for `s`; false when it did not (a long key, a paused memo). */
    set(s, v) {
      if (s.length > MEMO_MAX_LENGTH || this.paused > 0) return false;
      if (this.keys === null) {
        this.keys = new Array(MEMO_SLOTS).fill(undefined);
        this.values = new Array(MEMO_SLOTS).fill(undefined);
      }
      const h = hash(s);
      const a = h & (MEMO_SLOTS - 1), b = (h >>> 10) & (MEMO_SLOTS - 1);
      // A key takes its first slot when that is free or its own, else its
      // second slot when free; otherwise it evicts the first slot's key.
      if (this.keys[a] !== undefined && this.keys[a] !== s && this.keys[b] === undefined) {
        this.keys[b] = s;
        this.values[b] = v;
        return true;
      }
      this.keys[a] = s;
      this.values[a] = v;
      return true;
    }
    clear() {
      this.keys = null;
      this.values = null;
      this.lookups = this.hits = this.paused = 0;
    }
  }
  const memory = glue.__memory();

  // Exports hand values back through `out`, never as a return value
  // (src/binding/mod.rs: an inlined wasm call returning a JS value can
  // abort Node 20's V8 when the caller is deoptimized). It has no
  // prototype, so Rust's store into it runs no setter a program put on
  // Array.prototype or Object.prototype.
  const out = Object.setPrototypeOf([], null);
  /** The value an export left in `out[0]`. */
  function take() {
    const v = out[0];
    out.length = 0;
    return v;
  }
  /** A start-up table from Rust. */
  function table(f) {
    f(out);
    return take();
  }
  /** The TypeError Rust spells for an argument of the wrong type. */
  function argumentError(expected) {
    glue.__argument_error(expected, out);
    return take();
  }
  /** The TypeError Rust spells for a method called after free() or on the wrong object. */
  function misuse(kind, cls) {
    glue.__misuse(kind, cls, out);
    return take();
  }
  /** The RangeError Rust spells for a call whose strings cannot fit. */
  function tooLarge() {
    glue.__too_large(out);
    return take();
  }
  /** The RangeError Rust spells for a caller's array longer than it reads in one call. */
  function tooMany(expected) {
    glue.__too_many(expected, out);
    return take();
  }
  /**
   * The length of a caller's array (`expected` names it), read once and
   * bounded before any element is read: a sparse array's length alone
   * could keep a loop busy for minutes or make results that exhaust the
   * heap, which ends the process. A Proxy whose length is not a whole
   * number is an argument of the wrong type.
   */
  function lengthOf(list, expected) {
    const n = list.length;
    if (n >>> 0 === n && n <= Limit.MaxElements) return n;
    throw typeof n === "number" && n > Limit.MaxElements ? tooMany(expected) : argumentError(expected);
  }
  /** Array.isArray, answering false where it would throw (a revoked Proxy). */
  function isList(x) {
    try {
      return Array.isArray(x);
    } catch {
      return false;
    }
  }

  const [BROADCAST_KIND, IDENTITY_KIND, IDENTITY_START] = table(glue.__recipient_tables);

  // Views of the whole wasm memory; memory.grow() detaches them (length 0).
  let units16 = new Uint16Array(0), words32 = new Int32Array(0);
  function views() {
    if (units16.length === 0) units16 = new Uint16Array(memory.buffer);
    if (words32.length === 0) words32 = new Int32Array(memory.buffer);
  }
  function put(at, s) {
    const u = units16, n = s.length; // locals: the loop reloads neither
    for (let i = 0; i < n; i++) u[at + i] = s.charCodeAt(i);
  }
  // One reused array per length (made on first use): cheaper than a
  // subarray, and than resizing one array, which cost about 100 ns a call.
  const charsOf = [];
  /** The `n` code units at element `at` as a string. */
  function decode(at, n) {
    views();
    if (n <= 256) {
      const chars = (charsOf[n] ??= new Array(n).fill(0));
      for (let i = 0; i < n; i++) chars[i] = units16[at + i];
      return String.fromCharCode.apply(null, chars);
    }
    let s = "";
    for (let i = 0; i < n; i += 4096) s += String.fromCharCode.apply(null, units16.subarray(at + i, at + Math.min(n, i + 4096)));
    return s;
  }

  const PIECES = table(glue.__pieces);
  const EDIT_WORDS = EditWord.SecondAt - EditWord.At;
  /** `s` with the edits Rust wrote at word `at` applied (EditWord): slices of `s` and Rust's pieces, no decoding. */
  function edited(s, at) {
    views();
    const count = words32[at + EditWord.Count];
    let result = "", from = 0;
    for (let e = 0, w = at; e < count; e++, w += EDIT_WORDS) {
      const start = words32[w + EditWord.At];
      result += s.slice(from, start) + PIECES[words32[w + EditWord.Piece]];
      from = start + words32[w + EditWord.Len];
    }
    return count === 0 ? s : result + s.slice(from);
  }

  /** Creates a wasm object whose constructor reports bad options through `out`. */
  function create(Class, options) {
    const v = new Class(options, out);
    if (out.length !== 0) {
      const error = take();
      v.free();
      throw error;
    }
    return v;
  }

  /**
   * The one transport: a wasm object with scratch buffers of UTF-16 code
   * units and i32 words (every class of src/binding/ has `units(n)`,
   * `words(n)` and `release()`).
   */
  class Transport {
    constructor(v) {
      this.v = v;
      this.unitsBase = 0;
      this.unitsCap = 0;
      this.wordsBase = 0;
      this.wordsCap = 0;
    }
    /** Room for `n` code units; returns the element index in `units16`. Throws (touching nothing) for more than Rust can take. */
    unitsAt(n) {
      if (n > this.unitsCap) {
        const at = n > Limit.MaxUnits ? 0 : this.v.units(n);
        if (at === 0) throw tooLarge();
        this.unitsBase = at >>> 1;
        this.unitsCap = n;
      }
      views();
      return this.unitsBase;
    }
    /** Room for `n` words; returns the element index in `words32`. Throws as unitsAt does. */
    wordsAt(n) {
      if (n > this.wordsCap) {
        const at = n > Limit.MaxUnits ? 0 : this.v.words(n);
        if (at === 0) throw tooLarge();
        this.wordsBase = at >>> 2;
        this.wordsCap = n;
      }
      views();
      return this.wordsBase;
    }
    /** Writes `s` at the start of the units; returns its length. */
    write(s) {
      const at = this.unitsAt(s.length); // first: it may grow memory and renew the views
      put(at, s);
      return s.length;
    }
    /** Writes `a` then `b` end to end. */
    write2(a, b) {
      const at = this.unitsAt(a.length + b.length);
      put(at, a);
      put(at + a.length, b);
    }
    /**
     * Writes `s`, calls `op(length)`, and returns the string the call wrote
     * back, or its negative Reply. Room for twice the input covers most
     * results; one that does not fit (Reply.NoRoom) is asked again.
     */
    answer(s, op) {
      let room = 2 * s.length + 16;
      for (;;) {
        this.wordsAt(room); // for edits (Reply.Edits): first, as it may grow memory
        put(this.unitsAt(room), s);
        const n = op(s.length);
        if (n === Reply.NoRoom) {
          room *= 2;
          continue;
        }
        const result = n === Reply.Edits ? edited(s, this.wordsBase) : n < 0 ? n : decode(this.unitsBase, n);
        this.done(room);
        return result;
      }
    }
    /** Releases the buffers after a call that grew them past KEEP. */
    done(n) {
      if (n > KEEP) this.release();
    }
    release() {
      this.v.release();
      if (this.unitsCap > KEEP) this.unitsCap = 0;
      if (this.wordsCap > KEEP) this.wordsCap = 0;
    }
    free() {
      this.v.free();
    }
  }

  /** An accepted recipient, from Rust's verdict and kind names. */
  function accepted(code, s) {
    return code === Verdict.Identity
      ? { ok: true, recipient: { kind: IDENTITY_KIND, id: s.slice(IDENTITY_START) } }
      : { ok: true, recipient: { kind: BROADCAST_KIND } };
  }
  const ownKeys = Object.keys;
  /**
   * A fresh copy of a cached answer of Rust's (plain objects, arrays and
   * primitives), so a caller that changes it changes no later answer.
   * Own properties only, defined by the spread: what a polluted
   * Object.prototype carries is neither copied nor run.
   */
  function copyOf(v) {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(copyOf);
    const o = { ...v };
    const keys = ownKeys(o);
    for (let i = 0; i < keys.length; i++) {
      const x = o[keys[i]];
      if (x !== null && typeof x === "object") o[keys[i]] = copyOf(x); // an own property: no setter runs
    }
    return o;
  }
  /** The result for a memoized verdict: a Verdict code, or the rejection Rust built. */
  function remembered(code, s) {
    return typeof code === "number" ? accepted(code, s) : copyOf(code);
  }

  // How a first-seen rejection is put together from the parts Rust writes
  // (Validator.reject_parts): per reason the fixed strings, the fixed texts
  // of messages, and the builders generated from its field order
  // (js/rejections.mjs). Read on the first rejection.
  let REJECTION = null, buildRejection = null;
  /** The rejection of `to` from the parts Rust wrote at the transport's words and units (RejectWord, MessageWord). */
  function rejectionFrom(t, to) {
    if (REJECTION === null) {
      REJECTION = table(glue.__rejection_tables);
      buildRejection = createRejections(REJECTION.validShapes);
    }
    views();
    const w = t.wordsBase, texts = REJECTION.texts;
    let at = t.unitsBase;
    const toUnits = words32[w + RejectWord.To];
    const shown = toUnits < 0 ? to : decode(at, toUnits);
    if (toUnits > 0) at += toUnits;
    let message = "", p = w + RejectWord.Parts;
    for (const end = p + words32[w + RejectWord.Message]; p < end; ) {
      const x = words32[p++];
      message += x >= 0 ? texts[x] : x === MessageWord.To ? shown : String(words32[p++]);
    }
    const count = words32[w + RejectWord.Suggestions];
    let suggestions;
    if (count >= 0) {
      suggestions = [];
      for (let k = 0; k < count; k++) {
        const n = words32[p + k];
        suggestions.push(decode(at, n));
        at += n;
      }
    }
    const reason = REJECTION.reasons[words32[w + RejectWord.Reason]];
    return buildRejection(reason, shown, message, words32[w + RejectWord.Position], words32[w + RejectWord.Limit], suggestions);
  }

  /** One wasm Validator, its transport and its memo of Rust's answers (verdict codes, and rejections as Rust built them). */
  class Checker extends Transport {
    constructor(options) {
      super(create(glue.Validator, options));
      this.memo = new Memo();
    }
    validate(to) {
      if (typeof to !== "string") {
        this.v.reject_value(to, out);
        return take();
      }
      let code = this.memo.get(to);
      if (code === undefined) {
        code = this.v.check(this.write(to));
        if (code === Verdict.Rejected) {
          const rejection = this.rejection(to, true);
          // The memo keeps its own; a memo that stores nothing (paused) needs no copy.
          return this.memo.set(to, rejection) ? copyOf(rejection) : rejection;
        }
        this.memo.set(to, code);
      }
      return remembered(code, to);
    }
    /**
     * The rejection of `to` (which the check rejected), from Rust's parts;
     * `written`: `to` is already at the start of the units. Rust writes its
     * strings over the input, and their size is bounded (a rendition shows
     * at most 64 characters): the room asked for never depends on the input.
     */
    rejection(to, written) {
      let room = 1024, words = 32;
      const at = this.unitsAt(Math.max(to.length, room)); // growing keeps what the units hold
      if (!written) put(at, to);
      for (;;) {
        this.wordsAt(words);
        if (this.v.reject_parts(to.length) !== Reply.NoRoom) break;
        room *= 2;
        words *= 2;
        this.unitsAt(Math.max(to.length, room));
      }
      const rejection = rejectionFrom(this, to);
      this.done(Math.max(to.length, room));
      return rejection;
    }
    /** null when `to` is accepted; else the isError tool result carrying its rejection (Rust's). */
    rejectionResult(to) {
      if (typeof to !== "string") {
        this.v.reject_value_result(to, out);
        return take();
      }
      const code = this.v.check(this.write(to));
      if (code !== Verdict.Rejected) return null;
      this.v.reject_result(0, to.length, out);
      this.done(to.length);
      return take();
    }
    validateMany(list) {
      if (!isList(list)) throw argumentError(Expected.Recipients);
      const count = lengthOf(list, Expected.Recipients);
      const results = new Array(count);
      // Memo hits are answered at once; the rest cross in one batch call.
      // A list that misses the memo (mostly new names) stops consulting it
      // after a sample, so the lookups cost nothing where they cannot pay.
      // Each item is read once (a getter cannot answer differently later).
      const pending = [], values = [];
      let total = 0, useMemo = true, hits = 0;
      for (let i = 0; i < count; i++) {
        const x = list[i];
        const code = useMemo && typeof x === "string" ? this.memo.get(x) : undefined;
        if (code !== undefined) {
          hits++;
          results[i] = remembered(code, x);
        } else {
          pending.push(i);
          values.push(x);
          if (typeof x === "string") total += x.length;
        }
        if (i === MEMO_SAMPLE && hits * 4 < MEMO_SAMPLE) useMemo = false;
      }
      const p = pending.length;
      if (p === 0) return results;
      let at = this.unitsAt(total);
      const w = this.wordsAt(p);
      for (let k = 0; k < p; k++) {
        const x = values[k];
        if (typeof x === "string") {
          put(at, x);
          at += x.length;
          words32[w + k] = x.length;
        } else {
          words32[w + k] = Word.Other;
        }
      }
      this.v.check_many(p);
      views();
      const codes = words32.slice(w, w + p);
      const rejected = [];
      for (let k = 0, offset = 0; k < p; k++) {
        const i = pending[k], x = values[k], code = codes[k];
        if (typeof x !== "string") {
          this.v.reject_value(x, out);
          results[i] = take();
          continue;
        }
        if (code !== Verdict.Rejected) {
          if (useMemo) this.memo.set(x, code);
          results[i] = accepted(code, x);
        } else {
          rejected.push(k); // after the batch: a rejection's parts overwrite the units
        }
        offset += x.length;
      }
      this.done(Math.max(total, p));
      for (const k of rejected) {
        const rejection = this.rejection(values[k], false);
        results[pending[k]] = useMemo && this.memo.set(values[k], rejection) ? copyOf(rejection) : rejection;
      }
      return results;
    }
    free() {
      super.free();
      this.memo.clear();
    }
  }

  const defaultChecker = new Checker(undefined);

  /** Validates one recipient; never throws for any `to`. */
  function validateRecipient(to, options) {
    if (options === undefined) return defaultChecker.validate(to);
    const c = new Checker(options);
    try {
      return c.validate(to);
    } finally {
      c.free();
    }
  }

  /** A validator whose options are parsed once. */
  class RecipientValidator {
    #c;
    constructor(options) {
      this.#c = new Checker(options);
    }
    /** The checker of a live RecipientValidator; a clear error for a freed one or another object. */
    static #live(self) {
      if (self === null || typeof self !== "object" || !(#c in self)) throw misuse(Misuse.WrongReceiver, Class.RecipientValidator);
      if (self.#c === null) throw misuse(Misuse.Freed, Class.RecipientValidator);
      return self.#c;
    }
    /** Validates one recipient; never throws for any `to`. */
    validate(to) {
      return RecipientValidator.#live(this).validate(to);
    }
    /** Validates a list in one call across the wasm boundary. */
    validateMany(list) {
      return RecipientValidator.#live(this).validateMany(list);
    }
    /** null when `to` is accepted; else the MCP CallToolResult (isError) that carries its rejection. */
    rejectionResult(to) {
      return RecipientValidator.#live(this).rejectionResult(to);
    }
    /** Frees the wasm side now; optional (a FinalizationRegistry does it later otherwise). Any later use throws. */
    free() {
      const c = RecipientValidator.#live(this);
      this.#c = null;
      c.free();
    }
  }

  /** The JSON Schema fragment (`type`, `pattern`, `description`) of a recipient argument under `options`. */
  function recipientJsonSchema(options) {
    const c = options === undefined ? defaultChecker : new Checker(options);
    try {
      c.v.json_schema(out);
      return take();
    } finally {
      if (c !== defaultChecker) c.free();
    }
  }

  // ---- Tool names ----

  /** Thrown for a tool name that cannot be mapped or a registration that would collide. */
  class ToolNameError extends Error {}
  Object.defineProperty(ToolNameError.prototype, "name", { value: "ToolNameError", writable: true, configurable: true });

  /** The error the last failed call of `v` left, as a ToolNameError. */
  function lastError(v) {
    v.error(out);
    const e = take();
    if (e instanceof Error && e.name === "ToolNameError") Object.setPrototypeOf(e, ToolNameError.prototype);
    return e;
  }

  /** A profile and overflow mode for the free functions, with memos. */
  class Mapper extends Transport {
    constructor(options) {
      super(create(glue.Mapper, options));
      this.forwardMemo = new Memo();
      this.reverseMemo = new Memo();
    }
    forward(canonical) {
      const known = this.forwardMemo.get(canonical);
      if (known !== undefined) return known;
      const alias = this.answer(canonical, (n) => this.v.forward(n));
      if (typeof alias !== "string") throw lastError(this.v);
      this.forwardMemo.set(canonical, alias);
      return alias;
    }
    /** Throws the ToolNameError of `name` when, as it is, it does not fit the profile. */
    check(name) {
      if (this.forwardMemo.get(name) === name) return; // fits: an alias of itself
      const r = this.answer(name, (n) => this.v.check(n));
      if (r === Reply.Failed) throw lastError(this.v);
      if (!name.includes("/")) this.forwardMemo.set(name, name);
    }
    reverse(name) {
      const known = this.reverseMemo.get(name);
      if (known !== undefined) return known;
      const r = this.answer(name, (n) => this.v.reverse(n));
      const canonical = typeof r === "string" ? r : null;
      this.reverseMemo.set(name, canonical);
      return canonical;
    }
  }

  // Mappers are cached by the option values read: built-in profiles by
  // name, custom profiles by the profile object (read once: to change a
  // custom profile, pass a new object). Each option is read once, here, and
  // Rust parses a plain copy of what was read, so a getter that answers
  // differently on each read cannot make a cached mapper disagree with its
  // key.
  let defaultMapperCache = null; // made on first use, not at import
  const defaultMapperOf = () => (defaultMapperCache ??= new Mapper(undefined));
  const builtinMappers = new Map();
  const customMappers = new WeakMap();
  /** A cache key for option values, or null for values that are not names (Rust reports those). */
  const nameKey = (v) => (v === undefined ? "-" : typeof v === "string" ? `+${v}` : null);
  function mapperFor(options) {
    if (options === undefined) return defaultMapperOf();
    let profile, overflow;
    try {
      if (options === null || typeof options !== "object" || Object.keys(options).some((k) => k !== "profile" && k !== "overflow")) {
        return new Mapper(options); // throws the precise error
      }
      ({ profile, overflow } = options);
    } catch {
      return new Mapper(options); // unreadable options: Rust says which part
    }
    const read = { profile, overflow };
    const o = nameKey(overflow);
    if (typeof profile === "object" && profile !== null) {
      if (o === null) return new Mapper(read);
      let byOverflow = customMappers.get(profile);
      if (byOverflow === undefined) customMappers.set(profile, (byOverflow = new Map()));
      let m = byOverflow.get(o);
      if (m === undefined) byOverflow.set(o, (m = new Mapper(read)));
      return m;
    }
    const p = nameKey(profile);
    if (p === null || o === null) return new Mapper(read);
    const key = `${p}\u0000${o}`;
    let m = builtinMappers.get(key);
    if (m === undefined) builtinMappers.set(key, (m = new Mapper(read)));
    return m;
  }

  /** The LLM-facing alias of a canonical `server/tool` name. */
  function toLlmFacingName(canonical, options) {
    const m = mapperFor(options);
    if (typeof canonical !== "string") throw argumentError(Expected.ToolName);
    return m.forward(canonical);
  }

  /** The canonical form of an alias by the first-`__` heuristic; null when it cannot tell. */
  function tryReverseToCanonical(name) {
    return typeof name === "string" ? defaultMapperOf().reverse(name) : null;
  }

  // Payload rewriting: the places that hold tool names are Rust's rules
  // (src/tool_name/rewrite.rs), compiled once into copy-on-write walkers.
  //
  // A walker's result is what rewriting the payload's JSON gives: a
  // property counts only when it is own and enumerable, `toJSON` is
  // applied, boxed primitives are their values. Checking all that on every
  // read made a history rewrite 3× slower, so each check sits where it is
  // cheapest (docs/DECISIONS.md):
  // - `toJSON` before descending into an object, since it changes what is
  //   below;
  // - own-ness before a Key step reads (a container behind a prototype
  //   getter is never walked);
  // - the rest only once something below changed: the spread copy that
  //   carries the change holds own enumerable properties only, so when it
  //   has the value that was read, JSON sees that property ("seen" below);
  //   anything else (a getter answering anew, a key on Object.prototype)
  //   is checked exactly with propertyIsEnumerable. A changed boxed
  //   primitive is dropped (JSON writes its value).
  // The hot checks are written out in each generated step (js/walkers.mjs),
  // where their reads of fixed keys stay monomorphic; the rarer paths are
  // the helpers below, shared by every step.
  const isOwn = Object.prototype.hasOwnProperty, isEnumerable = Object.prototype.propertyIsEnumerable;
  const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  const OBJECT_PROTO = Object.prototype, ARRAY_PROTO = Array.prototype, protoOf = Object.getPrototypeOf;
  /** A boxed primitive's value (JSON writes that); any other object as is. */
  function unboxed(v) {
    const p = protoOf(v);
    if (p === OBJECT_PROTO || p === ARRAY_PROTO || p === null) return v; // the common case
    if (v instanceof String) return String(v);
    if (v instanceof Number) return Number(v);
    if (v instanceof Boolean) return v.valueOf();
    return v;
  }
  /** `v` as JSON.stringify sees it under `key`: after `toJSON`, unboxed. */
  function jsonOf(v, key) {
    if (v === null || typeof v !== "object") return v;
    if (typeof v.toJSON === "function") {
      v = v.toJSON(String(key));
      if (v === null || typeof v !== "object") return v;
    }
    return unboxed(v);
  }
  // A copy's value proves nothing when Object.prototype has the key (the
  // copy may have inherited it), so each rewrite first looks there for the
  // keys that steps read without an own check; if one is found, every
  // "seen" is checked exactly. Looked at once per rewrite, and only when
  // a name changes (most stream events change nothing).
  let polluted; // undefined: not looked at yet in this rewrite
  function isPolluted() {
    if (polluted === undefined) {
      polluted = false;
      for (let i = 0; i < UNCHECKED_KEYS.length; i++) if (UNCHECKED_KEYS[i] in OBJECT_PROTO) polluted = true;
    }
    return polluted;
  }
  // Stream events that name a call's id or tool (Rust's table): the walker
  // meets them as Call steps and tells the stream's sink, which hands them
  // to Rust: the pairing per call (its slot, within its scope) and the
  // registry's memory of ids (toolForCallId) live in the core.
  // While a stream's event is walked: its call sink `(id, name, slot)`, and
  // ancestors[d], the node d steps down, where a Call step's slot reads it.
  const state = { callSink: null, ancestors: [] };
  // The walkers' rarer paths, once for every step. The generated steps
  // keep their reads of fixed keys and the copies that change one, which
  // stay monomorphic there (a shared helper's `copy[a] = v` was a
  // megamorphic keyed store on every changed name).
  /** Whether a copy's value may be inherited rather than own (Object.prototype has a key the steps read unchecked): then "seen" is checked exactly. */
  const mayInherit = () => polluted !== false && isPolluted();
  /** A When dispatch's result when its branch gave `r` for the value `t` read under `a`. */
  function whenResult(node, a, t, r) {
    return (r[a] === t && !mayInherit()) || isEnumerable.call(node, a) ? r : node; // seen
  }
  /** A Names step (a list of names under `a`), checked exactly before reading: rare (Gemini's lists of allowed function names). */
  function namesStep(node, m, a) {
    if (!isObject(node) || !isEnumerable.call(node, a)) return node;
    const list = jsonOf(node[a], a);
    if (!Array.isArray(list)) return node;
    const count = list.length;
    if (count > Limit.MaxElements) throw tooMany(Expected.Payload);
    let o = list;
    for (let j = 0; j < count; j++) {
      const n = jsonOf(list[j], j);
      const r = typeof n === "string" ? m(n) : null;
      if (r !== null && r !== n) {
        if (o === list) o = list.slice();
        o[j] = r;
      }
    }
    if (o === list) return node;
    const copy = { ...node };
    copy[a] = o;
    return copy;
  }
  // One walker per format, compiled from Rust's rules at build time
  // (js/walkers.mjs): rules that share a prefix share its walk (a trie).
  // Made on the first rewrite: the Node builds load their source then
  // (js/build.mjs), so a program that never rewrites never parses it.
  let RULES, UNCHECKED_KEYS, SCOPES;
  function walkersReady() {
    if (RULES === undefined) {
      ({ walkers: RULES, uncheckedKeys: UNCHECKED_KEYS, scopes: SCOPES } = createWalkers({ isObject, unboxed, jsonOf, slotPart, isOwn, isEnumerable, mayInherit, namesStep, whenResult, state, protoOf, OBJECT_PROTO, tooMany: () => tooMany(Expected.Payload) }));
    }
    return RULES;
  }

  /** A slot value: numbers and strings of at most Limit.MaxSlotText units only (a call without one stands alone). */
  function slotPart(v) {
    return typeof v === "number" || (typeof v === "string" && v.length <= Limit.MaxSlotText) ? v : null;
  }
  /**
   * The pairing of one parsed-event stream's calls, in Rust (`StreamCalls`,
   * made when the stream first names a call): `sink` is the walkers' call
   * sink; `before(event)` and `after(event)` note the scopes the event
   * begins and ends (the walkers' generated scope functions, from Rust's
   * `ScopeRule` table, call back `change` and `close`). A scope's end only
   * changes what later calls pair with, so the slots to close wait here
   * and go to Rust with the next call (one crossing per call event, none
   * for the rest); what JS keeps is what it has yet to tell (the last
   * scope value, the closes, whether any call is open).
   */
  class CallPairing {
    /** A call was reported since every call last closed: only then can an event close one. */
    open = false;
    #live;
    #calls = null; // made on the first call
    /** The last Changes value seen (the walkers' scope functions compare with it before they check more). */
    scope = undefined;
    #closes = null; // slot prefixes (JSON texts) to close before the next call; "[]" closes every call
    #before;
    #after;
    constructor(live, format) {
      walkersReady();
      this.#live = live;
      [this.#before, this.#after] = SCOPES.get(format) ?? [null, null];
      this.sink = (id, name, key) => this.#pair(id, name, key);
    }
    /** The Changes rules, before the walk. */
    before(event) {
      if (this.#before !== null) this.#before(event, this);
    }
    /** The Ends rules, after the walk, while a call is open. */
    after(event) {
      if (this.open && this.#after !== null) this.#after(event, this);
    }
    /**
     * A Changes value seen: every call closes when it differs. A value over
     * Limit.MaxSlotText units cannot be held (as in Rust): each one closes
     * every call.
     */
    change(v) {
      if (v === this.scope) return;
      this.scope = v.length <= Limit.MaxSlotText ? v : undefined;
      this.#closeAll();
    }
    /**
     * A scope's end (its slot prefix; `[]`: every call): noted for the next
     * call event. A prefix that cannot be read closes every call: a missed
     * close could let a later name claim an id-only call.
     */
    close(parts) {
      if (!this.open) return;
      if (parts.length === 0 || parts.includes(null)) return this.#closeAll();
      // Bounded: past 64, every call closes (which costs pairing, never routing).
      if (this.#closes !== null && this.#closes.length >= 64) this.#closes = ["[]"];
      else (this.#closes ??= []).push(JSON.stringify(parts));
    }
    #closeAll() {
      if (this.open) this.#closes = ["[]"];
      this.open = false;
    }
    #pair(id, name, key) {
      if (this.#freed) return; // the stream has ended; an event walked late pairs nothing
      // An id or name longer than Rust holds (in bytes, which are never
      // fewer than the units) is sent as a lone surrogate, which Rust also
      // holds as unheld: the same answer without copying it in.
      if (id !== undefined && id.length > Limit.MaxSlotText) id = "\uD800";
      if (name !== undefined && name.length > Limit.MaxCallName) name = "\uD800";
      this.#calls ??= new glue.CallStream();
      this.open = true;
      const closes = this.#closes === null ? undefined : `[${this.#closes.join(",")}]`;
      this.#closes = null;
      const s = this.#live();
      const len = (x) => (x === undefined ? -1 : x.length);
      let at = s.unitsAt(Math.max(0, len(id)) + Math.max(0, len(name)) + (key === null ? 0 : key.length) + Math.max(0, len(closes)));
      for (const x of [id, name, key ?? undefined, closes]) if (x !== undefined) (put(at, x), (at += x.length));
      s.v.pair(this.#calls, len(id), len(name), key === null ? -1 : key.length, len(closes));
      s.done(at - s.unitsBase);
    }
    #freed = false;
    free() {
      this.#freed = true;
      this.#calls?.free();
      this.#calls = null;
    }
  }
  /**
   * An async iterator over `source`: an async iterable, a web
   * ReadableStream without async iteration, or a list. Its `return()`
   * cancels a ReadableStream read through its reader (the model call
   * upstream stops), not only releases it.
   */
  function eventsOf(source) {
    if (source !== null && typeof source === "object" && typeof source[Symbol.asyncIterator] === "function") return source[Symbol.asyncIterator]();
    if (source !== null && typeof source === "object" && typeof source.getReader === "function") {
      const reader = source.getReader();
      return {
        next: () => reader.read(),
        return: async () => {
          await reader.cancel();
          return { value: undefined, done: true };
        },
      };
    }
    // A recorded list of events (an array, any iterable but a string).
    if (source !== null && typeof source === "object" && typeof source[Symbol.iterator] === "function") {
      return (async function* replay() {
        yield* source;
      })();
    }
    throw argumentError(Expected.EventSource);
  }

  /**
   * `walk(root, map)` for `format`'s rules, guarded against a polluted
   * Object.prototype; `root` itself when nothing changed. `sink` (or null)
   * is told the stream calls the walk meets.
   */
  function walked(walk, root, map, sink = null) {
    // A getter or toJSON may rewrite another payload meanwhile.
    const outer = polluted, outerSink = state.callSink, outerAncestors = state.ancestors;
    polluted = undefined;
    state.callSink = sink;
    if (sink !== null) state.ancestors = [root];
    try {
      return walk(root, map);
    } finally {
      polluted = outer;
      state.callSink = outerSink;
      state.ancestors = outerAncestors;
    }
  }
  /** The walker of `format`; a clear error for another value. */
  function walkerOf(format) {
    const walk = walkersReady().get(format);
    if (walk === undefined) throw argumentError(Expected.PayloadFormat);
    return walk;
  }

  /**
   * A walk's result for `root`, which keeps root's class when root is an
   * instance of one: a provider SDK may answer with one (the Gemini SDK's
   * response, whose `functionCalls` getter reads the candidates; a plain
   * copy has no such getter, and the host would see no call at all). The
   * walk's copies are plain (its checks rely on that), and what is below
   * the root is parsed JSON in every SDK, so the root alone is adopted,
   * once the walk is done: no setter of the prototype runs. Not for a
   * prototype with `toJSON`, which JSON would call on the copy, where the
   * copy is what JSON already saw.
   */
  function withClass(result, root) {
    if (result === root || !isObject(result) || !isObject(root)) return result;
    const p = protoOf(root);
    if (p === OBJECT_PROTO || (p !== null && typeof p.toJSON === "function")) return result;
    return Object.setPrototypeOf(result, p);
  }

  /** A new payload with names mapped by `map(name)` (a string, or null to keep it); the input is not mutated. */
  function rewrite(payload, format, map) {
    const walk = walkerOf(format);
    const root = jsonOf(payload, "");
    const result = walked(walk, root, map);
    if (result !== root) return withClass(result, root);
    if (Array.isArray(root)) return root.slice();
    return isObject(root) ? withClass({ ...root }, root) : root;
  }

  // ---- Server-sent events, byte for byte ----

  // The most bytes handed to Rust in one call: a larger chunk goes in
  // slices, so one write never asks wasm memory for all of it at once.
  const SSE_SLICE = 1 << 20;
  /**
   * A byte TransformStream over `text/event-stream`, rewritten by Rust
   * (`SseRewriter`: framing, the name rewrite, the calls, the bounds).
   * Rust copies each chunk in and its output out: nothing keeps a view
   * of the caller's buffer.
   */
  function sseTransform(live, format) {
    const stream = new glue.SseStream(format);
    return new TransformStream({
      transform(chunk, controller) {
        if (!(chunk instanceof Uint8Array)) {
          if (ArrayBuffer.isView(chunk)) chunk = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          else if (chunk instanceof ArrayBuffer) chunk = new Uint8Array(chunk);
          else throw argumentError(Expected.SseChunk);
        }
        const v = live().v;
        for (let at = 0; at < chunk.length; at += SSE_SLICE) {
          const out = v.sse_feed(stream, chunk.subarray(at, at + SSE_SLICE));
          if (out.length > 0) controller.enqueue(out);
        }
      },
      flush(controller) {
        const out = stream.finish();
        stream.free();
        if (out.length > 0) controller.enqueue(out);
      },
    });
  }

  // Where each part of a tool goes in each format's tool definition (Rust's layouts).
  let TOOL_LAYOUTS = null; // read on first use: most programs never declare tools
  const EMPTY_SCHEMA = Object.freeze({ type: "object" });
  /** Each tool (`{ name, description?, inputSchema? }`) as a `format` request declares it; the schema object is the caller's own. */
  function toolDefinitions(tools, format) {
    TOOL_LAYOUTS ??= new Map(table(glue.__tool_layouts).map(([f, layout, profile]) => [f, { layout, profile }]));
    const { layout, profile } = TOOL_LAYOUTS.get(format) ?? {};
    if (layout === undefined) throw argumentError(Expected.PayloadFormat);
    // A name the provider refuses fails the whole request: refused here,
    // naming the tool (safely) and the provider's limit.
    const names = mapperFor({ profile });
    if (!isList(tools)) throw argumentError(Expected.ToolSpecs);
    const count = lengthOf(tools, Expected.ToolSpecs);
    const definitions = new Array(count);
    for (let k = 0; k < count; k++) {
      const tool = tools[k]; // read once; a hole is no tool
      const name = tool === null || typeof tool !== "object" ? undefined : tool.name; // read once
      if (typeof name !== "string") throw argumentError(Expected.ToolSpecs);
      names.check(name);
      // A description that is no string, or empty, is none (Rust's Description slot).
      const description = typeof tool.description === "string" && tool.description !== "" ? tool.description : undefined;
      const parts = { name, description, inputSchema: tool.inputSchema ?? EMPTY_SCHEMA };
      const definition = {};
      // Own properties only, read and written: a key that a polluted
      // Object.prototype carries (`value`, `function`) is never taken for one
      // of the layout's or the definition's.
      for (const [path, place] of layout) {
        const v = isOwn.call(place, "value") ? place.value : parts[place.slot]; // a fixed string or boolean, or the part the slot names (ToolSpec's keys)
        if (v === undefined) continue;
        let at = definition;
        for (let i = 0; i < path.length - 1; i++) at = isOwn.call(at, path[i]) ? at[path[i]] : (at[path[i]] = {});
        at[path[path.length - 1]] = v;
      }
      definitions[k] = definition;
    }
    return definitions;
  }

  /**
   * The async iterator of `fromProviderStream`: each event of `events`
   * walked (names mapped by `map`), its calls told to `calls`. An iterator
   * of its own rather than an async generator: one promise per event, not
   * two. Every way out closes the source (its `return()`, which cancels a
   * stream) and frees the pairing: the end, an event that fails to walk, a
   * source that answers a non-object, the consumer's `return()`.
   */
  const promiseThen = Promise.prototype.then;
  class EventStream {
    #events;
    #walk;
    #map;
    #calls;
    #open = true;
    #step; // #next's outcome or the failure, in the same promise (a `.catch` was a second one per event)
    #failed;
    constructor(events, walk, map, calls) {
      this.#events = events;
      this.#walk = walk;
      this.#map = map;
      this.#calls = calls;
      this.#step = (r) => {
        try {
          return this.#event(r);
        } catch (e) {
          return this.#fail(e);
        }
      };
      this.#failed = (e) => this.#fail(e);
    }
    [Symbol.asyncIterator]() {
      return this;
    }
    next() {
      if (!this.#open) return Promise.resolve({ value: undefined, done: true });
      let r;
      try {
        r = this.#events.next();
      } catch (e) {
        return this.#fail(e);
      }
      // The engine's own `then`, not the promise's: a source's promise whose
      // `then` or `constructor` throws closes the source (and no `then` of
      // its own decides what the consumer gets). One promise per event.
      try {
        return promiseThen.call(Promise.resolve(r), this.#step, this.#failed);
      } catch (e) {
        return this.#fail(e);
      }
    }
    async return(value) {
      await this.#close();
      return { value, done: true };
    }
    #event(r) {
      if (!this.#open) return { value: undefined, done: true }; // a next() that was pending when return() closed the stream
      if (r === null || typeof r !== "object") throw argumentError(Expected.EventSource);
      const calls = this.#calls;
      if (r.done) {
        this.#open = false;
        calls.free();
        return { value: undefined, done: true };
      }
      const root = jsonOf(r.value, "");
      calls.before(root);
      const result = walked(this.#walk, root, this.#map, calls.sink);
      calls.after(root);
      return { value: withClass(result, root), done: false };
    }
    async #close() {
      if (!this.#open) return;
      this.#open = false;
      this.#calls.free();
      if (typeof this.#events.return === "function") await this.#events.return();
    }
    /** The source closed, then `error` (the walk's error is the one to report). */
    #fail(error) {
      return this.#close().then(
        () => Promise.reject(error),
        () => Promise.reject(error),
      );
    }
  }

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
        r = s.answer(name, (n) => s.v.lookup(kind, n));
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
      const alias = s.answer(canonical, (n) => s.v.register(n));
      if (typeof alias !== "string") throw lastError(s.v);
      this.#changed();
      return alias;
    }
    /** Registers `server/tool` for each tool name, all or nothing; returns the aliases (with onCollision "skip": `{ aliases, refused }`). */
    registerServer(server, toolNames) {
      const s = ToolRegistry.#live(this);
      if (typeof server !== "string") throw argumentError(Expected.ServerName);
      if (!isList(toolNames)) throw argumentError(Expected.ToolNames);
      // Each name read once (holes and getters included), then checked.
      const names = Array.from({ length: lengthOf(toolNames, Expected.ToolNames) }, (_, i) => toolNames[i]);
      let total = server.length;
      for (const t of names) {
        if (typeof t !== "string") throw argumentError(Expected.ToolNames);
        total += t.length;
      }
      let at = s.unitsAt(total);
      const w = s.wordsAt(names.length);
      put(at, server);
      at += server.length;
      for (let i = 0; i < names.length; i++) {
        put(at, names[i]);
        at += names[i].length;
        words32[w + i] = names[i].length;
      }
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
      const removed = s.v.unregister(s.write(name));
      s.done(name.length);
      if (removed) this.#changed();
      return removed;
    }
    /** Removes every `server/…` name; returns how many. */
    unregisterServer(server) {
      const s = ToolRegistry.#live(this);
      if (typeof server !== "string") throw argumentError(Expected.ServerName);
      const n = s.v.unregister_server(s.write(server));
      s.done(server.length);
      if (n > 0) this.#changed();
      return n;
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
        s.v.override_keys(s.write(name), out);
        s.done(name.length);
        keys = take();
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
      const live = () => ToolRegistry.#live(this);
      // a freed registry throws from the map when it must ask Rust
      return new EventStream(eventsOf(source), walk, this.#canonicalOf, new CallPairing(live, format));
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
      return sseTransform(() => ToolRegistry.#live(this), format);
    }
    /** The tool (as fromProviderStream gave it) of a call id seen in a stream; null for an id not seen, forgotten, or seen with two tools. */
    toolForCallId(id) {
      const s = ToolRegistry.#live(this);
      if (typeof id !== "string") return null;
      const r = s.answer(id, (n) => s.v.tool_for_call_id(n));
      return typeof r === "string" ? r : null;
    }
    /** Frees the wasm side now (optional). Any later use throws. */
    free() {
      const s = ToolRegistry.#live(this);
      this.#s = null;
      s.free();
    }
  }

  // ---- Safe error.data ----

  // Read when the first ErrorClassifier is made (a cost at import otherwise).
  let INVALID_ARGUMENT, ISSUE_MESSAGES, ISSUE_FIELDS, ISSUE_PATH;
  function errorTables() {
    if (ISSUE_FIELDS === undefined) ({ invalidArgument: INVALID_ARGUMENT, issueMessages: ISSUE_MESSAGES, issueFields: ISSUE_FIELDS, issuePath: ISSUE_PATH } = table(glue.__error_tables));
  }
  const ISSUE_WORDS = glue.IssueWord;

  /** The value at `place` (keys and indexes, as Rust lists them) of a schema issue; undefined where the path breaks. */
  function at(issue, place) {
    let v = issue;
    for (let i = 0; i < place.length; i++) {
      if (v === null || typeof v !== "object") return undefined;
      v = v[place[i]];
    }
    return v;
  }

  /**
   * Whether `input` has no value at `path` (a list of keys and indexes):
   * 1 when a step finds no own property there or the value is undefined,
   * 0 when it has one or the path cannot be followed (a step into a
   * primitive, a path that is no list); Word.Missing without an input.
   * Only presence is read, never a value's content.
   */
  function absentAt(input, path) {
    if (input === undefined) return Word.Missing;
    if (!isList(path)) return 0;
    try {
      // Ends at the input's depth: each step goes one level into it.
      let v = input;
      for (let i = 0; i < path.length; i++) {
        if (v === null || typeof v !== "object") return 0;
        const key = path[i];
        if (typeof key !== "string" && typeof key !== "number") return 0; // a symbol: JSON arguments have none
        if (!isOwn.call(v, key)) return 1;
        v = v[key];
      }
      return v === undefined ? 1 : 0;
    } catch {
      return 0; // a Proxy or getter that throws: no claim either way
    }
  }

  /**
   * Streams schema issues into a classifier's scratch for Rust to decide:
   * the fields Rust names (ISSUE_FIELDS) read once per issue, strings
   * interned and written as UTF-16 units, then the path's length and
   * whether `input` (the arguments that failed, if given) lacks a value
   * there; then `op(toolLength, stringCount, issueCount)` is called. An
   * issue that throws while it is read streams with no fields. Returns
   * `[base of the words, issue count]`.
   */
  function streamIssues(s, tool, issues, op, input) {
    const ids = new Map(), strings = [], fields = [];
    const count = lengthOf(issues, Expected.Issues);
    for (let k = 0; k < count; k++) {
      const start = fields.length;
      try {
        const issue = issues[k];
        for (let f = 0; f < ISSUE_FIELDS.length; f++) {
          const v = at(issue, ISSUE_FIELDS[f]);
          if (typeof v !== "string") {
            fields.push(v === undefined || v === null ? Word.Missing : Word.Other);
            continue;
          }
          let id = ids.get(v);
          if (id === undefined) {
            id = strings.length;
            ids.set(v, id);
            strings.push(v);
          }
          fields.push(id);
        }
        const path = at(issue, ISSUE_PATH);
        fields.push(isList(path) ? path.length : Word.Missing, absentAt(input, path));
      } catch {
        fields.length = start;
        for (let f = 0; f < ISSUE_FIELDS.length + 2; f++) fields.push(Word.Missing);
      }
    }
    let total = tool.length;
    for (let i = 0; i < strings.length; i++) total += strings[i].length;
    const words = Math.max(strings.length + fields.length, count * ISSUE_WORDS.Size);
    const w = s.wordsAt(words); // first: both may grow memory
    let u = s.unitsAt(total);
    put(u, tool);
    u += tool.length;
    for (let i = 0; i < strings.length; i++) {
      put(u, strings[i]);
      u += strings[i].length;
      words32[w + i] = strings[i].length;
    }
    for (let i = 0; i < fields.length; i++) words32[w + strings.length + i] = fields[i];
    op(tool.length, strings.length, count);
    s.done(Math.max(total, words));
    return [w, count];
  }

  /** The message of an error value: a string, or a string `.message`; else null. Never throws. */
  function messageOf(error) {
    if (typeof error === "string") return error;
    if (error === null || (typeof error !== "object" && typeof error !== "function")) return null;
    try {
      const m = error.message;
      return typeof m === "string" ? m : null;
    } catch {
      return null;
    }
  }

  /** The issue list of a schema failure: an array of issues, or a ZodError's (3 or 4) `issues`; else null. Never throws. */
  function issuesOf(x) {
    if (isList(x)) return x;
    if (x === null || typeof x !== "object") return null;
    try {
      const issues = x.issues;
      return isList(issues) ? issues : null;
    } catch {
      return null;
    }
  }

  /** A whitelist classifier of tool-argument errors. */
  /**
   * A JSON-RPC response with the request's string id exactly: the response
   * crossed as JSON text, where a lone surrogate (a JS string may hold
   * one; Rust's may not) became U+FFFD, and the client could no longer
   * match its request. Other ids are Rust's (a number, or null).
   */
  function withId(response, id) {
    if (typeof id === "string") response.id = id;
    return response;
  }
  class ErrorClassifier {
    #s;
    #strings; // the catalog strings, as Rust indexed them: every result string is one of these
    #memo = new Map(); // tool → { id: Rust's tool id, memo: Memo of message → [field, message] ids, or null }
    constructor(catalog) {
      errorTables();
      if (catalog === undefined || catalog === null) throw argumentError(Expected.Catalog);
      const v = new glue.Classifier(catalog, out);
      const first = take();
      if (!Array.isArray(first)) {
        v.free();
        throw first;
      }
      this.#s = new Transport(v);
      this.#strings = first;
    }
    /** The transport of a live ErrorClassifier; a clear error for a freed one or another object. */
    static #live(self) {
      if (self === null || typeof self !== "object" || !(#s in self)) throw misuse(Misuse.WrongReceiver, Class.ErrorClassifier);
      if (self.#s === null) throw misuse(Misuse.Freed, Class.ErrorClassifier);
      return self.#s;
    }
    /** The memo entry of tool string `t`: Rust's id for it (Word.Missing for none) and the messages classified for it. */
    #entry(s, t) {
      let entry = this.#memo.get(t);
      if (entry === undefined) {
        s.write(t);
        const id = s.v.tool_id(t.length);
        s.done(t.length);
        if (this.#memo.size >= 256) this.#memo.clear();
        this.#memo.set(t, (entry = { id, memo: new Memo() }));
      }
      return entry;
    }
    /** Writes tool and message (when a string) for an envelope call; returns the message length or undefined. */
    #prepare(tool, error) {
      const t = typeof tool === "string" ? tool : "";
      const message = messageOf(error);
      ErrorClassifier.#live(this).write2(t, message ?? "");
      return [t.length, message === null ? undefined : message.length];
    }
    /** `{ code, tool, field, message }` from catalog strings, or null. */
    classify(tool, error) {
      const s = ErrorClassifier.#live(this);
      const message = messageOf(error);
      if (message === null) return null;
      const entry = this.#entry(s, typeof tool === "string" ? tool : "");
      let ids = entry.memo.get(message); // [field, message] ids, or null
      if (ids === undefined) {
        s.write(message);
        if (s.v.classify(entry.id, message.length)) {
          const w = s.wordsAt(2);
          ids = [words32[w], words32[w + 1]];
        } else ids = null;
        s.done(message.length);
        entry.memo.set(message, ids);
      }
      if (ids === null) return null;
      const strings = this.#strings, field = ids[0];
      return { code: INVALID_ARGUMENT, tool: entry.id === Word.Missing ? null : strings[entry.id], field: field === Word.Missing ? null : strings[field], message: strings[ids[1]] };
    }
    /** The JSON-RPC -32602 response; `data` only when the error classifies (else the legacy envelope). */
    invalidArgumentsResponse(id, tool, error) {
      ErrorClassifier.#live(this);
      const [t, m] = this.#prepare(tool, error);
      this.#s.v.invalid_arguments_response(id, t, m, out);
      return withId(take(), id);
    }
    /**
     * An MCP CallToolResult with isError: true; text from catalog strings
     * only. A ZodError gives its issues' result (`input`: as for
     * classifyIssues).
     */
    toolErrorResult(tool, error, input) {
      const s = ErrorClassifier.#live(this);
      const issues = error !== null && typeof error === "object" && !isList(error) ? issuesOf(error) : null;
      if (issues !== null) {
        streamIssues(s, typeof tool === "string" ? tool : "", issues, (t, n, c) => s.v.issues_result_stream(t, n, c, out), input);
        return take();
      }
      const [t, m] = this.#prepare(tool, error);
      s.v.tool_error_result(t, m, out);
      return take();
    }
    /** The CallToolResult for an error a tool's handler threw: classified, else `tool <name> failed`; nothing of the error's own text otherwise. */
    handlerErrorResult(tool, error) {
      const s = ErrorClassifier.#live(this);
      const [t, m] = this.#prepare(tool, error);
      s.v.handler_error_result(t, m, out);
      return take();
    }
    /** -32602 with up to 3 catalog tools nearest `name`; the name itself never appears. */
    unknownToolResponse(id, name) {
      const s = ErrorClassifier.#live(this);
      const n = typeof name === "string" ? s.write(name) : undefined;
      s.v.unknown_tool_response(id, n, out);
      return withId(take(), id);
    }
    /**
     * Zod issues (or a ZodError) or Ajv errors → safe data, one per issue.
     * `input`, the arguments that failed, tells a value left out from a
     * wrong one where the issue does not (Zod 4); only presence is read.
     */
    classifyIssues(tool, issues, input) {
      const s = ErrorClassifier.#live(this);
      issues = issuesOf(issues);
      if (issues === null) throw argumentError(Expected.Issues);
      const t = typeof tool === "string" ? tool : "";
      const [base, count] = streamIssues(s, t, issues, (tl, n, c) => s.v.classify_issue_stream(tl, n, c), input);
      views();
      const strings = this.#strings, size = ISSUE_WORDS.Size, missing = Word.Missing;
      const data = new Array(count);
      for (let k = 0, w = base; k < count; k++, w += size) {
        const tl = words32[w + ISSUE_WORDS.Tool], f = words32[w + ISSUE_WORDS.Field];
        const fixed = words32[w + ISSUE_WORDS.Fixed], hint = words32[w + ISSUE_WORDS.Hint];
        data[k] = {
          code: INVALID_ARGUMENT,
          tool: tl === missing ? null : strings[tl],
          field: f === missing ? null : strings[f],
          message: hint === missing ? ISSUE_MESSAGES[fixed] : strings[hint],
        };
      }
      return data;
    }
    /** Frees the wasm side now (optional). Any later use throws. */
    free() {
      const s = ErrorClassifier.#live(this);
      this.#s = null;
      s.free();
    }
  }

  // ---- Broadcast delivery and read state ----

  // Read on the first delivery call (a cost at import otherwise).
  let RECORD_KEYS, STATES, TIMESTAMP_KEY;
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
    ({ keys: RECORD_KEYS, states: STATES, timestampKey: TIMESTAMP_KEY } = table(glue.__delivery_tables));
    MESSAGE_FIELDS = fieldReader(RECORD_KEYS.message, 0);
    RECEIPT_FIELDS = fieldReader(RECORD_KEYS.receipt, RECORD_KEYS.message.length);
    RECEIPTS_KEY = RECORD_KEYS.receipts;
  }

  /**
   * Converts records into the stream Rust reads (src/binding/delivery.rs):
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
        const m = messages[i];
        records.push(m);
        this.message(m);
      }
      const strings = this.strings, count = strings.length;
      let total = 0;
      for (let i = 0; i < count; i++) total += strings[i].length;
      const mb = this.mailbox;
      let at = mb.unitsAt(total);
      const size = Header.Lengths + count + this.n;
      const base = mb.wordsAt(size);
      for (let i = 0; i < count; i++) {
        put(at, strings[i]);
        at += strings[i].length;
      }
      words32[base + Header.StringCount] = count;
      words32[base + Header.MessageCount] = length;
      words32[base + Header.Reader] = this.ids.get(reader);
      words32[base + Header.Now] = now === undefined ? Word.Missing : this.ids.get(now);
      for (let i = 0; i < count; i++) words32[base + Header.Lengths + i] = strings[i].length;
      words32.set(this.words.subarray(0, this.n), base + Header.Lengths + count);
      const r = mb.v.decide(op, out);
      if (r === Reply.Failed) throw take();
      mb.done(Math.max(total, size));
      return r;
    }
    /** The first `k` result words (indexes written by Rust). */
    results(k) {
      const base = this.mailbox.wordsAt(k);
      return words32.slice(base, base + k);
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
      s.records.length = 0; // keep no caller's records alive
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
    const { to, sender, agents } = args;
    if (agents !== undefined && !isList(agents)) throw argumentError(Expected.Agents);
    if (sender !== undefined && sender !== null && typeof sender !== "string") throw argumentError(Expected.Sender);
    const verdict = validateRecipient(to, options);
    if (!verdict.ok) return verdict;
    if (!glue.__plan(verdict.recipient.kind === BROADCAST_KIND, to, sender, agents ?? [], out)) throw take();
    return take();
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

  const api = {
    validateRecipient,
    RecipientValidator,
    recipientJsonSchema,
    toLlmFacingName,
    tryReverseToCanonical,
    ToolRegistry,
    ToolNameError,
    toolDefinitions,
    ErrorClassifier,
    planDelivery,
    readState,
    markRead,
    unreadCount,
    listUnread,
    // mcp-boundary/mcp and check-tools (internal): Rust's host rules, js/mcp-core.js.
    __mcp: createMcpCore(glue),
  };
  // The Node entries ship with their local names shortened (js/build.mjs):
  // each public function and class keeps the name it is exported under.
  for (const name in api) {
    if (api[name].name !== name) Object.defineProperty(api[name], "name", { value: name });
  }
  return api;
}
