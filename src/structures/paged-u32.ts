/**
 * Unsigned 32-bit numbers by index, in pages of PAGE: growing adds a page and copies at most half of
 * one (a page begins small and doubles). Doubling
 * one array of millions copies it and touches every page of the copy at once (a quarter of a second
 * at a million records, seconds at ten million).
 */
import { grownPage } from "./grown-page.js";
import { lastingArray } from "./lasting-memory.js";

const PAGE_BITS = 16;
const PAGE = 1 << PAGE_BITS;
const MASK = PAGE - 1;
/** The size a page begins at. */
const FIRST_PAGE = 64;

/** What a reader of the numbers needs. */
export interface U32Reader {
  get(index: number): number;
}

export class PagedU32 implements U32Reader {
  private pages: Array<Uint32Array | undefined> = [];

  /** 0 where nothing was set. */
  get(index: number): number {
    return this.pages[index >>> PAGE_BITS]?.[index & MASK] ?? 0;
  }

  set(index: number, value: number): void {
    const at = index & MASK;
    let page = this.pages[index >>> PAGE_BITS];
    if (!page || at >= page.length) page = this.grown(index >>> PAGE_BITS, at);
    page[at] = value;
  }

  /**
   * Page `p` made or grown to hold `at`: a page begins small and doubles up to PAGE, so that a table
   * of a few numbers (a small index has hundreds) does not take a quarter of a megabyte.
   */
  private grown(p: number, at: number): Uint32Array {
    // Pages before it that were never written stay empty: `get` reads 0 there.
    return (this.pages[p] = grownPage(this.pages[p], at + 1, FIRST_PAGE, PAGE, (n) => lastingArray(n)));
  }

  /** The numbers at indexes 0 to `limit` - 1, end to end in a fresh array (what a save writes), a page a step. */
  *copying(limit: number): Generator<void, Uint32Array> {
    const out = new Uint32Array(limit);
    for (let p = 0; p * PAGE < limit; p++) {
      const page = this.pages[p];
      if (page) out.set(page.subarray(0, Math.min(page.length, limit - p * PAGE)), p * PAGE);
      yield;
    }
    return out;
  }

  /** Numbers laid out as `copying` gives them, taken as they lie: each page a view of `values`, nothing copied. */
  static over(values: Uint32Array): PagedU32 {
    const out = new PagedU32();
    for (let at = 0; at < values.length; at += PAGE) out.pages.push(values.subarray(at, Math.min(values.length, at + PAGE)));
    return out;
  }

  /**
   * The numbers as they are now, sharing the pages: for a writer that only sets indexes it never set
   * before, values read through it never change.
   */
  snapshot(): U32Reader {
    const copy = new PagedU32();
    copy.pages = [...this.pages];
    return copy;
  }
}
