/**
 * Posting lists computed from a field's term occurrences: each term id's
 * documents, ascending, end to end in one array. The occurrences are the
 * source of truth of what a document holds, so lists computed from them are
 * exact (no stale entries, no repeats); a saved index keeps only the
 * occurrences and the lists are computed again when it is opened.
 */
import type { OccurrencesState } from "./occurrences.js";
import type { Steps } from "./steps.js";

export interface InvertedLists {
  /** The documents of term id t are `docs[starts[t]] … docs[starts[t + 1] - 1]`. */
  starts: Uint32Array;
  docs: Uint32Array;
  /** Documents holding at least one term, ascending. */
  documents: Uint32Array;
}

/** Documents per step between pauses. */
const DOCS_PER_STEP = 32_768;

/**
 * The lists of `terms` term ids from occurrences laid out as `Occurrences.state()` gives them
 * (counts per document, each document's term ids ascending and repeated once per occurrence).
 * Two passes (count, then place), yielding every DOCS_PER_STEP documents.
 */
export function* inverting(occurrences: Pick<OccurrencesState, "counts" | "ids">, terms: number): Steps<InvertedLists> {
  const { counts, ids } = occurrences;
  const starts = new Uint32Array(terms + 1);
  let withTerms = 0;
  let at = 0;
  for (let doc = 0; doc < counts.length; doc++) {
    if (doc % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
    const end = at + counts[doc];
    if (end > at) withTerms++;
    for (let i = at; i < end; i++) if (i === at || ids[i] !== ids[i - 1]) starts[ids[i] + 1]++;
    at = end;
  }
  for (let t = 0; t < terms; t++) starts[t + 1] += starts[t];
  const docs = new Uint32Array(starts[terms]);
  const documents = new Uint32Array(withTerms);
  // Where the next document of each term goes.
  const next = starts.slice(0, terms);
  at = 0;
  withTerms = 0;
  for (let doc = 0; doc < counts.length; doc++) {
    if (doc % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
    const end = at + counts[doc];
    if (end > at) documents[withTerms++] = doc;
    for (let i = at; i < end; i++) if (i === at || ids[i] !== ids[i - 1]) docs[next[ids[i]]++] = doc;
    at = end;
  }
  return { starts, docs, documents };
}
