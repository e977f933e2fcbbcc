/**
 * Ordering of matches: best match (score desc) or a sort column, with
 * deterministic tie-breaks (score, then the kind's order key, ascending), and
 * selection of the top `k` without sorting every match.
 */

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

/** The first `k` of `items` in `compare` order (a bounded max-heap of the best k). */
export function topK(items: Iterable<Ranked>, k: number, compare: Comparator): Ranked[] {
  if (k <= 0) return [];
  const heap: Ranked[] = [];
  // heap[0] is the worst of the kept items.
  const worse = (i: number, j: number) => compare(heap[i], heap[j]) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(i, p)) break;
      swap(i, p);
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(l, m)) m = l;
      if (r < heap.length && worse(r, m)) m = r;
      if (m === i) break;
      swap(i, m);
      i = m;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (compare(item, heap[0]) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}
