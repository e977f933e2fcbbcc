/**
 * The documents holding one keyword value. While documents only join in
 * ascending order (indexing new records, restoring a saved index) they sit in
 * a growable ascending Uint32Array, a few bytes each; the first removal or
 * out-of-order addition turns the list into a Set.
 */
export class DocSet implements Iterable<number> {
  private sorted: Uint32Array;
  private length: number;
  private set: Set<number> | undefined;

  constructor(sorted: Uint32Array = NONE, length = 0) {
    this.sorted = sorted;
    this.length = length;
  }

  get size(): number {
    return this.set ? this.set.size : this.length;
  }

  add(doc: number): void {
    if (this.set) {
      this.set.add(doc);
      return;
    }
    if (this.length && doc <= this.sorted[this.length - 1]) {
      if (doc === this.sorted[this.length - 1]) return;
      this.toSet().add(doc);
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
    this.toSet().delete(doc);
  }

  has(doc: number): boolean {
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

  /** The documents ascending in one array: a view of the list while it is one, a sorted copy once it is a Set. Not to be changed. */
  ascending(): Uint32Array {
    return this.set ? Uint32Array.from(this.set).sort() : this.sorted.subarray(0, this.length);
  }

  [Symbol.iterator](): Iterator<number> {
    return this.set ? this.set.values() : this.sorted.subarray(0, this.length).values();
  }

  private toSet(): Set<number> {
    if (!this.set) {
      this.set = new Set(this.sorted.subarray(0, this.length));
      this.sorted = NONE;
      this.length = 0;
    }
    return this.set;
  }
}

const NONE = new Uint32Array(0);
