// Recipients: validateRecipient, RecipientValidator, recipientJsonSchema.
// Rust decides; this part memoizes its verdicts per validator and builds
// the results from Rust's kind names and rejection parts.
import { Memo, MEMO_SAMPLE } from "./memo.js";
import { createRejections } from "../generated/rejections.js";
import { identityResult, broadcastResult, acceptedShape, DEFAULT_SHAPE_MAX } from "../generated/shapes.js";
import { recipientTables, rejectionTables, standardSchemaTable } from "../generated/tables.js";

/** The recipient API over the transport helpers `h`. */
export function createRecipients(glue, h) {
  const { Verdict, Reply, Word, Expected, Misuse, Class, RejectWord, MessageWord } = glue;
  const { out, take, argumentError, misuse, lengthOf, itemOf, isList, put, decode, words, create, Transport } = h;
  const [BROADCAST_KIND, IDENTITY_KIND, IDENTITY_START] = recipientTables();

  /** An accepted recipient, from Rust's verdict (the shapes are Rust's: js/generated/shapes.js). */
  function accepted(code, s) {
    return code === Verdict.Identity ? identityResult(s.slice(IDENTITY_START)) : broadcastResult();
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
  // validateMany's mark of an item a memo hit has answered.
  const DONE = Symbol("done");
  /** The result for a memoized verdict: a Verdict code, or the rejection Rust built. */
  function remembered(code, s) {
    return typeof code === "number" ? accepted(code, s) : copyOf(code);
  }

  // How a first-seen rejection is put together from the parts Rust writes
  // (Validator.reject_parts): per reason the fixed strings, the fixed texts
  // of messages, and the builders generated from its field order
  // (js/generated/rejections.js, by js/build/rejections.mjs). Read on the first
  // rejection.
  let REJECTION = null, buildRejection = null;
  /** The rejection of `to` from the parts Rust wrote at the transport's words and units (RejectWord, MessageWord). */
  function rejectionFrom(t, to) {
    if (REJECTION === null) {
      REJECTION = rejectionTables();
      buildRejection = createRejections(REJECTION.validShapes);
    }
    const words32 = words();
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
      // Rust's bound: a longer input is rejected unwritten, and its
      // rejection is found from pieces (Transport.pieces).
      this.whole = this.v.whole();
      // When layer 1 alone decides an accepted shape (no layer 2), the
      // accept check generated from Rust's rule answers those inputs here
      // (js/generated/shapes.js); -1: every input goes to Rust.
      this.shapeMax = this.v.shape_max();
    }
    validate(to) {
      if (typeof to !== "string") {
        this.v.reject_value(to, out);
        return take();
      }
      const memo = this.memo;
      if (memo.paused === 0) {
        const code = memo.get(to);
        if (code !== undefined) return remembered(code, to);
      } else {
        // A paused memo (mostly new strings) is neither read nor filled,
        // nor called: its calls cost a first-seen recipient about 10 %.
        memo.paused--;
      }
      return this.fresh(to);
    }
    /** Rust's verdict for the string `to` when the generated accept check accepts it, else -1 (Rust decides). */
    shapeOf(to) {
      return this.shapeMax >= 0 ? acceptedShape(to, this.shapeMax) : -1;
    }
    /** The result for `to` (the memo missed or is paused): the generated accept check's, else Rust's. */
    fresh(to) {
      const memo = this.memo;
      const shape = this.shapeOf(to);
      const code = shape >= 0 ? shape : this.v.check(this.writeWithin(to, this.whole));
      if (code === Verdict.Rejected) {
        const rejection = this.rejection(to, true);
        // The memo keeps its own; a memo that stores nothing (paused) needs no copy.
        return memo.paused === 0 && memo.set(to, rejection) ? copyOf(rejection) : rejection;
      }
      if (memo.paused === 0) memo.set(to, code);
      return accepted(code, to);
    }
    /**
     * The rejection of `to` (which the check rejected), from Rust's parts;
     * `written`: `to` is already at the start of the units. Rust writes its
     * strings over the input, and their size is bounded (a rendition shows
     * at most 64 characters): the room asked for never depends on the input.
     */
    rejection(to, written) {
      const held = this.feedLong(to);
      let room = 1024, words = 32;
      const at = this.unitsAt(Math.max(held, room)); // growing keeps what the units hold
      if (!written && held > 0) put(at, to);
      for (;;) {
        this.wordsAt(words);
        if (this.v.reject_parts(to.length) !== Reply.NoRoom) break;
        room *= 2;
        words *= 2;
        this.unitsAt(Math.max(held, room));
      }
      const rejection = rejectionFrom(this, to);
      this.done(Math.max(held, room));
      return rejection;
    }
    /** Feeds `to` to Rust in pieces when it is longer than Rust reads whole; the units it takes whole otherwise (0 for a fed one). */
    feedLong(to) {
      if (to.length <= this.whole) return to.length;
      this.pieces(to, (n, first) => this.v.feed(n, first));
      return 0;
    }
    /** null when `to` is accepted; else the isError tool result carrying its rejection (Rust's). */
    rejectionResult(to) {
      if (typeof to !== "string") {
        this.v.reject_value_result(to, out);
        return take();
      }
      if (this.shapeOf(to) >= 0) return null;
      const code = this.v.check(this.writeWithin(to, this.whole));
      if (code !== Verdict.Rejected) return null;
      const held = this.feedLong(to); // a short one is written already
      this.v.reject_result(to.length, out);
      this.done(held);
      return take();
    }
    validateMany(list) {
      if (!isList(list)) throw argumentError(Expected.Recipients);
      const count = lengthOf(list, Expected.Recipients);
      const results = new Array(count);
      // Memo hits are answered at once; the rest cross in one batch call.
      // A list that misses the memo (mostly new names) stops consulting it
      // after a sample, so the lookups cost nothing where they cannot pay.
      // Each item is read once (a getter cannot answer differently later),
      // into `values` (made at the first item a memo hit does not answer;
      // the items hits answered are marked done there).
      const memo = this.memo;
      let values = null, total = 0, asked = 0, hits = 0, useMemo = memo.paused === 0;
      // A paused memo is neither read nor filled: the list's items count its pause down.
      if (!useMemo) memo.paused = Math.max(0, memo.paused - count);
      for (let i = 0; i < count; i++) {
        if (i === MEMO_SAMPLE && hits * 4 < MEMO_SAMPLE) useMemo = false;
        const x = itemOf(list, i, Expected.Recipients);
        if (useMemo && typeof x === "string") {
          const code = memo.get(x);
          if (code !== undefined) {
            hits++;
            results[i] = remembered(code, x);
            if (values !== null) values[i] = DONE;
            continue;
          }
        }
        if (typeof x === "string") {
          const shape = this.shapeOf(x);
          if (shape >= 0) {
            if (useMemo) memo.set(x, shape);
            results[i] = accepted(shape, x);
            if (values !== null) values[i] = DONE;
            continue;
          }
        }
        if (values === null) values = new Array(count).fill(DONE, 0, i);
        values[i] = x;
        if (typeof x === "string" && x.length <= this.whole) total += x.length; // a longer one is not written
        asked++;
      }
      if (asked === 0) return results;
      let at = this.unitsAt(total);
      const w = this.wordsAt(asked);
      let words32 = words();
      for (let i = 0, k = w; i < count; i++) {
        const x = values[i];
        if (x === DONE) continue;
        if (typeof x === "string") {
          if (x.length <= this.whole) {
            put(at, x);
            at += x.length;
          }
          words32[k++] = x.length;
        } else {
          words32[k++] = Word.Other;
        }
      }
      this.v.check_many(asked);
      words32 = words(); // the call may have grown memory
      const rejected = [];
      for (let i = 0, k = w; i < count; i++) {
        const x = values[i];
        if (x === DONE) continue;
        const code = words32[k++];
        if (typeof x !== "string") {
          results[i] = null; // after the batch: a rejection overwrites the words
          rejected.push(i);
        } else if (code !== Verdict.Rejected) {
          if (useMemo) memo.set(x, code);
          results[i] = accepted(code, x);
        } else {
          rejected.push(i); // after the batch: a rejection's parts overwrite the units and words
        }
      }
      this.done(Math.max(total, asked));
      for (const i of rejected) {
        const x = values[i];
        if (typeof x !== "string") {
          this.v.reject_value(x, out);
          results[i] = take();
          continue;
        }
        const rejection = this.rejection(x, false);
        results[i] = useMemo && memo.set(x, rejection) ? copyOf(rejection) : rejection;
      }
      return results;
    }
    free() {
      super.free();
      this.memo.clear();
    }
  }

  // The default options' checker, made on the first call the accept check
  // does not answer: until then the module need not exist (the Node
  // entries instantiate it on first use), and an accepted shape is
  // answered as the checker would (its memo only ever holds Rust's answers).
  let defaultChecker = null;
  const theDefault = () => (defaultChecker ??= new Checker(undefined));

  /** Validates one recipient; never throws for any `to`. */
  function validateRecipient(to, options) {
    if (options === undefined) {
      if (defaultChecker !== null) return defaultChecker.validate(to);
      const shape = DEFAULT_SHAPE_MAX >= 0 && typeof to === "string" ? acceptedShape(to, DEFAULT_SHAPE_MAX) : -1;
      return shape >= 0 ? accepted(shape, to) : theDefault().validate(to);
    }
    const c = new Checker(options);
    try {
      return c.validate(to);
    } finally {
      c.free();
    }
  }

  /**
   * Runs `f` with the checker of `options` (the default one's, kept; a
   * new one freed after), for a call that validates with it and then
   * hands it to Rust.
   */
  function withChecker(options, f) {
    if (options === undefined) return f(theDefault());
    const c = new Checker(options);
    try {
      return f(c);
    } finally {
      c.free();
    }
  }

  let wasmValidatorOf;
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
    static {
      // For js/api/mcp-core.js: the wasm Validator a protected server's
      // answer asks Rust to reject with (never public).
      wasmValidatorOf = (self) => RecipientValidator.#live(self).v;
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
    const c = options === undefined ? theDefault() : new Checker(options);
    try {
      c.v.json_schema(out);
      return take();
    } finally {
      if (c !== defaultChecker) c.free();
    }
  }

  let STANDARD = null; // [vendor, JSON Schema targets], Rust's; read on first use
  // While recordRejections runs its function: each value a
  // recipientStandardSchema refused, with its rejection result. Validators
  // that embed a Standard Schema keep only its issue's message (ArkType
  // does), so protectServer learns which field was a refused recipient
  // from here, and never from a message.
  let recording = null;
  /** `fn()`, and the `[value, RecipientValidator]` pairs of the recipients refused while it ran (synchronously). */
  function recordRejections(fn) {
    const outer = recording;
    const pairs = (recording = []);
    try {
      return { value: fn(), rejections: pairs };
    } finally {
      recording = outer;
    }
  }
  /** Records `value`, refused by `validator` (a RecipientValidator), while recordRejections runs (a recipient schema of another validator's: js/mcp/recipient-schema.js). */
  function recordRejection(value, validator) {
    if (recording !== null) recording.push([value, validator]);
  }
  /**
   * A Standard Schema (`~standard`, version 1) that accepts exactly what
   * `new RecipientValidator(options)` accepts, with its JSON Schema
   * (Standard JSON Schema's `jsonSchema.input` and `output`), for a tool
   * declared in any validator stack. A rejection is one issue whose
   * message is the §1.2 rejection's (a bounded, escaped rendition of `to`,
   * by design); the value of an accepted one is `to`.
   */
  function recipientStandardSchema(options) {
    STANDARD ??= standardSchemaTable();
    const [vendor, targets] = STANDARD;
    const validator = new RecipientValidator(options); // options checked now, as a constructor does
    const schema = recipientJsonSchema(options);
    const jsonSchema = ({ target } = {}) => {
      if (!targets.includes(target)) throw argumentError(Expected.JsonSchemaTarget);
      return copyOf(schema);
    };
    return {
      "~standard": {
        version: 1,
        vendor,
        validate(value) {
          const r = validator.validate(value);
          if (r.ok) return { value };
          if (recording !== null) recording.push([value, validator]);
          return { issues: [{ message: r.error.message }] };
        },
        jsonSchema: { input: jsonSchema, output: jsonSchema },
      },
    };
  }

  return { validateRecipient, withChecker, RecipientValidator, recipientJsonSchema, recipientStandardSchema, recordRejections, recordRejection, wasmValidatorOf, BROADCAST_KIND };
}
