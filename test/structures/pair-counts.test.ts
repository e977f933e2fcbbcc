/**
 * PairCounts against a Map of Maps: counts, membership, items per group and rows, with groups and
 * items whose joined spellings could be confused (the pair key must tell "a:" + "b" from "a" + ":b"),
 * and the rows as a save copies them (`copying`): pairs kept as bytes, long ones, and ones past U+00FF kept as strings.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PairCounts } from "../../src/structures/pair-counts.js";
import { StringList } from "../../src/structures/string-list.js";

/** The rows `copying` gives, and how many times it yielded, copying in steps of `every`. */
function copied(counts: PairCounts, every: number): { rows: Array<[string, string, number]>; steps: number } {
  const [groups, items, values] = [new StringList(), new StringList(), new Uint32Array(counts.size)];
  const steps = [...counts.copying(groups, items, values, every)].length;
  return { rows: groups.slice().map((group, i) => [group!, items.at(i)!, values[i]]), steps };
}

const NAMES = ["", "a", "a:", ":b", "b", "1:a", "ab", "é", "owner/repo", "12:Ω", "y".repeat(600), "z".repeat(1100)];
const name = fc.constantFrom(...NAMES);

describe.each([false, true])("PairCounts (byGroup %s)", (byGroup) => {
  it("counts as a map of maps does, a pair leaving once its count is 0", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, name, fc.constantFrom(1, 1, 2, -1)), { maxLength: 80 }), (steps) => {
        const counts = new PairCounts(byGroup);
        const model = new Map<string, Map<string, number>>();
        for (const [group, item, by] of steps) {
          // Readers count in before they count out: a count never goes below 0.
          const now = model.get(group)?.get(item) ?? 0;
          if (now + by < 0) continue;
          counts.add(group, item, by);
          const items = model.get(group) ?? new Map<string, number>();
          if (now + by) items.set(item, now + by);
          else items.delete(item);
          model.set(group, items);
        }
        for (const group of NAMES) {
          for (const item of NAMES) {
            expect(counts.count(group, item)).toBe(model.get(group)?.get(item) ?? 0);
            expect(counts.has(group, item)).toBe(!!model.get(group)?.has(item));
          }
          expect([...counts.items(group)].sort()).toEqual([...(model.get(group)?.keys() ?? [])].sort());
        }
        const rows = [...model].flatMap(([group, items]) => [...items].map(([item, n]) => [group, item, n]));
        expect([...counts.rows()].sort()).toEqual(rows.sort());
        expect(counts.size).toBe(rows.length);
        const copy = copied(counts, 3);
        expect(copy.rows).toEqual([...counts.rows()]);
        expect(copy.steps).toBe(Math.floor(rows.length / 3));
      }),
      { numRuns: 300 },
    );
  });

  it("gives a group's items in the order first counted", () => {
    const counts = new PairCounts(byGroup);
    for (const item of ["c", "a", "b"]) counts.add("hidden", item, 1);
    counts.add("other", "z", 1);
    counts.add("hidden", "a", -1);
    counts.add("hidden", "a", 1);
    expect([...counts.items("hidden")]).toEqual(["c", "b", "a"]);
    expect([...counts.rows()]).toEqual([["hidden", "c", 1], ["hidden", "b", 1], ["other", "z", 1], ["hidden", "a", 1]]);
  });
});
