/**
 * Long index operations (restoring, copying out a state) are generators that yield between
 * bounded steps: the engine pauses at each yield, other callers run them through at once.
 */
export type Steps<T> = Generator<void, T>;

/** Runs every step at once; returns the result. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** An array of whole numbers of one, two or four bytes each. */
export type WholeNumbers = Uint8Array | Uint16Array | Uint32Array;
/** An array `zeroedArray` makes: whole numbers, or doubles. */
type Zeroable = WholeNumbers | Float64Array;
/** The constructor of such an array. */
export type Width<T extends Zeroable> = { new (length: number): T; new (buffer: ArrayBuffer, byteOffset: number, length: number): T; readonly BYTES_PER_ELEMENT: number };

/** The narrowest array of whole numbers that holds every number up to `max`. */
export function widthFor(max: number): Width<WholeNumbers> {
  if (max <= 0xff) return Uint8Array;
  return max <= 0xffff ? Uint16Array : Uint32Array;
}

/** Bytes of a fresh array first written per step: a megabyte. */
const TOUCHED_PER_STEP = 1 << 20;

/**
 * A zeroed array of `length` whose memory is first written in steps of a megabyte: the first write
 * to a fresh page costs far more than later ones (some 3.5 ms per megabyte on a virtual machine), so
 * an array of many megabytes first written within one step of other work holds the loop for tens
 * of milliseconds. Its memory is taken unzeroed and zeroed here: a typed array's constructor zeroes
 * all of it at once when the allocator hands back memory used before (10 MB in 1.6-1.8 ms over pages
 * already in memory; steps making such arrays took 23-49 ms at ten million records, none since).
 */
export function zeroedArray(length: number): Steps<Uint32Array>;
export function zeroedArray<T extends Zeroable>(length: number, width: Width<T>): Steps<T>;
export function* zeroedArray(length: number, width: Width<Zeroable> = Uint32Array): Steps<Zeroable> {
  const array = new width(Buffer.allocUnsafeSlow(length * width.BYTES_PER_ELEMENT).buffer as ArrayBuffer, 0, length);
  const perStep = TOUCHED_PER_STEP / width.BYTES_PER_ELEMENT;
  for (let at = 0; at < length; at += perStep) {
    array.fill(0, at, at + perStep);
    yield;
  }
  return array;
}
