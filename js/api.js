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
  // Exports hand objects back through `out.value`, never as a return value
  // (see src/js.rs: returning an externref crashes Node 20's V8 on deopt).
  const out = { value: undefined };
  function take() {
    const v = out.value;
    out.value = undefined;
    return v;
  }
  function newValidator(options) {
    const v = new glue.Validator(options, out);
    const error = take();
    if (error !== undefined) {
      v.free();
      throw error;
    }
    return v;
  }
  function rejection(v, offset, n) {
    v.reject(offset, n, out);
    return { ok: false, error: take() };
  }
  function notAString(v, x) {
    v.reject_value(x, out);
    return { ok: false, error: take() };
  }
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
    if (typeof to !== "string") return notAString(v, to);
    const n = to.length;
    put(unitsFor(n), unitsBase, to);
    const code = v.check(n);
    const result = code <= IDENTITY ? accepted(code, to) : rejection(v, 0, n);
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
    const results = new Array(count);
    for (let i = 0, offset = 0; i < count; i++) {
      const x = list[i];
      const code = metaFor(count)[metaBase + i];
      if (typeof x !== "string") {
        results[i] = notAString(v, x);
        continue;
      }
      results[i] = code <= IDENTITY ? accepted(code, x) : rejection(v, offset, x.length);
      offset += x.length;
    }
    if (total > KEEP || count > KEEP) release();
    return results;
  }

  const defaultValidator = newValidator(undefined);

  /** Validates one recipient (SPEC §1); never throws for any `to`. */
  function validateRecipient(to, options) {
    if (options === undefined) return validateWith(defaultValidator, to);
    const v = newValidator(options);
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
      this.#v = newValidator(options);
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
