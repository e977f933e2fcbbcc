/**
 * The documents holding one keyword value: an ascending Uint32Array, a few
 * bytes each, with the changes that do not fit it (a removal, an addition out
 * of order) kept aside until the list is next read as a whole or they grow to
 * an eighth of it, then merged in one pass. A popular value (`is:open`, a
 * label on half the corpus) never turns into a JavaScript Set of hundreds of
 * thousands of numbers, which would cost the collector and a long pause to build.
 *
 * A set holding at least one slot in DENSE is also kept as a bitset over slots once asked for
 * (`bitmap`), and kept up to date as documents join and leave: a query combines it with others a
 * word (32 slots) at a time instead of stepping through hundreds of thousands of numbers.
 */
export class DocSet implements Iterable<number> {
  private sorted: Uint32Array;
  private length: number;
  /** Documents of `sorted` no longer in the set. */
  private gone: Set<number> | undefined;
  /** Documents in the set but not in `sorted`. */
  private added: Set<number> | undefined;
  /** The set as bits over slots (bit `d & 31` of word `d >>> 5`), once asked for while dense. */
  private bits: Uint32Array | undefined;

  constructor(sorted: Uint32Array = NONE, length = 0) {
    this.sorted = sorted;
    this.length = length;
  }

  get size(): number {
    return this.length - (this.gone?.size ?? 0) + (this.added?.size ?? 0);
  }

  add(doc: number): void {
    if (this.bits) this.setBit(doc);
    if (this.added?.has(doc)) return;
    if (!this.length || doc > this.sorted[this.length - 1]) {
      if (this.length === this.sorted.length) this.sorted = grown(this.sorted, Math.max(4, this.sorted.length * 2));
      this.sorted[this.length++] = doc;
    } else if (this.listed(doc)) this.gone?.delete(doc);
    else {
      (this.added ??= new Set()).add(doc);
      this.mergeIfLarge();
    }
  }

  delete(doc: number): void {
    if (this.bits && doc >>> 5 < this.bits.length) this.bits[doc >>> 5] &= ~(1 << (doc & 31));
    if (this.added?.delete(doc)) return;
    if (!this.listed(doc)) return;
    (this.gone ??= new Set()).add(doc);
    this.mergeIfLarge();
  }

  has(doc: number): boolean {
    if (this.added?.has(doc)) return true;
    return this.listed(doc) && !this.gone?.has(doc);
  }

  /** The documents ascending in one array (a view, not to be changed), the changes kept aside merged in first. */
  ascending(): Uint32Array {
    this.merge();
    return this.sorted.subarray(0, this.length);
  }

  /**
   * The set as bits over slots 0 … (at least) its highest document, when it holds at least one slot
   * in DENSE of that range (and MIN_DENSE documents); else undefined. Not to be changed; words past
   * its end are 0.
   */
  bitmap(): Uint32Array | undefined {
    if (this.bits) return this.bits;
    const docs = this.ascending();
    if (docs.length < MIN_DENSE || docs.length * DENSE < docs[docs.length - 1]) return undefined;
    this.bits = new Uint32Array((docs[docs.length - 1] >>> 5) + 1);
    for (let i = 0; i < docs.length; i++) this.bits[docs[i] >>> 5] |= 1 << (docs[i] & 31);
    return this.bits;
  }

  [Symbol.iterator](): Iterator<number> {
    return this.ascending().values();
  }

  private setBit(doc: number): void {
    const word = doc >>> 5;
    if (word >= this.bits!.length) this.bits = grown(this.bits!, Math.max(word + 1, Math.ceil(this.bits!.length * 1.5)));
    this.bits![word] |= 1 << (doc & 31);
  }

  /** Whether `doc` is in `sorted` (gone or not). */
  private listed(doc: number): boolean {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid] < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.length && this.sorted[lo] === doc;
  }

  private mergeIfLarge(): void {
    if ((this.gone?.size ?? 0) + (this.added?.size ?? 0) > Math.max(64, this.length >>> 3)) this.merge();
  }

  private merge(): void {
    const gone = this.gone?.size ? this.gone : undefined;
    const added = this.added?.size ? Uint32Array.from(this.added).sort() : NONE;
    if (!gone && !added.length) return;
    const out = new Uint32Array(Math.max(4, this.size));
    let n = 0;
    let a = 0;
    for (let i = 0; i < this.length; i++) {
      const doc = this.sorted[i];
      while (a < added.length && added[a] < doc) out[n++] = added[a++];
      if (!gone?.has(doc)) out[n++] = doc;
    }
    while (a < added.length) out[n++] = added[a++];
    [this.sorted, this.length, this.gone, this.added] = [out, n, undefined, undefined];
  }
}

function grown(array: Uint32Array, size: number): Uint32Array {
  const out = new Uint32Array(size);
  out.set(array);
  return out;
}

const NONE = new Uint32Array(0);

/** A set holding one slot in this many (or more) of the range up to its highest document is dense. */
const DENSE = 32;
/** Smaller sets are quick to step through: no bitmap. */
const MIN_DENSE = 4096;
