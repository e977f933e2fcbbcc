import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BitSet } from "../../src/structures/bit-set.js";

describe("BitSet", () => {
  it("holds exactly the numbers added, across pieces", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 300_000 }), { maxLength: 200 }), fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 200 }), (added, asked) => {
        const set = new BitSet();
        for (const n of added) set.add(n);
        const held = new Set(added);
        for (const n of [...added, ...asked]) expect(set.has(n)).toBe(held.has(n));
      }),
    );
  });

  it("holds no negative or fractional number, and refuses to add one", () => {
    const set = new BitSet();
    set.add(0);
    expect(set.has(-1)).toBe(false);
    expect(set.has(0.5)).toBe(false);
    expect(() => set.add(-1)).toThrow(RangeError);
    expect(() => set.add(1.5)).toThrow(RangeError);
  });
});
