/**
 * Strings under dense ids, kept as bytes in pages rather than as string objects: a full collection
 * marks every string one by one, and an index holds millions of keys. A string of characters up to
 * U+00FF (names, paths and numbers nearly always) takes a byte per character; a longer one, or one
 * with a character past U+00FF, is kept as a string (few: each is an object again). The bytes of a
 * string let go are handed to a later string of the same rounded length: nothing is compacted, so no
 * call copies the whole. A few strings take a few hundred bytes (the first page begins small).
 */
import { grownPage } from "./grown-page.js";
import { lastingArray } from "./lasting-memory.js";
import { PagedU32 } from "./paged-u32.js";
import type { ListLike } from "./string-list.js";

const PAGE_BITS = 20;
const PAGE = 1 << PAGE_BITS;
/** Strings longer than this are kept as strings. */
export const MAX_PACKED = 1024;
/**
 * Strings up to this long (all but a few) are copied byte by byte: a view of a page per string was
 * 70 MB of garbage when a save copied a million keys, enough to set off full collections.
 */
const SHORT_COPY = 256;
/** A string kept as a string, in `lengths`. */
const AS_STRING = 0xffffffff;
/** Bytes of the first page, which doubles up to PAGE. */
const FIRST_PAGE = 256;
/** Ids whose bookkeeping an open checks between pauses. */
const CHECKED_PER_STEP = 65_536;

/**
 * Strings pages as they are held, for a save that an open takes as it lies (`StringPages.fromForm`):
 * no string is made, hashed or copied at the open.
 */
export interface StringPagesForm {
  /** The pages, each as long as it is held (the last may be shorter than a page). */
  pages: Uint8Array[];
  /** Where the next string's bytes go: page × 2^20 + offset. */
  used: number;
  /** Per id below their length: where its bytes start, and its length + 1 (0: no string; 2^32 - 1: kept as a string, in `wide`). */
  starts: Uint32Array;
  lengths: Uint32Array;
  /** The strings kept as strings, ascending by id. */
  wideIds: Uint32Array;
  wide: ListLike<string>;
  /** Bytes let go: pairs of (rounded length, start). */
  freed: Uint32Array;
}

export class StringPages {
  private readonly pages: Uint8Array[] = [];
  /** Where the next string's bytes go: page × PAGE + offset. */
  private used = 0;
  /** Per id: where its bytes start, and its length + 1 (0: no string; AS_STRING). */
  private starts = new PagedU32();
  private lengths = new PagedU32();
  private readonly strings = new Map<number, string>();
  /** Starts of bytes let go, by rounded length. */
  private readonly freed = new Map<number, number[]>();

  has(id: number): boolean {
    return this.lengths.get(id) !== 0;
  }

  /** The string of `id`, or undefined when it holds none. */
  get(id: number): string | undefined {
    const length = this.lengths.get(id);
    if (length === 0) return undefined;
    if (length === AS_STRING) return this.strings.get(id);
    const start = this.starts.get(id);
    const at = start & (PAGE - 1);
    return String.fromCharCode.apply(null, this.pages[start >>> PAGE_BITS].subarray(at, at + length - 1) as unknown as number[]);
  }

  /** Whether `id` holds exactly `value`, compared in place. */
  holds(id: number, value: string): boolean {
    const length = this.lengths.get(id);
    if (length === AS_STRING) return this.strings.get(id) === value;
    if (length !== value.length + 1) return false;
    const start = this.starts.get(id);
    const page = this.pages[start >>> PAGE_BITS];
    const at = start & (PAGE - 1);
    for (let i = 0; i < value.length; i++) if (page[at + i] !== value.charCodeAt(i)) return false;
    return true;
  }

  /** Whether `id` holds exactly the string of `source[from … to)`, a character per byte (Latin-1), compared in place. */
  holdsLatin1(id: number, source: Uint8Array, from: number, to: number): boolean {
    const length = this.lengths.get(id);
    if (length === AS_STRING) return this.strings.get(id) === Buffer.from(source.buffer, source.byteOffset + from, to - from).toString("latin1");
    if (length !== to - from + 1) return false;
    const start = this.starts.get(id);
    const page = this.pages[start >>> PAGE_BITS];
    const at = start & (PAGE - 1);
    for (let i = 0; i < to - from; i++) if (page[at + i] !== source[from + i]) return false;
    return true;
  }

  /** Whether `id` and `other` hold the same string. */
  same(id: number, other: number): boolean {
    const length = this.lengths.get(id);
    if (length !== this.lengths.get(other)) return false;
    if (length === AS_STRING) return this.strings.get(id) === this.strings.get(other);
    const [start, otherStart] = [this.starts.get(id), this.starts.get(other)];
    const [page, otherPage] = [this.pages[start >>> PAGE_BITS], this.pages[otherStart >>> PAGE_BITS]];
    const [at, otherAt] = [start & (PAGE - 1), otherStart & (PAGE - 1)];
    for (let i = 0; i < length - 1; i++) if (page[at + i] !== otherPage[otherAt + i]) return false;
    return true;
  }

  /** Characters of `id`'s string when it is kept as bytes (a byte each), else -1 (none, or kept as a string). */
  packedLength(id: number): number {
    const length = this.lengths.get(id);
    return length === 0 || length === AS_STRING ? -1 : length - 1;
  }

  /** Copies the bytes of `id`'s string, which is kept as bytes (`packedLength`), to `target` from `at`. */
  copyPacked(id: number, target: Uint8Array, at: number): void {
    const length = this.lengths.get(id) - 1;
    const start = this.starts.get(id);
    const page = this.pages[start >>> PAGE_BITS];
    const from = start & (PAGE - 1);
    if (length > SHORT_COPY) target.set(page.subarray(from, from + length), at);
    else for (let i = 0; i < length; i++) target[at + i] = page[from + i];
  }

  /**
   * Sets `id` (which must hold none) to the string of `source[from … to)`, one character per byte
   * (Latin-1): what `copyPacked` copied out, read back without making a string when it fits a page.
   */
  setPacked(id: number, source: Uint8Array, from: number, to: number): void {
    const length = to - from;
    if (length > MAX_PACKED) {
      this.set(id, Buffer.from(source.buffer, source.byteOffset + from, length).toString("latin1"));
      return;
    }
    const start = this.reserve(id, length);
    const page = this.pages[start >>> PAGE_BITS];
    const at = start & (PAGE - 1);
    if (length > SHORT_COPY) page.set(source.subarray(from, to), at);
    else for (let i = 0; i < length; i++) page[at + i] = source[from + i];
  }

  /** Sets `id` (which must hold none) to the string `from` holds under `fromId`: its bytes copied where it is kept as bytes. */
  copyFrom(id: number, from: StringPages, fromId: number): void {
    const length = from.packedLength(fromId);
    if (length < 0) {
      const value = from.get(fromId);
      if (value !== undefined) this.set(id, value);
      return;
    }
    const start = this.reserve(id, length);
    from.copyPacked(fromId, this.pages[start >>> PAGE_BITS], start & (PAGE - 1));
  }

  /** Writes `value`'s bytes (or keeps it as a string) for `id`, which must hold none. */
  set(id: number, value: string): void {
    let narrow = value.length <= MAX_PACKED;
    for (let i = 0; narrow && i < value.length; i++) narrow = value.charCodeAt(i) <= 0xff;
    if (!narrow) {
      this.strings.set(id, value);
      this.lengths.set(id, AS_STRING);
      return;
    }
    const start = this.reserve(id, value.length);
    const page = this.pages[start >>> PAGE_BITS];
    const at = start & (PAGE - 1);
    for (let i = 0; i < value.length; i++) page[at + i] = value.charCodeAt(i);
  }

  /** Room for `length` bytes, filed as `id`'s string; returns where they start. */
  private reserve(id: number, length: number): number {
    const start = this.room(roundUp(length));
    this.starts.set(id, start);
    this.lengths.set(id, length + 1);
    return start;
  }

  /** Lets the string of `id` go, its bytes kept for a later string of about its length. */
  delete(id: number): void {
    const length = this.lengths.get(id);
    if (length === 0) return;
    if (length === AS_STRING) this.strings.delete(id);
    else {
      const rounded = roundUp(length - 1);
      const starts = this.freed.get(rounded);
      if (starts) starts.push(this.starts.get(id));
      else this.freed.set(rounded, [this.starts.get(id)]);
    }
    this.lengths.set(id, 0);
  }

  /**
   * The pages and the bookkeeping of ids below `limit` (no id from `limit` on may hold a string),
   * copied a page a step: the copy is what a save writes while the strings may change.
   */
  *forming(limit: number): Generator<void, StringPagesForm> {
    const wideIds = Uint32Array.from([...this.strings.keys()].sort((a, b) => a - b));
    if (wideIds.length && wideIds[wideIds.length - 1] >= limit) throw new RangeError("a string lies past the limit");
    const freed: number[] = [];
    for (const [rounded, starts] of this.freed) for (const start of starts) freed.push(rounded, start);
    const pages: Uint8Array[] = [];
    for (const page of this.pages) {
      pages.push(page.slice());
      yield;
    }
    return {
      pages,
      used: this.used,
      starts: yield* this.starts.copying(limit),
      lengths: yield* this.lengths.copying(limit),
      wideIds,
      wide: Array.from(wideIds, (id) => this.strings.get(id)!),
      freed: Uint32Array.from(freed),
    };
  }

  /**
   * Pages from their `form`, taken as they lie (the pages and the bookkeeping are views of the arrays
   * given), checked in steps of CHECKED_PER_STEP ids. Throws a RangeError where the parts do not fit
   * together: a string's bytes outside the pages or past `used`, a length past MAX_PACKED, a string
   * kept as a string without one, freed bytes outside the pages. No string is made.
   */
  static *fromForm(form: StringPagesForm): Generator<void, StringPages> {
    const { pages, used, starts, lengths, wideIds, wide, freed } = form;
    if (pages.some((page) => page.length > PAGE) || !Number.isSafeInteger(used) || used < 0 || used > pages.length * PAGE) throw new RangeError("the pages do not fit");
    if (starts.length !== lengths.length || wideIds.length !== wide.length || freed.length % 2) throw new RangeError("the strings' bookkeeping does not fit");
    let wideHeld = 0;
    for (let from = 0; from < lengths.length; from += CHECKED_PER_STEP) {
      const to = Math.min(lengths.length, from + CHECKED_PER_STEP);
      for (let id = from; id < to; id++) {
        const length = lengths[id];
        if (length === 0) continue;
        if (length === AS_STRING) wideHeld++;
        else if (length - 1 > MAX_PACKED || !inPages(pages, used, starts[id], length - 1)) throw new RangeError(`the string of ${id} lies outside the pages`);
      }
      yield;
    }
    if (wideHeld !== wideIds.length) throw new RangeError("strings kept as strings are missing");
    const out = new StringPages();
    for (let i = 0; i < wideIds.length; i++) {
      const value = wide.at(i);
      if (lengths[wideIds[i]] !== AS_STRING || (i > 0 && wideIds[i] <= wideIds[i - 1]) || value === undefined) throw new RangeError("a string kept as a string does not fit");
      out.strings.set(wideIds[i], value);
    }
    for (let i = 0; i < freed.length; i += 2) {
      const [rounded, start] = [freed[i], freed[i + 1]];
      if (rounded !== roundUp(rounded) || !inPages(pages, used, start, rounded)) throw new RangeError("bytes let go lie outside the pages");
      const list = out.freed.get(rounded);
      if (list) list.push(start);
      else out.freed.set(rounded, [start]);
    }
    out.pages.push(...pages);
    out.used = used;
    out.starts = PagedU32.over(starts);
    out.lengths = PagedU32.over(lengths);
    return out;
  }

  /** The start of `rounded` free bytes in one page. */
  private room(rounded: number): number {
    const reused = this.freed.get(rounded)?.pop();
    if (reused !== undefined) return reused;
    if ((this.used & (PAGE - 1)) + rounded > PAGE) this.used = ((this.used >>> PAGE_BITS) + 1) * PAGE;
    const start = this.used;
    const index = start >>> PAGE_BITS;
    const end = (start & (PAGE - 1)) + rounded;
    if (index >= this.pages.length && start + rounded > 2 ** 32) throw new RangeError("too many string bytes");
    const page = this.pages[index] as Uint8Array | undefined;
    if (!page || end > page.length) this.pages[index] = grownPage(page, end, index ? PAGE : FIRST_PAGE, PAGE, (n) => lastingArray(n, Uint8Array));
    this.used += rounded;
    return start;
  }
}

/** A string's bytes `[start, start + length)` lie within one of `pages`, before `used`. */
function inPages(pages: readonly Uint8Array[], used: number, start: number, length: number): boolean {
  const page = pages.at(start >>> PAGE_BITS);
  const at = start & (PAGE - 1);
  return page !== undefined && at + length <= page.length && start + length <= used;
}

/** Bytes a string of `length` characters takes: a multiple of 8, so that freed bytes fit later strings of about that length. */
function roundUp(length: number): number {
  return Math.max(8, (length + 7) & ~7);
}
