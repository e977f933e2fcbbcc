/**
 * The archive's hourly files, found and read line by line: gzipped (as the
 * archive publishes them, possibly several gzip members end to end) or plain,
 * told apart by their first bytes rather than their names.
 */
import { createReadStream } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough, Transform, pipeline } from "node:stream";
import { createGunzip } from "node:zlib";
import { splitLines, type Line } from "../../load/index.js";

export interface EventFile {
  readonly path: string;
  /** Size on disk (compressed, for a gzipped file). */
  readonly bytes: number;
}

/** An input path that does not exist, or inputs that hold no event file. */
export class GharchiveInputError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = "GharchiveInputError";
  }
}

// The archive's names are YYYY-MM-DD-H.json.gz; NDJSON names are accepted too.
const EVENT_FILE = /\.(?:json|ndjson|jsonl)(?:\.gz)?$/i;
const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Files given by name are read whatever their name; a folder contributes its
 * event files (not its subfolders), in name order. Each file is listed once.
 */
export async function listEventFiles(inputs: readonly string[]): Promise<EventFile[]> {
  const found = new Map<string, EventFile>();
  for (const input of inputs) {
    const info = await stat(input).catch(() => null);
    if (info === null) throw new GharchiveInputError(`no such file or folder: ${input}`, input);
    if (info.isDirectory()) {
      const names = (await readdir(input, { withFileTypes: true }))
        .filter((entry) => entry.isFile() && EVENT_FILE.test(entry.name))
        .map((entry) => entry.name)
        .sort();
      for (const name of names) {
        const path = join(input, name);
        found.set(path, { path, bytes: (await stat(path)).size });
      }
    } else {
      found.set(input, { path: input, bytes: info.size });
    }
  }
  if (found.size === 0) throw new GharchiveInputError(`no event files (*.json, *.json.gz) in ${inputs.join(", ")}`, inputs[0] ?? "");
  return [...found.values()];
}

/** The lines of one event file, decompressed when it is gzipped; `onBytes` counts the bytes read from disk. */
export async function* readEventLines(path: string, onBytes: (bytes: number) => void = () => {}): AsyncGenerator<Line> {
  const gzipped = await isGzip(path);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  // A failure anywhere (a read error, a cut gzip stream) destroys every stage, and the iteration below throws it.
  const chunks = gzipped ? createGunzip() : new PassThrough();
  pipeline(createReadStream(path), counter, chunks, () => {});
  yield* splitLines(chunks);
}

async function isGzip(path: string): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await file.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    await file.close();
  }
}
