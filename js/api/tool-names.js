// Tool names: toLlmFacingName, tryReverseToCanonical, ToolNameError, and
// the memoized mappers (one per profile and overflow mode) that they and
// toolDefinitions use.
import { Memo } from "./memo.js";

/** The tool-name API over the transport helpers `h`. */
export function createToolNames(glue, h) {
  const { Reply, Expected, Limit } = glue;
  const { out, take, argumentError, create, Transport } = h;

  /** Thrown for a tool name that cannot be mapped or a registration that would collide. */
  class ToolNameError extends Error {}
  // The class's name, which Rust gives its tool-name errors (a test holds
  // index.d.ts to it): spelled once here, for the prototype and the check.
  const NAME = "ToolNameError";
  Object.defineProperty(ToolNameError.prototype, "name", { value: NAME, writable: true, configurable: true });

  /** The error the last failed call of `v` left, as a ToolNameError. */
  function lastError(v) {
    v.error(out);
    const e = take();
    if (e instanceof Error && e.name === NAME) Object.setPrototypeOf(e, ToolNameError.prototype);
    return e;
  }

  /** A profile and overflow mode for the free functions, with memos. */
  class Mapper extends Transport {
    constructor(options) {
      super(create(glue.Mapper, options));
      this.forwardMemo = new Memo();
      this.reverseMemo = new Memo();
      // Names Rust found to fit as they are (true): a memo of its own, so
      // JS assumes nothing of how a name that fits maps.
      this.fitsMemo = new Memo();
    }
    /**
     * Sends a name longer than Limit.Piece units to Rust in pieces, after
     * which it crosses as its length alone (no alias is that long: Rust
     * answers from what its pieces showed).
     */
    long(name) {
      if (name.length > Limit.Piece) this.pieces(name, (n, first) => this.v.feed(n, first));
    }
    forward(canonical) {
      const known = this.forwardMemo.get(canonical);
      if (known !== undefined) return known;
      this.long(canonical);
      const alias = this.answer(canonical, (n) => this.v.forward(n), Limit.Piece);
      if (typeof alias !== "string") throw lastError(this.v);
      this.forwardMemo.set(canonical, alias);
      return alias;
    }
    /** Throws the ToolNameError of `name` when, as it is, it does not fit the profile. */
    check(name) {
      if (this.fitsMemo.get(name) === true) return;
      this.long(name);
      const r = this.answer(name, (n) => this.v.check(n), Limit.Piece);
      if (r === Reply.Failed) throw lastError(this.v);
      this.fitsMemo.set(name, true);
    }
    reverse(name) {
      const known = this.reverseMemo.get(name);
      if (known !== undefined) return known;
      this.long(name);
      const r = this.answer(name, (n) => this.v.reverse(n), Limit.Piece);
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

  return { ToolNameError, lastError, mapperFor, toLlmFacingName, tryReverseToCanonical };
}
