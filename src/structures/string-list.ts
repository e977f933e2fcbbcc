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

  /** Appends the string of `source[from … to)`, a character per byte (Latin-1), copied as bytes: no string is made for it. */
  pushLatin1(source: Uint8Array, from: number, to: number): void {
    this.bytes.setPacked(this.count, source, from, to);
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
    const encoded = new EncodedStrings(bytes);
    for (let i = 0; i < encoded.length; i++) {
      if (encoded.isLatin1(i)) this.bytes.setPacked(this.count++, bytes, encoded.startOf(i), encoded.startOf(i + 1));
      else this.push(encoded.at(i)!);
    }
  }

  /** The same entries typed as strings, when none is null. */
  asStrings(): ListLike<string> | undefined {
    return this.nullCount ? undefined : (this as ListLike<string | null> as ListLike<string>);
  }
}

/**
 * Entries that `StringList.encode` laid out, read where they lie: each a fresh string when asked
 * for. What an open reads once (a table's keys, each filed as it is read) needs no copy in between.
 */
export class EncodedStrings implements ListLike<string | null> {
  private readonly bytes: Buffer;
  /** Where each entry's bytes begin, and the end of the last. */
  private readonly starts: Uint32Array;
  private readonly tags: Uint32Array;
  /** How many entries are null. */
  readonly nulls: number = 0;

  /** Throws a RangeError when `bytes` is not laid out as `encode` lays entries out. */
  constructor(bytes: Uint8Array) {
    if (bytes.length < 4) throw new RangeError("encoded strings: no count");
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = this.bytes.readUInt32LE(0);
    let at = 4 * (n + 1);
    if (at > bytes.length) throw new RangeError("encoded strings: fewer tags than the count");
    this.tags = new Uint32Array(n);
    this.starts = new Uint32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const tag = (this.tags[i] = this.bytes.readUInt32LE(4 * (i + 1)));
      this.starts[i] = at;
      if (tag === NULL_TAG) {
        this.nulls++;
        continue;
      }
      const length = tag >>> 1;
      if (tag & 1 && length % 2) throw new RangeError("encoded strings: UTF-16 of an odd length");
      at += length;
      if (at > bytes.length) throw new RangeError("encoded strings: past the end");
    }
    if (at !== bytes.length) throw new RangeError("encoded strings: bytes after the last");
    this.starts[n] = at;
  }

  get length(): number {
    return this.tags.length;
  }

  /** Whether entry `i` is a string of a byte per character (Latin-1). */
  isLatin1(i: number): boolean {
    const tag = this.tags[i];
    return tag !== NULL_TAG && (tag & 1) === 0;
  }

  /** The bytes given, which `startOf` places entries in. */
  get source(): Uint8Array {
    return this.bytes;
  }

  /** Where entry `i`'s bytes begin in the bytes given (`i` = length: where the last one ends). */
  startOf(i: number): number {
    return this.starts[i];
  }

  at(index: number): string | null | undefined {
    if (!(index >= 0 && index < this.tags.length)) return undefined;
    const tag = this.tags[index];
    if (tag === NULL_TAG) return null;
    return this.bytes.toString(tag & 1 ? "utf16le" : "latin1", this.starts[index], this.starts[index + 1]);
  }

  slice(start = 0, end = this.tags.length): Array<string | null> {
    const out: Array<string | null> = [];
    for (let i = Math.max(start, 0); i < Math.min(end, this.tags.length); i++) out.push(this.at(i)!);
    return out;
  }

  *[Symbol.iterator](): Iterator<string | null> {
    for (let i = 0; i < this.tags.length; i++) yield this.at(i)!;
  }
}
