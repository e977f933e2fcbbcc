/**
 * Long index operations (restoring, copying out a state) are generators that yield between
 * bounded steps: the engine pauses at each yield, other callers run them through at once.
 *
 * A step's loop is an inner loop with no `yield` in it, the `yield` after it: V8 runs a loop that
 * holds a `yield` several times slower (optimised all the same; a count over 20 million bytes took
 * 187 ms with `if (i % STEP === STEP - 1) yield` inside, 32-45 ms as a loop per step).
 */
import { extendBy, growableArray, growsInPlace, lastingArray, viewTo, type NumberArray, type Width } from "../structures/lasting-memory.js";

export type { Width };

export type Steps<T> = Generator<void, T>;

/**
 * Steps that may wait for work done elsewhere (another thread): such a step yields a promise, which
 * the engine's runner awaits before the next step. `finish` cannot run them through at once.
 */
export type WaitingSteps<T> = Generator<void | Promise<unknown>, T>;

/** Steps with nothing to do. */
export function* noSteps(): Steps<void> {}

/** Runs every step at once; returns the result. A TypeError for a step that waits. */
export function finish<T>(steps: Steps<T> | WaitingSteps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (step.value) throw new TypeError("steps that wait cannot be run through at once");
  }
}

/** The value `promise` settles to, waited for as a step (`WaitingSteps`); its rejection is thrown here. */
export function* awaiting<T>(promise: Promise<T>): WaitingSteps<T> {
  let settled: { value: T } | { error: unknown } | undefined;
  yield promise.then(
    (value) => void (settled = { value }),
    (error: unknown) => void (settled = { error }),
  );
  if (!settled) throw new TypeError("a step that waits was not waited for");
  if ("error" in settled) throw settled.error;
  return settled.value;
}

/** An array of whole numbers of one, two or four bytes each. */
export type WholeNumbers = Uint8Array | Uint16Array | Uint32Array;

/**
 * A lasting array reused by one build after another (a restore's keyword columns, each of which
 * places its documents by value in an array it then lets go): each build wrote fresh memory of its
 * own, a first write of tens of megabytes a column at ten million documents.
 */
export class ScratchArray {
  private array: Uint32Array<ArrayBufferLike> = new Uint32Array(0);

  /** At least `length` elements, made in steps when the array is shorter; what they hold is left over: the caller writes each it reads. */
  *taking(length: number): Steps<Uint32Array<ArrayBufferLike>> {
    if (this.array.length < length) this.array = (yield* zeroedArray(length)) as Uint32Array;
    return this.array.subarray(0, length);
  }
}

/** The narrowest array of whole numbers that holds every number up to `max`. */
export function widthFor(max: number): Width<WholeNumbers> {
  if (max <= 0xff) return Uint8Array;
  return max <= 0xffff ? Uint16Array : Uint32Array;
}

/** Bytes of a fresh array first written per step: a megabyte. */
const TOUCHED_PER_STEP = 1 << 20;

/**
 * A zeroed array of `length` in lasting memory (see `lastingArray`), its memory first written in
 * steps of a megabyte: the first write to a fresh page costs far more than later ones (some 3.5 ms
 * per megabyte on a virtual machine), so an array of many megabytes first written within one step
 * of other work holds the loop for tens of milliseconds.
 */
export function zeroedArray(length: number): Steps<Uint32Array>;
export function zeroedArray<T extends NumberArray>(length: number, width: Width<T>): Steps<T>;
export function zeroedArray(length: number, width: Width<NumberArray> = Uint32Array): Steps<NumberArray> {
  return filledArray(length, width, 0);
}

/** `zeroedArray`, growable in place (`growableArray`): a per-document array, which grows with its collection. */
export function zeroedGrowableArray(length: number): Steps<Uint32Array>;
export function zeroedGrowableArray<T extends NumberArray>(length: number, width: Width<T>): Steps<T>;
export function zeroedGrowableArray(length: number, width: Width<NumberArray> = Uint32Array): Steps<NumberArray> {
  return filledArray(length, width, 0, (n, w) => growableArray(n, w));
}

/** `zeroedArray`, every element `fill`, made by `make`. */
function* filledArray<T extends NumberArray>(length: number, width: Width<T>, fill: number, make: (length: number, width: Width<T>) => T = lastingArray): Steps<T> {
  const array = make(length, width);
  const perStep = TOUCHED_PER_STEP / width.BYTES_PER_ELEMENT;
  for (let at = 0; at < length; at += perStep) {
    array.fill(fill, at, at + perStep);
    yield;
  }
  return array;
}

/**
 * Grows the array `current()` gives to `length` elements, `fill` past its own, and hands the grown one
 * to `take`. A growable array (`growableArray`) grows within its buffer a megabyte a step, the new
 * memory first written as it grows, and is viewed to `length` in the last step: nothing is copied.
 * Another is made anew, growable, its memory first written in steps (`filledArray`), then, in the
 * last step, the elements copied (whatever they are by then) and the grown array taken in the array's
 * place. When by then the array holds `length` already, or is another array of another buffer or width
 * (widened meanwhile), nothing is taken: it grows itself when it must, as it would have.
 */
export function* growingArray<T extends NumberArray>(current: () => T, length: number, take: (grown: T) => void, fill = 0): Steps<void> {
  const before = current();
  if (length <= before.length) return;
  const width = before.constructor as Width<T>;
  if (growsInPlace(before, length)) {
    // `current()` each step: an array of the same buffer grown meanwhile by its own growth is grown on.
    while (current().buffer === before.buffer && !extendBy(current(), length, TOUCHED_PER_STEP, fill)) yield;
    const now = current();
    if (now.buffer === before.buffer && now.length < length) take(viewTo<T>(now, length));
    return;
  }
  const grown = yield* filledArray(length, width, fill, (n, w) => growableArray(n, w));
  const now = current();
  if (length <= now.length || now.constructor !== width) return;
  grown.set(now);
  take(grown);
}
