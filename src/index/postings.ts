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
 * Saved posting lists come back through FlexSearch's export/import, which is
 * many times quicker than adding every document again; the stale marks are
 * saved with them.
 */
import FlexSearch from "flexsearch";
import { finish, type Steps } from "./steps.js";

type Index = InstanceType<typeof FlexSearch.Index>;

/**
 * FlexSearch hands what is added or searched to the encoder untouched (it does not force a
 * string), so a document's terms go in as the array they are; a searched term is one word.
 */
const encodeTerms = (content: string | string[]): string[] => (Array.isArray(content) ? content : content ? content.split(" ") : []);

/** FlexSearch's export: named parts of JSON text, imported again in the same order. */
export type PostingsExport = Array<[key: string, data: string]>;

/** Every document's distinct terms, for rebuilding the lists. */
export type TermSource = () => Iterable<[doc: number, terms: string[]]>;

/** Whether a document's current terms include `term`. */
export type TermTest = (doc: number, term: string) => boolean;

const newIndex = (): Index =>
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

/**
 * FlexSearch's lists as its `add` fills them in this setup (strict, resolution 1, no context, no
 * update register, no score function, no keystore, no database): each term's lists by score (one
 * score, 0), and the set of documents added.
 */
interface Lists {
  map: Map<string, number[][]>;
  reg: Set<number>;
}

/**
 * The index's lists when they have exactly the shape `add` fills in this setup, else undefined
 * (another FlexSearch version, say). Appending a document's distinct terms to them is what `add`
 * does, without its per-document dictionary of repeats (our terms are distinct already), which
 * cost most of the time of indexing; `test/index/postings.test.ts` checks the two agree.
 */
function listsOf(index: Index): Lists | undefined {
  const i = index as unknown as Record<string, unknown>;
  const plain =
    i.map instanceof Map && i.map.size === 0 && i.reg instanceof Set && i.resolution === 1 && i.tokenize === "strict" &&
    !i.depth && !i.fastupdate && !i.score && !i.rtl && !i.keystore && !i.compress && !i.db;
  return plain ? (i as unknown as Lists) : undefined;
}

/** Stale documents tolerated before a merge, at the least. */
const MIN_STALE_FOR_MERGE = 4096;

export class Postings {
  private index = newIndex();
  /** The index's lists, when they can be filled directly. */
  private lists = listsOf(this.index);
  /**
   * When filled directly: the list of each term id given to `addNew` (FlexSearch's own array, found
   * once through its map), and 1 for each document in the index. Looking a term up in a map of strings
   * and a document in a set of a million cost cache misses on every word of a large build.
   */
  private listOfId: Array<number[] | undefined> = [];
  private inIndex = new Uint8Array(64);
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
    if (!this.contains(doc)) {
      this.append(doc, terms);
      this.entries += terms.length;
      return;
    }
    // In FlexSearch already: every list holding it stays, the lists of its new terms get it.
    this.markStale(doc);
    const had = new Set(previous);
    const added = terms.filter((t) => !had.has(t));
    if (added.length) this.append(doc, added);
    this.entries += added.length;
    this.mergeIfDue();
  }

  /** The document no longer has terms; `previous` are the terms it had. */
  remove(doc: number, previous: readonly string[] = []): void {
    if (previous.length) this.size--;
    if (!this.contains(doc)) return;
    this.markStale(doc);
    this.mergeIfDue();
  }

  /**
   * `set` for a document that had no terms and is in no list, its terms given as ids[0, count)
   * (distinct) of a dictionary read by `termOf`; false, doing nothing, when that does not hold or
   * the lists cannot be filled directly (the caller then calls `set`).
   */
  addNew(doc: number, ids: ArrayLike<number>, count: number, termOf: (id: number) => string): boolean {
    const lists = this.lists;
    if (!lists || this.contains(doc)) return false;
    if (count === 0) return true;
    this.size++;
    this.entries += count;
    for (let i = 0; i < count; i++) {
      const id = ids[i];
      let list = this.listOfId[id];
      if (!list) {
        const term = termOf(id);
        const byScore = lists.map.get(term);
        if (byScore) list = byScore[0];
        else lists.map.set(term, [(list = [])]);
        this.listOfId[id] = list;
      }
      list.push(doc);
    }
    lists.reg.add(doc);
    this.markAdded(doc);
    return true;
  }

  /** Whether FlexSearch's lists hold the document (perhaps stale). */
  private contains(doc: number): boolean {
    // FlexSearch answers with a promise only over a database, which these indexes never have.
    return this.lists ? doc < this.inIndex.length && this.inIndex[doc] === 1 : this.index.contain(doc) === true;
  }

  private markAdded(doc: number): void {
    if (doc >= this.inIndex.length) {
      const grown = new Uint8Array(Math.max(doc + 1, this.inIndex.length * 2));
      grown.set(this.inIndex);
      this.inIndex = grown;
    }
    this.inIndex[doc] = 1;
  }

  /** Adds the document to the lists of `terms` (distinct), whether or not it is in others already. */
  private append(doc: number, terms: string[]): void {
    const lists = this.lists;
    if (!lists) {
      // Skipping FlexSearch's update check: it would remove the document first, scanning every list.
      (this.index.add as AddUnchecked).call(this.index, doc, asContent(terms), false, true);
      return;
    }
    const { map } = lists;
    for (const term of terms) {
      if (!term) continue;
      const list = map.get(term);
      if (list) list[0].push(doc);
      else map.set(term, [[doc]]);
    }
    lists.reg.add(doc);
    this.markAdded(doc);
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

  /** The posting lists as FlexSearch exports them. */
  export(): PostingsExport {
    const parts: PostingsExport = [];
    this.index.export((key: string, data: string) => {
      parts.push([key, data]);
    });
    return parts;
  }

  /** The stale documents, ascending. */
  staleDocs(): Uint32Array {
    const out = new Uint32Array(this.staleCount);
    let n = 0;
    for (let doc = 0; doc < this.stale.length && n < out.length; doc++) if (this.stale[doc]) out[n++] = doc;
    return out;
  }

  /**
   * Posting lists exported by `export()` holding `size` documents with terms, `entries` entries in
   * all, and the stale documents as `staleDocs()` gave them.
   */
  static import(parts: PostingsExport, size: number, entries: number, stale: Uint32Array, source: TermSource, holds: TermTest): Postings {
    return finish(Postings.importing(parts, size, entries, stale, source, holds));
  }

  /** `import` one exported part at a time: the caller may let other work run at each `yield`. */
  static *importing(parts: PostingsExport, size: number, entries: number, stale: Uint32Array, source: TermSource, holds: TermTest): Steps<Postings> {
    const postings = new Postings(source, holds);
    for (const [key, data] of parts) {
      postings.index.import(key, data);
      yield;
    }
    // Imported lists are FlexSearch's own from here on: added to through `add`.
    postings.lists = undefined;
    postings.size = size;
    postings.entries = entries;
    for (const doc of stale) postings.markStale(doc);
    return postings;
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
    this.index = newIndex();
    this.lists = listsOf(this.index);
    this.listOfId = [];
    this.inIndex = new Uint8Array(this.inIndex.length);
    this.size = 0;
    this.entries = 0;
    this.stale = new Uint8Array(this.stale.length);
    this.staleCount = 0;
    for (const [doc, terms] of this.source()) {
      if (!terms.length) continue;
      this.append(doc, terms);
      this.size++;
      this.entries += terms.length;
    }
  }
}

function ascending(docs: Uint32Array): boolean {
  for (let i = 1; i < docs.length; i++) if (docs[i] < docs[i - 1]) return false;
  return true;
}
