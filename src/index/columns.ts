/**
 * Typed columns for qualifier filters: numbers (dates as epoch ms) in a
 * growable Float64Array, keywords as per-document value lists with an
 * inverted map from value to documents.
 */
import { DocSet } from "./doc-set.js";

export class NumberColumn {
  private values: Float64Array<ArrayBufferLike> = new Float64Array(64).fill(NaN);

  set(doc: number, value: number | null | undefined): void {
    this.setExactly(doc, typeof value === "number" && Number.isFinite(value) ? value : NaN);
  }

  /** Sets a value as given, infinities and NaN included. */
  setExactly(doc: number, value: number): void {
    if (doc >= this.values.length) {
      const grown = new Float64Array(Math.max(doc + 1, this.values.length * 2)).fill(NaN);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[doc] = value;
  }

  /** NaN when the document has no value. */
  get(doc: number): number {
    return doc < this.values.length ? this.values[doc] : NaN;
  }

  clear(doc: number): void {
    if (doc < this.values.length) this.values[doc] = NaN;
  }

  /** A copy of the values of documents `0 … capacity-1` (NaN where none). */
  copy(capacity: number): Float64Array {
    const out = new Float64Array(capacity).fill(NaN);
    out.set(this.values.subarray(0, Math.min(capacity, this.values.length)));
    return out;
  }

  /** Takes `values` as the column's contents (held, not copied). */
  static of(values: Float64Array): NumberColumn {
    const column = new NumberColumn();
    column.values = values.length ? values : column.values;
    return column;
  }
}

/** A keyword column as value table and per-document value ids: compact for saving and quick to restore. */
export interface KeywordColumnState {
  /** Distinct values; documents refer to them by position. */
  values: string[];
  /** Values per document (0 for none), for documents `0 … capacity-1`. */
  counts: Uint32Array;
  /** The value ids of every document in turn. */
  ids: Uint32Array;
}

/** One value's documents (a number while only one document holds it, the common case of keys and logins), and the one-value list shared by the documents holding just this value. */
interface Entry {
  list: readonly string[];
  docs: DocSet | number;
}

export class KeywordColumn {
  /** Each document's values; lists are shared and never mutated. */
  private readonly perDoc: Array<readonly string[] | undefined> = [];
  private readonly postings = new Map<string, Entry>();
  /** A restored column's saved form, built into lists and postings when first used: many columns never are. */
  private saved: KeywordColumnState | undefined;

  set(doc: number, values: string[]): void {
    this.ready();
    const unique = values.length > 1 ? [...new Set(values)] : values;
    // Joined columns are recomputed wholesale; most values come back unchanged.
    if (sameValues(this.perDoc[doc], unique)) return;
    this.clear(doc);
    if (!unique.length) return;
    if (unique.length === 1) {
      // Most documents hold one value per column: they share its list instead of one each.
      const entry = this.entry(unique[0]);
      this.perDoc[doc] = entry.list;
      post(entry, doc);
      return;
    }
    this.perDoc[doc] = unique;
    for (const v of unique) post(this.entry(v), doc);
  }

  get(doc: number): readonly string[] {
    this.ready();
    return this.perDoc[doc] ?? NO_VALUES;
  }

  clear(doc: number): void {
    this.ready();
    const old = this.perDoc[doc];
    if (!old) return;
    for (const v of old) {
      const entry = this.postings.get(v);
      if (!entry) continue;
      if (typeof entry.docs !== "number") entry.docs.delete(doc);
      if (entry.docs === doc || (typeof entry.docs !== "number" && entry.docs.size === 0)) this.postings.delete(v);
    }
    this.perDoc[doc] = undefined;
  }

  docs(value: string): DocSet {
    this.ready();
    const docs = this.postings.get(value)?.docs;
    if (docs === undefined) return EMPTY;
    return typeof docs === "number" ? new DocSet(Uint32Array.of(docs), 1) : docs;
  }

  /** Every distinct value, for prefix tests. */
  values(): IterableIterator<string> {
    this.ready();
    return this.postings.keys();
  }

  state(capacity: number): KeywordColumnState {
    if (this.saved && this.saved.counts.length === capacity) return this.saved;
    this.ready();
    const table = new Map<string, number>();
    const counts = new Uint32Array(capacity);
    let total = 0;
    for (let doc = 0; doc < capacity; doc++) total += (counts[doc] = this.perDoc[doc]?.length ?? 0);
    const ids = new Uint32Array(total);
    let at = 0;
    for (let doc = 0; doc < capacity; doc++) {
      for (const v of this.perDoc[doc] ?? NO_VALUES) {
        let id = table.get(v);
        if (id === undefined) table.set(v, (id = table.size));
        ids[at++] = id;
      }
    }
    return { values: [...table.keys()], counts, ids };
  }

  /** A column from `state()`, checked now and built when first used. Throws a RangeError when the parts do not fit together. */
  static of(state: KeywordColumnState): KeywordColumn {
    const { values, counts, ids } = state;
    for (const id of ids) if (id >= values.length) throw new RangeError("keyword value id out of range");
    let total = 0;
    for (const n of counts) total += n;
    if (total !== ids.length) throw new RangeError("keyword value ids do not match the counts");
    if (new Set(values).size !== values.length) throw new RangeError("a keyword value repeats");
    const column = new KeywordColumn();
    column.saved = state;
    return column;
  }

  private ready(): void {
    const state = this.saved;
    if (!state) return;
    this.saved = undefined;
    const { values, counts, ids } = state;
    // Documents per value by counting: one array cut into ascending lists, no sets.
    const perValue = new Uint32Array(values.length + 1);
    for (const id of ids) perValue[id + 1]++;
    for (let id = 0; id < values.length; id++) perValue[id + 1] += perValue[id];
    const entries = values.map((v, id): Entry => {
      const entry = { list: [v], docs: -1 };
      if (perValue[id + 1] > perValue[id]) this.postings.set(v, entry);
      return entry;
    });
    const starts = perValue.slice(0, values.length);
    const docs = new Uint32Array(ids.length);
    let at = 0;
    for (let doc = 0; doc < counts.length; doc++) {
      const n = counts[doc];
      if (!n) continue;
      if (n === 1) {
        const id = ids[at++];
        docs[starts[id]++] = doc;
        this.perDoc[doc] = entries[id].list;
        continue;
      }
      const list = new Array<string>(n);
      for (let i = 0; i < n; i++) {
        const id = ids[at++];
        list[i] = values[id];
        docs[starts[id]++] = doc;
      }
      this.perDoc[doc] = list;
    }
    entries.forEach((entry, id) => {
      const n = perValue[id + 1] - perValue[id];
      entry.docs = n === 1 ? docs[perValue[id]] : new DocSet(docs.subarray(perValue[id], perValue[id + 1]), n);
    });
  }

  private entry(value: string): Entry {
    let entry = this.postings.get(value);
    if (!entry) this.postings.set(value, (entry = { list: [value], docs: NO_DOC }));
    return entry;
  }
}

/** `docs` of an entry no document holds yet. */
const NO_DOC = -1;

function post(entry: Entry, doc: number): void {
  const docs = entry.docs;
  if (docs === NO_DOC) entry.docs = doc;
  else if (typeof docs === "number") {
    if (docs === doc) return;
    const set = new DocSet(Uint32Array.of(docs), 1);
    set.add(doc);
    entry.docs = set;
  } else docs.add(doc);
}

function sameValues(old: readonly string[] | undefined, values: readonly string[]): boolean {
  if (!old) return values.length === 0;
  if (old.length !== values.length) return false;
  for (let i = 0; i < old.length; i++) if (old[i] !== values[i]) return false;
  return true;
}

const EMPTY = new DocSet(new Uint32Array(0));
const NO_VALUES: readonly string[] = [];
