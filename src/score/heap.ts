/**
 * Sifting in a binary heap stored in arrays, the heap's own comparison and
 * exchange given as functions: the root is the item `worse` puts last.
 */
export interface HeapOps {
  /** Whether the item at `i` ranks below the one at `j`. */
  worse(i: number, j: number): boolean;
  swap(i: number, j: number): void;
}

/** Moves the item at `i` up while it ranks below its parent. */
export function siftUp(ops: HeapOps, i: number): void {
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!ops.worse(i, p)) break;
    ops.swap(i, p);
    i = p;
  }
}

/** Moves the item at `i` down while a child ranks below it, in a heap of `n` items. */
export function siftDown(ops: HeapOps, i: number, n: number): void {
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < n && ops.worse(l, m)) m = l;
    if (r < n && ops.worse(r, m)) m = r;
    if (m === i) break;
    ops.swap(i, m);
    i = m;
  }
}
