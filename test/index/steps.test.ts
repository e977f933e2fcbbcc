/** A fresh array first written in steps of a megabyte: zeroed, its full length, a step per megabyte. */
import { describe, expect, it } from "vitest";
import { zeroedArray } from "../../src/index/steps.js";

describe("zeroedArray", () => {
  it("yields once per megabyte written and returns the whole array zeroed", () => {
    for (const [length, steps] of [[0, 0], [1, 1], [1 << 18, 1], [(1 << 18) + 1, 2], [600_000, 3]] as const) {
      const walk = zeroedArray(length);
      let yields = 0;
      let step = walk.next();
      for (; !step.done; step = walk.next()) yields++;
      expect(yields, `${length}`).toBe(steps);
      expect(step.value.length).toBe(length);
      expect(step.value.every((v) => v === 0)).toBe(true);
    }
  });
});
