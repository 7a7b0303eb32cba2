// The public JS API, written once and wrapped by js/build.mjs for each
// entry point (CommonJS for Node, ES module for the web build).
//
// A thin layer over the wasm exports of src/js/: it copies a string's
// UTF-16 code units straight into wasm memory, makes one call, and builds
// the plain result object from the returned code. Every verdict is decided
// in Rust; the fixed strings of a rejection come from Rust once, at start.
function createApi(glue) {
  "use strict";
  const BROADCAST = 0, IDENTITY = 1;
  const NOT_A_STRING = 0xffffffff;
  // Result codes of src/js: a result did not fit the scratch buffer; the
  // alias is the plain form; the name is unchanged.
  const NO_ROOM = -2, PLAIN = -3, UNCHANGED = -4;
  const KEEP = 1 << 16; // buffers grown past this are released after use
  // Pure results (a verdict, an alias) are memoized per object: its
  // options never change, so a result is a pure function of the string, and
  // a repeated name skips the copy and the call. Two-way set-associative:
  // a key lives in one of two slots picked by a cheap hash of its length and
  // four characters, so two hot keys rarely evict each other, and a miss
  // costs a few stores.
  const MEMO_SLOTS = 1024, MEMO_MAX_LENGTH = 160, MEMO_SAMPLE = 64;
  function hash(s) {
    const n = s.length;
    let h = Math.imul(n, 0x9e3779b1);
    h = Math.imul(h ^ (s.charCodeAt(n - 1) | 0), 0x85ebca6b);
    h = Math.imul(h ^ (s.charCodeAt(n >> 1) | 0), 0xc2b2ae35);
    h = Math.imul(h ^ (s.charCodeAt(n >> 2) | 0), 0x27d4eb2f);
    h = Math.imul(h ^ (s.charCodeAt(n - 1 - (n >> 2)) | 0), 0x165667b1);
    return h ^ (h >>> 15);
  }
  class Memo {
    constructor() {
      // Allocated on the first store, so a short-lived object costs nothing.
      this.keys = null;
      this.values = null;
    }
    /** The value for `s`, or undefined. */
    get(s) {
      if (this.keys === null) return undefined;
      const h = hash(s);
      const a = h & (MEMO_SLOTS - 1);
      if (this.keys[a] === s) return this.values[a];
      const b = (h >>> 10) & (MEMO_SLOTS - 1);
      return this.keys[b] === s ? this.values[b] : undefined;
    }
    set(s, v) {
      if (s.length > MEMO_MAX_LENGTH) return;
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
        return;
      }
      this.keys[a] = s;
      this.values[a] = v;
    }
    clear() {
      this.keys = null;
      this.values = null;
    }
  }
  const memory = glue.__memory();

  // Exports hand values back through `out`, never as a return value
  // (src/js/mod.rs: an inlined wasm call returning a JS value can abort
  // Node 20's V8 when the caller is deoptimized).
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

  /** Creates a wasm object whose constructor reports bad options through `out`. */
  function create(Class, options) {
    const v = new Class(options, out);
    if (out.length !== 0) {
      const error = out[0];
      out.length = 0;
      v.free();
      throw error;
    }
    return v;
  }

  /** A wasm object with a scratch buffer of UTF-16 code units (`v.units(n)`). */
  class Scratch {
    constructor(v) {
      this.v = v;
      this.unitsBase = 0;
      this.unitsCap = 0;
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
    /** Writes `s`, calls `op(length)`, and returns its number. */
    call(s, op) {
      const at = this.unitsAt(s.length); // first: it may grow memory and renew units16
      put(units16, at, s);
      const n = op(s.length);
      if (s.length > KEEP) this.release();
      return n;
    }
    /**
     * Writes `s`, calls `op(length)`, and returns the string the call wrote
     * back, or its negative code. Room for twice the input covers every
     * result; a result that still does not fit (NO_ROOM) is asked again.
     */
    transform(s, op) {
      let room = 2 * s.length + 16;
      for (;;) {
        const at = this.unitsAt(room);
        put(units16, at, s);
        const n = op(s.length);
        if (n === NO_ROOM) {
          room *= 2;
          continue;
        }
        const result = n < 0 ? n : decode(this.unitsBase, n);
        if (s.length > KEEP) this.release();
        return result;
      }
    }
    release() {
      this.v.release();
      if (this.unitsCap > KEEP) this.unitsCap = 0;
    }
    free() {
      this.v.free();
    }
  }

  function decode(at, n) {
    views();
    let s = "";
    for (let i = 0; i < n; i += 4096) s += String.fromCharCode.apply(null, units16.subarray(at + i, at + Math.min(n, i + 4096)));
    return s;
  }

  /** One wasm Validator, its scratch buffers and its memo. */
  class Checker extends Scratch {
    constructor(options) {
      super(create(glue.Validator, options));
      this.metaBase = 0;
      this.metaCap = 0;
      this.memo = new Memo(); // accepted verdicts only
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
      super.release();
      if (this.metaCap > KEEP) this.metaCap = 0;
    }
    recall(s) {
      return this.memo.get(s) ?? -1;
    }
    remember(s, code) {
      this.memo.set(s, code);
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
      // A list that misses the memo (mostly new names) stops consulting it
      // after a sample, so the lookups cost nothing where they cannot pay.
      // Each item is read once (a getter cannot answer differently later).
      const pending = [], values = [];
      let total = 0, useMemo = true, hits = 0;
      for (let i = 0; i < count; i++) {
        const x = list[i];
        const code = useMemo && typeof x === "string" ? this.recall(x) : -1;
        if (code >= 0) {
          hits++;
          results[i] = accepted(code, x);
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
      const m = this.metaAt(p);
      for (let k = 0; k < p; k++) {
        const x = values[k];
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
        const i = pending[k], x = values[k], code = codes[k];
        if (typeof x !== "string") {
          this.v.reject_value(x, out);
          results[i] = rejected();
          continue;
        }
        if (code <= IDENTITY) {
          if (useMemo) this.remember(x, code);
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
      super.free();
      this.memo.clear();
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


  // ---- Tool names (SPEC §3) ----

  /** Thrown for a tool name that cannot be mapped or a registration that would collide. */
  class ToolNameError extends Error {}
  Object.defineProperty(ToolNameError.prototype, "name", { value: "ToolNameError", writable: true, configurable: true });

  /** The error the last failed call of `v` left, as a ToolNameError. */
  function lastError(v) {
    v.error(out);
    const e = out[0];
    out.length = 0;
    if (e instanceof Error && e.name === "ToolNameError") Object.setPrototypeOf(e, ToolNameError.prototype);
    return e;
  }

  /** A profile and overflow mode for the free functions, with memos. */
  class Mapper extends Scratch {
    constructor(options) {
      super(create(glue.Mapper, options));
      this.forwardMemo = new Memo();
      this.reverseMemo = new Memo();
    }
    forward(canonical) {
      const known = this.forwardMemo.get(canonical);
      if (known !== undefined) return known;
      let alias = this.transform(canonical, (n) => this.v.forward(n));
      if (alias === PLAIN) alias = canonical.replaceAll("/", "__");
      else if (typeof alias !== "string") throw lastError(this.v);
      this.forwardMemo.set(canonical, alias);
      return alias;
    }
    reverse(name) {
      const known = this.reverseMemo.get(name);
      if (known !== undefined) return known;
      // Rust decides; a split comes back as the index of the `__` to replace.
      const r = this.call(name, (n) => this.v.reverse(n));
      const canonical = r === UNCHANGED ? name : r < 0 ? null : `${name.slice(0, r)}/${name.slice(r + 2)}`;
      this.reverseMemo.set(name, canonical);
      return canonical;
    }
  }

  // Mappers are cached by options: built-in profiles by name, custom
  // profiles by the profile object (read once: to change a custom profile,
  // pass a new object).
  const defaultMapper = new Mapper(undefined);
  const builtinMappers = new Map();
  const customMappers = new WeakMap();
  function mapperFor(options) {
    if (options === undefined) return defaultMapper;
    const keys = options !== null && typeof options === "object" ? Object.keys(options) : null;
    if (keys === null || !keys.every((k) => k === "profile" || k === "overflow")) return new Mapper(options); // throws the precise error
    const { profile, overflow } = options;
    if (typeof profile === "object" && profile !== null) {
      let byOverflow = customMappers.get(profile);
      if (byOverflow === undefined) customMappers.set(profile, (byOverflow = new Map()));
      let m = byOverflow.get(overflow);
      if (m === undefined) byOverflow.set(overflow, (m = new Mapper(options)));
      return m;
    }
    const key = `${String(profile)}\u0000${String(overflow)}`;
    let m = builtinMappers.get(key);
    if (m === undefined && typeof profile !== "symbol" && typeof overflow !== "symbol") builtinMappers.set(key, (m = new Mapper(options)));
    return m ?? new Mapper(options);
  }

  /** The LLM-facing alias of a canonical `server/tool` name (SPEC §3.2). */
  function toLlmFacingName(canonical, options) {
    const m = mapperFor(options);
    if (typeof canonical !== "string") throw invalidArgument("a tool name string");
    return m.forward(canonical);
  }

  /** The canonical form of an alias by the first-`__` heuristic (SPEC §3.3); null when it cannot tell. */
  function tryReverseToCanonical(name) {
    return typeof name === "string" ? defaultMapper.reverse(name) : null;
  }

  // Payload rewriting: the places that hold tool names are Rust's rules
  // (src/tool_name/rewrite.rs), compiled once into copy-on-write walkers.
  const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  /** A copy of `node` with one property replaced (a spread, then a store: faster than a computed key in the literal). */
  function withProperty(node, key, value) {
    const copy = { ...node };
    copy[key] = value;
    return copy;
  }
  function compileRule(steps) {
    let f = null;
    for (let i = steps.length - 1; i >= 0; i--) {
      const [kind, a, b] = steps[i];
      const next = f;
      if (kind === 0) {
        f = (node, m) => {
          if (!isObject(node) || !Object.hasOwn(node, a)) return node;
          const c = node[a], nc = next(c, m);
          return nc === c ? node : withProperty(node, a, nc);
        };
      } else if (kind === 1) {
        f = (node, m) => {
          if (!Array.isArray(node)) return node;
          let o = node;
          for (let j = 0; j < node.length; j++) {
            const c = node[j], nc = next(c, m);
            if (nc !== c) {
              if (o === node) o = node.slice();
              o[j] = nc;
            }
          }
          return o;
        };
      } else if (kind === 2) {
        f = (node, m) => (isObject(node) && node[a] === b ? next(node, m) : node);
      } else if (kind === 3) {
        f = (node, m) => {
          if (!isObject(node)) return node;
          const n = node[a];
          const r = typeof n === "string" ? m.get(n) : undefined;
          return r === undefined || r === n ? node : withProperty(node, a, r);
        };
      } else {
        f = (node, m) => {
          if (!isObject(node) || !Array.isArray(node[a])) return node;
          const list = node[a];
          let o = list;
          for (let j = 0; j < list.length; j++) {
            const n = list[j];
            const r = typeof n === "string" ? m.get(n) : undefined;
            if (r !== undefined && r !== n) {
              if (o === list) o = list.slice();
              o[j] = r;
            }
          }
          return o === list ? node : withProperty(node, a, o);
        };
      }
    }
    return f;
  }
  glue.__rules(out);
  const RULES = new Map(out.map(([format, rules]) => [format, rules.map(compileRule)]));
  out.length = 0;
  const FORMATS = [...RULES.keys()].map((f) => JSON.stringify(f)).join(", ");

  function rewrite(payload, format, names) {
    const rules = RULES.get(format);
    if (rules === undefined) throw invalidArgument(`a payload format: one of ${FORMATS}`);
    let result = payload;
    for (const rule of rules) result = rule(result, names);
    if (result !== payload) return result;
    return Array.isArray(payload) ? payload.slice() : isObject(payload) ? { ...payload } : payload;
  }

  /** The authoritative two-form mapping of a host's tools (SPEC §3.4). */
  class ToolRegistry {
    #s;
    #aliasOf = new Map(); // canonical → alias: a mirror of Rust's decisions, for lookups
    #canonicalOf = new Map(); // alias → canonical
    #keys = new Map(); // override keys by name, from Rust; cleared on every registration
    constructor(options) {
      this.#s = new Scratch(create(glue.Registry, options));
    }
    #record(canonical, alias) {
      this.#aliasOf.set(canonical, alias);
      this.#canonicalOf.set(alias, canonical);
      this.#keys.clear();
    }
    /** Registers a canonical name; returns its alias. */
    register(canonical) {
      if (typeof canonical !== "string") throw invalidArgument("a tool name string");
      const known = this.#aliasOf.get(canonical);
      if (known !== undefined) return known;
      const alias = this.#s.transform(canonical, (n) => this.#s.v.register(n));
      if (typeof alias !== "string") throw lastError(this.#s.v);
      this.#record(canonical, alias);
      return alias;
    }
    /** Registers `server/tool` for each tool name, all or nothing; returns the aliases. */
    registerServer(server, toolNames) {
      if (typeof server !== "string") throw invalidArgument("a server name string");
      if (!Array.isArray(toolNames) || !toolNames.every((t) => typeof t === "string")) {
        throw invalidArgument("an array of tool name strings");
      }
      if (!this.#s.v.register_server(server, toolNames, out)) throw lastError(this.#s.v);
      const aliases = out[0];
      out.length = 0;
      toolNames.forEach((tool, i) => this.#record(`${server}/${tool}`, aliases[i]));
      return aliases;
    }
    /** Either form in, the canonical name out; null for unknown names. */
    toCanonical(name) {
      return this.#canonicalOf.get(name) ?? (this.#aliasOf.has(name) ? name : null);
    }
    /** Either form in, the LLM-facing alias out; null for unknown names. */
    toLlmFacing(name) {
      return this.#aliasOf.get(name) ?? (this.#canonicalOf.has(name) ? name : null);
    }
    /** A config value keyed by either form, or by the server; canonical key first. */
    lookupOverride(map, name) {
      if (map === null || typeof map !== "object") throw invalidArgument("a config map (an object or a Map)");
      if (typeof name !== "string") return undefined;
      let keys = this.#keys.get(name);
      if (keys === undefined) {
        this.#s.transform(name, (n) => (this.#s.v.override_keys(n, out), 0));
        keys = out[0];
        out.length = 0;
        if (this.#keys.size >= 4096) this.#keys.clear();
        this.#keys.set(name, keys);
      }
      const isMap = map instanceof Map;
      for (const k of keys) {
        if (isMap ? map.has(k) : Object.hasOwn(map, k)) return isMap ? map.get(k) : map[k];
      }
      return undefined;
    }
    /** The outbound request with canonical names replaced by aliases. */
    toProvider(payload, format) {
      return rewrite(payload, format, this.#aliasOf);
    }
    /** The response or history with aliases replaced by canonical names. */
    fromProvider(payload, format) {
      return rewrite(payload, format, this.#canonicalOf);
    }
    /** Frees the wasm side now (optional). */
    free() {
      this.#s.free();
    }
  }

  // ---- Safe error.data (SPEC §4) ----

  out.length = 0;
  glue.__error_tables(out);
  const [INVALID_ARGUMENT, INVALID_ARGUMENTS, UNKNOWN_TOOL, UNKNOWN_TOOL_MESSAGE, INVALID_PARAMS, ISSUE_MESSAGES] = out;
  out.length = 0;
  const NONE = 0xffffffff;

  /** A JSON-RPC id as it may be echoed: a string, a finite number, or null. */
  const requestId = (id) => (typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null);

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

  /** The text of an isError result: catalog and fixed strings only (as error_text in Rust). */
  function errorText(data) {
    let text = INVALID_ARGUMENTS;
    if (data.tool !== null) text += ` for ${data.tool}`;
    if (data.message !== INVALID_ARGUMENTS) text += data.field !== null ? `: ${data.field} ${data.message}` : `: ${data.message}`;
    return text;
  }

  /** A whitelist classifier of tool-argument errors (SPEC §4.1–4.3). */
  class ErrorClassifier {
    #s;
    #strings; // the catalog strings, as Rust indexed them: every result string is one of these
    #ids; // element index of the id buffer in meta32
    #memo = new Map(); // tool → Memo of message → [tool, field, message] ids, or null
    constructor(catalog) {
      if (catalog === undefined || catalog === null) throw invalidArgument("a catalog object");
      const v = new glue.Classifier(catalog, out);
      const first = out[0];
      out.length = 0;
      if (!Array.isArray(first)) {
        v.free();
        throw first;
      }
      this.#s = new Scratch(v);
      this.#strings = first;
      this.#ids = v.ids() >>> 2;
    }
    /** Decides in Rust; returns [toolId, fieldId, messageId] (NONE for absent, message NONE when unclassified). */
    #decide(tool, message) {
      const t = typeof tool === "string" ? tool : "";
      let byTool = this.#memo.get(t);
      if (byTool === undefined) {
        if (this.#memo.size >= 256) this.#memo.clear();
        this.#memo.set(t, (byTool = new Memo()));
      }
      const known = byTool.get(message);
      if (known !== undefined) return known;
      const n = t.length + message.length;
      const at = this.#s.unitsAt(n);
      put(units16, at, t);
      put(units16, at + t.length, message);
      this.#s.v.classify(t.length, message.length);
      views();
      const ids = [meta32[this.#ids], meta32[this.#ids + 1], meta32[this.#ids + 2]];
      if (n > KEEP) this.#s.release();
      byTool.set(message, ids);
      return ids;
    }
    #data([tool, field, message]) {
      const s = this.#strings;
      return { code: INVALID_ARGUMENT, tool: tool === NONE ? null : s[tool], field: field === NONE ? null : s[field], message: s[message] };
    }
    /** `{ code, tool, field, message }` from catalog strings, or null. */
    classify(tool, error) {
      const message = messageOf(error);
      if (message === null) return null;
      const ids = this.#decide(tool, message);
      return ids[2] === NONE ? null : this.#data(ids);
    }
    /** The JSON-RPC -32602 response; `data` only when the error classifies (else the legacy envelope). */
    invalidArgumentsResponse(id, tool, error) {
      const data = this.classify(tool, error);
      const e = { code: INVALID_PARAMS, message: INVALID_ARGUMENTS };
      if (data !== null) e.data = data;
      return { jsonrpc: "2.0", id: requestId(id), error: e };
    }
    /** An MCP CallToolResult with isError: true; text from catalog strings only. */
    toolErrorResult(tool, error) {
      const message = messageOf(error);
      const ids = message === null ? null : this.#decide(tool, message);
      let data;
      if (ids !== null && ids[2] !== NONE) data = this.#data(ids);
      else {
        const t = typeof tool === "string" ? this.#decide(tool, "")[0] : NONE;
        data = { code: INVALID_ARGUMENT, tool: t === NONE ? null : this.#strings[t], field: null, message: INVALID_ARGUMENTS };
      }
      return { content: [{ type: "text", text: errorText(data) }], isError: true, structuredContent: { error: data } };
    }
    /** -32602 with up to 3 catalog tools nearest `name`; the name itself never appears. */
    unknownToolResponse(id, name) {
      const suggestions = [];
      if (typeof name === "string") {
        const count = this.#s.call(name, (n) => this.#s.v.suggest(n));
        views();
        for (let i = 0; i < count; i++) suggestions.push(this.#strings[meta32[this.#ids + i]]);
      }
      return {
        jsonrpc: "2.0",
        id: requestId(id),
        error: { code: INVALID_PARAMS, message: UNKNOWN_TOOL_MESSAGE, data: { code: UNKNOWN_TOOL, suggestions } },
      };
    }
    /** Zod issues or Ajv errors → safe data, one per issue. */
    classifyIssues(tool, issues) {
      if (!Array.isArray(issues)) throw invalidArgument("an array of Zod issues or Ajv errors");
      const t = typeof tool === "string" ? tool : "";
      const at = this.#s.unitsAt(t.length);
      put(units16, at, t);
      this.#s.v.classify_issues(t.length, issues, out);
      const flat = out[0];
      out.length = 0;
      const result = [];
      for (let i = 0; i < flat.length; i += 3) {
        result.push({
          code: INVALID_ARGUMENT,
          tool: flat[i] < 0 ? null : this.#strings[flat[i]],
          field: flat[i + 1] < 0 ? null : this.#strings[flat[i + 1]],
          message: ISSUE_MESSAGES[flat[i + 2]],
        });
      }
      return result;
    }
    /** Frees the wasm side now (optional). */
    free() {
      this.#s.free();
    }
  }

  // ---- Broadcast delivery and read state (SPEC §2) ----

  out.length = 0;
  glue.__delivery_tables(out);
  const [NOT_A_RECIPIENT, NOT_A_RECIPIENT_MESSAGE] = out;
  out.length = 0;
  const STATES = ["unread", "read", "not_a_recipient"];
  // Field codes of the record stream (src/js/delivery.rs); smaller numbers are string indexes.
  const F_MISSING = 0xffffffff, F_NULL = 0xfffffffe, F_OTHER = 0xfffffffd, NOT_A_RECORD = 0xfffffffc;

  /**
   * Converts records into the stream Rust reads: every string of the call
   * interned once (so Rust decodes each once), one small record per message.
   * Nothing is decided here; Rust gets every field as it was, typed.
   */
  class RecordStream {
    constructor() {
      this.mailbox = new Scratch(new glue.Mailbox());
      this.slotsBase = 0;
      this.slotsCap = 0;
      this.words = new Uint32Array(1024);
      this.n = 0;
      this.ids = new Map();
      this.strings = [];
      this.busy = false;
    }
    reset() {
      this.n = 0;
      this.ids.clear();
      this.strings.length = 0;
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
        const bigger = new Uint32Array(this.words.length * 2);
        bigger.set(this.words);
        this.words = bigger;
      }
      this.words[this.n++] = w;
    }
    field(v) {
      return v === undefined ? F_MISSING : v === null ? F_NULL : typeof v === "string" ? this.intern(v) : F_OTHER;
    }
    message(m) {
      if (m === null || typeof m !== "object" || Array.isArray(m)) {
        this.push(NOT_A_RECORD);
        return;
      }
      this.push(0);
      this.push(this.field(m.to));
      this.push(this.field(m.from));
      this.push(this.field(m.readAt));
      const receipts = m.receipts;
      if (receipts === undefined || receipts === null) this.push(F_MISSING);
      else if (!Array.isArray(receipts)) this.push(F_OTHER);
      else {
        this.push(receipts.length);
        for (let i = 0; i < receipts.length; i++) {
          const r = receipts[i];
          if (r === null || typeof r !== "object" || Array.isArray(r)) {
            this.push(NOT_A_RECORD);
            this.push(F_MISSING);
          } else {
            this.push(this.field(r.recipient));
            this.push(this.field(r.readAt));
          }
        }
      }
    }
    /** Runs `op` over `messages` for `reader` (and `now`); returns Rust's number. */
    run(op, messages, reader, now) {
      this.reset();
      this.intern(reader);
      if (now !== undefined) this.intern(now);
      for (let i = 0; i < messages.length; i++) this.message(messages[i]);
      const strings = this.strings, count = strings.length;
      let total = 0;
      for (let i = 0; i < count; i++) total += strings[i].length;
      const mb = this.mailbox;
      let at = mb.unitsAt(total);
      const slotCount = 4 + count + this.n;
      if (slotCount > this.slotsCap) {
        this.slotsBase = mb.v.slots(slotCount) >>> 2;
        this.slotsCap = slotCount;
      }
      views();
      for (let i = 0; i < count; i++) {
        put(units16, at, strings[i]);
        at += strings[i].length;
      }
      const base = this.slotsBase;
      meta32[base] = count;
      meta32[base + 1] = messages.length;
      meta32[base + 2] = 0;
      meta32[base + 3] = now === undefined ? F_MISSING : this.ids.get(now);
      for (let i = 0; i < count; i++) meta32[base + 4 + i] = strings[i].length;
      meta32.set(this.words.subarray(0, this.n), base + 4 + count);
      const r = mb.v.decide(op, out);
      if (r === -1) {
        const e = out[0];
        out.length = 0;
        throw e;
      }
      if (total > KEEP || slotCount > KEEP) {
        mb.release();
        this.slotsCap = 0;
      }
      return r;
    }
    /** The first `k` result slots (indexes written by Rust). */
    results(k) {
      views();
      return meta32.slice(this.slotsBase, this.slotsBase + k);
    }
  }
  const shared = new RecordStream();
  /**
   * Runs `f` with a stream. A getter on a record may call back into this
   * API while the shared stream is half written: such a nested call gets a
   * stream of its own.
   */
  function withStream(f) {
    const s = shared.busy ? new RecordStream() : shared;
    s.busy = true;
    try {
      return f(s);
    } finally {
      s.busy = false;
    }
  }

  function requireReader(reader) {
    if (typeof reader !== "string") throw invalidArgument("the reader's identity as a string");
  }
  function requireList(messages) {
    if (!Array.isArray(messages)) throw invalidArgument("an array of message records");
  }
  /** `now` as an ISO-8601 UTC string: a string (checked in Rust), a Date, or epoch milliseconds. */
  function timestamp(now) {
    if (typeof now === "string") return now;
    const date = now instanceof Date ? now : typeof now === "number" ? new Date(now) : null;
    if (date === null || Number.isNaN(date.getTime())) throw invalidArgument("now as an ISO-8601 UTC timestamp, a Date or epoch milliseconds");
    return date.toISOString();
  }

  /** Who a message goes to: the direct recipient, or the broadcast audience as it stands now. */
  function planDelivery(args, options) {
    if (args === null || typeof args !== "object") throw invalidArgument("{ to, sender, agents }");
    const { to, sender, agents } = args;
    if (agents !== undefined && !Array.isArray(agents)) throw invalidArgument("agents as an array");
    if (sender !== undefined && sender !== null && typeof sender !== "string") throw invalidArgument("sender as a string");
    const verdict = validateRecipient(to, options);
    if (!verdict.ok) return verdict;
    if (verdict.recipient.kind === "identity") return { ok: true, kind: "direct", recipients: [to] };
    glue.__audience(sender, agents ?? [], out);
    const recipients = out[0];
    out.length = 0;
    return { ok: true, kind: "broadcast", recipients };
  }

  /** `"unread" | "read" | "not_a_recipient"` for one message and reader. */
  function readState(message, reader) {
    requireReader(reader);
    return withStream((s) => STATES[s.run(0, [message], reader)]);
  }

  /** The update to store when `reader` reads `message` at `now`; the first read wins. */
  function markRead(message, reader, now) {
    requireReader(reader);
    const stamp = timestamp(now);
    return withStream((s) => {
      const r = s.run(3, [message], reader, stamp);
      if (r === -2) throw invalidArgument("now as an ISO-8601 UTC timestamp, a Date or epoch milliseconds");
      if (r === 0) return { ok: false, error: { code: NOT_A_RECIPIENT, message: NOT_A_RECIPIENT_MESSAGE } };
      const k = r - 1;
      return { ok: true, alreadyRead: (k & 1) === 1, target: k >> 1 ? "message" : "receipt", readAt: s.strings[s.results(1)[0]] };
    });
  }

  /** How many of `messages` `reader` has not read (the rule of readState). */
  function unreadCount(messages, reader) {
    requireList(messages);
    requireReader(reader);
    return withStream((s) => s.run(1, messages, reader));
  }

  /** The messages `reader` has not read, in order (the same records, not copies). */
  function listUnread(messages, reader) {
    requireList(messages);
    requireReader(reader);
    return withStream((s) => {
      const k = s.run(2, messages, reader);
      const indexes = s.results(k);
      const list = new Array(k);
      for (let i = 0; i < k; i++) list[i] = messages[indexes[i]];
      return list;
    });
  }

  return {
    validateRecipient,
    RecipientValidator,
    toLlmFacingName,
    tryReverseToCanonical,
    ToolRegistry,
    ToolNameError,
    ErrorClassifier,
    planDelivery,
    readState,
    markRead,
    unreadCount,
    listUnread,
  };
}
