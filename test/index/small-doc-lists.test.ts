/**
 * Short lists of documents end to end in pages, against plain sets: lists made, grown past their
 * regions (into other pages), shrunk and let go in any order, regions handed out again, and no list
 * changing another.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SMALL, SmallDocLists } from "../../src/index/small-doc-lists.js";

const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe("SmallDocLists", () => {
  // Pages of 65,536 entries as built, and of 128, where a list moving to a larger region crosses into another page.
  it.each([undefined, 7])("holds what sets hold, however lists grow, shrink, move and are let go (page bits %s)", (pageBits) => {
    // Lists are rarely let go, so that most runs fill one to MAX_SMALL.
    const op = fc.nat(999).map((n) => (n < 4 ? "release" : n < 90 ? "delete" : n < 120 ? "make" : "add"));
    const step = fc.tuple(op, fc.nat(3), fc.nat(150));
    fc.assert(
      fc.property(fc.array(step, { minLength: 400, maxLength: 800 }), (steps) => {
        const lists = new SmallDocLists(pageBits);
        // Four owners, each holding a list's place (or none) and its model; a list reaches MAX_SMALL in most runs.
        const places: Array<number | undefined> = [];
        const models: Array<Set<number>> = [];
        for (const [op, owner, doc] of steps) {
          const at = places[owner];
          if (at === undefined) {
            if (op !== "make") continue;
            places[owner] = lists.pair(doc, doc + 1 + (owner % 3));
            models[owner] = new Set([doc, doc + 1 + (owner % 3)]);
          } else if (op === "add") {
            const moved = lists.add(at, doc);
            if (moved < 0) {
              expect(models[owner].size).toBe(MAX_SMALL);
              expect(models[owner].has(doc)).toBe(false);
            } else {
              places[owner] = moved;
              models[owner].add(doc);
            }
          } else if (op === "delete") {
            expect(lists.delete(at, doc)).toBe((models[owner].delete(doc), models[owner].size));
          } else if (op === "release") {
            lists.release(at);
            places[owner] = undefined;
          }
          for (let o = 0; o < 4; o++) {
            if (places[o] === undefined) continue;
            expect([...lists.view(places[o]!)]).toEqual(sorted(models[o]));
            expect(lists.length(places[o]!)).toBe(models[o].size);
          }
        }
        for (let o = 0; o < 4; o++) if (places[o] !== undefined) for (const doc of [0, 37, 149]) expect(lists.has(places[o]!, doc)).toBe(models[o].has(doc));
      }),
      { numRuns: 100 },
    );
  });

  it("hands regions let go out again instead of growing", () => {
    const lists = new SmallDocLists();
    const used = () => (lists as unknown as { regions: { used: number } }).regions.used;
    const full = () => {
      let at = lists.pair(1, 2);
      for (let doc = 3; doc <= MAX_SMALL; doc++) at = lists.add(at, doc);
      return at;
    };
    let held = Array.from({ length: 10 }, full);
    const before = used();
    for (let round = 0; round < 20; round++) {
      for (const at of held) lists.release(at);
      held = Array.from({ length: 10 }, full);
      for (const at of held) expect([...lists.view(at)]).toEqual(Array.from({ length: MAX_SMALL }, (_, i) => i + 1));
      expect(new Set(held).size).toBe(10);
    }
    expect(used()).toBe(before);
  });

  it("makes a list from a slice of an array", () => {
    const lists = new SmallDocLists();
    const docs = Uint32Array.from({ length: 100 }, (_, i) => i * 3);
    const at = lists.make(docs, 10, 10 + MAX_SMALL);
    expect([...lists.view(at)]).toEqual([...docs.subarray(10, 10 + MAX_SMALL)]);
    expect(() => lists.make(docs, 0, MAX_SMALL + 1)).toThrow(RangeError);
  });
});
