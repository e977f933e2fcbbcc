/**
 * The time limit: past `timeLimitMs` a search answers 200 with what it found so far and
 * `incomplete_results: true`. The clock is injected and jumps on cue, so the cut is deterministic.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import { BLOCK } from "../../src/plan/plan.js";
import type { Envelope } from "../../src/types.js";

/** Enough records for a walk of several blocks: the clock is read between blocks. */
const RECORDS = 4 * BLOCK + 400;

/** A clock that reads 0 for its first `calm` readings, then jumps an hour ahead on every reading. */
function jumpingClock(calm: number) {
  let readings = 0;
  return () => (readings++ < calm ? 0 : 3_600_000 * (readings - calm));
}

function satellites(engine: SearchEngine, count: number): SearchEngine {
  engine.add("users", { login: "fleet", id: 1, type: "Organization" });
  for (let i = 0; i < count; i++) {
    // Every third is a "cargo" satellite; stars spread so that sorting is meaningful.
    const description = i % 3 === 0 ? "A cargo satellite" : "A weather satellite";
    engine.add("repositories", { id: 1 + i, name: `sat-${i}`, full_name: `fleet/sat-${i}`, owner: { login: "fleet" }, description, stargazers_count: (i * 7919) % 1000 });
  }
  return engine;
}

/** One engine for most tests (building it is the slow part); each test sets its clock. */
let clock: () => number = () => 0;
const shared = satellites(new SearchEngine({ rateLimit: false, timeLimitMs: 1000, now: () => clock() }), RECORDS);

function engineWith(now: () => number): SearchEngine {
  clock = now;
  return shared;
}

describe("the time limit", () => {
  it("returns everything when the clock stays within the limit", async () => {
    const r = await engineWith(() => 0).search("repositories", { q: "satellite", per_page: 100 });
    expect(r.incomplete_results).toBe(false);
    expect(r.total_count).toBe(RECORDS);
  });

  it("returns the matches found so far, flagged incomplete, when the clock passes the limit", async () => {
    const cut = await engineWith(jumpingClock(1)).search("repositories", { q: "cargo satellite", per_page: 100, sort: "stars" });
    expect(cut.incomplete_results).toBe(true);
    expect(cut.total_count).toBeGreaterThan(0);
    expect(cut.total_count).toBeLessThan(RECORDS / 3);
    expect(cut.items).toHaveLength(Math.min(100, cut.total_count));
    // The items are real matches, ranked among themselves as the sort asks.
    for (const item of cut.items) expect(item.description).toBe("A cargo satellite");
    const stars = cut.items.map((item) => Number(item.stargazers_count));
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
  });

  it("cuts at the same place every time for the same clock", async () => {
    const a = await engineWith(jumpingClock(3)).search("repositories", { q: "satellite" });
    const b = await engineWith(jumpingClock(3)).search("repositories", { q: "satellite" });
    expect(a.incomplete_results).toBe(true);
    expect(b).toEqual(a);
  });

  it("finds more the later the clock jumps", async () => {
    const counts: number[] = [];
    for (const calm of [1, 2, 3]) counts.push((await engineWith(jumpingClock(calm)).search("repositories", { q: "satellite" })).total_count);
    expect(counts[0]).toBeLessThan(counts[1]);
    expect(counts[1]).toBeLessThan(counts[2]);
    expect(counts[2]).toBeLessThan(RECORDS);
  });

  it("applies to queries of qualifiers only and to filtered queries", async () => {
    for (const q of ["stars:>=0", "cargo satellite", "user:fleet", "satellite -cargo"]) {
      const full = await engineWith(() => 0).search("repositories", { q, per_page: 100 });
      const cut = await engineWith(jumpingClock(1)).search("repositories", { q, per_page: 100 });
      expect(full.incomplete_results, q).toBe(false);
      expect(cut.incomplete_results, q).toBe(true);
      expect(cut.total_count, q).toBeGreaterThan(0);
      expect(cut.total_count, q).toBeLessThan(full.total_count);
      const descriptions = new Set(full.items.map((item) => item.description));
      for (const item of cut.items) expect(descriptions, q).toContain(item.description);
    }
  });

  it("stops on time a walk that examines many documents and keeps few", async () => {
    // "cargo" (a third of the documents) leads; the range keeps none of them. The deadline is checked per
    // block of documents examined, not only per block of documents kept.
    for (const q of ["cargo stars:>5000", "weather -satellite", "(cargo OR weather) stars:>5000"]) {
      const cut = await engineWith(jumpingClock(1)).search("repositories", { q });
      expect(cut.incomplete_results, q).toBe(true);
      expect(cut.total_count, q).toBe(0);
    }
  });

  it("is a 200 through request(), not an error", async () => {
    const engine = engineWith(jumpingClock(2));
    const res = await engine.request({ url: "/search/repositories?q=satellite&per_page=5" });
    expect(res.status).toBe(200);
    const body = res.body as Envelope;
    expect(body.incomplete_results).toBe(true);
    expect(body.items).toHaveLength(5);
    expect(res.headers.etag).toBeDefined();
    // The link header pages through what was found.
    expect(res.headers.link).toContain(`page=${Math.ceil(Math.min(body.total_count, 1000) / 5)}>; rel="last"`);
  });

  it("uses the limit from the options", async () => {
    // A clock that advances 100 ms per reading: a 150 ms limit cuts the walk, a one-hour limit does not.
    const ticking = () => {
      let t = 0;
      return () => (t += 100);
    };
    for (const [timeLimitMs, incomplete] of [[3_600_000, false], [150, true]] as const) {
      const engine = satellites(new SearchEngine({ rateLimit: false, timeLimitMs, now: ticking() }), 3000);
      expect((await engine.search("repositories", { q: "satellite" })).incomplete_results).toBe(incomplete);
    }
  });
});
