/**
 * Record keys under dense ids, kept as bytes rather than as strings: a string per record was over a
 * third of the objects a full collection marked one by one at a million records (a million keys of a
 * store, shared with an index, and the maps that found them). Here a key is its bytes in pages
 * (`StringPages`) and an entry in an open-addressing table of typed arrays; `keyOf` makes a
 * short-lived string when one is asked for. Past SPLIT_AT keys the table is spread by hash over
 * SHARDS parts, each grown on its own: no call moves more than one part's entries. A table of a few
 * keys (a small index has hundreds of tables) takes a few hundred bytes.
 */
import { hashKey, hashLatin1 } from "./hash.js";
import { lastingArray } from "./lasting-memory.js";
import type { StringList } from "./string-list.js";
import { MAX_PACKED, StringPages, type StringPagesForm } from "./string-pages.js";

/** The longest key `copyKeyBytes` copies: a buffer of this many bytes holds any of them. */
export const MAX_KEY_BYTES = MAX_PACKED;

const SHARD_BITS = 8;
const SHARDS = 1 << SHARD_BITS;
/** Keys held in one part before they are spread over SHARDS parts. */
const SPLIT_AT = 4096;
/** Slots of a new table; a part doubles when more than half full. */
const FIRST_SLOTS = 8;
/** Ids counted between pauses when a table is taken from its form. */
const CHECKED_PER_STEP = 65_536;
/** Pairs a part's list of keys put later first has room for; doubled as it fills. */
const FIRST_LATER = 64;

/**
 * A table as it is built, for a save that an open takes as it lies (`PackedKeys.fromForm`): an open
 * of ten million keys otherwise made, hashed and filed ten million strings.
 */
export interface PackedKeysForm {
  /** The keys' bytes. */
  bytes: StringPagesForm;
  /** One part, or SHARDS: pairs of slots (the key's hash, its id + 1; 0 for an empty slot). */
  parts: Uint32Array[];
}

/** Keys put later (`PackedKeys.putLatin1Later`): per part, pairs (hash, id + 1) and how many pairs it holds; all of them. */
interface KeysPutLater {
  pairs: Uint32Array[];
  held: Uint32Array;
  total: number;
}

export class PackedKeys {
  private bytes = new StringPages();
  /** Per part: pairs of slots (the key's hash, its id + 1; 0 for an empty slot). One part until split. */
  private parts: Uint32Array[] = [new Uint32Array(2 * FIRST_SLOTS)];
  private held = new Uint32Array(1);
  /** A hash's part: its top bits, once split (0 before). */
  private partMask = 0;
  private count = 0;
  /** Keys put by `putLatin1Later` and not yet placed. */
  private later: KeysPutLater | undefined;
  /** Ids of keys put later that were held already, each let go (`takeRepeated`). */
  private repeated: number[] = [];

  /** Keys held, those put later and not yet placed included. */
  get size(): number {
    return this.count + (this.later?.total ?? 0);
  }

  /** The ids of keys put later (`putLatin1Later`) that were held already, found so far: each let go, its id free again. */
  takeRepeated(): number[] {
    const ids = this.repeated;
    this.repeated = [];
    return ids;
  }

  // A hash's high bits choose its part, its low bits its slot: hashKey mixes both.

  /** The id of `key`, or -1 when it is not held. */
  idOf(key: string): number {
    if (this.later) this.placeLater();
    const hash = hashKey(key);
    const part = this.parts[(hash >>> (32 - SHARD_BITS)) & this.partMask];
    const mask = (part.length >>> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = part[2 * slot + 1];
      if (entry === 0) return -1;
      if (part[2 * slot] === hash && this.holds(entry - 1, key)) return entry - 1;
    }
  }

  /** Whether `id` holds exactly `key`, compared in place. */
  holds(id: number, key: string): boolean {
    return this.bytes.holds(id, key);
  }

  /** The key of `id`, or undefined when it holds none. */
  keyOf(id: number): string | undefined {
    return this.bytes.get(id);
  }

  /**
   * Copies the key of `id` to `target` from 0 when it is kept as bytes (a byte per character, at most
   * MAX_KEY_BYTES), returning its length; -1 when it is kept as a string (read it with `keyOf`) or none.
   */
  copyKeyBytes(id: number, target: Uint8Array): number {
    const length = this.bytes.packedLength(id);
    if (length >= 0) this.bytes.copyPacked(id, target, 0);
    return length;
  }

  /** Appends the key of `id` to `list` (null when it holds none), copied as bytes: no string is made for it. */
  copyKeyTo(id: number, list: StringList): void {
    list.pushFrom(this.bytes, id);
  }

  has(id: number): boolean {
    return this.bytes.has(id);
  }

  /**
   * Files `key` under `id` (which must hold no key) unless the key is held already; returns the id
   * holding it then, undefined when it was filed. One look-up either way.
   */
  putIfAbsent(key: string, id: number): number | undefined {
    // The key and id in fields, read by two functions made once: two closures a call were a load's
    // main thread's largest garbage after the parsed records (1.4 KB a record).
    this.probeKey = key;
    this.probeId = id;
    return this.fileUnder(hashKey(key), id, this.holdsProbeKey, this.writeProbeKey);
  }

  /** The key `putIfAbsent` files, and its id. */
  private probeKey = "";
  private probeId = 0;
  private readonly holdsProbeKey = (held: number): boolean => this.holds(held, this.probeKey);
  private readonly writeProbeKey = (): void => this.bytes.set(this.probeId, this.probeKey);

  /**
   * `putIfAbsent` of the string of `source[from … to)`, a character per byte (Latin-1), its bytes
   * copied and hashed where they lie: an open files a saved table's keys without a string for each.
   */
  putLatin1IfAbsent(source: Uint8Array, from: number, to: number, id: number): number | undefined {
    if (to - from > MAX_PACKED) return this.putIfAbsent(Buffer.from(source.buffer, source.byteOffset + from, to - from).toString("latin1"), id);
    return this.fileUnder(hashLatin1(source, from, to), id, (held) => this.bytes.holdsLatin1(held, source, from, to), () => this.bytes.setPacked(id, source, from, to));
  }

  /** Files the key of `hash` that `matches` tells, written by `write`, under `id` unless held already (then its id). */
  private fileUnder(hash: number, id: number, matches: (held: number) => boolean, write: () => void): number | undefined {
    if (this.later) this.placeLater();
    this.checkFree(id);
    const held = this.fileIn((hash >>> (32 - SHARD_BITS)) & this.partMask, hash, id, matches, write);
    if (held === undefined && !this.partMask && this.count > SPLIT_AT) this.split();
    return held;
  }

  /** Files `id` under `hash` in part `index` (`write` first) unless a key there `matches`: then its id, and nothing changes. */
  private fileIn(index: number, hash: number, id: number, matches: (held: number) => boolean, write?: () => void): number | undefined {
    const part = this.parts[index];
    const mask = (part.length >>> 1) - 1;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const entry = part[2 * slot + 1];
      if (entry === 0) break;
      if (part[2 * slot] === hash && matches(entry - 1)) return entry - 1;
    }
    write?.();
    part[2 * slot] = hash;
    part[2 * slot + 1] = id + 1;
    this.count++;
    if (++this.held[index] * 2 > mask + 1) this.parts[index] = grown(part);
    return undefined;
  }

  private checkFree(id: number): void {
    if (id !== id >>> 0 || id === 0xffffffff) throw new RangeError(`not an id: ${id}`);
    if (this.bytes.has(id)) throw new RangeError(`id ${id} holds a key already`);
  }

  /**
   * Files the key of `source[from … to)` (Latin-1) under `id`, which must hold no key, as
   * `putLatin1IfAbsent` would, but places it in its part later, with the other keys put so since: a
   * part's keys one after another (`placingLater`, or any look-up first). An open files ten million
   * saved keys: placed one by one in a table of hundreds of megabytes, each was a miss of the caches.
   * A key held already, or put twice, is found when placed: the later is let go (`takeRepeated`).
   */
  putLatin1Later(source: Uint8Array, from: number, to: number, id: number): void {
    // A table of one part is small, and a key too long to keep as bytes is rare: filed at once.
    if (!this.partMask || to - from > MAX_PACKED) {
      if (this.putLatin1IfAbsent(source, from, to, id) !== undefined) this.repeated.push(id);
      return;
    }
    this.checkFree(id);
    this.bytes.setPacked(id, source, from, to);
    const hash = hashLatin1(source, from, to);
    const index = hash >>> (32 - SHARD_BITS);
    const later = (this.later ??= { pairs: Array.from({ length: SHARDS }, () => new Uint32Array(0)), held: new Uint32Array(SHARDS), total: 0 });
    let pairs = later.pairs[index];
    const at = 2 * later.held[index];
    if (at === pairs.length) {
      const grown = new Uint32Array(Math.max(2 * FIRST_LATER, 2 * pairs.length));
      grown.set(pairs);
      later.pairs[index] = pairs = grown;
    }
    pairs[at] = hash;
    pairs[at + 1] = id + 1;
    later.held[index]++;
    later.total++;
  }

  /** Places the keys put later, a part a step (a part's keys are a 256th of them), those put during its pauses too. */
  *placingLater(): Generator<void> {
    for (let index = 0; this.later; index = (index + 1) & (SHARDS - 1)) {
      const later: KeysPutLater = this.later;
      const [pairs, count] = [later.pairs[index], later.held[index]];
      if (count === 0) continue;
      later.pairs[index] = new Uint32Array(0);
      later.held[index] = 0;
      later.total -= count;
      if (later.total === 0) this.later = undefined;
      for (let at = 0; at < 2 * count; at += 2) this.placeOne(index, pairs[at], pairs[at + 1] - 1);
      yield;
    }
  }

  /** `placingLater` at once. */
  private placeLater(): void {
    for (const _ of this.placingLater());
  }

  /** Places the key `id` holds, of `hash`, in part `index`; a key held already lets `id`'s go. */
  private placeOne(index: number, hash: number, id: number): void {
    if (this.fileIn(index, hash, id, (held) => this.bytes.same(held, id)) === undefined) return;
    this.bytes.delete(id);
    this.repeated.push(id);
  }

  /** Lets the key of `id` go; false when it held none. */
  delete(id: number): boolean {
    if (this.later) this.placeLater();
    const key = this.keyOf(id);
    if (key === undefined) return false;
    const hash = hashKey(key);
    const index = (hash >>> (32 - SHARD_BITS)) & this.partMask;
    const part = this.parts[index];
    const mask = (part.length >>> 1) - 1;
    let slot = hash & mask;
    while (part[2 * slot + 1] !== id + 1) slot = (slot + 1) & mask;
    // Backward-shift deletion: each later entry of the run moves into the hole if its home allows.
    for (let next = (slot + 1) & mask; part[2 * next + 1] !== 0; next = (next + 1) & mask) {
      const home = part[2 * next] & mask;
      const between = slot <= next ? slot < home && home <= next : slot < home || home <= next;
      if (between) continue;
      part[2 * slot] = part[2 * next];
      part[2 * slot + 1] = part[2 * next + 1];
      slot = next;
    }
    part[2 * slot] = 0;
    part[2 * slot + 1] = 0;
    this.held[index]--;
    this.count--;
    this.bytes.delete(id);
    return true;
  }

  /**
   * Makes room for `count` keys in all, so that filing that many grows few parts: each part is sized
   * for its share, as growing would size it, and grown one part a step (a part dealt more than its
   * share grows as it fills). Parts fill alike (a hash spreads keys evenly), so filing millions of
   * keys grew all 256 of them within a few steps of each other: 20-30 ms steps at ten million keys.
   */
  *reserving(count: number): Generator<void> {
    if (count <= SPLIT_AT) return;
    // A part doubles once more than half full. Room past the share (an eighth more was tried) doubled
    // the parts wherever the share lay just under a power of two: 34 MB more at a million records.
    const slots = 1 << Math.ceil(Math.log2(2 * Math.ceil(count / SHARDS)));
    // Split as it would be, then each part grown in a step of its own: parts of megabytes made in one step are as many fresh pages written at once.
    if (!this.partMask) {
      this.split();
      yield;
    }
    for (let index = 0; index < SHARDS; index++) {
      if (this.parts[index].length >= 2 * slots) continue;
      this.parts[index] = placedIn(this.parts[index], slots);
      yield;
    }
  }

  /**
   * The table as built, for ids below `limit` (no id from `limit` on may hold a key), copied a part
   * or a page a step: the copy is what a save writes while the table may change.
   */
  *forming(limit: number): Generator<void, PackedKeysForm> {
    if (this.later) this.placeLater();
    const bytes = yield* this.bytes.forming(limit);
    const parts: Uint32Array[] = [];
    for (const part of this.parts) {
      parts.push(part.slice());
      yield;
    }
    return { bytes, parts };
  }

  /**
   * A table from its `form`, taken as it lies (the parts and pages are the arrays given), checked in
   * steps of a part. Throws a RangeError where the parts do not fit together: a part that is not a
   * power of two of slots or is over half full, an entry of an id without a key or past the ids, an
   * id filed twice or not at all, an entry in another part than its hash's or not reachable from its
   * hash's slot. A hash is not computed again (that is the work saved): a hash that is not its key's
   * would only leave the key unfound.
   */
  static *fromForm(form: PackedKeysForm): Generator<void, PackedKeys> {
    const bytes = yield* StringPages.fromForm(form.bytes);
    const { parts } = form;
    const limit = form.bytes.lengths.length;
    if (parts.length !== 1 && parts.length !== SHARDS) throw new RangeError("a key table has one part or all");
    const partMask = parts.length === 1 ? 0 : SHARDS - 1;
    const held = new Uint32Array(parts.length);
    // A bit per id: a byte each was ten megabytes at ten million keys, first written all over in the first part's step (40 ms).
    const filed = new Uint32Array((limit + 31) >>> 5);
    let count = 0;
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index];
      const slots = part.length >>> 1;
      if (slots < FIRST_SLOTS || (slots & (slots - 1)) !== 0 || part.length % 2) throw new RangeError("a part of a key table is not a power of two");
      const mask = slots - 1;
      for (let slot = 0; slot < slots; slot++) {
        const entry = part[2 * slot + 1];
        if (entry === 0) continue;
        const id = entry - 1;
        const hash = part[2 * slot];
        if (id >= limit || filed[id >>> 5] & (1 << (id & 31))) throw new RangeError(`a key table files id ${id} wrongly`);
        if (((hash >>> (32 - SHARD_BITS)) & partMask) !== index) throw new RangeError("a key is in another part than its hash's");
        for (let at = hash & mask; at !== slot; at = (at + 1) & mask) if (part[2 * at + 1] === 0) throw new RangeError("a key lies past an empty slot");
        filed[id >>> 5] |= 1 << (id & 31);
        held[index]++;
      }
      if (held[index] * 2 > slots) throw new RangeError("a part of a key table is over half full");
      count += held[index];
      yield;
    }
    // Each id is filed at most once: every string's id filed, and as many entries as strings, is every
    // entry a string's. (Looked up entry by entry, in the order of the parts, the strings' lengths were
    // a miss of the caches each: half of this at ten million keys.)
    let strings = 0;
    const { lengths } = form.bytes;
    for (let from = 0; from < limit; from += CHECKED_PER_STEP) {
      const to = Math.min(limit, from + CHECKED_PER_STEP);
      for (let id = from; id < to; id++) {
        if (lengths[id] === 0) continue;
        if (!(filed[id >>> 5] & (1 << (id & 31)))) throw new RangeError("a key is not filed");
        strings++;
      }
      yield;
    }
    if (strings !== count) throw new RangeError("a key table files an id without a key");
    const out = new PackedKeys();
    [out.bytes, out.parts, out.held, out.partMask, out.count] = [bytes, [...parts], held, partMask, count];
    return out;
  }

  /** Spreads the one part's entries over SHARDS parts by the top bits of their hashes. */
  private split(): void {
    const whole = this.parts[0];
    const slots = 1 << Math.ceil(Math.log2((4 * this.count) / SHARDS));
    this.parts = Array.from({ length: SHARDS }, () => lastingArray(2 * slots));
    this.held = new Uint32Array(SHARDS);
    this.partMask = SHARDS - 1;
    for (let s = 0; s < whole.length; s += 2) {
      if (whole[s + 1] === 0) continue;
      const index = whole[s] >>> (32 - SHARD_BITS);
      const part = this.parts[index];
      let slot = whole[s] & (slots - 1);
      while (part[2 * slot + 1] !== 0) slot = (slot + 1) & (slots - 1);
      part[2 * slot] = whole[s];
      part[2 * slot + 1] = whole[s + 1];
      if (++this.held[index] * 2 > slots) this.parts[index] = grown(part);
    }
  }
}

/** A part with twice the slots, its entries placed again. */
function grown(part: Uint32Array): Uint32Array {
  return placedIn(part, part.length); // twice the slots it had: two numbers a slot
}

/** The part's entries placed again in a part of `slots` slots (a power of two, more than it holds). */
function placedIn(part: Uint32Array, slots: number): Uint32Array {
  const out = lastingArray(2 * slots);
  const mask = slots - 1;
  for (let s = 0; s < part.length; s += 2) {
    if (part[s + 1] === 0) continue;
    let slot = part[s] & mask;
    while (out[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    out[2 * slot] = part[s];
    out[2 * slot + 1] = part[s + 1];
  }
  return out;
}
