/**
 * Ordering of matches: best match (score desc) or a sort column, with
 * deterministic tie-breaks (score, then the kind's order key, ascending), and
 * selection of the top `k` without sorting every match.
 */
import { siftDown, siftUp, type HeapOps } from "./heap.js";

export interface Ranked {
  doc: number;
  score: number;
  /** Sort column value (NaN when the document has none: it sorts last). */
  key: number;
  order: number;
}

export type Comparator = (a: Ranked, b: Ranked) => number;

export function comparator(sorted: boolean, direction: "asc" | "desc"): Comparator {
  const byScore = (a: Ranked, b: Ranked) => b.score - a.score || a.order - b.order || a.doc - b.doc;
  if (!sorted) return byScore;
  const sign = direction === "asc" ? 1 : -1;
  return (a, b) => {
    const an = Number.isNaN(a.key);
    const bn = Number.isNaN(b.key);
    if (an !== bn) return an ? 1 : -1;
    if (!an && a.key !== b.key) return sign * (a.key - b.key);
    return byScore(a, b);
  };
}

/**
 * The best `k` items offered so far in `compare` order: a bounded max-heap
 * whose root is the worst item kept. Offering in blocks gives the same answer
 * as offering everything at once, since the order is total.
 */
export class TopK implements HeapOps {
  private readonly heap: Ranked[] = [];

  /** `direction` is the sort column's, when ranking by a column; it lets `mayTake` judge by key alone. */
  constructor(
    private readonly k: number,
    private readonly compare: Comparator,
    private readonly direction?: "asc" | "desc",
  ) {}

  /**
   * False when an item with this sort key is sure to rank below every kept
   * item, so its score need not be computed. Always true without a sort column.
   */
  mayTake(key: number): boolean {
    if (!this.direction || this.heap.length < this.k) return this.k > 0;
    const worst = this.heap[0].key;
    const missing = Number.isNaN(key);
    if (missing !== Number.isNaN(worst)) return !missing;
    if (missing || key === worst) return true;
    return this.direction === "asc" ? key < worst : key > worst;
  }

  offer(item: Ranked): void {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push(item);
      siftUp(this, heap.length - 1);
    } else if (this.k > 0 && this.compare(item, heap[0]) < 0) {
      heap[0] = item;
      siftDown(this, 0, heap.length);
    }
  }

  /** The kept items, best first. */
  sorted(): Ranked[] {
    return [...this.heap].sort(this.compare);
  }

  /** Whether the kept item at `i` ranks below the one at `j`. */
  worse(i: number, j: number): boolean {
    return this.compare(this.heap[i], this.heap[j]) > 0;
  }

  swap(i: number, j: number): void {
    [this.heap[i], this.heap[j]] = [this.heap[j], this.heap[i]];
  }
}
