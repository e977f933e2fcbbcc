/**
 * A list of strings (or nulls) appended in order and kept as bytes (`StringPages`): what a save
 * copies out of an index (a key per slot, a column's values) and an open reads back, held while
 * frames are written or an index is restored. As arrays of strings, those were tens of millions of
 * objects at ten million records, each marked by every full collection while they were held.
 */
import { StringPages } from "./string-pages.js";

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

  /** The same entries typed as strings, when none is null. */
  asStrings(): ListLike<string> | undefined {
    return this.nullCount ? undefined : (this as ListLike<string | null> as ListLike<string>);
  }
}
