/**
 * The documents holding one keyword value. While documents only join in
 * ascending order (indexing new records, restoring a saved index) they sit in
 * a growable ascending Uint32Array, a few bytes each. The first removal or
 * out-of-order addition turns the list into a bitmap when the documents are
 * dense among the slots below the highest (a common value: a state, a
 * visibility), else into a Set, itself turned into a bitmap once it grows
 * dense. A Set of hundreds of thousands of documents cost some 30 bytes each
 * and held the event loop each time it doubled; a bitmap costs a bit per slot
 * and never moves more than its words.
 */

/** Documents below which a set stays a Set, however dense. */
const DENSE_MIN = 256;
/** Documents count as dense when the slots up to the highest are at most this many times as many: the bitmap is then at most twice the list's bytes. */
const DENSITY = 64;

export class DocSet implements Iterable<number> {
  private sorted: Uint32Array;
  private length: number;
  private set: Set<number> | undefined;
  private bits: Uint32Array | undefined;
  private count = 0;
  /** The highest document ever added (an upper bound of those held). */
  private max = -1;

  constructor(sorted: Uint32Array = NONE, length = 0) {
    this.sorted = sorted;
    this.length = length;
    if (length) this.max = sorted[length - 1];
  }

  get size(): number {
    return this.bits ? this.count : this.set ? this.set.size : this.length;
  }

  add(doc: number): void {
    if (doc > this.max) this.max = doc;
    if (this.bits) return this.setBit(doc);
    if (this.set) {
      this.set.add(doc);
      if (isDense(this.set.size, this.max)) this.toBits(this.set);
      return;
    }
    if (this.length && doc <= this.sorted[this.length - 1]) {
      if (doc === this.sorted[this.length - 1]) return;
      this.unsorted();
      this.add(doc);
      return;
    }
    if (this.length === this.sorted.length) {
      const grown = new Uint32Array(Math.max(4, this.sorted.length * 2));
      grown.set(this.sorted);
      this.sorted = grown;
    }
    this.sorted[this.length++] = doc;
  }

  delete(doc: number): void {
    if (!this.bits && !this.set) this.unsorted();
    if (this.set) {
      this.set.delete(doc);
      return;
    }
    const bits = this.bits!;
    const word = doc >>> 5;
    if (word < bits.length && bits[word] & (1 << (doc & 31))) {
      bits[word] &= ~(1 << (doc & 31));
      this.count--;
    }
  }

  has(doc: number): boolean {
    if (this.bits) return (doc >>> 5) < this.bits.length && (this.bits[doc >>> 5] & (1 << (doc & 31))) !== 0;
    if (this.set) return this.set.has(doc);
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid] < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.length && this.sorted[lo] === doc;
  }

  /** The documents ascending in one array: a view of the list while it is one, a copy otherwise. Not to be changed. */
  ascending(): Uint32Array {
    if (this.bits) {
      const out = new Uint32Array(this.count);
      let n = 0;
      this.forEachBit((doc) => (out[n++] = doc));
      return out;
    }
    return this.set ? Uint32Array.from(this.set).sort() : this.sorted.subarray(0, this.length);
  }

  [Symbol.iterator](): Iterator<number> {
    if (this.bits) return this.ascending().values();
    return this.set ? this.set.values() : this.sorted.subarray(0, this.length).values();
  }

  /** The list becomes a bitmap when dense, else a Set. */
  private unsorted(): void {
    const list = this.sorted.subarray(0, this.length);
    if (isDense(this.length, this.max)) this.toBits(list);
    else this.set = new Set(list);
    this.sorted = NONE;
    this.length = 0;
  }

  private toBits(docs: Iterable<number>): void {
    this.bits = new Uint32Array((this.max >>> 5) + 1);
    this.count = 0;
    for (const doc of docs) this.setBit(doc);
    this.set = undefined;
  }

  private setBit(doc: number): void {
    let bits = this.bits!;
    const word = doc >>> 5;
    if (word >= bits.length) {
      const grown = new Uint32Array(Math.max(word + 1, bits.length * 2));
      grown.set(bits);
      this.bits = bits = grown;
    }
    const mask = 1 << (doc & 31);
    if (!(bits[word] & mask)) {
      bits[word] |= mask;
      this.count++;
    }
  }

  private forEachBit(visit: (doc: number) => void): void {
    const bits = this.bits!;
    for (let word = 0; word < bits.length; word++) {
      let w = bits[word];
      while (w) {
        const low = w & -w;
        visit(word * 32 + 31 - Math.clz32(low));
        w ^= low;
      }
    }
  }
}

function isDense(size: number, max: number): boolean {
  return size >= DENSE_MIN && max + 1 <= size * DENSITY;
}

const NONE = new Uint32Array(0);
