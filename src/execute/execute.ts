/**
 * execute: walks a plan's documents under a deadline, one block of slots at a
 * time (the plan's operators fill a bitset per block). The clock is passed in;
 * the deadline is checked after every block, and an expired deadline ends the
 * walk with what was found so far instead of an error. Between blocks the walk
 * pauses through `pause`, so a host can let other work run during a long search.
 */
import { BLOCK, type Plan } from "../plan/plan.js";
import { countBits, wordsFor } from "../plan/bits.js";

export interface Deadline {
  now: () => number;
  /** Absolute time (same clock as `now`) after which the walk stops. */
  at: number;
}

/** How often a walk lets other work run: after this many slots examined (a block costs microseconds). */
const PAUSE_EVERY = 1 << 16;

/** Steps of a plan's readying (each some 65,536 list entries) between pauses. */
const READY_STEPS_PER_PAUSE = 8;

export interface Collected {
  /** The matches as bits over slots [0, capacity): bit `d & 31` of word `d >>> 5` (bits.ts). */
  bits: Uint32Array;
  count: number;
  incomplete: boolean;
}

/**
 * The plan's documents, block by block into one bitset over every slot: a few bytes per hundred
 * slots, where a list of a broad query's matches would be megabytes of garbage per search. `into`,
 * when given, is that bitset (all zero, `wordsFor(plan.capacity)` words): one kept for searches.
 */
export async function collect(plan: Plan, deadline: Deadline, pause?: () => Promise<void>, pauseEvery = PAUSE_EVERY, into?: Uint32Array): Promise<Collected> {
  // Small pause intervals make the blocks as small (in whole words), and the deadline checked as often.
  const size = Math.min(BLOCK, Math.max(32, Math.ceil(pauseEvery / 32) * 32));
  if (into && into.length !== wordsFor(plan.capacity)) throw new RangeError(`a bitset of ${into.length} words for ${plan.capacity} slots`);
  const bits = into ?? new Uint32Array(wordsFor(plan.capacity));
  let count = 0;
  let sincePause = 0;
  // Work the first fill would do at once, in steps, with a pause every READY_STEPS_PER_PAUSE of them.
  for (const ready of plan.readying) {
    const steps = ready();
    for (let n = 1; !steps.next().done; n++) {
      if (!pause || n % READY_STEPS_PER_PAUSE) continue;
      await pause();
      if (deadline.now() > deadline.at) return { bits, count, incomplete: true };
    }
  }
  for (let lo = 0; lo < plan.capacity; lo += size) {
    const hi = Math.min(plan.capacity, lo + size);
    const block = bits.subarray(lo >>> 5, wordsFor(hi));
    plan.root.fill(block, lo, hi);
    count += countBits(block, block.length);
    if (hi === plan.capacity) break;
    if (deadline.now() > deadline.at) return { bits, count, incomplete: true };
    sincePause += hi - lo;
    if (pause && sincePause >= pauseEvery) {
      sincePause = 0;
      await pause();
      if (deadline.now() > deadline.at) return { bits, count, incomplete: true };
    }
  }
  return { bits, count, incomplete: false };
}
