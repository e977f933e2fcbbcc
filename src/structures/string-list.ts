/**
 * A list of strings (or nulls) appended in order and kept as bytes (`StringPages`): what a save
 * copies out of an index (a key per slot, a column's values) and an open reads back, held while
 * frames are written or an index is restored. As arrays of strings, those were tens of millions of
 * objects at ten million records, each marked by every full collection while they were held.
 */
import { StringPages } from "./string-pages.js";

/** An encoded entry that is null. */
const NULL_TAG = 0xffffffff;

/** What reading a list needs: an array of strings is one too. */
export interface ListLike<T> extends Iterable<T> {
  readonly length: number;
  at(index: number): T | undefined;
  slice(start?: number, end?: number): T[];
}

export class StringList implements ListLike<string | null> {
  private readonly bytes = new StringPages();
  private count = 0;
  private nullCount = 0;

  /** A list of `values`' entries. */
  static of(values: Iterable<string | null>): StringList {
    const list = new StringList();
    for (const value of values) list.push(value);
    return list;
  }

  get length(): number {
    return this.count;
  }

  /** How many entries are null. */
  get nulls(): number {
    return this.nullCount;
  }

  push(value: string | null): void {
    // A null entry holds no string: `get` reads undefined there.
    if (value === null) this.nullCount++;
    else this.bytes.set(this.count, value);
    this.count++;
  }

  /** Appends the string `from` holds under `id` (null when it holds none), its bytes copied: no string is made for it. */
  pushFrom(from: StringPages, id: number): void {
    if (!from.has(id)) this.nullCount++;
    else this.bytes.copyFrom(this.count, from, id);
    this.count++;
  }

  /** The entry at `index` (a fresh string), null for a null entry, undefined past the end. */
  at(index: number): string | null | undefined {
    if (!(index >= 0 && index < this.count)) return undefined;
    return this.bytes.get(index) ?? null;
  }

  slice(start = 0, end = this.count): Array<string | null> {
    const out: Array<string | null> = [];
    for (let i = Math.max(start, 0); i < Math.min(end, this.count); i++) out.push(this.bytes.get(i) ?? null);
    return out;
  }

  *[Symbol.iterator](): Iterator<string | null> {
    for (let i = 0; i < this.count; i++) yield this.bytes.get(i) ?? null;
  }

  /**
   * Entries `start` to `end` as bytes, which `appendEncoded` reads back exactly: the count (u32),
   * a tag per entry (u32: NULL_TAG, or the entry's byte length times two, plus one for UTF-16),
   * then the entries' bytes end to end — a string kept as bytes as those bytes (Latin-1), any other
   * as its UTF-16 code units, so that every string (lone surrogates too) comes back the same.
   * Integers are little-endian. No string is made for an entry kept as bytes.
   */
  encode(start = 0, end = this.count): Uint8Array {
    const pages = this.bytes;
    const from = Math.max(0, start);
    const to = Math.min(end, this.count);
    const n = Math.max(0, to - from);
    let total = 4 * (n + 1);
    for (let i = from; i < to; i++) {
      const packed = pages.packedLength(i);
      total += packed >= 0 ? packed : 2 * (pages.get(i)?.length ?? 0);
    }
    const out = new Uint8Array(total);
    const words = new DataView(out.buffer);
    words.setUint32(0, n, true);
    let at = 4 * (n + 1);
    for (let i = from; i < to; i++) {
      const tagAt = 4 * (i - from + 1);
      const packed = pages.packedLength(i);
      if (packed >= 0) {
        pages.copyPacked(i, out, at);
        words.setUint32(tagAt, 2 * packed, true);
        at += packed;
        continue;
      }
      const value = pages.get(i);
      if (value === undefined) {
        words.setUint32(tagAt, NULL_TAG, true);
        continue;
      }
      words.setUint32(tagAt, 4 * value.length + 1, true);
      for (let c = 0; c < value.length; c++) {
        const unit = value.charCodeAt(c);
        out[at++] = unit & 0xff;
        out[at++] = unit >>> 8;
      }
    }
    return out;
  }

  /** Appends the entries `encode` wrote. Throws a RangeError, appending nothing, when `bytes` is not laid out so. */
  appendEncoded(bytes: Uint8Array): void {
    if (bytes.length < 4) throw new RangeError("encoded strings: no count");
    const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = words.getUint32(0, true);
    let at = 4 * (n + 1);
    if (at > bytes.length) throw new RangeError("encoded strings: fewer tags than the count");
    // Checked whole first, so that a damaged list appends nothing.
    for (let i = 1; i <= n; i++) {
      const tag = words.getUint32(4 * i, true);
      if (tag === NULL_TAG) continue;
      const length = tag >>> 1;
      if (tag & 1 && length % 2) throw new RangeError("encoded strings: UTF-16 of an odd length");
      at += length;
      if (at > bytes.length) throw new RangeError("encoded strings: past the end");
    }
    if (at !== bytes.length) throw new RangeError("encoded strings: bytes after the last");
    at = 4 * (n + 1);
    for (let i = 1; i <= n; i++) {
      const tag = words.getUint32(4 * i, true);
      if (tag === NULL_TAG) {
        this.push(null);
        continue;
      }
      const length = tag >>> 1;
      if (tag & 1) this.push(Buffer.from(bytes.buffer, bytes.byteOffset + at, length).toString("utf16le"));
      else {
        this.bytes.setPacked(this.count++, bytes, at, at + length);
      }
      at += length;
    }
  }

  /** The same entries typed as strings, when none is null. */
  asStrings(): ListLike<string> | undefined {
    return this.nullCount ? undefined : (this as ListLike<string | null> as ListLike<string>);
  }
}
