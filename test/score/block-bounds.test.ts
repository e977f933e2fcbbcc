/**
 * Whole blocks passed over by their greatest boost (boosts computed ahead by a load and an open)
 * change no answer: the best 30 of a search are the first 30 of the same search asked for all its
 * matches at once (which keeps every match, so passes nothing over), for words and for qualifiers
 * alone, over slots in several blocks where the first holds the most reacted-to issues.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import { ndjson, tempDump } from "../load/temp-dump.js";

const ISSUES = 4096;
const repo = { id: 1, name: "open", full_name: "acme/open", owner: { login: "acme", id: 1, type: "Organization" }, private: false };
const matches = (n: number) => n <= 36 || n % 80 === 0;
const issue = (n: number) => ({
  id: n,
  number: n,
  // The first 36 issues and one in eighty after them have the word and ann as author: 87 matches, in
  // every block, and enough in the first to fill the best 30 there.
  title: matches(n) ? `rocket launch ${n % 3 ? "pad" : "tower"}` : "plain title",
  body: n % 7 === 0 ? "fuel tank" : "",
  state: n % 5 ? "open" : "closed",
  repository_url: "https://api.github.com/repos/acme/open",
  user: matches(n) ? { login: "ann", id: 10 } : { login: "bob", id: 11 },
  comments: n % 4,
  // The first and the last block's issues are the most reacted to (each holds some of the best 30);
  // the greatest boosts of the blocks between fall below them.
  reactions: { total_count: n <= 1024 ? 200 + (n % 97) : n > 3072 ? 150 + (n % 200) : n % 3 },
});

const QUERIES = ["rocket", "rocket launch", "author:ann", "author:ann reactions:>=1", "launch OR tower"];

async function bestAgainstAll(engine: SearchEngine): Promise<void> {
  for (const q of QUERIES) {
    const all = await engine.search("issues", { q, per_page: 100 });
    expect(all.total_count, q).toBeLessThanOrEqual(100);
    expect(all.total_count, q).toBeGreaterThan(30);
    const best = await engine.search("issues", { q, per_page: 30 });
    const pick = (items: Array<Record<string, unknown>>) => items.map((i) => [i.number, i.score]);
    expect(pick(best.items), q).toEqual(pick(all.items.slice(0, 30)));
  }
}

describe("block bounds", () => {
  it("rank as keeping every match does, after a load and after an open", async () => {
    const dir = await tempDump({
      "repositories.ndjson": ndjson([repo]),
      "issues.ndjson": ndjson(Array.from({ length: ISSUES }, (_, i) => issue(i + 1))),
    });
    // As configured by default, and with reactions weighing most (blocks are then passed over for words too).
    for (const options of [{ rateLimit: false as const }, { rateLimit: false as const, ranking: { issues: { signals: { reactions: { weight: 5 } } } } }]) {
      const engine = new SearchEngine(options);
      await engine.load(dir);
      await bestAgainstAll(engine);
      const saved = join(dir, `saved-${options.ranking ? "reactions" : "default"}`);
      await engine.save(saved);
      await bestAgainstAll(await SearchEngine.open(saved, options));
    }
  });
});
