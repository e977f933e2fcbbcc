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

/**
 * Per-document arrays grow with their collection. Grown by copy, each growth made a new array, copied
 * the old into it (80 MB in one step for a column of doubles at ten million) and left the old one for
 * the collector, whose next full collection then waited for the dead buffers to be unmapped (61.8 ms
 * of a turn after adds past an opened 10M index, traced off the CPU). A growable shared buffer
 * reserves address space up front and grows in place: no copy, nothing left dead, and the pages it
 * grows by cost nothing until first written.
 */

/** What a growable shared buffer is (ES2024; the project's library types stop at ES2023). */
interface GrowableShared extends SharedArrayBuffer {
  readonly growable: boolean;
  readonly maxByteLength: number;
  grow(byteLength: number): void;
}

/** Address space a growable buffer reserves, as a multiple of the bytes it is made with: room for a sixteenfold growth in place. */
const RESERVED_PER_BYTE = 16;
/** The least a growable buffer reserves. */
const LEAST_RESERVED = 16 * 1024 * 1024;
/** V8's largest growable shared buffer: 4 GiB (a column of doubles for half a billion documents). */
const MOST_RESERVED = 2 ** 32;

/**
 * Bytes held in growable buffers now. V8 allocates them apart from other array buffers, and Node's
 * `process.memoryUsage().arrayBuffers` leaves them out (a 100 MB growable buffer adds nothing to it):
 * counted here, as they are made and grown, and taken off once the collector has freed them.
 */
let growableHeld = 0;
const growableSizes = new WeakMap<SharedArrayBuffer, { bytes: number }>();
const growableFreed = new FinalizationRegistry<{ bytes: number }>((held) => {
  growableHeld -= held.bytes;
});

/** Bytes in growable buffers (an index's per-document arrays), which Node's `arrayBuffers` leaves out. */
export function growableBytes(): number {
  return growableHeld;
}

/** A zeroed array of `length` in lasting memory that `grownArray` grows in place (from 64 KB on; ordinary below, as `lastingArray`). */
export function growableArray(length: number): Uint32Array;
export function growableArray<T extends NumberArray>(length: number, width: Width<T>): T;
export function growableArray(length: number, width: Width<NumberArray> = Uint32Array): NumberArray {
  const bytes = length * width.BYTES_PER_ELEMENT;
  if (bytes < LASTING_SHARED_FROM || bytes > MOST_RESERVED) return lastingArray(length, width);
  const reserved = Math.min(MOST_RESERVED, Math.max(LEAST_RESERVED, bytes * RESERVED_PER_BYTE));
  let buffer: SharedArrayBuffer;
  try {
    buffer = new (SharedArrayBuffer as new (bytes: number, options: { maxByteLength: number }) => SharedArrayBuffer)(bytes, { maxByteLength: reserved });
  } catch (error) {
    // The reservation refused (a limit on address space, `ulimit -v`, or on mappings): an array that
    // grows by copy, as before, rather than a failure.
    if (error instanceof RangeError) return lastingArray(length, width);
    throw error;
  }
  const held = { bytes };
  growableSizes.set(buffer, held);
  growableFreed.register(buffer, held);
  growableHeld += bytes;
  return new width(buffer, 0, length);
}

/** A zeroed buffer of `size` bytes as `growableArray` makes it (offset 0): a whole array read from a file, viewed where it was read. */
export function growableBuffer(size: number): Buffer {
  const array = growableArray(size, Uint8Array);
  return Buffer.from(array.buffer, 0, size);
}

/** The growable shared buffer `array` starts, whose room reaches `length` elements; undefined when it cannot grow to it in place. */
function roomFor(array: NumberArray, length: number): GrowableShared | undefined {
  const buffer = array.buffer as GrowableShared;
  const inPlace = buffer instanceof SharedArrayBuffer && buffer.growable && array.byteOffset === 0 && length * array.BYTES_PER_ELEMENT <= buffer.maxByteLength;
  return inPlace ? buffer : undefined;
}

/** Whether `grownArray` grows `array` to `length` within its own buffer. */
export function growsInPlace(array: NumberArray, length: number): boolean {
  return roomFor(array, length) !== undefined;
}

/**
 * Grows the buffer of `array` (which `growsInPlace` to `length`) by at most `most` bytes towards
 * `length` elements, the new bytes `fill`; returns whether it holds them all. The bytes of a growable
 * buffer past its array's end are only ever written here, so they hold `fill` until an array views them.
 * New bytes are zero: with `touch` they are written all the same, so that their pages' first write
 * (which costs more than the write) is this step's, not a later turn's.
 */
export function extendBy(array: NumberArray, length: number, most: number, fill: number, touch = true): boolean {
  const buffer = roomFor(array, length)!;
  const width = array.constructor as Width<NumberArray>;
  const had = buffer.byteLength;
  const to = Math.min(length * width.BYTES_PER_ELEMENT, had + most);
  if (to > had) {
    buffer.grow(to);
    growableSizes.get(buffer)!.bytes = to;
    growableHeld += to - had;
    if (touch || fill !== 0) new width(buffer, had, (to - had) / width.BYTES_PER_ELEMENT).fill(fill);
  }
  return to >= length * width.BYTES_PER_ELEMENT;
}

/** `array` over the first `length` elements of its growable buffer, grown that far (`extendBy`). */
export function viewTo<T extends NumberArray>(array: T, length: number): T {
  const width = array.constructor as Width<T>;
  return new width(array.buffer, 0, length);
}

/**
 * `array` grown to `length` elements (itself when long enough), those past its end `fill`: in place
 * when its buffer is growable and has the room, else a growable copy. Zeros are left to the fresh
 * memory: a growth of megabytes for one element past the end writes one page, not all of them.
 */
export function grownArray<T extends NumberArray>(array: T, length: number, fill = 0): T {
  if (length <= array.length) return array;
  if (growsInPlace(array, length)) {
    extendBy(array, length, Infinity, fill, false);
    return viewTo(array, length);
  }
  const out = growableArray(length, array.constructor as Width<T>);
  out.set(array);
  if (fill !== 0) out.fill(fill, array.length);
  return out;
}
