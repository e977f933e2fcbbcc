/**
 * Scores asked for above a least one (`Scorer.scoreAbove`): a match that reaches it gets its score
 * exactly as `score` computes it, one that does not gets a number below it, and most matches of a
 * common word with a rarer one are left after the rarer word's part. With the text part's block
 * bounds kept and without them (the words' idf then bounds their parts).
 */
import { describe, expect, it, vi } from "vitest";
import { mulberry32 } from "../../bench/random.mjs";
import { Collection } from "../../src/index/collection.js";
import { finish } from "../../src/index/steps.js";
import { KINDS } from "../../src/kinds/index.js";
import type { KindSpec, RecordLike } from "../../src/kinds/types.js";
import { and, type Match } from "../../src/logical/match.js";
import { plan } from "../../src/plan/plan.js";
import { preparingMaxima } from "../../src/score/block-maxima.js";
import { resolveRanking } from "../../src/score/ranking-config.js";
import { makeScorer } from "../../src/score/score.js";
import { Store } from "../../src/store.js";

const issues = KINDS.issues as KindSpec<RecordLike>;
const SPAN = { start: 0, end: 1 };
const ranking = resolveRanking(undefined).issues;

/** 2,500 issues of words drawn unevenly (a common word in most, rarer ones in few), repeated a varying number of times, with reactions. */
function collectionOf(): { collection: Collection; store: Store } {
  const store = new Store();
  store.put("repositories", "acme/open", { full_name: "acme/open", private: false });
  const collection = new Collection(issues, store);
  const rng = mulberry32(7);
  const pick = (): string => {
    const r = rng();
    return r < 0.5 ? "common" : r < 0.7 ? "launch" : r < 0.8 ? "rocket" : r < 0.85 ? "fuel" : `filler${Math.floor(rng() * 50)}`;
  };
  const text = (length: number) => Array.from({ length }, pick).join(" ");
  for (let n = 1; n <= 2500; n++) {
    const key = `acme/open#${n}`;
    store.put("issues", key, {
      number: n,
      id: n,
      repository: "acme/open",
      user: { login: "ann" },
      title: text(2 + Math.floor(rng() * 6)),
      body: text(Math.floor(rng() * 40)),
      state: "open",
      labels: [],
      reactions: { total_count: Math.floor(rng() * 30) },
    });
    collection.touch(key);
  }
  collection.drain();
  return { collection, store };
}

const words = (query: string): Match => and(query.split(" ").map((text) => ({ op: "text" as const, fields: ["title", "body", "comments"], text, phrase: false, span: SPAN })));

function check(collection: Collection, store: Store, query: string): number {
  const p = plan(words(query), collection);
  const scorer = makeScorer(collection, p.scoring, store, ranking);
  const matches: number[] = [];
  for (let doc = 0; doc < collection.capacity; doc++) if (collection.isLive(doc) && p.root.test(doc)) matches.push(doc);
  expect(matches.length, query).toBeGreaterThan(100);
  const scores = matches.map((doc) => scorer.score(doc));
  const thirtieth = [...scores].sort((a, b) => b - a)[29];
  let left = 0;
  matches.forEach((doc, i) => {
    const score = scores[i];
    for (const least of [score, score * (1 - 1e-15), score * (1 + 1e-15), score / 2, score * 2, thirtieth, 0]) {
      const got = scorer.scoreAbove!(doc, least);
      if (score >= least) expect(got, `${query}: doc ${doc} above ${least}`).toBe(score);
      else expect(got, `${query}: doc ${doc} above ${least}`).toBeLessThan(least);
    }
    if (scorer.scoreAbove!(doc, thirtieth) !== score) left++;
  });
  return left / matches.length;
}

describe("scores above a least one", () => {
  it("are exact for matches that reach it and below it for the others, with and without block bounds", () => {
    const { collection, store } = collectionOf();
    const queries = ["common rocket", "common launch fuel", "rocket fuel", "launch common"];
    const without = queries.map((q) => check(collection, store, q));
    // Bounds for every term held by 16 documents or more.
    finish(preparingMaxima(collection, ranking, 16));
    const withBounds = queries.map((q) => check(collection, store, q));
    // Most matches of a common word with a rarer one are left before the common word's part is read.
    expect(Math.max(...without)).toBeGreaterThan(0.5);
    expect(Math.max(...withBounds)).toBeGreaterThan(0.5);
  });

  it("are absent for a single word", () => {
    const { collection, store } = collectionOf();
    const p = plan(words("rocket"), collection);
    expect(makeScorer(collection, p.scoring, store, ranking).scoreAbove).toBeUndefined();
  });

  it("leave out a field where no document holds the word: its occurrences are not read", () => {
    const { collection, store } = collectionOf();
    const p = plan(words("common rocket"), collection);
    const matches: number[] = [];
    for (let doc = 0; doc < collection.capacity; doc++) if (collection.isLive(doc) && p.root.test(doc)) matches.push(doc);
    const read = vi.spyOn(collection.fields.get("comments")!.occurrences, "frequency");
    const scorer = makeScorer(collection, p.scoring, store, ranking);
    expect(matches.length).toBeGreaterThan(100);
    for (const doc of matches) expect(scorer.score(doc)).toBeGreaterThan(0);
    expect(read).not.toHaveBeenCalled();
  });
});
