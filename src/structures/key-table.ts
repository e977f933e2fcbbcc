/**
 * String keys in insertion order, each with an unsigned 32-bit value: an `OrderedTable` of key ids
 * (its places in an array by id) over `PackedKeys`, so that a table of millions of keys holds no
 * string per key. The store's table of records by key.
 *
 * Iterating reads the values as they were when it started (`OrderedTable`'s snapshot) but each key
 * as it is when reached: iterate `entries` while the table is unchanged (`values` at any time).
 */
import { FreeIds } from "./free-ids.js";
import { IdPlaces } from "./id-set.js";
import { OrderedTable } from "./ordered-table.js";
import { MAX_KEY_BYTES, PackedKeys } from "./packed-keys.js";
import type { StringList } from "./string-list.js";

export class KeyTable implements Iterable<[string, number]> {
  private readonly keys = new PackedKeys();
  private readonly table = new OrderedTable<number>({ places: new IdPlaces(), wholeNumbers: true });
  private readonly ids = new FreeIds();

  get size(): number {
    return this.table.size;
  }

  has(key: string): boolean {
    return this.keys.idOf(key) >= 0;
  }

  /** The key's value, or undefined when the key is not held. */
  get(key: string): number | undefined {
    const id = this.keys.idOf(key);
    return id < 0 ? undefined : this.table.get(id);
  }

  /** Sets a key's value; a key already held keeps its place, a new one goes last. `value` is an unsigned 32-bit integer. */
  set(key: string, value: number): this {
    this.swap(key, value);
    return this;
  }

  /** Sets a key's value as `set` does, in one look-up of the key; returns the value it replaced, undefined when the key is new. */
  swap(key: string, value: number): number | undefined {
    if (value !== value >>> 0) throw new RangeError(`not a value this table keeps: ${value}`);
    const id = this.ids.peek();
    const held = this.keys.putIfAbsent(key, id);
    if (held !== undefined) return this.table.swap(held, value);
    this.ids.take();
    this.table.swap(id, value);
    return undefined;
  }

  /**
   * Files the key `source[from … to)` (a character per byte, Latin-1; no string made), new to the
   * table, last in the order, and places it among the keys later (`PackedKeys.putLatin1Later`): a key
   * that was held already keeps a place in the order, without a key, until `placingLater` drops it.
   */
  putLatin1Later(source: Uint8Array, from: number, to: number, value: number): void {
    if (value !== value >>> 0) throw new RangeError(`not a value this table keeps: ${value}`);
    const id = this.ids.peek();
    this.keys.putLatin1Later(source, from, to, id);
    this.ids.take();
    this.table.swap(id, value);
  }

  /** Places the keys put later, in steps; returns how many were held already, each dropped (the first kept with its value). */
  *placingLater(): Generator<void, number> {
    yield* this.keys.placingLater();
    const repeated = this.keys.takeRepeated();
    for (const id of repeated) {
      this.table.delete(id);
      this.ids.release(id);
    }
    return repeated.length;
  }

  delete(key: string): boolean {
    const id = this.keys.idOf(key);
    if (id < 0) return false;
    this.table.delete(id);
    this.keys.delete(id);
    this.ids.release(id);
    return true;
  }

  /** Makes room for `count` keys in all, in steps (`PackedKeys.reserving`). */
  reserving(count: number): Generator<void> {
    return this.keys.reserving(count);
  }

  /** Values in the order of their keys, as they were when called. */
  values(): IterableIterator<number> {
    return this.table.values();
  }

  /** Keys and values in order; read while the table is unchanged. */
  *entries(): IterableIterator<[string, number]> {
    for (const [id, value] of this.table) yield [this.keys.keyOf(id)!, value];
  }

  /**
   * Appends the keys to `keys` (as bytes: no string is made for one) and puts their values in
   * `values` from 0, in order, yielding after every `every` of them.
   */
  *copying(keys: StringList, values: Uint32Array, every: number): Generator<void> {
    let n = 0;
    yield* this.table.visiting((id, value) => {
      this.keys.copyKeyTo(id, keys);
      values[n++] = value;
    }, every);
  }

  /**
   * Hands each key and value to `visit` in order, yielding after every `every` of them, without a
   * string for a key kept as bytes: such a key comes as `bytes[0 … length)` (a character per byte,
   * in a buffer reused from key to key) and `key` undefined; any other as `key`. Read while the table is unchanged.
   */
  *visitingKeys(visit: (key: string | undefined, bytes: Uint8Array, length: number, value: number) => void, every: number): Generator<void> {
    const bytes = new Uint8Array(MAX_KEY_BYTES);
    yield* this.table.visiting((id, value) => {
      const length = this.keys.copyKeyBytes(id, bytes);
      visit(length < 0 ? this.keys.keyOf(id)! : undefined, bytes, length, value);
    }, every);
  }

  [Symbol.iterator](): IterableIterator<[string, number]> {
    return this.entries();
  }
}
