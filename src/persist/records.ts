/**
 * The store's records in a saved index: its buffers as the store holds them (packed chunks as their
 * deflated blocks, raw chunks as their bytes), then kind by kind the table of current records (key, and
 * where the record's text lies: chunk, start, length), then what records are linked by (a repository's
 * id, a comment's issue) as the store's link maps hold it. Neither save nor open inflates, deflates,
 * parses or copies a record; open takes each chunk over as read from the file.
 *
 *   chunk := meta {} | payload: the raw bytes
 *          | meta { blocks, dictionary } | payload: block ends (u32 × blocks), block starts (u32 × blocks + 1),
 *            the blocks' preset dictionary (`dictionary` bytes), the deflated blocks
 *   table := meta { kind, count, encoding: "bytes" } | payload: chunk numbers, starts, lengths (u32 × records
 *            each), the keys (`StringList.encode`)          (formats 7 and 8: meta { kind, keys } and the numbers)
 *   links := meta { kind, count, encoding: "bytes", keyBytes } | payload: the keys (`StringList.encode`, keyBytes
 *            long), then the links: f64 × count (repositories' ids) or their encoding (comments' issue keys)
 *            (formats 7 to 9: meta { kind, keys, links })
 *   tally := meta { name, count, encoding: "bytes", groupBytes } | payload: the counts (u32 × count), the
 *            groups' encoding (groupBytes long), the items' encoding        (format 8 on: a tally counted so
 *            far, in pieces; formats 8 and 9: meta { name, groups, items, counts })
 *
 * A chunk also holds the versions replaced or removed since it was written (versions are never written
 * over). A chunk with no current record is left out. A chunk whose current records take less than
 * COMPACT_BELOW of its bytes is compacted: a raw one's current records are copied end to end, a packed
 * one keeps only its blocks that hold a current record (each block is deflated on its own, so they are
 * kept as they are). Every other chunk is written whole.
 */
import { DUMP_KINDS } from "../kinds/index.js";
import type { DumpKind } from "../kinds/types.js";
import { lastAtMost, type HeldChunk, type HeldRecords, type PackedChunk } from "../record-bytes.js";
import type { Link, RestoredLinks, RestoredPiece, RestoredTally, SavedRecords } from "../store.js";
import { LayoutError, pause, type Frame, type FrameReader, type FrameWriter } from "./frames.js";
import { EncodedStrings, type ListLike } from "../structures/string-list.js";
import { BYTES, readingStrings, whole } from "./sections.js";

/** A chunk is compacted when its current records take less than this share of its bytes. */
const COMPACT_BELOW = 0.5;

/** Rows of a tally per tally frame. */
const TALLY_ROWS_PER_FRAME = 8_192;

/** Links per links frame. */
const LINKS_PER_FRAME = 8_192;

/** What writing the records did with the store's chunks. */
export interface RecordsWritten {
  /** Chunks written, whole or compacted (the others held no current record). */
  chunks: number;
  compacted: number;
}

/** Where an open hands the records over. */
export interface RecordsSink {
  /** A saved chunk, to be taken over as it is; returns the number the table's references use for it. */
  chunk(chunk: HeldChunk): number;
  /** A piece of a kind's table, references translated into the numbers `chunk` returned; the next frame waits for a promise returned. */
  records(piece: RestoredPiece): void | Promise<void>;
  /** Every table is handed over (its keys to be filed before links, tallies and indexes name them); the next frame waits for a promise returned. */
  tablesRead(): void | Promise<void>;
  /** Links of records, after every table; the next frame waits for a promise returned. */
  links(links: RestoredLinks): void | Promise<void>;
  /** Counts of a tally (in pieces), after the links; the next frame waits for a promise returned. */
  tally(tally: RestoredTally): void | Promise<void>;
}

/** Writes the chunks that hold current records, then each kind's table, then the links; pauses between pieces and frames. */
export async function writeRecords(frames: FrameWriter, saved: SavedRecords): Promise<RecordsWritten> {
  const { bytes } = saved;
  // Bytes of current records per chunk (a chunk with none stays undefined).
  const live: Array<number | undefined> = [];
  for (const { entries } of saved.records) {
    for (const { refs } of entries) {
      for (const ref of refs) live[bytes.chunkOf.get(ref)] = (live[bytes.chunkOf.get(ref)] ?? 0) + bytes.lengthOf.get(ref);
      await pause();
    }
  }
  const compacting = new Map<number, number[]>();
  live.forEach((current, chunk) => {
    if (current !== undefined && current < sizeOf(bytes.chunks[chunk]) * COMPACT_BELOW) compacting.set(chunk, []);
  });
  if (compacting.size) await gather(saved, compacting);
  // Each written chunk's number in the file, and the new start of each record moved by a compaction.
  const numbers = new Uint32Array(live.length);
  const moved = new Map<number, number>();
  let written = 0;
  for (let chunk = 0; chunk < live.length; chunk++) {
    if (live[chunk] === undefined) continue;
    const held = bytes.chunks[chunk];
    const refs = compacting.get(chunk);
    const frame = !refs ? framed(held) : held.packed ? keptBlocks(held.packed, refs, bytes, moved) : copied(held.raw, refs, bytes, moved);
    await frames.frame("chunk", frame.meta, frame.parts);
    numbers[chunk] = written++;
  }
  for (const { kind, entries } of saved.records) {
    for (const { keys, from, refs } of entries) {
      const n = refs.length;
      const table = new Uint32Array(3 * n);
      for (let i = 0; i < n; i++) {
        const ref = refs[i];
        table[i] = numbers[bytes.chunkOf.get(ref)];
        table[n + i] = moved.size ? (moved.get(ref) ?? bytes.startOf.get(ref)) : bytes.startOf.get(ref);
        table[2 * n + i] = bytes.lengthOf.get(ref);
      }
      await frames.frame("table", { kind, count: n, encoding: BYTES }, [table, keys.encode(from, from + n)]);
    }
  }
  for (const { kind, keys, links } of saved.links) {
    for (let at = 0; at < keys.length; at += LINKS_PER_FRAME) {
      const end = Math.min(at + LINKS_PER_FRAME, keys.length);
      const encodedKeys = keys.encode(at, end);
      const encodedLinks = links instanceof Float64Array ? links.slice(at, end) : links.encode(at, end);
      await frames.frame("links", { kind, count: end - at, encoding: BYTES, keyBytes: encodedKeys.length }, [encodedKeys, encodedLinks]);
    }
  }
  for (const { name, groups, items, counts } of saved.tallies) {
    // An empty tally gets one empty frame: it was counted (nothing to count), not left to count.
    for (let at = 0; at < counts.length || at === 0; at += TALLY_ROWS_PER_FRAME) {
      const end = Math.min(at + TALLY_ROWS_PER_FRAME, counts.length);
      const encodedGroups = groups.encode(at, end);
      const meta = { name, count: end - at, encoding: BYTES, groupBytes: encodedGroups.length };
      await frames.frame("tally", meta, [counts.slice(at, end), encodedGroups, items.encode(at, end)]);
    }
  }
  return { chunks: written, compacted: compacting.size };
}

/** A chunk's bytes before packing. */
function sizeOf(chunk: HeldChunk): number {
  return chunk.packed ? chunk.packed.blockStarts[chunk.packed.blockStarts.length - 1] : chunk.raw.length;
}

/** The current records of each chunk to compact. */
async function gather(saved: SavedRecords, compacting: Map<number, number[]>): Promise<void> {
  for (const { entries } of saved.records) {
    for (const { refs } of entries) {
      for (const ref of refs) compacting.get(saved.bytes.chunkOf.get(ref))?.push(ref);
      await pause();
    }
  }
}

interface ChunkFrame {
  meta: Record<string, unknown>;
  parts: ArrayBufferView[];
}

function framed(chunk: HeldChunk): ChunkFrame {
  if (!chunk.packed) return { meta: {}, parts: [chunk.raw] };
  const { ends, blockStarts, dictionary, data } = chunk.packed;
  return { meta: { blocks: ends.length, dictionary: dictionary.length }, parts: [ends, blockStarts, dictionary, data] };
}

/** A raw chunk's current records end to end, in the order they lie. */
function copied(raw: Buffer, refs: number[], bytes: HeldRecords, moved: Map<number, number>): ChunkFrame {
  refs.sort((a, b) => bytes.startOf.get(a) - bytes.startOf.get(b));
  let size = 0;
  for (const ref of refs) size += bytes.lengthOf.get(ref);
  const out = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const ref of refs) {
    moved.set(ref, at);
    at += raw.copy(out, at, bytes.startOf.get(ref), bytes.startOf.get(ref) + bytes.lengthOf.get(ref));
  }
  return { meta: {}, parts: [out] };
}

/** A packed chunk's blocks that hold a current record, as they are, laid end to end (in raw bytes as in deflated ones). */
function keptBlocks({ data, ends, blockStarts, dictionary }: PackedChunk, refs: number[], bytes: HeldRecords, moved: Map<number, number>): ChunkFrame {
  const blocks = ends.length;
  const blockOf = refs.map((ref) => lastAtMost(blockStarts, bytes.startOf.get(ref)));
  const kept = new Uint8Array(blocks);
  for (const block of blockOf) kept[block] = 1;
  // How far each kept block moves among the raw bytes; the deflated blocks go out in runs of neighbours.
  const shift = new Float64Array(blocks);
  const newEnds: number[] = [];
  const newStarts = [0];
  const parts: Buffer[] = [];
  let runFrom = -1;
  for (let b = 0; b < blocks; b++) {
    const from = b ? ends[b - 1] : 0;
    if (!kept[b]) {
      if (runFrom >= 0) parts.push(data.subarray(runFrom, from));
      runFrom = -1;
      continue;
    }
    if (runFrom < 0) runFrom = from;
    shift[b] = newStarts[newStarts.length - 1] - blockStarts[b];
    newStarts.push(newStarts[newStarts.length - 1] + blockStarts[b + 1] - blockStarts[b]);
    newEnds.push((newEnds.at(-1) ?? 0) + ends[b] - from);
  }
  if (runFrom >= 0) parts.push(data.subarray(runFrom, ends[blocks - 1]));
  refs.forEach((ref, i) => moved.set(ref, bytes.startOf.get(ref) + shift[blockOf[i]]));
  return { meta: { blocks: newEnds.length, dictionary: dictionary.length }, parts: [Uint32Array.from(newEnds), Uint32Array.from(newStarts), dictionary, ...parts] };
}

/**
 * Reads chunk, table and links frames from `frame` on into `sink`, checking each kind's count against
 * `counts` (the header's); returns the first frame after them.
 */
export async function readRecords(frames: FrameReader, frame: Frame | undefined, counts: unknown, sink: RecordsSink): Promise<Frame | undefined> {
  if (counts === null || typeof counts !== "object" || Array.isArray(counts)) throw new LayoutError("the header does not count the records");
  const numbers: number[] = [];
  while (frame?.name === "chunk") {
    numbers.push(sink.chunk(chunkOf(frame)));
    frame = await frames.next();
  }
  const seen = new Map<string, number>();
  // A pause after each frame of tables, links and tallies: frames that come out of the read-ahead
  // are handed over without a turn of the loop, so their steps would otherwise run back to back.
  while (frame?.name === "table") {
    const piece = pieceOf(frame, numbers);
    await sink.records(piece);
    seen.set(piece.kind, (seen.get(piece.kind) ?? 0) + piece.keys.length);
    await pause();
    frame = await frames.next();
  }
  await sink.tablesRead();
  const expected = new Map(Object.entries(counts as Record<string, unknown>).filter(([, n]) => n !== 0));
  for (const kind of new Set([...seen.keys(), ...expected.keys()])) {
    if (seen.get(kind) !== expected.get(kind)) throw new LayoutError(`the table of ${kind} holds ${seen.get(kind) ?? 0} records, the header counts ${String(expected.get(kind) ?? 0)}`);
  }
  while (frame?.name === "links") {
    await sink.links(linksOf(frame));
    await pause();
    frame = await frames.next();
  }
  // Since format 8: without them, a tally is counted from the records when first asked.
  while (frame?.name === "tally") {
    await sink.tally(tallyOf(frame));
    await pause();
    frame = await frames.next();
  }
  return frame;
}

function chunkOf({ meta, payload }: Frame): HeldChunk {
  if (meta.blocks === undefined) return { raw: payload };
  const blocks = whole(meta.blocks, "a chunk's blocks");
  const lists = (2 * blocks + 1) * Uint32Array.BYTES_PER_ELEMENT;
  const head = lists + whole(meta.dictionary, "a chunk's dictionary");
  if (payload.length < head) throw new LayoutError("a packed chunk is shorter than its list of blocks and its dictionary");
  // The payload is a buffer of its own (offset 0): the lists are views of it, as are the blocks.
  const ends = new Uint32Array(payload.buffer, payload.byteOffset, blocks);
  const blockStarts = new Uint32Array(payload.buffer, payload.byteOffset + blocks * Uint32Array.BYTES_PER_ELEMENT, blocks + 1);
  return { packed: { ends, blockStarts, dictionary: payload.subarray(lists, head), data: payload.subarray(head) } };
}

/** A table frame as a piece of the store's table; its chunk numbers become the sink's. */
function pieceOf({ meta, payload }: Frame, numbers: number[]): RestoredPiece {
  const { kind } = meta;
  if (!isKind(kind)) throw new LayoutError("a table frame is not a table of records");
  const keys = meta.encoding === undefined ? keysInMeta(meta.keys, kind) : keysAfterTable(meta, payload, kind);
  const n = keys.length;
  // From format 9 on the keys' encoding accounts for every byte after the numbers.
  if (meta.encoding === undefined && payload.length !== 3 * n * Uint32Array.BYTES_PER_ELEMENT) throw new LayoutError(`a table of ${kind} has the wrong length`);
  const table = new Uint32Array(payload.buffer, payload.byteOffset, 3 * n);
  const chunks = table.subarray(0, n);
  for (let i = 0; i < n; i++) {
    if (chunks[i] >= numbers.length) throw new LayoutError(`a ${kind} record lies in chunk ${chunks[i]} of ${numbers.length}`);
    chunks[i] = numbers[chunks[i]];
  }
  return { kind, keys, chunks, starts: table.subarray(n, 2 * n), lengths: table.subarray(2 * n) };
}

/** A table's keys from format 9 on: after its numbers, as `StringList.encode` lays them out. */
function keysAfterTable(meta: Record<string, unknown>, payload: Buffer, kind: DumpKind): ListLike<string> {
  if (meta.encoding !== BYTES) throw new LayoutError(`a table of ${kind} is in an unknown encoding`);
  const n = whole(meta.count, `a table of ${kind}`);
  if (!n) throw new LayoutError("a table frame is not a table of records");
  const numbers = 3 * n * Uint32Array.BYTES_PER_ELEMENT;
  if (payload.length < numbers) throw new LayoutError(`a table of ${kind} is shorter than its numbers`);
  // Read where they lie: each key is made a string once, as it is filed.
  const keys = readingStrings(`a table of ${kind}`, () => new EncodedStrings(payload.subarray(numbers)));
  if (keys.length !== n || keys.nulls) throw new LayoutError(`a table of ${kind} holds ${keys.length} keys for ${n} records, or a null key`);
  return keys as ListLike<string | null> as ListLike<string>;
}

/** A table's keys in formats 7 and 8: a JSON array in its meta. */
function keysInMeta(keys: unknown, kind: DumpKind): ListLike<string> {
  if (!Array.isArray(keys) || !keys.length) throw new LayoutError("a table frame is not a table of records");
  if (keys.some((key) => typeof key !== "string")) throw new LayoutError(`a ${kind} key is not a string`);
  return keys as string[];
}

/** A tally frame's rows: as bytes from format 10 on, a JSON meta before. */
function tallyOf({ meta, payload }: Frame): RestoredTally {
  const { name } = meta;
  if (typeof name !== "string") throw new LayoutError("a tally frame is not a list of counts");
  if (meta.encoding === undefined) return tallyInMeta(name, meta);
  if (meta.encoding !== BYTES) throw new LayoutError(`tally ${name} is in an unknown encoding`);
  const count = whole(meta.count, `tally ${name}`);
  const numbers = count * Uint32Array.BYTES_PER_ELEMENT;
  const groupBytes = whole(meta.groupBytes, `tally ${name}`);
  if (payload.length < numbers + groupBytes) throw new LayoutError(`tally ${name} is shorter than its counts and groups`);
  const counts = new Uint32Array(count);
  for (let i = 0; i < count; i++) counts[i] = payload.readUInt32LE(i * Uint32Array.BYTES_PER_ELEMENT);
  const groups = strings(`tally ${name}`, payload.subarray(numbers, numbers + groupBytes), count);
  const items = strings(`tally ${name}`, payload.subarray(numbers + groupBytes), count);
  if (!counts.every((n) => n > 0)) throw new LayoutError(`tally ${name} holds a count that is not a whole number above 0`);
  return { name, groups, items, counts };
}

/** A tally's rows in formats 8 and 9: JSON arrays in its meta. */
function tallyInMeta(name: string, meta: Record<string, unknown>): RestoredTally {
  const { groups, items, counts } = meta;
  const strings = (list: unknown): list is string[] => Array.isArray(list) && list.every((v) => typeof v === "string");
  if (!strings(groups) || !strings(items) || !Array.isArray(counts) || groups.length !== counts.length || items.length !== counts.length) {
    throw new LayoutError("a tally frame is not a list of counts");
  }
  if (!counts.every((n) => Number.isInteger(n) && n > 0)) throw new LayoutError(`tally ${name} holds a count that is not a whole number above 0`);
  return { name, groups, items, counts: counts as number[] };
}

/** A links frame's keys and links: as bytes from format 10 on, a JSON meta before. */
function linksOf({ meta, payload }: Frame): RestoredLinks {
  const { kind } = meta;
  if (kind !== "repositories" && kind !== "comments") throw new LayoutError("a links frame is not a list of links");
  if (meta.encoding === undefined) return linksInMeta(kind, meta);
  if (meta.encoding !== BYTES) throw new LayoutError(`links of ${kind} are in an unknown encoding`);
  const count = whole(meta.count, `links of ${kind}`);
  const keyBytes = whole(meta.keyBytes, `links of ${kind}`);
  if (!count || payload.length < keyBytes) throw new LayoutError("a links frame is not a list of links");
  const keys = strings(`links of ${kind}`, payload.subarray(0, keyBytes), count);
  const rest = payload.subarray(keyBytes);
  if (kind === "comments") return { kind, keys, links: strings(`links of ${kind}`, rest, count) };
  if (rest.length !== count * Float64Array.BYTES_PER_ELEMENT) throw new LayoutError(`links of ${kind} have the wrong length`);
  const ids = new Float64Array(count);
  for (let i = 0; i < count; i++) ids[i] = rest.readDoubleLE(i * Float64Array.BYTES_PER_ELEMENT);
  if (!ids.every(Number.isFinite)) throw new LayoutError(`a ${kind} key or link is not valid`);
  return { kind, keys, links: ids };
}

/** Links in formats 7 to 9: JSON arrays in the frame's meta. */
function linksInMeta(kind: DumpKind, meta: Record<string, unknown>): RestoredLinks {
  const { keys, links } = meta;
  if (!Array.isArray(keys) || !Array.isArray(links) || !keys.length || links.length !== keys.length) {
    throw new LayoutError("a links frame is not a list of links");
  }
  for (let i = 0; i < keys.length; i++) {
    const [key, link] = [keys[i] as unknown, links[i] as unknown];
    if (typeof key !== "string" || !(typeof link === "string" || typeof link === "number")) throw new LayoutError(`a ${kind} key or link is not valid`);
  }
  return { kind, keys: keys as string[], links: links as Link[] };
}

/** `count` strings encoded by `StringList.encode`, read where they lie; none may be null. */
function strings(what: string, bytes: Uint8Array, count: number): ListLike<string> {
  const list = readingStrings(what, () => new EncodedStrings(bytes));
  if (list.length !== count || list.nulls) throw new LayoutError(`${what} holds ${list.length} strings for ${count} rows, or a null`);
  return list as ListLike<string | null> as ListLike<string>;
}

const isKind = (kind: unknown): kind is DumpKind => DUMP_KINDS.includes(kind as DumpKind);
