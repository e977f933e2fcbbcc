/**
 * `importGharchive`: GH Archive event files (hourly, gzipped or plain, in any
 * order) into a dump folder: accounts, repositories, labels, issues and pull
 * requests (with reviews) and issue comments, each record as its newest events
 * tell it. Events stream through; records wait in a bounded table that spills
 * to disk (newest-wins.ts), so memory stays flat however large the input.
 */
import type { Line } from "../../load/index.js";
import { discardDump, openDump, publishDump } from "../dump-output.js";
import { listEventFiles, readEventLines, type EventFile } from "./event-files.js";
import { readEvent } from "./event.js";
import { assemble, type ArchiveKind } from "./fields.js";
import { mapEvent } from "./map-event.js";
import { NewestWins } from "./newest-wins.js";
import { ReportTally, type ImportGharchiveReport } from "./report.js";

export interface ImportGharchiveOptions {
  /** Dump folder to write (created if missing): users, repositories, labels, issues and comments files, replaced. */
  out: string;
  /** Estimated bytes of records held in memory before spilling to disk; default 64 MiB. The heap needs a few times this. */
  budgetBytes?: number;
  /** Where spilled runs go while the import runs; default the system's temporary folder. */
  tempDir?: string;
  /** Bytes read from disk so far, of the input's total. */
  onProgress?: (bytesRead: number, bytesTotal: number) => void;
  signal?: AbortSignal;
}

const ARCHIVE_KINDS: readonly ArchiveKind[] = ["users", "repositories", "labels", "issues", "comments"];
const ABORT_CHECK_LINES = 1024;

/** Imports the event files named (a folder stands for its *.json and *.json.gz files). */
export async function importGharchive(inputs: string | readonly string[], options: ImportGharchiveOptions): Promise<ImportGharchiveReport> {
  const started = performance.now();
  options.signal?.throwIfAborted();
  const files = await listEventFiles(typeof inputs === "string" ? [inputs] : inputs);
  const table = new NewestWins({ budgetBytes: options.budgetBytes, tempDir: options.tempDir });
  const tally = new ReportTally();
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  let read = 0;
  const onBytes = (bytes: number) => {
    read += bytes;
    options.onProgress?.(read, total);
  };
  try {
    for (const file of files) await readFile(file, { table, tally, onBytes, signal: options.signal });
    const dump = await openDump(options.out, ARCHIVE_KINDS, false);
    try {
      for await (const { kind, fields } of table.records()) {
        const record = assemble(fields);
        tally.record(kind, fields, record);
        if (record) await dump[kind].write(record);
      }
      options.signal?.throwIfAborted();
      await publishDump(dump);
    } catch (error) {
      await discardDump(dump);
      throw error;
    }
    return tally.finish({ files: files.length, bytes: read, runs: table.spills, ms: Math.round(performance.now() - started) });
  } finally {
    await table.close();
  }
}

interface FileJob {
  table: NewestWins;
  tally: ReportTally;
  onBytes: (bytes: number) => void;
  signal: AbortSignal | undefined;
}

async function readFile(file: EventFile, job: FileJob): Promise<void> {
  const lines = tolerant(readEventLines(file.path, job.onBytes), (afterLine, error) => job.tally.damage(file.path, afterLine, error.message));
  for await (const line of lines) {
    if (line.number % ABORT_CHECK_LINES === 0) job.signal?.throwIfAborted();
    if (line.text.trim() === "") continue;
    const reading = readEvent(line.text);
    if ("skip" in reading) {
      job.tally.skip(reading.skip, file.path, line.number);
      continue;
    }
    const mapping = mapEvent(reading.event);
    if ("skip" in mapping) {
      job.tally.skip(mapping.skip, file.path, line.number);
      continue;
    }
    for (const part of mapping.parts) job.table.add(part, reading.event.stamp);
    job.tally.event(reading.event.type, mapping.trimmed);
    await job.table.relieve();
  }
  job.signal?.throwIfAborted();
}

/** The lines of a file until it fails to read (a cut gzip stream): the failure is reported, the lines before it kept. */
async function* tolerant(lines: AsyncGenerator<Line>, onDamage: (afterLine: number, error: Error) => void): AsyncGenerator<Line> {
  let last = 0;
  try {
    for (;;) {
      let next: IteratorResult<Line>;
      try {
        next = await lines.next();
      } catch (error) {
        onDamage(last, error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (next.done) return;
      last = next.value.number;
      yield next.value;
    }
  } finally {
    await lines.return(undefined);
  }
}
