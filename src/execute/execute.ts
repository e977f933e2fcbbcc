/**
 * execute: walks a plan's documents under a deadline. The clock is passed in;
 * the deadline is checked once per block of documents (and on every heartbeat
 * of a scan), and an expired deadline ends the walk with what was found so far
 * instead of an error. Between blocks the walk pauses through `pause`, so a
 * host can let other work run during a long search.
 */
import { BLOCK, HEARTBEAT, type Plan } from "../plan/plan.js";

export interface Deadline {
  now: () => number;
  /** Absolute time (same clock as `now`) after which the walk stops. */
  at: number;
}

/** How often a walk lets other work run: after this many documents (a scan's heartbeat counts as BLOCK). */
const PAUSE_EVERY = 8 * BLOCK;

export interface Collected {
  docs: Uint32Array;
  incomplete: boolean;
}

export async function collect(plan: Plan, deadline: Deadline, pause?: () => Promise<void>, pauseEvery = PAUSE_EVERY): Promise<Collected> {
  let out = new Uint32Array(1024);
  let n = 0;
  let sinceCheck = 0;
  let sincePause = 0;
  // Small pause intervals check the deadline as often.
  const checkEvery = Math.min(BLOCK, pauseEvery);
  for (const doc of plan.root.docs()) {
    const step = doc === HEARTBEAT ? BLOCK : 1;
    sincePause += step;
    if (doc === HEARTBEAT || (sinceCheck += step) >= checkEvery) {
      sinceCheck = 0;
      if (deadline.now() > deadline.at) return { docs: out.subarray(0, n), incomplete: true };
      if (pause && sincePause >= pauseEvery) {
        sincePause = 0;
        await pause();
        if (deadline.now() > deadline.at) return { docs: out.subarray(0, n), incomplete: true };
      }
      if (doc === HEARTBEAT) continue;
    }
    if (n === out.length) {
      const grown = new Uint32Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    out[n++] = doc;
  }
  return { docs: out.subarray(0, n), incomplete: false };
}
