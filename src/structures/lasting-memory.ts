/**
 * Memory for arrays that last as long as an index: a SharedArrayBuffer from LASTING_SHARED_FROM
 * bytes on. V8 counts the bytes of ordinary array buffers as the isolate's external memory and
 * starts a full collection after every 64 MB or so of new ones, whatever the heap holds. An open
 * makes every array of the index anew (1.4 GB besides its file at a million records, which set off
 * 39-48 full collections in one open); shared buffers are left out of that count (4-9 with them).
 * A shared buffer's memory comes zeroed from the allocator: fresh pages cost nothing until first
 * written, pages used before are cleared at once (of 18,983 made in a 1M open and save, 4 took over
 * 2 ms; the longest in a 10M open 11.6 ms).
 *
 * Buffers that are soon let go are best ordinary: the count of external memory is what makes V8
 * free them, and a shared one that outlives a young collection waits for the next full one (a
 * save's copies of keys, made through the same tables, are shared so far).
 */

/** Bytes from which lasting memory is shared; a smaller buffer counts for little. */
export const LASTING_SHARED_FROM = 64 * 1024;

/** An array of numbers that lasting memory holds. */
export type NumberArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/** The constructor of such an array. */
export type Width<T extends NumberArray> = {
  new (length: number): T;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
};

/** A zeroed array of `length` in lasting memory. */
export function lastingArray(length: number): Uint32Array;
export function lastingArray<T extends NumberArray>(length: number, width: Width<T>): T;
export function lastingArray(length: number, width: Width<NumberArray> = Uint32Array): NumberArray {
  const bytes = length * width.BYTES_PER_ELEMENT;
  return bytes >= LASTING_SHARED_FROM ? new width(new SharedArrayBuffer(bytes), 0, length) : new width(length);
}

/** A zeroed buffer of `size` bytes in lasting memory (offset 0, so typed arrays can view it). */
export function lastingBuffer(size: number): Buffer {
  return size >= LASTING_SHARED_FROM ? Buffer.from(new SharedArrayBuffer(size)) : Buffer.alloc(size);
}
