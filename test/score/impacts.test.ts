/**
 * Term frequencies kept beside common terms' lists (impacts) give the scores the documents'
 * occurrences give: read in or out of order, with frequencies past the cap looked up, lists that do
 * not match the walk left without them, and let go once too many documents changed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Collection, FieldIndex } from "../../src/index/collection.js";
import { finish } from "../../src/index/steps.js";
import { SearchEngine, type SearchEngineOptions } from "../../src/index.js";
import { maximaOf } from "../../src/score/block-maxima.js";
import { CHANGES_LOOKED_UP, ImpactCursor, ImpactWriter } from "../../src/score/impacts.js";
import { ndjson, tempDump } from "../load/temp-dump.js";

describe("ImpactCursor", () => {
  it("gives each document's kept frequency, 0 for one its list lacks, -1 at the cap, asked in any order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(2000), { maxLength: 300 }),
        fc.array(fc.integer({ min: 1, max: 255 }), { minLength: 300, maxLength: 300 }),
        fc.array(fc.oneof(fc.nat(2100), fc.constant(-1)), { maxLength: 200 }),
        (unsorted, frequencies, asks) => {
          const docs = Uint32Array.from(unsorted).sort();
          const kept = new Map([...docs].map((doc, i) => [doc, frequencies[i]]));
          // Entries past the kept frequencies (appended to the list since) are never read.
          const list = [...docs, 5000, 1];
          const cursor = new ImpactCursor({ docs: list, frequencies: Uint8Array.from(docs, (_, i) => frequencies[i]) });
          // -1 asks for the next document in ascending order: most asks walk forward, some jump back.
          let last = 0;
          for (const ask of asks) {
            const doc = ask < 0 ? last + 1 : ask;
            last = doc;
            const want = kept.get(doc) ?? 0;
            expect(cursor.frequency(doc), `doc ${doc}`).toBe(want === 255 ? -1 : want);
          }
        },
      ),
    );
  });
});

describe("ImpactWriter", () => {
  /** A field whose postings list each term as given: what the writer reads its lists from. */
  const fieldOf = (lists: Record<string, number[]>) =>
    ({
      df: [1, 1, 1, 1],
      postings: {
        *viewing(term: string) {
          return lists[term];
        },
      },
    }) as unknown as FieldIndex;
  const termOf = (id: number) => ["a", "b", "c", "d"][id];

  it("keeps the lists the walk finds whole, and drops one naming a document the walk passes over or lacking one", () => {
    // a: found whole; b: names 4, which the walk does not find holding it; c: lacks 1; d: gets 9 after the walk began.
    const lists = { a: [1, 4, 6], b: [1, 4], c: [6], d: [6] };
    const writer = finish(ImpactWriter.starting(fieldOf(lists), [0, 1, 2, 3], termOf));
    lists.d.push(9);
    const runs: Array<[doc: number, t: number, frequency: number]> = [
      [1, 0, 2],
      [1, 1, 1],
      [1, 2, 3],
      [4, 0, 300],
      [6, 0, 1],
      [6, 2, 1],
      [6, 3, 4],
      [9, 3, 2],
    ];
    for (const [doc, t, frequency] of runs) writer.note(t, doc, frequency);
    const kept = writer.finished();
    expect([...kept.keys()]).toEqual([0, 3]);
    expect([...kept.get(0)!.frequencies]).toEqual([2, 255, 1]);
    expect([...kept.get(3)!.frequencies]).toEqual([4]);
  });
});

const repo = { id: 1, name: "open", full_name: "acme/open", owner: { login: "acme", id: 1, type: "Organization" }, private: false };
const issue = (number: number, title: string, body: string) => ({
  id: number,
  number,
  title,
  body,
  state: "open",
  repository_url: "https://api.github.com/repos/acme/open",
  user: { login: "ann", id: 10 },
  comments: number % 3,
  reactions: { total_count: number % 7 },
});
const WITH: SearchEngineOptions = { rateLimit: false, termBoundsFrom: 1 };
const WITHOUT: SearchEngineOptions = { rateLimit: false, termBoundsFrom: 2 ** 30 };

async function scores(engine: SearchEngine, q: string): Promise<Array<[number, number]>> {
  const found = await engine.search("issues", { q, per_page: 100 });
  return found.items.map((i) => [i.number as number, i.score as number]);
}

describe("scores from kept frequencies", () => {
  it("equal scores from the occurrences, a frequency past the cap looked up", async () => {
    const issues = Array.from({ length: 300 }, (_, i) => issue(i + 1, `fuel ${i % 4 ? "tank" : "pad"}`, `orbit ${"fuel ".repeat(1 + (i % 5))}crew`));
    // Past the cap: 300 in one body, 255 (at it) in another.
    issues[10].body = "fuel ".repeat(300).trim();
    issues[11].body = "fuel ".repeat(255).trim();
    const dir = await tempDump({ "repositories.ndjson": ndjson([repo]), "issues.ndjson": ndjson(issues) });
    const [kept, plain] = [new SearchEngine(WITH), new SearchEngine(WITHOUT)];
    await Promise.all([kept.load(dir), plain.load(dir)]);
    const collection = kept["collections"].get("issues") as Collection;
    const fuel = collection.termIdOf("fuel");
    const impacts = maximaOf(collection, kept.ranking.issues)!.impacts!;
    expect(impacts.fields.get(collection.fields.get("body")!)!.get(fuel)!.frequencies).toContain(255);
    for (const q of ["fuel", "fuel orbit", "fuel OR pad", "tank crew"]) expect(await scores(kept, q), q).toEqual(await scores(plain, q));
    expect((await scores(kept, "fuel"))[0][0]).toBe(11);
  });

  it("are let go once more documents changed than a search looks up, scoring as before", async () => {
    // Issues indexed anew, each once: the collection does not grow, so the bounds are raised, not computed whole again.
    const issues = Array.from({ length: CHANGES_LOOKED_UP + 100 }, (_, i) => issue(i + 1, "launch pad", `tower ${"fuel ".repeat(1 + (i % 3))}`));
    const dir = await tempDump({ "repositories.ndjson": ndjson([repo]), "issues.ndjson": ndjson(issues) });
    const [kept, plain] = [new SearchEngine(WITH), new SearchEngine(WITHOUT)];
    await Promise.all([kept.load(dir), plain.load(dir)]);
    const collection = kept["collections"].get("issues") as Collection;
    const keptNow = () => maximaOf(collection, kept.ranking.issues)?.impacts;
    expect(keptNow()).toBeDefined();
    for (let n = 1; n <= CHANGES_LOOKED_UP + 1; n++) for (const e of [kept, plain]) e.add("issues", issue(n, "launch", n % 2 ? "fuel tower" : "fuel"));
    for (const q of ["fuel", "launch tower", "pad"]) expect(await scores(kept, q), q).toEqual(await scores(plain, q));
    expect(keptNow()).toBeUndefined();
  });
});
