/**
 * Where each term occurs in one text field, for every document: the
 * document's term ids sorted (repeated once per occurrence, so term frequency
 * is a count), the position of each occurrence (ascending within a term), and
 * its width where an identifier's whole spans the positions of its parts.
 *
 * Every document's occurrences lie end to end in shared arrays, found by a
 * start and a count per document: no object per document, which keeps
 * indexing, saving and restoring cheap. The arrays are blocks of a fixed
 * number of occurrences (the first one grows to that size): a large build
 * adds blocks instead of copying one array of hundreds of megabytes into a
 * larger one, which held the event loop for a second at a million documents.
 * A document's occurrences never straddle two arrays; one longer than a block
 * gets an array of its own, spanning as many block numbers as it needs. A
 * document indexed again gets fresh room at the end; the room it leaves is
 * reclaimed by compacting once it outweighs the occurrences in use.
 */
import { grownArray } from "../structures/lasting-memory.js";
import { finish, growingArray, zeroedArray, zeroedGrowableArray, type Steps } from "./steps.js";

/**
 * The saved form: counts per document and the occurrences of documents 0, 1, … in turn, in chunks
 * that each end where a document ends.
 */
export interface OccurrencesState {
  counts: Uint32Array;
  ids: Uint32Array[];
  /** In two bytes each where a chunk's all fit (a save writes them so), else four. */
  positions: Array<Uint16Array | Uint32Array>;
  /** Absent when every occurrence has width 1. */
  widths: Uint32Array[] | undefined;
}

/**
 * Walks the occurrences of documents 0, 1, … through chunks that each end where a document ends:
 * `advance(n)` moves to the next document's `n` occurrences, found at `from` in chunk `chunk`.
 */
class ChunkCursor {
  chunk = 0;
  from = 0;
  private end = 0;

  constructor(private readonly chunks: ReadonlyArray<{ length: number }>) {}

  /** False when the `n` occurrences would straddle two chunks or run past the last. */
  advance(n: number): boolean {
    if (this.end === this.chunks[this.chunk]?.length) {
      this.chunk++;
      this.end = 0;
    }
    const length = this.chunks[this.chunk]?.length ?? 0;
    if (this.end + n > length) return false;
    this.from = this.end;
    this.end += n;
    return true;
  }

  /** Whether every occurrence of every chunk was walked. */
  get atEnd(): boolean {
    return this.chunk >= this.chunks.length || (this.chunk === this.chunks.length - 1 && this.end === this.chunks[this.chunk].length);
  }
}

/**
 * Calls `each` with every document that holds occurrences and where they lie, yielding about every
 * STEP occurrences and documents. Throws a RangeError when the counts do not fit the chunks.
 */
export function* eachDocument(
  counts: Uint32Array,
  ids: readonly Uint32Array[],
  each: (chunk: Uint32Array, from: number, to: number, doc: number) => void,
): Generator<void> {
  const cursor = new ChunkCursor(ids);
  for (let doc = 0; doc < counts.length; ) {
    for (let budget = STEP; doc < counts.length && budget > 0; doc++) {
      const n = counts[doc];
      budget -= n + 1;
      if (!n) continue;
      if (!cursor.advance(n)) throw new RangeError("occurrence counts do not fit the saved chunks");
      each(ids[cursor.chunk], cursor.from, cursor.from + n, doc);
    }
    yield;
  }
}

type Positions = Uint16Array<ArrayBufferLike> | Uint32Array<ArrayBufferLike>;

/** Occurrences (or documents) handled between pauses when saving or restoring. */
const STEP = 1 << 15;
/**
 * Documents looked at between pauses when a save copies out a chunk: each is a few look-ups and
 * perhaps a copy of its run (a chunk, 2^20 occurrences of tens of thousands of documents, took 12-15
 * ms under the profiler); a run is copied whole (four megabytes at most).
 */
const COPY_STEP = 1 << 13;

/** Occurrences per block: 2^20, four megabytes of term ids. */
const BLOCK_BITS = 20;

/** The size the first block starts at, doubling up to a whole block. */
const FIRST_BLOCK = 1024;

export class Occurrences {
  /** Per block number: the array holding it, and the occurrence number of that array's first element. */
  private ids: Array<Uint32Array<ArrayBufferLike>> = [];
  /** Two bytes a position until one past 65,535 arrives in that array (prose rarely has one), then four. */
  private positions: Positions[] = [];
  /** Allocated for an array when the first occurrence wider than 1 arrives in it. */
  private widths: Array<Uint32Array<ArrayBufferLike> | undefined> = [];
  private bases: number[] = [];
  private readonly bits: number;
  private readonly blockSize: number;
  private starts: Uint32Array<ArrayBufferLike> = new Uint32Array(64);
  private counts: Uint32Array<ArrayBufferLike> = new Uint32Array(64);
  /** Occurrence numbers handed out (live, left behind, or passed over at the end of a block). */
  private used = 0;
  /** Occurrences of current documents. */
  private live = 0;

  /** `blockBits`: occurrences per block as a power of two (small in tests, to cross blocks often). */
  constructor(blockBits = BLOCK_BITS) {
    this.bits = blockBits;
    this.blockSize = 2 ** blockBits;
  }

  /** Occurrences of current documents. */
  get liveCount(): number {
    return this.live;
  }

  /** Occurrences the arrays have room for. */
  get allocated(): number {
    let n = 0;
    this.ids.forEach((array, block) => {
      if (block === 0 || array !== this.ids[block - 1]) n += array.length;
    });
    return n;
  }

  /** Occurrences in a document (its field length). */
  count(doc: number): number {
    return doc < this.counts.length ? this.counts[doc] : 0;
  }

  /**
   * Room for `n` occurrences of `doc`, replacing any it had; returns the number
   * of the first, to be filled with `put` in (term id, position) order.
   */
  reserve(doc: number, n: number): number {
    this.clear(doc);
    if (doc >= this.counts.length) {
      const size = Math.max(doc + 1, Math.ceil(this.counts.length * 1.5));
      // Grown in steps already (`reservingDocs` grows the starts before the counts), one may be longer.
      this.starts = grownArray(this.starts, size);
      this.counts = grownArray(this.counts, size);
    }
    if (!this.fits(n) && this.used - this.live > Math.max(this.live, this.blockSize)) this.compact();
    const start = this.room(n);
    this.starts[doc] = start;
    this.counts[doc] = n;
    this.live += n;
    return start;
  }

  /** Room for documents 0 … size-1, in steps (`growingArray`): a large build says so early. */
  *reservingDocs(size: number): Steps<void> {
    yield* growingArray(() => this.starts, size, (grown) => (this.starts = grown));
    yield* growingArray(() => this.counts, size, (grown) => (this.counts = grown));
  }

  /** Whether `n` more occurrences fit in the arrays as they are. */
  private fits(n: number): boolean {
    if (n === 0) return true;
    const block = this.used >>> this.bits;
    return block < this.ids.length && this.used + n - this.bases[block] <= this.ids[block].length;
  }

  /** The first of `n` consecutive occurrence numbers in one array, adding or growing arrays as needed. */
  private room(n: number): number {
    if (n === 0) return this.used;
    const block = this.used >>> this.bits;
    const offset = this.used - block * this.blockSize;
    if (block === 0 && this.ids.length <= 1 && this.used + n <= this.blockSize) {
      // The first block grows by doubling up to a whole block: a small index stays small.
      const have = this.ids[0]?.length ?? 0;
      if (this.used + n > have) this.setArrays(0, 1, Math.min(this.blockSize, Math.max(FIRST_BLOCK, have * 2, this.used + n)), true);
    } else if (offset + n > this.blockSize || block >= this.ids.length) {
      // A fresh block (or, for a long document, an array spanning several block numbers); the end of the last one is passed over.
      const first = offset === 0 ? block : block + 1;
      const spans = Math.ceil(n / this.blockSize);
      this.setArrays(first, spans, spans * this.blockSize, false);
      this.used = first * this.blockSize;
    }
    const start = this.used;
    this.used += n;
    return start;
  }

  /** Gives block numbers [first, first + spans) one array of `size` occurrences (the first block's contents copied when it grows). */
  private setArrays(first: number, spans: number, size: number, keep: boolean): void {
    const ids = new Uint32Array(size);
    const positions: Positions = spans > 1 ? new Uint32Array(size) : new Uint16Array(size);
    let widths: Uint32Array | undefined;
    if (keep && this.ids[first]) {
      ids.set(this.ids[first]);
      if (this.positions[first] instanceof Uint32Array) {
        const wide = new Uint32Array(size);
        wide.set(this.positions[first]);
        this.positions[first] = wide;
      } else positions.set(this.positions[first]);
      if (this.widths[first]) {
        widths = new Uint32Array(size).fill(1);
        widths.set(this.widths[first]);
      }
    }
    for (let block = first; block < first + spans; block++) {
      this.ids[block] = ids;
      if (!(keep && this.positions[block] instanceof Uint32Array)) this.positions[block] = positions;
      this.widths[block] = widths;
      this.bases[block] = first * this.blockSize;
    }
  }

  put(at: number, termId: number, position: number, width: number): void {
    const block = at >>> this.bits;
    const i = at - this.bases[block];
    this.ids[block][i] = termId;
    if (position > 0xffff && this.positions[block] instanceof Uint16Array) this.replace(this.positions, block, Uint32Array.from(this.positions[block]));
    this.positions[block][i] = position;
    if (width !== 1 || this.widths[block]) {
      if (!this.widths[block]) this.replace(this.widths, block, new Uint32Array(this.ids[block].length).fill(1));
      this.widths[block]![i] = width;
    }
  }

  /**
   * Puts `n` occurrences of width 1 at `at` … `at + n - 1` (numbers one `reserve` gave, which one array
   * holds): term ids and positions from the arrays given, `highest` the greatest position. One copy per
   * array where `put` would go occurrence by occurrence.
   */
  putAll(at: number, ids: Uint32Array, positions: Uint32Array, n: number, highest: number): void {
    if (n === 0) return;
    const block = at >>> this.bits;
    const i = at - this.bases[block];
    if (highest > 0xffff && this.positions[block] instanceof Uint16Array) this.replace(this.positions, block, Uint32Array.from(this.positions[block]));
    this.ids[block].set(ids.subarray(0, n), i);
    this.positions[block].set(positions.subarray(0, n), i);
    this.widths[block]?.fill(1, i, i + n);
  }

  /** Puts `array` in place of the one block `block` is in, for every block number that array spans. */
  private replace<T>(arrays: T[], block: number, array: T): void {
    for (let b = block; b >= 0 && this.ids[b] === this.ids[block]; b--) arrays[b] = array;
    for (let b = block + 1; b < this.ids.length && this.ids[b] === this.ids[block]; b++) arrays[b] = array;
  }

  clear(doc: number): void {
    if (doc >= this.counts.length) return;
    this.live -= this.counts[doc];
    this.counts[doc] = 0;
  }

  /** [first, end) of the document's occurrences. */
  span(doc: number): [number, number] {
    if (doc >= this.counts.length) return [0, 0];
    const start = this.starts[doc];
    return [start, start + this.counts[doc]];
  }

  /** Occurrences of `termId` in the document (its term frequency). Scoring calls it per match and field: no allocation. */
  frequency(doc: number, termId: number): number {
    if (doc >= this.counts.length || termId < 0 || this.counts[doc] === 0) return 0;
    const start = this.starts[doc];
    const block = start >>> this.bits;
    const ids = this.ids[block];
    const base = this.bases[block];
    const end = start - base + this.counts[doc];
    const first = firstId(ids, termId, start - base, end);
    let last = first;
    while (last < end && ids[last] === termId) last++;
    return last - first;
  }

  /** [first, end) of the occurrences of `termId` in the document (empty when none). */
  range(doc: number, termId: number): [number, number] {
    const [start, end] = this.span(doc);
    if (termId < 0 || start === end) return [start, start];
    const block = start >>> this.bits;
    const ids = this.ids[block];
    const base = this.bases[block];
    const lo = firstId(ids, termId, start - base, end - base);
    let last = lo;
    while (last < end - base && ids[last] === termId) last++;
    return [lo + base, last + base];
  }

  idAt(at: number): number {
    const block = at >>> this.bits;
    return this.ids[block][at - this.bases[block]];
  }

  positionAt(at: number): number {
    const block = at >>> this.bits;
    return this.positions[block][at - this.bases[block]];
  }

  widthAt(at: number): number {
    const block = at >>> this.bits;
    const widths = this.widths[block];
    return widths ? widths[at - this.bases[block]] : 1;
  }

  /** The first index in [lo, hi) whose position is at least `position` (positions ascend within one term's occurrences). */
  firstAtOrAfter(position: number, lo: number, hi: number): number {
    if (lo >= hi) return lo;
    const block = lo >>> this.bits;
    const positions = this.positions[block];
    const base = this.bases[block];
    let l = lo - base;
    let h = hi - base;
    while (l < h) {
      const mid = (l + h) >>> 1;
      if (positions[mid] < position) l = mid + 1;
      else h = mid;
    }
    return l + base;
  }

  /** Calls `each` with every distinct term id of the document, ascending. */
  forEachTerm(doc: number, each: (termId: number) => void): void {
    const [start, end] = this.span(doc);
    if (start === end) return;
    const block = start >>> this.bits;
    const ids = this.ids[block];
    const base = this.bases[block];
    for (let at = start - base; at < end - base; at++) if (at === start - base || ids[at] !== ids[at - 1]) each(ids[at]);
  }

  /** Calls `each` with every distinct term id of the document, ascending, and its frequency there. */
  forEachRun(doc: number, each: (termId: number, frequency: number) => void): void {
    const [start, end] = this.span(doc);
    if (start === end) return;
    const block = start >>> this.bits;
    const ids = this.ids[block];
    const last = end - this.bases[block];
    for (let at = start - this.bases[block]; at < last; ) {
      const id = ids[at];
      let next = at + 1;
      while (next < last && ids[next] === id) next++;
      each(id, next - at);
      at = next;
    }
  }

  /** Documents 0 … capacity-1 with their occurrences in turn, compacted. */
  state(capacity: number): OccurrencesState {
    return finish(this.snapshotting(capacity)).state();
  }

  /**
   * The occurrences of documents 0 … capacity-1 as they are now, without copying them: room once
   * written is never written again (a document indexed again gets fresh room, compacting and widening
   * make new arrays), so a snapshot holds the arrays themselves and copies only the counts and
   * starts. In steps of about STEP documents; the caller keeps the occurrences unchanged until done.
   */
  *snapshotting(capacity: number): Steps<OccurrencesSnapshot> {
    const counts = new Uint32Array(capacity);
    const starts = new Uint32Array(capacity);
    const chunks: number[] = [];
    let chunk = 0;
    let wide = false;
    for (let from = 0; from < capacity; from += STEP) {
      const to = Math.min(capacity, from + STEP);
      for (let doc = from; doc < to; doc++) {
        const n = (counts[doc] = this.count(doc));
        if (!n) continue;
        starts[doc] = this.starts[doc];
        if (this.widths[this.starts[doc] >>> this.bits]) wide = true;
        // Documents up to a block's worth to a chunk, a longer one in a chunk of its own.
        if (chunk && chunk + n > this.blockSize) {
          chunks.push(chunk);
          chunk = 0;
        }
        chunk += n;
      }
      yield;
    }
    if (chunk) chunks.push(chunk);
    const arrays = { ids: [...this.ids], positions: [...this.positions], widths: wide ? [...this.widths] : undefined, bases: [...this.bases] };
    return new OccurrencesSnapshot(counts, starts, chunks, arrays, this.bits);
  }

  /** Occurrences from `state()`, holding its arrays. Throws a RangeError when they do not fit together. */
  static of(state: OccurrencesState, blockBits = BLOCK_BITS): Occurrences {
    return finish(Occurrences.restoring(state, blockBits));
  }

  /**
   * `of` in steps of about STEP occurrences or documents. Each saved chunk becomes an array of its own,
   * spanning as many block numbers as it needs; new documents go after the last.
   */
  static *restoring(state: OccurrencesState, blockBits = BLOCK_BITS): Steps<Occurrences> {
    const { counts, ids, positions, widths } = state;
    const sameShape = (chunks: ReadonlyArray<{ length: number }>) => chunks.length === ids.length && chunks.every((c, i) => c.length === ids[i].length);
    if (!sameShape(positions) || (widths && !sameShape(widths))) throw new RangeError("occurrence arrays differ in length");
    if (ids.some((chunk) => chunk.length === 0)) throw new RangeError("an empty chunk of occurrences");
    const o = new Occurrences(blockBits);
    o.starts = yield* zeroedGrowableArray(Math.max(counts.length, 1));
    // Each chunk's first block number.
    const firstBlock: number[] = [];
    let blocks = 0;
    for (const chunk of ids) {
      firstBlock.push(blocks);
      blocks += Math.ceil(chunk.length / o.blockSize);
    }
    const cursor = new ChunkCursor(ids);
    for (let from = 0; from < counts.length; from += STEP) {
      const to = Math.min(counts.length, from + STEP);
      for (let doc = from; doc < to; doc++) {
        if (!counts[doc]) continue;
        if (!cursor.advance(counts[doc])) throw new RangeError("occurrence counts do not fit the saved chunks");
        o.starts[doc] = firstBlock[cursor.chunk] * o.blockSize + cursor.from;
      }
      yield;
    }
    if (!cursor.atEnd) throw new RangeError("occurrence counts do not add up");
    yield;
    o.counts = counts.length ? counts : o.counts;
    for (let c = 0; c < ids.length; c++) {
      // Two bytes a position when every one of the chunk fits (saved so since format 13, taken as they
      // lie; before, read and copied in steps: a chunk is a million occurrences, and one at once took 26
      // ms under the profiler, and the copies' fresh memory 3 s of a 10M open); widths only where one is not 1.
      const given = positions[c];
      const narrow = given instanceof Uint16Array ? given : (yield* largestIn(given)) <= 0xffff ? yield* narrowed(given) : given;
      const wide = widths && (yield* largestIn(widths[c])) > 1 ? widths[c] : undefined;
      const spans = Math.ceil(ids[c].length / o.blockSize);
      for (let block = firstBlock[c]; block < firstBlock[c] + spans; block++) {
        o.ids[block] = ids[c];
        o.positions[block] = narrow;
        o.widths[block] = wide;
        o.bases[block] = firstBlock[c] * o.blockSize;
      }
      o.live += ids[c].length;
      yield;
    }
    o.used = blocks * o.blockSize;
    return o;
  }

  /** Moves every document's occurrences into fresh arrays, in the order they were written, dropping what was left behind. */
  private compact(): void {
    const { counts, starts } = this;
    const order = [...counts.keys()].filter((doc) => counts[doc] > 0).sort((a, b) => starts[a] - starts[b]);
    const old = { ids: this.ids, positions: this.positions, widths: this.widths, bases: this.bases };
    this.ids = [];
    this.positions = [];
    this.widths = [];
    this.bases = [];
    this.used = 0;
    for (const doc of order) {
      const n = counts[doc];
      const block = starts[doc] >>> this.bits;
      const from = starts[doc] - old.bases[block];
      const start = this.room(n);
      for (let i = 0; i < n; i++) this.put(start + i, old.ids[block][from + i], old.positions[block][from + i], old.widths[block]?.[from + i] ?? 1);
      starts[doc] = start;
    }
  }
}

/** The first index in [lo, hi) of `ids` whose term id is at least `termId` (ids ascend within a document). */
function firstId(ids: Uint32Array<ArrayBufferLike>, termId: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] < termId) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Occurrences as a snapshot holds them: the arrays per block number, shared with the live occurrences. */
interface SharedArrays {
  ids: Array<Uint32Array<ArrayBufferLike>>;
  positions: Positions[];
  widths: Array<Uint32Array<ArrayBufferLike> | undefined> | undefined;
  bases: number[];
}

/**
 * What a save writes of a field's occurrences (`Occurrences.snapshotting`): the counts, and the
 * occurrences in chunks that end where a document ends, each copied out of the shared arrays only as
 * it is written.
 */
export class OccurrencesSnapshot {
  /** Whether some occurrence is wider than 1 (the widths are written then). */
  readonly wide: boolean;
  /** Occurrences in all. */
  readonly total: number;
  /** Where each chunk is copied, shared by the parts (the caller is done with one before the next). */
  private buffer: Uint32Array | undefined;

  constructor(
    readonly counts: Uint32Array,
    private readonly starts: Uint32Array,
    /** Occurrences per chunk. */
    readonly chunkSizes: readonly number[],
    private readonly arrays: SharedArrays,
    private readonly bits: number,
  ) {
    this.wide = arrays.widths !== undefined;
    this.total = chunkSizes.reduce((sum, n) => sum + n, 0);
  }

  /**
   * The chunks of one part in turn, each copied into one array reused from chunk to chunk and from
   * part to part: the caller is done with a chunk before it asks for the next. Positions and widths
   * four bytes each. Yields undefined where the caller may pause, after COPY_STEP documents looked at:
   * in a save after a load of a million records, a chunk copied at once made the save's longest gaps
   * under the profiler (36-66 ms, with a collection or a checksum beside it).
   */
  *chunks(part: "ids" | "positions" | "widths"): Generator<Uint32Array | undefined> {
    const { counts, starts, chunkSizes, bits } = this;
    const { bases } = this.arrays;
    const source = part === "ids" ? this.arrays.ids : part === "positions" ? this.arrays.positions : this.arrays.widths;
    if (!source) return;
    // One buffer for every part: memory first written costs some 4 ms a megabyte here, which a fresh
    // buffer of a block's four megabytes per part would add to the step of each part's first chunk.
    const size = chunkSizes.reduce((most, n) => Math.max(most, n), 0);
    if (!this.buffer || this.buffer.length < size) this.buffer = new Uint32Array(size);
    const buffer = this.buffer;
    let chunk = 0;
    let at = 0;
    // Documents whose occurrences lie end to end in one block (most, after a load) are copied as one
    // run: a copy per document made a chunk of a million occurrences a step of some 40 ms.
    let runArray: (typeof source)[number] | undefined;
    let runFrom = 0;
    let runLength = 0;
    const flush = () => {
      if (runArray) buffer.set(runArray.subarray(runFrom, runFrom + runLength), at);
      else buffer.fill(1, at, at + runLength);
      at += runLength;
      runLength = 0;
    };
    // Steps of COPY_STEP documents, each ended early where a chunk is full (see steps.ts for why the loop holds no yield).
    for (let doc = 0; doc < counts.length && chunk < chunkSizes.length; ) {
      let full = false;
      for (const end = Math.min(counts.length, doc + COPY_STEP); doc < end && !full; doc++) {
        const n = counts[doc];
        if (!n) continue;
        const block = starts[doc] >>> bits;
        const from = starts[doc] - bases[block];
        const array = source[block];
        if (!runLength || array !== runArray || from !== runFrom + runLength) {
          flush();
          runArray = array;
          runFrom = from;
        }
        runLength += n;
        if (at + runLength === chunkSizes[chunk]) {
          flush();
          full = true;
        }
      }
      if (!full) {
        yield undefined;
        continue;
      }
      yield buffer.subarray(0, at);
      chunk++;
      at = 0;
    }
  }

  /** The chunks copied out, as an index restores them. */
  state(): OccurrencesState {
    const copies = (part: "ids" | "positions" | "widths") => {
      // Each chunk copied before the next is written over it.
      const out: Uint32Array[] = [];
      for (const chunk of this.chunks(part)) if (chunk) out.push(chunk.slice());
      return out;
    };
    return { counts: this.counts, ids: copies("ids"), positions: copies("positions"), widths: this.wide ? copies("widths") : undefined };
  }
}

/** The largest of `values` (0 for none), read in steps of STEP. */
function* largestIn(values: Uint32Array): Steps<number> {
  let max = 0;
  for (let from = 0; from < values.length; from += STEP) {
    for (let i = from, end = Math.min(values.length, from + STEP); i < end; i++) if (values[i] > max) max = values[i];
    yield;
  }
  return max;
}

/** `values` (each below 2^16) copied into two bytes each, in steps of STEP. */
function* narrowed(values: Uint32Array): Steps<Uint16Array> {
  const out = yield* zeroedArray(values.length, Uint16Array);
  for (let from = 0; from < values.length; from += STEP) {
    out.set(values.subarray(from, from + STEP), from);
    yield;
  }
  return out;
}

