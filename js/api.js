// The public JS API, written once and wrapped by js/build.mjs for each
// entry point (CommonJS for Node, ES module for the web build).
//
// A thin layer over the wasm exports of src/js.rs: it copies a string's
// UTF-16 code units straight into wasm memory, makes one call, and builds
// the plain result object from the returned code. Every verdict is decided
// in Rust; the fixed strings of a rejection come from Rust once, at start.
function createApi(glue) {
  "use strict";
  const BROADCAST = 0, IDENTITY = 1;
  const NOT_A_STRING = 0xffffffff;
  const KEEP = 1 << 16; // buffers grown past this are released after use
  // Accepted verdicts are memoized per validator (its options never change,
  // so its verdict is a pure function of the string): a repeated recipient
  // skips the copy and the call. The memo is direct-mapped (one slot per
  // cheap hash of length and two characters), so a miss costs two stores.
  const MEMO_SLOTS = 256, MEMO_MAX_LENGTH = 160;
  function slot(s) {
    const n = s.length;
    return (n * 7 + s.charCodeAt(n - 1) * 31 + s.charCodeAt(n >> 1)) & (MEMO_SLOTS - 1);
  }
  const memory = glue.__memory();

  // Exports hand values back through `out`, never as a return value
  // (src/js.rs: an inlined wasm call returning a JS value can abort Node 20's
  // V8 when the caller is deoptimized).
  const out = [];
  glue.__tables(out);
  const [REASONS, CODES, TITLES, [SHAPE_BROADCAST, SHAPE_IDENTITY]] = out;
  out.length = 0;

  // Views of the whole wasm memory; memory.grow() detaches them (length 0).
  let units16 = new Uint16Array(0), meta32 = new Uint32Array(0);
  function views() {
    if (units16.length === 0) units16 = new Uint16Array(memory.buffer);
    if (meta32.length === 0) meta32 = new Uint32Array(memory.buffer);
  }
  function put(view, at, s) {
    for (let i = 0; i < s.length; i++) view[at + i] = s.charCodeAt(i);
  }
  function accepted(code, s) {
    return code === IDENTITY
      ? { ok: true, recipient: { kind: "identity", id: s.slice(1) } }
      : { ok: true, recipient: { kind: "broadcast" } };
  }
  /** The rejection object from what Rust left in `out` (field order as the Rust serialization). */
  function rejected() {
    const r = out[0];
    const error = { error: TITLES[r], code: CODES[r], to: out[1], valid_shapes: [SHAPE_BROADCAST, SHAPE_IDENTITY], message: out[2], reason: REASONS[r] };
    if (out[3] !== undefined) error.position = out[3];
    if (out[4] !== undefined) error.limit = out[4];
    if (out[5] !== undefined) error.suggestions = out[5];
    out.length = 0;
    return { ok: false, error };
  }
  function invalidArgument(what) {
    const e = new TypeError(`Invalid argument: expected ${what}.`);
    e.name = "TypeError";
    e.code = "INVALID_ARGUMENT";
    e.reason = "wrong_type";
    return e;
  }

  /** One wasm Validator, its scratch buffers and its memo. */
  class Checker {
    constructor(options) {
      this.v = new glue.Validator(options, out);
      if (out.length !== 0) {
        const error = out[0];
        out.length = 0;
        this.v.free();
        throw error;
      }
      this.unitsBase = 0;
      this.unitsCap = 0;
      this.metaBase = 0;
      this.metaCap = 0;
      this.memoKeys = new Array(MEMO_SLOTS).fill(undefined);
      this.memoCodes = new Uint8Array(MEMO_SLOTS);
    }
    /** Room for `n` code units; returns the element index in `units16`. */
    unitsAt(n) {
      if (n > this.unitsCap) {
        this.unitsBase = this.v.units(n) >>> 1;
        this.unitsCap = n;
      }
      views();
      return this.unitsBase;
    }
    metaAt(n) {
      if (n > this.metaCap) {
        this.metaBase = this.v.meta(n) >>> 2;
        this.metaCap = n;
      }
      views();
      return this.metaBase;
    }
    release() {
      this.v.release();
      if (this.unitsCap > KEEP) this.unitsCap = 0;
      if (this.metaCap > KEEP) this.metaCap = 0;
    }
    recall(s) {
      const k = slot(s);
      return this.memoKeys[k] === s ? this.memoCodes[k] : -1;
    }
    remember(s, code) {
      if (s.length > MEMO_MAX_LENGTH) return;
      const k = slot(s);
      this.memoKeys[k] = s;
      this.memoCodes[k] = code;
    }
    validate(to) {
      if (typeof to !== "string") {
        this.v.reject_value(to, out);
        return rejected();
      }
      let code = this.recall(to);
      if (code < 0) {
        const n = to.length;
        const at = this.unitsAt(n); // first: it may grow memory and renew units16
        put(units16, at, to);
        code = this.v.check(n);
        if (code > IDENTITY) {
          this.v.reject(0, n, out);
          if (n > KEEP) this.release();
          return rejected();
        }
        this.remember(to, code);
      }
      return accepted(code, to);
    }
    validateMany(list) {
      if (!Array.isArray(list)) throw invalidArgument("an array of recipients");
      const count = list.length;
      const results = new Array(count);
      // Memo hits are answered at once; the rest cross in one batch call.
      const pending = [];
      let total = 0;
      for (let i = 0; i < count; i++) {
        const x = list[i];
        const code = typeof x === "string" ? this.recall(x) : -1;
        if (code >= 0) {
          results[i] = accepted(code, x);
        } else {
          pending.push(i);
          if (typeof x === "string") total += x.length;
        }
      }
      const p = pending.length;
      if (p === 0) return results;
      let at = this.unitsAt(total);
      const m = this.metaAt(p);
      for (let k = 0; k < p; k++) {
        const x = list[pending[k]];
        if (typeof x === "string") {
          put(units16, at, x);
          at += x.length;
          meta32[m + k] = x.length;
        } else {
          meta32[m + k] = NOT_A_STRING;
        }
      }
      this.v.check_many(p);
      views();
      const codes = meta32.slice(m, m + p);
      for (let k = 0, offset = 0; k < p; k++) {
        const i = pending[k], x = list[i], code = codes[k];
        if (typeof x !== "string") {
          this.v.reject_value(x, out);
          results[i] = rejected();
          continue;
        }
        if (code <= IDENTITY) {
          this.remember(x, code);
          results[i] = accepted(code, x);
        } else {
          this.v.reject(offset, x.length, out);
          results[i] = rejected();
        }
        offset += x.length;
      }
      if (total > KEEP || p > KEEP) this.release();
      return results;
    }
    free() {
      this.v.free();
      this.memoKeys.fill(undefined);
    }
  }

  const defaultChecker = new Checker(undefined);

  /** Validates one recipient (SPEC §1); never throws for any `to`. */
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
    /** Validates one recipient; never throws. */
    validate(to) {
      return this.#c.validate(to);
    }
    /** Validates a list in one call across the wasm boundary. */
    validateMany(list) {
      return this.#c.validateMany(list);
    }
    /** Frees the wasm side now; optional (a FinalizationRegistry does it later otherwise). */
    free() {
      this.#c.free();
    }
  }

  return { validateRecipient, RecipientValidator };
}
