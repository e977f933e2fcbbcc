/**
 * The documents of keyword values that few documents hold (most logins, most repositories), as
 * ascending lists end to end in pages of one array each instead of a `DocSet` each. A `DocSet` of a few
 * documents is four objects on the heap (the set, its typed array, that array's elements and its
 * buffer): at a million issues 180,000 of them made a quarter of the objects a full collection
 * marks one by one.
 *
 * A list lives in a region of one of a few sizes (`PagedRegions`, so that growing never copies all
 * the lists): a header word (its size class and length), then room for 2, 4, … MAX_SMALL documents.
 * A list that outgrows its region moves to one of the next class; a region let go is kept on its
 * class's free list (linked through its first document word) and handed out again, so the regions
 * never need compacting and no reference to a list changes except on a move, which its owner is
 * told of.
 */
import { PagedRegions } from "../structures/paged-regions.js";

/** Documents the largest region holds: a longer list belongs in a `DocSet`. */
export const MAX_SMALL = 64;
/** Documents per region, by size class. */
const ROOM = [2, 4, 8, 16, 32, MAX_SMALL];
/** The end of a free list. */
const NO_REGION = 0xffffffff;
/** Regions end below this: a list's place is kept as a small integer. */
const MAX_PLACE = 2 ** 30;

export class SmallDocLists {
  private readonly regions: PagedRegions;
  /** The first free region of each size class. */
  private readonly free = ROOM.map(() => NO_REGION);

  /** `pageBits` below 16 only for tests that cross pages with few lists. */
  constructor(pageBits?: number) {
    this.regions = new PagedRegions(pageBits);
  }

  /** A new list of `docs` (ascending, 1 … MAX_SMALL of them); returns its place. */
  make(docs: ArrayLike<number>, from = 0, to = docs.length): number {
    const n = to - from;
    const at = this.region(classFor(n));
    const array = this.regions.arrayOf(at);
    const o = this.regions.offsetOf(at);
    for (let i = 0; i < n; i++) array[o + 1 + i] = docs[from + i];
    array[o] |= n;
    return at;
  }

  /** A new list of two documents, given in either order; returns its place. */
  pair(a: number, b: number): number {
    const at = this.region(0);
    const array = this.regions.arrayOf(at);
    const o = this.regions.offsetOf(at);
    array[o + 1] = Math.min(a, b);
    array[o + 2] = Math.max(a, b);
    array[o] |= 2;
    return at;
  }

  length(at: number): number {
    return this.regions.arrayOf(at)[this.regions.offsetOf(at)] & 0xff;
  }

  /** Adds the list's documents to `target`, no view of them made. */
  addTo(at: number, target: { add(doc: number): unknown }): void {
    const array = this.regions.arrayOf(at);
    const o = this.regions.offsetOf(at);
    const n = array[o] & 0xff;
    for (let i = 0; i < n; i++) target.add(array[o + 1 + i]);
  }

  /** The list's documents, ascending: a view, valid until the lists next change. */
  view(at: number): Uint32Array {
    const o = this.regions.offsetOf(at);
    return this.regions.arrayOf(at).subarray(o + 1, o + 1 + this.length(at));
  }

  has(at: number, doc: number): boolean {
    return this.indexOf(at, doc) >= 0;
  }

  /**
   * Adds `doc` to the list at `at`; returns the list's place (a new one when it moved to a larger
   * region), or -1 when the list already holds MAX_SMALL documents (unchanged: its owner moves it
   * to a `DocSet`).
   */
  add(at: number, doc: number): number {
    let array = this.regions.arrayOf(at);
    let o = this.regions.offsetOf(at);
    const n = array[o] & 0xff;
    let i = n;
    while (i > 0 && array[o + i] > doc) i--;
    if (i > 0 && array[o + i] === doc) return at;
    if (n === MAX_SMALL) return -1;
    const cls = array[o] >>> 8;
    if (n === ROOM[cls]) {
      const moved = this.region(cls + 1);
      // Where the new region grew the old list's page, the page's new array holds the same entries.
      const to = this.regions.arrayOf(moved);
      const movedAt = this.regions.offsetOf(moved);
      to.set(array.subarray(o + 1, o + 1 + n), movedAt + 1);
      this.release(at);
      [at, array, o] = [moved, to, movedAt];
    }
    // Documents after `doc` move up one (a load adds in ascending order: nothing moves).
    array.copyWithin(o + 2 + i, o + 1 + i, o + 1 + n);
    array[o + 1 + i] = doc;
    array[o] = (array[o] & ~0xff) | (n + 1);
    return at;
  }

  /** Takes `doc` out of the list at `at` (if it holds it); returns the documents left. */
  delete(at: number, doc: number): number {
    const i = this.indexOf(at, doc);
    const n = this.length(at);
    if (i < 0) return n;
    const array = this.regions.arrayOf(at);
    const o = this.regions.offsetOf(at);
    array.copyWithin(o + 1 + i, o + 2 + i, o + 1 + n);
    array[o] = (array[o] & ~0xff) | (n - 1);
    return n - 1;
  }

  /** Lets the list at `at` go: its region is handed out again. */
  release(at: number): void {
    const array = this.regions.arrayOf(at);
    const o = this.regions.offsetOf(at);
    const cls = array[o] >>> 8;
    array[o] = cls << 8;
    array[o + 1] = this.free[cls];
    this.free[cls] = at;
  }

  private indexOf(at: number, doc: number): number {
    const array = this.regions.arrayOf(at);
    const o = this.regions.offsetOf(at);
    const n = array[o] & 0xff;
    for (let i = 0; i < n; i++) {
      const d = array[o + 1 + i];
      if (d === doc) return i;
      if (d > doc) break;
    }
    return -1;
  }

  /** A region of size class `cls` (its header says the class, length 0). */
  private region(cls: number): number {
    let at = this.free[cls];
    if (at !== NO_REGION) this.free[cls] = this.regions.arrayOf(at)[this.regions.offsetOf(at) + 1];
    else at = this.regions.add(1 + ROOM[cls], MAX_PLACE, "a keyword column holds too many documents in short lists");
    this.regions.arrayOf(at)[this.regions.offsetOf(at)] = cls << 8;
    return at;
  }
}

function classFor(n: number): number {
  let cls = 0;
  while (ROOM[cls] < n) cls++;
  if (cls >= ROOM.length) throw new RangeError(`a short list holds at most ${MAX_SMALL} documents, not ${n}`);
  return cls;
}
