/**
 * A dump file's lines read on a worker thread (src/load/terms-worker.ts), which also parses each
 * line and reads the text fields that come from the record alone into term ids (`GivenBatch`): the
 * main thread, which stores and indexes, is a load's bottleneck, and the second core had room.
 * Lines come as `readLines` gives them, in order, each with the occurrences read for it per kind
 * asked. Where the thread cannot start (no built worker file: the sources run under a test runner),
 * there is none: the caller reads the file itself.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { GivenBatch } from "../index/given-terms.js";
import type { SearchKind } from "../kinds/types.js";
import { readLineBatches, type Line, type ReadLinesOptions } from "./lines.js";
import { LINE_INVALID_UTF8, LINE_TOO_LONG, LINE_UNREAD, type BatchMessage, type ReadingMessage, type ReadingRequest } from "./thread-protocol.js";

/** Batches read ahead of the main thread (each up to a megabyte of text or 1,024 lines). */
const AHEAD = 4;

const WORKER_FILE = new URL("./terms-worker.js", import.meta.url);

/** What a kind's collection asks the thread to read: its fields and columns that come from the record alone. */
export interface TermReader {
  kind: SearchKind;
  fields: string[];
  /** Number and keyword columns (`columnsFromRecordAlone`); none when left out. */
  numbers?: string[];
  keywords?: string[];
}

/** A line, with the occurrences read for it by each reader asked unless the thread left it unread: line `at` of each of `given`'s batches (one per reader, in their order). */
export interface ThreadLine extends Line {
  given?: readonly GivenBatch[];
  at?: number;
}

/** Whether lines can be read on a thread here. */
export function threadReadingAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_FILE));
}

/**
 * The lines of `path` read on a worker thread, a batch at a time, with their occurrences per reader.
 * A failure of the thread (a read error of the file, say) is thrown where the next batch is awaited,
 * as `readLineBatches` would throw it; a thread that fails before its first batch (it could not start)
 * leaves the file to `readLineBatches` on this thread. Stopping early (`return`, a throw in the
 * caller's loop) ends the thread.
 */
export async function* readLinesOnThread(path: string, readers: readonly TermReader[], options: Omit<ReadLinesOptions, "chunkBytes"> = {}): AsyncGenerator<ThreadLine[]> {
  // Batches taken, counted where the thread reads it: a message back per batch held the main thread a few milliseconds each.
  const taken = new Int32Array(new SharedArrayBuffer(4));
  const request: ReadingRequest = { path, maxLineBytes: options.maxLineBytes, readers: readers.map(({ kind, fields, numbers = [], keywords = [] }) => ({ kind, fields, numbers, keywords })), ahead: AHEAD, taken };
  let worker: Worker;
  try {
    worker = new Worker(WORKER_FILE, { workerData: request });
  } catch {
    return yield* readLineBatches(path, options);
  }
  const queue: ReadingMessage[] = [];
  let wake: (() => void) | undefined;
  const arrive = (message: ReadingMessage): void => {
    queue.push(message);
    wake?.();
  };
  worker.on("message", arrive);
  worker.on("error", (error: Error) => arrive({ type: "failed", message: error.message, name: error.name, code: (error as NodeJS.ErrnoException).code }));
  worker.on("exit", (code) => arrive({ type: "failed", message: `the reading thread stopped (exit code ${code})`, name: "Error" }));
  const locals = readers.map((): string[] => []);
  const values = request.readers.map((reader) => reader.keywords.map((): string[] => []));
  let batches = 0;
  try {
    for (;;) {
      while (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const message = queue.shift()!;
      if (message.type === "end") return;
      if (message.type === "failed" && !batches) break;
      if (message.type === "failed") throw Object.assign(new Error(message.message), { name: message.name, code: message.code });
      batches++;
      Atomics.add(taken, 0, 1);
      Atomics.notify(taken, 0);
      options.onChunk?.(message.bytes);
      yield linesOf(message, batchesOf(message, request.readers, locals, values));
    }
  } finally {
    worker.postMessage({ type: "stop" });
    await worker.terminate();
  }
  yield* readLineBatches(path, options);
}

/** The batch per reader; `locals` and `values` (per reader, per keyword column) hold the local terms and values received so far. */
function batchesOf(message: BatchMessage, readers: ReadingRequest["readers"], locals: string[][], values: string[][][]): GivenBatch[] {
  return message.readers.map(({ starts, ids, positions, widths, newTerms, columns }, r) => {
    for (const term of newTerms) locals[r].push(term);
    const { numbers, keywords } = readers[r];
    // A column whose dictionary started again gets a new array (a collection keeps its ids of the old one by its identity); each batch its own list of them.
    for (const k of columns.restarted) values[r][k] = [];
    columns.newValues.forEach((news, k) => {
      for (const value of news) values[r][k].push(value);
    });
    const given = { numberNames: numbers, numbers: columns.numbers, keywordNames: keywords, keywordStarts: columns.keywordStarts, keywordIds: columns.keywordIds, locals: [...values[r]] };
    return { fields: readers[r].fields, starts, ids, positions, widths, local: locals[r], columns: numbers.length + keywords.length ? given : undefined };
  });
}

function linesOf(message: BatchMessage, batches: readonly GivenBatch[]): ThreadLine[] {
  const { texts, flags, first } = message;
  return texts.map((text, line) => {
    const flag = flags[line];
    const read: ThreadLine = { text, number: first + line };
    if (flag & LINE_TOO_LONG) read.tooLong = true;
    if (flag & LINE_INVALID_UTF8) read.invalidUtf8 = true;
    if (!(flag & LINE_UNREAD)) {
      read.given = batches;
      read.at = line;
    }
    return read;
  });
}
