/**
 * Unsigned 32-bit numbers by index, in pages of PAGE: growing adds a page and copies nothing. Doubling
 * one array of millions copies it and touches every page of the copy at once (a quarter of a second
 * at a million records, seconds at ten million).
 */

const PAGE_BITS = 16;
const PAGE = 1 << PAGE_BITS;
const MASK = PAGE - 1;

/** What a reader of the numbers needs. */
export interface U32Reader {
  get(index: number): number;
}

export class PagedU32 implements U32Reader {
  private pages: Uint32Array[] = [];

  /** 0 where nothing was set. */
  get(index: number): number {
    return this.pages[index >>> PAGE_BITS]?.[index & MASK] ?? 0;
  }

  set(index: number, value: number): void {
    const page = index >>> PAGE_BITS;
    while (this.pages.length <= page) this.pages.push(new Uint32Array(PAGE));
    this.pages[page][index & MASK] = value;
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
