/**
 * score: best match. BM25F over the kind's text fields (per-field weights and
 * length normalisation, one saturation per query word), plus the kind's
 * signals (stars, followers, recency, …) on a log scale:
 *
 *   text(d)  = Σ_words idf(w) · tf'(w,d) / (k1 + tf'(w,d))
 *   tf'(w,d) = Σ_fields weight_f · tf_f(w,d) / (1 − b_f + b_f · len_f(d) / avglen_f)
 *   idf(w)   = ln(1 + (N − df(w) + 0.5) / (df(w) + 0.5))
 *   score(d) = text(d) · (1 + Σ_signals weight_s · ln(1 + value_s(d)))      with words
 *            = 1 + Σ_signals weight_s · ln(1 + value_s(d))                    qualifiers only
 */
import type { Collection } from "../index/collection.js";
import type { TextLeaf } from "../plan/plan.js";
import type { Store } from "../store.js";

export const BM25_K1 = 1.2;

export interface ScoreExplanation {
  text: number;
  words: Array<{ word: string; idf: number; tf: number; score: number }>;
  signals: Record<string, number>;
  total: number;
}

interface WordStat {
  word: string;
  idf: number;
  fields: Array<{ leafField: TextLeaf["perField"][number]; termId: number; avg: number }>;
}

export interface Scorer {
  score(doc: number): number;
  explain(doc: number): ScoreExplanation;
}

export function makeScorer(collection: Collection, leaves: TextLeaf[], store: Store): Scorer {
  const n = Math.max(collection.size, 1);
  const words: WordStat[] = [];
  for (const leaf of leaves) {
    // Each distinct word of each leaf; its fields share one saturation (BM25F).
    const byWord = new Map<string, WordStat>();
    for (const pf of leaf.perField) {
      pf.terms.forEach((term, i) => {
        let w = byWord.get(term);
        if (!w) byWord.set(term, (w = { word: term, idf: 0, fields: [] }));
        w.fields.push({ leafField: pf, termId: pf.termIds[i], avg: collection.averageLength(pf.field) || 1 });
      });
    }
    for (const w of byWord.values()) {
      const df = Math.max(...w.fields.map((f) => collection.documentFrequency(f.leafField.field, f.termId)));
      w.idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      words.push(w);
    }
  }
  const signals = collection.spec.signals;

  const wordTf = (w: WordStat, doc: number): number => {
    let tf = 0;
    for (const f of w.fields) {
      const spec = f.leafField.field.spec;
      const raw = collection.termFrequency(f.leafField.field, doc, f.termId);
      if (!raw) continue;
      const len = f.leafField.field.occurrences.count(doc);
      tf += (spec.weight * raw) / (1 - spec.b + (spec.b * len) / f.avg);
    }
    return tf;
  };

  const signalValues = (doc: number): Record<string, number> => {
    const record = collection.record(doc)!;
    const out: Record<string, number> = {};
    for (const s of signals) out[s.name] = s.weight * Math.log1p(Math.max(0, s.value(record, store) || 0));
    return out;
  };

  const explain = (doc: number): ScoreExplanation => {
    let text = 0;
    const parts = words.map((w) => {
      const tf = wordTf(w, doc);
      const score = tf ? (w.idf * tf) / (BM25_K1 + tf) : 0;
      text += score;
      return { word: w.word, idf: w.idf, tf, score };
    });
    const sig = signalValues(doc);
    const boost = Object.values(sig).reduce((a, b) => a + b, 0);
    const total = words.length ? text * (1 + boost) : 1 + boost;
    return { text, words: parts, signals: sig, total };
  };

  const boosts = boostsOf(collection, store);
  const boostOf = (doc: number): number => {
    if (boosts.known[doc]) return boosts.values[doc];
    const record = collection.record(doc)!;
    let boost = 0;
    for (const s of signals) boost += s.weight * Math.log1p(Math.max(0, s.value(record, store) || 0));
    boosts.known[doc] = 1;
    return (boosts.values[doc] = boost);
  };

  return {
    explain,
    score(doc) {
      let text = 0;
      for (const w of words) {
        const tf = wordTf(w, doc);
        if (tf) text += (w.idf * tf) / (BM25_K1 + tf);
      }
      const boost = signals.length ? boostOf(doc) : 0;
      return words.length ? text * (1 + boost) : 1 + boost;
    },
  };
}

/**
 * Signal boosts per document, kept from one search to the next while the store
 * is unchanged: signals read the record and other kinds, never anything else.
 */
interface Boosts {
  revision: number;
  values: Float64Array;
  known: Uint8Array;
}

const boostCache = new WeakMap<Collection, Boosts>();

function boostsOf(collection: Collection, store: Store): Boosts {
  const hit = boostCache.get(collection);
  if (hit && hit.revision === store.revision && hit.known.length >= collection.capacity) return hit;
  const fresh = { revision: store.revision, values: new Float64Array(collection.capacity), known: new Uint8Array(collection.capacity) };
  boostCache.set(collection, fresh);
  return fresh;
}
