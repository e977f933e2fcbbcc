/** Bitsets kept from one search to the next: zero when taken, never held by two takers at once. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BitsetPool } from "../../src/structures/bitset-pool.js";

describe("BitsetPool", () => {
  it("hands a bitset given back out again, zeroed, in the length asked for", () => {
    const pool = new BitsetPool();
    const first = pool.take(100);
    first.fill(0xffffffff);
    pool.give(first);
    const again = pool.take(60);
    expect(again.buffer).toBe(first.buffer);
    expect(again.length).toBe(60);
    expect(again.every((w) => w === 0)).toBe(true);
    // Taken shorter and given back, the whole of it is kept: a longer take gets it, zeroed where asked.
    again.fill(7);
    pool.give(again);
    const whole = pool.take(100);
    expect(whole.buffer).toBe(first.buffer);
    expect(whole.every((w) => w === 0)).toBe(true);
  });

  it("gives takers in flight at once bitsets of their own, and one given back twice to one taker only", () => {
    const pool = new BitsetPool();
    const a = pool.take(8);
    pool.give(a);
    pool.give(a);
    const b = pool.take(8);
    const c = pool.take(8);
    expect(b.buffer).toBe(a.buffer);
    expect(c.buffer).not.toBe(b.buffer);
  });

  it("keeps no more than its number, the largest ones", () => {
    const pool = new BitsetPool(2);
    const taken = [pool.take(10), pool.take(30), pool.take(20)];
    for (const bits of taken) pool.give(bits);
    const kept = [pool.take(1), pool.take(1)].map((b) => b.buffer);
    expect(kept).toContain(taken[1].buffer);
    expect(kept).toContain(taken[2].buffer);
    expect(pool.take(1).buffer).not.toBe(taken[0].buffer);
  });

  it("never hands one bitset to two takers at once, whatever the order of takes and gives", () => {
    const step = fc.oneof(fc.record({ take: fc.integer({ min: 1, max: 40 }) }), fc.record({ give: fc.nat() }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.integer({ min: 1, max: 4 }), (steps, kept) => {
        const pool = new BitsetPool(kept);
        const held: Uint32Array[] = [];
        for (const s of steps) {
          if ("take" in s) {
            const bits = pool.take(s.take);
            expect(bits.length).toBe(s.take);
            expect(bits.every((w) => w === 0)).toBe(true);
            expect(held.some((h) => h.buffer === bits.buffer)).toBe(false);
            bits.fill(s.take);
            held.push(bits);
          } else if (held.length) {
            pool.give(held.splice(s.give % held.length, 1)[0]);
          }
        }
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });
});
