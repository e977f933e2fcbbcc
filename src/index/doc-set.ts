import { growableArray, grownArray } from "../structures/lasting-memory.js";
import { finish, growingArray, noSteps, zeroedArray, zeroedGrowableArray, type Steps } from "./steps.js";

/**
 * The documents holding one keyword value: an ascending Uint32Array, a few
 * bytes each, with the changes that do not fit it (a removal, an addition out
 * of order) kept aside until the list is next read as a whole or they grow to
 * an eighth of it, then merged in one pass. A popular value (`is:open`, a
 * label on half the corpus) never turns into a JavaScript Set of hundreds of
 * thousands of numbers, which would cost the collector and a long pause to build.
 *
 * A set holding at least one slot in DENSE (and MIN_DENSE documents) is kept as bits over slots
 * instead (`bitmap`): a query combines it with others a word (32 slots) at a time instead of
 * stepping through hundreds of thousands of numbers, it takes a bit per slot instead of four bytes
 * per document, and it grows in place (a list grows by copy). The list of a value most
 * documents hold doubled at the same document in every such column: at ten million documents one
 * record's indexing copied some 30 MB per column at once. A set turns to bits when its list is
 * full and dense, when it is built dense, or when its bitmap is asked for while dense; and back to
 * a list when its bits would grow while it holds fewer than one slot in SPARSE.
 */
export class DocSet implements Iterable<number> {
  private sorted: Uint32Array;
  private length: number;
  /** Documents of `sorted` no longer in the set. */
  private gone: Set<number> | undefined;
  /** Documents in the set but not in `sorted`. */
  private added: Set<number> | undefined;
  /** Set once the set is kept as bits (bit `d & 31` of word `d >>> 5`); `sorted` is then empty. */
  private bits: Uint32Array | undefined;
  /** The documents the bits hold. */
  private bitCount = 0;

  constructor(sorted: Uint32Array = NONE, length = 0) {
    this.sorted = sorted;
    this.length = length;
  }

  /** A set of the ascending `docs` (not kept: bits when they are dense, else a copy of them). */
  static of(docs: Uint32Array): DocSet {
    return finish(DocSet.making(docs));
  }

  /**
   * `of` in steps of STEP_DOCS documents: the set of a value most documents hold is millions of them
   * at ten million (a restored column's `is:issue` held the loop for tens of milliseconds in one go).
   */
  static *making(docs: Uint32Array): Steps<DocSet> {
    const set = new DocSet();
    const dense = isDense(docs.length, docs[docs.length - 1]);
    // Bits grow with the collection (in place: `growableArray`); a list is let go at its next growth or merge.
    const out = yield* (dense ? zeroedGrowableArray((docs[docs.length - 1] >>> 5) + 1) : zeroedArray(docs.length));
    for (let from = 0; from < docs.length; from += STEP_DOCS) {
      const to = Math.min(docs.length, from + STEP_DOCS);
      if (dense) for (let i = from; i < to; i++) out[docs[i] >>> 5] |= 1 << (docs[i] & 31);
      else out.set(docs.subarray(from, to), from);
      yield;
    }
    if (dense) [set.bits, set.bitCount] = [out, docs.length];
    else [set.sorted, set.length] = [out, docs.length];
    return set;
  }

  get size(): number {
    if (this.bits) return this.bitCount;
    return this.length - (this.gone?.size ?? 0) + (this.added?.size ?? 0);
  }

  add(doc: number): void {
    if (this.bits) {
      const word = doc >>> 5;
      if (word >= this.bits.length && this.bitCount * SPARSE < doc) this.toList();
      else return this.setBit(doc);
    }
    if (this.added?.has(doc)) return;
    if (!this.length || doc > this.sorted[this.length - 1]) {
      if (this.length === this.sorted.length) {
        // Dense with `doc` too (a far document is what turned bits back into a list).
        if (!this.gone?.size && !this.added?.size && isDense(this.length + 1, doc)) {
          this.toBits(this.sorted.subarray(0, this.length));
          return this.setBit(doc);
        }
        this.sorted = grown(this.sorted, Math.max(4, this.sorted.length * 2));
      }
      this.sorted[this.length++] = doc;
    } else if (this.listed(doc)) this.gone?.delete(doc);
    else {
      (this.added ??= new Set()).add(doc);
      this.mergeIfLarge();
    }
  }

  delete(doc: number): void {
    if (this.bits) {
      const word = doc >>> 5;
      const bit = 1 << (doc & 31);
      if (word < this.bits.length && this.bits[word] & bit) {
        this.bits[word] &= ~bit;
        this.bitCount--;
      }
      return;
    }
    if (this.added?.delete(doc)) return;
    if (!this.listed(doc)) return;
    (this.gone ??= new Set()).add(doc);
    this.mergeIfLarge();
  }

  has(doc: number): boolean {
    if (this.bits) return doc >>> 5 < this.bits.length && ((this.bits[doc >>> 5] >>> (doc & 31)) & 1) === 1;
    if (this.added?.has(doc)) return true;
    return this.listed(doc) && !this.gone?.has(doc);
  }

  /**
   * The documents ascending in one array, not to be changed: a view of the list (the changes kept
   * aside merged in first), or, for a set kept as bits, an array of its own made from them.
   */
  ascending(): Uint32Array {
    if (this.bits) return docsOf(this.bits, this.bitCount);
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
    if (!isDense(docs.length, docs[docs.length - 1])) return undefined;
    this.toBits(docs);
    return this.bits;
  }

  /**
   * Room for the bits of slots 0 … slots-1, in steps (`growingArray`), when the set is kept as bits
   * (a list grows by itself, a few bytes a document). The first new document after a ten-million
   * open grew every dense set of every keyword column by half within one record's indexing: a
   * megabyte or two each, tens of them at once.
   */
  reserving(slots: number): Steps<void> {
    if (!this.bits) return noSteps();
    return growingArray(() => this.bits ?? NONE, wordsFor(slots), (grown) => {
      if (this.bits) this.bits = grown;
    });
  }

  [Symbol.iterator](): Iterator<number> {
    return this.ascending().values();
  }

  /** Keeps the set as the bits of `docs` (ascending, no changes aside), letting the list go. */
  private toBits(docs: Uint32Array): void {
    const bits = growableArray(wordsFor(docs[docs.length - 1] + 1));
    for (let i = 0; i < docs.length; i++) bits[docs[i] >>> 5] |= 1 << (docs[i] & 31);
    [this.bits, this.bitCount] = [bits, docs.length];
    [this.sorted, this.length, this.gone, this.added] = [NONE, 0, undefined, undefined];
  }

  /** Keeps the set as a list again, letting the bits go. */
  private toList(): void {
    const docs = docsOf(this.bits!, this.bitCount);
    [this.sorted, this.length, this.bits, this.bitCount] = [docs, docs.length, undefined, 0];
  }

  private setBit(doc: number): void {
    const word = doc >>> 5;
    if (word >= this.bits!.length) this.bits = grownArray(this.bits!, Math.max(word + 1, Math.ceil(this.bits!.length * 1.5)));
    const bit = 1 << (doc & 31);
    if (this.bits![word] & bit) return;
    this.bits![word] |= bit;
    this.bitCount++;
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

/** Whether `count` documents up to `highest` hold at least one slot in DENSE of that range (and MIN_DENSE of them). */
function isDense(count: number, highest: number): boolean {
  return count >= MIN_DENSE && count * DENSE >= highest;
}

/** The `count` documents whose bits are set, ascending. */
function docsOf(bits: Uint32Array, count: number): Uint32Array {
  const out = new Uint32Array(count);
  let n = 0;
  for (let word = 0; word < bits.length; word++) {
    let w = bits[word];
    while (w !== 0) {
      const low = w & -w;
      out[n++] = word * 32 + 31 - Math.clz32(low);
      w ^= low;
    }
  }
  return out;
}

/** Words holding bits of slots 0 … slots-1. */
function wordsFor(slots: number): number {
  return (slots + 31) >>> 5;
}

/**
 * A list copied into a new one of `size`: it is let go at its next growth or merge, so it stays in
 * ordinary memory (bits last as long as their set, and grow in place: `grownArray`).
 */
function grown(array: Uint32Array, size: number): Uint32Array {
  const out = new Uint32Array(size);
  out.set(array);
  return out;
}

const NONE = new Uint32Array(0);

/** Documents placed per step by `making`. */
const STEP_DOCS = 1 << 16;

/** A set holding one slot in this many (or more) of the range up to its highest document is dense. */
const DENSE = 32;
/** Smaller sets are quick to step through: no bitmap. */
const MIN_DENSE = 4096;
/** A set kept as bits holding fewer than one slot in this many of its range goes back to a list (half DENSE's density: a set at the edge does not turn back and forth). */
const SPARSE = 64;
