// The memo of pure answers that validators and profiles keep (and the
// classifier per tool). It knows nothing of the glue: it holds Rust's
// answers as they came.

// Pure results (a verdict, an alias) are memoized per object: its
// options never change, so a result is a pure function of the string, and
// a repeated name skips the copy and the call. Two-way set-associative:
// a key lives in one of two slots picked by a cheap hash of its length and
// four characters, so two hot keys rarely evict each other, and a miss
// costs a few stores.
const MEMO_SLOTS = 1024, MEMO_MAX_LENGTH = 160;
/** The lookups a memo samples before it decides whether it pays (validateMany samples as many). */
export const MEMO_SAMPLE = 64;
function hash(s) {
  const n = s.length;
  let h = Math.imul(n, 0x9e3779b1);
  h = Math.imul(h ^ (s.charCodeAt(n - 1) | 0), 0x85ebca6b);
  h = Math.imul(h ^ (s.charCodeAt(n >> 1) | 0), 0xc2b2ae35);
  h = Math.imul(h ^ (s.charCodeAt(n >> 2) | 0), 0x27d4eb2f);
  h = Math.imul(h ^ (s.charCodeAt(n - 1 - (n >> 2)) | 0), 0x165667b1);
  return h ^ (h >>> 15);
}
// A memo that keeps missing (a stream of new strings) gets out of the
// way: after a sample of lookups with fewer than a quarter hits, it is
// neither read nor filled for the next calls (`paused` of them), then
// sampled again. Each sample that misses again doubles the pause, up to
// MEMO_PAUSE_MAX calls; one that pays starts it again from MEMO_PAUSE. A
// sample costs far more than the calls it is spread over (its lookups and
// stores, and code paths cold in between): with a fixed pause of 1024 it
// was about a sixth of a first-seen recipient's validation.
const MEMO_PAUSE = 1024, MEMO_PAUSE_MAX = 65536;
export class Memo {
  constructor() {
    // Allocated on the first store, so a short-lived object costs nothing.
    this.keys = null;
    this.values = null;
    this.lookups = 0;
    this.hits = 0;
    /** Calls left before the next sample (a caller may count one down itself and skip get and set). */
    this.paused = 0;
    this.pause = MEMO_PAUSE;
  }
  /** The value for `s`, or undefined. */
  get(s) {
    if (this.paused > 0) {
      this.paused--;
      return undefined;
    }
    if (this.keys === null) return undefined;
    const h = hash(s);
    const a = h & (MEMO_SLOTS - 1);
    const b = (h >>> 10) & (MEMO_SLOTS - 1);
    const v = this.keys[a] === s ? this.values[a] : this.keys[b] === s ? this.values[b] : undefined;
    if (v !== undefined) this.hits++;
    if (++this.lookups === MEMO_SAMPLE) this.sampled();
    return v;
  }
  /** A sample's end: pauses when it paid too little (out of get, whose every call it would make larger). */
  sampled() {
    if (this.hits * 4 < MEMO_SAMPLE) {
      this.paused = this.pause;
      this.pause = Math.min(2 * this.pause, MEMO_PAUSE_MAX);
    } else this.pause = MEMO_PAUSE;
    this.lookups = this.hits = 0;
  }
  /** Stores `v` for `s`; false when it did not (a long key, a paused memo). */
  set(s, v) {
    if (s.length > MEMO_MAX_LENGTH || this.paused > 0) return false;
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
      return true;
    }
    this.keys[a] = s;
    this.values[a] = v;
    return true;
  }
  clear() {
    this.keys = null;
    this.values = null;
    this.lookups = this.hits = this.paused = 0;
    this.pause = MEMO_PAUSE;
  }
}
