/**
 * The documents of keyword values that few documents hold (most logins, most repositories), as
 * ascending lists end to end in one array instead of a `DocSet` each. A `DocSet` of a few
 * documents is four objects on the heap (the set, its typed array, that array's elements and its
 * buffer): at a million issues 180,000 of them made a quarter of the objects a full collection
 * marks one by one.
 *
 * A list lives in a region of one of a few sizes: a header word (its size class and length), then
 * room for 2, 4, … MAX_SMALL documents. A list that outgrows its region moves to one of the next
 * class; a region let go is kept on its class's free list (linked through its first document
 * word) and handed out again, so the array never needs compacting and no reference to a list
 * changes except on a move, which its owner is told of.
 */

/** Documents the largest region holds: a longer list belongs in a `DocSet`. */
export const MAX_SMALL = 64;
/** Documents per region, by size class. */
const ROOM = [2, 4, 8, 16, 32, MAX_SMALL];
/** The end of a free list. */
const NO_REGION = 0xffffffff;
/** Regions may start anywhere below this: a list's place is kept as a small integer. */
const MAX_PLACE = 2 ** 30;

export class SmallDocLists {
  private array = new Uint32Array(64);
  private used = 0;
  /** The first free region of each size class. */
  private readonly free = ROOM.map(() => NO_REGION);

  /** A new list of `docs` (ascending, 1 … MAX_SMALL of them); returns its place. */
  make(docs: ArrayLike<number>, from = 0, to = docs.length): number {
    const n = to - from;
    const at = this.region(classFor(n));
    for (let i = 0; i < n; i++) this.array[at + 1 + i] = docs[from + i];
    this.array[at] = (this.array[at] & ~0xff) | n;
    return at;
  }

  /** A new list of two documents, given in either order; returns its place. */
  pair(a: number, b: number): number {
    const at = this.region(0);
    this.array[at + 1] = Math.min(a, b);
    this.array[at + 2] = Math.max(a, b);
    this.array[at] |= 2;
    return at;
  }

  length(at: number): number {
    return this.array[at] & 0xff;
  }

  /** The list's documents, ascending: a view, valid until the lists next change. */
  view(at: number): Uint32Array {
    return this.array.subarray(at + 1, at + 1 + this.length(at));
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
    const n = this.length(at);
    let i = n;
    while (i > 0 && this.array[at + i] > doc) i--;
    if (i > 0 && this.array[at + i] === doc) return at;
    if (n === MAX_SMALL) return -1;
    const cls = this.array[at] >>> 8;
    if (n === ROOM[cls]) {
      const moved = this.region(cls + 1);
      // The region may have grown the array: read the old list from the array as it is now.
      this.array.copyWithin(moved + 1, at + 1, at + 1 + n);
      this.release(at);
      at = moved;
    }
    // Documents after `doc` move up one (a load adds in ascending order: nothing moves).
    this.array.copyWithin(at + 2 + i, at + 1 + i, at + 1 + n);
    this.array[at + 1 + i] = doc;
    this.array[at] = (this.array[at] & ~0xff) | (n + 1);
    return at;
  }

  /** Takes `doc` out of the list at `at` (if it holds it); returns the documents left. */
  delete(at: number, doc: number): number {
    const i = this.indexOf(at, doc);
    const n = this.length(at);
    if (i < 0) return n;
    this.array.copyWithin(at + 1 + i, at + 2 + i, at + 1 + n);
    this.array[at] = (this.array[at] & ~0xff) | (n - 1);
    return n - 1;
  }

  /** Lets the list at `at` go: its region is handed out again. */
  release(at: number): void {
    const cls = this.array[at] >>> 8;
    this.array[at] = cls << 8;
    this.array[at + 1] = this.free[cls];
    this.free[cls] = at;
  }

  private indexOf(at: number, doc: number): number {
    const n = this.length(at);
    for (let i = 0; i < n; i++) {
      const d = this.array[at + 1 + i];
      if (d === doc) return i;
      if (d > doc) break;
    }
    return -1;
  }

  /** A region of size class `cls` (its header says the class, length 0). */
  private region(cls: number): number {
    let at = this.free[cls];
    if (at !== NO_REGION) {
      this.free[cls] = this.array[at + 1];
    } else {
      at = this.used;
      const end = at + 1 + ROOM[cls];
      if (end > MAX_PLACE) throw new RangeError("a keyword column holds too many documents in short lists");
      if (end > this.array.length) {
        const grown = new Uint32Array(Math.max(end, this.array.length * 2));
        grown.set(this.array.subarray(0, this.used));
        this.array = grown;
      }
      this.used = end;
    }
    this.array[at] = cls << 8;
    return at;
  }
}

function classFor(n: number): number {
  let cls = 0;
  while (ROOM[cls] < n) cls++;
  if (cls >= ROOM.length) throw new RangeError(`a short list holds at most ${MAX_SMALL} documents, not ${n}`);
  return cls;
}
