/**
 * Where each term occurs in one text field, for every document: the
 * document's term ids sorted (repeated once per occurrence, so term frequency
 * is a count), the position of each occurrence (ascending within a term), and
 * its width where an identifier's whole spans the positions of its parts.
 *
 * Every document's occurrences lie end to end in shared arrays, found by a
 * start and a count per document: no object per document, which keeps
 * indexing, saving and restoring cheap. A document indexed again gets fresh
 * room at the end; the room it leaves is reclaimed by compacting once it
 * outweighs the occurrences in use.
 */
import { finish, type Steps } from "./steps.js";

/** The saved form: counts per document and the occurrences of documents 0, 1, … in turn. */
export interface OccurrencesState {
  counts: Uint32Array;
  ids: Uint32Array;
  positions: Uint32Array;
  /** Absent when every occurrence has width 1. */
  widths: Uint32Array | undefined;
}

type Positions = Uint16Array<ArrayBufferLike> | Uint32Array<ArrayBufferLike>;

/** Occurrences (or documents) handled between pauses when saving or restoring. */
const STEP = 1 << 18;

export class Occurrences {
  private ids: Uint32Array<ArrayBufferLike> = new Uint32Array(1024);
  /** Two bytes a position until one past 65,535 arrives (prose rarely has one), then four. */
  private positions: Positions = new Uint16Array(1024);
  /** Allocated when the first occurrence wider than 1 arrives. */
  private widths: Uint32Array<ArrayBufferLike> | undefined;
  private starts: Uint32Array<ArrayBufferLike> = new Uint32Array(64);
  private counts: Uint32Array<ArrayBufferLike> = new Uint32Array(64);
  /** Occurrences written (live or left behind). */
  private used = 0;
  /** Occurrences of current documents. */
  private live = 0;

  /** Occurrences of current documents. */
  get liveCount(): number {
    return this.live;
  }

  /** Occurrences in a document (its field length). */
  count(doc: number): number {
    return doc < this.counts.length ? this.counts[doc] : 0;
  }

  /**
   * Room for `n` occurrences of `doc`, replacing any it had; returns the index
   * of the first, to be filled with `put` in (term id, position) order. When the
   * arrays must grow, they grow to at least `expected` occurrences.
   */
  reserve(doc: number, n: number, expected = 0): number {
    this.clear(doc);
    if (doc >= this.counts.length) {
      const size = Math.max(doc + 1, Math.ceil(this.counts.length * 1.5));
      this.starts = grow(this.starts, size);
      this.counts = grow(this.counts, size);
    }
    if (this.used + n > this.ids.length) {
      if (this.used - this.live > this.live) this.compact();
      if (this.used + n > this.ids.length) {
        // Half again, not twice: the room left over at the end of a large build is the memory wasted.
        // `expected`: the caller's estimate of the occurrences it will hold, so that a large build
        // copies its arrays a few times early instead of many times late (each copy holds the loop).
        const size = Math.max(this.used + n, Math.ceil(this.ids.length * 1.5), Math.min(expected, 2 ** 31));
        this.ids = grow(this.ids, size);
        this.positions = grow(this.positions, size);
        if (this.widths) this.widths = grow(this.widths, size, 1);
      }
    }
    const start = this.used;
    this.starts[doc] = start;
    this.counts[doc] = n;
    this.used += n;
    this.live += n;
    return start;
  }

  put(at: number, termId: number, position: number, width: number): void {
    this.ids[at] = termId;
    if (position > 0xffff && this.positions instanceof Uint16Array) this.positions = Uint32Array.from(this.positions);
    this.positions[at] = position;
    if (width !== 1 || this.widths) {
      if (!this.widths) this.widths = new Uint32Array(this.ids.length).fill(1);
      this.widths[at] = width;
    }
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
    if (doc >= this.counts.length || termId < 0) return 0;
    const start = this.starts[doc];
    const end = start + this.counts[doc];
    const first = this.firstId(termId, start, end);
    let last = first;
    while (last < end && this.ids[last] === termId) last++;
    return last - first;
  }

  /** The first index in [lo, hi) whose term id is at least `termId` (ids ascend within a document). */
  private firstId(termId: number, lo: number, hi: number): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid] < termId) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [first, end) of the occurrences of `termId` in the document (empty when none). */
  range(doc: number, termId: number): [number, number] {
    const [start, end] = this.span(doc);
    if (termId < 0 || start === end) return [start, start];
    const lo = this.firstId(termId, start, end);
    let last = lo;
    while (last < end && this.ids[last] === termId) last++;
    return [lo, last];
  }

  idAt(at: number): number {
    return this.ids[at];
  }

  positionAt(at: number): number {
    return this.positions[at];
  }

  widthAt(at: number): number {
    return this.widths ? this.widths[at] : 1;
  }

  /** The first index in [lo, hi) whose position is at least `position` (positions ascend within one term's occurrences). */
  firstAtOrAfter(position: number, lo: number, hi: number): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.positions[mid] < position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Calls `each` with every distinct term id of the document, ascending. */
  forEachTerm(doc: number, each: (termId: number) => void): void {
    const [start, end] = this.span(doc);
    for (let at = start; at < end; at++) if (at === start || this.ids[at] !== this.ids[at - 1]) each(this.ids[at]);
  }

  /** Documents 0 … capacity-1 with their occurrences in turn, compacted. */
  state(capacity: number): OccurrencesState {
    return finish(this.stating(capacity));
  }

  /** `state` in steps of about STEP occurrences or documents: the caller keeps the occurrences unchanged until it is done. */
  *stating(capacity: number): Steps<OccurrencesState> {
    const counts = new Uint32Array(capacity);
    let total = 0;
    for (let doc = 0; doc < capacity; doc++) total += counts[doc] = this.count(doc);
    const ids = new Uint32Array(total);
    // Saved four bytes a position, whatever the width in memory.
    const positions = new Uint32Array(total);
    const widths = this.widths ? new Uint32Array(total) : undefined;
    yield;
    let at = 0;
    let sinceStep = 0;
    for (let doc = 0; doc < capacity; doc++) {
      const [start, end] = this.span(doc);
      ids.set(this.ids.subarray(start, end), at);
      positions.set(this.positions.subarray(start, end), at);
      widths?.set(this.widths!.subarray(start, end), at);
      at += end - start;
      if ((sinceStep += end - start + 1) >= STEP) {
        sinceStep = 0;
        yield;
      }
    }
    return { counts, ids, positions, widths };
  }

  /** Occurrences from `state()`, holding its arrays. Throws a RangeError when they do not fit together. */
  static of(state: OccurrencesState): Occurrences {
    return finish(Occurrences.restoring(state));
  }

  /** `of` in steps of about STEP occurrences or documents. */
  static *restoring(state: OccurrencesState): Steps<Occurrences> {
    const { counts, ids, positions, widths } = state;
    if (positions.length !== ids.length || (widths && widths.length !== ids.length)) throw new RangeError("occurrence arrays differ in length");
    const o = new Occurrences();
    o.starts = new Uint32Array(Math.max(counts.length, 1));
    let at = 0;
    for (let doc = 0; doc < counts.length; doc++) {
      o.starts[doc] = at;
      at += counts[doc];
    }
    if (at !== ids.length) throw new RangeError("occurrence counts do not add up");
    yield;
    o.counts = counts.length ? counts : o.counts;
    o.ids = ids;
    o.positions = positions;
    // Two bytes a position when every one fits.
    let narrow = true;
    for (let from = 0; narrow && from < positions.length; from += STEP) {
      const end = Math.min(positions.length, from + STEP);
      for (let i = from; i < end; i++) if (positions[i] > 0xffff) narrow = false;
      yield;
    }
    if (narrow) {
      const two = new Uint16Array(positions.length);
      for (let from = 0; from < positions.length; from += STEP) {
        two.set(positions.subarray(from, from + STEP), from);
        yield;
      }
      o.positions = two;
    }
    o.widths = widths;
    o.used = o.live = ids.length;
    return o;
  }

  /** Moves every document's occurrences to the front, in document order, dropping what was left behind. */
  private compact(): void {
    const { counts, starts } = this;
    let at = 0;
    const order = [...counts.keys()].filter((doc) => counts[doc] > 0).sort((a, b) => starts[a] - starts[b]);
    for (const doc of order) {
      const start = starts[doc];
      const n = counts[doc];
      // Ascending starts: a document's room moves down, never over one not yet moved.
      this.ids.copyWithin(at, start, start + n);
      this.positions.copyWithin(at, start, start + n);
      this.widths?.copyWithin(at, start, start + n);
      starts[doc] = at;
      at += n;
    }
    this.used = at;
    this.live = at;
  }
}

function grow<T extends Positions>(array: T, size: number, fill = 0): T {
  const out = new (array.constructor as new (size: number) => T)(size);
  out.set(array);
  if (fill) out.fill(fill, array.length);
  return out;
}
