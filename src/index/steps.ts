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
/** The constructor of such an array. */
export type Width<T extends WholeNumbers> = new (length: number) => T;

/** The narrowest array of whole numbers that holds every number up to `max`. */
export function widthFor(max: number): Width<WholeNumbers> {
  if (max <= 0xff) return Uint8Array;
  return max <= 0xffff ? Uint16Array : Uint32Array;
}

/** Entries of a fresh array first written per step: a megabyte. */
const TOUCHED_PER_STEP = 1 << 18;

/**
 * A zeroed array of `length` whose memory is first written in steps of a megabyte: the first write
 * to a fresh page costs far more than later ones (some 3.5 ms per megabyte on a virtual machine), so
 * an array of many megabytes first written within one step of other work holds the loop for tens
 * of milliseconds.
 */
export function zeroedArray(length: number): Steps<Uint32Array>;
export function zeroedArray<T extends WholeNumbers>(length: number, width: Width<T>): Steps<T>;
export function* zeroedArray(length: number, width: Width<WholeNumbers> = Uint32Array): Steps<WholeNumbers> {
  const array = new width(length);
  for (let at = 0; at < length; at += TOUCHED_PER_STEP) {
    array.fill(0, at, at + TOUCHED_PER_STEP);
    yield;
  }
  return array;
}
