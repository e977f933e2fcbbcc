/** Lists of value ids in pages: every list reads back as written and none changes another; lists let go counted for compaction. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValueLists } from "../../src/index/value-lists.js";

const LIMIT = 0x80000000;
/** Pages of 16 entries: lists longer than a page, and many that do not fit the rest of one. */
const PAGE_BITS = 4;
const PAGE = 1 << PAGE_BITS;

const contents = (lists: ValueLists, at: number): number[] => Array.from({ length: lists.length(at) }, (_, i) => lists.id(at, i));

describe("ValueLists", () => {
  // Pages of 16 entries (lists longer than a page), and of 256 (a page's array doubled as it fills).
  it.each([4, 8])("reads every list back as written, through `id` and through its array, with pages of 2^%i", (pageBits) => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 40, size: "max" }), { minLength: 1, maxLength: 60 }), (written) => {
        const lists = new ValueLists(pageBits);
        const starts = written.map((ids) => {
          const at = lists.add(ids.length, LIMIT);
          ids.forEach((id, i) => lists.setId(at, i, id));
          return at;
        });
        written.forEach((ids, k) => {
          const at = starts[k];
          expect(contents(lists, at)).toEqual(ids);
          const array = lists.arrayOf(at);
          const offset = lists.offsetOf(at);
          expect(Array.from(array.subarray(offset + 1, offset + 1 + ids.length))).toEqual(ids);
        });
        expect(new Set(starts).size).toBe(starts.length);
      }),
      { numRuns: 200 },
    );
  });

  it("copies a list from other lists, and counts only lists let go towards compaction", () => {
    const lists = new ValueLists(PAGE_BITS);
    // Lists of 9 entries: each starts a page, leaving 7 unused, which is not dead.
    const starts = Array.from({ length: 1000 }, (_, k) => {
      const at = lists.add(8, LIMIT);
      for (let i = 0; i < 8; i++) lists.setId(at, i, k * 8 + i);
      return at;
    });
    expect(starts.slice(0, 3)).toEqual([0, PAGE, 2 * PAGE]);
    // Half of the 9,000 entries in lists let go is not yet more than half.
    expect(starts.slice(0, 500).some((at) => lists.release(at))).toBe(false);
    expect(lists.release(starts[500])).toBe(true);
    const copy = new ValueLists(PAGE_BITS);
    const at = copy.addCopy(lists, starts[999], LIMIT);
    expect(contents(copy, at)).toEqual(contents(lists, starts[999]));
  });

});
