/**
 * The measures of one query's ranked items against its judgments, with
 * trec_eval's conventions: relevant means a grade of 1 or more; nDCG@10 is
 * ndcg_cut_10 (gain = grade, discount log2(rank + 1), ideal from every judged
 * item); P@10 divides by 10 however many items came back; recall divides by
 * the number of relevant items judged. MRR@10 is recip_rank over the first 10
 * (Anserini's MS MARCO convention).
 */
import { trecOrder, type RunEntry } from "./trec.js";

export const MEASURES = ["mrr10", "ndcg10", "p10", "recall100", "recall1000"] as const;
export type Measure = (typeof MEASURES)[number];
export type Measures = Record<Measure, number>;

export const MEASURE_NAMES: Record<Measure, string> = {
  mrr10: "MRR@10",
  ndcg10: "nDCG@10",
  p10: "P@10",
  recall100: "recall@100",
  recall1000: "recall@1000",
};

/** Relevant items judged for a query. */
export function relevantCount(judged: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const grade of judged.values()) if (grade >= 1) n++;
  return n;
}

/** Every measure of one query; `entries` in any order (they are put in trec_eval's). */
export function measure(entries: readonly RunEntry[], judged: ReadonlyMap<string, number>): Measures {
  const ranked = trecOrder(entries);
  const grade = (i: number) => judged.get(ranked[i].key) ?? 0;
  const relevant = relevantCount(judged);
  let rr = 0;
  for (let i = 0; i < Math.min(10, ranked.length); i++) {
    if (grade(i) >= 1) {
      rr = 1 / (i + 1);
      break;
    }
  }
  const hitsWithin = (k: number) => {
    let hits = 0;
    for (let i = 0; i < Math.min(k, ranked.length); i++) if (grade(i) >= 1) hits++;
    return hits;
  };
  return {
    mrr10: rr,
    ndcg10: ndcgAt(10, ranked.map((_, i) => grade(i)), [...judged.values()]),
    p10: hitsWithin(10) / 10,
    recall100: relevant ? hitsWithin(100) / relevant : 0,
    recall1000: relevant ? hitsWithin(1000) / relevant : 0,
  };
}

function dcg(gains: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, gains.length); i++) if (gains[i] > 0) sum += gains[i] / Math.log2(i + 2);
  return sum;
}

/** nDCG at `k` of the grades in ranked order, against the ideal order of every judged grade. */
export function ndcgAt(k: number, rankedGrades: readonly number[], judgedGrades: readonly number[]): number {
  const ideal = dcg([...judgedGrades].sort((a, b) => b - a), k);
  return ideal > 0 ? dcg(rankedGrades, k) / ideal : 0;
}

/** The mean of each measure over per-query values. */
export function meanOf(perQuery: readonly Measures[]): Measures {
  const out = Object.fromEntries(MEASURES.map((m) => [m, 0])) as Measures;
  if (!perQuery.length) return out;
  for (const q of perQuery) for (const m of MEASURES) out[m] += q[m];
  for (const m of MEASURES) out[m] /= perQuery.length;
  return out;
}
