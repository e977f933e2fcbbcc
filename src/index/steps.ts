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

/** Entries of a fresh array first written per step: a megabyte. */
const TOUCHED_PER_STEP = 1 << 18;

/**
 * A zeroed array of `length` whose memory is first written in steps of a megabyte: the first write
 * to a fresh page costs far more than later ones (some 3.5 ms per megabyte on a virtual machine), so
 * an array of many megabytes first written within one step of other work holds the loop for tens
 * of milliseconds.
 */
export function* zeroedArray(length: number): Steps<Uint32Array> {
  const array = new Uint32Array(length);
  for (let at = 0; at < length; at += TOUCHED_PER_STEP) {
    array.fill(0, at, at + TOUCHED_PER_STEP);
    yield;
  }
  return array;
}
