/**
 * execute: walks a plan's documents under a deadline, one block of slots at a
 * time (the plan's operators fill a bitset per block). The clock is passed in;
 * the deadline is checked after every block, and an expired deadline ends the
 * walk with what was found so far instead of an error. Between blocks the walk
 * pauses through `pause`, so a host can let other work run during a long search.
 */
import { BLOCK, type Plan } from "../plan/plan.js";
import { appendDocs, countBits, wordsFor } from "../plan/bits.js";

export interface Deadline {
  now: () => number;
  /** Absolute time (same clock as `now`) after which the walk stops. */
  at: number;
}

/** How often a walk lets other work run: after this many slots examined (a block costs microseconds). */
const PAUSE_EVERY = 64 * BLOCK;

export interface Collected {
  docs: Uint32Array;
  incomplete: boolean;
}

export async function collect(plan: Plan, deadline: Deadline, pause?: () => Promise<void>, pauseEvery = PAUSE_EVERY): Promise<Collected> {
  // Small pause intervals make the blocks as small (in whole words), and the deadline checked as often.
  const size = Math.min(BLOCK, Math.max(32, Math.ceil(pauseEvery / 32) * 32));
  const bits = new Uint32Array(wordsFor(size));
  let out = new Uint32Array(1024);
  let n = 0;
  let sincePause = 0;
  for (let lo = 0; lo < plan.capacity; lo += size) {
    const hi = Math.min(plan.capacity, lo + size);
    const words = wordsFor(hi - lo);
    bits.fill(0);
    plan.root.fill(bits, lo, hi);
    const found = countBits(bits, words);
    if (n + found > out.length) {
      const grown = new Uint32Array(Math.max(n + found, out.length * 2));
      grown.set(out.subarray(0, n));
      out = grown;
    }
    n = appendDocs(bits, words, lo, out, n);
    if (hi === plan.capacity) break;
    if (deadline.now() > deadline.at) return { docs: out.subarray(0, n), incomplete: true };
    sincePause += hi - lo;
    if (pause && sincePause >= pauseEvery) {
      sincePause = 0;
      await pause();
      if (deadline.now() > deadline.at) return { docs: out.subarray(0, n), incomplete: true };
    }
  }
  return { docs: out.subarray(0, n), incomplete: false };
}
