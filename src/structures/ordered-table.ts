/**
 * Keys in insertion order, each with an unsigned 32-bit value, where no call does work in
 * proportion to the number of keys: the order a `Map` keeps (a key set again keeps its place,
 * one removed and added again goes last) without a `Map`'s rehash of every entry as it doubles.
 *
 * Keys sit in chunks of CHUNK places, appended to the last chunk (the tail); a key's place is
 * its chunk × CHUNK + its index there, found through `Places` (a sharded map of strings, or an
 * array by number for small integer ids). A removed key leaves a hole. A chunk other than the
 * tail is let go once empty, and written anew without its holes once three quarters of it are
 * holes (its keys keep their order, and their places are updated): at most CHUNK keys moved in
 * one call, and each key moved once for every three removed, so memory follows the keys held.
 *
 * Iterating reads a snapshot taken when it starts: the list of chunks as it was, each one copied
 * before it is next changed. A snapshot costs a look at each chunk, not at each key, and later
 * changes do not show in it.
 *
 * A table of whole-number keys (`wholeNumbers`: document slots, record ids) keeps them in typed
 * arrays, which the garbage collector never reads through: as arrays of numbers, the store's and
 * the text indexes' tables were 245 of the 369 MB a full collection marked at ten million records.
 */
import { KeyMap } from "./key-map.js";

/** Places per chunk. */
const CHUNK = 4096;
/** Room for keys a table of whole numbers first gives its tail chunk; doubled as it fills, up to a chunk. */
const FIRST_ROOM = 16;
/** A removed key among whole-number keys: the one number such a table refuses. */
const NUMBER_HOLE = 0xffffffff;

/** A chunk's keys: an array (undefined for a removed key), or for whole-number keys a Uint32Array (NUMBER_HOLE for one). */
type ChunkKeys<K> = Array<K | undefined> | Uint32Array;

/** Where a table's keys are: each key's place. */
export interface Places<K> {
  get(key: K): number | undefined;
  set(key: K, place: number): void;
  /** Places a new key and returns undefined, or returns a held key's place and changes nothing. */
  putIfAbsent(key: K, place: number): number | undefined;
  delete(key: K): void;
  clear(): void;
}

interface Chunk<K> {
  /** Keys in insertion order, a hole where one was removed. */
  keys: ChunkKeys<K>;
  /** Each place's value, when the table keeps values. */
  values: Uint32Array | undefined;
  /** Places handed out in this chunk, and those still holding a key. */
  used: number;
  live: number;
  /** The table's epoch when the chunk was made: older chunks may be read by a snapshot and are copied before they change. */
  epoch: number;
}

export interface OrderedTableOptions<K> {
  /** Where keys are looked up; a sharded map by default (strings, numbers or anything a `Map` takes). */
  places?: Places<K>;
  /** Whether keys carry values (else every value reads 0). Default true. */
  values?: boolean;
  /** Places per chunk (tests use few). */
  chunk?: number;
  /** Whether every key is a whole number from 0 to 2^32 - 2, kept in typed arrays (a RangeError for any other). Default false. */
  wholeNumbers?: boolean;
}

export class OrderedTable<K> implements Iterable<[K, number]> {
  private readonly places: Places<K>;
  private readonly withValues: boolean;
  private readonly chunkSize: number;
  private readonly wholeNumbers: boolean;
  private chunks: Array<Chunk<K> | undefined> = [];
  private count = 0;
  private epoch = 0;
  /** The first chunk that may hold a key, and within it (while it is that chunk) the first place that may: where `shift` looks. */
  private head = 0;
  private headChunk: Chunk<K> | undefined;
  private headAt = 0;

  constructor(options: OrderedTableOptions<K> = {}) {
    this.places = options.places ?? new KeyMap<K, number>();
    this.withValues = options.values ?? true;
    this.chunkSize = Math.max(1, Math.floor(options.chunk ?? CHUNK));
    this.wholeNumbers = options.wholeNumbers ?? false;
  }

  get size(): number {
    return this.count;
  }

  has(key: K): boolean {
    return this.places.get(key) !== undefined;
  }

  /** The key's value, or undefined when the key is not held. */
  get(key: K): number | undefined {
    const place = this.places.get(key);
    if (place === undefined) return undefined;
    const chunk = this.chunks[Math.floor(place / this.chunkSize)]!;
    return chunk.values ? chunk.values[place % this.chunkSize] : 0;
  }

  /** Sets a key's value; a key already held keeps its place, a new one goes last. `value` is an unsigned 32-bit integer. */
  set(key: K, value = 0): this {
    this.swap(key, value);
    return this;
  }

  /** Sets a key's value as `set` does, in one look-up; returns the value it replaced, undefined when the key is new. */
  swap(key: K, value: number): number | undefined {
    if (key === undefined) throw new TypeError("an ordered table takes no undefined key");
    if (value !== value >>> 0 || (value && !this.withValues)) throw new RangeError(`not a value this table keeps: ${value}`);
    if (this.wholeNumbers && !(key === (key as number) >>> 0 && key !== NUMBER_HOLE)) throw new RangeError(`not a key this table keeps: ${String(key)}`);
    // The place a new key would take; placed first, so that a key the places refuse (an id out of range) leaves the table as it was.
    const last = this.chunks.length - 1;
    const full = last < 0 || this.chunks[last]!.used === this.chunkSize;
    const next = full ? (last + 1) * this.chunkSize : last * this.chunkSize + this.chunks[last]!.used;
    const place = this.places.putIfAbsent(key, next);
    if (place !== undefined) {
      if (!this.withValues) return 0;
      const values = this.writable(Math.floor(place / this.chunkSize)).values!;
      const replaced = values[place % this.chunkSize];
      values[place % this.chunkSize] = value;
      return replaced;
    }
    if (full) {
      this.chunks.push({ keys: this.wholeNumbers ? new Uint32Array(Math.min(FIRST_ROOM, this.chunkSize)) : [], values: this.withValues ? new Uint32Array(this.chunkSize) : undefined, used: 0, live: 0, epoch: this.epoch });
      // The chunk that was the tail is now like any other: tidied now, or it would keep its holes until its next removal.
      if (last >= 0) this.tidy(last);
    }
    const tail = this.writable(this.chunks.length - 1);
    if (tail.values) tail.values[tail.used] = value;
    if (tail.keys instanceof Uint32Array && tail.used === tail.keys.length) tail.keys = grownKeys(tail.keys, Math.min(this.chunkSize, tail.keys.length * 2));
    putKey(tail.keys, tail.used, key);
    tail.used++;
    tail.live++;
    this.count++;
    return undefined;
  }

  delete(key: K): boolean {
    const place = this.places.get(key);
    if (place === undefined) return false;
    this.places.delete(key);
    this.free(Math.floor(place / this.chunkSize), place % this.chunkSize);
    return true;
  }

  /** Makes a hole of a place whose key has left the places. */
  private free(index: number, at: number): void {
    const chunk = this.writable(index);
    if (chunk.keys instanceof Uint32Array) chunk.keys[at] = NUMBER_HOLE;
    else chunk.keys[at] = undefined;
    chunk.live--;
    this.count--;
    if (index < this.chunks.length - 1) this.tidy(index);
  }

  /** Removes the oldest key and returns it; undefined when the table is empty. */
  shift(): K | undefined {
    if (!this.count) return undefined;
    // Every place before `head`, `headAt` is a hole: keys only ever join at the tail.
    for (;;) {
      const chunk = this.chunks[this.head];
      if (chunk !== this.headChunk) {
        // Copied or rewritten since (a rewrite drops holes and moves keys forward): looked through from its start.
        this.headChunk = chunk;
        this.headAt = 0;
      }
      if (chunk) {
        while (this.headAt < chunk.used && keyAt(chunk.keys, this.headAt) === undefined) this.headAt++;
        if (this.headAt < chunk.used) {
          const key = keyAt(chunk.keys, this.headAt)!;
          this.places.delete(key);
          this.free(this.head, this.headAt);
          return key;
        }
      }
      this.head++;
    }
  }

  clear(): void {
    this.places.clear();
    this.chunks = [];
    this.count = 0;
    this.head = 0;
    this.headChunk = undefined;
    this.headAt = 0;
  }

  /** The keys and values as they are now, in order; iterable again and again, unchanged by later changes of the table. */
  snapshot(): Iterable<[K, number]> {
    const chunks = this.freeze();
    return { [Symbol.iterator]: () => walk(chunks, entry) };
  }

  /** Keys and values in order, as they were when called. */
  entries(): IterableIterator<[K, number]> {
    return walk(this.freeze(), entry);
  }

  /** Keys in order, as they were when called. */
  keys(): IterableIterator<K> {
    return walk(this.freeze(), (key) => key);
  }

  /** Values in the order of their keys, as they were when called. */
  values(): IterableIterator<number> {
    return walk(this.freeze(), (_, value) => value);
  }

  [Symbol.iterator](): IterableIterator<[K, number]> {
    return this.entries();
  }

  /**
   * Hands each key and value to `visit` in order, as they were when called, yielding after every
   * `every` of them: a walk in steps that makes no object per entry (an entry's pair, made for
   * each of millions of keys while a save copies them, drove full collections).
   */
  *visiting(visit: (key: K, value: number) => void, every: number): Generator<void> {
    let n = 0;
    for (const chunk of this.freeze()) {
      if (!chunk) continue;
      for (let at = 0; at < chunk.used; at++) {
        const key = keyAt(chunk.keys, at);
        if (key === undefined) continue;
        visit(key, chunk.values ? chunk.values[at] : 0);
        if (++n % every === 0) yield;
      }
    }
  }

  /** The chunks as they are now: from here on, each is copied before it changes. */
  private freeze(): ReadonlyArray<Chunk<K> | undefined> {
    this.epoch++;
    return this.chunks.slice();
  }

  /** The chunk at `index`, copied first when a snapshot may read it. */
  private writable(index: number): Chunk<K> {
    const chunk = this.chunks[index]!;
    if (chunk.epoch === this.epoch) return chunk;
    const copy = { ...chunk, keys: chunk.keys.slice(), values: chunk.values?.slice(), epoch: this.epoch };
    this.chunks[index] = copy;
    return copy;
  }

  /** Lets an empty chunk go, and writes one that is three quarters holes anew without them. */
  private tidy(index: number): void {
    const chunk = this.chunks[index]!;
    if (chunk.live === 0) {
      this.chunks[index] = undefined;
      return;
    }
    if (chunk.live * 4 > chunk.used) return;
    const keys: ChunkKeys<K> = chunk.keys instanceof Uint32Array ? new Uint32Array(chunk.live) : new Array<K>(chunk.live);
    const values = chunk.values ? new Uint32Array(chunk.live) : undefined;
    let n = 0;
    for (let at = 0; at < chunk.used; at++) {
      const key = keyAt(chunk.keys, at);
      if (key === undefined) continue;
      putKey(keys, n, key);
      if (values) values[n] = chunk.values![at];
      if (n !== at) this.places.set(key, index * this.chunkSize + n);
      n++;
    }
    this.chunks[index] = { keys, values, used: n, live: n, epoch: this.epoch };
  }
}

const entry = <K>(key: K, value: number): [K, number] => [key, value];

function* walk<K, T>(chunks: ReadonlyArray<Chunk<K> | undefined>, pick: (key: K, value: number) => T): Generator<T> {
  for (const chunk of chunks) {
    if (!chunk) continue;
    for (let at = 0; at < chunk.used; at++) {
      const key = keyAt(chunk.keys, at);
      if (key !== undefined) yield pick(key, chunk.values ? chunk.values[at] : 0);
    }
  }
}

/** The key at `at`, undefined for a hole. */
function keyAt<K>(keys: ChunkKeys<K>, at: number): K | undefined {
  const key = keys[at];
  return key === NUMBER_HOLE && keys instanceof Uint32Array ? undefined : (key as K | undefined);
}

function putKey<K>(keys: ChunkKeys<K>, at: number, key: K): void {
  if (keys instanceof Uint32Array) keys[at] = key as number;
  else keys[at] = key;
}

function grownKeys(keys: Uint32Array, size: number): Uint32Array {
  const grown = new Uint32Array(size);
  grown.set(keys);
  return grown;
}
