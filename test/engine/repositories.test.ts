import { describe, expect, it } from "vitest";
import { SearchEngine, SearchError } from "../../src/index.js";

function engine() {
  const e = new SearchEngine({ rateLimit: false });
  e.add("users", { login: "octo", id: 1, type: "Organization", members: ["alice"] });
  e.add("users", { login: "alice", id: 2, type: "User", followers: 10 });
  e.add("repositories", { id: 10, name: "search-engine", full_name: "octo/search-engine", owner: { login: "octo" }, description: "A fast search engine", stargazers_count: 50, language: "TypeScript", topics: ["search"], created_at: "2020-01-01T00:00:00Z" });
  e.add("repositories", { id: 11, name: "cats", full_name: "alice/cats", owner: { login: "alice" }, description: "cats everywhere engine", stargazers_count: 5, language: "Go", fork: true });
  e.add("repositories", { id: 12, name: "secret", full_name: "octo/secret", owner: { login: "octo" }, description: "secret engine", private: true, stargazers_count: 500 });
  return e;
}

describe("repositories", () => {
  it("finds by term, excludes forks and private repositories", async () => {
    const r = await engine().search("repositories", { q: "engine" });
    expect(r.items.map((i) => i.full_name)).toEqual(["octo/search-engine"]);
    expect(r.total_count).toBe(1);
  });
  it("shows private repositories to organisation members and forks on fork:true", async () => {
    const r = await engine().search("repositories", { q: "engine fork:true" }, { caller: { login: "alice" } });
    expect(new Set(r.items.map((i) => i.full_name))).toEqual(new Set(["octo/search-engine", "alice/cats", "octo/secret"]));
  });
  it("sorts by stars", async () => {
    const r = await engine().search("repositories", { q: "engine fork:true", sort: "stars", order: "asc" });
    expect(r.items.map((i) => i.full_name)).toEqual(["alice/cats", "octo/search-engine"]);
  });
  it("rejects bad values", async () => {
    await expect(engine().search("repositories", { q: "stars:abc" })).rejects.toBeInstanceOf(SearchError);
    await expect(engine().search("repositories", { q: "x", sort: "nope" })).rejects.toMatchObject({ status: 422 });
  });
  it("422s for an inaccessible repo:", async () => {
    await expect(engine().search("repositories", { q: "repo:octo/secret" })).rejects.toMatchObject({ status: 422 });
    const r = await engine().search("repositories", { q: "repo:octo/secret" }, { caller: { login: "alice" } });
    expect(r.total_count).toBe(1);
  });
  it("highlights", async () => {
    const r = await engine().search("repositories", { q: "fast" }, { accept: "application/vnd.github.v3.text-match+json" });
    const tm = r.items[0].text_matches as any[];
    expect(tm[0].property).toBe("description");
    const [a, b] = tm[0].matches[0].indices;
    expect(tm[0].fragment.slice(a, b)).toBe("fast");
  });
});
