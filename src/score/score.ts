/**
 * score: best match. BM25F over the kind's text fields (per-field weights and
 * length normalisation, one saturation per query word), times the kind's
 * signals (stars, followers, …), each through its transform:
 *
 *   text(d)  = Σ_words idf(w) · tf'(w,d) / (k1 + tf'(w,d))
 *   tf'(w,d) = Σ_fields weight_f · tf_f(w,d) / (1 − b_f + b_f · len_f(d) / avglen_f)
 *   idf(w)   = ln(1 + (N − df(w) + 0.5) / (df(w) + 0.5))
 *   boost(d) = Σ_signals weight_s · transform_s(value_s(d))      (log: ln(1 + v), saturation: v / (v + pivot), none: v)
 *   score(d) = text(d) · (1 + boost(d))      with words
 *            = 1 + boost(d)                  qualifiers only
 *
 * Every number comes from the ranking configuration of the kind. `score` and
 * `explain` run the same code: `explain` is that computation with its parts
 * recorded, so its `total` is the score itself.
 */
import type { Collection, FieldIndex } from "../index/collection.js";
import type { TextLeaf } from "../plan/plan.js";
import { finish, growingArray, zeroedArray, zeroedGrowableArray, type Steps, type Width } from "../index/steps.js";
import type { KindSpec, RecordLike } from "../kinds/types.js";
import type { Store } from "../store.js";
import { growableArray, growsInPlace } from "../structures/lasting-memory.js";
import { blockTextBound, blockWordBounds, impactsOf, MAXIMA_BLOCK, maximaOf } from "./block-maxima.js";
import { ImpactCursor } from "./impacts.js";
import { transformSignal, type KindRanking, type SignalRanking } from "./ranking-config.js";

export interface FieldExplanation {
  field: string;
  /** Occurrences of the word in the field. */
  frequency: number;
  length: number;
  averageLength: number;
  weight: number;
  b: number;
  /** weight · frequency / (1 − b + b · length / averageLength) */
  tf: number;
}

export interface WordExplanation {
  word: string;
  idf: number;
  /** tf'(w,d): the fields' contributions summed. */
  tf: number;
  score: number;
  fields: FieldExplanation[];
}

export interface SignalExplanation {
  value: number;
  weight: number;
  transform: SignalRanking["transform"];
  pivot?: number;
  score: number;
}

export interface ScoreExplanation {
  /** The item's key (see the README's item keys): what a run file names it by. */
  key: string | undefined;
  text: number;
  words: WordExplanation[];
  signals: Record<string, SignalExplanation>;
  boost: number;
  total: number;
  /** The configuration that scored the item. */
  ranking: KindRanking;
}

interface WordField {
  index: FieldIndex;
  name: string;
  termId: number;
  avg: number;
  weight: number;
  b: number;
  /** The term's kept frequencies in the field (impacts.ts), where the collection keeps them. */
  cursor?: ImpactCursor;
}

interface WordStat {
  word: string;
  idf: number;
  fields: WordField[];
}

export interface Scorer {
  score(doc: number): number;
  /**
   * At least `score(doc)`, from the boost alone (each word's share of the text part is below its
   * idf): what lets ranking pass over a match that cannot beat the worst one kept. Absent without
   * words, where the score is the boost itself.
   */
  bound?(doc: number): number;
  explain(doc: number): ScoreExplanation;
  /**
   * Computes and keeps the boosts of the slots of one block (BOOST_BLOCK slots), a signal at a
   * time: for a block where most documents match, cheaper than one by one. Absent when boosts are
   * not kept.
   */
  prepare?(block: number): void;
  /** Whether `prepare` has readied the block already (and nothing changed in it since). */
  prepared?(block: number): boolean;
  /**
   * At least the score of every document of a block (BOOST_BLOCK slots): from the block's greatest
   * boost, where its boosts are all computed (Infinity for a block not yet computed), and its words'
   * greatest shares where the collection keeps them. What lets ranking pass over a whole block.
   * Absent when neither is kept.
   */
  blockBound?(block: number): number;
  /**
   * The same for the 32 slots of word `word` of a bitset of matches (slots 32·word to 32·word + 31):
   * from their greatest boost where their block's boosts are computed. What lets ranking pass over a
   * word of matches with one look where a block holds a few documents that could rank. Absent when
   * boosts are not kept.
   */
  wordBound?(word: number): number;
  /**
   * `score(doc)` when it is at least `least`, else a number below `least` (perhaps without reading
   * every word's frequencies). Absent with fewer than two words.
   */
  scoreAbove?(doc: number, least: number): number;
  /** The tie-break rank of a document among equal scores (lower first). */
  order(doc: number): number;
}

export function makeScorer(collection: Collection, leaves: TextLeaf[], store: Store, ranking: KindRanking): Scorer {
  const words = wordStats(collection, leaves, ranking);
  const signals = scoredSignals(collection, ranking);
  // Common words' frequencies read beside their lists where the collection keeps them (block-maxima.ts).
  const maxima = words.length ? maximaOf(collection, ranking) : undefined;
  const impacts = maxima && impactsOf(maxima, collection);
  const changed = impacts?.changed;
  if (impacts) {
    for (const w of words) {
      for (const f of w.fields) {
        const kept = impacts.of(f.index, f.termId);
        if (kept) f.cursor = new ImpactCursor(kept);
      }
    }
  }

  /** One word's part of the text part; with `parts`, its breakdown is recorded in it. */
  const wordScore = (w: WordStat, doc: number, fromKept: boolean, parts?: WordExplanation[]): number => {
    let tf = 0;
    const fields: FieldExplanation[] | undefined = parts && [];
    for (const f of w.fields) {
      let raw = fromKept && f.cursor ? f.cursor.frequency(doc) : -1;
      if (raw < 0) raw = collection.termFrequency(f.index, doc, f.termId);
      if (!raw) continue;
      const length = f.index.occurrences.count(doc);
      const share = (f.weight * raw) / (1 - f.b + (f.b * length) / f.avg);
      tf += share;
      fields?.push({ field: f.name, frequency: raw, length, averageLength: f.avg, weight: f.weight, b: f.b, tf: share });
    }
    const score = tf ? (w.idf * tf) / (ranking.k1 + tf) : 0;
    parts?.push({ word: w.word, idf: w.idf, tf, score, fields: fields! });
    return score;
  };

  /**
   * Whether the kept frequencies hold for `doc` (not for an explanation, which asks for one document
   * out of order); else they come from the document's occurrences: the same numbers either way.
   */
  const fromKeptFor = (doc: number): boolean => impacts !== undefined && !changed?.has(doc);

  /** The text part; with `parts`, each word's breakdown is recorded in it. */
  const textOf = (doc: number, parts?: WordExplanation[]): number => {
    const fromKept = !parts && fromKeptFor(doc);
    let text = 0;
    for (const w of words) text += wordScore(w, doc, fromKept, parts);
    return text;
  };

  /** The signals' boost; with `parts`, each signal's share is recorded in it. */
  const boostOf = (doc: number, parts?: Record<string, SignalExplanation>): number => {
    let boost = 0;
    for (const { spec, index, config } of signals) {
      // Read when the document was indexed (or its joins refreshed): scoring parses no record.
      const value = collection.signalValue(index, doc);
      const score = config.weight * transformSignal(config, value);
      boost += score;
      if (parts) parts[spec.name] = { value, weight: config.weight, transform: config.transform, ...(config.pivot === undefined ? {} : { pivot: config.pivot }), score };
    }
    return boost;
  };

  const kept = signals.length ? boostsOf(collection, ranking) : undefined;
  const boosts = kept?.boosts;
  const known = kept?.known;
  const prepare = (block: number): void => {
    if (kept) prepareBlock(kept, collection, signals, block);
  };
  const boostFor = (doc: number): number => {
    if (!signals.length) return 0;
    // Slots past the kept arrays (the collection grew since; they grow in the background) are computed each time.
    if (!boosts || !known || doc >= boosts.length) return boostOf(doc);
    if (known[doc]) return boosts[doc];
    known[doc] = 1;
    return (boosts[doc] = boostOf(doc));
  };

  const combine = (text: number, boost: number): number => (words.length ? text * (1 + boost) : 1 + boost);
  const keyOrder = ranking.tieBreak === "key" ? keyRanksOf(collection, store) : undefined;

  // Each word adds idf · tf / (k1 + tf) < idf; the margin covers rounding in the sums. A boost below
  // -1 (a signal's raw value taken as it is) makes the score at most 0.
  const textBound = words.reduce((n, w) => n + w.idf, 0) * (1 + 1e-9);
  // Closer per block where the collection keeps its words' greatest shares (block-maxima.ts); the
  // last block's is kept, ranking asking block after block.
  const textInBlock = maxima && blockTextBound(maxima, words, ranking.k1);
  let lastBlock = -1;
  let lastTextBound = textBound;
  const textBoundAt = (block: number): number => {
    if (textInBlock && block !== lastBlock) {
      lastBlock = block;
      lastTextBound = Math.min(textBound, textInBlock(block) * (1 + 1e-9));
    }
    return lastTextBound;
  };
  const boundOf = (boost: number, block: number): number => (words.length ? textBoundAt(block) * Math.max(0, 1 + boost) : 1 + boost);
  const blockBound = kept
    ? (block: number): number => (kept.prepared[block] ? boundOf(kept.greatest[block], block) : Infinity)
    : textInBlock && ((block: number): number => textBoundAt(block));
  const wordBound = kept
    ? (word: number): number => {
        const block = Math.floor(word / WORDS_PER_BLOCK);
        return kept.prepared[block] ? boundOf(kept.wordGreatest[word], block) : Infinity;
      }
    : undefined;
  const scoreAbove = words.length > 1 ? partialScorer(words, wordScore, fromKeptFor, boostFor, maxima && blockWordBounds(maxima, words, ranking.k1)) : undefined;
  return {
    score: (doc) => combine(textOf(doc), boostFor(doc)),
    ...(scoreAbove ? { scoreAbove } : {}),
    ...(kept ? { prepare, prepared: (block: number) => kept.prepared[block] === 1 } : {}),
    ...(blockBound ? { blockBound } : {}),
    ...(wordBound ? { wordBound } : {}),
    ...(words.length ? { bound: (doc: number) => boundOf(boostFor(doc), Math.floor(doc / BOOST_BLOCK)) } : {}),
    explain(doc) {
      const parts: WordExplanation[] = [];
      const signalParts: Record<string, SignalExplanation> = {};
      const text = textOf(doc, parts);
      const boost = boostOf(doc, signalParts);
      return { key: collection.keyOf(doc), text, words: parts, signals: signalParts, boost, total: combine(text, boost), ranking };
    },
    order: keyOrder ? (doc) => keyOrder[doc] : (doc) => collection.orderOf(doc),
  };
}

/**
 * `Scorer.scoreAbove` for a query of several words: the words are scored rarest first, and a match
 * is left once the parts scored and the other words' bounds in its block (their idf where no shares
 * are kept) cannot reach the score asked for. A match that can is scored whole, its parts summed in
 * the query's order: the same arithmetic as `score`.
 */
function partialScorer(
  words: readonly WordStat[],
  wordScore: (w: WordStat, doc: number, fromKept: boolean) => number,
  fromKeptFor: (doc: number) => boolean,
  boostFor: (doc: number) => number,
  wordBoundsIn: ((block: number, out: Float64Array) => void) | undefined,
): (doc: number, least: number) => number {
  const rarestFirst = words.map((_, i) => i).sort((a, b) => words[b].idf - words[a].idf);
  const bounds = new Float64Array(words.length);
  const parts = new Float64Array(words.length);
  let boundsBlock = -1;
  return (doc, least) => {
    const boost = boostFor(doc);
    const fromKept = fromKeptFor(doc);
    const factor = 1 + boost;
    // The text part a match needs to reach `least` (none is known when the boost takes the score to 0 or below).
    const needed = factor > 0 ? least / factor : NaN;
    const block = Math.floor(doc / BOOST_BLOCK);
    if (block !== boundsBlock) {
      boundsBlock = block;
      if (wordBoundsIn) wordBoundsIn(block, bounds);
      else words.forEach((w, i) => (bounds[i] = w.idf));
    }
    let left = 0;
    for (let i = 0; i < bounds.length; i++) left += bounds[i];
    let scored = 0;
    for (let n = 0; n < rarestFirst.length; n++) {
      const i = rarestFirst[n];
      parts[i] = wordScore(words[i], doc, fromKept);
      scored += parts[i];
      left -= bounds[i];
      // The margin covers rounding in the sums, as the text bound's does.
      if (n + 1 < rarestFirst.length && (scored + left) * (1 + 1e-9) < needed) return -Infinity;
    }
    let text = 0;
    for (let i = 0; i < parts.length; i++) text += parts[i];
    return text * factor;
  };
}

/** The kind's signals that count under `ranking` (weight above 0), with their place among the collection's signal columns. */
function scoredSignals(collection: Collection, ranking: KindRanking): Array<ScoredSignal & { spec: KindSpec<RecordLike>["signals"][number] }> {
  return collection.spec.signals.map((s, index) => ({ spec: s, index, config: ranking.signals[s.name] })).filter((s) => s.config.weight !== 0);
}

/** Each distinct word of each leaf with its idf and the fields it is looked up in; its fields share one saturation (BM25F). */
function wordStats(collection: Collection, leaves: TextLeaf[], ranking: KindRanking): WordStat[] {
  const n = Math.max(collection.statisticsSize, 1);
  const words: WordStat[] = [];
  for (const leaf of leaves) {
    const byWord = new Map<string, WordStat>();
    for (const pf of leaf.perField) {
      const name = pf.field.spec.name;
      const { weight, b } = ranking.fields[name];
      pf.terms.forEach((term, i) => {
        let w = byWord.get(term);
        if (!w) byWord.set(term, (w = { word: term, idf: 0, fields: [] }));
        w.fields.push({ index: pf.field, name, termId: pf.termIds[i], avg: collection.averageLength(pf.field) || 1, weight, b });
      });
    }
    for (const w of byWord.values()) {
      const df = Math.max(...w.fields.map((f) => collection.documentFrequency(f.index, f.termId)));
      w.idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      // A field where no document holds the term adds nothing to any score: it is not looked up (the
      // issues' comments, empty in many dumps, were a look-up into every match's occurrences).
      w.fields = w.fields.filter((f) => collection.documentFrequency(f.index, f.termId) > 0 || f.index.postings.view(w.word).length > 0);
      words.push(w);
    }
  }
  return words;
}

/**
 * Each slot's boost under one ranking, filled in as documents are scored or ahead of searches, and
 * kept across changes (only the slots whose signals changed are computed again): a broad query
 * scores most documents, and the signals' transforms (a logarithm each) are most of a match's cost
 * when its words are passed over by the bound.
 */
interface KeptBoosts {
  /** The collection's `signalVersion` the boosts are of. */
  version: number;
  ranking: KindRanking;
  /** Each slot's boost where `known`. */
  boosts: Float64Array;
  /**
   * 1 where the boost is computed. Both arrays start as zeros, which costs nothing until a page is
   * written: filling 10 million slots with a mark of "not yet" (NaN) touched 80 MB at once on the
   * first search.
   */
  known: Uint8Array;
  /** 1 for each block of BOOST_BLOCK slots whose boosts are all computed. */
  prepared: Uint8Array;
  /** The greatest boost of each prepared block's live slots (NaN when one is NaN: such a block is never passed over). */
  greatest: Float64Array;
  /** The same for each 32 slots (a word of a bitset of matches) of a prepared block. */
  wordGreatest: Float64Array;
}

type ScoredSignal = { index: number; config: SignalRanking };

/** Computes the boosts of one block's slots, a signal at a time, and the block's greatest boost. */
function prepareBlock(kept: KeptBoosts, collection: Collection, signals: readonly ScoredSignal[], block: number): void {
  const lo = block * BOOST_BLOCK;
  const hi = Math.min(kept.boosts.length, lo + BOOST_BLOCK);
  // A block the kept arrays end in, or do not reach, while the collection has slots past them is
  // left unprepared: its greatest boost would miss those slots (its bound stays infinite).
  if (kept.prepared[block] || (hi < lo + BOOST_BLOCK && hi < collection.capacity)) return;
  kept.prepared[block] = 1;
  const out = kept.boosts;
  out.fill(0, lo, hi);
  kept.known.fill(1, lo, hi);
  // The same arithmetic as `boostOf`, in the same order: 0, then each signal's share added in turn.
  for (const { index, config } of signals) {
    for (let doc = lo; doc < hi; doc++) out[doc] += config.weight * transformSignal(config, collection.signalValue(index, doc));
  }
  // Free slots match nothing; one taken later is a change of its signals, which unprepares the block.
  // A NaN, once met, stays the greatest: a bound of NaN passes nothing over.
  let greatest = -Infinity;
  for (let word = lo >>> 5; word << 5 < hi; word++) {
    let inWord = -Infinity;
    for (let doc = word << 5, end = Math.min(hi, doc + 32); doc < end; doc++) {
      const boost = out[doc];
      if ((boost > inWord || boost !== boost) && collection.isLive(doc)) inWord = boost;
    }
    kept.wordGreatest[word] = inWord;
    if (inWord > greatest || inWord !== inWord) greatest = inWord;
  }
  kept.greatest[block] = greatest;
}

/** Blocks whose boosts one step of `preparingBoosts` computes (some 8,000 slots, under a millisecond). */
const BLOCKS_PER_STEP = 8;

/** Blocks looked at per step of `preparingBoosts` when they need nothing computed. */
const BLOCKS_LOOKED_AT_PER_STEP = 4096;

/**
 * Computes every slot's boost under `ranking` ahead of searches, in steps: the first broad search
 * after a load or an open then finds them ready (at a million documents they are some 50 ms of its
 * time), and after changes only the blocks they touched are computed again. Stops early when the
 * boosts kept are let go between steps (another ranking took their place).
 */
export function* preparingBoosts(collection: Collection, ranking: KindRanking): Steps<void> {
  const signals = scoredSignals(collection, ranking);
  if (!signals.length) return;
  // Made in steps when none are kept under this ranking: ten million slots' arrays made at once
  // took a 64 ms step under the profiler at the end of an open.
  const before = boostCache.get(collection);
  if (before?.ranking !== ranking) {
    boostCache.set(collection, yield* makingUnknownBoosts(collection.capacity, collection.signalVersion, ranking, true));
  } else if (before.boosts.length < collection.capacity) {
    // Grown here, in steps, not within a search: ten million slots' arrays grown and copied at once
    // held the loop for over 100 ms in the first search after adds past an open's slots.
    const size = Math.max(collection.capacity, Math.ceil(before.boosts.length * 1.5));
    const made = yield* growingBoosts(before, size, ranking);
    // Another ranking's boosts took their place meanwhile: they are its to grow.
    if (boostCache.get(collection) !== before) return;
    boostCache.set(collection, grown(before, made));
  }
  const kept = boostsOf(collection, ranking);
  let computed = 0;
  for (let block = 0; block < kept.prepared.length; block++) {
    if (!kept.prepared[block]) {
      prepareBlock(kept, collection, signals, block);
      computed++;
    }
    if (computed < BLOCKS_PER_STEP && (block + 1) % BLOCKS_LOOKED_AT_PER_STEP) continue;
    computed = 0;
    yield;
    if (boostsOf(collection, ranking) !== kept) return;
  }
}

const boostCache = new WeakMap<Collection, KeptBoosts>();

/** Slots of one block of `Scorer.prepare` and `Scorer.blockBound`: those of the text part's bounds. */
export const BOOST_BLOCK = MAXIMA_BLOCK;
/** Words of 32 slots per block. */
const WORDS_PER_BLOCK = BOOST_BLOCK / 32;

/**
 * The boosts kept for the collection under `ranking`, brought up to date: the slots whose signals
 * changed since they were kept are marked unknown (their blocks unprepared), or all are when the
 * collection no longer keeps those changes (a new slot is such a change: the block the arrays end in
 * is unprepared with it). The arrays do not grow here (`preparingBoosts` grows them in steps): slots
 * past them are computed when scored.
 */
function boostsOf(collection: Collection, ranking: KindRanking): KeptBoosts {
  let kept = boostCache.get(collection);
  const version = collection.signalVersion;
  if (kept && kept.ranking === ranking) {
    const changed = kept.version === version ? [] : collection.signalChangesSince(kept.version);
    if (changed) {
      for (const doc of changed) {
        kept.known[doc] = 0;
        kept.prepared[Math.floor(doc / BOOST_BLOCK)] = 0;
      }
      kept.version = version;
      return kept;
    }
  }
  kept = unknownBoosts(collection.capacity, version, ranking);
  boostCache.set(collection, kept);
  return kept;
}

/** Boosts for `capacity` slots, none computed yet. */
function unknownBoosts(capacity: number, version: number, ranking: KindRanking): KeptBoosts {
  return finish(makingUnknownBoosts(capacity, version, ranking, false));
}

/** `unknownBoosts`, its arrays first written in steps (`zeroedArray`) when `stepped`, else left to the allocator's zeroes, at once. */
function* makingUnknownBoosts(capacity: number, version: number, ranking: KindRanking, stepped: boolean): Steps<KeptBoosts> {
  const zeroed = function* <T extends Uint8Array | Float64Array>(length: number, width: Width<T>): Steps<T> {
    return stepped ? yield* zeroedArray(length, width) : new width(length);
  };
  // A slot's boost and whether it is known grow with the collection (in place: `growingBoosts`).
  const perSlot = function* <T extends Uint8Array | Float64Array>(length: number, width: Width<T>): Steps<T> {
    return stepped ? yield* zeroedGrowableArray(length, width) : growableArray(length, width);
  };
  const blocks = Math.ceil(capacity / BOOST_BLOCK);
  return {
    version,
    ranking,
    boosts: yield* perSlot(capacity, Float64Array),
    known: yield* perSlot(capacity, Uint8Array),
    prepared: yield* zeroed(blocks, Uint8Array),
    greatest: yield* zeroed(blocks, Float64Array),
    wordGreatest: yield* zeroed(blocks * WORDS_PER_BLOCK, Float64Array),
  };
}

/**
 * Boosts for `size` slots, none past `before`'s computed, in steps. Arrays that grow in place do, a
 * megabyte a step, and are viewed to `size` in the last (what searches computed meanwhile is in them,
 * nothing is copied, nothing left dead); others are made anew (`grown` copies into them).
 */
function* growingBoosts(before: KeptBoosts, size: number, ranking: KindRanking): Steps<KeptBoosts> {
  if (!growsInPlace(before.boosts, size) || !growsInPlace(before.known, size)) return yield* makingUnknownBoosts(size, before.version, ranking, true);
  let { boosts, known } = before;
  yield* growingArray(() => before.boosts, size, (longer) => (boosts = longer));
  yield* growingArray(() => before.known, size, (longer) => (known = longer));
  const blocks = Math.ceil(size / BOOST_BLOCK);
  return { version: before.version, ranking, boosts, known, prepared: new Uint8Array(blocks), greatest: new Float64Array(blocks), wordGreatest: new Float64Array(blocks * WORDS_PER_BLOCK) };
}

/** `kept` (larger, nothing computed past `from`'s slots) holding what `from` holds, its version among it (its further slots unknown). */
function grown(from: KeptBoosts, kept: KeptBoosts): KeptBoosts {
  kept.version = from.version;
  // Grown in place, they are the same memory.
  if (kept.boosts.buffer !== from.boosts.buffer) kept.boosts.set(from.boosts);
  if (kept.known.buffer !== from.known.buffer) kept.known.set(from.known);
  // A block that was the last, part of it past the old length, holds slots never computed.
  const whole = Math.floor(from.boosts.length / BOOST_BLOCK);
  kept.prepared.set(from.prepared.subarray(0, whole));
  kept.greatest.set(from.greatest.subarray(0, whole));
  kept.wordGreatest.set(from.wordGreatest.subarray(0, whole * WORDS_PER_BLOCK));
  return kept;
}

/**
 * Each slot's rank by item key, descending (as trec_eval orders equal scores),
 * computed once per store revision.
 */
const keyRankCache = new WeakMap<Collection, { revision: number; ranks: Uint32Array }>();

function keyRanksOf(collection: Collection, store: Store): Uint32Array {
  const hit = keyRankCache.get(collection);
  if (hit && hit.revision === store.revision && hit.ranks.length >= collection.capacity) return hit.ranks;
  const slots: Array<{ doc: number; key: string }> = [];
  for (let doc = 0; doc < collection.capacity; doc++) {
    const key = collection.isLive(doc) ? collection.keyOf(doc) : undefined;
    if (key !== undefined) slots.push({ doc, key });
  }
  slots.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  const ranks = new Uint32Array(collection.capacity);
  slots.forEach((s, i) => (ranks[s.doc] = i));
  keyRankCache.set(collection, { revision: store.revision, ranks });
  return ranks;
}
