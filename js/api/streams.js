// Streams: fromProviderStream's iterator over parsed events (EventStream,
// with the pairing of its calls in Rust: CallPairing), the sources it
// reads (eventsOf), and fromProviderSse's byte TransformStream.

/** The stream adapters over the transport and payload helpers `h`. */
export function createStreams(glue, h) {
  const { Limit, Expected, Word } = glue;
  const { argumentError, put, words, Transport, jsonOf, walked, withClass, scopesOf, utf8Length } = h;

  /**
   * The pairing of one parsed-event stream's calls, in Rust (`StreamCalls`,
   * made when the stream first names a call): `sink` is the walkers' call
   * sink; `before(event)` and `after(event)` note the scopes the event
   * begins and ends (the walkers' generated scope functions, from Rust's
   * `ScopeRule` table, call back `change` and `close`). A scope's end only
   * changes what later calls pair with, so the slots to close wait here
   * and go to Rust with the next call; calls go in batches (`flush`),
   * written as they come in the words `Registry::pair` reads (its
   * layout), their strings kept to write at the flush. What JS keeps is
   * what it has yet to tell (the last scope value, the closes, the calls
   * not yet sent, whether any call is open).
   */
  // The most calls a stream holds before it sends them to Rust.
  const PAIR_BATCH = 32;
  // The most CallStreams of ended streams a registry keeps for its next
  // ones (each holds its buffers' room: a few KiB, at most MAX_OPEN_CALLS
  // calls' worth).
  const SPARE_MAX = 4;
  // A code unit of a surrogate pair's without its other half (the `u`
  // flag reads a whole pair as one code point, not of this class).
  const LONE_SURROGATE = /\p{Cs}/u;
  // A number part's bits, as two words.
  const BITS = new Float64Array(1), HALVES = new Int32Array(BITS.buffer);
  // Where #pair writes next: the word and the unit (element indexes of
  // the views); set by #pair before it calls string() and slot().
  let at = 0, unitAt = 0;
  /** Writes `s` at unitAt (when not undefined); returns its word (its length, or Word.Missing). */
  function string(s) {
    if (s === undefined) return Word.Missing;
    put(unitAt, s);
    unitAt += s.length;
    return s.length;
  }
  /** Whether `v` is sent as a string part (else as a number: NaN for a value that cannot be a part, which Rust reads as none, as JSON writes it: null). */
  const isText = (v) => typeof v === "string" && v.length <= Limit.MaxSlotText;
  /** The units of a slot's string parts. */
  function textOf(n, p0, p1, rest) {
    let units = 0;
    for (let i = 0; i < n; i++) {
      const v = i === 0 ? p0 : i === 1 ? p1 : rest[i - 2];
      if (isText(v)) units += v.length;
    }
    return units;
  }
  /** Writes a slot of `n` parts (-1: none) at `at`. */
  function slot(w, n, p0, p1, rest) {
    w[at++] = n < 0 ? Word.Missing : n;
    for (let i = 0; i < n; i++) {
      const v = i === 0 ? p0 : i === 1 ? p1 : rest[i - 2];
      if (isText(v)) w[at++] = string(v);
      else if (typeof v === "number" && (v | 0) === v) {
        // An integer (most parts: indexes) in one word: its bits through
        // a Float64Array were a tenth of a name-dense stream's pairing.
        w[at++] = Word.Int;
        w[at++] = v;
      } else {
        BITS[0] = typeof v === "number" ? v : NaN;
        w[at++] = Word.Number;
        w[at++] = HALVES[0];
        w[at++] = HALVES[1];
      }
    }
  }
  class CallPairing {
    /** A call was reported since every call last closed: only then can an event close one. */
    open = false;
    #live;
    /** The last Changes value seen (the walkers' scope functions compare with it before they check more). */
    scope = undefined;
    #closes = null; // slot prefixes (lists of parts) to close before the next call; [[]] closes every call
    #before;
    #after;
    #waiting;
    #spare;
    /** `waiting`: the registry's set of streams with calls not yet sent; `spare`: its CallStreams (Transports) of ended streams, reset, for the next. */
    constructor(live, format, waiting, spare) {
      this.#live = live;
      this.#waiting = waiting;
      this.#spare = spare;
      [this.#before, this.#after] = scopesOf(format);
      this.sink = (id, name, n, p0, p1, rest) => this.#pair(id, name, n, p0, p1, rest);
    }
    /** The nodes a walk of this stream's event steps through (Call steps read their slots there). */
    ancestors = [];
    /** The Changes rules, before the walk. */
    before(event) {
      if (this.#before !== null) this.#before(event, this);
    }
    /** The Ends rules, after the walk, while a call is open. */
    after(event) {
      if (this.open && this.#after !== null) this.#after(event, this);
    }
    /**
     * A Changes value seen: every call closes when it differs. A value Rust
     * cannot hold (over Limit.MaxSlotText UTF-8 bytes, or with a lone
     * surrogate) cannot be held here either: each one closes every call.
     */
    change(v) {
      if (v === this.scope) return;
      this.scope = v.length <= Limit.MaxSlotText && utf8Length(v) <= Limit.MaxSlotText && !LONE_SURROGATE.test(v) ? v : undefined;
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
      if (this.#closes !== null && this.#closes.length >= 64) this.#closes = [[]];
      else (this.#closes ??= []).push(parts);
    }
    #closeAll() {
      if (this.open) this.#closes = [[]];
      this.open = false;
    }
    /**
     * This stream's CallStream (its Transport), made on its first call:
     * each call is written in its scratch as the walk meets it (#words
     * words and #units units so far, for #count calls), where Rust reads
     * them at the flush. Kept in JS and copied at the flush, they cost
     * about as much again.
     */
    #t = null;
    /** The tools this stream's calls named, by their number (Rust's CallStream numbers them alike). */
    #tools = null;
    #words = 0;
    #units = 0;
    #count = 0;
    /** A call the walk met: its id and tool (undefined: absent), its slot's `n` parts (-1: no slot), the first two, the rest in a list. */
    #pair(id, name, n, p0, p1, rest) {
      if (this.#freed) return; // the stream has ended; an event walked late pairs nothing
      // An id or name longer than Rust holds (in bytes, which are never
      // fewer than the units) is sent as a lone surrogate, which Rust also
      // holds as unheld: the same answer without copying it in.
      if (id !== undefined && id.length > Limit.MaxSlotText) id = "\uD800";
      if (name !== undefined && name.length > Limit.MaxCallName) name = "\uD800";
      this.#live(); // a freed registry throws at the call, not at the batch's end
      this.open = true;
      const closes = this.#closes;
      this.#closes = null;
      // The room the call takes: at most three words a part, and its strings.
      // A tool the stream named before goes by its number (as Rust numbers them: in the order first sent, while there is room).
      let seen = -1;
      if (name !== undefined) {
        const tools = (this.#tools ??= new Map());
        seen = tools.get(name) ?? -1;
        if (seen < 0 && tools.size < Limit.MaxStreamTools) tools.set(name, tools.size);
      }
      let needWords = 5 + 3 * Math.max(n, 0), needUnits = textOf(n, p0, p1, rest);
      if (id !== undefined) needUnits += id.length;
      if (name !== undefined && seen < 0) needUnits += name.length;
      if (closes !== null) {
        for (let i = 0; i < closes.length; i++) {
          const c = closes[i];
          needWords += 1 + 3 * c.length;
          needUnits += textOf(c.length, c[0], c[1], c.length > 2 ? c.slice(2) : undefined);
        }
      }
      const t = (this.#t ??= this.#spare.pop() ?? new Transport(new glue.CallStream()));
      // Grown by doubling (Rust keeps what is written); either may grow
      // memory, so the views are taken after both (and after the walk's
      // lookups, which may have grown it too).
      const wordsEnd = this.#words + needWords, unitsEnd = this.#units + needUnits;
      if (wordsEnd > t.wordsCap) t.wordsAt(Math.max(wordsEnd, 2 * t.wordsCap, 256));
      if (unitsEnd > t.unitsCap) t.unitsAt(Math.max(unitsEnd, 2 * t.unitsCap, 1024));
      const w = words();
      const wordsBase = t.wordsBase, unitsBase = t.unitsBase;
      at = wordsBase + this.#words;
      unitAt = unitsBase + this.#units;
      w[at++] = string(id);
      if (seen < 0) w[at++] = string(name);
      else {
        w[at++] = Word.Seen;
        w[at++] = seen;
      }
      if (closes === null) w[at++] = 0;
      else {
        w[at++] = closes.length;
        for (let i = 0; i < closes.length; i++) {
          const c = closes[i];
          slot(w, c.length, c[0], c[1], c.length > 2 ? c.slice(2) : undefined);
        }
      }
      slot(w, n, p0, p1, rest);
      this.#words = at - wordsBase;
      this.#units = unitAt - unitsBase;
      if (this.#count++ === 0) this.#waiting.add(this);
      if (this.#count >= PAIR_BATCH) this.flush();
    }
    /**
     * Sends the calls not yet paired to Rust in one crossing (a crossing
     * per call was most of a name-dense stream's time). The registry has
     * every stream's sent before it answers from its memory of ids.
     */
    flush() {
      const count = this.#count, used = Math.max(this.#words, this.#units);
      if (count === 0) return;
      this.#count = 0;
      this.#words = 0;
      this.#units = 0;
      this.#waiting.delete(this);
      this.#live().v.pair(this.#t.v, count);
      this.#t.done(used);
    }
    #freed = false;
    free() {
      if (!this.#freed) {
        try {
          this.flush();
        } catch (e) {
          // A registry freed since the calls were seen: nothing is left to
          // remember them in, and ending the stream must not throw for it.
          if (e?.reason !== "freed") throw e;
        }
      }
      this.#freed = true;
      this.#waiting.delete(this);
      const t = this.#t;
      this.#t = null;
      if (t === null) return;
      if (this.#spare.length < SPARE_MAX) {
        t.v.reset();
        this.#spare.push(t);
      } else t.free();
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
      const result = walked(this.#walk, root, this.#map, calls.sink, calls.ancestors);
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


  return { CallPairing, EventStream, eventsOf, sseTransform };
}
