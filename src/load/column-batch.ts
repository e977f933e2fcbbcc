/**
 * A reading thread's column values for one kind over a batch of lines (`GivenColumns` once received):
 * each column read from the record alone, numbers as they are, keyword values as ids of a dictionary
 * per column, so that the main thread hashes each distinct value once rather than once per line.
 */
import { asKeywords, asNumber } from "../index/column-values.js";
import type { ColumnSpec, RecordLike } from "../kinds/types.js";
import type { StoreReader } from "../records/store-reader.js";
import type { ColumnsMessage } from "./thread-protocol.js";

/**
 * Distinct values a column's dictionary holds before it starts again (at a batch's end): a column of
 * values that rarely repeat (an issue's key) would otherwise keep every one of them on this thread.
 */
export const VALUES_PER_DICTIONARY = 1 << 16;

export class ColumnBatch {
  private numbers: Float64Array<ArrayBuffer> = new Float64Array(1024);
  private numberCount = 0;
  /** Where each line's values of each keyword column begin in `keywordIds`, from entry 0 (always 0) up to `startCount`. */
  private keywordStarts: Uint32Array<ArrayBuffer> = new Uint32Array(1024);
  private startCount = 1;
  private keywordIds: Uint32Array<ArrayBuffer> = new Uint32Array(1024);
  private keywordCount = 0;
  private readonly dictionaries: Array<Map<string, number>>;
  private newValues: string[][];
  private restarted: number[] = [];
  /** Where the line read last began: its number values, its keyword starts and its ids. */
  private lineMarks = [0, 1, 0];

  constructor(
    private readonly numberColumns: readonly ColumnSpec<RecordLike>[],
    private readonly keywordColumns: readonly ColumnSpec<RecordLike>[],
    private readonly store: StoreReader,
  ) {
    this.dictionaries = keywordColumns.map(() => new Map());
    this.newValues = keywordColumns.map(() => []);
  }

  /** Reads `record`'s values for the next line; throws what a value function throws, leaving the batch as it was. */
  read(record: RecordLike): void {
    this.lineMarks = [this.numberCount, this.startCount, this.keywordCount];
    try {
      for (const column of this.numberColumns) this.pushNumber(asNumber(column.value(record, this.store)));
      this.keywordColumns.forEach((column, k) => {
        for (const value of asKeywords(column.value(record, this.store))) this.pushId(this.idOf(k, value));
        this.pushStart();
      });
    } catch (error) {
      this.unread();
      throw error;
    }
  }

  /** Takes back the line `read` read last (another reader could not read it). Values new to a dictionary stay: they are sent, unused. */
  unread(): void {
    [this.numberCount, this.startCount, this.keywordCount] = this.lineMarks;
  }

  /** No values for the next line (one left unread). */
  skip(): void {
    for (let i = 0; i < this.numberColumns.length; i++) this.pushNumber(NaN);
    for (let k = 0; k < this.keywordColumns.length; k++) this.pushStart();
  }

  /** The batch's values as a message (its arrays to be moved, not copied), then empty again for the next batch. */
  take(): ColumnsMessage {
    const message: ColumnsMessage = {
      numbers: this.numbers.slice(0, this.numberCount),
      keywordStarts: this.keywordStarts.slice(0, this.startCount),
      keywordIds: this.keywordIds.slice(0, this.keywordCount),
      newValues: this.newValues,
      restarted: this.restarted,
    };
    this.numberCount = this.keywordCount = 0;
    this.startCount = 1;
    this.newValues = this.keywordColumns.map(() => []);
    this.restarted = [];
    this.dictionaries.forEach((dictionary, k) => {
      if (dictionary.size < VALUES_PER_DICTIONARY) return;
      dictionary.clear();
      this.restarted.push(k);
    });
    return message;
  }

  private idOf(k: number, value: string): number {
    const dictionary = this.dictionaries[k];
    let id = dictionary.get(value);
    if (id === undefined) {
      dictionary.set(value, (id = dictionary.size));
      this.newValues[k].push(value);
    }
    return id;
  }

  private pushNumber(value: number): void {
    if (this.numberCount === this.numbers.length) this.numbers = grown(this.numbers, new Float64Array(this.numbers.length * 2));
    this.numbers[this.numberCount++] = value;
  }

  private pushStart(): void {
    if (this.startCount === this.keywordStarts.length) this.keywordStarts = grown(this.keywordStarts, new Uint32Array(this.keywordStarts.length * 2));
    this.keywordStarts[this.startCount++] = this.keywordCount;
  }

  private pushId(id: number): void {
    if (this.keywordCount === this.keywordIds.length) this.keywordIds = grown(this.keywordIds, new Uint32Array(this.keywordIds.length * 2));
    this.keywordIds[this.keywordCount++] = id;
  }
}

function grown<T extends Float64Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(array: T, into: T): T {
  into.set(array);
  return into;
}
