/**
 * Records as UTF-8 JSON text, end to end in large shared buffers: one object
 * per megabytes of records instead of a tree of objects per record, so that a
 * store of millions of records costs the garbage collector next to nothing.
 * Each version of a record gets a fresh reference (a number) and is never
 * written over, so whoever indexed a version (an index slot) reads that same
 * version for as long as it holds the reference. (A packed chunk's buffer is
 * filled again with new records; its old records are read from its packed blocks.)
 *
 * A buffer that is full is packed (`RecordPacker`: blocks of RECORDS_PER_BLOCK
 * records deflated each on its own, on a worker thread) and its raw bytes let
 * go; a packed record is read by inflating its block, and the last few blocks
 * read are kept inflated. Packing changes no byte of any record, only where
 * the bytes are kept.
 *
 * A save takes the buffers as they are (`held`): raw bytes, or packed blocks;
 * an open takes them over the same way (`adoptChunk`) and places the saved
 * references in them (`placeAll`), so neither inflates nor deflates a record.
 */
import { inflateRawSync } from "node:zlib";
import type { Packed, RecordPacker } from "./record-packer.js";
import { PagedU32, type U32Reader } from "./structures/paged-u32.js";

/** Bytes per buffer; a record longer than this gets a buffer of its own. */
const CHUNK_BYTES = 16 * 1024 * 1024;
/** A lane's first buffer; each next one twice the last, up to the chunk size (a store of a few records takes kilobytes, not two buffers of 16 MB). */
const FIRST_CHUNK_BYTES = 64 * 1024;
/**
 * Records per packed block: reading one record inflates this many (about 12 KB of generated issues,
 * some 25 µs). Four inflate in 18 µs, which made a page of 30 items 0.2 ms faster to render, but
 * records indexed after `add()` are read back from their blocks: a 1M build through `add()` took 28 %
 * longer (docs/performance-notes.md).
 */
export const RECORDS_PER_BLOCK = 8;
/** Inflated blocks kept for reading again: a page of results, a save walking the records in order. */
const INFLATED_KEPT = 64;
/**
 * Packed chunks' buffers kept to be filled again. Fresh memory costs its first write (page faults:
 * some 4 ms per MB here, most of the cost of storing a record), a buffer filled before costs none.
 */
const SPARE_KEPT = 2;

export interface RecordBytesOptions {
  /** Packs full buffers of packable records; without one, buffers stay as written. */
  packer?: RecordPacker;
  /** Bytes per buffer (tests use small ones). */
  chunkBytes?: number;
}

/** A packed chunk: its blocks, and where each block began among the chunk's raw bytes (the last entry is where the last block ends). */
export interface PackedChunk extends Packed {
  blockStarts: Uint32Array;
}

/** A chunk as a save writes it and an open takes it over: its raw bytes in use, or its packed blocks. */
export type HeldChunk = { raw: Buffer; packed?: undefined } | { raw?: undefined; packed: PackedChunk };

/**
 * The buffers at one moment, for a save: each chunk as it was then, and where each reference made
 * before then lies (its chunk, start among the chunk's raw bytes, and length). Later appends do not
 * show: chunks are never written over, raw ones only appended to past what is held here.
 */
export interface HeldRecords {
  chunks: readonly HeldChunk[];
  chunkOf: U32Reader;
  startOf: U32Reader;
  lengthOf: U32Reader;
}

/** Records kept as written, and records packed once their buffer is full. */
const KEPT = 0;
const PACKABLE = 1;

export class RecordBytes {
  /** Each chunk's raw bytes, until it is packed. */
  private readonly chunks: Array<Buffer | undefined> = [];
  /** Each chunk's packed blocks, once packed. */
  private readonly packed: Array<PackedChunk | undefined> = [];
  /** Bytes in use of each chunk's raw bytes. */
  private readonly filled: number[] = [];
  /** Where each record of a packable chunk starts, in turn, until the chunk is sealed. */
  private readonly recordStarts: Array<number[] | undefined> = [];
  private readonly packer: RecordPacker | undefined;
  private readonly chunkBytes: number;
  /** The chunk being filled, and where its free room begins, of each lane (KEPT, PACKABLE). */
  private readonly current = [-1, -1];
  private readonly used = [0, 0];
  /** The size of each lane's next buffer. */
  private readonly nextBytes: number[];
  /** Inflated blocks by chunk and block, oldest first. */
  private readonly inflated = new Map<number, Buffer>();
  private unpacked = 0;
  private idle: Array<() => void> = [];
  private readonly chunkOf = new PagedU32();
  private readonly startOf = new PagedU32();
  private readonly lengthOf = new PagedU32();
  /** Buffers of packed chunks, to be filled again (see SPARE_KEPT). */
  private readonly spare: Buffer[] = [];
  /** Chunks below this number were lent to a save (`held`): their buffers are never filled again. */
  private lentBelow = 0;
  private refs = 0;
  /** Bytes of versions written, current or replaced. */
  bytes = 0;

  constructor(options: RecordBytesOptions = {}) {
    this.packer = options.packer;
    this.chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    const first = Math.min(FIRST_CHUNK_BYTES, this.chunkBytes);
    this.nextBytes = [first, first];
  }

  /** Stores a record's JSON text, packed with others once its buffer is full when `packable`; returns its reference. */
  append(text: string, packable = false): number {
    const lane = this.laneOf(packable);
    const size = Buffer.byteLength(text, "utf8");
    let chunk = this.current[lane];
    if (chunk < 0 || size > this.chunks[chunk]!.length - this.used[lane]) {
      if (chunk >= 0 && lane === PACKABLE) this.seal(chunk, this.used[lane]);
      const room = Math.max(this.nextBytes[lane], size);
      this.nextBytes[lane] = Math.min(this.chunkBytes, this.nextBytes[lane] * 2);
      chunk = this.newChunk(lane === PACKABLE ? this.packableBuffer(room) : Buffer.allocUnsafeSlow(room), lane);
      this.current[lane] = chunk;
      this.used[lane] = 0;
    }
    const written = this.chunks[chunk]!.write(text, this.used[lane], "utf8");
    const ref = this.place(chunk, this.used[lane], written);
    this.used[lane] += written;
    this.filled[chunk] = this.used[lane];
    return ref;
  }

  /** References handed out so far: the next one is this number. */
  get count(): number {
    return this.refs;
  }

  /** Every chunk as it is now and where every reference lies: what a save writes (see HeldRecords). */
  held(): HeldRecords {
    this.lentBelow = this.chunks.length;
    const chunks: HeldChunk[] = this.chunks.map((raw, chunk) => (raw ? { raw: raw.subarray(0, this.filled[chunk]) } : { packed: this.packed[chunk]! }));
    return { chunks, chunkOf: this.chunkOf.snapshot(), startOf: this.startOf.snapshot(), lengthOf: this.lengthOf.snapshot() };
  }

  /**
   * Takes over a saved chunk as it is, without copying, inflating or packing it: raw bytes stay raw,
   * packed blocks stay packed. Returns its chunk number, for `placeAll`. Throws a RangeError for
   * packed blocks that do not fit together.
   */
  adoptChunk(chunk: HeldChunk): number {
    if (chunk.packed) checkPacked(chunk.packed);
    const number = this.newChunk(chunk.raw, KEPT, chunk.packed);
    this.filled[number] = chunk.raw?.length ?? 0;
    return number;
  }

  /**
   * New references to records of chunks taken over (`adoptChunk`): the i-th lies in chunk `chunks[i]`,
   * `lengths[i]` bytes from `starts[i]` of its raw bytes. Returns the first reference, the others
   * following one by one. Throws a RangeError, placing none, when one lies outside its chunk or
   * (packed) across a block's end: such a reference would read another record's bytes.
   */
  placeAll(chunks: Uint32Array, starts: Uint32Array, lengths: Uint32Array): number {
    for (let i = 0; i < chunks.length; i++) {
      if (!this.holds(chunks[i], starts[i], lengths[i])) throw new RangeError(`record ${i} lies outside its chunk (${chunks[i]}, ${starts[i]}, ${lengths[i]})`);
    }
    const first = this.refs;
    for (let i = 0; i < chunks.length; i++) this.place(chunks[i], starts[i], lengths[i]);
    return first;
  }

  /** Whether `length` bytes at `start` lie within one adopted chunk's bytes, and within one block of a packed one. */
  private holds(chunk: number, start: number, length: number): boolean {
    if (chunk >= this.chunks.length || this.current.includes(chunk)) return false;
    const raw = this.chunks[chunk];
    if (raw) return start + length <= this.filled[chunk];
    const { blockStarts } = this.packed[chunk]!;
    const block = lastAtMost(blockStarts, start);
    return block + 1 < blockStarts.length && start + length <= blockStarts[block + 1];
  }

  /** Resolves once every full buffer handed to the packer so far is packed (or given up on). */
  whenPacked(): Promise<void> {
    return this.unpacked === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  /** Chunks packed, chunks in all, and the packed chunks' bytes before and after packing. */
  get packing(): { packed: number; chunks: number; rawBytes: number; packedBytes: number } {
    let [packed, rawBytes, packedBytes] = [0, 0, 0];
    for (const p of this.packed) {
      if (!p) continue;
      packed++;
      packedBytes += p.data.length;
      rawBytes += p.blockStarts[p.blockStarts.length - 1];
    }
    return { packed, chunks: this.chunks.length, rawBytes, packedBytes };
  }

  /** Records are packed only when they may be and there is a packer. */
  private laneOf(packable: boolean): number {
    return packable && this.packer ? PACKABLE : KEPT;
  }

  /** A buffer the packer can read, of `room` bytes at least: a spare one when it is large enough. */
  private packableBuffer(room: number): Buffer {
    return (room <= this.chunkBytes && this.spare.pop()) || this.packer!.allocate(room);
  }

  private newChunk(buffer: Buffer | undefined, lane: number, packed?: PackedChunk): number {
    this.packed.push(packed);
    this.recordStarts.push(lane === PACKABLE ? [] : undefined);
    return this.chunks.push(buffer) - 1;
  }

  /** Hands a full chunk (`end` bytes used) to the packer, cut into blocks of RECORDS_PER_BLOCK records; once packed, its raw bytes are let go. */
  private seal(chunk: number, end: number): void {
    const raw = this.chunks[chunk];
    const starts = this.recordStarts[chunk];
    this.recordStarts[chunk] = undefined;
    if (!this.packer || !raw || !starts?.length) return;
    const blocks = Math.ceil(starts.length / RECORDS_PER_BLOCK);
    const blockStarts = new Uint32Array(blocks + 1);
    for (let b = 0; b < blocks; b++) blockStarts[b] = starts[b * RECORDS_PER_BLOCK];
    blockStarts[blocks] = end;
    this.unpacked++;
    this.packer.pack(raw.subarray(0, end), blockStarts, (packed) => {
      // Not packed (the packer failed): the chunk stays as it is, which costs memory, not answers.
      if (packed) {
        this.packed[chunk] = { ...packed, blockStarts };
        this.chunks[chunk] = undefined;
        // Nothing reads the raw bytes any more (a view is read at once), unless a save holds them.
        if (chunk >= this.lentBelow && raw.length === this.chunkBytes && this.spare.length < SPARE_KEPT) this.spare.push(raw);
      }
      this.settle();
    });
  }

  private settle(): void {
    if (--this.unpacked > 0) return;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }

  /** A new reference to `length` bytes at `start` of a chunk. */
  private place(chunk: number, start: number, length: number): number {
    const ref = this.refs++;
    this.chunkOf.set(ref, chunk);
    this.startOf.set(ref, start);
    this.lengthOf.set(ref, length);
    this.recordStarts[chunk]?.push(start);
    this.bytes += length;
    return ref;
  }

  /** The UTF-8 bytes of a reference, as a view (not a copy) of its buffer or of its inflated block. */
  view(ref: number): Buffer {
    const chunk = this.chunkOf.get(ref);
    const start = this.startOf.get(ref);
    const raw = this.chunks[chunk];
    if (raw) return raw.subarray(start, start + this.lengthOf.get(ref));
    const { blockStarts } = this.packed[chunk]!;
    const block = lastAtMost(blockStarts, start);
    const from = start - blockStarts[block];
    return this.inflate(chunk, block).subarray(from, from + this.lengthOf.get(ref));
  }

  /** The JSON text of a reference. */
  text(ref: number): string {
    return this.view(ref).toString("utf8");
  }

  private inflate(chunk: number, block: number): Buffer {
    const key = chunk * 2 ** 21 + block;
    let bytes = this.inflated.get(key);
    if (bytes) {
      // Most recently read last.
      this.inflated.delete(key);
    } else {
      const { data, ends, dictionary } = this.packed[chunk]!;
      bytes = inflateRawSync(data.subarray(block ? ends[block - 1] : 0, ends[block]), dictionary.length ? { dictionary } : {});
      // A block that inflates to another length than it had is damaged: reading it would give wrong records.
      const { blockStarts } = this.packed[chunk]!;
      if (bytes.length !== blockStarts[block + 1] - blockStarts[block]) throw new RangeError(`packed block ${block} of chunk ${chunk} is damaged`);
      if (this.inflated.size >= INFLATED_KEPT) this.inflated.delete(this.inflated.keys().next().value!);
    }
    this.inflated.set(key, bytes);
    return bytes;
  }
}

/** The last index whose value is at most `value` (values ascending, the first at most `value`). */
export function lastAtMost(values: Uint32Array, value: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (values[mid] <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Packed blocks that fit together: one start more than blocks, both ascending from 0, the last block ending with the data. */
function checkPacked({ data, ends, blockStarts }: PackedChunk): void {
  const blocks = ends.length;
  let fits = blocks > 0 && blockStarts.length === blocks + 1 && blockStarts[0] === 0 && ends[blocks - 1] === data.length;
  for (let b = 0; fits && b < blocks; b++) fits = ends[b] > (b ? ends[b - 1] : 0) && blockStarts[b + 1] >= blockStarts[b];
  if (!fits) throw new RangeError("packed blocks that do not fit together");
}


