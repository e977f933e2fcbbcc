/**
 * The text part's block bounds and the common terms' frequencies beside their lists
 * (block-maxima.ts, impacts.ts) as a save keeps them, so that an open takes them instead of
 * reading every document's occurrences again to compute them: at a million issues that pass was
 * three of an open's 23 seconds.
 *
 * An open takes them only when computing them anew would give the same: the collection's slots in
 * as many blocks, the same least document count for a term to keep bounds, and each field's `b`
 * under the engine's ranking as saved (the shares are tf / (1 − b + b · length / avg); k1, the
 * weights and the signals do not enter them). Otherwise they are computed as before.
 */
import type { Collection, FieldIndex } from "../index/collection.js";
import type { Steps } from "../index/steps.js";
import { keepMaxima, leastFor, MAXIMA_BLOCK, maximaOf, type FieldMaxima, type KeptMaxima } from "./block-maxima.js";
import type { KeptImpacts, TermImpacts } from "./impacts.js";
import type { KindRanking } from "./ranking-config.js";

export interface SavedFieldBounds {
  name: string;
  /** The field's `b` and average length (above 0) the shares were computed with. */
  b: number;
  avg: number;
  /** The bounded term ids, ascending, and each one's greatest share per block (`blocks` each). */
  terms: Uint32Array;
  shares: Float32Array[];
  /** Term ids, ascending, whose frequencies are kept beside their lists, and those frequencies (one per list entry). */
  impactTerms: Uint32Array;
  frequencies: Uint8Array[];
}

export interface SavedBounds {
  /** The fewest documents of a field a term needed to keep bounds. */
  least: number;
  /** Blocks of MAXIMA_BLOCK slots the shares cover. */
  blocks: number;
  fields: SavedFieldBounds[];
}

/** Bytes of shares copied per step. */
const BYTES_PER_STEP = 1 << 20;

/** List entries read or compared per step: each term's list is looked through as its view is made (2^20 entries took 20-26 ms under the profiler at a million records). */
const ENTRIES_PER_STEP = 1 << 16;

/**
 * What a save keeps of the collection's bounds under `ranking`, in steps, while the caller keeps the
 * collection unchanged: undefined when none are kept (or too many changes wait to be raised). The
 * shares are copied (a search raises them in place, and the frames are written after the collection
 * may change again); the frequencies are never written once computed and are kept as they are, for
 * the terms whose lists still name exactly the documents they were computed for (a removal changes a
 * list without indexing anything anew).
 */
export function* savingBounds(collection: Collection, ranking: KindRanking): Steps<SavedBounds | undefined> {
  const kept = maximaOf(collection, ranking);
  if (!kept) return undefined;
  const impacts = kept.impacts?.version === collection.textVersion ? kept.impacts : undefined;
  const fields: SavedFieldBounds[] = [];
  for (const [field, maxima] of kept.fields) {
    const { terms, shares } = yield* copyingShares(maxima, kept.blocks);
    const impactTerms: number[] = [];
    const frequencies: Uint8Array[] = [];
    const ofField = [...(impacts?.fields.get(field) ?? [])].sort(([a], [b]) => a - b);
    let compared = 0;
    for (const [id, term] of ofField) {
      if (sameList(yield* field.postings.viewing(collection.termOf(id)), term)) {
        impactTerms.push(id);
        frequencies.push(term.frequencies);
      }
      if ((compared += term.frequencies.length) >= ENTRIES_PER_STEP) {
        compared = 0;
        yield;
      }
    }
    fields.push({ name: field.spec.name, b: maxima.b, avg: maxima.avg, terms, shares, impactTerms: Uint32Array.from(impactTerms), frequencies });
  }
  return { least: kept.least, blocks: kept.blocks, fields };
}

/** The bounded terms of a field and a copy of their shares, in one array cut per term. */
function* copyingShares(maxima: FieldMaxima, blocks: number): Steps<{ terms: Uint32Array; shares: Float32Array[] }> {
  const ids: number[] = [];
  for (let id = 0; id < maxima.tableOf.length; id++) if (maxima.tableOf[id]) ids.push(id);
  const all = new Float32Array(ids.length * blocks);
  const shares: Float32Array[] = [];
  let copied = 0;
  for (const [i, id] of ids.entries()) {
    const part = all.subarray(i * blocks, (i + 1) * blocks);
    part.set(maxima.tables[maxima.tableOf[id] - 1].subarray(0, blocks));
    shares.push(part);
    if ((copied += blocks * 4) >= BYTES_PER_STEP) {
      copied = 0;
      yield;
    }
  }
  return { terms: Uint32Array.from(ids), shares };
}

/** Whether the list names exactly the documents whose frequencies were kept. */
function sameList(list: ArrayLike<number>, { docs, frequencies }: TermImpacts): boolean {
  if (list.length !== frequencies.length) return false;
  if (list === docs) return true;
  for (let i = 0; i < list.length; i++) if (list[i] !== docs[i]) return false;
  return true;
}

/**
 * Keeps saved bounds as the collection's under `ranking` (`from`: the engine's least document
 * count, as `preparingMaxima` takes it) when they are what computing them now would give, in steps
 * (each term's list is read: `Postings.view` checks it through); returns whether it did. Throws a
 * RangeError when they do not fit the collection (a field or term it does not have, frequencies of
 * another number of documents than the term's list): a damaged save. Taken bounds are checked
 * against the collection; bounds not taken are only read (their layout checked) and let go.
 */
export function* adoptingBounds(collection: Collection, ranking: KindRanking, from: number | undefined, saved: SavedBounds): Steps<boolean> {
  const fields = [...collection.fields.values()];
  const byName = new Map(saved.fields.map((f) => [f.name, f]));
  if (byName.size !== saved.fields.length || fields.some((f) => !byName.has(f.spec.name)) || byName.size !== fields.length) {
    throw new RangeError("the saved bounds name other fields");
  }
  const blocks = Math.ceil(collection.capacity / MAXIMA_BLOCK);
  if (saved.blocks > blocks) throw new RangeError("the saved bounds cover more blocks than there are");
  if (saved.least !== leastFor(collection, from) || !saved.blocks) return false;
  if (fields.some((f) => byName.get(f.spec.name)!.b !== ranking.fields[f.spec.name].b)) return false;
  const terms = Math.max(0, ...fields.map((f) => f.df.length));
  const impacts: KeptImpacts = { version: collection.textVersion, fields: new Map() };
  const kept: KeptMaxima = { ranking, least: saved.least, version: collection.textVersion, blocks: saved.blocks, fields: new Map(), impacts };
  for (const field of fields) {
    const s = byName.get(field.spec.name)!;
    kept.fields.set(field, fieldMaxima(s, terms, saved.blocks));
    impacts.fields.set(field, yield* fieldImpacts(collection, field, s, terms));
  }
  keepMaxima(collection, kept);
  return true;
}

function fieldMaxima(saved: SavedFieldBounds, terms: number, blocks: number): FieldMaxima {
  const tableOf = new Uint32Array(terms);
  saved.terms.forEach((id, i) => {
    if (id >= terms) throw new RangeError("the saved bounds name a term no document holds");
    if (saved.shares[i].length !== blocks) throw new RangeError("the saved bounds have the wrong number of blocks");
    tableOf[id] = i + 1;
  });
  return { b: saved.b, avg: saved.avg, tableOf, tables: saved.shares };
}

function* fieldImpacts(collection: Collection, field: FieldIndex, saved: SavedFieldBounds, terms: number): Steps<Map<number, TermImpacts>> {
  const out = new Map<number, TermImpacts>();
  let read = 0;
  for (const [i, id] of saved.impactTerms.entries()) {
    if (id >= terms || !field.df[id]) throw new RangeError("the saved frequencies name a term no document holds");
    // In steps: a common word's list is millions of entries at ten million, each looked at once when first found clean.
    const docs = yield* field.postings.viewing(collection.termOf(id));
    if (docs.length !== saved.frequencies[i].length) throw new RangeError("the saved frequencies do not match the term's documents");
    out.set(id, { docs, frequencies: saved.frequencies[i] });
    if ((read += docs.length) >= ENTRIES_PER_STEP) {
      read = 0;
      yield;
    }
  }
  // The next field's lists begin a step of their own.
  if (read) yield;
  return out;
}
