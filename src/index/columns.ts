/**
 * Typed columns for qualifier filters: numbers (dates as epoch ms) in a
 * growable Float64Array, keywords as per-document value lists with an
 * inverted map from value to documents.
 */
import { KeyMap } from "../structures/key-map.js";
import { DocSet } from "./doc-set.js";
import { finish, type Steps } from "./steps.js";

export class NumberColumn {
  private values: Float64Array<ArrayBufferLike> = new Float64Array(64).fill(NaN);

  set(doc: number, value: number | null | undefined): void {
    this.setExactly(doc, typeof value === "number" && Number.isFinite(value) ? value : NaN);
  }

  /** Sets a value as given, infinities and NaN included. */
  setExactly(doc: number, value: number): void {
    if (doc >= this.values.length) this.reserve(Math.max(doc + 1, Math.ceil(this.values.length * 1.5)));
    this.values[doc] = value;
  }

  /** Room for documents 0 … size-1 (a large build says so early, while a copy is cheap). */
  reserve(size: number): void {
    if (size <= this.values.length) return;
    const grown = new Float64Array(size).fill(NaN);
    grown.set(this.values);
    this.values = grown;
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

/** Documents, ids or values handled between pauses when saving or restoring. */
const STEP = 65_536;

/** No value: a document's cell, or a value id without documents. */
const NONE = 0;
/** A document holding two or more values, kept in `multi`. */
const MANY = 0xffffffff;
/** A document whose one value is its own key (`DocKeys`), held by no one else: no value id, nothing kept. */
const OWN_KEY = 0xfffffffe;

/** The keys of a collection's documents, which a column of keys (one per document) reads instead of keeping them again. */
export interface DocKeys {
  keyOf(doc: number): string | undefined;
  slotOf(key: string): number | undefined;
}

/**
 * Each document's values as one number (the value's id + 1, NONE, MANY with the list aside, or
 * OWN_KEY), and per value id its documents (a number while one document holds it: most logins). No
 * array or object per document: a column of millions of documents is a few typed arrays. A value
 * that is its document's own key and no other document's (an issue's `key`) is read from `DocKeys`:
 * the column keeps no second copy of the string, no value id and no entry in its map for it.
 */
export class KeywordColumn {
  private readonly keys: DocKeys | undefined;
  private cells: Uint32Array<ArrayBufferLike> = new Uint32Array(64);
  /** The values of documents holding two or more; lists are never mutated. */
  private readonly multi = new KeyMap<number, readonly string[]>();
  /** Id by value: as many as there are documents in a column of keys (sharded: no pause as it grows). */
  private readonly ids = new KeyMap<string, number>();
  /** Value by id; ids of values no document holds any more are reused. */
  private readonly byId: string[] = [];
  /** Documents by value id: a doc number, or a set. */
  private readonly docsById: Array<DocSet | number> = [];
  /** One-value lists handed out by `get`, made when first asked for. */
  private readonly lists: Array<readonly string[] | undefined> = [];
  private readonly freeIds: number[] = [];
  /** A restored column's saved form, built when first used: many columns never are. */
  private saved: KeywordColumnState | undefined;

  /** `keys`: the documents' keys, when a value equal to its document's key is to be read from them. */
  constructor(keys?: DocKeys) {
    this.keys = keys;
  }

  set(doc: number, values: string[]): void {
    this.ready();
    const unique = values.length > 1 ? [...new Set(values)] : values;
    // Joined columns are recomputed wholesale; most values come back unchanged.
    if (sameValues(this.get(doc), unique)) return;
    this.clear(doc);
    if (!unique.length) return;
    if (doc >= this.cells.length) this.cells = growCells(this.cells, doc + 1);
    if (unique.length === 1 && this.isOwnKey(doc, unique[0]) && !this.ids.has(unique[0])) {
      this.cells[doc] = OWN_KEY;
      return;
    }
    if (unique.length === 1) {
      const id = this.idOf(unique[0]);
      this.cells[doc] = id + 1;
      this.post(id, doc);
      return;
    }
    this.cells[doc] = MANY;
    this.multi.set(doc, unique);
    for (const v of unique) this.post(this.idOf(v), doc);
  }

  /** Room for documents 0 … size-1 (a large build says so early, while a copy is cheap). */
  reserve(size: number): void {
    this.ready();
    if (size > this.cells.length) this.cells = growCells(this.cells, size);
  }

  get(doc: number): readonly string[] {
    this.ready();
    const cell = doc < this.cells.length ? this.cells[doc] : NONE;
    if (cell === NONE) return NO_VALUES;
    if (cell === MANY) return this.multi.get(doc)!;
    if (cell === OWN_KEY) return [this.keys!.keyOf(doc)!];
    const id = cell - 1;
    return (this.lists[id] ??= [this.byId[id]]);
  }

  clear(doc: number): void {
    this.ready();
    const cell = doc < this.cells.length ? this.cells[doc] : NONE;
    if (cell === NONE) return;
    if (cell === MANY) {
      for (const v of this.multi.get(doc)!) this.unpost(this.ids.get(v)!, doc);
      this.multi.delete(doc);
    } else if (cell !== OWN_KEY) this.unpost(cell - 1, doc);
    this.cells[doc] = NONE;
  }

  docs(value: string): DocSet {
    this.ready();
    const owner = this.ownerOf(value);
    if (owner !== undefined) return new DocSet(Uint32Array.of(owner), 1);
    const id = this.ids.get(value);
    if (id === undefined) return EMPTY;
    const docs = this.docsById[id];
    return typeof docs === "number" ? new DocSet(Uint32Array.of(docs), 1) : docs;
  }

  /** Every distinct value, for prefix tests. */
  *values(): IterableIterator<string> {
    this.ready();
    yield* this.ids.keys();
    if (!this.keys) return;
    for (let doc = 0; doc < this.cells.length; doc++) if (this.cells[doc] === OWN_KEY) yield this.keys.keyOf(doc)!;
  }

  /** Whether `value` is the key of `doc`. */
  private isOwnKey(doc: number, value: string): boolean {
    return this.keys !== undefined && this.keys.keyOf(doc) === value;
  }

  /** The document holding `value` as its own key (no other document holds it then), if any. */
  private ownerOf(value: string): number | undefined {
    const doc = this.keys?.slotOf(value);
    return doc !== undefined && doc < this.cells.length && this.cells[doc] === OWN_KEY ? doc : undefined;
  }

  state(capacity: number): KeywordColumnState {
    return finish(this.stating(capacity));
  }

  /** `state` in steps of STEP documents: the caller keeps the column unchanged until it is done. */
  *stating(capacity: number): Steps<KeywordColumnState> {
    if (this.saved && this.saved.counts.length === capacity) return this.saved;
    this.ready();
    // Saved ids number the values in order of first use, so that none is missing or repeated.
    const saved = new Int32Array(this.byId.length).fill(-1);
    const values: string[] = [];
    const savedId = (id: number): number => {
      if (saved[id] < 0) {
        saved[id] = values.length;
        values.push(this.byId[id]);
      }
      return saved[id];
    };
    const counts = new Uint32Array(capacity);
    let total = 0;
    for (let doc = 0; doc < capacity; doc++) {
      const cell = doc < this.cells.length ? this.cells[doc] : NONE;
      total += counts[doc] = cell === NONE ? 0 : cell === MANY ? this.multi.get(doc)!.length : 1;
    }
    const ids = new Uint32Array(total);
    let at = 0;
    for (let doc = 0; doc < capacity; doc++) {
      if (doc % STEP === STEP - 1) yield;
      const cell = counts[doc] ? this.cells[doc] : NONE;
      if (cell === NONE) continue;
      if (cell === OWN_KEY) {
        // No other document holds it: a value of its own in the saved table.
        ids[at++] = values.length;
        values.push(this.keys!.keyOf(doc)!);
      } else if (cell !== MANY) ids[at++] = savedId(cell - 1);
      else for (const v of this.multi.get(doc)!) ids[at++] = savedId(this.ids.get(v)!);
    }
    return { values, counts, ids };
  }

  /** A column from `state()`, checked now and built when first used. Throws a RangeError when the parts do not fit together. */
  static of(state: KeywordColumnState, keys?: DocKeys): KeywordColumn {
    return finish(KeywordColumn.restoring(state, keys));
  }

  /** `of` in steps of STEP ids, documents or values. */
  static *restoring(state: KeywordColumnState, keys?: DocKeys): Steps<KeywordColumn> {
    const { values, counts, ids } = state;
    for (let i = 0; i < ids.length; i++) {
      if (i % STEP === STEP - 1) yield;
      if (ids[i] >= values.length) throw new RangeError("keyword value id out of range");
    }
    let total = 0;
    for (const n of counts) total += n;
    if (total !== ids.length) throw new RangeError("keyword value ids do not match the counts");
    // That no value repeats is checked when the column is first used and builds its value map anyway:
    // a column of a million distinct values (the issues' keys) would otherwise be hashed twice.
    const column = new KeywordColumn(keys);
    column.saved = state;
    return column;
  }

  /** Builds the column from its saved form on first use; throws a RangeError (each time) when a saved value repeats. */
  private ready(): void {
    const state = this.saved;
    if (!state) return;
    const { values, counts, ids } = state;
    // Documents per value by counting: one array cut into ascending lists, no sets.
    const perValue = new Uint32Array(values.length + 1);
    for (const id of ids) perValue[id + 1]++;
    for (let id = 0; id < values.length; id++) perValue[id + 1] += perValue[id];
    const own = this.ownKeys(state, perValue);
    // The value map is built first and checked as it is built; a repeat leaves the column as it was (unbuilt).
    for (let id = 0; id < values.length; id++) {
      if (own?.ids[id]) continue;
      const owner = own && this.keys!.slotOf(values[id]);
      if (this.ids.has(values[id]) || (owner !== undefined && own!.docs[owner])) {
        this.ids.clear();
        throw new RangeError("a keyword value repeats");
      }
      if (perValue[id + 1] > perValue[id]) this.ids.set(values[id], id);
    }
    this.saved = undefined;
    const starts = perValue.slice(0, values.length);
    const docs = new Uint32Array(ids.length);
    this.cells = new Uint32Array(Math.max(counts.length, 1));
    let at = 0;
    for (let doc = 0; doc < counts.length; doc++) {
      const n = counts[doc];
      if (!n) continue;
      if (n === 1) {
        const id = ids[at++];
        if (own?.docs[doc]) {
          this.cells[doc] = OWN_KEY;
          continue;
        }
        docs[starts[id]++] = doc;
        this.cells[doc] = id + 1;
        continue;
      }
      const list = new Array<string>(n);
      for (let i = 0; i < n; i++) {
        const id = ids[at++];
        list[i] = values[id];
        docs[starts[id]++] = doc;
      }
      this.cells[doc] = MANY;
      this.multi.set(doc, list);
    }
    values.forEach((v, id) => {
      // A document's own key needs no id: the id is free, and the saved string is let go.
      const n = own?.ids[id] ? 0 : perValue[id + 1] - perValue[id];
      this.byId.push(n ? v : "");
      this.docsById.push(n === 0 ? NO_DOC : n === 1 ? docs[perValue[id]] : new DocSet(docs.subarray(perValue[id], perValue[id + 1]), n));
      if (!n) this.freeIds.push(id);
    });
  }

  /**
   * Of a saved form, the value ids that are their one document's own key and those documents
   * (1 each), when the column reads keys; such a value is held by that document alone.
   */
  private ownKeys(state: KeywordColumnState, perValue: Uint32Array): { ids: Uint8Array; docs: Uint8Array } | undefined {
    const keys = this.keys;
    if (!keys) return undefined;
    const { values, counts, ids } = state;
    const own = { ids: new Uint8Array(values.length), docs: new Uint8Array(counts.length) };
    let at = 0;
    for (let doc = 0; doc < counts.length; doc++) {
      const id = ids[at];
      at += counts[doc];
      if (counts[doc] === 1 && perValue[id + 1] - perValue[id] === 1 && values[id] === keys.keyOf(doc)) own.ids[id] = own.docs[doc] = 1;
    }
    return own;
  }

  private idOf(value: string): number {
    let id = this.ids.get(value);
    if (id !== undefined) return id;
    id = this.freeIds.pop() ?? this.byId.length;
    // A document holding the value as its own key holds it through the id from now on: another is about to.
    const owner = this.ownerOf(value);
    this.ids.set(value, id);
    this.byId[id] = value;
    this.docsById[id] = NO_DOC;
    this.lists[id] = undefined;
    if (owner !== undefined) {
      this.cells[owner] = id + 1;
      this.post(id, owner);
    }
    return id;
  }

  private post(id: number, doc: number): void {
    const docs = this.docsById[id];
    if (docs === NO_DOC) this.docsById[id] = doc;
    else if (typeof docs === "number") {
      if (docs === doc) return;
      const set = new DocSet(Uint32Array.of(docs), 1);
      set.add(doc);
      this.docsById[id] = set;
    } else docs.add(doc);
  }

  private unpost(id: number, doc: number): void {
    const docs = this.docsById[id];
    if (typeof docs !== "number") docs.delete(doc);
    if (docs === doc || (typeof docs !== "number" && docs.size === 0)) {
      // No document holds the value any more: its id is free again.
      this.ids.delete(this.byId[id]);
      this.docsById[id] = NO_DOC;
      this.lists[id] = undefined;
      this.freeIds.push(id);
    }
  }
}

/** `docs` of a value id no document holds. */
const NO_DOC = -1;

function growCells(cells: Uint32Array<ArrayBufferLike>, size: number): Uint32Array<ArrayBufferLike> {
  const out = new Uint32Array(Math.max(size, Math.ceil(cells.length * 1.5)));
  out.set(cells);
  return out;
}

function sameValues(old: readonly string[], values: readonly string[]): boolean {
  if (old.length !== values.length) return false;
  for (let i = 0; i < old.length; i++) if (old[i] !== values[i]) return false;
  return true;
}

const EMPTY = new DocSet(new Uint32Array(0));
const NO_VALUES: readonly string[] = [];
