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
    if (this.count === this.chunkOf.length) {
      this.chunkOf = grow(this.chunkOf);
      this.startOf = grow(this.startOf);
      this.lengthOf = grow(this.lengthOf);
    }
    const ref = this.count++;
    this.chunkOf[ref] = chunk;
    this.startOf[ref] = this.used;
    this.lengthOf[ref] = written;
    this.used += written;
    this.bytes += written;
    return ref;
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
