/**
 * Chains of appends against plain arrays: every chain reads back what was pushed to it, in order,
 * whole or in steps with pushes between the steps, across pages, and again from nothing once reset.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChainPool } from "../../src/structures/chain-pool.js";

const read = (pool: ChainPool, chain: number, typed: boolean): number[] => {
  const out = typed ? new Uint32Array(pool.count(chain)) : new Array<number>(pool.count(chain));
  pool.copyTo(chain, out, 0);
  return Array.from(out);
};

describe("ChainPool", () => {
  const op = fc.oneof(
    { weight: 20, arbitrary: fc.record({ push: fc.nat(7), value: fc.nat({ max: 2 ** 32 - 1 }), times: fc.integer({ min: 1, max: 40 }) }) },
    { weight: 2, arbitrary: fc.record({ read: fc.nat(7), typed: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ reset: fc.nat(7) }) },
  );

  it("reads back every chain's numbers in order, and nothing of a chain reset", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const pool = new ChainPool();
        const chains = Array.from({ length: 8 }, () => pool.newChain());
        const model: number[][] = chains.map(() => []);
        for (const step of ops) {
          if ("push" in step) {
            for (let i = 0; i < step.times; i++) pool.push(chains[step.push], (step.value + i) >>> 0);
            for (let i = 0; i < step.times; i++) model[step.push].push((step.value + i) >>> 0);
          } else if ("read" in step) expect(read(pool, chains[step.read], step.typed)).toEqual(model[step.read]);
          else {
            pool.reset(chains[step.reset]);
            model[step.reset] = [];
          }
        }
        chains.forEach((chain, i) => {
          expect(pool.count(chain)).toBe(model[i].length);
          expect(read(pool, chain, true)).toEqual(model[i]);
        });
        expect(pool.pending).toBe(model.reduce((sum, m) => sum + m.length, 0));
      }),
    );
  });

  it("holds chains across many pages, each slice within one, a reset chain's cells counted as abandoned", () => {
    const pool = new ChainPool();
    const chains = Array.from({ length: 50 }, () => pool.newChain());
    // Interleaved pushes: long and short chains share pages, slices of every size leave page ends unused.
    for (let round = 0; round < 50_000; round++) for (let c = 0; c < chains.length; c++) if (round % (c + 1) === 0) pool.push(chains[c], round * 64 + c);
    expect(pool.size).toBeGreaterThan(3 * 65_536);
    chains.forEach((chain, c) => {
      const expected = Array.from({ length: 50_000 }, (_, round) => round).filter((round) => round % (c + 1) === 0).map((round) => round * 64 + c);
      expect(read(pool, chain, c % 2 === 0)).toEqual(expected);
    });
    const head = pool.head(chains[0]);
    pool.reset(chains[0]);
    expect(pool.abandoned).toBeGreaterThanOrEqual(50_000);
    expect(pool.count(chains[0])).toBe(0);
    pool.push(chains[0], 9);
    expect(pool.head(chains[0])).not.toBe(head);
    expect(read(pool, chains[0], true)).toEqual([9]);
  });

  it("copies in steps of the number asked, with pushes between the steps left out", () => {
    const pool = new ChainPool();
    const chain = pool.newChain();
    for (let i = 0; i < 100_000; i++) pool.push(chain, i);
    const out = new Uint32Array(100_000);
    let steps = 0;
    for (const _ of pool.copying(chain, out, 0, 100_000, 10_000)) {
      steps++;
      pool.push(chain, 7);
    }
    expect(steps).toBe(9);
    expect(Array.from(out)).toEqual(Array.from({ length: 100_000 }, (_, i) => i));
    expect(pool.count(chain)).toBe(100_000 + steps);
  });
});
