/** Steps: fresh arrays first written a megabyte per step; steps that wait for work done elsewhere. */
import { describe, expect, it } from "vitest";
import { awaiting, finish, zeroedArray, type WaitingSteps } from "../../src/index/steps.js";

/** Runs the steps through; the array made and the pauses taken. */
function made<T>(walk: Generator<void, T>): { value: T; yields: number } {
  let yields = 0;
  let step = walk.next();
  for (; !step.done; step = walk.next()) yields++;
  return { value: step.value, yields };
}

describe("zeroedArray", () => {
  it("yields once per megabyte written and returns the whole array zeroed", () => {
    for (const [length, steps] of [[0, 0], [1, 1], [1 << 18, 1], [(1 << 18) + 1, 2], [600_000, 3]] as const) {
      const { value, yields } = made(zeroedArray(length));
      expect(yields, `${length}`).toBe(steps);
      expect(value.length).toBe(length);
      expect(value.every((v) => v === 0)).toBe(true);
    }
  });

  it("counts a megabyte in bytes whatever the width", () => {
    for (const [width, length, steps] of [[Uint8Array, 1 << 20, 1], [Uint8Array, (1 << 20) + 1, 2], [Uint16Array, 1 << 19, 1], [Float64Array, (1 << 17) + 1, 2]] as const) {
      const { value, yields } = made(zeroedArray(length, width));
      expect(yields, `${width.name} ${length}`).toBe(steps);
      expect(value).toBeInstanceOf(width);
      expect(value.length).toBe(length);
    }
  });
});

describe("steps that wait", () => {
  it("give the value of a promise once a runner has waited for it, and refuse to be run through at once", async () => {
    function* twice(value: Promise<number>) {
      const n = yield* awaiting(value);
      yield;
      return n * 2;
    }
    // A runner that waits for what a step yields, as the engine's does.
    const run = async <T>(steps: WaitingSteps<T>): Promise<T> => {
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) return step.value;
        if (step.value) await step.value;
      }
    };
    expect(await run(twice(Promise.resolve(21)))).toBe(42);
    await expect(run(twice(Promise.reject(new RangeError("damaged"))))).rejects.toThrow(RangeError);
    expect(() => finish(twice(Promise.resolve(1)))).toThrow(TypeError);
    // Steps that do not wait run through as before.
    expect(finish(zeroedArray(3)).length).toBe(3);
  });
});
