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
 * documents' terms (a merge), which clears the marks. A merge runs in steps
 * (`mergeStep`, taken by the engine's indexer between searches): the lists in
 * use keep answering and taking changes until the new ones replace them, and
 * the documents changed meanwhile are carried over as stale ones.
 *
 * Documents appended to a list wait in a chain of a pool (`ChainPool`: shared pages, nothing on the
 * collector's heap, no copy as they grow) and are joined to the list in FlexSearch's map when it is
 * read or the lists are frozen.
 *
 * A saved index keeps each field's lists as a save found them (`listing`), which an open checks
 * against the occurrences and hands to FlexSearch through its `import` (`importing`), as a merge hands
 * it the lists it rebuilt; an index saved before them computes them again from the occurrences
 * (`inverting`). Either is many times quicker than adding every document again, and exact, so no
 * stale marks are left.
 */
import FlexSearch from "flexsearch";
import { ChainPool } from "../structures/chain-pool.js";
import { IdSet } from "../structures/id-set.js";
import { grownArray, lastingArray } from "../structures/lasting-memory.js";
import { listAt, type InvertedLists } from "./inverted.js";
import type { SavedLists } from "./state.js";
import { finish, zeroedArray, type Steps } from "./steps.js";

type Index = InstanceType<typeof FlexSearch.Index>;

/**
 * FlexSearch hands what is added or searched to the encoder untouched (it does not force a
 * string), so a document's terms go in as the array they are; a searched term is one word.
 */
const encodeTerms = (content: string | string[]): string[] => (Array.isArray(content) ? content : content ? content.split(" ") : []);

/** Every document's distinct terms, for rebuilding the lists. */
export type TermSource = () => Iterable<[doc: number, terms: string[]]>;

/** Whether a document's current terms include `term`. */
export type TermTest = (doc: number, term: string) => boolean;

/**
 * FlexSearch's `Index` with the register it takes as a second argument (not in its typings): the
 * set of every document added, a `Set` of millions of numbers otherwise, which held the event loop
 * for hundreds of milliseconds each time it doubled.
 */
const IndexWithRegister = FlexSearch.Index as unknown as new (options: ConstructorParameters<typeof FlexSearch.Index>[0], register: IdSet) => Index;

const newIndex = (): Index =>
  new IndexWithRegister(
    {
      tokenize: "strict",
      resolution: 1,
      cache: false,
      fastupdate: false,
      encode: encodeTerms as (content: string) => string[],
    },
    new IdSet(),
  );

/** The terms as FlexSearch's `add` is typed to take them; `encodeTerms` receives the array itself. */
const asContent = (terms: string[]): string => terms as unknown as string;

/** FlexSearch's `add` with its untyped third and fourth arguments: append, and skip the update check. */
type AddUnchecked = (id: number, content: string, append: boolean, skipUpdate: boolean) => unknown;

/** List entries handed to FlexSearch per step of an import, a merge or a freezing. */
const ENTRIES_PER_STEP = 1 << 16;
/** Terms handed to FlexSearch per step when an index is opened: each is a map entry and an array (a million documents' fields hold some hundred thousand terms). */
const TERMS_PER_IMPORT = 2048;
/** Documents put in FlexSearch's register per step when an index is opened: each is a look-up and an insert (65,536 took 35-37 ms under the profiler at a million records). */
const REGISTERED_PER_STEP = 1 << 13;

/**
 * Lists at least this long are kept, once complete, as views into shared Uint32Array chunks: half
 * the bytes of an array of small integers, and memory the collector never has to walk. A shorter
 * list stays an array, smaller than a view's own object.
 */
const TYPED_FROM = 16;

/** Terms whose lists `view` keeps known as clean at most (it forgets them all past that). */
const CLEAN_KEPT = 1 << 16;

/**
 * Bitmaps of common words `bitmap` keeps, most recently asked for last: each is a bit per slot (125 KB
 * at a million documents), so few are kept.
 */
const BITMAPS_KEPT = 8;

/** Entries per piece of the short lists a save copies end to end (see `listing`). */
const PIECE_ENTRIES = 1 << 20;
/** Clean typed lists at least this long are saved as they lie, a piece of their own: a copy of them would be fresh memory, written once. */
const OWN_PIECE_FROM = 1 << 14;

/** Entries per shared chunk of typed lists (a longer list gets an array of its own). */
const CHUNK_ENTRIES = 1 << 20;

/** The least a list copied is counted as when lists are frozen in steps of entries: each is an array made. */
const LIST_COST = 32;

/**
 * One term's documents in FlexSearch's map: an array of doubles when short (`emptyList`), a typed
 * view otherwise. A single-term search hands it back untouched. Appends do not go to it: they
 * wait in a chain of the pool (`Appends`) and are joined to it when the list is read or the lists
 * are frozen (`fold`), the list then replaced by a new one, a typed one leaving its room in a chunk
 * unused until the lists are packed again (a merge, or a repacking once that room is half the entries).
 */
type List = number[] | Uint32Array;

/**
 * Documents appended to lists and not yet joined to them: per term, a chain of the pool, found by
 * the term and, for `addNew`, by its dictionary id (the id plus one; 0 where it has none). `room`:
 * the buffer a list read before its lists were frozen lies at the start of, with room after it for
 * the next appends, by term.
 */
interface Appends {
  pool: ChainPool;
  byTerm: Map<string, number>;
  byId: Uint32Array;
  room: Map<string, Uint32Array>;
}

const noAppends = (): Appends => ({ pool: new ChainPool(), byTerm: new Map(), byId: new Uint32Array(0), room: new Map() });

/** Room a list joined to its appends is given, as a share of its length: searches between appends (`add()` then a search, over and over) copy a common word's list once, not every time. */
const ROOM_SHARE = 0.5;

/**
 * FlexSearch's lists as its `add` fills them in this setup (strict, resolution 1, no context, no
 * update register, no score function, no keystore, no database): each term's lists by score (one
 * score, 0), and the set of documents added (our register).
 */
interface Lists {
  map: Map<string, List[]>;
  reg: IdSet;
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
    i.map instanceof Map && i.map.size === 0 && i.reg instanceof IdSet && i.reg.size === 0 && i.resolution === 1 && i.tokenize === "strict" &&
    !i.depth && !i.fastupdate && !i.score && !i.rtl && !i.keystore && !i.compress && !i.db;
  return plain ? (i as unknown as Lists) : undefined;
}

export interface PostingsOptions {
  /** Stale documents tolerated before a merge, at the least. */
  minStaleForMerge?: number;
  /** Entries copied out of typed chunks or left in the pool tolerated before the lists are packed again, at the least. */
  minUnusedForRepack?: number;
  /** List entries written per step of a merge or a trimming. */
  entriesPerStep?: number;
}

/**
 * A merge or a repacking under way: its steps, and for a merge the documents changed since it began
 * with their terms now.
 */
interface Merge {
  steps: Steps<void>;
  changed?: Map<number, readonly string[]>;
}

export class Postings {
  private index = newIndex();
  /** The index's lists, when they can be filled directly. */
  private lists = listsOf(this.index);
  /** Documents appended and not yet in FlexSearch's lists (see `Appends`). */
  private appends = noAppends();
  /** Documents with terms now. */
  private size = 0;
  /** Entries added to lists in all (an upper bound of any list's length). */
  private entries = 0;
  /** 1 for a document whose entries in FlexSearch may not match its terms. */
  private stale: Uint8Array<ArrayBufferLike> = new Uint8Array(64);
  private staleCount = 0;
  /**
   * The lists `view` found clean by term, while no entry was added and no document marked stale
   * since (`cleanAt`): a common word's list is not read through again on every search. A list is
   * known by the very object found clean: a merge or a freezing puts new lists in place (a merge is
   * also what lowers `staleCount`). A map by term, emptied at the first change and when full: weak
   * maps keyed by lists would cost the collector a pass over their entries in every full collection.
   */
  private readonly clean = new Map<string, ArrayLike<number>>();
  private cleanAt = { entries: 0, staleCount: 0 };
  /** Bitmaps of clean lists by term (`bitmap`), each with the list it was made from; emptied with `clean`. */
  private readonly bitmaps = new Map<string, { list: ArrayLike<number>; bits: Uint32Array }>();
  private readonly source: TermSource;
  private readonly holds: TermTest;
  private readonly options: Required<PostingsOptions>;
  /** Entries of typed chunks no list uses any more (their lists were joined to appends) and cells the pool left unused. */
  private unusedInChunks = 0;
  private merge: Merge | undefined;

  constructor(source: TermSource, holds: TermTest, options: PostingsOptions = {}) {
    this.source = source;
    this.holds = holds;
    this.options = { minStaleForMerge: 4096, minUnusedForRepack: 1 << 20, entriesPerStep: ENTRIES_PER_STEP, ...options };
  }

  /** Replaces the terms of a document; `terms` are distinct, `previous` its terms until now (none when it had none). */
  set(doc: number, terms: string[], previous: readonly string[] = []): void {
    if (!terms.length) return this.remove(doc, previous);
    this.merge?.changed?.set(doc, terms);
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
    this.merge?.changed?.set(doc, []);
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
    if (this.merge?.changed) this.merge.changed.set(doc, Array.from({ length: count }, (_, i) => termOf(ids[i])));
    this.size++;
    this.entries += count;
    const { pool } = this.appends;
    for (let i = 0; i < count; i++) {
      const id = ids[i];
      const byId = this.appends.byId;
      const chain = id < byId.length && byId[id] !== 0 ? byId[id] - 1 : this.chainOf(termOf(id), id);
      pool.push(chain, doc);
    }
    lists.reg.add(doc);
    return true;
  }

  /** Whether FlexSearch's lists hold the document (perhaps stale). */
  private contains(doc: number): boolean {
    // FlexSearch answers with a promise only over a database, which these indexes never have.
    return this.lists ? this.lists.reg.has(doc) : this.index.contain(doc) === true;
  }

  /** Adds the document to the lists of `terms` (distinct), whether or not it is in others already. */
  private append(doc: number, terms: string[]): void {
    const lists = this.lists;
    if (!lists) {
      // Skipping FlexSearch's update check: it would remove the document first, scanning every list.
      (this.index.add as AddUnchecked).call(this.index, doc, asContent(terms), false, true);
      return;
    }
    const { pool } = this.appends;
    for (const term of terms) if (term) pool.push(this.chainOf(term), doc);
    lists.reg.add(doc);
  }

  /**
   * The term's chain of appends, begun (and the term put in FlexSearch's map with an empty list)
   * where it has none; `id`, its dictionary id, finds it again without the term.
   */
  private chainOf(term: string, id?: number): number {
    const appends = this.appends;
    let chain = appends.byTerm.get(term);
    if (chain === undefined) {
      chain = appends.pool.newChain();
      appends.byTerm.set(term, chain);
      if (!this.lists!.map.has(term)) this.lists!.map.set(term, [emptyList()]);
    }
    if (id !== undefined) {
      if (id >= appends.byId.length) {
        const byId = new Uint32Array(Math.max(id + 1, appends.byId.length * 2, 64));
        byId.set(appends.byId);
        appends.byId = byId;
      }
      appends.byId[id] = chain + 1;
    }
    return chain;
  }

  /**
   * The term's appends joined to its list in FlexSearch's map, at once, and the chain emptied: what
   * a search reads. An array (a list built by `add()`s, or short) takes them at its end; a typed list
   * (frozen by a load, or opened) is replaced by the view of more of its buffer when they fit the room
   * after it, else by a copy into a buffer with half its length again as room.
   */
  private fold(term: string): void {
    const chain = this.appends.byTerm.get(term);
    if (chain === undefined) return;
    const { pool, room } = this.appends;
    const pending = pool.count(chain);
    if (!pending) return;
    const byScore = this.lists!.map.get(term)!;
    const base = byScore[0];
    const length = base.length + pending;
    const buffer = this.roomOf(term, base);
    if (Array.isArray(base)) {
      // An array takes them in place, as pushes: no search holds a list while the lists are written.
      pool.copyTo(chain, base, base.length, pending);
    } else if (buffer && length <= buffer.length) {
      pool.copyTo(chain, buffer, base.length, pending);
      byScore[0] = buffer.subarray(0, length);
    } else {
      const grown = lastingArray(Math.ceil(length * (1 + ROOM_SHARE)));
      room.set(term, grown);
      const out = grown.subarray(0, length);
      out.set(base);
      pool.copyTo(chain, out, base.length, pending);
      // A list of a buffer with room is let go whole; one in a chunk leaves its room there unused.
      if (!buffer) this.retire(base);
      byScore[0] = out;
    }
    this.leftUnused(pool.reset(chain));
  }

  /** The buffer with room the term's list lies at the start of (`Appends.room`), if it does. */
  private roomOf(term: string, list: List): Uint32Array | undefined {
    if (Array.isArray(list)) return undefined;
    const buffer = this.appends.room.get(term);
    return buffer && buffer.buffer === list.buffer && buffer.byteOffset === list.byteOffset ? buffer : undefined;
  }

  /** Every term's appends joined to its list (`fold`), at once. */
  private foldAll(): void {
    for (const term of this.appends.byTerm.keys()) this.fold(term);
  }

  /** A list replaced by a longer one: a typed one's room in its chunk is left unused. */
  private retire(list: List): void {
    if (!Array.isArray(list)) this.leftUnused(list.length);
  }

  /** Counts memory left unused; the lists are packed again once it is half the entries. */
  private leftUnused(entries: number): void {
    this.unusedInChunks += entries;
    if (!this.merge && this.unusedInChunks >= this.options.minUnusedForRepack && this.unusedInChunks * 2 > this.entries) {
      this.merge = { steps: this.repacking() };
    }
  }

  /** Documents holding the term, ascending. */
  docs(term: string): Uint32Array {
    if (!term || term.includes(" ")) return new Uint32Array(0);
    if (this.appends.byTerm.size) this.fold(term);
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
    return finish(this.viewing(term));
  }

  /**
   * `view` in steps of ENTRIES_PER_STEP entries: a word in most documents is millions of entries at
   * ten million, each looked at once when its list is first found clean. Changes may come between
   * the steps: the documents are then taken as they are at the end.
   */
  *viewing(term: string): Steps<ArrayLike<number>> {
    if (!term || term.includes(" ")) return NO_DOCS;
    if (this.appends.byTerm.size) this.fold(term);
    const ids = this.index.search(term, { limit: this.entries + 1 }) as number[];
    if (this.cleanAt.entries !== this.entries || this.cleanAt.staleCount !== this.staleCount || this.clean.size >= CLEAN_KEPT) {
      this.clean.clear();
      this.bitmaps.clear();
      this.cleanAt = { entries: this.entries, staleCount: this.staleCount };
    }
    if (this.clean.get(term) === ids) return ids;
    const list = yield* this.checkingClean(term, ids, ENTRIES_PER_STEP);
    if (list === ids) this.clean.set(term, ids);
    return list;
  }

  /**
   * `ids`, the term's list in FlexSearch's map, where it is clean (ascending, no repeats, no stale
   * document), checked `step` entries between pauses; else the documents as `docs` gives them. Changes
   * may come between the steps (a document added or made stale, the lists merged): what was checked
   * may then be out of date, and the documents are taken as they are at the end.
   */
  private *checkingClean(term: string, ids: ArrayLike<number>, step: number): Steps<ArrayLike<number>> {
    const stale = this.staleCount ? this.stale : undefined;
    const { entries, staleCount, index } = this;
    let previous = -1;
    for (let from = 0; from < ids.length; from += step) {
      const to = Math.min(ids.length, from + step);
      for (let i = from; i < to; i++) {
        const doc = ids[i];
        if (doc <= previous || (stale && doc < stale.length && stale[doc])) return this.docs(term);
        previous = doc;
      }
      yield;
    }
    if (this.entries !== entries || this.staleCount !== staleCount || this.index !== index) return this.docs(term);
    return ids;
  }

  /**
   * The documents of `view(term)` as bits (bit `d & 31` of word `d >>> 5`, as long as the last one
   * needs). A common word's list steps through most of a block's slots where a search combines it
   * with other words; its bitmap is a word per 32 slots. Kept while the list stays clean, for a
   * common word asked for again. Not to be changed.
   */
  bitmap(term: string): Uint32Array {
    return finish(this.bitmapping(term));
  }

  /**
   * `bitmap` in steps of ENTRIES_PER_STEP entries: the first search of `the` at ten million made its
   * bitmaps from 8.8 million entries with the loop held for 57.5 ms. The lists must not change
   * between steps (a search holds them still).
   */
  *bitmapping(term: string): Steps<Uint32Array> {
    const list = yield* this.viewing(term);
    const kept = this.bitmaps.get(term);
    if (kept && kept.list === list) {
      // Most recently asked for last: the first is let go when the map is full.
      this.bitmaps.delete(term);
      this.bitmaps.set(term, kept);
      return kept.bits;
    }
    const bits = yield* zeroedArray(list.length ? (list[list.length - 1] >>> 5) + 1 : 0);
    for (let from = 0; from < list.length; from += ENTRIES_PER_STEP) {
      for (let i = from, to = Math.min(list.length, from + ENTRIES_PER_STEP); i < to; i++) bits[list[i] >>> 5] |= 1 << (list[i] & 31);
      yield;
    }
    if (this.clean.get(term) === list) {
      if (this.bitmaps.size >= BITMAPS_KEPT) this.bitmaps.delete(this.bitmaps.keys().next().value!);
      this.bitmaps.set(term, { list, bits });
    }
    return bits;
  }

  /**
   * Posting lists computed from a field's occurrences (`inverting`), `termOf` naming the term ids,
   * handed to FlexSearch through its `import` (which takes parsed lists as well as JSON text); the
   * caller may let other work run at each `yield`.
   */
  static *importing(lists: InvertedLists, termOf: (id: number) => string, source: TermSource, holds: TermTest): Steps<Postings> {
    const postings = new Postings(source, holds);
    const { terms, documents } = lists;
    let batch: Array<[string, List[]]> = [];
    let batchEntries = 0;
    let entries = 0;
    for (let i = 0; i < terms.length; i++) {
      const docs = listAt(lists, i);
      // The shape FlexSearch's own export has: per term, one list per resolution slot (there is one).
      // A typed view goes in only where the lists are known to have the shape that takes it.
      batch.push([termOf(terms[i]), [postings.lists && docs.length >= TYPED_FROM ? docs : listOf(docs, 0, docs.length)]]);
      batchEntries += docs.length;
      entries += docs.length;
      if (batchEntries >= ENTRIES_PER_STEP || batch.length >= TERMS_PER_IMPORT) {
        postings.index.import("map", batch as unknown as string);
        [batch, batchEntries] = [[], 0];
        yield;
      }
    }
    postings.index.import("map", batch as unknown as string);
    for (let at = 0; at < documents.length; at += REGISTERED_PER_STEP) {
      const end = Math.min(documents.length, at + REGISTERED_PER_STEP);
      // Imported into the same map and register: the lists keep the shape `append` fills directly.
      postings.index.import("reg", listOf(documents, at, end) as unknown as string);
      yield;
    }
    postings.size = documents.length;
    postings.entries = entries;
    return postings;
  }

  /**
   * Freezes each list, in steps of about ENTRIES_PER_STEP entries: its appends joined to it, a long
   * list copied into a shared typed chunk and kept as a view of it (`TYPED_FROM`), a short one into
   * an array of its exact length. The copies hold the same documents, so a search holding an old
   * list reads what it read before. With `repack`, typed lists are copied into fresh chunks too (see
   * `repacking`). Appends and searches may come between steps; once no appends wait, the pool is
   * let go.
   */
  *trimming(entriesPerStep = this.options.entriesPerStep, repack = false): Steps<void> {
    const lists = this.lists;
    if (!lists) return;
    let work = 0;
    let chunk: Uint32Array = new Uint32Array(0);
    let used = 0;
    // Entries of the lists not yet reached: no chunk is made larger than what may still fill it.
    let ahead = this.entries;
    const appends = this.appends;
    const { pool, byTerm } = appends;
    for (const [term, byScore] of lists.map) {
      // A merge ending between the steps put new lists and a new pool in place: they need nothing of this.
      if (this.lists !== lists) return;
      const list = byScore[0];
      const chain = byTerm.size ? byTerm.get(term) : undefined;
      const pending = chain === undefined ? 0 : pool.count(chain);
      const length = list.length + pending;
      ahead -= length;
      // A map entry visited costs a little even when its list is left as it is.
      work++;
      // A list read before the freezing may lie in a buffer with room after it: copied, to its length.
      const roomy = this.roomOf(term, list) !== undefined;
      if (pending || roomy || (repack && !Array.isArray(list))) {
        let out: List;
        if (length < TYPED_FROM) out = sizedList(length);
        else {
          if (used + length > chunk.length) {
            chunk = lastingArray(Math.max(length, Math.min(CHUNK_ENTRIES, length + Math.max(0, ahead))));
            used = 0;
          }
          out = chunk.subarray(used, used + length);
          used += length;
        }
        copyInto(out, list);
        if (pending) {
          const head = pool.head(chain!);
          // A common word's appends are copied in steps: millions of entries first written at ten million.
          yield* pool.copying(chain!, out, list.length, pending, entriesPerStep);
          if (this.lists !== lists) return;
          // Meanwhile a search may have joined them itself, or more may have come: then the copy is let go.
          if (byScore[0] !== list || pool.head(chain!) !== head) continue;
          if (pool.count(chain!) !== pending) {
            this.fold(term);
            continue;
          }
          pool.reset(chain!);
        }
        if (roomy) appends.room.delete(term);
        else if (!repack) this.retire(list);
        byScore[0] = out;
        // A short list costs its copy and the array made: counted as LIST_COST entries at least.
        work += Math.max(length, LIST_COST);
      }
      if (work < entriesPerStep) continue;
      work = 0;
      yield;
    }
    if (this.appends === appends && pool.pending === 0) this.appends = noAppends();
  }

  /** Posting lists imported at once (see `importing`). */
  static import(lists: InvertedLists, termOf: (id: number) => string, source: TermSource, holds: TermTest): Postings {
    return finish(Postings.importing(lists, termOf, source, holds));
  }

  /**
   * Each term's list as FlexSearch holds it (repeats and stale entries included), in the map's order,
   * as plain arrays: what tells the lists from those its `add` builds. Read through its own `export`
   * when the lists are not filled directly.
   */
  termLists(): Array<[term: string, docs: number[]]> {
    this.foldAll();
    if (this.lists) return Array.from(this.lists.map, ([term, byScore]) => [term, Array.from(byScore[0])]);
    const out: Array<[string, number[]]> = [];
    this.index.export((key: string, data: string) => {
      if (!key.endsWith("map")) return;
      for (const [term, byScore] of JSON.parse(data) as Array<[string, number[][]]>) out.push([term, byScore[0]]);
    });
    return out;
  }

  /**
   * Each term's documents, ascending and exact (no repeats, no stale entries), for the term ids in
   * [0, terms) `termOf` names, end to end as a save writes them (`SavedLists`): a clean typed list of
   * at least OWN_PIECE_FROM entries is a piece of its own as it lies (the entries of a typed list never
   * change: appends go after it, merges and freezings make new lists), the others are copied into
   * shared pieces. In steps; the caller keeps the lists from changing between them (it holds them as a
   * search does), and appends waiting are joined to their lists as a search joins them.
   */
  *listing(terms: number, termOf: (id: number) => string): Steps<SavedLists> {
    const listed: number[] = [];
    const lengths: number[] = [];
    const pieces: Uint32Array[] = [];
    // Lasting memory: ordinary buffers of megabytes count towards the full collections a save sets off.
    let piece: Uint32Array | undefined;
    let used = 0;
    const close = () => {
      if (!piece || !used) return;
      // A piece mostly empty (short lists between two long ones) is copied out at its size, its buffer kept for the next.
      if (used * 2 < piece.length) pieces.push(piece.slice(0, used));
      else {
        pieces.push(piece.subarray(0, used));
        piece = undefined;
      }
      used = 0;
    };
    let work = 0;
    for (let id = 0; id < terms; id++) {
      const term = termOf(id);
      const docs = yield* this.exactListing(term);
      work += docs.length + 1;
      if (work >= this.options.entriesPerStep) {
        work = 0;
        yield;
      }
      if (!docs.length) continue;
      listed.push(id);
      lengths.push(docs.length);
      if (docs instanceof Uint32Array && docs.length >= OWN_PIECE_FROM) {
        close();
        pieces.push(docs);
        continue;
      }
      if (!piece || used + docs.length > piece.length) {
        close();
        if (!piece || docs.length > piece.length) piece = lastingArray(Math.max(PIECE_ENTRIES, docs.length));
      }
      // A list built by `add()`s is an array, as long as its word is common: copied a step at a time into fresh memory.
      const into = piece;
      const step = this.options.entriesPerStep;
      for (let from = 0; from < docs.length; from += step) {
        const to = Math.min(docs.length, from + step);
        if (docs instanceof Uint32Array) into.set(docs.subarray(from, to), used + from);
        else for (let i = from; i < to; i++) into[used + i] = docs[i];
        if (docs.length > step) yield;
      }
      used += docs.length;
    }
    close();
    return { terms: Uint32Array.from(listed), lengths: Uint32Array.from(lengths), pieces };
  }

  /**
   * The term's documents as `docs` gives them, but FlexSearch's list itself where it is clean (`viewing`
   * without its caches), checked `entriesPerStep` entries between pauses: a common word's list is
   * millions of entries at ten million documents.
   */
  private *exactListing(term: string): Steps<ArrayLike<number>> {
    if (!term || term.includes(" ")) return NO_DOCS;
    if (this.appends.byTerm.size) this.fold(term);
    const ids = this.lists ? this.lists.map.get(term)?.[0] : (this.index.search(term, { limit: this.entries + 1 }) as number[]);
    return ids ? yield* this.checkingClean(term, ids, this.options.entriesPerStep) : NO_DOCS;
  }

  /** Entries in all lists, repeats and stale ones included. */
  get entryCount(): number {
    return this.entries;
  }

  private markStale(doc: number): void {
    // A per-document array, grown in place: the first removal past an opened index's slots grew it
    // from nothing to ten million bytes, and the next to twenty, each a copy in one turn (a field each).
    if (doc >= this.stale.length) this.stale = grownArray(this.stale, Math.max(doc + 1, this.stale.length * 2));
    if (!this.stale[doc]) {
      this.stale[doc] = 1;
      this.staleCount++;
    }
  }

  /** Every list copied into fresh chunks (typed ones too), so that chunks left mostly unused are let go. */
  private *repacking(): Steps<void> {
    this.unusedInChunks = 0;
    yield* this.trimming(this.options.entriesPerStep, true);
  }

  /** Begins a merge once stale documents outnumber half the live ones (and `minStaleForMerge`). */
  private mergeIfDue(): void {
    if (this.merge || this.staleCount < this.options.minStaleForMerge || this.staleCount * 2 < this.size) return;
    const changed = new Map<number, readonly string[]>();
    this.merge = { steps: this.rebuilding(changed), changed };
  }

  /** Whether a merge is under way. */
  get merging(): boolean {
    return this.merge !== undefined;
  }

  /** Takes a merge under way one step (about `entriesPerStep` entries) further; false once none is left. */
  mergeStep(): boolean {
    if (!this.merge) return false;
    if (!this.merge.steps.next().done) return true;
    this.merge = undefined;
    return false;
  }

  /**
   * New lists from every document's current terms (no repeats, no stale entries), cut to size, then
   * the documents changed since the merge began (`changed`, filled by `set`, `remove` and `addNew`)
   * carried over as stale ones with their terms now; they then replace the lists in use, at once.
   */
  private *rebuilding(changed: Map<number, readonly string[]>): Steps<void> {
    const next = new Postings(this.source, this.holds, this.options);
    let written = 0;
    for (const [doc, terms] of this.source()) {
      if (!terms.length) continue;
      next.append(doc, terms);
      next.entries += terms.length;
      written += terms.length;
      if (written < this.options.entriesPerStep) continue;
      written = 0;
      yield;
    }
    yield* next.trimming();
    for (const [doc, terms] of changed) {
      if (next.contains(doc)) next.markStale(doc);
      if (!terms.length) continue;
      next.append(doc, terms as string[]);
      next.entries += terms.length;
    }
    this.index = next.index;
    this.lists = next.lists;
    this.appends = next.appends;
    this.entries = next.entries;
    this.stale = next.stale;
    this.staleCount = next.staleCount;
    this.unusedInChunks = next.unusedInChunks;
  }
}

/**
 * `values[from … to)` as a list `emptyList` begins: a sized array filled in a loop is several times
 * quicker than `Array.from`.
 */
function listOf(values: ArrayLike<number>, from: number, to: number): number[] {
  const out = sizedList(to - from);
  for (let i = from; i < to; i++) out[i - from] = values[i];
  return out;
}

/**
 * An empty list that keeps its documents as doubles, not as small integers: a full collection
 * marks an array of small integers slot by slot, but passes over an array of doubles whole (there
 * is nothing in it to follow). Same 8 bytes an entry either way.
 */
function emptyList(): number[] {
  const list = [0.5];
  list.pop();
  return list;
}

/** A list of doubles (`emptyList`) of `length` entries, to be filled. */
function sizedList(length: number): number[] {
  const list = emptyList();
  list.length = length;
  return list;
}

/** `values` written at the start of `out`. */
function copyInto(out: List, values: ArrayLike<number>): void {
  if (!Array.isArray(out) && values instanceof Uint32Array) out.set(values);
  else for (let i = 0; i < values.length; i++) out[i] = values[i];
}

const NO_DOCS: ArrayLike<number> = new Uint32Array(0);

function ascending(docs: Uint32Array): boolean {
  for (let i = 1; i < docs.length; i++) if (docs[i] < docs[i - 1]) return false;
  return true;
}
