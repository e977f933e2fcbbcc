/**
 * Warming the search path. V8 runs a function as bytecode until it has run for a while, then
 * compiles it for speed: a process's first searches over a large index are several times slower
 * than later ones (at a million issues the first took 20-60 ms where a warm one takes 2-4 ms), and
 * not because of the data: searches of a small index first make the large index's first searches
 * as fast as its later ones. `SearchEngine.warm()` runs a few searches of its own, over words its
 * documents hold, so that a service's first callers do not pay for compiling.
 */
import type { Collection } from "./index/collection.js";

/** Words a warm-up query may hold: plain lowercase words and numbers, which no query syntax reads otherwise. */
const PLAIN_WORD = /^[a-z0-9]{2,40}$/;

/** Documents looked at per query asked for, at most: a document with too few plain words is passed over. */
const TRIES_PER_QUERY = 4;

/**
 * Up to `count` queries of two or three words each, each query's words from one document (so that it
 * matches that one at least), a document each, spread over the collection's slots. Deterministic: the same
 * collection gives the same queries.
 */
export function warmUpQueries(collection: Collection, count: number): string[] {
  const queries: string[] = [];
  const tries = count * TRIES_PER_QUERY;
  let previous = -1;
  for (let i = 0; i < tries && queries.length < count; i++) {
    const doc = Math.floor(((i + 0.5) * collection.capacity) / tries);
    // Slots fewer than tries: each document once.
    if (doc === previous || !collection.isLive(doc)) continue;
    previous = doc;
    const words = plainWordsOf(collection, doc);
    const take = 2 + (queries.length % 2);
    if (words.length < take) continue;
    queries.push(Array.from({ length: take }, (_, k) => words[Math.floor((k * words.length) / take)]).join(" "));
  }
  return queries;
}

/** The document's distinct plain words over its text fields, in term id order. */
function plainWordsOf(collection: Collection, doc: number): string[] {
  const words = new Set<string>();
  for (const field of collection.fields.values()) {
    field.occurrences.forEachTerm(doc, (id) => {
      const term = collection.termOf(id);
      if (PLAIN_WORD.test(term)) words.add(term);
    });
  }
  return [...words];
}
