/** The messages between a load and its reading thread (src/load/terms-worker.ts). */
import type { SearchKind } from "../kinds/types.js";

/** A line's flags in a batch. */
export const LINE_TOO_LONG = 1;
export const LINE_INVALID_UTF8 = 2;
/** The thread read no fields of the line: the main thread reads it itself. */
export const LINE_UNREAD = 4;

/** What the thread is asked to read: a file, and per kind the fields and columns read from the record alone. */
export interface ReadingRequest {
  path: string;
  maxLineBytes: number | undefined;
  readers: Array<{ kind: SearchKind; fields: string[]; numbers: string[]; keywords: string[] }>;
  /** Batches the thread may send before the main thread has taken them. */
  ahead: number;
  /** Batches the main thread has taken so far (it adds one and notifies). */
  taken: Int32Array<SharedArrayBuffer>;
}

/** A batch of consecutive lines, the first numbered `first`. */
export interface BatchMessage {
  type: "batch";
  first: number;
  texts: string[];
  flags: Uint8Array<ArrayBuffer>;
  /** Bytes of the file read since the batch before. */
  bytes: number;
  /** Per reader: the lines' occurrences (`GivenBatch`) and the local terms new in this batch, and the lines' column values. */
  readers: Array<{
    starts: Uint32Array<ArrayBuffer>;
    ids: Uint32Array<ArrayBuffer>;
    positions: Uint32Array<ArrayBuffer>;
    widths: Uint32Array<ArrayBuffer>;
    newTerms: string[];
    columns: ColumnsMessage;
  }>;
}

/** A batch's column values for one reader (`GivenColumns`). */
export interface ColumnsMessage {
  numbers: Float64Array<ArrayBuffer>;
  keywordStarts: Uint32Array<ArrayBuffer>;
  keywordIds: Uint32Array<ArrayBuffer>;
  /** Per keyword column, its local values new in this batch. */
  newValues: string[][];
  /** Keyword columns whose local values start again (from id 0) with this batch: a column's dictionary is bounded. */
  restarted: number[];
}

export type ReadingMessage = BatchMessage | { type: "end" } | { type: "failed"; message: string; name: string; code?: string };

/** From the main thread: reading stops. */
export type ReadingReply = { type: "stop" };
