/**
 * The index of one kind as plain data (lists of strings, numbers and typed arrays), so
 * that it can be saved and restored without indexing the records again.
 */
import type { KeywordColumnState, NumberColumnState } from "./columns.js";
import type { OccurrencesSnapshot, OccurrencesState } from "./occurrences.js";
import type { PackedKeysForm } from "../structures/packed-keys.js";
import type { ListLike } from "../structures/string-list.js";

/** A collection's slots as built: its table of keys (a slot is its key's id) and each slot's record. */
export interface BuiltSlots {
  keys: PackedKeysForm;
  /** Per slot, the store's reference of the record it indexed (any number for a free slot). */
  refs: Uint32Array;
}

/**
 * A field's posting lists as a save found them: the documents of each term with any, ascending and
 * exact, end to end in pieces no list straddles.
 */
export interface SavedLists {
  /** Term ids with documents, ascending. */
  terms: Uint32Array;
  /** Per term of `terms`, its number of documents. */
  lengths: Uint32Array;
  /** The lists end to end, in the order of `terms`. */
  pieces: Uint32Array[];
}

export interface FieldState<O = OccurrencesState> {
  name: string;
  totalLength: number;
  /** What the field's documents hold: the source of truth, from which the posting lists can be computed again. */
  occurrences: O;
  /** The posting lists as saved (format 14 on), checked against the occurrences when restored; without them they are computed again. */
  lists?: SavedLists;
}

/** What a save writes: the same, with each field's occurrences copied chunk by chunk as they are written. */
export type CollectionSnapshot = CollectionState<OccurrencesSnapshot>;

export interface CollectionState<O = OccurrencesState> {
  kind: string;
  /**
   * The record key of each slot (null for a free slot), each looked up in the store when restored;
   * or, instead, `slots` as built, which a restore takes as they lie. Exactly one of the two.
   */
  keys?: ListLike<string | null>;
  slots?: BuiltSlots;
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

/** The slots of a state: of its list of keys, or of its slots as built. Throws a RangeError for a state with both or neither. */
export function capacityOf(state: Pick<CollectionState<unknown>, "keys" | "slots">): number {
  if (!state.keys === !state.slots) throw new RangeError("a state has either its keys or its slots as built");
  return state.keys?.length ?? state.slots!.refs.length;
}
