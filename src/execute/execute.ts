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

/** How often a walk without a slice lets other work run: after this many slots examined (a block costs microseconds). */
const PAUSE_EVERY = 1 << 16;

/** Steps of a plan's readying (each some 65,536 list entries) between pauses, without a slice. */
const READY_STEPS_PER_PAUSE = 8;

export interface CollectOptions {
  /** Lets other work run between blocks (and between steps of the plan's readying). */
  pause?: () => Promise<void>;
  /** Slots examined between pauses (and the most a block holds), without a slice. */
  pauseEvery?: number;
  /**
   * With this set, blocks follow one another without a pause until `ms` milliseconds of the caller's
   * clock have passed: a search that takes less pauses not at all (every 65,536 slots, an AND took
   * 15 turns of the loop at a million documents and 150 at ten million, whatever it cost).
   */
  slice?: { ms: number; now: () => number };
  /** The bitset to fill (all zero, `wordsFor(plan.capacity)` words): one kept for searches. */
  into?: Uint32Array;
}

export interface Collected {
  /** The matches as bits over slots [0, capacity): bit `d & 31` of word `d >>> 5` (bits.ts). */
  bits: Uint32Array;
  count: number;
  incomplete: boolean;
  /** With a slice: when the slice under way began (the walk's start or its last pause), for the search's next stage to go on with. */
  sliceBegan?: number;
}

/**
 * The plan's documents, block by block into one bitset over every slot: a few bytes per hundred
 * slots, where a list of a broad query's matches would be megabytes of garbage per search.
 */
export async function collect(plan: Plan, deadline: Deadline, { pause, pauseEvery = PAUSE_EVERY, slice, into }: CollectOptions = {}): Promise<Collected> {
  // Small pause intervals make the blocks as small (in whole words), and the deadline checked as often.
  const size = Math.min(BLOCK, Math.max(32, Math.ceil(pauseEvery / 32) * 32));
  if (into && into.length !== wordsFor(plan.capacity)) throw new RangeError(`a bitset of ${into.length} words for ${plan.capacity} slots`);
  const bits = into ?? new Uint32Array(wordsFor(plan.capacity));
  let count = 0;
  let since = slice?.now() ?? 0;
  const done = (incomplete: boolean): Collected => ({ bits, count, incomplete, ...(slice ? { sliceBegan: since } : {}) });
  const expired = (): boolean => deadline.now() > deadline.at;
  /**
   * Whether to pause at a point where the deadline was just read: with a slice, only once it has
   * passed, and the deadline is next read where it would have been without the pause (how often it
   * is read never depends on the host's clock, so an injected clock cuts a search at the same place
   * every time); without one, every time asked. Asked before any promise is made: an await per block
   * (245 blocks at a million slots, 2,442 at ten million) was 0.3 MB of garbage per search at 1M.
   */
  const pauseDue = (): boolean => pause !== undefined && (!slice || slice.now() - since >= slice.ms);
  /** Pauses; true when the deadline has passed since (read again only without a slice). */
  const pauseNow = async (): Promise<boolean> => {
    await pause!();
    if (!slice) return expired();
    since = slice.now();
    return false;
  };
  // Work the first fill would do at once, in steps, the deadline read every READY_STEPS_PER_PAUSE of them.
  for (const ready of plan.readying) {
    const steps = ready();
    for (let n = 1; !steps.next().done; n++) {
      if (!pause || n % READY_STEPS_PER_PAUSE) continue;
      if ((slice && expired()) || (pauseDue() && (await pauseNow()))) return done(true);
    }
  }
  let sincePause = 0;
  for (let lo = 0; lo < plan.capacity; lo += size) {
    const hi = Math.min(plan.capacity, lo + size);
    const block = bits.subarray(lo >>> 5, wordsFor(hi));
    plan.root.fill(block, lo, hi);
    count += countBits(block, block.length);
    if (hi === plan.capacity) break;
    if (expired()) return done(true);
    sincePause += hi - lo;
    if (slice || sincePause >= pauseEvery) {
      sincePause = 0;
      if (pauseDue() && (await pauseNow())) return done(true);
    }
  }
  return done(false);
}
