/**
 * The engine completes each kind's rendered item in place (its score, text matches, explanation), so a
 * kind's renderer must build a fresh object per call: an item shared between searches would carry one
 * search's changes into the next.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, type Preview, type SearchKind } from "../../src/index.js";

const SAMPLE = fileURLToPath(new URL("../../data/sample", import.meta.url));
const engine = new SearchEngine({ rateLimit: false });
beforeAll(async () => {
  await engine.load(SAMPLE);
});

const SEARCHES: Array<[SearchKind, Record<string, string | number>, Preview?]> = [
  ["repositories", { q: "stars:>0" }, "mercy"],
  ["users", { q: "followers:>0" }],
  ["issues", { q: "is:issue" }],
  ["commits", { q: "fix" }, "cloak"],
  ["code", { q: "function" }],
  ["topics", { q: "is:featured" }, "mercy"],
  ["labels", { q: "bug", repository_id: 64778136 }],
];

describe("a search's items are its own", () => {
  for (const [kind, params, preview] of SEARCHES) {
    it(`${kind}: a changed item leaves the next search's items as they were`, async () => {
      const search = () => engine.search(kind, { ...params, per_page: 100 }, { previews: preview ? [preview] : [], textMatch: true });
      const first = await search();
      expect(first.items.length).toBeGreaterThan(0);
      const pristine = structuredClone(first.items);
      for (const item of first.items as Array<Record<string, unknown>>) {
        for (const key of Object.keys(item)) delete item[key];
        item.score = -1;
      }
      const second = await search();
      expect(second.items).toEqual(pristine);
      for (const item of second.items as Array<Record<string, unknown>>) expect(Object.keys(item).slice(-2)).toEqual(["score", "text_matches"]);
    });
  }
});
