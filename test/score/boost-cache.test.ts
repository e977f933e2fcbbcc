/**
 * Boosts kept between searches follow changes: a record whose signals changed scores as a fresh
 * engine holding the same records scores it, for words and for qualifiers alone.
 */
import { describe, expect, it } from "vitest";
import { Collection } from "../../src/index/collection.js";
import { SearchEngine } from "../../src/index.js";
import { KINDS } from "../../src/kinds/index.js";
import type { KindSpec, RecordLike } from "../../src/kinds/types.js";
import { resolveRanking } from "../../src/score/ranking-config.js";
import { makeScorer, preparingBoosts } from "../../src/score/score.js";
import { finish as finishSteps } from "../../src/index/steps.js";
import { Store } from "../../src/store.js";

const issues = KINDS.issues as KindSpec<RecordLike>;

const repo = { id: 1, name: "open", full_name: "acme/open", owner: { login: "acme", id: 1, type: "Organization" }, private: false };
const issue = (number: number, reactions: number) => ({
  id: number,
  number,
  title: `rocket launch ${number % 3 ? "pad" : ""}${number % 20 ? "" : " rare"}`,
  body: "",
  state: "open",
  repository_url: "https://api.github.com/repos/acme/open",
  user: { login: "ann", id: 10 },
  comments: number % 4,
  reactions: { total_count: reactions },
});

function engineWith(reactions: (n: number) => number): SearchEngine {
  const engine = new SearchEngine({ rateLimit: false });
  engine.add("repositories", repo);
  for (let n = 1; n <= 40; n++) engine.add("issues", issue(n, reactions(n)));
  return engine;
}

/** An issues collection over a store of one repository, and a way to put an issue with its reactions into both. */
function collectionOf() {
  const store = new Store();
  store.put("repositories", "acme/open", { full_name: "acme/open", private: false });
  const collection = new Collection(issues, store);
  const put = (n: number, reactions: number) => {
    store.put("issues", `acme/open#${n}`, { ...issue(n, reactions), repository: "acme/open" });
    collection.touch(`acme/open#${n}`);
    collection.flush();
  };
  return { store, collection, put };
}

const ranked = async (engine: SearchEngine, q: string, perPage = 100) => (await engine.search("issues", { q, per_page: perPage })).items.map((i) => [i.number, i.score]);

describe("kept boosts", () => {
  it("score a changed record as a fresh engine does", async () => {
    const engine = engineWith((n) => n);
    for (const q of ["rocket", "is:open"]) await ranked(engine, q);
    // Issue 7 becomes the most reacted to, issue 40 the least.
    engine.add("issues", issue(7, 5000));
    engine.add("issues", issue(40, 0));
    const fresh = engineWith((n) => (n === 7 ? 5000 : n === 40 ? 0 : n));
    for (const q of ["rocket", "is:open", "rocket pad"]) {
      const got = await ranked(engine, q);
      expect(got, q).toEqual(await ranked(fresh, q));
      expect(got[0][0], q).toBe(7);
    }
  });

  it("score as a fresh engine does through adds past a block, removals and changes, searched between", async () => {
    const engine = engineWith((n) => n);
    const reactions = new Map(Array.from({ length: 40 }, (_, i) => [i + 1, i + 1]));
    const steps: Array<() => void> = [
      // New issues past the first block of 1,024 slots: the kept boosts grow.
      () => {
        // The second block's issues have no reactions: its greatest boost rules it out of the best five.
        for (let n = 41; n <= 1500; n++) {
          engine.add("issues", issue(n, n <= 1024 ? n % 17 : 0));
          reactions.set(n, n <= 1024 ? n % 17 : 0);
        }
      },
      () => {
        for (const n of [3, 1100, 1499]) {
          expect(engine.remove("issues", engine.add("issues", issue(n, reactions.get(n)!)))).toBe(true);
          reactions.delete(n);
        }
      },
      () => {
        engine.add("issues", issue(1200, 9000));
        reactions.set(1200, 9000);
      },
    ];
    // Dense matches (boosts computed a block at a time), sparse ones (one by one), the best five (blocks passed over).
    const queries = ["rocket", "is:open", "rocket pad", "rare", "rare is:open"];
    for (const step of steps) {
      for (const q of queries) for (const perPage of [5, 100]) await ranked(engine, q, perPage);
      step();
      const fresh = new SearchEngine({ rateLimit: false });
      fresh.add("repositories", repo);
      for (const [n, r] of reactions) fresh.add("issues", issue(n, r));
      for (const q of queries) for (const perPage of [5, 100]) expect(await ranked(engine, q, perPage), `${q} ${perPage}`).toEqual(await ranked(fresh, q, perPage));
    }
    expect((await ranked(engine, "is:open", 1))[0][0]).toBe(1200);
  });

  it("a scorer made after a change reads the changed document's boost, its block not yet computed again", () => {
    const { collection, store, put } = collectionOf();
    for (let n = 1; n <= 50; n++) put(n, n);
    const ranking = resolveRanking(undefined).issues;
    const doc = collection.slotOf("acme/open#7")!;
    const before = makeScorer(collection, [], store, ranking);
    const old = before.score(doc);
    put(7, 5000);
    const after = makeScorer(collection, [], store, ranking);
    expect(after.score(doc)).toBeGreaterThan(old);
    expect(after.score(doc)).toBe(after.explain(doc).total);
  });

  it("bound each word of 32 slots at or above its documents' scores, and not at all once a change unprepares the block", () => {
    const { collection, store, put } = collectionOf();
    // Reactions spread unevenly, some words of 32 slots with none at all.
    for (let n = 1; n <= 2100; n++) put(n, n % 97 === 0 ? 5000 : (n * 7919) % 13 > 9 ? n % 50 : 0);
    const ranking = resolveRanking(undefined).issues;
    const scorer = makeScorer(collection, [], store, ranking);
    for (let block = 0; block * 1024 < collection.capacity; block++) scorer.prepare!(block);
    const words = Math.ceil(collection.capacity / 32);
    let tight = 0;
    for (let word = 0; word < words; word++) {
      const bound = scorer.wordBound!(word);
      let best = -Infinity;
      for (let doc = word * 32; doc < Math.min(collection.capacity, word * 32 + 32); doc++) if (collection.isLive(doc)) best = Math.max(best, scorer.score(doc));
      expect(bound, `word ${word}`).toBeGreaterThanOrEqual(best);
      if (bound === best) tight++;
    }
    // Qualifiers alone score 1 + boost: the bound is the best score of the word exactly.
    expect(tight).toBe(words);
    const doc = collection.slotOf("acme/open#40")!;
    put(40, 90_000);
    const after = makeScorer(collection, [], store, ranking);
    expect(after.wordBound!(doc >>> 5)).toBe(Infinity);
    after.prepare!(Math.floor(doc / 1024));
    expect(after.wordBound!(doc >>> 5)).toBe(after.score(doc));
  });

  it("past the kept arrays, a search's scorer grows none: it computes the new slots, leaves their block unbounded, and the arrays grow in steps ahead", () => {
    const { collection, store, put } = collectionOf();
    // Blocks of 1,024 slots: the second one ends in the kept arrays.
    for (let n = 1; n <= 1500; n++) put(n, n % 50);
    const ranking = resolveRanking(undefined).issues;
    finishSteps(preparingBoosts(collection, ranking));
    const before = makeScorer(collection, [], store, ranking);
    expect(before.prepared!(1)).toBe(true);
    const staleBound = before.blockBound!(1);
    const grownTo = collection.capacity;
    // New slots in the block the arrays end in, one of them far above its greatest boost.
    for (let n = 1501; n <= 1600; n++) put(n, n === 1550 ? 90_000 : 1);
    expect(collection.capacity).toBeGreaterThan(grownTo);
    const doc = collection.slotOf("acme/open#1550")!;
    const during = makeScorer(collection, [], store, ranking);
    expect(during.score(doc)).toBeGreaterThan(staleBound);
    expect(during.score(doc)).toBe(during.explain(doc).total);
    expect([during.prepared!(1), during.blockBound!(1), during.wordBound!(doc >>> 5)]).toEqual([false, Infinity, Infinity]);
    // Not prepared while the arrays end in it: preparing it would miss the new slots.
    during.prepare!(1);
    expect([during.prepared!(1), during.blockBound!(1)]).toEqual([false, Infinity]);
    const steps = preparingBoosts(collection, ranking);
    let pauses = 0;
    while (!steps.next().done) pauses++;
    expect(pauses).toBeGreaterThanOrEqual(5);
    const after = makeScorer(collection, [], store, ranking);
    expect(after.prepared!(1)).toBe(true);
    expect(after.blockBound!(1)).toBe(during.score(doc));
    for (let slot = 0; slot < collection.capacity; slot++) if (collection.isLive(slot)) expect(after.score(slot), `slot ${slot}`).toBe(during.score(slot));
  });

  it("makes the boosts' arrays in steps when it prepares them ahead, scoring as boosts computed on demand do", () => {
    const { collection, store, put } = collectionOf();
    for (let n = 1; n <= 300; n++) put(n, (n * 37) % 101);
    const ranking = resolveRanking(undefined).issues;
    const onDemand = makeScorer(collection, [], store, { ...ranking });
    const steps = preparingBoosts(collection, ranking);
    let pauses = 0;
    while (!steps.next().done) pauses++;
    // Each of the five arrays made in a step of its own at least (300 slots: one step each), then the blocks computed.
    expect(pauses).toBeGreaterThanOrEqual(5);
    const prepared = makeScorer(collection, [], store, ranking);
    for (let doc = 0; doc < collection.capacity; doc++) if (collection.isLive(doc)) expect(prepared.score(doc), `slot ${doc}`).toBe(onDemand.score(doc));
    expect(prepared.prepared!(0)).toBe(true);
  });
});
