/**
 * Turns: one waiting piece of work let go per turn of the loop, in the order they paused, each with
 * a fresh slice; a slice of an unknown turn counts as spent. The loop is a queue run by hand.
 */
import { describe, expect, it } from "vitest";
import { Turns } from "../../src/concurrency/turns.js";

function loop() {
  let clock = 0;
  const queued: Array<() => void> = [];
  const turns = new Turns(
    () => clock,
    (run) => queued.push(run),
  );
  return {
    turns,
    advance: (ms: number) => void (clock += ms),
    /** Runs the callbacks queued for the next turn, then lets their promises settle; returns how many ran. */
    async turn(): Promise<number> {
      const now = queued.splice(0);
      for (const run of now) run();
      await new Promise((settled) => setTimeout(settled, 0));
      return now.length;
    },
    get queued() {
      return queued.length;
    },
  };
}

describe("Turns", () => {
  it("lets one waiting piece go per turn, in the order they paused", async () => {
    const { turns, turn } = loop();
    const resumed: string[] = [];
    for (const name of ["a", "b", "c"]) void turns.next().then(() => resumed.push(name));
    expect(await turn()).toBe(1);
    expect(resumed).toEqual(["a"]);
    expect(await turn()).toBe(1);
    expect(resumed).toEqual(["a", "b"]);
    // A piece pausing again waits behind those already waiting.
    void turns.next().then(() => resumed.push("a again"));
    await turn();
    await turn();
    expect(resumed).toEqual(["a", "b", "c", "a again"]);
    expect(await turn()).toBe(0);
  });

  it("gives each turn a fresh slice, and counts a slice of an unknown turn as spent", async () => {
    const { turns, turn, advance } = loop();
    expect(turns.spent(8)).toBe(true);
    void turns.next();
    advance(100);
    await turn();
    expect(turns.spent(8)).toBe(false);
    advance(7);
    expect(turns.spent(8)).toBe(false);
    // Work started later in the same turn has what is left of its slice.
    advance(1);
    expect(turns.spent(8)).toBe(true);
  });

  it("schedules a turn only while work waits", async () => {
    const loopState = loop();
    expect(loopState.queued).toBe(0);
    void loopState.turns.next();
    void loopState.turns.next();
    expect(loopState.queued).toBe(1);
    await loopState.turn();
    expect(loopState.queued).toBe(1);
    await loopState.turn();
    expect(loopState.queued).toBe(0);
  });
});
