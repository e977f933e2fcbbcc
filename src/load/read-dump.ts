import { stat } from "node:fs/promises";
import { join } from "node:path";
import { DUMP_FILES, LOAD_ORDER, type DumpKind } from "./dump-files.js";
import { readLines } from "./lines.js";
import { parseRecord } from "./parse-record.js";

export interface LoadProblem {
  file: string;
  line: number;
  message: string;
}

export interface LoadReport {
  /** Records the sink accepted, per kind. */
  counts: Record<DumpKind, number>;
  /** Lines skipped: bad JSON, not an object, or refused by the sink. */
  errors: LoadProblem[];
  /** The dump files read, in reading order. */
  files: string[];
}

export type DumpSink = (kind: DumpKind, record: Record<string, unknown>, where: { file: string; line: number }) => void;

export interface ReadDumpOptions {
  /** Called after every chunk read, with the bytes read so far over all files and their total size. */
  onProgress?: (bytesRead: number, bytesTotal: number) => void;
  /** Aborting rejects the load with the signal's reason. */
  signal?: AbortSignal;
}

interface DumpFile {
  kind: DumpKind;
  path: string;
  size: number;
}

const BLANK = /^\s*$/;

/**
 * Streams every record of a dump folder into `sink`, kind by kind in LOAD_ORDER.
 * A bad line, or a record the sink throws on, is reported and skipped; loading goes on.
 */
export async function readDump(dir: string, sink: DumpSink, options: ReadDumpOptions = {}): Promise<LoadReport> {
  const { onProgress, signal } = options;
  signal?.throwIfAborted();
  await assertFolder(dir);
  const files = await dumpFilesIn(dir);
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  let bytesRead = 0;
  const onChunk = (bytes: number): void => {
    bytesRead += bytes;
    onProgress?.(bytesRead, bytesTotal);
  };

  const report: LoadReport = { counts: zeroCounts(), errors: [], files: files.map((file) => file.path) };
  for (const { kind, path } of files) {
    for await (const { text, number } of readLines(path, { onChunk })) {
      signal?.throwIfAborted();
      if (BLANK.test(text)) continue;
      const where = { file: path, line: number };
      try {
        sink(kind, parseRecord(text), where);
        report.counts[kind] += 1;
      } catch (error) {
        report.errors.push({ ...where, message: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return report;
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
