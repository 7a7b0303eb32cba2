// The one way strings and words cross into wasm memory, the way Rust's
// answers come back (`out`), and the argument errors Rust spells. Every
// other part of js/api/ is built on these.

/** The transport and the helpers every part shares, over `glue`. */
export function createTransport(glue) {
  const { Reply, EditWord, Limit } = glue;
  const KEEP = Limit.Keep; // buffers grown past this are released after use
  // Room for an answer beyond the input, at first (units, and words for edits).
  const ANSWER_ROOM = 64;
  let memory = null; // on the first view: the module may be instantiated on first use

  // Exports hand values back through `out`, never as a return value
  // (src/bindings/wasm/mod.rs: an inlined wasm call returning a JS value can
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
    let n;
    try {
      n = list.length; // a getter or a Proxy may throw: the caller's exception never passes through
    } catch {
      throw argumentError(expected);
    }
    if (n >>> 0 === n && n <= Limit.MaxElements) return n;
    throw typeof n === "number" && n > Limit.MaxElements ? tooMany(expected) : argumentError(expected);
  }
  /** Item `i` of a caller's list; one whose getter (or Proxy) throws is the argument error of `expected`, never the caller's exception. */
  function itemOf(list, i, expected) {
    try {
      return list[i];
    } catch {
      throw argumentError(expected);
    }
  }
  /** Array.isArray, answering false where it would throw (a revoked Proxy). */
  function isList(x) {
    try {
      return Array.isArray(x);
    } catch {
      return false;
    }
  }
  const isOwn = Object.prototype.hasOwnProperty;

  // Views of the whole wasm memory; memory.grow() detaches them (length 0).
  let units16 = new Uint16Array(0), words32 = new Int32Array(0);
  function views() {
    if (units16.length !== 0 && words32.length !== 0) return;
    const buffer = (memory ??= glue.__memory()).buffer;
    if (units16.length === 0) units16 = new Uint16Array(buffer);
    if (words32.length === 0) words32 = new Int32Array(buffer);
  }
  /** The current view of the words (after a call that may have grown memory). */
  function words() {
    views();
    return words32;
  }
  function put(at, s) {
    const u = units16, n = s.length; // locals: the loop reloads neither
    for (let i = 0; i < n; i++) u[at + i] = s.charCodeAt(i);
  }
  /** Writes the `n` code units of `s` from index `from`, at unit `at`. */
  function putPart(at, s, from, n) {
    const u = units16;
    for (let i = 0; i < n; i++) u[at + i] = s.charCodeAt(from + i);
  }
  /** Writes `strings` end to end from unit `at` and their lengths from word `w` (after the calls that make room: they may grow memory). */
  function putList(at, w, strings) {
    const n = strings.length;
    for (let i = 0; i < n; i++) {
      const s = strings[i];
      put(at, s);
      at += s.length;
      words32[w + i] = s.length;
    }
  }
  /** Writes the first `cap` units of each of `strings` end to end from unit `at`, and their whole lengths from word `w` (as putList). */
  function putHeads(at, w, strings, cap) {
    const n = strings.length;
    for (let i = 0; i < n; i++) {
      const s = strings[i], m = Math.min(s.length, cap);
      putPart(at, s, 0, m);
      at += m;
      words32[w + i] = s.length;
    }
  }
  /** The UTF-8 length of `s` (a lone surrogate counted as a pair's half): the room Rust reserves for a long text it keeps. */
  function utf8Length(s) {
    let n = s.length;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) n += c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 1 : 2;
    }
    return n;
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

  // The tool-name pieces (the host's part: a server's module has none),
  // read on the first edit.
  let PIECES;
  const EDIT_WORDS = EditWord.SecondAt - EditWord.At;
  /** `s` with the edits Rust wrote at word `at` applied (EditWord): slices of `s` and Rust's pieces, no decoding. */
  function edited(s, at) {
    views();
    PIECES ??= table(glue.__pieces);
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
   * units and i32 words (every class of src/bindings/wasm/ has `units(n)`,
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
    /**
     * Writes `s` when it is at most `cap` code units long, `cap` being
     * Rust's bound on what of an input can matter (a longer one is
     * answered from its length alone, and is not copied into the module);
     * returns its length.
     */
    writeWithin(s, cap) {
      if (s.length <= cap) put(this.unitsAt(s.length), s);
      return s.length;
    }
    /** Writes `a` then `b` end to end. */
    write2(a, b) {
      const at = this.unitsAt(a.length + b.length);
      put(at, a);
      put(at + a.length, b);
    }
    /**
     * Writes the first `cap` code units of `s` (all of a shorter one),
     * `cap` being Rust's bound on what of an input can matter: a longer
     * one's start gives Rust the same answer. Returns its length.
     */
    writeHead(s, cap) {
      const n = Math.min(s.length, cap);
      putPart(this.unitsAt(n), s, 0, n);
      return s.length;
    }
    /** Writes the heads of `a` and `b` (as writeHead) end to end. */
    write2Heads(a, capA, b, capB) {
      const m = Math.min(a.length, capA), n = Math.min(b.length, capB);
      const at = this.unitsAt(m + n);
      putPart(at, a, 0, m);
      putPart(at + m, b, 0, n);
    }
    /**
     * Sends `s` to Rust in pieces of at most Limit.Piece code units, each
     * written at the start of the units and followed by `feed(length,
     * first)`: for an input longer than Rust reads whole, whose answer Rust
     * folds from its pieces, so no copy of the whole is ever made.
     */
    pieces(s, feed) {
      const n = s.length, size = Limit.Piece;
      for (let from = 0; from < n; from += size) {
        const m = Math.min(size, n - from);
        putPart(this.unitsAt(m), s, from, m); // unitsAt renews the views a feed may have detached
        feed(m, from === 0);
      }
    }
    /**
     * An unknown tool's name for Rust to rank: written at the start of the
     * units, or past a piece sent in pieces to `feed` (as pieces() does).
     * Returns its length, or undefined for a value that is no string
     * (ranked as none).
     */
    toolQuery(name, feed) {
      if (typeof name !== "string") return undefined;
      if (name.length > Limit.Piece) this.pieces(name, feed);
      else this.write(name);
      return name.length;
    }
    /**
     * Writes `s` (only when it is at most `cap` units long, as writeWithin
     * does), calls `op(length)`, and returns the string the call wrote
     * back, or its negative Reply. Rust writes its answer over the input:
     * the input's room and a little more hold most answers, and a few
     * words most edits; one that does not fit (Reply.NoRoom) is asked
     * again with twice the room. The room never doubles the input: a
     * large input must not make the module's memory grow by more than
     * itself.
     */
    answer(s, op, cap = Limit.MaxUnits) {
      const n = s.length, written = n <= cap ? n : 0;
      let room = written + ANSWER_ROOM, edits = ANSWER_ROOM;
      for (;;) {
        this.wordsAt(edits); // for edits (Reply.Edits): first, as it may grow memory
        const at = this.unitsAt(room);
        if (written > 0) put(at, s);
        const r = op(n);
        if (r === Reply.NoRoom) {
          room *= 2;
          edits *= 2;
          continue;
        }
        const result = r === Reply.Edits ? edited(s, this.wordsBase) : r < 0 ? r : decode(this.unitsBase, r);
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

  return { out, take, table, argumentError, misuse, tooLarge, tooMany, lengthOf, itemOf, isList, isOwn, put, putList, putHeads, decode, edited, utf8Length, words, create, Transport };
}
