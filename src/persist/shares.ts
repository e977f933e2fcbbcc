/** The check a saved index's block bounds get when read: every share a finite number at least 0. */
import { LayoutError } from "./frames.js";

/**
 * Shares checked between pauses: tens of millions of them at ten million documents held the loop for
 * 150 ms in one go, and 2^20 of them, the first before the code is optimized, for a 54.6 ms gap (a
 * collection inside it) in a profiled open.
 */
const SHARES_PER_STEP = 1 << 16;

/** Throws a LayoutError unless every share is a finite number at least 0, yielding after every SHARES_PER_STEP or so (a table whole). */
export function* checkingShares(shares: readonly Float32Array[], what: string): Generator<void> {
  let checked = 0;
  for (const table of shares) {
    for (let i = 0; i < table.length; i++) if (!(table[i] >= 0 && table[i] < Infinity)) throw new LayoutError(`${what} holds ${table[i]}`);
    if ((checked += table.length) >= SHARES_PER_STEP) {
      checked = 0;
      yield;
    }
  }
}
