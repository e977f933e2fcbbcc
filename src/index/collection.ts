/**
 * The index of one search kind: documents in dense slots, a posting list per
 * text field (FlexSearch), per-document term statistics for scoring (our own:
 * FlexSearch keeps no term frequencies), and typed columns for filters.
 * Knows nothing of queries.
 */
import type { ColumnSpec, KindSpec, RecordLike, TextFieldSpec } from "../kinds/types.js";
import type { Store } from "../store.js";
import { tokenizeValue, type Token } from "../text/tokenize.js";
import { KeywordColumn, NumberColumn } from "./columns.js";
import { Postings } from "./postings.js";

export interface FieldIndex {
  spec: TextFieldSpec<RecordLike>;
  postings: Postings;
  /** Per document: term ids, sorted, repeated once per occurrence (term frequency by counting). */
  terms: Array<Uint32Array | undefined>;
  totalLength: number;
}

function asKeywords(v: unknown): string[] {
  if (v == null || v === "") return [];
  if (Array.isArray(v)) return v.flatMap(asKeywords);
  if (typeof v === "boolean") return [v ? "true" : "false"];
  return [String(v).toLowerCase()];
}

export class Collection {
  readonly spec: KindSpec<RecordLike>;
  private readonly store: Store;
  private readonly docs: Array<RecordLike | undefined> = [];
  private readonly keys: Array<string | undefined> = [];
  private readonly slots = new Map<string, number>();
  private readonly free: number[] = [];
  private readonly dictionary = new Map<string, number>();
  readonly fields = new Map<string, FieldIndex>();
  private readonly numbers = new Map<string, NumberColumn>();
  private readonly keywords = new Map<string, KeywordColumn>();
  private readonly joinedVersions = new Map<string, string>();
  private liveCount = 0;

  constructor(spec: KindSpec<RecordLike>, store: Store) {
    this.spec = spec;
    this.store = store;
    for (const f of spec.textFields) this.fields.set(f.name, { spec: f, postings: new Postings(), terms: [], totalLength: 0 });
    for (const c of spec.columns) {
      if (c.type === "number") this.numbers.set(c.name, new NumberColumn());
      else this.keywords.set(c.name, new KeywordColumn());
    }
  }

  get size(): number {
    return this.liveCount;
  }

  /** One past the highest slot ever used: the universe documents are drawn from. */
  get capacity(): number {
    return this.docs.length;
  }

  record(doc: number): RecordLike | undefined {
    return this.docs[doc];
  }

  keyOf(doc: number): string | undefined {
    return this.keys[doc];
  }

  slotOf(key: string): number | undefined {
    return this.slots.get(key);
  }

  isLive(doc: number): boolean {
    return this.docs[doc] !== undefined;
  }

  upsert(key: string, record: RecordLike): number {
    let doc = this.slots.get(key);
    if (doc === undefined) {
      doc = this.free.pop() ?? this.docs.length;
      this.slots.set(key, doc);
      this.keys[doc] = key;
      this.liveCount++;
    } else {
      this.clearFields(doc);
    }
    this.docs[doc] = record;
    for (const field of this.fields.values()) this.indexField(field, doc, record);
    for (const c of this.spec.columns) this.setColumn(c, doc, record);
    return doc;
  }

  /** Re-reads a document's text fields and columns (a related record changed). */
  refresh(key: string): void {
    const doc = this.slots.get(key);
    const record = doc === undefined ? undefined : this.docs[doc];
    if (record) this.upsert(key, record);
  }

  remove(key: string): boolean {
    const doc = this.slots.get(key);
    if (doc === undefined) return false;
    this.clearFields(doc);
    for (const col of this.numbers.values()) col.clear(doc);
    for (const col of this.keywords.values()) col.clear(doc);
    this.docs[doc] = undefined;
    this.keys[doc] = undefined;
    this.slots.delete(key);
    this.free.push(doc);
    this.liveCount--;
    return true;
  }

  private termId(term: string): number {
    let id = this.dictionary.get(term);
    if (id === undefined) this.dictionary.set(term, (id = this.dictionary.size));
    return id;
  }

  /** The dictionary id of a term, or -1 when no document ever held it. */
  termIdOf(term: string): number {
    return this.dictionary.get(term) ?? -1;
  }

  tokens(field: string, doc: number): Token[] {
    const f = this.fields.get(field);
    const record = this.docs[doc];
    if (!f || !record) return [];
    return tokenizeValue(f.spec.text(record, this.store), f.spec.tokenizer);
  }

  private indexField(field: FieldIndex, doc: number, record: RecordLike): void {
    const tokens = tokenizeValue(field.spec.text(record, this.store), field.spec.tokenizer);
    const ids = new Uint32Array(tokens.length);
    tokens.forEach((t, i) => (ids[i] = this.termId(t.term)));
    ids.sort();
    field.terms[doc] = ids;
    field.totalLength += ids.length;
    field.postings.set(doc, tokens.map((t) => t.term));
  }

  private clearFields(doc: number): void {
    for (const field of this.fields.values()) {
      const old = field.terms[doc];
      if (old) field.totalLength -= old.length;
      field.terms[doc] = undefined;
      field.postings.remove(doc);
    }
  }

  private setColumn(c: ColumnSpec<RecordLike>, doc: number, record: RecordLike): void {
    const value = c.value(record, this.store);
    if (c.type === "number") {
      const n = typeof value === "number" ? value : typeof value === "boolean" ? Number(value) : NaN;
      this.numbers.get(c.name)!.set(doc, n);
    } else {
      this.keywords.get(c.name)!.set(doc, asKeywords(value));
    }
  }

  /** Recomputes the columns that read other kinds when one of those kinds changed since. */
  refreshJoins(): void {
    for (const c of this.spec.columns) {
      if (!c.dependsOn?.length) continue;
      const stamp = c.dependsOn.map((k) => this.store.versionOf(k)).join(",");
      if (this.joinedVersions.get(c.name) === stamp) continue;
      for (let doc = 0; doc < this.docs.length; doc++) {
        const record = this.docs[doc];
        if (record) this.setColumn(c, doc, record);
      }
      this.joinedVersions.set(c.name, stamp);
    }
  }

  numberColumn(name: string): NumberColumn {
    const col = this.numbers.get(name);
    if (!col) throw new Error(`no number column ${name} in ${this.spec.kind}`);
    return col;
  }

  keywordColumn(name: string): KeywordColumn {
    const col = this.keywords.get(name);
    if (!col) throw new Error(`no keyword column ${name} in ${this.spec.kind}`);
    return col;
  }

  hasNumberColumn(name: string): boolean {
    return this.numbers.has(name);
  }

  /** Occurrences of a term id in a document's field. */
  termFrequency(field: FieldIndex, doc: number, termId: number): number {
    const ids = field.terms[doc];
    if (!ids || termId < 0) return 0;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid] < termId) lo = mid + 1;
      else hi = mid;
    }
    let n = 0;
    while (lo + n < ids.length && ids[lo + n] === termId) n++;
    return n;
  }

  averageLength(field: FieldIndex): number {
    return this.liveCount ? field.totalLength / this.liveCount : 0;
  }
}
