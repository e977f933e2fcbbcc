/** Regions in pages: each starts zeroed, keeps what is written to it, stays within its page (or starts one when longer). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PagedRegions } from "../../src/structures/paged-regions.js";

const LIMIT = 2 ** 31;

describe("PagedRegions", () => {
  // Pages of 16 numbers (regions longer than a page), and of 256 (a page's array doubled as it fills).
  it.each([4, 8])("keeps every region as written, with pages of 2^%i", (pageBits) => {
    const page = 1 << pageBits;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 80 }), (sizes) => {
        const regions = new PagedRegions(pageBits);
        const starts = sizes.map((size, k) => {
          const at = regions.add(size, LIMIT, "full");
          const array = regions.arrayOf(at);
          const offset = regions.offsetOf(at);
          expect(Array.from(array.subarray(offset, offset + size))).toEqual(new Array(size).fill(0));
          for (let i = 0; i < size; i++) array[offset + i] = k * 100 + i;
          return at;
        });
        sizes.forEach((size, k) => {
          const at = starts[k];
          const offset = regions.offsetOf(at);
          expect(Array.from(regions.arrayOf(at).subarray(offset, offset + size))).toEqual(Array.from({ length: size }, (_, i) => k * 100 + i));
          if (size <= page) expect(Math.floor(at / page)).toBe(Math.floor((at + size - 1) / page));
          else expect(at % page).toBe(0);
        });
        // Regions do not overlap: each starts past the one before.
        for (let k = 1; k < starts.length; k++) expect(starts[k]).toBeGreaterThanOrEqual(starts[k - 1] + sizes[k - 1]);
      }),
      { numRuns: 200 },
    );
  });

  it("counts what it leaves unused at the ends of pages, and refuses a region past the limit", () => {
    const regions = new PagedRegions(4);
    expect([regions.add(9, LIMIT, "full"), regions.add(9, LIMIT, "full")]).toEqual([0, 16]);
    expect(regions.skipped).toBe(7);
    expect(() => regions.add(20, 40, "full")).toThrow(new RangeError("full"));
    // Refused, it changed nothing.
    expect([regions.used, regions.skipped]).toEqual([25, 7]);
  });
});
