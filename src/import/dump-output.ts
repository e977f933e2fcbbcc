/**
 * The dump's NDJSON files, written so that a failed import leaves no trace:
 * each file is written beside its target under a temporary name and renamed
 * over it only once every record of the import is on disk. Appending copies
 * the existing file first, so the rename stays the one moment of change.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { copyFile, mkdir, open, rename, rm } from "node:fs/promises";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { join } from "node:path";
import { DUMP_FILES, LOAD_ORDER, type DumpKind } from "../load/dump-files.js";

// Records go to the file in batches: one write per record costs more in system calls than the records themselves.
const FLUSH_AT = 64 * 1024;

export class NdjsonFile {
  private pending: string[] = [];
  private pendingLength = 0;

  private constructor(
    readonly target: string,
    private readonly partial: string,
    private readonly stream: WriteStream,
  ) {
    // Errors surface through write() and close(); this keeps them from counting as unhandled meanwhile.
    stream.on("error", () => {});
  }

  static async open(target: string, append: boolean): Promise<NdjsonFile> {
    const partial = `${target}.partial-${process.pid}`;
    const copied = append && (await copyIfPresent(target, partial));
    if (copied) await endWithNewline(partial);
    return new NdjsonFile(target, partial, createWriteStream(partial, { flags: copied ? "a" : "w" }));
  }

  /** Writes one record as one line, waiting while the file lags behind. */
  async write(record: unknown): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    this.pending.push(line);
    this.pendingLength += line.length;
    if (this.pendingLength >= FLUSH_AT) await this.flush();
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
  }

  private async flush(): Promise<void> {
    if (this.stream.errored) throw this.stream.errored;
    if (this.pending.length === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.pendingLength = 0;
    if (!this.stream.write(text)) await once(this.stream, "drain");
  }

  async publish(): Promise<void> {
    await rename(this.partial, this.target);
  }

  async discard(): Promise<void> {
    this.stream.destroy();
    await rm(this.partial, { force: true });
  }
}

/** One open file per kind an importer writes. */
export type DumpOutput<K extends DumpKind> = Readonly<Record<K, NdjsonFile>>;

export async function openDump<K extends DumpKind>(folder: string, kinds: readonly K[], append: boolean): Promise<DumpOutput<K>> {
  await mkdir(folder, { recursive: true });
  const files = await Promise.all(kinds.map((kind) => NdjsonFile.open(join(folder, DUMP_FILES[kind]), append)));
  return Object.fromEntries(kinds.map((kind, i) => [kind, files[i]])) as Record<K, NdjsonFile>;
}

/**
 * Closes every file, then renames them into place in the reverse of the load
 * order, so that a reader never finds a record whose owner or repository file
 * is published while what it names is not (repositories.ndjson after code and commits).
 */
export async function publishDump<K extends DumpKind>(dump: DumpOutput<K>): Promise<void> {
  const files = filesOf(dump);
  for (const file of files) await file.close();
  for (const file of files) await file.publish();
}

export async function discardDump<K extends DumpKind>(dump: DumpOutput<K>): Promise<void> {
  await Promise.all(filesOf(dump).map((file) => file.discard()));
}

function filesOf<K extends DumpKind>(dump: DumpOutput<K>): NdjsonFile[] {
  const opened: Partial<Record<DumpKind, NdjsonFile>> = dump;
  return [...LOAD_ORDER].reverse().flatMap((kind) => opened[kind] ?? []);
}

async function copyIfPresent(from: string, to: string): Promise<boolean> {
  try {
    await copyFile(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** A hand-edited dump may lack the final newline; the next record must still start a line of its own. */
async function endWithNewline(path: string): Promise<void> {
  const file = await open(path, "r+");
  try {
    const { size } = await file.stat();
    if (size === 0) return;
    const last = Buffer.alloc(1);
    await file.read(last, 0, 1, size - 1);
    if (last[0] !== 10) await file.write("\n", size);
  } finally {
    await file.close();
  }
}
