/** The paired tests against values known from tables and exact enumeration. */
import { describe, expect, it } from "vitest";
import { pairedT, pairedTest, randomization, studentTwoSided } from "../../src/eval/index.js";
import { incompleteBeta } from "../../src/eval/significance.js";

describe("paired t-test", () => {
  it("Student's t: the tabled two-sided 5% points", () => {
    expect(studentTwoSided(2.228139, 10)).toBeCloseTo(0.05, 5);
    expect(studentTwoSided(12.7062, 1)).toBeCloseTo(0.05, 4);
    expect(studentTwoSided(1.959964, 1e7)).toBeCloseTo(0.05, 5);
    expect(studentTwoSided(0, 5)).toBe(1);
  });
  it("the incomplete beta function: I_0.5(2, 3) = P(Binomial(4, 0.5) ≥ 2) = 11/16", () => {
    expect(incompleteBeta(0.5, 2, 3)).toBeCloseTo(11 / 16, 12);
    expect(incompleteBeta(0.2, 1, 1)).toBeCloseTo(0.2, 12);
  });
  it("differences 1..5: t = 4.2426 on 4 degrees of freedom, p = 0.0132", () => {
    expect(pairedT([1, 2, 3, 4, 5])).toBeCloseTo(0.01324, 4);
    expect(pairedTest([2, 3, 4, 5, 6], [1, 1, 1, 1, 1], { test: "t-test" })).toBeCloseTo(0.01324, 4);
  });
  it("no difference: p = 1; a constant non-zero difference: p = 0", () => {
    expect(pairedT([0, 0, 0])).toBe(1);
    expect(pairedT([0.5, 0.5, 0.5])).toBe(0);
  });
});

describe("paired randomization test", () => {
  it("ten equal gains: the exact p is 2/1024, the estimate near it", () => {
    const p = randomization(Array(10).fill(0.1), 20_000, 7);
    expect(p).toBeGreaterThan(0.001);
    expect(p).toBeLessThan(0.0035);
  });
  it("repeats exactly under one seed, and p is never 0", () => {
    const diffs = [0.3, -0.1, 0.2, 0.05, 0.4, -0.2, 0.1];
    expect(randomization(diffs, 5000, 3)).toBe(randomization(diffs, 5000, 3));
    expect(randomization(Array(30).fill(1), 1000, 1)).toBe(1 / 1001);
  });
  it("no difference, or differences that cancel: p = 1", () => {
    expect(pairedTest([0.5, 0.2], [0.5, 0.2])).toBe(1);
    expect(randomization([1, -1, 1, -1], 1000, 1)).toBe(1);
  });
  it("a small mixed difference is not significant", () => {
    expect(randomization([0.1, -0.1, 0.05, 0, -0.05, 0.1], 10_000, 1)).toBeGreaterThan(0.3);
  });
  it("unequal samples are a RangeError", () => {
    expect(() => pairedTest([1], [1, 2])).toThrow(RangeError);
  });
});
