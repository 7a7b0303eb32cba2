// Payloads: the helpers the generated walkers share, the rewrite of a
// whole payload (toProvider, fromProvider), and toolDefinitions.
import { toolLayouts } from "../generated/tables.js";

/**
 * The payload rewriting over the transport helpers `h`; `createWalkers`
 * gives the walkers generated from Rust's rules (js/generated/walkers.js),
 * called on the first rewrite (the Node builds load their source then).
 */
export function createPayloads(glue, h, createWalkers) {
  const { Limit, Expected } = glue;
  const { argumentError, tooMany, lengthOf, itemOf, isList, isOwn, mapperFor } = h;

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
  // The hot checks are written out in each generated step (js/build/walkers.mjs),
  // where their reads of fixed keys stay monomorphic; the rarer paths are
  // the helpers below, shared by every step.
  const isEnumerable = Object.prototype.propertyIsEnumerable;
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
    if (polluted === undefined) polluted = POLLUTING();
    return polluted;
  }
  // Stream events that name a call's id or tool (Rust's table): the walker
  // meets them as Call steps and tells the stream's sink, which hands them
  // to Rust: the pairing per call (its slot, within its scope) and the
  // registry's memory of ids (toolForCallId) live in the core.
  // While a stream's event is walked: its call sink `(id, name, slot…)`, and
  // ancestors[d], the node d steps down, where a Call step's slot reads it.
  const state = { callSink: null, ancestors: [] };
  // The walkers' rarer paths, once for every step. The generated steps
  // keep their reads of fixed keys and the copies that change one, which
  // stay monomorphic there (a shared helper's `copy[a] = v` was a
  // megamorphic keyed store on every changed name).
  /** Whether a copy's value may be inherited rather than own (Object.prototype has a key the steps read unchecked): then "seen" is checked exactly. */
  const mayInherit = () => polluted !== false && isPolluted();
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
  // (js/build/walkers.mjs): rules that share a prefix share its walk (a trie).
  // Made on the first rewrite: the Node builds load their source then
  // (js/build/build.mjs), so a program that never rewrites never parses it.
  let RULES, POLLUTING, SCOPES;
  function walkersReady() {
    if (RULES === undefined) {
      ({ walkers: RULES, polluting: POLLUTING, scopes: SCOPES } = createWalkers({ isObject, unboxed, jsonOf, slotPart, isOwn, isEnumerable, mayInherit, namesStep, state, protoOf, OBJECT_PROTO, tooMany: () => tooMany(Expected.Payload) }));
    }
    return RULES;
  }

  /** A slot value: numbers and strings of at most Limit.MaxSlotText units only (a call without one stands alone). */
  function slotPart(v) {
    return typeof v === "number" || (typeof v === "string" && v.length <= Limit.MaxSlotText) ? v : null;
  }
  /** The scope functions `[before, after]` of `format`'s streams (either null where it has none). */
  function scopesOf(format) {
    walkersReady();
    return SCOPES.get(format) ?? [null, null];
  }

  /**
   * `walk(root, map)` for `format`'s rules, guarded against a polluted
   * Object.prototype; `root` itself when nothing changed. `sink` (or null)
   * is told the stream calls the walk meets, which read the nodes above
   * them in `ancestors`.
   */
  function walked(walk, root, map, sink = null, ancestors = null) {
    // A getter or toJSON may rewrite another payload meanwhile.
    const outer = polluted, outerSink = state.callSink, outerAncestors = state.ancestors;
    polluted = undefined;
    state.callSink = sink;
    if (sink !== null) {
      // The stream's own list, reused from event to event (a walk of its
      // events never runs inside another: each runs from a promise's job).
      state.ancestors = ancestors ?? [];
      state.ancestors[0] = root;
    }
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

  // Where each part of a tool goes in each format's tool definition, the
  // schema of a tool that declares none and the descriptions left out
  // (Rust's `tool_definition` rules, as a table).
  let TOOL_LAYOUTS = null, DEFAULT_SCHEMA, OMITTED; // read on first use: most programs never declare tools
  /** A tool's name, description and input schema, each read once; a tool whose getter (or Proxy) throws is the argument error, never the caller's exception. */
  function specOf(tool) {
    if (tool === null || typeof tool !== "object") return {};
    try {
      return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };
    } catch {
      throw argumentError(Expected.ToolSpecs);
    }
  }
  /** Each tool (`{ name, description?, inputSchema? }`) as a `format` request declares it; the schema object is the caller's own. */
  function toolDefinitions(tools, format) {
    if (TOOL_LAYOUTS === null) {
      const t = toolLayouts();
      TOOL_LAYOUTS = new Map(t.formats.map(([f, layout, profile]) => [f, { layout, profile }]));
      DEFAULT_SCHEMA = Object.freeze(JSON.parse(t.defaultInputSchema));
      OMITTED = t.omittedDescriptions;
    }
    const { layout, profile } = TOOL_LAYOUTS.get(format) ?? {};
    if (layout === undefined) throw argumentError(Expected.PayloadFormat);
    // A name the provider refuses fails the whole request: refused here,
    // naming the tool (safely) and the provider's limit.
    const names = mapperFor({ profile });
    if (!isList(tools)) throw argumentError(Expected.ToolSpecs);
    const count = lengthOf(tools, Expected.ToolSpecs);
    const definitions = new Array(count);
    for (let k = 0; k < count; k++) {
      const tool = itemOf(tools, k, Expected.ToolSpecs); // read once; a hole is no tool
      const { name, description: said, inputSchema } = specOf(tool); // each read once
      if (typeof name !== "string") throw argumentError(Expected.ToolSpecs);
      names.check(name);
      // A description that is no string, or one Rust leaves out, is none.
      const description = typeof said === "string" && !OMITTED.includes(said) ? said : undefined;
      const parts = { name, description, inputSchema: inputSchema ?? DEFAULT_SCHEMA };
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


  return { jsonOf, isObject, walked, walkerOf, withClass, rewrite, scopesOf, toolDefinitions };
}
