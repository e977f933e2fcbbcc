/**
 * Saving an engine's records and indexes to a folder and opening them again,
 * so that a large dump is indexed once. One file, `forgesearch.index`, written
 * to a temporary name and renamed into place, so that a failed save never
 * leaves a half-written index behind.
 */
import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { KindSpec, RecordLike } from "../kinds/types.js";
import { SavedIndexError } from "./errors.js";
import { FORMAT_VERSION, INDEX_FILE, READABLE_VERSIONS, type SavedHeader } from "./format.js";
import { FrameReader, FrameWriter, LayoutError, LITTLE_ENDIAN, VersionError } from "./frames.js";
import { ARRAY_SECTION } from "./sections.js";
import { fitsSchema, readSnapshot, schemaOf, writeSnapshot, type IndexSnapshot, type RestoreSink } from "./snapshot.js";

export { SavedIndexError, type SavedIndexProblem } from "./errors.js";
export { FORMAT_VERSION } from "./format.js";
export type { IndexSnapshot, RestoreSink } from "./snapshot.js";

export interface SaveReport {
  /** The file written. */
  path: string;
  bytes: number;
  /** Records saved per dump kind. */
  records: Record<string, number>;
}

let saves = 0;

/**
 * Writes the snapshot to `dir`. Rejects with a SavedIndexError (`problem: "write"`, the cause
 * attached) whatever goes wrong, and leaves no temporary file behind; an index saved before stays.
 */
export async function saveIndex(dir: string, snapshot: IndexSnapshot): Promise<SaveReport> {
  const path = join(dir, INDEX_FILE);
  const temporary = `${path}.${process.pid}.${++saves}.tmp`;
  let file: FileHandle | undefined;
  try {
    if (!LITTLE_ENDIAN) throw new Error("saving an index needs a little-endian platform");
    const header: SavedHeader = {
      format: "forgesearch-index",
      version: FORMAT_VERSION,
      records: Object.fromEntries(snapshot.records.map((r) => [r.kind, r.entries.count])),
      collections: snapshot.collections.map(({ spec }) => ({ kind: spec.kind, schema: schemaOf(spec) })),
    };
    await mkdir(dir, { recursive: true });
    file = await open(temporary, "w");
    const frames = new FrameWriter(file);
    await frames.header(FORMAT_VERSION, header);
    await writeSnapshot(frames, snapshot);
    await file.sync();
    const closing = file;
    file = undefined;
    await closing.close();
    await rename(temporary, path);
    return { path, bytes: frames.bytes, records: header.records };
  } catch (error) {
    await file?.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new SavedIndexError("write", path, `could not save the index: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * Reads a saved index into `sink`; `specs` are the search kinds this library
 * has. Rejects with a SavedIndexError when there is none, when it was saved by
 * another format version or for kinds of another shape, or when it is damaged.
 */
export async function openIndex(
  dir: string,
  specs: ReadonlyArray<KindSpec<RecordLike>>,
  sink: RestoreSink,
  onProgress?: (bytesRead: number, bytesTotal: number) => void,
): Promise<void> {
  const path = join(dir, INDEX_FILE);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new SavedIndexError("missing", path, "no saved index here (save one with engine.save(dir))");
  if (!LITTLE_ENDIAN) throw new SavedIndexError("version", path, "a saved index can only be opened on a little-endian platform");
  const file = await open(path, "r");
  // A whole array read from the file is taken as it lies, and a per-document array grows in place.
  const frames = new FrameReader(file, info.size, onProgress, ARRAY_SECTION);
  try {
    const header = await frames.header(READABLE_VERSIONS);
    checkKinds(path, header, specs);
    await readSnapshot(frames, header, sink);
  } catch (error) {
    throw asSavedIndexError(path, error);
  } finally {
    // Frames being read ahead are read to the end of the one under way before the file closes.
    await frames.close();
    await file.close();
  }
}

function checkKinds(path: string, header: SavedHeader, specs: ReadonlyArray<KindSpec<RecordLike>>): void {
  if (!Array.isArray(header.collections)) throw new LayoutError("the header lists no kinds");
  const saved = new Map(header.collections.map((c) => [c.kind, c.schema]));
  for (const spec of specs) {
    if (!fitsSchema(saved.get(spec.kind), spec)) {
      throw new SavedIndexError("version", path, `the ${spec.kind} index was saved with other fields or columns than this version has: save it again from the dump`);
    }
  }
  if (saved.size !== specs.length) throw new SavedIndexError("version", path, "the saved index holds kinds this version does not have");
}

function asSavedIndexError(path: string, error: unknown): unknown {
  if (error instanceof SavedIndexError) return error;
  if (error instanceof VersionError) {
    return new SavedIndexError("version", path, `saved in format version ${error.found}; this version reads format version ${FORMAT_VERSION}: save it again from the dump`);
  }
  // A system error (permissions, a failing disk) is not damage; anything else is: a layout fault, or a record or index that does not fit.
  if (error instanceof Error && "code" in error && "syscall" in error) return error;
  return new SavedIndexError("corrupt", path, `damaged saved index: ${error instanceof Error ? error.message : String(error)}`);
}
