/**
 * Lists of value ids end to end, each led by its length, addressed by where it starts, in pages
 * (`PagedRegions`: one array doubled as it filled copied all the lists of a million documents at
 * once). A list replaced or cleared is left in place and counted as dead, for its column to compact
 * once half of what the lists hold is.
 */
import { PagedRegions } from "../structures/paged-regions.js";

export class ValueLists {
  /** Entries of lists let go. */
  dead = 0;
  private readonly regions: PagedRegions;

  /** `pageBits` below 16 only for tests that cross pages with few lists. */
  constructor(pageBits?: number) {
    this.regions = new PagedRegions(pageBits);
  }

  /** Room for a list of `n` ids (each to be set with `setId`), its length written; returns where it starts. Throws a RangeError when it would end past `limit`. */
  add(n: number, limit: number): number {
    const at = this.regions.add(n + 1, limit, "a keyword column holds too many values");
    this.arrayOf(at)[this.offsetOf(at)] = n;
    return at;
  }

  /** Entries handed out, dead and skipped ones included. */
  get used(): number {
    return this.regions.used;
  }

  /** The number of ids in the list at `at`. */
  length(at: number): number {
    return this.arrayOf(at)[this.offsetOf(at)];
  }

  /** The `i`th id (from 0) of the list at `at`. */
  id(at: number, i: number): number {
    return this.arrayOf(at)[this.offsetOf(at) + 1 + i];
  }

  setId(at: number, i: number, id: number): void {
    this.arrayOf(at)[this.offsetOf(at) + 1 + i] = id;
  }

  /** The array holding the list at `at`, for a reader of many lists' ids: the list's length is at `offsetOf(at)`, its ids follow. */
  arrayOf(at: number): Uint32Array {
    return this.regions.arrayOf(at);
  }

  offsetOf(at: number): number {
    return this.regions.offsetOf(at);
  }

  /** A copy of the list at `from` of `other`, added here; returns where it starts. */
  addCopy(other: ValueLists, from: number, limit: number): number {
    const n = other.length(from);
    const at = this.add(n, limit);
    const source = other.offsetOf(from) + 1;
    this.arrayOf(at).set(other.arrayOf(from).subarray(source, source + n), this.offsetOf(at) + 1);
    return at;
  }

  /** The list at `at` is no longer used; true when the lists should be compacted (half of what they hold is dead). */
  release(at: number): boolean {
    this.dead += this.length(at) + 1;
    return this.dead > 4096 && this.dead * 2 > this.used - this.regions.skipped;
  }
}
