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
