/**
 * Posting lists left with many stale entries by updates are merged by the engine's indexer, in
 * steps between searches, and every answer stays exact before, during and after the merge.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SearchEngine } from "../../src/index.js";
import { Collection } from "../../src/index/collection.js";

const issue = (number: number, title: string) => ({ number, id: number, title, body: "", repository: "o/r", state: "open", user: { login: "ada" } });
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("merging posting lists in the engine", () => {
  afterEach(() => vi.restoreAllMocks());

  it("merges after a wave of updates, between searches, answering exactly throughout", async () => {
    const maintain = vi.spyOn(Collection.prototype, "maintain");
    const engine = new SearchEngine({ rateLimit: false });
    engine.add("repositories", { full_name: "o/r", id: 1, private: false, owner: { login: "o" } });
    for (let n = 1; n <= 6_000; n++) engine.add("issues", issue(n, n % 2 ? "crash on windows" : "error on linux"));
    const total = async (q: string) => (await engine.search("issues", { q, per_page: 1 })).total_count;
    expect(await total("crash")).toBe(3_000);
    expect(maintain).not.toHaveBeenCalled();
    // Most issues get new titles: their old entries go stale, enough to merge the lists.
    for (let n = 1; n <= 4_200; n++) engine.add("issues", issue(n, "crash again"));
    expect(await total("crash")).toBe(4_200 + 900);
    expect(await total("windows")).toBe(900);
    expect(await total("again")).toBe(4_200);
    for (let i = 0; i < 10_000 && !maintain.mock.results.some((r) => r.value === false); i++) {
      if (i % 50 === 0) expect(await total("linux")).toBe(900);
      await tick();
    }
    expect(maintain.mock.results.some((r) => r.value === false)).toBe(true);
    expect(await total("crash")).toBe(5_100);
    expect(await total("error")).toBe(900);
    expect(await total("again")).toBe(4_200);
  });
});
