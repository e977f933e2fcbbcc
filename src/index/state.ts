/**
 * The index of one kind as plain data (lists of strings, numbers and typed arrays), so
 * that it can be saved and restored without indexing the records again.
 */
import type { KeywordColumnState, NumberColumnState } from "./columns.js";
import type { OccurrencesSnapshot, OccurrencesState } from "./occurrences.js";
import type { ListLike } from "../structures/string-list.js";

export interface FieldState<O = OccurrencesState> {
  name: string;
  totalLength: number;
  /** The posting lists are computed again from these when the index is restored. */
  occurrences: O;
}

/** What a save writes: the same, with each field's occurrences copied chunk by chunk as they are written. */
export type CollectionSnapshot = CollectionState<OccurrencesSnapshot>;

export interface CollectionState<O = OccurrencesState> {
  kind: string;
  /** The record key of each slot; null for a free slot. */
  keys: ListLike<string | null>;
  /** Free slots, reused last first. */
  free: number[];
  /** Terms by id. */
  dictionary: ListLike<string>;
  fields: Array<FieldState<O>>;
  numbers: Array<{ name: string; column: NumberColumnState }>;
  keywords: Array<{ name: string } & KeywordColumnState>;
  /** The kind's tie-break order per slot. */
  orders: NumberColumnState;
  /** Each signal's raw value per slot, in the kind's order of signals. */
  signals: NumberColumnState[];
}
