/**
 * Posting lists computed from a field's term occurrences: each term id's
 * documents, ascending. The occurrences are the source of truth of what a
 * document holds, so lists computed from them are exact (no stale entries, no
 * repeats); a saved index keeps only the occurrences and the lists are
 * computed again when it is opened.
 */
import { eachDocument, type OccurrencesState } from "./occurrences.js";
import { zeroedArray, type Steps } from "./steps.js";

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

/**
 * The lists of `terms` term ids from occurrences laid out as `Occurrences.state()` gives them
 * (counts per document, each document's term ids ascending and repeated once per occurrence, in
 * chunks that end where a document ends). Two passes (count, then place), in steps (`eachDocument`);
 * the first checks the occurrences as it counts (a pass of their own was a fifth of a 10M open's
 * restore): a RangeError for a term id past `terms` or out of order, or a document `held` refuses.
 */
export function* inverting(occurrences: Pick<OccurrencesState, "counts" | "ids">, terms: number, held: (doc: number) => boolean = () => true): Steps<InvertedLists> {
  const { counts, ids } = occurrences;
  const perTerm = new Uint32Array(terms);
  let withTerms = 0;
  let total = 0;
  yield* eachDocument(counts, ids, (chunk, from, to, doc) => {
    if (!held(doc)) throw new RangeError(`document ${doc} is not held`);
    withTerms++;
    total += to - from;
    for (let i = from; i < to; i++) {
      const term = chunk[i];
      if (i > from && term === chunk[i - 1]) continue;
      if (term >= terms || (i > from && term < chunk[i - 1])) throw new RangeError("bad term ids");
      perTerm[term]++;
    }
  });
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
  withTerms = 0;
  yield* eachDocument(counts, ids, (chunk, from, to, doc) => {
    lists.documents[withTerms++] = doc;
    for (let i = from; i < to; i++) {
      const t = chunk[i];
      if (i === from || t !== chunk[i - 1]) lists.chunks[chunkOfTerm[t]][next[t]++] = doc;
    }
  });
  return lists;
}
