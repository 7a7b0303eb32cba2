// The public JS API, written once and wrapped by js/build.mjs for each
// entry point (CommonJS for Node, ES module for the web build).
//
// It is a thin layer over the wasm exports of src/js.rs: it copies a
// string's UTF-16 code units straight into wasm memory, makes one call,
// and builds the plain result object from the returned code. Every decision
// is made in Rust; rejection objects are built in Rust too.
function createApi(glue) {
  "use strict";
  const BROADCAST = 0, IDENTITY = 1;
  const NOT_A_STRING = 0xffffffff;
  const KEEP = 1 << 16; // buffers grown past this are released after use
  const memory = glue.__memory();
  let units = new Uint16Array(0), unitsBase = 0, unitsCap = 0;
  let meta = new Uint32Array(0), metaBase = 0, metaCap = 0;

  function unitsFor(n) {
    if (n > unitsCap) {
      unitsBase = glue.__units(n) >>> 1;
      unitsCap = n;
    }
    // A memory.grow() in any call detaches old views (length 0).
    if (units.length === 0 || units.buffer !== memory.buffer) units = new Uint16Array(memory.buffer);
    return units;
  }
  function metaFor(n) {
    if (n > metaCap) {
      metaBase = glue.__meta(n) >>> 2;
      metaCap = n;
    }
    if (meta.length === 0 || meta.buffer !== memory.buffer) meta = new Uint32Array(memory.buffer);
    return meta;
  }
  function release() {
    glue.__release();
    if (unitsCap > KEEP) unitsCap = 0;
    if (metaCap > KEEP) metaCap = 0;
  }
  function put(view, at, s) {
    for (let i = 0; i < s.length; i++) view[at + i] = s.charCodeAt(i);
  }
  function accepted(code, s) {
    return code === IDENTITY
      ? { ok: true, recipient: { kind: "identity", id: s.slice(1) } }
      : { ok: true, recipient: { kind: "broadcast" } };
  }
  function invalidArgument(what) {
    const e = new TypeError(`Invalid argument: expected ${what}.`);
    e.name = "TypeError";
    e.code = "INVALID_ARGUMENT";
    e.reason = "wrong_type";
    return e;
  }

  function validateWith(v, to) {
    if (typeof to !== "string") return { ok: false, error: v.reject_value(to) };
    const n = to.length;
    put(unitsFor(n), unitsBase, to);
    const code = v.check(n);
    const result = code <= IDENTITY ? accepted(code, to) : { ok: false, error: v.reject(0, n) };
    if (n > KEEP) release();
    return result;
  }

  function validateManyWith(v, list) {
    if (!Array.isArray(list)) throw invalidArgument("an array of recipients");
    const count = list.length;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const x = list[i];
      if (typeof x === "string") total += x.length;
    }
    let u = unitsFor(total), m = metaFor(count);
    for (let i = 0, at = unitsBase; i < count; i++) {
      const x = list[i];
      if (typeof x === "string") {
        put(u, at, x);
        at += x.length;
        m[metaBase + i] = x.length;
      } else {
        m[metaBase + i] = NOT_A_STRING;
      }
    }
    v.check_many(count);
    const out = new Array(count);
    for (let i = 0, offset = 0; i < count; i++) {
      const x = list[i];
      const code = metaFor(count)[metaBase + i];
      if (typeof x !== "string") {
        out[i] = { ok: false, error: v.reject_value(x) };
        continue;
      }
      out[i] = code <= IDENTITY ? accepted(code, x) : { ok: false, error: v.reject(offset, x.length) };
      offset += x.length;
    }
    if (total > KEEP || count > KEEP) release();
    return out;
  }

  const defaultValidator = new glue.Validator(undefined);

  /** Validates one recipient (SPEC §1); never throws for any `to`. */
  function validateRecipient(to, options) {
    if (options === undefined) return validateWith(defaultValidator, to);
    const v = new glue.Validator(options);
    try {
      return validateWith(v, to);
    } finally {
      v.free();
    }
  }

  /** A validator whose options are parsed once. */
  class RecipientValidator {
    #v;
    constructor(options) {
      this.#v = new glue.Validator(options);
    }
    validate(to) {
      return validateWith(this.#v, to);
    }
    validateMany(list) {
      return validateManyWith(this.#v, list);
    }
    /** Frees the wasm side now; optional (a FinalizationRegistry does it later otherwise). */
    free() {
      this.#v.free();
    }
  }

  return { validateRecipient, RecipientValidator };
}
