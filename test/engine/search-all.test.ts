/**
 * `engine.searchAll`: every match past the 1,000-result cap, in paging order, a batch at a time,
 * whatever the batch size, with ties broken as paging breaks them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, SearchError } from "../../src/index.js";
import type { SearchParams } from "../../src/types.js";

const REPOSITORIES = 1205;
let engine: SearchEngine;
beforeAll(() => {
  engine = new SearchEngine({ rateLimit: false });
  engine.add("users", { login: "space", id: 1, type: "Organization" });
  for (let i = 0; i < REPOSITORIES; i++) {
    // Few distinct star counts and descriptions, so that ranking meets many ties.
    engine.add("repositories", {
      id: 10_000 + ((i * 7919) % REPOSITORIES),
      name: `probe-${i}`,
      full_name: `space/probe-${i}`,
      owner: { login: "space" },
      description: i % 3 === 0 ? "An orbital probe probe" : "An orbital probe",
      stargazers_count: i % 17,
    });
  }
});

async function all(params: SearchParams, batchSize?: number): Promise<string[]> {
  const names: string[] = [];
  for await (const item of engine.searchAll("repositories", params, { batchSize })) names.push(String(item.full_name));
  return names;
}

async function paged(params: SearchParams): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const r = await engine.search("repositories", { ...params, per_page: 100, page });
    names.push(...r.items.map((i) => String(i.full_name)));
  }
  return names;
}

describe("searchAll", () => {
  it.each([
    [{ q: "probe" }],
    [{ q: "probe", sort: "stars", order: "asc" }],
    [{ q: "orbital", sort: "stars", order: "desc" }],
    [{ q: "probe stars:3..9", sort: "forks" }],
  ] as const)("gives every match once, in paging order, past the cap: %j", async (params) => {
    const total = (await engine.search("repositories", { ...params, per_page: 1 })).total_count;
    const streamed = await all(params);
    expect(streamed).toHaveLength(total);
    expect(new Set(streamed).size).toBe(total);
    const pages = await paged(params);
    expect(streamed.slice(0, pages.length)).toEqual(pages);
    // The batch size changes nothing, even when batches end inside runs of ties.
    expect(await all(params, 60)).toEqual(streamed);
    expect(await all(params, 1000)).toEqual(streamed);
  });

  it("ends at once for no match, and rejects a bad query as search() does", async () => {
    expect(await all({ q: "nothing-like-this" })).toEqual([]);
    await expect(all({ q: "stars:>>1" })).rejects.toBeInstanceOf(SearchError);
    await expect(all({ q: "probe" }, 0)).rejects.toThrow(/batchSize/);
  });
});
