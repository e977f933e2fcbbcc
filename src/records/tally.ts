/**
 * Counts over a kind's records by (group, item) — open issues per label and repository, the
 * non-public repositories — kept up to date by the store as records come and go, so that reading
 * one never scans the kind (which would parse every record). Declared once, when the module that
 * reads it loads; every store keeps each declared tally.
 */
import type { DumpKind } from "./kinds.js";
import type { RecordLike } from "./read.js";

export interface Tally {
  /** What a saved index calls it. */
  name: string;
  kind: DumpKind;
  /** The (group, item) pairs a record counts under, each once. */
  pairs(record: RecordLike): Array<[group: string, item: string]>;
  /** Read by group (`items`) with many groups: the store keeps each group's items at hand. */
  byGroup: boolean;
}

/** What a tally's readers ask of its counts (the store keeps them as `PairCounts`). */
export interface TallyReader {
  /** The count of (group, item); 0 for a pair never counted. */
  count(group: string, item: string): number;
  has(group: string, item: string): boolean;
  /** The items counted under `group`, in the order first counted (reads every pair unless the tally is kept `byGroup`). */
  items(group: string): Iterable<string>;
  /** Every pair and its count, in the order first counted; read while the counts are unchanged. */
  rows(): IterableIterator<[group: string, item: string, count: number]>;
}

/** Every tally declared so far. */
export const TALLIES: Tally[] = [];

export function defineTally(name: string, kind: DumpKind, pairs: Tally["pairs"], { byGroup = false } = {}): Tally {
  const tally = { name, kind, pairs, byGroup };
  TALLIES.push(tally);
  return tally;
}
