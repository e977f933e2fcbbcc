/** A fresh array first written in steps of a megabyte: zeroed, its full length, a step per megabyte. */
import { describe, expect, it } from "vitest";
import { zeroedArray } from "../../src/index/steps.js";

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
