/**
 * The whole search stays inside its time limit and sees one state: indexing that would outlast the
 * deadline goes on in the background while the search answers from what is indexed (flagged
 * incomplete); a search paused mid-way never shows what changed under it; scores of public items do
 * not depend on private records.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

const org = { login: "acme", id: 1, type: "Organization" };
const publicRepo = { id: 1, name: "open", full_name: "acme/open", owner: org, private: false };
const privateRepo = { id: 2, name: "vault", full_name: "acme/vault", owner: org, private: true };
const issue = (repo: string, number: number, title: string, body = "") => ({
  id: number,
  number,
  title,
  body,
  state: "open",
  repository_url: `https://api.github.com/repos/${repo}`,
  user: { login: "ann", id: 10 },
  created_at: new Date(Date.UTC(2024, 0, 1) + number * 60_000).toISOString(),
});

/** A clock that moves only when told. */
function manualClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe("the time limit covers the whole search", () => {
  it("answers from what is indexed when indexing would pass the deadline, and indexes the rest in the background", async () => {
    const clock = manualClock();
    const engine = new SearchEngine({ rateLimit: false, timeLimitMs: 50, now: clock.now, blockSize: 100 });
    engine.add("repositories", publicRepo);
    for (let n = 1; n <= 1000; n++) engine.add("issues", issue("acme/open", n, "rocket launch"));
    // Time passes while indexing runs: the search's deadline comes long before 1,000 records are in.
    const searching = engine.search("issues", { q: "rocket" });
    for (let i = 0; i < 3; i++) await tick();
    clock.advance(60);
    const early = await searching;
    expect(early.incomplete_results).toBe(true);
    expect(early.total_count).toBeLessThan(1000);

    // The indexer went on by itself: a later search finds everything, complete.
    for (let i = 0; i < 200; i++) await tick();
    const later = await engine.search("issues", { q: "rocket" });
    expect(later).toMatchObject({ total_count: 1000, incomplete_results: false });
  });

  it("stops collecting or ranking at the deadline and says the answer is incomplete", async () => {
    let now: () => number = () => 0;
    const engine = new SearchEngine({ rateLimit: false, timeLimitMs: 50, now: () => now(), blockSize: 64 });
    engine.add("repositories", publicRepo);
    for (let n = 1; n <= 600; n++) engine.add("issues", issue("acme/open", n, "rocket launch"));
    expect(await engine.search("issues", { q: "rocket" })).toMatchObject({ total_count: 600, incomplete_results: false });
    // Past the deadline from the second reading of the clock on: the first check of any stage stops it.
    for (const calm of [1, 5, 12]) {
      let readings = 0;
      now = () => (readings++ < calm ? 0 : 1000);
      const cut = await engine.search("issues", { q: "rocket", per_page: 10 });
      expect(cut.incomplete_results, `calm ${calm}`).toBe(true);
      expect(cut.items.length).toBeLessThanOrEqual(10);
    }
  });

  it("says complete only when nothing was left out", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    engine.add("repositories", publicRepo);
    for (let n = 1; n <= 50; n++) engine.add("issues", issue("acme/open", n, "rocket launch"));
    const r = await engine.search("issues", { q: "rocket" });
    expect(r).toMatchObject({ total_count: 50, incomplete_results: false });
  });
});

describe("a paused search never shows what changed under it", () => {
  it("never renders a private issue to an anonymous caller, however the slots it held were reused", async () => {
    const engine = new SearchEngine({ rateLimit: false, blockSize: 4 });
    engine.add("repositories", publicRepo);
    engine.add("repositories", privateRepo);
    for (let n = 1; n <= 400; n++) engine.add("issues", issue("acme/open", n, "public rocket"));
    await engine.search("issues", { q: "is:issue" });

    // Oldest first: this search will show issues 1 to 100. It pauses after every 4 documents.
    const paused = engine.search("issues", { q: "is:issue", sort: "created", order: "asc", per_page: 100 });
    for (let i = 0; i < 5; i++) await tick();
    for (let n = 1; n <= 100; n++) engine.remove("issues", `acme/open#${n}`);
    for (let n = 1; n <= 100; n++) engine.add("issues", issue("acme/vault", 10_000 + n, "secret plans"));
    // Another search of the kind starts the indexer while the first is still paused.
    const other = engine.search("issues", { q: "secret" }, { caller: { login: "acme" } });

    const answer = await paused;
    expect((await other).total_count).toBe(100);
    expect(answer.items).toHaveLength(100);
    for (const item of answer.items) expect(String(item.repository_url)).toBe("https://api.github.com/repos/acme/open");
    expect(answer.items.map((i) => i.number)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(answer.total_count).toBe(400);
    const after = await engine.search("issues", { q: "is:issue" });
    expect(after.total_count).toBe(300);
  });
});

describe("scores of public items do not depend on private records", () => {
  it("gives the same scores and order with and without private records loaded", async () => {
    const titles = ["rocket launch", "rocket fuel", "launch pad", "moon rocket rocket", "pad"];
    const build = (withPrivate: boolean) => {
      const engine = new SearchEngine({ rateLimit: false });
      engine.add("repositories", publicRepo);
      titles.forEach((t, i) => engine.add("issues", issue("acme/open", i + 1, t, "body words")));
      if (withPrivate) {
        engine.add("repositories", privateRepo);
        for (let n = 1; n <= 40; n++) engine.add("issues", issue("acme/vault", 100 + n, n % 2 ? "rocket rocket" : "launch", "private body words words"));
      }
      return engine;
    };
    for (const q of ["rocket", "launch", "rocket launch", "pad OR fuel", "body"]) {
      const scored = async (engine: SearchEngine) => (await engine.search("issues", { q, per_page: 100 })).items.map((i) => [i.number, i.score]);
      const without = await scored(build(false));
      expect(await scored(build(true)), q).toEqual(without);
      expect(without.length, q).toBeGreaterThan(0);
    }
  });

  it("private items still get scores, from the public statistics", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    engine.add("repositories", privateRepo);
    engine.add("issues", issue("acme/vault", 1, "rocket"));
    const own = await engine.search("issues", { q: "rocket" }, { caller: { login: "acme" } });
    expect(own.total_count).toBe(1);
    expect(Number(own.items[0].score)).toBeGreaterThan(0);
  });
});
