/**
 * Counts by (group, item) in a single `KeyTable` under a key made of both: no string, `Map` or
 * entry object per pair on the collected heap (a store's tallies: the counts of open issues per
 * label and repository were 380,000 strings and their maps at ten million issues, marked by every
 * full collection). A count that falls to 0 leaves the table.
 */
import { KeyTable } from "./key-table.js";
import type { StringList } from "./string-list.js";

export class PairCounts {
  private readonly table = new KeyTable();
  /** Each group's items, where they are read by group (a `Set` per group: for counts of few pairs). */
  private readonly byGroup: Map<string, Set<string>> | undefined;

  /** `byGroup`: keep each group's items at hand, so that `items` reads the group's pairs only. */
  constructor(byGroup = false) {
    this.byGroup = byGroup ? new Map() : undefined;
  }

  /** Pairs counted. */
  get size(): number {
    return this.table.size;
  }

  /** Adds `by` (negative to count out) to the pair's count. */
  add(group: string, item: string, by: number): void {
    const key = pairKey(group, item);
    const n = (this.table.get(key) ?? 0) + by;
    if (n > 0) this.table.set(key, n);
    else this.table.delete(key);
    if (this.byGroup) this.file(group, item, n > 0);
  }

  private file(group: string, item: string, counted: boolean): void {
    const items = this.byGroup!.get(group);
    if (counted) {
      if (items) items.add(item);
      else this.byGroup!.set(group, new Set([item]));
    } else if (items?.delete(item) && items.size === 0) this.byGroup!.delete(group);
  }

  /** The count of (group, item); 0 for a pair never counted. */
  count(group: string, item: string): number {
    return this.table.get(pairKey(group, item)) ?? 0;
  }

  has(group: string, item: string): boolean {
    return this.table.has(pairKey(group, item));
  }

  /** The items counted under `group`, in the order first counted (without `byGroup`, reads every pair: for counts of few groups). */
  *items(group: string): Iterable<string> {
    if (this.byGroup) {
      yield* this.byGroup.get(group) ?? [];
      return;
    }
    const prefix = pairKey(group, "");
    for (const [key] of this.table) if (key.startsWith(prefix)) yield key.slice(prefix.length);
  }

  /** Every pair and its count, in the order first counted; read while the counts are unchanged. */
  *rows(): IterableIterator<[group: string, item: string, count: number]> {
    for (const [key, n] of this.table) yield [...splitPairKey(key), n];
  }

  /**
   * `rows` appended to `groups` and `items` as bytes (no string is made for a pair kept as bytes),
   * the counts put in `counts` from 0, yielding after every `every` pairs. What a save copies: three
   * strings and an array per row, for every pair of a million issues' tallies, set off a full
   * collection after another.
   */
  *copying(groups: StringList, items: StringList, counts: Uint32Array, every: number): Generator<void> {
    let n = 0;
    yield* this.table.visitingKeys((key, bytes, length, count) => {
      counts[n++] = count;
      if (key !== undefined) {
        const [group, item] = splitPairKey(key);
        groups.push(group);
        items.push(item);
        return;
      }
      // A key kept as bytes has a byte per character: the group's length counts its bytes too.
      let colon = 0;
      let groupLength = 0;
      for (; bytes[colon] !== COLON; colon++) groupLength = groupLength * 10 + bytes[colon] - ZERO;
      const itemStart = colon + 1 + groupLength;
      groups.pushLatin1(bytes, colon + 1, itemStart);
      items.pushLatin1(bytes, itemStart, length);
    }, every);
  }
}

const COLON = 0x3a;
const ZERO = 0x30;

/** The group's length, a colon, the group and the item: one key per pair, whatever either holds. */
function pairKey(group: string, item: string): string {
  return `${group.length}:${group}${item}`;
}

function splitPairKey(key: string): [group: string, item: string] {
  const colon = key.indexOf(":");
  const end = colon + 1 + Number(key.slice(0, colon));
  return [key.slice(colon + 1, end), key.slice(end)];
}
