/**
 * Records as UTF-8 JSON text, end to end in large shared buffers: one object
 * per megabytes of records instead of a tree of objects per record, so that a
 * store of millions of records costs the garbage collector next to nothing.
 * Each version of a record gets a fresh reference (a number) and is never
 * written over, so whoever indexed a version (an index slot) reads that same
 * version for as long as it holds the reference.
 */

/** Bytes per buffer; a record longer than this gets a buffer of its own. */
const CHUNK_BYTES = 16 * 1024 * 1024;

export class RecordBytes {
  private readonly chunks: Buffer[] = [];
  /** Where the current chunk's free room begins. */
  private used = CHUNK_BYTES;
  private chunkOf: Uint32Array<ArrayBufferLike> = new Uint32Array(1024);
  private startOf: Uint32Array<ArrayBufferLike> = new Uint32Array(1024);
  private lengthOf: Uint32Array<ArrayBufferLike> = new Uint32Array(1024);
  private count = 0;
  /** Bytes of versions written, current or replaced. */
  bytes = 0;

  /** Stores a record's JSON text; returns its reference. */
  append(text: string): number {
    const size = Buffer.byteLength(text, "utf8");
    if (size > CHUNK_BYTES - this.used) {
      this.chunks.push(Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, size)));
      this.used = 0;
    }
    const chunk = this.chunks.length - 1;
    const written = this.chunks[chunk].write(text, this.used, "utf8");
    const ref = this.place(chunk, this.used, written);
    this.used += written;
    return ref;
  }

  /**
   * Takes over a buffer of records' texts end to end (`lengths` bytes each, in order) without
   * copying it; returns the reference of the first, the others following one by one.
   */
  adopt(block: Buffer, lengths: ArrayLike<number>): number {
    const chunk = this.chunks.push(block) - 1;
    // The adopted buffer has no room left: the next append starts a chunk of its own.
    this.used = CHUNK_BYTES;
    const first = this.count;
    let start = 0;
    for (let i = 0; i < lengths.length; i++) {
      this.place(chunk, start, lengths[i]);
      start += lengths[i];
    }
    return first;
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
    this.bytes += length;
    return ref;
  }

  /** The UTF-8 bytes of a reference, as a view (not a copy). */
  view(ref: number): Buffer {
    const start = this.startOf[ref];
    return this.chunks[this.chunkOf[ref]].subarray(start, start + this.lengthOf[ref]);
  }

  /** The JSON text of a reference. */
  text(ref: number): string {
    const start = this.startOf[ref];
    return this.chunks[this.chunkOf[ref]].toString("utf8", start, start + this.lengthOf[ref]);
  }
}

function grow(array: Uint32Array<ArrayBufferLike>): Uint32Array<ArrayBufferLike> {
  const out = new Uint32Array(array.length * 2);
  out.set(array);
  return out;
}
