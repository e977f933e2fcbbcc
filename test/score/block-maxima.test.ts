/**
 * The text part's block bounds (each common term's greatest length-normalised frequency per block
 * of slots) change no answer: an engine keeping them for every term ranks as one keeping none, on
 * corpora where word frequencies and field lengths vary from block to block, after a load, through
 * changes (documents indexed anew raise their blocks, removals leave them, new slots lie past the
 * bounds), and after an open. And what is kept is at least each block's greatest share, and equal
 * to it when computed whole.
 */
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Collection } from "../../src/index/collection.js";
import { SearchEngine, type SearchEngineOptions } from "../../src/index.js";
import { greatestShare, MAXIMA_BLOCK, maximaOf } from "../../src/score/block-maxima.js";
import { ndjson, tempDump } from "../load/temp-dump.js";

const WORDS = ["rocket", "launch", "pad", "tower", "fuel", "tank", "orbit", "crew"];
/** Held by one issue when loaded (so they keep bounds, zero in every other block), by many after changes. */
const RARE = ["quasar", "nebula"];
const repo = { id: 1, name: "open", full_name: "acme/open", owner: { login: "acme", id: 1, type: "Organization" }, private: false };

/** A small generator of numbers in [0, 1) from a seed (fast-check draws the seed). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Words skewed to the first of WORDS; now and then one word many times (a high frequency in a short text). */
function text(rng: () => number, most: number): string {
  if (rng() < 0.03) return `${WORDS[Math.floor(rng() * WORDS.length)]} `.repeat(2 + Math.floor(rng() * 8)).trim();
  return Array.from({ length: Math.floor(rng() * most) }, () => WORDS[Math.floor(WORDS.length * rng() ** 2)]).join(" ");
}

function issue(number: number, rng: () => number) {
  return {
    id: number,
    number,
    title: text(rng, 7),
    body: text(rng, 30),
    state: rng() < 0.8 ? "open" : "closed",
    repository_url: "https://api.github.com/repos/acme/open",
    user: rng() < 0.5 ? { login: "ann", id: 10 } : { login: "bob", id: 11 },
    comments: Math.floor(rng() * 5),
    reactions: { total_count: Math.floor(rng() * 40) },
  };
}

/** One to three words, some as an OR, some within one field or beside a qualifier. */
function queries(rng: () => number): string[] {
  const word = () => WORDS[Math.floor(rng() * WORDS.length)];
  const beside = ["", "", " in:title", " in:body", " author:ann", " is:open"];
  const drawn = Array.from({ length: 14 }, (_, i) => {
    const words = i % 5 === 4 ? `${word()} OR ${word()}` : Array.from({ length: 1 + (i % 3) }, word).join(" ");
    return words + beside[Math.floor(rng() * beside.length)];
  });
  return [...drawn, "quasar", "nebula", `quasar ${word()}`, "nebula OR quasar"];
}

const KEEP_ALL: SearchEngineOptions = { rateLimit: false, termBoundsFrom: 1 };
const KEEP_NONE: SearchEngineOptions = { rateLimit: false, termBoundsFrom: 2 ** 30 };

async function sameRanking(bounded: SearchEngine, plain: SearchEngine, qs: string[], when: string): Promise<void> {
  for (const q of qs) {
    for (const page of [1, 2]) {
      // Ten a page: the best ten fill up before the rare words' matches run out, so blocks are passed over.
      const [got, want] = await Promise.all([bounded, plain].map((e) => e.search("issues", { q, per_page: 10, page })));
      const pick = (r: typeof got) => r.items.map((i) => [i.number, i.score]);
      expect(pick(got), `${when}: ${q}, page ${page}`).toEqual(pick(want));
      expect(got.total_count).toBe(want.total_count);
    }
  }
}

describe("block bounds of the text part", () => {
  it("rank as no bounds do, after a load, through changes and after an open", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const rng = random(seed);
        // Eight blocks of slots: a ninth (new slots past the bounds) does not yet start them again.
        const count = 8 * MAXIMA_BLOCK - 40;
        const loaded = Array.from({ length: count }, (_, i) => issue(i + 1, rng));
        RARE.forEach((word, i) => (loaded[i].title = word));
        const dir = await tempDump({ "repositories.ndjson": ndjson([repo]), "issues.ndjson": ndjson(loaded) });
        const [bounded, plain] = [new SearchEngine(KEEP_ALL), new SearchEngine(KEEP_NONE)];
        await Promise.all([bounded.load(dir), plain.load(dir)]);
        const qs = queries(rng);
        await sameRanking(bounded, plain, qs, "loaded");
        // Issues indexed anew (half of them with a rare word, often many times), removed, and new ones in the ninth block.
        const changes: Array<(e: SearchEngine) => void> = [];
        for (let i = 0; i < 80; i++) {
          const number = 1 + Math.floor(rng() * (count + 200));
          const changed = issue(number, rng);
          if (rng() < 0.5) changed.title = `${RARE[i % 2]} `.repeat(1 + (i % 5)).trim();
          changes.push((e) => e.add("issues", changed));
        }
        for (let i = 0; i < 20; i++) {
          const number = 1 + Math.floor(rng() * count);
          changes.push((e) => e.remove("issues", `acme/open#${number}`));
        }
        for (const change of changes) for (const e of [bounded, plain]) change(e);
        await sameRanking(bounded, plain, qs, "changed");
        const saved = join(dir, "saved");
        await bounded.save(saved);
        await sameRanking(await SearchEngine.open(saved, KEEP_ALL), plain, qs, "opened");
      }),
      { numRuns: 3 },
    );
  });

  it("keep at least each block's greatest share, and exactly it when computed whole", async () => {
    const rng = random(7);
    const count = 3 * MAXIMA_BLOCK + 100;
    const loaded = Array.from({ length: count }, (_, i) => issue(i + 1, rng));
    loaded[0].title = "quasar";
    const dir = await tempDump({ "repositories.ndjson": ndjson([repo]), "issues.ndjson": ndjson(loaded) });
    const engine = new SearchEngine(KEEP_ALL);
    await engine.load(dir);
    const collection = engine["collections"].get("issues") as Collection;
    const ranking = engine.ranking.issues;
    const greatest = () => {
      // Each field's term id -> block -> greatest share, from every live document's occurrences.
      const out = new Map<string, Map<number, number[]>>();
      for (const field of collection.fields.values()) {
        const { b } = ranking.fields[field.spec.name];
        const byTerm = new Map<number, number[]>();
        out.set(field.spec.name, byTerm);
        for (let doc = 0; doc < collection.capacity; doc++) {
          const length = field.occurrences.count(doc);
          if (!collection.isLive(doc) || !length) continue;
          field.occurrences.forEachRun(doc, (id, tf) => {
            const shares = byTerm.get(id) ?? [];
            byTerm.set(id, shares);
            const block = Math.floor(doc / MAXIMA_BLOCK);
            shares[block] = Math.max(shares[block] ?? 0, tf / (1 - b + (b * length) / (collection.averageLength(field) || 1)));
          });
        }
      }
      return out;
    };
    const check = (exact: boolean) => {
      const kept = maximaOf(collection, ranking)!;
      expect(kept).toBeDefined();
      let compared = 0;
      for (const [name, byTerm] of greatest()) {
        const field = collection.fields.get(name)!;
        for (const [id, shares] of byTerm) {
          for (let block = 0; block < shares.length; block++) {
            const share = greatestShare(kept, field, id, block, collection.averageLength(field) || 1);
            if (shares[block] === undefined || share === undefined) continue;
            compared++;
            if (exact) expect(share).toBeCloseTo(shares[block], 5);
            expect(share).toBeGreaterThanOrEqual(shares[block] * (1 - 1e-12));
          }
        }
      }
      expect(compared).toBeGreaterThan(50);
    };
    check(true);
    const quasar = collection.termIdOf("quasar");
    const title = collection.fields.get("title")!;
    const quasarIn = (block: number) => greatestShare(maximaOf(collection, ranking)!, title, quasar, block, collection.averageLength(title));
    expect(quasarIn(1)).toBe(0);
    // An issue of the second block gets the rare word; new issues with long titles make the average
    // title twice as long, so every share reckoned with it grows.
    engine.add("issues", { ...issue(1500, rng), title: "quasar quasar quasar" });
    expect(engine.remove("issues", "acme/open#3")).toBe(true);
    const before = collection.averageLength(title);
    for (let n = count + 1; n <= count + 600; n++) engine.add("issues", { ...issue(n, rng), title: "launch ".repeat(30).trim() });
    await engine.search("issues", { q: "quasar" });
    expect(collection.averageLength(title)).toBeGreaterThan(2 * before);
    check(false);
    expect(quasarIn(1)).toBeGreaterThan(1);
  });
});
