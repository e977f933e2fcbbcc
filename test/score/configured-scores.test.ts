/** Scores under a ranking configuration, checked against the formula computed by hand. */
import { describe, expect, it } from "vitest";
import { SearchEngine, type RankingOptions, type ScoreExplanation } from "../../src/index.js";

const repo = (id: number, name: string, stars: number, description: string) => ({
  id,
  name,
  full_name: `octo/${name}`,
  owner: { login: "octo", id: 1, type: "User" },
  private: false,
  description,
  stargazers_count: stars,
  forks_count: 0,
});

async function search(ranking: RankingOptions | undefined, q: string) {
  const engine = new SearchEngine({ rateLimit: false, ranking });
  engine.add("repositories", repo(1, "alpha", 0, "parser parser"));
  engine.add("repositories", repo(2, "beta", 9, "parser"));
  engine.add("repositories", repo(10, "gamma", 3, "lexer"));
  engine.add("repositories", repo(5, "delta", 3, "lexer"));
  const res = await engine.search("repositories", { q }, { explain: true });
  return res.items.map((i) => ({ name: i.name as string, score: i.score as number, explain: i.explain as ScoreExplanation }));
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

describe("configured scores", () => {
  it("k1 = 0 counts a word once: idf times the signals", async () => {
    const items = await search({ repositories: { k1: 0, signals: { stars: { weight: 0 }, forks: { weight: 0 } } } }, "parser");
    expect(items.map((i) => i.name)).toEqual(["alpha", "beta"]);
    for (const i of items) expect(i.score).toBeCloseTo(idf(4, 2), 12);
  });

  it("field weight and b: BM25F term frequency by hand", async () => {
    const items = await search({ repositories: { k1: 1, fields: { description: { weight: 2, b: 0 } }, signals: { stars: { weight: 0 }, forks: { weight: 0 } } } }, "parser");
    const expected = (tf: number) => (idf(4, 2) * (2 * tf)) / (1 + 2 * tf);
    expect(items.find((i) => i.name === "alpha")!.score).toBeCloseTo(expected(2), 12);
    expect(items.find((i) => i.name === "beta")!.score).toBeCloseTo(expected(1), 12);
  });

  it("saturation and none transforms on a query of qualifiers only", async () => {
    const sat = await search({ repositories: { signals: { stars: { weight: 1, transform: "saturation", pivot: 3 }, forks: { weight: 0 } } } }, "stars:>=0");
    expect(Object.fromEntries(sat.map((i) => [i.name, i.score]))).toEqual({ beta: 1 + 9 / 12, gamma: 1.5, delta: 1.5, alpha: 1 });
    const none = await search({ repositories: { signals: { stars: { weight: 0.5, transform: "none" }, forks: { weight: 0 } } } }, "stars:>=0");
    expect(none.map((i) => i.score)).toEqual([5.5, 2.5, 2.5, 1]);
  });

  it("tie-break: record id ascending by default, item key descending with tieBreak key", async () => {
    const byId = await search(undefined, "lexer");
    expect(byId.map((i) => i.name)).toEqual(["delta", "gamma"]);
    expect(byId[0].score).toBe(byId[1].score);
    const byKey = await search({ repositories: { tieBreak: "key" } }, "lexer");
    expect(byKey.map((i) => i.explain.key)).toEqual(["octo/gamma", "octo/delta"]);
    const byKeyAll = await search({ repositories: { tieBreak: "key", signals: { stars: { weight: 0 }, forks: { weight: 0 } } } }, "stars:>=0");
    expect(byKeyAll.map((i) => i.explain.key)).toEqual(["octo/gamma", "octo/delta", "octo/beta", "octo/alpha"]);
  });

  it("explain shows the configuration and its total is the score", async () => {
    const ranking = { repositories: { k1: 2, signals: { stars: { weight: 0.3 } } } };
    const items = await search(ranking, "parser");
    for (const i of items) {
      expect(i.explain.total).toBe(i.score);
      expect(i.explain.ranking.k1).toBe(2);
      expect(i.explain.ranking.signals.stars).toEqual({ weight: 0.3, transform: "log" });
      expect(i.explain.signals.stars.score).toBeCloseTo(0.3 * Math.log1p(i.explain.signals.stars.value), 12);
    }
  });
});
