/**
 * IdSet against a plain Set (the same ids in the same order), and as FlexSearch's register: an
 * index given one answers and exports as an index with its own `Set`.
 */
import fc from "fast-check";
import FlexSearch from "flexsearch";
import { describe, expect, it } from "vitest";
import { IdSet } from "../../src/structures/id-set.js";

const id = fc.oneof(fc.nat(40), fc.constantFrom(65_535, 65_536, 1_000_000, 2 ** 32 - 2));
const op = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("add" as const), id }), weight: 10 },
  { arbitrary: fc.record({ op: fc.constant("delete" as const), id }), weight: 5 },
  { arbitrary: fc.record({ op: fc.constant("clear" as const) }), weight: 1 },
);

describe("IdSet", () => {
  it("holds what a Set holds, in the same order", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 300 }), (ops) => {
        const set = new IdSet();
        const model = new Set<number>();
        for (const step of ops) {
          if (step.op === "add") {
            expect(set.add(step.id)).toBe(set);
            model.add(step.id);
          } else if (step.op === "delete") expect(set.delete(step.id)).toBe(model.delete(step.id));
          else {
            set.clear();
            model.clear();
          }
          expect(set.size).toBe(model.size);
        }
        expect([...set]).toEqual([...model]);
        expect([...set.keys()]).toEqual([...model.keys()]);
        expect([...set.values()]).toEqual([...model.values()]);
        for (let n = 0; n <= 41; n++) expect(set.has(n)).toBe(model.has(n));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses what is not an id, and holds none of it", () => {
    const set = new IdSet();
    for (const bad of [-1, 1.5, 2 ** 32 - 1, 2 ** 32, NaN]) {
      expect(() => set.add(bad)).toThrow(RangeError);
      expect(set.has(bad)).toBe(false);
      expect(set.delete(bad)).toBe(false);
    }
    expect(set.size).toBe(0);
  });

  it("serves as FlexSearch's register: the same answers and the same export as its own Set", () => {
    const options = { tokenize: "strict" as const, resolution: 1, cache: false, fastupdate: false };
    const ours = new FlexSearch.Index(options, new IdSet() as unknown as Set<number>);
    const theirs = new FlexSearch.Index(options);
    const texts = ["crash on start", "start menu", "menu crash", "docs"];
    for (const index of [ours, theirs]) {
      [7, 3, 100_000, 5].forEach((doc, i) => index.add(doc, texts[i]));
      index.remove(3);
      index.add(3, "crash again");
    }
    expect((ours as unknown as { reg: unknown }).reg).toBeInstanceOf(IdSet);
    for (const word of ["crash", "start", "menu", "docs", "again"]) expect(ours.search(word)).toEqual(theirs.search(word));
    for (const doc of [3, 5, 7, 8, 100_000]) expect(ours.contain(doc)).toBe(theirs.contain(doc));
    const exported = (index: typeof ours) => {
      const parts: Array<[string, string]> = [];
      index.export((key: string, data: string) => {
        parts.push([key, data]);
      });
      return parts;
    };
    expect(exported(ours)).toEqual(exported(theirs));
  });
});
