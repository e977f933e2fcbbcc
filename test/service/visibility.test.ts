/**
 * Who sees what, on every endpoint: a non-public repository and everything in it is visible only
 * to its owner, its collaborators and the members of its owning organisation; nothing else gives
 * it away — not an error, not a count, not a name in the body.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import type { Caller } from "../../src/types.js";
import { CALLERS, PREVIEWS, REPOSITORIES, repositoryId, repositoryOfItem, VISIBLE, worldEngine, type RepositoryName } from "./world.js";

const engine = worldEngine();
const ALL_REPOSITORIES = Object.values(REPOSITORIES);
const REPOSITORY_KINDS = ["repositories", "issues", "code", "commits"] as const;

const callerOf = (who: string): Caller | undefined => (who === "anonymous" ? undefined : { login: who });
const hiddenFrom = (who: string) => ALL_REPOSITORIES.filter((r) => !VISIBLE[who].includes(r));

async function get(kind: string, params: Record<string, string>, who: string) {
  const query = new URLSearchParams({ per_page: "100", ...params });
  const res = await engine.request({ url: `/search/${kind}?${query}`, headers: { accept: PREVIEWS }, caller: callerOf(who) });
  return { ...res, body: res.body as { total_count: number; items: Array<Record<string, unknown>>; message?: string } };
}

/** Neither a name nor an id of a repository the caller may not see appears anywhere in the answer. */
function expectNoTrace(answer: { headers: Record<string, string>; body: unknown }, who: string) {
  const text = JSON.stringify(answer.body) + JSON.stringify(answer.headers);
  for (const hidden of hiddenFrom(who)) {
    expect(text).not.toContain(hidden);
    // As a number of its own: the same digits may stand inside a hash (the etag) or a score.
    expect(text).not.toMatch(new RegExp(`(?<![0-9a-f.])${repositoryId(hidden)}(?![0-9a-f])`));
  }
}

describe.each(REPOSITORY_KINDS)("%s search", (kind) => {
  it.each(CALLERS)("shows %s exactly the repositories they may see, and counts only those", async (who) => {
    const answer = await get(kind, { q: "launch" }, who);
    expect(answer.status).toBe(200);
    const repositories = answer.body.items.map((item) => repositoryOfItem(kind, item));
    expect(new Set(repositories)).toEqual(new Set(VISIBLE[who]));
    expect(answer.body.total_count).toBe(answer.body.items.length);
    expectNoTrace(answer, who);
  });

  it.each(CALLERS)("answers a repo: the caller %s may not see exactly as one that does not exist", async (who) => {
    const missing = await get(kind, { q: "launch repo:acme/no-such-repository" }, who);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe("Validation Failed");
    for (const repo of ALL_REPOSITORIES) {
      const answer = await get(kind, { q: `launch repo:${repo}` }, who);
      if (VISIBLE[who].includes(repo)) {
        expect(answer.status, repo).toBe(200);
        expect(answer.body.items.length, repo).toBeGreaterThan(0);
        expect(answer.body.items.every((item) => repositoryOfItem(kind, item) === repo)).toBe(true);
      } else {
        expect(answer.status, repo).toBe(422);
        expect(answer.body, repo).toEqual(missing.body);
      }
    }
  });

  it("answers user:/org: naming an account known only through hidden repositories as one that does not exist", async () => {
    for (const qualifier of ["user", "org"]) {
      const missing = await get(kind, { q: `launch ${qualifier}:no-such-account` }, "eve");
      expect(missing.status).toBe(422);
      const hidden = await get(kind, { q: `launch ${qualifier}:phantom` }, "eve");
      expect(hidden.status).toBe(422);
      expect(hidden.body).toEqual(missing.body);
      const own = await get(kind, { q: `launch ${qualifier}:phantom` }, "phantom");
      expect(own.status).toBe(200);
      expect(own.body.items.map((item) => repositoryOfItem(kind, item))).toContain("phantom/lair");
    }
  });

  it("narrows an owner scope covering several repositories to the visible ones, without an error", async () => {
    const cases: Array<[who: string, q: string, expected: RepositoryName[]]> = [
      ["eve", "launch org:acme", ["acme/rocket"]],
      ["carl", "launch org:acme", ["acme/rocket", "acme/vault"]],
      ["mia", "launch org:acme", ["acme/rocket", "acme/vault", "acme/tools"]],
      ["eve", "launch user:ann", ["ann/garden"]],
      ["bob", "launch user:ann", ["ann/garden", "ann/notes"]],
      ["anonymous", "launch user:ann OR user:acme", ["ann/garden", "acme/rocket"]],
    ];
    for (const [who, q, expected] of cases) {
      const answer = await get(kind, { q }, who);
      expect(answer.status, `${who}: ${q}`).toBe(200);
      expect(new Set(answer.body.items.map((item) => repositoryOfItem(kind, item))), `${who}: ${q}`).toEqual(new Set(expected));
      expect(answer.body.total_count).toBe(answer.body.items.length);
      expectNoTrace(answer, who);
    }
  });

  it("refuses a list of repo: qualifiers when one of them is hidden", async () => {
    const answer = await get(kind, { q: "launch repo:acme/rocket repo:acme/vault" }, "eve");
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual((await get(kind, { q: "launch repo:acme/rocket repo:acme/no-such-repository" }, "eve")).body);
    expect((await get(kind, { q: "launch repo:acme/rocket repo:acme/vault" }, "carl")).status).toBe(200);
  });
});

describe("visibility inside repository results", () => {
  it("finds no private repository for an outsider, even when asked for is:private", async () => {
    for (const kind of ["repositories", "issues", "commits"]) {
      const answer = await get(kind, { q: "launch is:private" }, "eve");
      expect(answer.status, kind).toBe(200);
      expect(answer.body.total_count, kind).toBe(0);
    }
    const mine = await get("repositories", { q: "launch is:private" }, "ann");
    expect(mine.body.items.map((item) => item.full_name)).toEqual(["ann/notes"]);
  });

  it.each(CALLERS)("shows %s the issues and the pull requests of visible repositories only", async (who) => {
    for (const q of ["launch is:issue", "launch is:pr"]) {
      const answer = await get("issues", { q }, who);
      expect(answer.body.items.map((item) => repositoryOfItem("issues", item)).sort(), q).toEqual([...VISIBLE[who]].sort());
      expect(answer.body.items.every((item) => (q.endsWith("is:pr") ? "pull_request" in item : !("pull_request" in item)))).toBe(true);
      expect(answer.body.total_count).toBe(VISIBLE[who].length);
    }
  });

  it("keeps hidden comments out of text matches", async () => {
    const answer = await engine.request({
      url: "/search/issues?q=ready&per_page=100",
      headers: { accept: "application/vnd.github.v3.text-match+json" },
    });
    const body = answer.body as { items: Array<{ repository_url: string; text_matches: Array<{ object_url: string }> }> };
    const objectUrls = body.items.flatMap((item) => item.text_matches.map((m) => m.object_url));
    expect(objectUrls.length).toBeGreaterThan(0);
    expectNoTrace(answer, "anonymous");
  });
});

describe("label search", () => {
  it.each(CALLERS)("lists the labels of repositories %s may see and answers 404 like a missing one for the rest", async (who) => {
    const missing = await get("labels", { q: "launch", repository_id: "999999" }, who);
    expect(missing.status).toBe(404);
    for (const repo of ALL_REPOSITORIES) {
      const answer = await get("labels", { q: "launch", repository_id: String(repositoryId(repo)) }, who);
      if (VISIBLE[who].includes(repo)) {
        expect(answer.status, repo).toBe(200);
        expect(answer.body.items.map((item) => repositoryOfItem("labels", item))).toEqual([repo]);
      } else {
        expect(answer.status, repo).toBe(404);
        expect(answer.body, repo).toEqual(missing.body);
        expect(answer.headers, repo).toEqual(missing.headers);
      }
    }
  });
});

describe("repository facts behind other kinds", () => {
  it("does not reveal the language of hidden repositories through user search", async () => {
    const e = new SearchEngine({ rateLimit: false });
    e.add("users", { login: "kim", id: 7, type: "User" });
    e.add("repositories", { id: 1, full_name: "kim/a", name: "a", owner: { login: "kim" }, language: "Rust", private: true });
    e.add("repositories", { id: 2, full_name: "kim/b", name: "b", owner: { login: "kim" }, language: "Rust", private: true });
    e.add("repositories", { id: 3, full_name: "kim/c", name: "c", owner: { login: "kim" }, language: "Go" });
    expect((await e.search("users", { q: "language:rust" })).total_count).toBe(0);
    expect((await e.search("users", { q: "language:go" })).total_count).toBe(1);
  });
});
