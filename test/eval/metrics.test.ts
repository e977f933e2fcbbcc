/** The measures against values computed by hand, with trec_eval's conventions. */
import { describe, expect, it } from "vitest";
import { measure, meanOf, ndcgAt } from "../../src/eval/index.js";

const judged = new Map([
  ["a", 2],
  ["b", 1],
  ["c", 0],
  ["d", 1],
  ["e", 3],
]);
const run = [
  { key: "x", score: 5 },
  { key: "b", score: 4 },
  { key: "c", score: 3 },
  { key: "a", score: 2 },
  { key: "d", score: 1 },
];

describe("measures of one query", () => {
  // Relevant (grade ≥ 1): a, b, d, e. Ranked grades: 0 1 0 2 1.
  const m = measure(run, judged);
  it("MRR@10: the first relevant item is second", () => expect(m.mrr10).toBe(0.5));
  it("P@10: three relevant in the top 10, divided by 10", () => expect(m.p10).toBeCloseTo(0.3, 12));
  it("recall: three of four relevant retrieved", () => {
    expect(m.recall100).toBe(0.75);
    expect(m.recall1000).toBe(0.75);
  });
  it("nDCG@10: gain = grade, log2 discount, ideal from every judgment", () => {
    // DCG = 1/log2(3) + 2/log2(5) + 1/log2(6) = 0.6309298 + 0.8613531 + 0.3868528 = 1.8791357;
    // IDCG = 3 + 2/log2(3) + 1/log2(4) + 1/log2(5) = 3 + 1.2618595 + 0.5 + 0.4306766 = 5.1925361.
    expect(m.ndcg10).toBeCloseTo(1.8791357 / 5.1925361, 6);
    expect(m.ndcg10).toBeCloseTo(0.3618917, 6);
  });
  it("the input order does not matter: items are ranked by score", () => {
    expect(measure([...run].reverse(), judged)).toEqual(m);
  });
  it("cut-offs: a relevant item at rank 11 counts for recall, not for MRR@10, P@10 or nDCG@10", () => {
    const deep = Array.from({ length: 11 }, (_, i) => ({ key: i === 10 ? "a" : `n${i}`, score: 100 - i }));
    const only = new Map([["a", 1]]);
    expect(measure(deep, only)).toEqual({ mrr10: 0, ndcg10: 0, p10: 0, recall100: 1, recall1000: 1 });
  });
  it("a perfect ranking scores 1 everywhere but P@10", () => {
    const one = measure([{ key: "e", score: 1 }], new Map([["e", 3]]));
    expect(one).toEqual({ mrr10: 1, ndcg10: 1, p10: 0.1, recall100: 1, recall1000: 1 });
  });
  it("nothing retrieved scores 0", () => {
    expect(measure([], judged)).toEqual({ mrr10: 0, ndcg10: 0, p10: 0, recall100: 0, recall1000: 0 });
  });
  it("ties on score are read as trec_eval reads them: key descending", () => {
    const tied = [
      { key: "a", score: 1 },
      { key: "z", score: 1 },
    ];
    expect(measure(tied, new Map([["a", 1]])).mrr10).toBe(0.5);
    expect(measure(tied, new Map([["z", 1]])).mrr10).toBe(1);
  });
  it("ndcgAt ignores grades below 1 as gains", () => {
    expect(ndcgAt(10, [0, -1, 1], [1, -1])).toBeCloseTo(0.5, 12);
  });
  it("means per measure", () => {
    const mean = meanOf([m, { mrr10: 1, ndcg10: 1, p10: 0.1, recall100: 1, recall1000: 1 }]);
    expect(mean.mrr10).toBe(0.75);
    expect(mean.p10).toBeCloseTo(0.2, 12);
  });
});
