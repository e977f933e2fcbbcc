/**
 * `engine.warm()`: searches of the engine's own, over words its documents hold, that leave answers,
 * records and rate limits as they were; and the queries it picks (src/warm-up.ts).
 */
import stringify from "fast-json-stable-stringify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SearchEngine, SearchError, UsageError } from "../../src/index.js";
import type { SearchKind } from "../../src/kinds/types.js";

const SAMPLE = "data/sample";
const WARMED_KINDS: SearchKind[] = ["code", "commits", "issues", "repositories", "topics", "users"];

let engine: SearchEngine;
beforeAll(async () => {
  engine = new SearchEngine();
  await engine.load(SAMPLE);
});

/** Searches of every kind, text matches and previews included, as a caller who sees private records too. */
async function answers(of: SearchEngine): Promise<string[]> {
  const accept = "application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json, application/vnd.github.text-match+json";
  const caller = { login: "octocat" };
  const searches: Array<[SearchKind, string]> = [
    ["issues", "crash"],
    ["issues", "is:open sort:created"],
    ["repositories", "desktop"],
    ["users", "type:user"],
    ["commits", "fix"],
    ["code", "function"],
    ["topics", "javascript"],
  ];
  return Promise.all(searches.map(async ([kind, q]) => stringify(await of.search(kind, { q }, { accept, caller }))));
}

describe("warm()", () => {
  it("searches every kind with documents but labels, each search answered, some with items", async () => {
    const fresh = new SearchEngine();
    await fresh.load(SAMPLE);
    const search = vi.spyOn(fresh, "search");
    const report = await fresh.warm({ searches: 8 });
    expect(report.searches).toBe(search.mock.calls.length);
    const kinds = new Set(search.mock.calls.map(([kind]) => kind));
    expect([...kinds].sort()).toEqual(WARMED_KINDS);
    for (const kind of WARMED_KINDS) expect(search.mock.calls.filter(([k]) => k === kind).length, kind).toBeLessThanOrEqual(8);
    const settled = await Promise.allSettled(search.mock.results.map((r) => r.value as Promise<{ items: unknown[] }>));
    expect(settled.every((s) => s.status === "fulfilled")).toBe(true);
    const found = settled.map((s) => (s.status === "fulfilled" ? s.value.items.length : 0));
    for (const kind of ["issues", "repositories", "users", "commits", "code"]) {
      expect(search.mock.calls.some(([k], i) => k === kind && found[i] > 0), kind).toBe(true);
    }
    // Best match, each sort of the kind in turn, and text matches now and then.
    const issueSorts = new Set(search.mock.calls.filter(([k]) => k === "issues").map(([, params]) => params?.sort));
    expect(issueSorts.size).toBeGreaterThan(2);
    expect(search.mock.calls.some(([, , options]) => options?.textMatch)).toBe(true);
  });

  it("leaves every answer, the counts and the rate limits as they were", async () => {
    const limited = new SearchEngine({ rateLimit: { unauthenticated: 3 } });
    await limited.load(SAMPLE);
    const before = await answers(limited);
    const counts = limited.counts();
    const first = await limited.request({ url: "/search/users?q=octocat", ip: "203.0.113.9" });
    expect(first.headers["x-ratelimit-remaining"]).toBe("2");
    expect((await limited.warm()).searches).toBeGreaterThan(0);
    expect(await answers(limited)).toEqual(before);
    expect(limited.counts()).toEqual(counts);
    const second = await limited.request({ url: "/search/users?q=octocat", ip: "203.0.113.9" });
    expect(second.headers["x-ratelimit-remaining"]).toBe("1");
  });

  it("indexes what was added first, and its words are searched", async () => {
    const added = new SearchEngine({ rateLimit: false });
    added.add("users", { login: "zyxwvut", id: 901, type: "User", name: "Quetzalcoatl Xylophone", bio: "Obsidian sculptor" });
    const search = vi.spyOn(added, "search");
    expect(await added.warm()).toEqual({ searches: 1 });
    const [kind, params] = search.mock.calls[0];
    expect(kind).toBe("users");
    expect(String(params?.q).split(" ").every((w) => ["zyxwvut", "quetzalcoatl", "xylophone", "obsidian", "sculptor"].includes(w))).toBe(true);
    expect((await search.mock.results[0].value).total_count).toBe(1);
  });

  it("lets other work run between its searches", async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const begunAt: number[] = [];
    const original = engine.search.bind(engine);
    const search = vi.spyOn(engine, "search").mockImplementation((...args) => {
      begunAt.push(turns);
      return original(...args);
    });
    await engine.warm({ searches: 4 });
    ticking = false;
    search.mockRestore();
    expect(begunAt.length).toBeGreaterThan(8);
    for (let i = 1; i < begunAt.length; i++) expect(begunAt[i], `search ${i}`).toBeGreaterThan(begunAt[i - 1]);
  });

  it("does nothing on an empty engine or with no searches asked for", async () => {
    expect(await new SearchEngine().warm()).toEqual({ searches: 0 });
    const search = vi.spyOn(engine, "search");
    expect(await engine.warm({ searches: 0 })).toEqual({ searches: 0 });
    expect(search).not.toHaveBeenCalled();
    search.mockRestore();
  });

  it.each([[-1], [1.5], ["8"], [Number.NaN]])("refuses searches: %j as a UsageError", async (searches) => {
    await expect(engine.warm({ searches: searches as number })).rejects.toThrow(UsageError);
  });

  it("stops between searches when its signal aborts, with the signal's reason", async () => {
    const stop = new AbortController();
    stop.abort(new Error("stopped before"));
    await expect(engine.warm({ signal: stop.signal })).rejects.toThrow("stopped before");
    const later = new AbortController();
    const original = engine.search.bind(engine);
    const search = vi.spyOn(engine, "search").mockImplementation((...args) => {
      later.abort(new Error("stopped during"));
      return original(...args);
    });
    await expect(engine.warm({ signal: later.signal })).rejects.toThrow("stopped during");
    expect(search).toHaveBeenCalledTimes(1);
    search.mockRestore();
  });

  it("answers 503 while a load is in progress, as searches do", async () => {
    const loading = new SearchEngine();
    const load = loading.load(SAMPLE);
    const warming = loading.warm();
    await expect(warming).rejects.toThrow(SearchError);
    await expect(warming).rejects.toMatchObject({ status: 503 });
    await load;
    expect((await loading.warm({ searches: 1 })).searches).toBe(WARMED_KINDS.length);
  });
});

describe("the queries warm() picks", () => {
  it("gives up to the count asked for, two and three plain words each, the same each time", async () => {
    const fresh = new SearchEngine();
    await fresh.load(SAMPLE);
    const search = vi.spyOn(fresh, "search");
    await fresh.warm({ searches: 12 });
    const queries = search.mock.calls.map(([, params]) => String(params?.q));
    for (const q of queries) expect(q).toMatch(/^[a-z0-9]{2,40}( [a-z0-9]{2,40}){1,2}$/);
    expect(queries.some((q) => q.split(" ").length === 2)).toBe(true);
    expect(queries.some((q) => q.split(" ").length === 3)).toBe(true);
    search.mockClear();
    await fresh.warm({ searches: 12 });
    expect(search.mock.calls.map(([, params]) => String(params?.q))).toEqual(queries);
  });
});
