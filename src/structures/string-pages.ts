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

export class StringPages {
  private readonly pages: Uint8Array[] = [];
  /** Where the next string's bytes go: page × PAGE + offset. */
  private used = 0;
  /** Per id: where its bytes start, and its length + 1 (0: no string; AS_STRING). */
  private readonly starts = new PagedU32();
  private readonly lengths = new PagedU32();
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

/** Bytes a string of `length` characters takes: a multiple of 8, so that freed bytes fit later strings of about that length. */
function roundUp(length: number): number {
  return Math.max(8, (length + 7) & ~7);
}
