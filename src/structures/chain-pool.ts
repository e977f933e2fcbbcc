/**
 * Many lists of 32-bit numbers that grow by appends, each a chain of slices in shared pages: a
 * slice holds as many numbers as its list had before it (one for the first two, up to MAX_DATA),
 * then the address of the next slice. Nothing is copied as a list grows and nothing lies on the
 * collector's heap: a load appends tens of millions of posting entries at a million records, and as
 * arrays of doubles they were most of the heap a full collection marks (231 MB late in a 1M load),
 * their copies on growth the garbage that set collections off.
 *
 * Addresses are numbers of cells from the pool's start; a slice never crosses a page (the rest of
 * a page too short for the next slice is left unused). Memory is never handed back slice by slice:
 * a list read out and `reset` leaves its slices as `abandoned`, and the pool is let go as a whole.
 */
import { lastingArray } from "./lasting-memory.js";

/** Pages of 65,536 cells (256 KB). */
const PAGE_BITS = 16;
const PAGE = 1 << PAGE_BITS;
const MASK = PAGE - 1;
/** Numbers a slice holds at most (a slice is one cell more, its link). */
const MAX_DATA = (1 << 13) - 1;
/** Cells of state per chain: its first slice, where its next number goes, its current slice's link cell, its count. */
const STATE = 4;
const [HEAD, WRITE, LINK, COUNT] = [0, 1, 2, 3];
/** The last address a pool hands out: pages past it could not be addressed in 32 bits. */
const LAST_ADDRESS = 2 ** 32 - 1;

/** Numbers the slice after `count` numbers holds. */
const dataAfter = (count: number): number => Math.max(1, Math.min(MAX_DATA, count));

export class ChainPool {
  /** Chains handed out. */
  chains = 0;
  /** Cells of slices of chains that were reset. */
  abandoned = 0;
  /** Numbers in all chains. */
  pending = 0;
  private pages: Uint32Array[] = [];
  /** The next free address; 0 is never handed out, so that a chain's head tells it was begun. */
  private used = 1;
  private state = new Uint32Array(STATE * 16);

  /** A new, empty chain's id. */
  newChain(): number {
    if ((this.chains + 1) * STATE > this.state.length) {
      const state = new Uint32Array(this.state.length * 2);
      state.set(this.state);
      this.state = state;
    }
    return this.chains++;
  }

  /** Numbers in the chain. */
  count(chain: number): number {
    return this.state[chain * STATE + COUNT];
  }

  /** Where the chain's first slice begins (0 while it is empty): a chain reset and begun again begins elsewhere. */
  head(chain: number): number {
    return this.state[chain * STATE + HEAD];
  }

  push(chain: number, value: number): void {
    const s = chain * STATE;
    const state = this.state;
    let write = state[s + WRITE];
    if (state[s + HEAD] === 0) {
      write = this.slice(chain, dataAfter(0));
      state[s + HEAD] = write;
    } else if (write === state[s + LINK]) {
      const next = this.slice(chain, dataAfter(state[s + COUNT]));
      this.pages[write >>> PAGE_BITS][write & MASK] = next;
      write = next;
    }
    this.pages[write >>> PAGE_BITS][write & MASK] = value;
    state[s + WRITE] = write + 1;
    state[s + COUNT]++;
    this.pending++;
  }

  /** Copies the chain's first `count` numbers (all by default) into `out` from `at`. */
  copyTo(chain: number, out: Uint32Array | number[], at: number, count = this.count(chain)): void {
    const steps = this.copying(chain, out, at, count, Infinity);
    while (!steps.next().done);
  }

  /**
   * `copyTo` in steps of `perStep` numbers: the chain's first `count` numbers stay as they are while
   * numbers are appended after them, so appends may come between the steps.
   */
  *copying(chain: number, out: Uint32Array | number[], at: number, count: number, perStep: number): Generator<void, void> {
    let address = this.head(chain);
    /** Numbers of the chain before the current slice, and copied of it. */
    let before = 0;
    let inSlice = 0;
    let copied = 0;
    let stepEnd = Math.min(count, perStep);
    while (copied < count) {
      const data = dataAfter(before);
      const n = Math.min(data - inSlice, stepEnd - copied);
      const page = this.pages[address >>> PAGE_BITS];
      const from = (address & MASK) + inSlice;
      if (Array.isArray(out)) for (let i = 0; i < n; i++) out[at + copied + i] = page[from + i];
      else out.set(page.subarray(from, from + n), at + copied);
      copied += n;
      inSlice += n;
      if (inSlice === data) {
        address = page[(address & MASK) + data];
        before += data;
        inSlice = 0;
      }
      if (copied === stepEnd && copied < count) {
        stepEnd = Math.min(count, copied + perStep);
        yield;
      }
    }
  }

  /** Empties the chain; its slices are left unused. Returns their cells. */
  reset(chain: number): number {
    const count = this.count(chain);
    let cells = 0;
    // The slices its count filled or began, sized as `push` sized them.
    for (let before = 0; before < count; before += dataAfter(before)) cells += dataAfter(before) + 1;
    this.pending -= count;
    this.state.fill(0, chain * STATE, (chain + 1) * STATE);
    this.abandoned += cells;
    return cells;
  }

  /** Cells handed out, those left at the ends of pages included. */
  get size(): number {
    return this.used - 1;
  }

  /** A slice of `data` numbers and a link for the chain; returns where it begins, its link cell noted as the chain's. */
  private slice(chain: number, data: number): number {
    const cells = data + 1;
    const offset = this.used & MASK;
    const at = offset + cells > PAGE ? this.used + PAGE - offset : this.used;
    if (at + cells - 1 > LAST_ADDRESS) throw new RangeError("posting lists past 2^32 entries being appended at once");
    const page = at >>> PAGE_BITS;
    this.pages[page] ??= lastingArray(PAGE);
    this.used = at + cells;
    this.state[chain * STATE + LINK] = at + data;
    return at;
  }
}
