/**
 * The best `k` matches kept in typed arrays: a bounded heap whose root is the
 * worst kept, compared exactly as `comparator` compares Ranked items (sort key
 * first when ranking by a column, missing keys last; then score, order and
 * slot), so that a Ranked object is made only for the `k` kept. Ranking a
 * broad query offers hundreds of thousands of matches, most refused by one
 * comparison with the root.
 */
import { countBitsIn } from "../plan/bits.js";
import { siftDown, siftUp, type HeapOps } from "./heap.js";
import { comparator, type Ranked } from "./rank.js";

export interface Ranking {
  /** The documents to rank, as bits over slots: bit `d & 31` of word `d >>> 5`. */
  bits: Uint32Array;
  k: number;
  score(doc: number): number;
  /** At least `score(doc)` and cheaper: a match whose bound is below the worst kept score is not scored. */
  bound?: (doc: number) => number;
  /** `score(doc)` when at least `least`, else a number below it, cheaper than `score` for matches that rank below `least`. */
  scoreAbove?: (doc: number, least: number) => number;
  order(doc: number): number;
  /** Readies the scores of the slots of a block of `blockSlots` (a multiple of 32) where most slots match; optional. */
  prepare?: (block: number) => void;
  /** Whether a block is readied already: its matches are then not counted to decide. */
  prepared?: (block: number) => boolean;
  /**
   * At least the score of every document of a block of `blockSlots` (Infinity when not known): a
   * block whose bound is below the worst kept score is passed over without a look at its matches.
   */
  blockBound?: (block: number) => number;
  blockSlots?: number;
  /** At least the score of every document of a word of `bits` (Infinity when not known): a word whose bound is below the worst kept score is passed over. */
  wordBound?: (word: number) => number;
  /** The sort column's values, when ranking by a column. */
  key?: (doc: number) => number;
  /**
   * Ranking by a column: a key at least as good (in `direction`) as every key of a word of `bits`,
   * NaN when none of them has one. A word whose best key ranks below every kept one is passed over.
   */
  keyInWord?: (word: number) => number;
  /** The same for a block of `keyBlockSlots` (a multiple of 32) slots: a block whose best key ranks below every kept one is passed over. */
  keyInBlock?: (block: number) => number;
  keyBlockSlots?: number;
  direction: "asc" | "desc";
  /** Whether to stop (the deadline passed): asked between blocks. */
  expired(): boolean;
  pause(): Promise<void>;
  /** Documents ranked between looks at `expired`, and between pauses unless `sliceMs` is set. */
  block: number;
  /**
   * With this set, blocks follow one another without a pause until `ms` milliseconds of the caller's
   * clock have passed: small blocks then bound a stall whatever a block costs (code not yet
   * optimised on a first search ranked 16,384 matches in 108 ms).
   */
  slice?: {
    ms: number;
    now: () => number;
    /** When the slice under way began, where an earlier stage of the same search began it (else now). */
    began?: number;
  };
  /** Ranked at the least before the first look at `expired` (a page's worth), when it has passed already. */
  first: number;
}

class TypedTopK implements HeapOps {
  readonly docs: Uint32Array;
  readonly scores: Float64Array;
  readonly keys: Float64Array;
  readonly orders: Float64Array;
  size = 0;
  private readonly sign: number;

  constructor(
    readonly k: number,
    private readonly byKey: boolean,
    private readonly direction: "asc" | "desc",
  ) {
    this.docs = new Uint32Array(k);
    this.scores = new Float64Array(k);
    this.keys = new Float64Array(k);
    this.orders = new Float64Array(k);
    this.sign = direction === "asc" ? 1 : -1;
  }

  /**
   * False when a match with this sort key is sure to rank below every kept
   * one (so its score need not be computed). Always true without a sort column.
   */
  mayTake(key: number): boolean {
    if (!this.byKey || this.size < this.k) return this.k > 0;
    const worst = this.keys[0];
    const missing = key !== key;
    if (missing !== (worst !== worst)) return !missing;
    if (missing || key === worst) return true;
    return this.direction === "asc" ? key < worst : key > worst;
  }

  offer(doc: number, score: number, key: number, order: number): void {
    if (this.size < this.k) {
      const at = this.size++;
      this.put(at, doc, score, key, order);
      siftUp(this, at);
    } else if (this.k > 0 && this.compare(score, key, order, doc, 0) < 0) {
      this.put(0, doc, score, key, order);
      siftDown(this, 0, this.size);
    }
  }

  /** The score of the worst kept match (the heap's root). */
  get worstScore(): number {
    return this.scores[0];
  }

  /** The kept matches, best first. */
  sorted(): Ranked[] {
    const out: Ranked[] = [];
    for (let i = 0; i < this.size; i++) out.push({ doc: this.docs[i], score: this.scores[i], key: this.keys[i], order: this.orders[i] });
    return out.sort(comparator(this.byKey, this.direction));
  }

  /** `comparator`'s order between a match and the kept one at `i` (negative: the match ranks first). */
  private compare(score: number, key: number, order: number, doc: number, i: number): number {
    if (this.byKey) {
      const other = this.keys[i];
      const an = key !== key;
      const bn = other !== other;
      if (an !== bn) return an ? 1 : -1;
      if (!an && key !== other) return this.sign * (key - other);
    }
    return this.scores[i] - score || order - this.orders[i] || doc - this.docs[i];
  }

  private put(i: number, doc: number, score: number, key: number, order: number): void {
    this.docs[i] = doc;
    this.scores[i] = score;
    this.keys[i] = key;
    this.orders[i] = order;
  }

  /** Whether the kept one at `i` ranks below the one at `j`. */
  worse(i: number, j: number): boolean {
    return this.compare(this.scores[i], this.keys[i], this.orders[i], this.docs[i], j) > 0;
  }

  swap(i: number, j: number): void {
    exchange(this.docs, i, j);
    exchange(this.scores, i, j);
    exchange(this.keys, i, j);
    exchange(this.orders, i, j);
  }
}

function exchange(values: Uint32Array | Float64Array, i: number, j: number): void {
  const v = values[i];
  values[i] = values[j];
  values[j] = v;
}

/** Ranked matches, best first; with a slice, when the slice under way began, for the search's next stage to go on with. */
export interface RankedMatches {
  ranked: Ranked[];
  complete: boolean;
  sliceBegan?: number;
}

/**
 * The best `k` of the documents, block by block with a pause between blocks and `expired` asked
 * after each (a block ends at a word's end). The order is total, so ranking block by block, in any
 * order of blocks, gives the same answer as ranking everything at once. Ranked by a column, a match
 * whose key alone puts it below every kept one is passed over unscored; by best match, one whose
 * bound is below the worst kept score. Where blocks have bounds (of keys or of scores), the best
 * bounded blocks go first (`blockOrder`), and a block whose bound cannot beat the worst kept is
 * passed over: a query matching most documents reads few blocks besides those holding its best.
 * `complete` is false when time ran out first.
 */
export async function rankInBlocks(r: Ranking): Promise<RankedMatches> {
  const top = new TypedTopK(r.k, !!r.key, r.direction);
  const { bits, key, bound } = r;
  const byKey = (doc: number): void => {
    const value = key!(doc);
    if (top.mayTake(value)) top.offer(doc, r.score(doc), value, r.order(doc));
  };
  const { scoreAbove } = r;
  const byScore = (doc: number): void => {
    // Best match compares scores first: a lower score than the worst kept is refused whatever its order.
    const full = top.size === top.k;
    if (full && bound && bound(doc) < top.worstScore) return;
    const score = full && scoreAbove ? scoreAbove(doc, top.worstScore) : r.score(doc);
    if (full && score < top.worstScore) return;
    top.offer(doc, score, 0, r.order(doc));
  };
  const { wordBound, keyInWord } = r;
  const keepWord = wordBound && ((word: number): boolean => !(top.size === top.k && wordBound(word) < top.worstScore));
  const keepKeyWord = keyInWord && ((word: number): boolean => top.mayTake(keyInWord(word)));
  const { keyInBlock } = r;
  const keyWordsPer = (r.keyBlockSlots ?? 0) >>> 5;
  const wordsPer = (r.blockSlots ?? 0) >>> 5;
  const { prepare, prepared, blockBound } = r;
  // Readies a block of words [start, end), once, where at least one slot in eight matches: its bound is then known.
  const readyIfDense = (block: number, start: number, end: number): void => {
    if (prepare && !prepared?.(block) && countBitsIn(bits, start, end) * 8 >= (end - start) * 32) prepare(block);
  };
  const { slice } = r;
  let since = slice ? (slice.began ?? slice.now()) : 0;
  // Whether to pause now: once the slice has passed, or every time asked without a slice.
  const due = (): boolean => !slice || slice.now() - since >= slice.ms;
  const pauseNow = async (): Promise<void> => {
    await r.pause();
    if (slice) since = slice.now();
  };
  const done = (complete: boolean): RankedMatches => ({ ranked: top.sorted(), complete, ...(slice ? { sliceBegan: since } : {}) });
  // With bounds per block: the order of `blockOrder`, passing over blocks whose bound cannot beat the worst kept.
  const bestFirst = key
    ? keyInBlock && keyWordsPer
      ? {
          wordsPer: keyWordsPer,
          // Larger first: the key itself descending, its negation ascending (missing keys, NaN, last either way).
          priority: (block: number) => (r.direction === "desc" ? keyInBlock(block) : -keyInBlock(block)),
          beaten: (priority: number) => !top.mayTake(r.direction === "desc" ? priority : -priority),
          each: byKey,
          keep: keepKeyWord,
        }
      : undefined
    : blockBound && wordsPer
      ? {
          wordsPer,
          priority: (block: number, start: number, end: number) => {
            readyIfDense(block, start, end);
            const bound = blockBound(block);
            // A NaN bound never passes a block over: it goes first.
            return bound === bound ? bound : Infinity;
          },
          beaten: (priority: number) => top.size === top.k && priority < top.worstScore,
          each: byScore,
          keep: keepWord,
        }
      : undefined;
  if (bestFirst) {
    const next = await blockOrder(bits, bestFirst.wordsPer, bestFirst.priority, bestFirst.beaten, () => top.size === top.k, due, pauseNow);
    let seen = 0;
    let budget = r.first;
    for (let block = next(); block >= 0; block = next()) {
      const start = block * bestFirst.wordsPer;
      seen += walkWords(bits, start, Math.min(bits.length, start + bestFirst.wordsPer), bestFirst.each, bestFirst.keep);
      if (seen < budget) continue;
      [seen, budget] = [0, r.block];
      if (r.expired()) return done(false);
      if (due()) await pauseNow();
    }
    return done(true);
  }
  // Else in slot order, readying each block as its first match is reached (or where a walk starts).
  let readied = -1;
  const enterBlock =
    prepare && wordsPer
      ? (block: number): void => {
          if (block === readied) return;
          readied = block;
          const start = block * wordsPer;
          readyIfDense(block, start, Math.min(bits.length, start + wordsPer));
        }
      : undefined;
  let word = 0;
  for (let size = r.first; ; size = r.block) {
    word = key ? walk(bits, word, size, byKey, 0, undefined, keepKeyWord) : walk(bits, word, size, byScore, wordsPer, enterBlock, keepWord);
    while (word < bits.length && bits[word] === 0) word++;
    if (word === bits.length) return done(true);
    if (r.expired()) return done(false);
    if (due()) await pauseNow();
  }
}

/**
 * Blocks taken best first once the kept are full, before the rest go in slot order. At 1M issues
 * (`bench/search-ab.mjs`): 4 left `the` at 7.6 ms, 64 took it to 5.8; 256 read `pull`, whose
 * bounds pass few blocks over, 3 % slower than 64 and gained little elsewhere.
 */
const BEST_FIRST_AFTER_FULL = 64;

/** Blocks whose priority is asked between looks at the clock: a block's first priority reads up to 1,024 values. */
const PRIORITIES_PER_LOOK = 16;

/**
 * The order in which to rank the blocks of `wordsPer` words of `bits` that hold a match, as a
 * function giving the next block (-1 at the end). `priority` is asked once per such block (its
 * words [start, end)), with a pause when `due` every PRIORITIES_PER_LOOK blocks (the first search
 * sorted by a column reads all its values here: 225 ms at ten million in one go); a block is
 * passed over once `beaten` says its priority cannot beat the worst kept. First the blocks of
 * finite priority go best first, until the kept are `full` and BEST_FIRST_AFTER_FULL more: that
 * raises the worst kept early. Then every block left goes in slot order: a term's frequencies are
 * read with cursors that move forwards, and a query whose bounds pass few blocks over (a common word
 * whose text part varies) read its blocks a fifth slower best first.
 */
async function blockOrder(
  bits: Uint32Array,
  wordsPer: number,
  priority: (block: number, start: number, end: number) => number,
  beaten: (priority: number) => boolean,
  full: () => boolean,
  due: () => boolean,
  pause: () => Promise<void>,
): Promise<() => number> {
  const blocks = Math.ceil(bits.length / wordsPer);
  const priorities = new Float64Array(blocks);
  // 1: holds a match not ranked yet.
  const pending = new Uint8Array(blocks);
  const queue = new BlockQueue(blocks);
  for (let block = 0; block < blocks; block++) {
    if (block % PRIORITIES_PER_LOOK === PRIORITIES_PER_LOOK - 1 && due()) await pause();
    const start = block * wordsPer;
    const end = Math.min(bits.length, start + wordsPer);
    let word = start;
    while (word < end && bits[word] === 0) word++;
    if (word === end) continue;
    const p = priority(block, start, end);
    priorities[block] = p;
    pending[block] = 1;
    if (p !== Infinity) queue.add(block, p);
  }
  queue.order();
  let afterFull = BEST_FIRST_AFTER_FULL;
  let cursor = 0;
  return () => {
    if (afterFull > 0 && queue.size && !beaten(queue.best)) {
      if (full()) afterFull--;
      const block = queue.take();
      pending[block] = 0;
      return block;
    }
    afterFull = 0;
    while (cursor < blocks) {
      const block = cursor++;
      if (pending[block] && !beaten(priorities[block])) return block;
    }
    return -1;
  };
}

/** Blocks by priority in a binary heap of typed arrays, the highest at the root. */
class BlockQueue implements HeapOps {
  private readonly blocks: Uint32Array;
  private readonly priorities: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.blocks = new Uint32Array(capacity);
    this.priorities = new Float64Array(capacity);
  }

  /** Adds a block; `order` must follow the last `add` before the queue is read. */
  add(block: number, priority: number): void {
    this.blocks[this.size] = block;
    this.priorities[this.size++] = priority;
  }

  order(): void {
    for (let i = (this.size >>> 1) - 1; i >= 0; i--) siftDown(this, i, this.size);
  }

  /** The highest priority held. */
  get best(): number {
    return this.priorities[0];
  }

  /** Removes and returns the block of the highest priority. */
  take(): number {
    const block = this.blocks[0];
    this.swap(0, --this.size);
    siftDown(this, 0, this.size);
    return block;
  }

  /** The heap's order (`HeapOps` keeps the item `worse` prefers at the root): here the higher priority. */
  worse(i: number, j: number): boolean {
    const a = this.priorities[i];
    const b = this.priorities[j];
    return a > b || (a === a && b !== b);
  }

  swap(i: number, j: number): void {
    exchange(this.blocks, i, j);
    exchange(this.priorities, i, j);
  }
}

/** Calls `each` with the documents set in words [from, to), passing over words `keepWord` refuses; returns how many it was called with. */
function walkWords(bits: Uint32Array, from: number, to: number, each: (doc: number) => void, keepWord?: (word: number) => boolean): number {
  let seen = 0;
  for (let word = from; word < to; word++) {
    let v = bits[word];
    if (v === 0 || (keepWord && !keepWord(word))) continue;
    for (; v !== 0; v ^= v & -v) {
      each((word << 5) + 31 - Math.clz32(v & -v));
      seen++;
    }
  }
  return seen;
}

/**
 * Calls `each` with the documents set from word `from` on until `size` were seen; returns the word
 * after the last one read. Words without a match are stepped over at one comparison each;
 * `enterBlock` is told of each block of `blockWords` words as its first match is reached (and of
 * the block a walk starts in), and `keepWord`, asked about each word with a match, passes the word
 * over.
 */
function walk(
  bits: Uint32Array,
  from: number,
  size: number,
  each: (doc: number) => void,
  blockWords = 0,
  enterBlock?: (block: number) => void,
  keepWord?: (word: number) => boolean,
): number {
  let seen = 0;
  let word = from;
  let block = -1;
  while (word < bits.length && seen < size) {
    let v = bits[word];
    if (v === 0) {
      word++;
      continue;
    }
    if (enterBlock) {
      const at = (word / blockWords) | 0;
      if (at !== block) {
        block = at;
        enterBlock(at);
      }
    }
    if (keepWord && !keepWord(word)) {
      word++;
      continue;
    }
    for (; v !== 0; v ^= v & -v) {
      each((word << 5) + 31 - Math.clz32(v & -v));
      seen++;
    }
    word++;
  }
  return word;
}
