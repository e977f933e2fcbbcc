/**
 * Bounds of best match's text part per block of slots. For each term held by many documents of a
 * field, per block of BOOST_BLOCK slots, the greatest length-normalised frequency of the term among
 * the block's documents,
 *
 *   share(d) = tf(d) / (1 − b + b · length(d) / avg)
 *
 * with the field's `b` under the ranking and its average length when the bounds were computed. BM25F
 * saturates the sum of a word's field shares, so the sum of their greatest shares bounds the word's
 * part of every score in the block: what lets ranking pass over a block, or a match, whose words
 * cannot beat the worst score kept, without reading its occurrences. A common word's bound from its
 * idf alone is about twice what its matches score; per block it is close to the best of them.
 *
 * Kept per collection across changes, as the boosts are: a document indexed anew raises its block's
 * shares, a removal lowers nothing (a bound may only be too high). Computed whole at a load's end and
 * at an open, in steps, and again once changes are no longer known or the collection has outgrown
 * the bounds by an eighth; slots past them have none (their words' bound is the idf).
 */
import type { Collection, FieldIndex } from "../index/collection.js";
import { finish, zeroedArray, type Steps } from "../index/steps.js";
import { ImpactWriter, impactsNow, type KeptImpacts } from "./impacts.js";
import type { KindRanking } from "./ranking-config.js";

/** Slots per block: the boosts' blocks, which ranking passes over whole. */
export const MAXIMA_BLOCK = 1024;

/** Terms held by fewer documents of a field keep no bounds, by default (or by fewer than a 256th of the slots). */
const MAXIMA_FROM = 4096;

export interface FieldMaxima {
  /** The `b` and average length (1 where it was 0) the shares were computed with. */
  b: number;
  avg: number;
  /** Per term id: 1 + the index of its bounds in `tables`, 0 for none. */
  tableOf: Uint32Array;
  /** Per bounded term: each block's greatest share, rounded up to a float32. */
  tables: Float32Array[];
}

export interface KeptMaxima {
  ranking: KindRanking;
  /** The fewest documents of a field a term needed to keep bounds (`leastFor`). */
  least: number;
  /** The collection's `textVersion` the bounds are of. */
  version: number;
  /** Blocks the bounds cover. */
  blocks: number;
  fields: Map<FieldIndex, FieldMaxima>;
  /** The bounded terms' frequencies beside their lists, computed with the bounds (impacts.ts); let go once too many documents changed. */
  impacts: KeptImpacts | undefined;
}

const maximaCache = new WeakMap<Collection, KeptMaxima>();

/** Keeps `kept` as the collection's bounds (an open taking saved ones: saved-bounds.ts). */
export function keepMaxima(collection: Collection, kept: KeptMaxima): void {
  maximaCache.set(collection, kept);
}

/** The fewest documents of a field a term needs to keep bounds: `from`, else MAXIMA_FROM or a 256th of the slots when that is more. */
export function leastFor(collection: Collection, from: number | undefined): number {
  return from ?? Math.max(MAXIMA_FROM, collection.capacity >>> 8);
}

/** Slots of changed documents raised per step. */
const CHANGES_PER_STEP = 1024;

/** Bytes of fresh bounds allocated per step: first writes cost some 4 ms a megabyte on a virtual machine. */
const BYTES_PER_STEP = 1 << 20;

/** Term ids looked at per step when choosing the bounded ones. */
const TERMS_PER_STEP = 1 << 16;

/** Occurrences read per step of a whole computation. */
const OCCURRENCES_PER_STEP = 1 << 15;

/** Documents indexed anew that a search raises the bounds for itself; with more, it goes without them. */
const RAISED_BY_A_SEARCH = 4096;

/**
 * The bounds kept for the collection under `ranking`, brought up to date with the documents
 * indexed since (all at once); undefined when there are none (not yet computed, computed under
 * another ranking, or changes no longer known), or when more than RAISED_BY_A_SEARCH changes wait
 * (raising 65,536 documents would hold the search for tens of milliseconds: the indexer raises them
 * in steps once it is idle, and until then the words' bounds are their idf).
 */
export function maximaOf(collection: Collection, ranking: KindRanking): KeptMaxima | undefined {
  const found = current(collection, ranking);
  if (!found || found.changed.length > RAISED_BY_A_SEARCH) return undefined;
  finish(raisingChanged(collection, found.kept, found.changed));
  return found.kept;
}

/** The bounded terms' frequencies kept with the bounds, usable now (impacts.ts); let go once too many documents changed since. */
export function impactsOf(kept: KeptMaxima, collection: Collection): ReturnType<typeof impactsNow> {
  return impactsNow(kept.impacts, collection, () => (kept.impacts = undefined));
}

/** The kept bounds if they are under `ranking` and their changes are still known, with those changes. */
function current(collection: Collection, ranking: KindRanking): { kept: KeptMaxima; changed: readonly number[] } | undefined {
  const kept = maximaCache.get(collection);
  if (!kept || kept.ranking !== ranking) return undefined;
  const changed = collection.textChangesSince(kept.version);
  if (changed === undefined) {
    maximaCache.delete(collection);
    return undefined;
  }
  return { kept, changed };
}

/**
 * Brings the collection's bounds up to date under `ranking` in steps: the changed documents' blocks
 * raised, or everything computed anew when there are none, their changes are no longer known, or
 * the collection has outgrown them by an eighth. `from`: the fewest documents of a field a term needs
 * to keep bounds there (default MAXIMA_FROM, or a 256th of the slots when that is more).
 */
export function* preparingMaxima(collection: Collection, ranking: KindRanking, from?: number): Steps<void> {
  const found = current(collection, ranking);
  const blocks = Math.ceil(collection.capacity / MAXIMA_BLOCK);
  if (found && found.kept.blocks * 8 >= blocks * 7) {
    yield* raisingChanged(collection, found.kept, found.changed);
    return;
  }
  if (!blocks) return;
  const least = leastFor(collection, from);
  const impacts: KeptImpacts = { version: collection.textVersion, fields: new Map() };
  const fresh: KeptMaxima = { ranking, least, version: collection.textVersion, blocks, fields: new Map(), impacts };
  // A term held by enough documents of one field keeps bounds in every field: without them a word's
  // bound is its idf, and a common word of bodies is often a rare one of titles.
  const fields = [...collection.fields.values()];
  const bounded: number[] = [];
  const terms = Math.max(0, ...fields.map((f) => f.df.length));
  for (let id = 0; id < terms; id++) {
    if (fields.some((f) => id < f.df.length && f.df[id] >= least)) bounded.push(id);
    if (id % TERMS_PER_STEP === TERMS_PER_STEP - 1) yield;
  }
  for (const field of fields) {
    const writer = yield* ImpactWriter.starting(field, bounded, (id) => collection.termOf(id));
    fresh.fields.set(field, yield* computing(collection, field, ranking, blocks, bounded, terms, writer));
    impacts.fields.set(field, writer.finished());
  }
  // Changes made between the steps are raised when the bounds are next read.
  maximaCache.set(collection, fresh);
}

/**
 * One field's bounds of the `bounded` term ids (of `terms`), computed from every live document's
 * occurrences; their frequencies go to `impacts` on the way.
 */
function* computing(
  collection: Collection,
  field: FieldIndex,
  ranking: KindRanking,
  blocks: number,
  bounded: readonly number[],
  terms: number,
  impacts: ImpactWriter,
): Steps<FieldMaxima> {
  const maxima: FieldMaxima = { b: ranking.fields[field.spec.name].b, avg: collection.averageLength(field) || 1, tableOf: yield* zeroedArray(terms), tables: [] };
  let fresh = 0;
  for (const id of bounded) {
    maxima.tables.push(new Float32Array(blocks));
    maxima.tableOf[id] = maxima.tables.length;
    if ((fresh += blocks * 4) >= BYTES_PER_STEP) {
      fresh = 0;
      yield;
    }
  }
  if (!maxima.tables.length) return maxima;
  const raise = raiser(collection, field, maxima, impacts);
  let read = 0;
  for (let doc = 0; doc < collection.capacity; doc++) {
    read += raise(doc) + 1;
    if (read >= OCCURRENCES_PER_STEP) {
      read = 0;
      yield;
    }
  }
  return maxima;
}

/** Raises the bounds of every field for `changed`, the documents indexed anew since they were brought up to date. */
function* raisingChanged(collection: Collection, kept: KeptMaxima, changed: readonly number[]): Steps<void> {
  kept.version = collection.textVersion;
  if (!changed.length) return;
  const raisers = [...kept.fields].map(([field, maxima]) => raiser(collection, field, maxima));
  for (let i = 0; i < changed.length; i++) {
    for (const raise of raisers) raise(changed[i]);
    if (i % CHANGES_PER_STEP === CHANGES_PER_STEP - 1) yield;
  }
}

/**
 * What raises the field's bounds at a document's block to its shares, returning the occurrences
 * read: one function per field, not one per document (a whole computation calls it millions of
 * times). With `impacts`, the bounded terms' frequencies are noted too (documents in ascending order).
 */
function raiser(collection: Collection, field: FieldIndex, maxima: FieldMaxima, impacts?: ImpactWriter): (doc: number) => number {
  const { tableOf, tables, b, avg } = maxima;
  const blocks = tables.length ? tables[0].length : 0;
  let current = 0;
  let block = 0;
  let norm = 1;
  const onRun = (id: number, frequency: number): void => {
    const t = id < tableOf.length ? tableOf[id] : 0;
    if (!t) return;
    const share = roundedUp(frequency / norm);
    const table = tables[t - 1];
    if (share > table[block]) table[block] = share;
    impacts?.note(t - 1, current, frequency);
  };
  return (doc) => {
    current = doc;
    block = Math.floor(doc / MAXIMA_BLOCK);
    const length = field.occurrences.count(doc);
    if (!length || block >= blocks || !collection.isLive(doc)) return 0;
    norm = 1 - b + (b * length) / avg;
    field.occurrences.forEachRun(doc, onRun);
    return length;
  };
}

/** The least float32 at or above `x` (x ≥ 0): a bound kept in four bytes stays a bound. */
function roundedUp(x: number): number {
  const f = Math.fround(x);
  return f >= x ? f : Math.fround(f * (1 + 2 ** -23));
}

/**
 * The term's kept shares in the field and the factor that makes them bounds with the field's average
 * length `avg` now: a share computed with a smaller average is at most avg-now / avg-then times
 * smaller (1 − b + b · length / avg shrinks by at most that much). No table where none is kept.
 */
function sharesOf(kept: KeptMaxima, field: FieldIndex, termId: number, avg: number): { table: Float32Array | undefined; scale: number } {
  const maxima = kept.fields.get(field);
  const t = maxima && termId >= 0 && termId < maxima.tableOf.length ? maxima.tableOf[termId] : 0;
  return t ? { table: maxima!.tables[t - 1], scale: Math.max(1, avg / maxima!.avg) } : { table: undefined, scale: 0 };
}

/** At least the greatest share of the term among the field's documents of the block with the average length `avg`; undefined where none is kept. */
export function greatestShare(kept: KeptMaxima, field: FieldIndex, termId: number, block: number, avg: number): number | undefined {
  const { table, scale } = sharesOf(kept, field, termId, avg);
  return table && block < table.length ? table[block] * scale : undefined;
}

/** What the scorer knows of a query word: its idf and, per field it is looked up in, the term and the field's weight and average length now. */
export interface BoundedWord {
  idf: number;
  fields: ReadonlyArray<{ index: FieldIndex; termId: number; weight: number; avg: number }>;
}

/**
 * The text part's bound per block from the kept bounds: per word its idf times the saturation of
 * the sum of its fields' greatest shares (weighted), or its idf alone where a field keeps no bounds
 * for the term or the block is past them. A term no document holds adds nothing.
 */
export function blockTextBound(kept: KeptMaxima, words: readonly BoundedWord[], k1: number): (block: number) => number {
  const wordBounds = blockWordBounds(kept, words, k1);
  const out = new Float64Array(words.length);
  return (block) => {
    wordBounds(block, out);
    let sum = 0;
    for (let i = 0; i < out.length; i++) sum += out[i];
    return sum;
  };
}

/** Each word's part of `blockTextBound` in `out` (in the order of `words`). */
export function blockWordBounds(kept: KeptMaxima, words: readonly BoundedWord[], k1: number): (block: number, out: Float64Array) => void {
  const parts = words.map((w) => ({
    idf: w.idf,
    fields: w.fields
      .filter((f) => f.termId >= 0 && f.weight > 0)
      .map((f) => {
        const { table, scale } = sharesOf(kept, f.index, f.termId, f.avg);
        return { table, scale: f.weight * scale };
      }),
  }));
  return (block, out) => {
    for (let i = 0; i < parts.length; i++) {
      const w = parts[i];
      let shares = 0;
      for (const f of w.fields) {
        if (!f.table || block >= f.table.length) {
          shares = Infinity;
          break;
        }
        shares += f.scale * f.table[block];
      }
      out[i] = shares === Infinity ? w.idf : shares > 0 ? (w.idf * shares) / (k1 + shares) : 0;
    }
  };
}
