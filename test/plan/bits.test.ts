/**
 * Block bitsets against plain arrays: seeking, filling from a list, counting, narrowing by a test
 * and reading documents back give what a loop over the documents gives.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appendDocs, countBits, fillFromList, fillTested, keepTested, seek, wordsFor } from "../../src/plan/bits.js";

const ascending = (docs: number[]) => Uint32Array.from(new Set(docs)).sort();

/** A block: `lo` a multiple of 32, up to 1,024 slots. */
const block = fc.record({ lo: fc.nat(40).map((n) => n * 32), size: fc.integer({ min: 1, max: 1024 }) });

const read = (bits: Uint32Array, lo: number, hi: number) => {
  const out = new Uint32Array(hi - lo);
  return Array.from(out.subarray(0, appendDocs(bits, wordsFor(hi - lo), lo, out, 0)));
};

describe("block bitsets", () => {
  it("seek finds the first entry at or after a target from any cursor", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(3000), { maxLength: 300 }), fc.nat(3100), fc.nat(400), (docs, target, from) => {
        const list = ascending(docs);
        const start = Math.min(from, list.length);
        const expected = list.findIndex((d) => d >= target);
        expect(seek(list, start, target)).toBe(expected < 0 ? list.length : expected);
      }),
    );
  });

  it("fills a block from a list, following blocks in order with one cursor, and reads it back", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(3999), { maxLength: 500 }), fc.integer({ min: 1, max: 1024 }), (docs, size) => {
        const list = ascending(docs);
        const step = Math.ceil(size / 32) * 32;
        let cursor = 0;
        const seen: number[] = [];
        for (let lo = 0; lo < 4000; lo += step) {
          const hi = Math.min(4000, lo + step);
          const bits = new Uint32Array(wordsFor(hi - lo));
          cursor = fillFromList(list, cursor, bits, lo, hi);
          const inBlock = Array.from(list).filter((d) => d >= lo && d < hi);
          expect(countBits(bits, bits.length)).toBe(inBlock.length);
          expect(read(bits, lo, hi)).toEqual(inBlock);
          seen.push(...inBlock);
        }
        expect(seen).toEqual(Array.from(list));
      }),
    );
  });

  it("sets what a test accepts and clears what a test refuses", () => {
    fc.assert(
      fc.property(block, fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 5 }), ({ lo, size }, a, b) => {
        const hi = lo + size;
        const bits = new Uint32Array(wordsFor(size));
        fillTested(bits, lo, hi, (d) => d % a === 0);
        const slots = Array.from({ length: size }, (_, i) => lo + i);
        expect(read(bits, lo, hi)).toEqual(slots.filter((d) => d % a === 0));
        keepTested(bits, bits.length, lo, (d) => d % b !== 0);
        expect(read(bits, lo, hi)).toEqual(slots.filter((d) => d % a === 0 && d % b !== 0));
      }),
    );
  });
});
