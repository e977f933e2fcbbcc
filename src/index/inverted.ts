/**
 * Posting lists computed from a field's term occurrences: each term id's
 * documents, ascending. The occurrences are the source of truth of what a
 * document holds, so lists computed from them are exact (no stale entries, no
 * repeats). A saved index keeps the lists as the save found them (format 14
 * on): an open checks them against the occurrences (`takingSaved`) rather
 * than computing them again (`inverting`).
 */
import { eachDocument, type OccurrencesState } from "./occurrences.js";
import type { SavedLists } from "./state.js";
import { finish, zeroedArray, type Steps } from "./steps.js";

export interface InvertedLists {
  /** Occurrences the lists were computed from. */
  occurrences: number;
  /** Term ids with at least one document, ascending. */
  terms: Uint32Array;
  /** Per term of `terms`: the chunk its documents lie in, and where they start and end in it. */
  chunkOf: Uint32Array;
  from: Uint32Array;
  to: Uint32Array;
  /**
   * The lists end to end, split between terms into chunks of about CHUNK_ENTRIES (a longer list has
   * a chunk of its own): one array of hundreds of megabytes would set off a full collection.
   */
  chunks: Uint32Array[];
  /** Documents holding at least one term, ascending. */
  documents: Uint32Array;
}

/** Entries per chunk of lists. */
const CHUNK_ENTRIES = 1 << 20;

/** The documents of `lists.terms[i]`. */
export function listAt(lists: InvertedLists, i: number): Uint32Array {
  return lists.chunks[lists.chunkOf[i]].subarray(lists.from[i], lists.to[i]);
}

/** What a pass over occurrences counts: each term id's documents, the documents with terms (and a bit for each), the occurrences. */
interface Counted {
  perTerm: Uint32Array;
  withTerms: number;
  /** Bit `doc & 31` of word `doc >>> 5` for each document with terms: an eighth of a megabyte a million documents, where a look-up in the counts misses the cache. */
  hasTerms: Uint32Array;
  total: number;
}

/**
 * Counts each term id's documents in occurrences laid out as `Occurrences.state()` gives them (counts
 * per document, each document's term ids ascending and repeated once per occurrence, in chunks that end
 * where a document ends), checking them as it goes: a RangeError for a term id past `terms` or out
 * of order, or a document `held` refuses.
 */
function* counting(occurrences: Pick<OccurrencesState, "counts" | "ids">, terms: number, held: (doc: number) => boolean): Steps<Counted> {
  const { counts, ids } = occurrences;
  const perTerm = new Uint32Array(terms);
  const hasTerms = new Uint32Array((counts.length + 31) >>> 5);
  let withTerms = 0;
  let total = 0;
  yield* eachDocument(counts, ids, (chunk, from, to, doc) => {
    if (!held(doc)) throw new RangeError(`document ${doc} is not held`);
    withTerms++;
    hasTerms[doc >>> 5] |= 1 << (doc & 31);
    total += to - from;
    for (let i = from; i < to; i++) {
      const term = chunk[i];
      if (i > from && term === chunk[i - 1]) continue;
      if (term >= terms || (i > from && term < chunk[i - 1])) throw new RangeError("bad term ids");
      perTerm[term]++;
    }
  });
  return { perTerm, withTerms, hasTerms, total };
}

/**
 * The lists of `terms` term ids from occurrences (see `counting`). Two passes (count, then place), in
 * steps (`eachDocument`); the first checks the occurrences as it counts (a pass of their own was a fifth
 * of a 10M open's restore).
 */
export function* inverting(occurrences: Pick<OccurrencesState, "counts" | "ids">, terms: number, held: (doc: number) => boolean = () => true): Steps<InvertedLists> {
  const { counts, ids } = occurrences;
  const { perTerm, withTerms, total } = yield* counting(occurrences, terms, held);
  let listed = 0;
  for (let t = 0; t < terms; t++) if (perTerm[t]) listed++;
  const lists: InvertedLists = {
    occurrences: total,
    terms: new Uint32Array(listed),
    chunkOf: new Uint32Array(listed),
    from: new Uint32Array(listed),
    to: new Uint32Array(listed),
    chunks: [],
    documents: new Uint32Array(withTerms),
  };
  // Where the next document of each term goes in its chunk.
  const next = new Uint32Array(terms);
  const chunkOfTerm = new Uint32Array(terms);
  let chunkSize = 0;
  const chunkSizes: number[] = [];
  const close = () => {
    if (chunkSize) chunkSizes.push(chunkSize);
    chunkSize = 0;
  };
  for (let t = 0, i = 0; t < terms; t++) {
    if (!perTerm[t]) continue;
    if (chunkSize && chunkSize + perTerm[t] > CHUNK_ENTRIES) close();
    chunkOfTerm[t] = chunkSizes.length;
    next[t] = chunkSize;
    lists.terms[i] = t;
    lists.chunkOf[i] = chunkSizes.length;
    lists.from[i] = chunkSize;
    lists.to[i] = chunkSize += perTerm[t];
    i++;
  }
  close();
  // Placing documents writes all over the chunks: fresh pages first written within one step of it
  // held the loop for 130 ms at a million documents.
  for (const size of chunkSizes) lists.chunks.push(yield* zeroedArray(size));
  let placed = 0;
  yield* eachDocument(counts, ids, (chunk, from, to, doc) => {
    lists.documents[placed++] = doc;
    for (let i = from; i < to; i++) {
      const t = chunk[i];
      if (i === from || t !== chunk[i - 1]) lists.chunks[chunkOfTerm[t]][next[t]++] = doc;
    }
  });
  return lists;
}

/** List entries checked between pauses. */
const ENTRIES_PER_STEP = 1 << 18;

/**
 * Saved lists (`SavedLists`) taken as they lie, once checked against the occurrences they were saved
 * with (see `counting`): the term ids ascending and within `terms`, each listed term's number of
 * documents the number of documents its occurrences are in, no term with occurrences left out, each
 * list ascending and of documents with occurrences, and the pieces holding the lists exactly, none
 * straddling two. A RangeError otherwise. (That each document listed holds the term is not checked:
 * it would be the inversion again. A list that names a wrong one gives a wrong match, which visibility
 * still filters, never a document without a record.)
 */
export function* takingSaved(occurrences: Pick<OccurrencesState, "counts" | "ids">, saved: SavedLists, terms: number, held: (doc: number) => boolean = () => true): Steps<InvertedLists> {
  const { counts } = occurrences;
  const { perTerm, withTerms, hasTerms, total } = yield* counting(occurrences, terms, held);
  const { terms: listed, lengths, pieces } = saved;
  if (lengths.length !== listed.length) throw new RangeError("the saved lists' lengths do not match their terms");
  let withDocuments = 0;
  for (let t = 0; t < terms; t++) if (perTerm[t]) withDocuments++;
  if (withDocuments !== listed.length) throw new RangeError("the saved lists leave out terms");
  const lists: InvertedLists = {
    occurrences: total,
    terms: listed,
    chunkOf: new Uint32Array(listed.length),
    from: new Uint32Array(listed.length),
    to: new Uint32Array(listed.length),
    chunks: pieces,
    documents: new Uint32Array(withTerms),
  };
  let [piece, at, work] = [0, 0, 0];
  for (let i = 0; i < listed.length; i++) {
    const term = listed[i];
    if ((i > 0 && term <= listed[i - 1]) || term >= terms || !lengths[i] || lengths[i] !== perTerm[term]) throw new RangeError(`the saved list of term ${term} does not match its occurrences`);
    if (piece < pieces.length && at === pieces[piece].length) [piece, at] = [piece + 1, 0];
    const end = at + lengths[i];
    if (piece >= pieces.length || end > pieces[piece].length) throw new RangeError("the saved lists do not lie in their pieces");
    const docs = pieces[piece];
    let previous = -1;
    // A common word's list is millions of entries at ten million documents: checked a step at a time.
    for (let j = at; j < end; ) {
      const stop = Math.min(end, j + ENTRIES_PER_STEP - work);
      work += stop - j;
      for (; j < stop; j++) {
        const doc = docs[j];
        if (doc <= previous || doc >= counts.length || !(hasTerms[doc >>> 5] & (1 << (doc & 31)))) throw new RangeError(`the saved list of term ${term} is out of order or names a document without terms`);
        previous = doc;
      }
      if (work >= ENTRIES_PER_STEP) {
        work = 0;
        yield;
      }
    }
    [lists.chunkOf[i], lists.from[i], lists.to[i]] = [piece, at, end];
    at = end;
    if (++work >= ENTRIES_PER_STEP) {
      work = 0;
      yield;
    }
  }
  if (pieces.length ? piece !== pieces.length - 1 || at !== pieces[piece].length : false) throw new RangeError("the saved lists' pieces hold more than the lists");
  for (let from = 0, placed = 0; from < counts.length; from += ENTRIES_PER_STEP) {
    for (let doc = from, to = Math.min(counts.length, from + ENTRIES_PER_STEP); doc < to; doc++) if (counts[doc] > 0) lists.documents[placed++] = doc;
    yield;
  }
  return lists;
}

/** What the lists of a collection's fields are made from: per field its occurrences and the lists saved with them, if any. */
export interface FieldListsRequest {
  fields: Array<{ name: string; occurrences: Pick<OccurrencesState, "counts" | "ids">; lists?: SavedLists }>;
  /** Term ids in use: the size of the collection's dictionary. */
  terms: number;
  /** The collection's slots, and those of them that are free (every other slot holds a document). */
  capacity: number;
  free: readonly number[];
}

/**
 * Each field's lists as a restore makes them: the saved ones taken once checked (`takingSaved`), else
 * computed (`inverting`), a document held when its slot is not free. All at once (for a thread of its
 * own); a RangeError where the restore would throw one.
 */
export function fieldLists(request: FieldListsRequest): Map<string, InvertedLists> {
  const { capacity, terms } = request;
  const free = new Uint8Array(capacity);
  for (const slot of request.free) if (Number.isInteger(slot) && slot >= 0 && slot < capacity) free[slot] = 1;
  const held = (doc: number) => doc < capacity && !free[doc];
  const out = new Map<string, InvertedLists>();
  for (const { name, occurrences, lists } of request.fields) {
    out.set(name, finish(lists ? takingSaved(occurrences, lists, terms, held) : inverting(occurrences, terms, held)));
  }
  return out;
}
