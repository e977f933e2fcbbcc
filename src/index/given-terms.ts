/**
 * Text fields read elsewhere: a load's reading thread parses each line and reads the fields that
 * come from the record alone (`TextFieldSpec.fromRecordAlone`) into term ids of a dictionary of its
 * own, so that the main thread, which indexes, neither tokenizes nor hashes those words. Those ids
 * ("local") are numbered in order of first use, as a collection numbers its own; a collection turns
 * them into its ids through `TermTranslation`, each local term looked up once. The columns read from
 * the record alone come the same way (`GivenColumns`).
 */
import type { TermDictionary } from "./term-dictionary.js";

/** A batch of lines' occurrences, per line and field, for one kind. */
export interface GivenBatch {
  /** The fields read, in the order of `starts`. */
  fields: readonly string[];
  /** Where the occurrences of line l's field f begin in the arrays: index l × fields + f; one more entry at the end. */
  starts: Uint32Array;
  /** Local term ids. */
  ids: Uint32Array;
  positions: Uint32Array;
  widths: Uint32Array;
  /** The reading's local terms by local id, one array over all its batches (this batch's new ones among them). */
  local: readonly string[];
  /** The values of the columns read from the record alone (`columnsFromRecordAlone`), when the reading read them. */
  columns?: GivenColumns;
}

/**
 * Columns of a batch's lines read elsewhere: numbers as they are, keywords as local ids of a
 * dictionary per column (the main thread then hashes each distinct value once, not once per line).
 */
export interface GivenColumns {
  numberNames: readonly string[];
  /** Line l's value of number column k at l × numberNames.length + k (NaN: none). */
  numbers: Float64Array;
  keywordNames: readonly string[];
  /** Where line l's values of keyword column k begin in `keywordIds`: index l × keywordNames.length + k; one more entry at the end. */
  keywordStarts: Uint32Array;
  /** Local value ids, in the order the column's value lists them (repeats included, as `asKeywords` gives them). */
  keywordIds: Uint32Array;
  /** Per keyword column, its values by local id (this batch's new ones among them): an array that starts again when the reading's dictionary does. */
  locals: ReadonlyArray<readonly string[]>;
}

/** A local id not yet met by the collection. */
const UNMET = 0xffffffff;

/** Local ids to a collection's ids, for one reading: each local term looked up when the collection first meets it. */
export class TermTranslation {
  private ids = new Uint32Array(1024).fill(UNMET);

  constructor(
    readonly local: readonly string[],
    private readonly dictionary: TermDictionary,
  ) {}

  /**
   * The collection's ids of the local ids `source[from … to)`, written to `target` from 0. A term is
   * numbered when the collection first meets it, as when it reads the text itself. A local id past
   * the terms received is the reading's fault: a RangeError.
   */
  translate(source: Uint32Array, from: number, to: number, target: Uint32Array): void {
    for (let i = from; i < to; i++) {
      const local = source[i];
      let id = local < this.ids.length ? this.ids[local] : UNMET;
      if (id === UNMET) id = this.meet(local);
      target[i - from] = id;
    }
  }

  private meet(local: number): number {
    const terms = this.local;
    if (local >= terms.length) throw new RangeError(`local term ${local} was never sent (${terms.length} known)`);
    if (local >= this.ids.length) {
      const grown = new Uint32Array(Math.max(local + 1, this.ids.length * 2)).fill(UNMET);
      grown.set(this.ids);
      this.ids = grown;
    }
    return (this.ids[local] = this.dictionary.idOf(terms[local]));
  }
}
