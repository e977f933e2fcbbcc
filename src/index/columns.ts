/**
 * Typed columns for qualifier filters: numbers (dates as epoch ms) in a
 * growable Float64Array, keywords as per-document value lists with an
 * inverted map from value to documents.
 */

export class NumberColumn {
  private values = new Float64Array(64).fill(NaN);

  set(doc: number, value: number | null | undefined): void {
    if (doc >= this.values.length) {
      const grown = new Float64Array(Math.max(doc + 1, this.values.length * 2)).fill(NaN);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[doc] = typeof value === "number" && Number.isFinite(value) ? value : NaN;
  }

  /** NaN when the document has no value. */
  get(doc: number): number {
    return doc < this.values.length ? this.values[doc] : NaN;
  }

  clear(doc: number): void {
    if (doc < this.values.length) this.values[doc] = NaN;
  }
}

export class KeywordColumn {
  private readonly perDoc: Array<string[] | undefined> = [];
  private readonly postings = new Map<string, Set<number>>();

  set(doc: number, values: string[]): void {
    this.clear(doc);
    if (!values.length) return;
    const unique = [...new Set(values)];
    this.perDoc[doc] = unique;
    for (const v of unique) {
      let s = this.postings.get(v);
      if (!s) this.postings.set(v, (s = new Set()));
      s.add(doc);
    }
  }

  get(doc: number): readonly string[] {
    return this.perDoc[doc] ?? [];
  }

  clear(doc: number): void {
    const old = this.perDoc[doc];
    if (!old) return;
    for (const v of old) {
      const s = this.postings.get(v);
      s?.delete(doc);
      if (s && s.size === 0) this.postings.delete(v);
    }
    this.perDoc[doc] = undefined;
  }

  docs(value: string): ReadonlySet<number> {
    return this.postings.get(value) ?? EMPTY;
  }

  /** Every distinct value, for prefix tests. */
  values(): IterableIterator<string> {
    return this.postings.keys();
  }
}

const EMPTY: ReadonlySet<number> = new Set();
