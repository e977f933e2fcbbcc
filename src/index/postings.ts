/**
 * Posting lists of one text field, kept by FlexSearch. FlexSearch is set up as
 * a plain exact-term inverted index: our tokenizer has already cut and
 * normalised the terms, so its encoder takes them as they are (its default
 * encoder folds distinct words together), its result cache is off (it is not
 * invalidated by `add`), and every search asks for all matches (its limit
 * defaults to 100).
 *
 * FlexSearch's update register (`fastupdate`) is off: it costs an array per
 * document. Without it FlexSearch removes a document by scanning every list,
 * so removals are ours: a document removed or given new terms is marked stale
 * and keeps its old entries (a tombstone); its new terms are added to the
 * lists it is not in yet. A list read back drops repeats, and a stale
 * document stays only while its current terms (`holds`) have the term. Once
 * stale documents outnumber half the live ones, the lists are rebuilt from the
 * documents' terms (a merge), which clears every mark.
 *
 * A saved index keeps no posting lists: they are computed again from the
 * term occurrences (`inverting`) and handed to FlexSearch through its
 * `import`, as a merge hands it the lists it rebuilt: many times quicker than
 * adding every document again, and exact, so no stale marks are left.
 */
import FlexSearch from "flexsearch";
import type { InvertedLists } from "./inverted.js";
import { finish, type Steps } from "./steps.js";

/**
 * FlexSearch hands what is added or searched to the encoder untouched (it does not force a
 * string), so a document's terms go in as the array they are; a searched term is one word.
 */
const encodeTerms = (content: string | string[]): string[] => (Array.isArray(content) ? content : content ? content.split(" ") : []);

/** Every document's distinct terms, for rebuilding the lists. */
export type TermSource = () => Iterable<[doc: number, terms: string[]]>;

/** Whether a document's current terms include `term`. */
export type TermTest = (doc: number, term: string) => boolean;

const newIndex = () =>
  new FlexSearch.Index({
    tokenize: "strict",
    resolution: 1,
    cache: false,
    fastupdate: false,
    encode: encodeTerms as (content: string) => string[],
  });

/** The terms as FlexSearch's `add` is typed to take them; `encodeTerms` receives the array itself. */
const asContent = (terms: string[]): string => terms as unknown as string;

/** FlexSearch's `add` with its untyped third and fourth arguments: append, and skip the update check. */
type AddUnchecked = (id: number, content: string, append: boolean, skipUpdate: boolean) => unknown;

/** List entries handed to FlexSearch per step of an import. */
const ENTRIES_PER_STEP = 1 << 16;

/** Stale documents tolerated before a merge, at the least. */
const MIN_STALE_FOR_MERGE = 4096;

export class Postings {
  private index = newIndex();
  /** Documents with terms now. */
  private size = 0;
  /** Entries added to lists in all (an upper bound of any list's length). */
  private entries = 0;
  /** 1 for a document whose entries in FlexSearch may not match its terms. */
  private stale = new Uint8Array(64);
  private staleCount = 0;
  private readonly source: TermSource;
  private readonly holds: TermTest;

  constructor(source: TermSource, holds: TermTest) {
    this.source = source;
    this.holds = holds;
  }

  /** Replaces the terms of a document; `terms` are distinct, `previous` its terms until now (none when it had none). */
  set(doc: number, terms: string[], previous: readonly string[] = []): void {
    if (!terms.length) return this.remove(doc, previous);
    if (!previous.length) this.size++;
    if (!this.index.contain(doc)) {
      this.index.add(doc, asContent(terms));
      this.entries += terms.length;
      return;
    }
    // In FlexSearch already: every list holding it stays, the lists of its new terms get it.
    this.markStale(doc);
    const had = new Set(previous);
    const added = terms.filter((t) => !had.has(t));
    // Skipping FlexSearch's update check: it would remove the document first, scanning every list.
    if (added.length) (this.index.add as AddUnchecked).call(this.index, doc, asContent(added), false, true);
    this.entries += added.length;
    this.mergeIfDue();
  }

  /** The document no longer has terms; `previous` are the terms it had. */
  remove(doc: number, previous: readonly string[] = []): void {
    if (previous.length) this.size--;
    if (!this.index.contain(doc)) return;
    this.markStale(doc);
    this.mergeIfDue();
  }

  /** Documents holding the term, ascending. */
  docs(term: string): Uint32Array {
    if (!term || term.includes(" ")) return new Uint32Array(0);
    const ids = this.index.search(term, { limit: this.entries + 1 }) as number[];
    const out = Uint32Array.from(ids);
    // Lists built in slot order are ascending already; only re-indexed slots put one out of order.
    if (!ascending(out)) out.sort();
    // Repeats and stale entries are dropped in one pass.
    let n = 0;
    for (let i = 0; i < out.length; i++) {
      const doc = out[i];
      if (n > 0 && out[n - 1] === doc) continue;
      if (this.staleCount && doc < this.stale.length && this.stale[doc] && !this.holds(doc, term)) continue;
      out[n++] = doc;
    }
    return n === out.length ? out : out.slice(0, n);
  }

  /**
   * Documents holding the term, ascending, without copying FlexSearch's list when it is clean
   * (ascending, no repeats, no stale document): a common word's list is most of the collection,
   * and a copy of it per search is garbage the collector must sweep. Not to be changed.
   */
  view(term: string): ArrayLike<number> {
    if (!term || term.includes(" ")) return NO_DOCS;
    const ids = this.index.search(term, { limit: this.entries + 1 }) as number[];
    const stale = this.staleCount ? this.stale : undefined;
    let previous = -1;
    for (let i = 0; i < ids.length; i++) {
      const doc = ids[i];
      if (doc <= previous || (stale && doc < stale.length && stale[doc])) return this.docs(term);
      previous = doc;
    }
    return ids;
  }

  /**
   * Posting lists computed from a field's occurrences (`inverting`), `dictionary` naming the term
   * ids; the caller may let other work run at each `yield`.
   */
  static *importing(lists: InvertedLists, dictionary: readonly string[], source: TermSource, holds: TermTest): Steps<Postings> {
    const postings = new Postings(source, holds);
    const { starts, docs } = lists;
    function* entries(): Generator<[string, number[]]> {
      for (let t = 0; t + 1 < starts.length; t++) if (starts[t + 1] > starts[t]) yield [dictionary[t], arrayOf(docs, starts[t], starts[t + 1])];
    }
    yield* postings.filling(entries(), lists.documents);
    return postings;
  }

  /** Posting lists imported at once (see `importing`). */
  static import(lists: InvertedLists, dictionary: readonly string[], source: TermSource, holds: TermTest): Postings {
    return finish(Postings.importing(lists, dictionary, source, holds));
  }

  /**
   * Replaces FlexSearch's lists with `lists` (each term's documents, ascending) over `documents`
   * (those with terms, ascending), through its `import`, which takes parsed data as well as text.
   */
  private *filling(lists: Iterable<[term: string, docs: number[]]>, documents: Uint32Array | number[]): Steps<void> {
    this.index = newIndex();
    this.stale = new Uint8Array(this.stale.length);
    this.staleCount = 0;
    let batch: Array<[string, number[][]]> = [];
    let batchEntries = 0;
    let entries = 0;
    for (const [term, docs] of lists) {
      // The shape FlexSearch's own export has: per term, one list per resolution slot (there is one).
      batch.push([term, [docs]]);
      batchEntries += docs.length;
      entries += docs.length;
      if (batchEntries >= ENTRIES_PER_STEP) {
        this.index.import("map", batch as unknown as string);
        [batch, batchEntries] = [[], 0];
        yield;
      }
    }
    this.index.import("map", batch as unknown as string);
    for (let at = 0; at < documents.length; at += ENTRIES_PER_STEP) {
      this.index.import("reg", arrayOf(documents, at, Math.min(documents.length, at + ENTRIES_PER_STEP)) as unknown as string);
      yield;
    }
    this.size = documents.length;
    this.entries = entries;
  }

  /** Entries in all lists, repeats and stale ones included. */
  get entryCount(): number {
    return this.entries;
  }

  private markStale(doc: number): void {
    if (doc >= this.stale.length) {
      const grown = new Uint8Array(Math.max(doc + 1, this.stale.length * 2));
      grown.set(this.stale);
      this.stale = grown;
    }
    if (!this.stale[doc]) {
      this.stale[doc] = 1;
      this.staleCount++;
    }
  }

  /** Rebuilds the lists from the documents' terms once stale documents outnumber half the live ones. */
  private mergeIfDue(): void {
    if (this.staleCount < MIN_STALE_FOR_MERGE || this.staleCount * 2 < this.size) return;
    this.rebuild();
  }

  /** FlexSearch's lists anew from every document's current terms: no stale entries, no repeats. */
  rebuild(): void {
    const lists = new Map<string, number[]>();
    const documents: number[] = [];
    for (const [doc, terms] of this.source()) {
      if (!terms.length) continue;
      documents.push(doc);
      for (const term of terms) {
        const docs = lists.get(term);
        if (docs) docs.push(doc);
        else lists.set(term, [doc]);
      }
    }
    finish(this.filling(lists, documents));
  }
}

/** `values[from … to)` as a plain array: a sized array filled in a loop is several times quicker than `Array.from`. */
function arrayOf(values: Uint32Array | number[], from: number, to: number): number[] {
  const out = new Array<number>(to - from);
  for (let i = from; i < to; i++) out[i - from] = values[i];
  return out;
}

const NO_DOCS: ArrayLike<number> = new Uint32Array(0);

function ascending(docs: Uint32Array): boolean {
  for (let i = 1; i < docs.length; i++) if (docs[i] < docs[i - 1]) return false;
  return true;
}
