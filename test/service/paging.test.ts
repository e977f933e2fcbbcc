/**
 * Paging end to end through `engine.request()`: `page` / `per_page` as the site reads them, the
 * `link` header, and the 1,000-result cap (the last page it allows, 422 past it).
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";

const MATCHING = 1205;
const BASE = "https://search.example.test";

/** 1,205 repositories matching "probe", with stars 0…1204 (sorting by stars gives a known order). */
function probeEngine(): SearchEngine {
  const engine = new SearchEngine({ rateLimit: false, baseUrl: BASE });
  engine.add("users", { login: "space", id: 1, type: "Organization" });
  for (let i = 0; i < MATCHING; i++) {
    engine.add("repositories", { id: 10_000 + i, name: `probe-${i}`, full_name: `space/probe-${i}`, owner: { login: "space" }, description: "An orbital probe", stargazers_count: i });
  }
  engine.add("repositories", { id: 1, name: "lander", full_name: "space/lander", owner: { login: "space" }, description: "Touches down" });
  return engine;
}

const engine = probeEngine();

interface Page {
  status: number;
  link?: string;
  body: { total_count: number; items: Array<{ stargazers_count: number }>; message?: string };
}

async function page(query: string): Promise<Page> {
  const res = await engine.request({ url: `/search/repositories?${query}` });
  return { status: res.status, link: res.headers.link, body: res.body as Page["body"] };
}

/** The relations of a link header, with the page each points at. */
function relations(link: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (link ?? "").split(", ").filter(Boolean)) {
    const [, url, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(part)!;
    out[rel] = Number(new URL(url).searchParams.get("page"));
  }
  return out;
}

const stars = (p: Page) => p.body.items.map((i) => i.stargazers_count);
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("paging", () => {
  it("serves 30 a page from page 1 by default, and links to the next and the last page the cap allows", async () => {
    const first = await page("q=probe&sort=stars&order=asc");
    expect(first.status).toBe(200);
    expect(first.body.total_count).toBe(MATCHING); // the count is not capped, the pages are
    expect(stars(first)).toEqual(range(0, 30));
    expect(relations(first.link)).toEqual({ next: 2, last: 34 });
    expect(first.link).toBe(
      `<${BASE}/search/repositories?q=probe&sort=stars&order=asc&page=2>; rel="next", <${BASE}/search/repositories?q=probe&sort=stars&order=asc&page=34>; rel="last"`,
    );
  });

  it("walks exactly the first 1,000 results, in order, then refuses the next page", async () => {
    const seen: number[] = [];
    for (let n = 1; n <= 10; n++) {
      const p = await page(`q=probe&sort=stars&order=asc&per_page=100&page=${n}`);
      expect(p.status).toBe(200);
      expect(relations(p.link)).toEqual(n === 1 ? { next: 2, last: 10 } : n === 10 ? { prev: 9, first: 1 } : { prev: n - 1, next: n + 1, last: 10, first: 1 });
      seen.push(...stars(p));
    }
    expect(seen).toEqual(range(0, 1000));
    const past = await page("q=probe&sort=stars&order=asc&per_page=100&page=11");
    expect(past.status).toBe(422);
    expect(past.body).toEqual({ message: "Only the first 1000 search results are available", documentation_url: "https://docs.github.com/rest/search/search" });
  });

  it("ends the last page at the 1,000th result when per_page does not divide 1,000", async () => {
    const last = await page("q=probe&sort=stars&order=asc&per_page=7&page=143");
    expect(last.status).toBe(200);
    expect(stars(last)).toEqual(range(994, 6));
    expect(relations(last.link)).toEqual({ prev: 142, first: 1 });
    expect((await page("q=probe&sort=stars&order=asc&per_page=7&page=144")).status).toBe(422);
    expect(relations((await page("q=probe&per_page=7")).link).last).toBe(143);
  });

  it("links a page past the results back to the one before it", async () => {
    const p = await page("q=orbital+lander&per_page=1&page=5");
    expect(p.status).toBe(200);
    expect(p.body.items).toEqual([]);
    expect(relations(p.link)).toEqual({ prev: 4, first: 1 });
  });

  it("sends no link when everything fits on the page", async () => {
    const p = await page("q=lander");
    expect(p.body.total_count).toBe(1);
    expect(p.link).toBeUndefined();
  });

  it.each([
    ["per_page=500", 100, 1],
    ["per_page=100", 100, 1],
    ["per_page=1", 1, 1],
    ["per_page=0", 30, 1],
    ["per_page=-5", 30, 1],
    ["per_page=abc", 30, 1],
    ["per_page=2.5", 2, 1],
    ["per_page=", 30, 1],
    ["page=0", 30, 1],
    ["page=-1", 30, 1],
    ["page=two", 30, 1],
    ["page=3abc", 30, 3],
    ["page=2.9", 30, 2],
    ["page=2&page=3", 30, 3],
    ["per_page=10&per_page=5", 5, 1],
  ])("reads %s as %i per page, page %i", async (params, perPage, pageNumber) => {
    const p = await page(`q=probe&sort=stars&order=asc&${params}`);
    expect(p.status).toBe(200);
    expect(stars(p)).toEqual(range((pageNumber - 1) * perPage, perPage));
    const rel = relations(p.link);
    expect(rel.last).toBe(Math.ceil(1000 / perPage));
    expect(rel.next).toBe(pageNumber + 1);
  });

  it("keeps every other parameter in the links, in place, with page replaced", async () => {
    const p = await page("page=2&q=orbital+probe+stars%3A%3E10&per_page=50&sort=stars");
    const next = /<([^>]+)>; rel="next"/.exec(p.link!)![1];
    expect(next).toBe(`${BASE}/search/repositories?page=3&q=orbital+probe+stars%3A%3E10&per_page=50&sort=stars`);
  });

  it("refuses a page past the cap before looking at the query", async () => {
    expect((await page("q=lander&page=1000")).status).toBe(422);
    expect((await page("q=lander&per_page=100&page=11")).body.message).toBe("Only the first 1000 search results are available");
  });
});
