/**
 * A `Map` for tables that grow with the number of records. A V8 `Map` rehashes all its entries
 * in one go each time it doubles: at four million entries one `set` held the event loop for a
 * third of a second, and a `Map` refuses more than 2^24 entries. Past SPLIT_AT entries this one
 * spreads them by hash over SHARDS maps, so that a rehash moves one shard's entries, and no
 * single call does work in proportion to the whole.
 *
 * Iteration goes shard by shard: its order is not the order of insertion, and an entry added
 * during an iteration may or may not be visited.
 */
import { hashKey } from "./hash.js";

/** Entries one map holds before they are spread over the shards (moving them is one call's work). */
const SPLIT_AT = 1 << 13;
/** Shards, a power of two: at ten million entries each holds some 40,000. */
const SHARDS = 256;

export interface KeyMapOptions {
  /** Entries held by one map before they are spread (tests use few). */
  splitAt?: number;
  /** Shards, a power of two. */
  shards?: number;
}

export class KeyMap<K, V> implements Iterable<[K, V]> {
  private readonly splitAt: number;
  private readonly mask: number;
  /** All entries, while there are few. */
  private whole: Map<K, V> | undefined = new Map();
  private shards: Array<Map<K, V>> = [];
  private sharded = 0;

  constructor(options: KeyMapOptions = {}) {
    const shards = options.shards ?? SHARDS;
    if (!(shards > 0 && (shards & (shards - 1)) === 0)) throw new RangeError(`shards must be a power of two, not ${shards}`);
    this.splitAt = Math.max(1, options.splitAt ?? SPLIT_AT);
    this.mask = shards - 1;
  }

  get size(): number {
    return this.whole ? this.whole.size : this.sharded;
  }

  get(key: K): V | undefined {
    return (this.whole ?? this.shardOf(key)).get(key);
  }

  has(key: K): boolean {
    return (this.whole ?? this.shardOf(key)).has(key);
  }

  set(key: K, value: V): this {
    const whole = this.whole;
    if (whole) {
      whole.set(key, value);
      if (whole.size >= this.splitAt) this.split(whole);
      return this;
    }
    const shard = this.shardOf(key);
    const before = shard.size;
    shard.set(key, value);
    this.sharded += shard.size - before;
    return this;
  }

  /**
   * Sets `value` when the key is new and returns undefined; else returns the key's value and changes
   * nothing. One hash either way. A key held with the value undefined counts as new.
   */
  putIfAbsent(key: K, value: V): V | undefined {
    const map = this.whole ?? this.shardOf(key);
    const held = map.get(key);
    if (held !== undefined) return held;
    map.set(key, value);
    if (this.whole) {
      if (this.whole.size >= this.splitAt) this.split(this.whole);
    } else this.sharded++;
    return undefined;
  }

  delete(key: K): boolean {
    if (this.whole) return this.whole.delete(key);
    const deleted = this.shardOf(key).delete(key);
    if (deleted) this.sharded--;
    return deleted;
  }

  clear(): void {
    this.whole = new Map();
    this.shards = [];
    this.sharded = 0;
  }

  *entries(): IterableIterator<[K, V]> {
    if (this.whole) yield* this.whole.entries();
    else for (const shard of this.shards) yield* shard.entries();
  }

  *keys(): IterableIterator<K> {
    if (this.whole) yield* this.whole.keys();
    else for (const shard of this.shards) yield* shard.keys();
  }

  *values(): IterableIterator<V> {
    if (this.whole) yield* this.whole.values();
    else for (const shard of this.shards) yield* shard.values();
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }

  private shardOf(key: K): Map<K, V> {
    return this.shards[hashKey(key) & this.mask];
  }

  private split(whole: Map<K, V>): void {
    this.shards = Array.from({ length: this.mask + 1 }, () => new Map<K, V>());
    this.whole = undefined;
    for (const [key, value] of whole) this.shardOf(key).set(key, value);
    this.sharded = whole.size;
  }
}
