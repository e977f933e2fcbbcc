import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PagedU32 } from "../../src/structures/paged-u32.js";

describe("PagedU32", () => {
  it("holds what an array holds, across pages, with 0 where nothing was set", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(300_000), fc.nat({ max: 0xffffffff })), { maxLength: 50 }), (writes) => {
        const paged = new PagedU32();
        const model = new Map<number, number>();
        for (const [i, v] of writes) {
          paged.set(i, v);
          model.set(i, v);
        }
        for (const [i] of writes) expect(paged.get(i)).toBe(model.get(i));
        expect(paged.get(400_000)).toBe(0);
        if (writes.length) expect(paged.get(writes[0][0] + 1)).toBe(model.get(writes[0][0] + 1) ?? 0);
      }),
      { numRuns: 50 },
    );
  });

  it("a snapshot reads what was set before it, while indexes past it are set", () => {
    const paged = new PagedU32();
    for (let i = 0; i < 70_000; i++) paged.set(i, i * 3);
    const snapshot = paged.snapshot();
    for (let i = 70_000; i < 200_000; i++) paged.set(i, 7);
    expect(snapshot.get(69_999)).toBe(69_999 * 3);
    expect(snapshot.get(1)).toBe(3);
    expect(snapshot.get(150_000)).toBe(0);
    expect(paged.get(150_000)).toBe(7);
  });
});
