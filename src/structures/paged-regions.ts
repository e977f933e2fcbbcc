/**
 * Regions of 32-bit numbers handed out end to end, each addressed by where it starts, held in
 * pages of 2^pageBits: growing adds a page, or doubles the last one up to a page's size, so no
 * call copies more than half a page. One array doubled as it filled copied everything it held at
 * once into fresh memory: tens of milliseconds on the loop at a million documents.
 *
 * A region never crosses a page boundary: one that does not fit the rest of its page starts the
 * next one (the rest is left unused), and one longer than a page gets an array of its own, under
 * the page it starts at the beginning of (no other region starts in it).
 */
import { grownPage } from "./grown-page.js";
import { lastingArray } from "./lasting-memory.js";

/** Pages of 65,536 numbers (256 KB). */
const PAGE_BITS = 16;
/** The size a page's array begins at. */
const FIRST_ARRAY = 64;

export class PagedRegions {
  /** Numbers handed out, skipped ones included: where the next region would start. */
  used = 0;
  /** Numbers left unused at the ends of pages. */
  skipped = 0;
  private readonly pageBits: number;
  private readonly mask: number;
  /** By page number, the array of its regions. */
  private readonly arrays: Uint32Array[] = [];

  /** `pageBits` below 16 only for tests that cross pages with few regions. */
  constructor(pageBits = PAGE_BITS) {
    this.pageBits = pageBits;
    this.mask = (1 << pageBits) - 1;
  }

  /** Room for `size` numbers (zeros); returns where it starts. Throws a RangeError when it would end past `limit`. */
  add(size: number, limit: number, what: string): number {
    const pageSize = this.mask + 1;
    const offset = this.used & this.mask;
    const skip = offset > 0 && offset + size > pageSize ? pageSize - offset : 0;
    const at = this.used + skip;
    if (at + size > limit) throw new RangeError(what);
    this.skipped += skip;
    const page = at >>> this.pageBits;
    if (size > pageSize) this.arrays[page] = lastingArray(size);
    else {
      const array = this.arrays[page] as Uint32Array | undefined;
      const end = (at & this.mask) + size;
      if (!array || array.length < end) this.arrays[page] = grownPage(array, end, FIRST_ARRAY, pageSize, (n) => lastingArray(n));
    }
    this.used = at + size;
    return at;
  }

  /** The array holding the region at `at`; the region begins at `offsetOf(at)` in it. */
  arrayOf(at: number): Uint32Array {
    return this.arrays[at >>> this.pageBits];
  }

  offsetOf(at: number): number {
    return at & this.mask;
  }
}
