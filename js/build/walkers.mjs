// Compiles Rust's payload rules (`__rules`) and stream call places and
// scope rules (`__stream_tables`) into JavaScript source at build time
// (js/build/build.mjs): one walker per format, one function per step of its
// trie, and per format the scope functions of its streams.
//
// Why generated source: a walker interpreted from the table runs every
// step through the same few closures, and closures made from one literal
// share the engine's feedback, so every property read was megamorphic
// (about 10 ns each, where a hand-written walk reads in about 1). A
// function of its own per step, with its key written into it, reads
// monomorphically. Generated here, at build time, the package needs no
// `new Function` at run time (which Content Security Policies and some
// runtimes refuse), and the rules stay Rust's: this file knows only what
// each kind of step does.
//
// The emitted text (js/generated/walkers.js) is a module exporting
// `createWalkers(h)`, given the helpers of js/api/payloads.js, returning
// `{ walkers: Map(format → walk), polluting, scopes: Map(format →
// [before, after]) }`.
// `walk(node, map)` returns `node` itself when nothing changed, or a copy
// along the changed path (see docs/ARCHITECTURE.md, "Payload rewriting",
// for why each check sits where it does).

/**
 * The source of `createWalkers`. `rules` is `__rules`' table, `calls` and
 * `scopes` the `calls` and `scopes` of `__stream_tables`, `kinds` the
 * glue's StepKind enum,
 * `maxElements` the glue's `Limit.MaxElements` (the longest array a walk
 * reads), written into the source as a literal: read from the closure,
 * its load in every array step made the history rewrite about 8 % slower.
 */
export function walkerSource(rules, calls, scopes, kinds, maxElements) {
  if (!Number.isSafeInteger(maxElements)) throw new Error("js/build/walkers.mjs: Limit.MaxElements is missing");
  const out = [];
  const unchecked = new Set(); // keys read without an own check (see js/api/payloads.js, isPolluted)
  // Identical steps (the same key and the same walk below, as where a
  // format's rules repeat a path under several roots) share one function.
  const byBody = new Map();
  const fn = (body) => {
    const text = body.replace(/ \/\/ [^\n]*/g, "").replace(/\n\s*/g, "\n");
    let name = byBody.get(text);
    if (name === undefined) {
      name = `w${byBody.size}`;
      byBody.set(text, name);
      out.push(`function ${name}(node, m) {\n${text}\n}`);
    }
    return name;
  };
  const lit = (v) => JSON.stringify(v);
  /**
   * Whether `v` (an object that has `key`, own or inherited: `key in v`)
   * has it as its own: for a plain object with nothing under `key` on
   * Object.prototype, `in` has said so already (its prototype chain is
   * Object.prototype alone), and its prototype and that `in` are inline
   * reads; any other object is asked (hasOwnProperty, a call on every
   * step: about a tenth of a history rewrite).
   */
  const ownCheck = (v, key) => `(protoOf(${v}) === OBJECT_PROTO && !(${key} in OBJECT_PROTO) || isOwn.call(${v}, ${key}))`;

  /** The walker of a trie level: `steps` are the rules below it, `depth` the steps walked to reach it. */
  function level(steps, depth) {
    const groups = new Map();
    for (const rule of steps) {
      const [kind, a, b] = rule[0];
      const key = JSON.stringify([kind, a, kind === kinds.Call ? "" : b]);
      let group = groups.get(key);
      if (group === undefined) groups.set(key, (group = { step: rule[0], rests: [] }));
      if (rule.length > 1) group.rests.push(rule.slice(1));
    }
    // When steps on one key become one dispatch on its value, in the
    // place of the first of them.
    const parts = [];
    const whens = new Map();
    for (const { step, rests } of groups.values()) {
      const [kind, a, b] = step;
      if (kind !== kinds.When) parts.push({ step, rests });
      else {
        if (!whens.has(a)) {
          whens.set(a, []);
          parts.push({ when: a });
        }
        whens.get(a).push([b, rests]);
      }
    }
    const names = parts.map((p) => (p.when !== undefined ? when(p.when, whens.get(p.when), depth) : stepOf(p.step, p.rests, depth)));
    if (names.length === 1) return names[0];
    // A step that reads a key is called only when the node has it (own or
    // inherited: its own check follows in the step), so a level of many
    // keys costs a call for the keys present only. A call for each one
    // made the OpenAI Chat stream about 12 % slower once its deltas had
    // two keys to look at. A copy an earlier step made has no key the node
    // lacks.
    const calls = parts.map((p, i) => {
      const key = p.when !== undefined ? p.when : p.step[0] === kinds.Key ? p.step[1] : undefined;
      return key === undefined ? `  r = ${names[i]}(r, m);` : `  if (${lit(key)} in node) r = ${names[i]}(r, m);`;
    });
    return fn(`  if (node === null || typeof node !== "object") return node;\n  let r = node;\n${calls.join("\n")}\n  return r;`);
  }

  /**
   * A dispatch on property `a`'s value (as JSON sees it): each branch walks
   * on. Its "seen" check is written out here, where its read of `a` stays
   * monomorphic (in a shared helper it was a megamorphic keyed load on
   * every changed block of a history).
   */
  function when(a, branches, depth) {
    unchecked.add(a);
    const cases = branches.map(([b, rests]) => `    case ${lit(b)}: r = ${level(rests, depth + 1)}(node, m); break;`);
    return fn(`  if (!isObject(node)) return node;
  const t = node[${lit(a)}];
  let s = t;
  if (typeof t !== "string") {
    if (t === null || typeof t !== "object") return node;
    s = jsonOf(t, ${lit(a)});
  }
  let r;
  switch (s) {
${cases.join("\n")}
    default: return node;
  }
  if (r === node) return node;
  return (r[${lit(a)}] === t && !mayInherit()) || isEnumerable.call(node, ${lit(a)}) ? r : node; // seen`);
  }

  /** The walker of one Key, Each, Name, Names or Call step. */
  function stepOf([kind, a, b], rests, depth) {
    const k = lit(a);
    if (kind === kinds.Key) {
      const next = level(rests, depth + 1);
      // `in` first: a miss (the common case) costs one inline-cached check.
      // `isOwn` is Object.prototype.hasOwnProperty, whose `.call` the
      // optimizing compiler inlines; Object.hasOwn was a call on every
      // step (about 5 % of a history rewrite).
      return fn(`  if (node === null || typeof node !== "object" || !(${k} in node) || !${ownCheck("node", k)} || Array.isArray(node)) return node;
  const raw = node[${k}];
  if (raw === null || typeof raw !== "object") return node; // nothing below a primitive
  const c = typeof raw.toJSON === "function" ? raw.toJSON(${k}) : raw;
  if (c === null || typeof c !== "object") return node;
  const nc = ${next}(c, m);
  if (nc === c || (!Array.isArray(c) && protoOf(c) !== OBJECT_PROTO && unboxed(c) !== c)) return node; // a boxed primitive: nothing below it (a plain object, the common case, asked inline)
  const copy = { ...node };
  if (copy[${k}] !== raw && !isEnumerable.call(node, ${k})) return node; // seen (own: checked above)
  copy[${k}] = nc;
  return copy;`);
    }
    if (kind === kinds.Each) {
      const next = level(rests, depth + 1);
      // Only where a stream's call below reads its slot from this element.
      const readsSlot = rests.some((r) => {
        const [lastKind, , place] = r[r.length - 1];
        return lastKind === kinds.Call && place[3].some(([d]) => d === depth + 1);
      });
      // JSON reads the length once and every index with a plain get (holes
      // and inherited elements included), as this does. A length over
      // Rust's bound throws before any element is read (a sparse array may
      // claim 2^32 - 1). A stream's call slots may read the element later
      // (ancestors).
      return fn(`  if (!Array.isArray(node)) return node;
  const n = node.length;
  if (n > ${maxElements}) throw tooMany();
  let o = node;
  for (let j = 0; j < n; j++) {
    let c = node[j];
    if (c === null || typeof c !== "object") continue;
    if (typeof c.toJSON === "function") {
      c = c.toJSON(String(j));
      if (c === null || typeof c !== "object") continue;
    }
    ${readsSlot ? `state.ancestors[${depth + 1}] = c;` : ""}
    const nc = ${next}(c, m);
    if (nc !== c && (protoOf(c) === OBJECT_PROTO || unboxed(c) === c)) {
      if (o === node) o = node.slice();
      o[j] = nc;
    }
  }
  return o;`);
    }
    if (kind === kinds.Name) {
      unchecked.add(a);
      return fn(`  if (!isObject(node)) return node;
  const raw = node[${k}];
  const n = typeof raw === "string" ? raw : raw !== null && typeof raw === "object" ? jsonOf(raw, ${k}) : null;
  const r = typeof n === "string" ? m(n) : null;
  if (r === null || r === n) return node;
  const copy = { ...node };
  if ((copy[${k}] !== raw || mayInherit()) && !isEnumerable.call(node, ${k})) return node; // seen
  copy[${k}] = r;
  return copy;`);
    }
    if (kind === kinds.Names) {
      // Rare (Gemini's lists of allowed function names).
      return fn(`  return namesStep(node, m, ${k});`);
    }
    if (kind === kinds.Call) {
      // A stream's call: its id, name (mapped as the walk maps it) and
      // slot, told to the stream reading this walk. Most events of a call
      // carry neither id nor name. `names` are the keys down to the name,
      // one list per place merged into this step (the first present wins).
      const [, idKey, names, slot] = b;
      // `v = own value at keys below base`, written out so each read keeps its own feedback.
      const reads = (v, base, keys) =>
        [`${v} = ${base};`, ...keys.map((key) => `${v} = isObject(${v}) && ${lit(key)} in ${v} && ${ownCheck(v, lit(key))} ? ${v}[${lit(key)}] : undefined;`)].join("\n  ");
      const own = (v, base, keys) => `let ${reads(v, base, keys)}`;
      // The name: the first place's keys, then each other place's while none is found.
      const name = names
        .map((keys, i) => (i === 0 ? own("name", "node", keys) : `if (typeof name !== "string") {\n  ${reads("name", "node", keys)}\n  }`))
        .join("\n  ");
      const slotReads = slot.map(([d, keys], i) => own(`s${i}`, d === depth ? "node" : `state.ancestors[${d}]`, keys));
      // The slot's parts as they are (the sink checks and sends them):
      // its number of parts (-1: none), the first two, the rest in a list.
      // Text made of each part here, for Rust to parse, was a string and
      // its parse per call.
      const parts = slot.map((_, i) => `s${i}`);
      const slotArgs = slot.length === 0 ? "-1" : [slot.length, ...parts.slice(0, 2), ...(slot.length > 2 ? [`[${parts.slice(2).join(", ")}]`] : [])].join(", ");
      return fn(`  const sink = state.callSink;
  if (sink === null || !isObject(node)) return node;
  ${own("id", "node", [idKey])}
  ${name}
  if (typeof id !== "string") id = undefined;
  if (typeof name === "string") name = m(name) ?? name;
  else name = undefined;
  if (id === undefined && name === undefined) return node;
  ${slotReads.join("\n  ")}
  sink(id, name, ${slotArgs});
  return node;`);
    }
    throw new Error(`js/build/walkers.mjs: a step of kind ${kind} it does not know`);
  }

  const callsOf = new Map(calls);
  /**
   * A format's call places as Call steps: places that differ only in the
   * keys down to the name (an OpenAI Chat tool call's `function.name` and
   * `custom.name`) become one step, which reads the id and slot once per
   * event; a step per place read them twice (about 15 % of a stream).
   */
  function callSteps(places) {
    const merged = new Map();
    for (const [path, id, name, slot] of places) {
      const key = JSON.stringify([path, id, slot]);
      const place = merged.get(key);
      if (place === undefined) merged.set(key, [path, id, [name], slot]);
      else place[2].push(name);
    }
    return [...merged.values()].map((place, i) => [...place[0], [kinds.Call, `${i}`, place]]);
  }
  /**
   * A format's scope functions (Rust's `ScopeRule` table), written out like
   * the steps so each read has its key in it: `before(event, pairing)`
   * tells `pairing.change(v)` each Changes value (before the event's calls
   * are paired), `after(event, pairing)` tells `pairing.close(parts)` the
   * slot prefix of each Ends rule the event meets (`[]`: every call). Null when the format
   * has none. Rules on one path read it once; its value is compared
   * first and checked to be own only when it matches (most events match
   * none).
   */
  const scopeFns = [];
  function scopeFunctions(rules) {
    // `v = own value at keys below base`, as the Call step reads a slot.
    const reads = (v, base, keys) =>
      [`let ${v} = ${base};`, ...keys.map((key) => `${v} = isObject(${v}) && ${lit(key)} in ${v} && ${ownCheck(v, lit(key))} ? ${v}[${lit(key)}] : undefined;`)].join("\n  ");
    const changes = rules.filter((r) => r[0] === 1);
    const ends = rules.filter((r) => r[0] === 0);
    let before = "null", after = "null";
    if (changes.length > 0) {
      // The value is the same in most events (a completion's id in every
      // chunk): compared with the last one first, checked to be own only
      // when it differs.
      const body = changes.map(([, [first, ...rest]], i) => {
        const read = [`let v${i} = event[${lit(first)}];`, ...rest.map((key) => `v${i} = isObject(v${i}) && ${lit(key)} in v${i} && ${ownCheck(`v${i}`, lit(key))} ? v${i}[${lit(key)}] : undefined;`)].join("\n  ");
        return `{\n  ${read}\n  if (typeof v${i} === "string" && v${i} !== pairing.scope && isOwn.call(event, ${lit(first)})) pairing.change(v${i});\n  }`;
      });
      before = `s${scopeFns.length}`;
      scopeFns.push(`function ${before}(event, pairing) {\n  if (event === null || typeof event !== "object") return;\n  ${body.join("\n  ")}\n}`);
    }
    if (ends.length > 0) {
      const byPath = new Map();
      for (const rule of ends) {
        const key = JSON.stringify(rule[1]);
        if (!byPath.has(key)) byPath.set(key, []);
        byPath.get(key).push(rule);
      }
      const body = [...byPath.values()].map((group, g) => {
        const at = group[0][1];
        const [first, ...rest] = at;
        // The first key: read as it is, its own-ness checked on a match.
        const read = [`let v${g} = event[${lit(first)}];`, ...rest.map((key) => `v${g} = isObject(v${g}) && ${lit(key)} in v${g} && ${ownCheck(`v${g}`, lit(key))} ? v${g}[${lit(key)}] : undefined;`)].join("\n  ");
        const cases = group.map(([, , is, slot]) => {
          const test = is === null ? `v${g} !== undefined` : `v${g} === ${lit(is)}`;
          const parts = slot.map((keys, i) => `${reads(`p${i}`, "event", keys)}`).join("\n    ");
          return `if (${test} && isOwn.call(event, ${lit(first)})) {\n    ${parts}\n    pairing.close([${slot.map((_, i) => `slotPart(p${i})`).join(", ")}]);\n  }`;
        });
        return `{\n  ${read}\n  ${cases.join(" else ")}\n  }`;
      });
      after = `s${scopeFns.length}`;
      scopeFns.push(`function ${after}(event, pairing) {\n  if (event === null || typeof event !== "object") return;\n  ${body.join("\n  ")}\n}`);
    }
    return `[${before}, ${after}]`;
  }
  const scopeEntries = scopes.map(([format, list]) => `[${lit(format)}, ${scopeFunctions(list)}]`);
  const formats = rules.map(([format, list]) => {
    const withCalls = [...list, ...callSteps(callsOf.get(format) ?? [])];
    return `[${lit(format)}, ${level(withCalls, 0)}]`;
  });
  // Whether Object.prototype has a key that a step reads unchecked: one
  // `in` per key written out, each with its own inline cache. A loop over
  // the keys was one megamorphic `in`, about a fifth of a stream event's
  // walk.
  const polluting = [...unchecked].map((key) => `${lit(key)} in OBJECT_PROTO`).join(" || ") || "false";
  return `// Generated by js/build/walkers.mjs from Rust's rule tables. Do not edit.
export function createWalkers(h) {
  "use strict";
  const { isObject, unboxed, jsonOf, slotPart, isOwn, isEnumerable, mayInherit, namesStep, state, protoOf, OBJECT_PROTO, tooMany } = h;
${out.join("\n")}
${scopeFns.join("\n")}
  return { walkers: new Map([${formats.join(", ")}]), polluting: () => ${polluting}, scopes: new Map([${scopeEntries.join(", ")}]) };
}
`;
}
