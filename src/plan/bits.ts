/**
 * Block bitsets: the documents of one range [lo, hi) of slots as bits, bit `d - lo` of word
 * `(d - lo) >>> 5`, `lo` a multiple of 32. Operators fill them from ascending lists or by testing,
 * and combine them a word at a time; nothing here allocates per document.
 */

/** Words of a block of `size` slots. */
export const wordsFor = (size: number): number => (size + 31) >>> 5;

/**
 * The first index at or after `from` (before `end`, the list's length unless given) whose value is
 * at least `target`, or `end` (galloping, then binary search).
 */
export function seek(list: ArrayLike<number>, from: number, target: number, end = list.length): number {
  let lo = from;
  if (lo > 0 && list[lo - 1] >= target) lo = 0;
  let step = 1;
  let hi = lo;
  while (hi < end && list[hi] < target) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > end) hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Sets the bits of the list's documents in [lo, hi), starting the search at `from` (a cursor kept
 * between blocks visited in ascending order); returns the index after the last one set.
 */
export function fillFromList(list: ArrayLike<number>, from: number, out: Uint32Array, lo: number, hi: number): number {
  let at = seek(list, from, lo);
  for (; at < list.length; at++) {
    const doc = list[at];
    if (doc >= hi) break;
    const bit = doc - lo;
    out[bit >>> 5] |= 1 << (bit & 31);
  }
  return at;
}

/** Sets the bits of a bitmap over every slot (as long as its last document needs) in a block of slots [lo, hi). */
export function orFromBitmap(map: Uint32Array, out: Uint32Array, lo: number, hi: number): void {
  const first = lo >>> 5;
  const end = Math.min(wordsFor(hi - lo), map.length - first);
  for (let i = 0; i < end; i++) out[i] |= map[first + i];
}

/**
 * Keeps, of a block of slots [lo, hi), the bits that one of the bitmaps over every slot (each as long
 * as its last document needs) holds: a conjunction narrowed by a union of bitmaps in one pass.
 */
export function andFromBitmaps(maps: readonly Uint32Array[], out: Uint32Array, lo: number, hi: number): void {
  const first = lo >>> 5;
  const words = wordsFor(hi - lo);
  if (maps.length === 1) {
    const map = maps[0];
    const end = Math.max(0, Math.min(words, map.length - first));
    for (let i = 0; i < end; i++) out[i] &= map[first + i];
    if (end < words) out.fill(0, end, words);
    return;
  }
  for (let i = 0; i < words; i++) {
    const at = first + i;
    let union = 0;
    for (let m = 0; m < maps.length; m++) if (at < maps[m].length) union |= maps[m][at];
    out[i] &= union;
  }
}

/** Whether a bitmap over every slot holds `doc`. */
export const inBitmap = (map: Uint32Array, doc: number): boolean => doc >>> 5 < map.length && ((map[doc >>> 5] >>> (doc & 31)) & 1) === 1;

/** Documents set in the first `words` words. */
export function countBits(bits: Uint32Array, words: number): number {
  return countBitsIn(bits, 0, words);
}

/** Documents set in words [from, to). */
export function countBitsIn(bits: Uint32Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    let v = bits[i];
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

/** Clears every bit whose document `keep` refuses. */
export function keepTested(bits: Uint32Array, words: number, lo: number, keep: (doc: number) => boolean): void {
  for (let i = 0; i < words; i++) {
    let v = bits[i];
    while (v !== 0) {
      const low = v & -v;
      if (!keep(lo + (i << 5) + (31 - Math.clz32(low)))) bits[i] &= ~low;
      v ^= low;
    }
  }
}

/** Sets the bit of every document in [lo, hi) that `keep` accepts. */
export function fillTested(out: Uint32Array, lo: number, hi: number, keep: (doc: number) => boolean): void {
  for (let doc = lo; doc < hi; doc++) {
    if (keep(doc)) {
      const bit = doc - lo;
      out[bit >>> 5] |= 1 << (bit & 31);
    }
  }
}

/** Appends the documents set in the first `words` words to `out` from index `n`; returns the new length. */
export function appendDocs(bits: Uint32Array, words: number, lo: number, out: Uint32Array, n: number): number {
  for (let i = 0; i < words; i++) {
    let v = bits[i];
    while (v !== 0) {
      const low = v & -v;
      out[n++] = lo + (i << 5) + (31 - Math.clz32(low));
      v ^= low;
    }
  }
  return n;
}

/** The `count` documents set in a bitset over slots from 0, ascending. */
export function docsOf(bits: Uint32Array, count: number): Uint32Array {
  const out = new Uint32Array(count);
  appendDocs(bits, bits.length, 0, out, 0);
  return out;
}
