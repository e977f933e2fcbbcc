/**
 * Boosts kept between searches follow changes: a record whose signals changed scores as a fresh
 * engine holding the same records scores it, for words and for qualifiers alone.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";

const repo = { id: 1, name: "open", full_name: "acme/open", owner: { login: "acme", id: 1, type: "Organization" }, private: false };
const issue = (number: number, reactions: number) => ({
  id: number,
  number,
  title: `rocket launch ${number % 3 ? "pad" : ""}`,
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

const ranked = async (engine: SearchEngine, q: string) => (await engine.search("issues", { q, per_page: 100 })).items.map((i) => [i.number, i.score]);

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
});
