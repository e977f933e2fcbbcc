/**
 * Every match of a search, past the 1,000-result cap, for offline use (`engine.searchAll`). A
 * search-after cursor: each batch is a fresh bounded search for the best `size` matches ranked
 * strictly after the last one given, so memory holds one batch whatever the total, and the order
 * is the order of paging (the ranking is total: score or sort key, then the kind's order, then the
 * slot). Changes made between batches show up as they would between pages.
 */
import { SearchError } from "./errors.js";
import type { Comparator, Ranked, TopK } from "./score/rank.js";
import type { SearchOptions } from "./types.js";

/** Where the next batch starts: just after this ranked match. */
export interface Cursor {
  after: Ranked | undefined;
  size: number;
}

export interface Batch {
  items: Array<Record<string, unknown>>;
  /** The last match of the batch, ranked; undefined when the batch is empty. */
  last: Ranked | undefined;
  incomplete: boolean;
}

const DEFAULT_BATCH = 500;

/** `searchAll`'s options: a search's, and the matches fetched per batch. */
export interface SearchAllOptions extends SearchOptions {
  /** Matches per batch (default 500): memory holds one batch. */
  batchSize?: number;
}

/** Runs batches until one comes back short. A batch cut short by the time limit stops the stream with an error rather than skip matches. */
export async function* searchAll(fetch: (cursor: Cursor) => Promise<Batch>, size = DEFAULT_BATCH): AsyncGenerator<Record<string, unknown>, void, undefined> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batchSize must be a whole number of 1 or more, got ${size}`);
  let after: Ranked | undefined;
  let given = 0;
  for (;;) {
    const batch = await fetch({ after, size });
    if (batch.incomplete) {
      throw new SearchError("service_unavailable", {
        message: `The search ran out of time after ${given} results; raise the engine's timeLimitMs to stream them all.`,
        documentation_url: "https://docs.github.com/rest",
      });
    }
    yield* batch.items;
    given += batch.items.length;
    if (batch.items.length < size || !batch.last) return;
    after = batch.last;
  }
}

/** A top-k that only admits matches ranked strictly after the cursor. */
export function afterCursor(top: TopK, after: Ranked | undefined, compare: Comparator): TopK {
  if (!after) return top;
  const admit = top.offer.bind(top);
  const mayTake = top.mayTake.bind(top);
  // The worst match a sort key can have: when even it ranks before the cursor, the key alone
  // passes the match over unscored (ranked by score, nothing can be judged by key).
  const worstWithKey = (key: number): Ranked => ({ doc: Infinity, score: -Infinity, key, order: Infinity });
  // Everything else is the wrapped top-k's own (its heap, its sorting).
  return Object.assign(Object.create(top) as TopK, {
    offer(item: Ranked) {
      if (compare(item, after) > 0) admit(item);
    },
    mayTake(key: number) {
      return compare(worstWithKey(key), after) > 0 && mayTake(key);
    },
  });
}
