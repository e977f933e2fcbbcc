import { stat } from "node:fs/promises";
import { join } from "node:path";
import { RECORD_KINDS } from "../kinds/index.js";
import { DUMP_FILES, LOAD_ORDER, type DumpKind } from "./dump-files.js";
import { readLineBatches } from "./lines.js";
import { parseRecord, repeatedMember } from "./parse-record.js";
import { readLinesOnThread, threadReadingAvailable, type TermReader, type ThreadLine } from "./thread-lines.js";
import type { GivenBatch } from "../index/given-terms.js";


/** What kind of problem a line had. */
export type LoadProblemCode =
  /** Not JSON, or not a JSON object. */
  | "invalid-json"
  /** Refused by the engine (no key fields, nested too deeply, …). */
  | "invalid-record"
  /** Longer than the line limit: passed over. */
  | "line-too-long"
  /** Held bytes that are not UTF-8, loaded with U+FFFD in their place. */
  | "invalid-utf8"
  /** A record whose key an earlier line of the load already had: the later line replaced it. */
  | "duplicate-record"
  /** An object naming the same member twice: the later value was kept. */
  | "duplicate-member"
  /** A repository whose `private` / `visibility` is doubtful: loaded as private. */
  | "doubtful-visibility";

export interface LoadProblem {
  file: string;
  line: number;
  code: LoadProblemCode;
  message: string;
}

export interface LoadReport {
  /** Records the sink accepted, per kind. */
  counts: Record<DumpKind, number>;
  /** The first `maxProblems` problems, in reading order. */
  errors: LoadProblem[];
  /** Every problem found, kept in `errors` or not. */
  problemCount: number;
  /** Problems per code. */
  problemsByCode: Partial<Record<LoadProblemCode, number>>;
  /** Records visible to nobody because their repository is not loaded (filled in by the engine after the load). */
  unresolved: number;
  /** The dump files read, in reading order. */
  files: string[];
}

/** Where a record came from, and how to report a problem of it that does not stop it loading. */
export interface RecordOrigin {
  file: string;
  line: number;
  /** The line's JSON text, which the sink may keep instead of writing the record out again. */
  text: string;
  /** The text fields a reading thread read from the line: line `givenLine` of a batch per reader of `LoadHooks.readers` (in its order); none when it did not. */
  given?: readonly GivenBatch[];
  givenLine?: number;
  problem(code: LoadProblemCode, message: string): void;
}

export type DumpSink = (kind: DumpKind, record: Record<string, unknown>, origin: RecordOrigin) => void;

/** What the engine hears from a load besides its records. */
export interface LoadHooks {
  /** Told as each file of the dump begins: its kind, its size in bytes, and the kinds of the files still to come after it. */
  onFile?: (kind: DumpKind, bytes: number, later: readonly DumpKind[]) => void;
  /** Asked after each line: a promise to wait for before the next (letting other work run), or nothing to go straight on. */
  pace?: () => Promise<void> | undefined;
  /** Asked after `onFile`: the fields a reading thread should read from the records of the file, per kind (none: no thread needed for them). */
  readers?: () => TermReader[];
}

export interface ReadDumpOptions {
  /** Called after every chunk read, with the bytes read so far over all files and their total size. */
  onProgress?: (bytesRead: number, bytesTotal: number) => void;
  /** Aborting rejects the load with the signal's reason. */
  signal?: AbortSignal;
  /** How many problems `errors` keeps (all are counted); default 1,000. */
  maxProblems?: number;
  /** Lines longer than this many bytes are reported and passed over; default 64 MiB. */
  maxLineBytes?: number;
  /**
   * Dump files of at least this many bytes are read on a worker thread, which also parses each line
   * and reads the text fields that come from the record alone, while the main thread stores and
   * indexes; default 4 MiB. `Infinity`: every file is read on the main thread.
   */
  threadFromBytes?: number;
}

/** Files of at least this many bytes are read on a worker thread by default: below it, starting the thread costs more than it saves. */
const THREAD_FROM_BYTES = 4 * 1024 * 1024;

export const MAX_PROBLEMS = 1000;

interface DumpFile {
  kind: DumpKind;
  path: string;
  size: number;
}

const BLANK = /^\s*$/;

/**
 * Streams every record of a dump folder into `sink`, kind by kind in LOAD_ORDER.
 * A bad line, or a record the sink throws on, is reported and skipped; loading goes on.
 * Memory stays flat whatever the input: lines are bounded and only the first problems are kept.
 */
export async function readDump(dir: string, sink: DumpSink, options: ReadDumpOptions = {}, hooks: LoadHooks = {}): Promise<LoadReport> {
  const { onFile, pace } = hooks;
  const { onProgress, signal, maxLineBytes } = options;
  const maxProblems = options.maxProblems ?? MAX_PROBLEMS;
  signal?.throwIfAborted();
  await assertFolder(dir);
  const files = await dumpFilesIn(dir);
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  let bytesRead = 0;
  const onChunk = (bytes: number): void => {
    bytesRead += bytes;
    onProgress?.(bytesRead, bytesTotal);
  };

  const report: LoadReport = { counts: zeroCounts(), errors: [], problemCount: 0, problemsByCode: {}, unresolved: 0, files: files.map((file) => file.path) };
  const note = (file: string, line: number, code: LoadProblemCode, message: string): void => {
    report.problemCount++;
    report.problemsByCode[code] = (report.problemsByCode[code] ?? 0) + 1;
    if (report.errors.length < maxProblems) report.errors.push({ file, line, code, message });
  };
  for (const [at, { kind, path, size }] of files.entries()) {
    onFile?.(kind, size, files.slice(at + 1).map((file) => file.kind));
    const readers = size >= (options.threadFromBytes ?? THREAD_FROM_BYTES) && threadReadingAvailable() ? (hooks.readers?.() ?? []) : [];
    const batches: AsyncIterable<ThreadLine[]> = readers.length ? readLinesOnThread(path, readers, { onChunk, maxLineBytes }) : readLineBatches(path, { onChunk, maxLineBytes });
    for await (const batch of batches) for (const { text, number, tooLong, invalidUtf8, given, at: givenLine } of batch) {
      const wait = pace?.();
      if (wait) await wait;
      signal?.throwIfAborted();
      if (tooLong) {
        note(path, number, "line-too-long", `line longer than ${maxLineBytes ?? "the limit of"} bytes: passed over`);
        continue;
      }
      if (BLANK.test(text)) continue;
      if (invalidUtf8) note(path, number, "invalid-utf8", "bytes that are not UTF-8 were read as U+FFFD");
      const origin: RecordOrigin = { file: path, line: number, text, given, givenLine, problem: (code, message) => note(path, number, code, message) };
      let record: Record<string, unknown>;
      try {
        record = parseRecord(text);
      } catch (error) {
        note(path, number, "invalid-json", messageOf(error));
        continue;
      }
      // Where records say who may see what, a member named twice is reported: the later one wins, which may not be what was meant.
      const repeated = RECORD_KINDS[kind].grantsAccess ? repeatedMember(text) : undefined;
      if (repeated !== undefined) note(path, number, "duplicate-member", `member "${repeated}" appears twice: the later value was kept`);
      try {
        sink(kind, record, origin);
        report.counts[kind] += 1;
      } catch (error) {
        note(path, number, "invalid-record", messageOf(error));
      }
    }
  }
  return report;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function assertFolder(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info) throw new Error(`Dump folder not found: ${dir}`);
  if (!info.isDirectory()) throw new Error(`Dump path is not a folder: ${dir}`);
}

async function dumpFilesIn(dir: string): Promise<DumpFile[]> {
  const found = await Promise.all(
    LOAD_ORDER.map(async (kind) => {
      const path = join(dir, DUMP_FILES[kind]);
      const info = await stat(path).catch(() => undefined);
      return info?.isFile() ? { kind, path, size: info.size } : undefined;
    }),
  );
  return found.filter((file): file is DumpFile => file !== undefined);
}

function zeroCounts(): Record<DumpKind, number> {
  return Object.fromEntries(LOAD_ORDER.map((kind) => [kind, 0])) as Record<DumpKind, number>;
}
