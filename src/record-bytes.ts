/**
 * Records as UTF-8 JSON text, end to end in large shared buffers: one object
 * per megabytes of records instead of a tree of objects per record, so that a
 * store of millions of records costs the garbage collector next to nothing.
 * Each version of a record gets a fresh reference (a number) and is never
 * written over, so whoever indexed a version (an index slot) reads that same
 * version for as long as it holds the reference.
 *
 * A buffer that is full is packed (`RecordPacker`: blocks of RECORDS_PER_BLOCK
 * records deflated each on its own, on a worker thread) and its raw bytes let
 * go; a packed record is read by inflating its block, and the last few blocks
 * read are kept inflated. Packing changes no byte of any record, only where
 * the bytes are kept.
 */
import { inflateRawSync } from "node:zlib";
import type { Packed, RecordPacker } from "./record-packer.js";

/** Bytes per buffer; a record longer than this gets a buffer of its own. */
const CHUNK_BYTES = 16 * 1024 * 1024;
/** Records per packed block: reading one record inflates this many (about 10 KB, some 30 µs). */
const RECORDS_PER_BLOCK = 8;
/** Inflated blocks kept for reading again: a page of results, a save walking the records in order. */
const INFLATED_KEPT = 64;

export interface RecordBytesOptions {
  /** Packs full buffers of packable records; without one, buffers stay as written. */
  packer?: RecordPacker;
  /** Bytes per buffer (tests use small ones). */
  chunkBytes?: number;
}

/** A packed chunk: its blocks, and where each block began among the chunk's raw bytes. */
interface PackedChunk extends Packed {
  blockStarts: Uint32Array;
}

/** Records kept as written, and records packed once their buffer is full. */
const KEPT = 0;
const PACKABLE = 1;

export class RecordBytes {
  /** Each chunk's raw bytes, until it is packed. */
  private readonly chunks: Array<Buffer | undefined> = [];
  /** Each chunk's packed blocks, once packed. */
  private readonly packed: Array<PackedChunk | undefined> = [];
  /** Where each record of a packable chunk starts, in turn, until the chunk is sealed. */
  private readonly recordStarts: Array<number[] | undefined> = [];
  private readonly packer: RecordPacker | undefined;
  private readonly chunkBytes: number;
  /** The chunk being filled, and where its free room begins, of each lane (KEPT, PACKABLE). */
  private readonly current = [-1, -1];
  private readonly used = [0, 0];
  /** Inflated blocks by chunk and block, oldest first. */
  private readonly inflated = new Map<number, Buffer>();
  private unpacked = 0;
  private idle: Array<() => void> = [];
  private chunkOf: Uint32Array<ArrayBufferLike> = new Uint32Array(1024);
  private startOf: Uint32Array<ArrayBufferLike> = new Uint32Array(1024);
  private lengthOf: Uint32Array<ArrayBufferLike> = new Uint32Array(1024);
  private count = 0;
  /** Bytes of versions written, current or replaced. */
  bytes = 0;

  constructor(options: RecordBytesOptions = {}) {
    this.packer = options.packer;
    this.chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  }

  /** Stores a record's JSON text, packed with others once its buffer is full when `packable`; returns its reference. */
  append(text: string, packable = false): number {
    const lane = this.laneOf(packable);
    const size = Buffer.byteLength(text, "utf8");
    let chunk = this.current[lane];
    if (chunk < 0 || size > this.chunks[chunk]!.length - this.used[lane]) {
      if (chunk >= 0 && lane === PACKABLE) this.seal(chunk, this.used[lane]);
      const room = Math.max(this.chunkBytes, size);
      chunk = this.newChunk(lane === PACKABLE ? this.packer!.allocate(room) : Buffer.allocUnsafeSlow(room), lane);
      this.current[lane] = chunk;
      this.used[lane] = 0;
    }
    const written = this.chunks[chunk]!.write(text, this.used[lane], "utf8");
    const ref = this.place(chunk, this.used[lane], written);
    this.used[lane] += written;
    return ref;
  }

  /**
   * Takes over a buffer of records' texts end to end (`lengths` bytes each, in order) without
   * copying it (unless it is to be packed); returns the reference of the first, the others following one by one.
   */
  adopt(block: Buffer, lengths: ArrayLike<number>, packable = false): number {
    const lane = this.laneOf(packable);
    // A packer reads only buffers it allocated: a block to be packed is copied into one first.
    const chunk = this.newChunk(lane === PACKABLE ? copyInto(this.packer!.allocate(block.length), block) : block, lane);
    const first = this.count;
    let start = 0;
    for (let i = 0; i < lengths.length; i++) {
      this.place(chunk, start, lengths[i]);
      start += lengths[i];
    }
    if (lane === PACKABLE) this.seal(chunk, start);
    return first;
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

  private newChunk(buffer: Buffer, lane: number): number {
    this.packed.push(undefined);
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
    if (this.count === this.chunkOf.length) {
      this.chunkOf = grow(this.chunkOf);
      this.startOf = grow(this.startOf);
      this.lengthOf = grow(this.lengthOf);
    }
    const ref = this.count++;
    this.chunkOf[ref] = chunk;
    this.startOf[ref] = start;
    this.lengthOf[ref] = length;
    this.recordStarts[chunk]?.push(start);
    this.bytes += length;
    return ref;
  }

  /** The UTF-8 bytes of a reference, as a view (not a copy) of its buffer or of its inflated block. */
  view(ref: number): Buffer {
    const chunk = this.chunkOf[ref];
    const start = this.startOf[ref];
    const raw = this.chunks[chunk];
    if (raw) return raw.subarray(start, start + this.lengthOf[ref]);
    const { blockStarts } = this.packed[chunk]!;
    const block = lastAtMost(blockStarts, start);
    const from = start - blockStarts[block];
    return this.inflate(chunk, block).subarray(from, from + this.lengthOf[ref]);
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
      const { data, ends } = this.packed[chunk]!;
      bytes = inflateRawSync(data.subarray(block ? ends[block - 1] : 0, ends[block]));
      if (this.inflated.size >= INFLATED_KEPT) this.inflated.delete(this.inflated.keys().next().value!);
    }
    this.inflated.set(key, bytes);
    return bytes;
  }
}

/** The last index whose value is at most `value` (values ascending, the first at most `value`). */
function lastAtMost(values: Uint32Array, value: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (values[mid] <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function copyInto(target: Buffer, source: Buffer): Buffer {
  source.copy(target);
  return target;
}

function grow(array: Uint32Array<ArrayBufferLike>): Uint32Array<ArrayBufferLike> {
  const out = new Uint32Array(array.length * 2);
  out.set(array);
  return out;
}
