/**
 * Commit search: every qualifier and sort over a small hand-built corpus, the
 * preview media type, text matches and the commit result item. Expected sets
 * are read off the records in `corpus()`.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine, type Caller } from "../../src/index.js";
import type { TextMatch } from "../../src/types.js";

const CLOAK = "application/vnd.github.cloak-preview+json";

const sha = (digit: string) => digit.repeat(40);
const C1 = sha("1");
const C2 = sha("2");
const C3 = sha("3");
const C4 = sha("4");
const C5 = sha("5");
const C6 = "6666666abc" + "0".repeat(30);
const C7 = "6666666abd" + "0".repeat(30);
const P0 = sha("0");

const person = (name: string, email: string, date: string) => ({ name, email, date });
const CHRIS_2015 = person("Chris Wanstrath", "chris@github.com", "2015-06-01T10:00:00Z");

function corpus(): SearchEngine {
  const e = new SearchEngine({ rateLimit: false, baseUrl: "https://api.example.test", htmlUrl: "https://example.test" });
  e.add("users", { login: "octo", id: 1, type: "Organization", members: ["alice"] });
  e.add("users", { login: "alice", id: 2, type: "User" });
  e.add("users", { login: "chris", id: 3, type: "User", site_admin: true });
  e.add("repositories", { id: 10, full_name: "octo/web", name: "web", owner: { login: "octo" } });
  e.add("repositories", { id: 11, full_name: "octo/secret", name: "secret", owner: { login: "octo" }, private: true });
  e.add("repositories", { id: 12, full_name: "alice/web", name: "web", owner: { login: "alice" }, fork: true, parent: { full_name: "octo/web" }, stargazers_count: 1000 });
  const commit = (repository: string, s: string, fields: { message: string; author: object; committer: object; tree: string; parents: string[]; login?: string; committerLogin?: string }) =>
    e.add("commits", {
      repository,
      sha: s,
      commit: { author: fields.author, committer: fields.committer, message: fields.message, tree: { sha: fields.tree }, comment_count: 0 },
      author: fields.login ? { login: fields.login } : null,
      committer: fields.committerLogin ? { login: fields.committerLogin } : null,
      parents: fields.parents.map((p) => ({ sha: p })),
    });
  commit("octo/web", C1, { message: "Fix typo in README", author: CHRIS_2015, committer: person("Chris Wanstrath", "chris@github.com", "2015-06-02T10:00:00Z"), tree: "99ca967" + "a".repeat(33), parents: [P0], login: "chris", committerLogin: "chris" });
  commit("octo/web", C3, { message: "Add css styles and fix layout", author: person("Bob Builder", "BOB@Example.com", "2015-12-31T23:00:00Z"), committer: person("Chris Wanstrath", "chris@github.com", "2016-01-05T00:00:00Z"), tree: "99ca968" + "b".repeat(33), parents: [C1] });
  commit("octo/web", C2, { message: "Merge pull request #2 from alice/feature\n\nAdd feature", author: person("Alice Liddell", "alice@example.com", "2016-02-01T00:00:00Z"), committer: person("GitHub", "noreply@github.com", "2016-02-01T12:00:00Z"), tree: "c".repeat(40), parents: [C1, C3], login: "alice" });
  commit("octo/web", C6, { message: "Bump version", author: person("Release Bot", "bot@example.com", "2017-03-01T00:00:00Z"), committer: person("Release Bot", "bot@example.com", "2017-03-01T00:00:00Z"), tree: "d".repeat(40), parents: [C2] });
  commit("octo/web", C7, { message: "Bump version again", author: person("Release Bot", "bot@example.com", "2017-04-01T00:00:00Z"), committer: person("Release Bot", "bot@example.com", "2017-02-15T00:00:00Z"), tree: "e".repeat(40), parents: [C6] });
  commit("octo/secret", C4, { message: "fix secret typo", author: person("Alice Liddell", "alice@example.com", "2018-01-01T00:00:00Z"), committer: person("Alice Liddell", "alice@example.com", "2018-01-01T00:00:00Z"), tree: "f".repeat(40), parents: [], login: "alice", committerLogin: "alice" });
  commit("alice/web", C5, { message: "fix typo in the fork", author: CHRIS_2015, committer: CHRIS_2015, tree: "99ca967" + "a".repeat(33), parents: [C1], login: "chris" });
  return e;
}

const engine = corpus();
const found = async (q: string, caller?: Caller) => {
  const r = await engine.search("commits", { q, per_page: 100 }, { accept: CLOAK, caller });
  expect(r.total_count).toBe(r.items.length);
  return r.items.map((i) => i.sha as string).sort();
};
const ordered = async (params: Record<string, string>) => (await engine.search("commits", params, { accept: CLOAK })).items.map((i) => i.sha);
const rejects = (q: string, caller?: Caller) => expect(engine.search("commits", { q }, { accept: CLOAK, caller })).rejects.toMatchObject({ status: 422 });

const PUBLIC = [C1, C2, C3, C6, C7].sort();

describe("commit search: the preview media type", () => {
  it("answers 415 without the cloak preview", async () => {
    await expect(engine.search("commits", { q: "fix" })).rejects.toMatchObject({ status: 415 });
    await expect(engine.search("commits", { q: "fix" }, { accept: "application/vnd.github.v3+json" })).rejects.toMatchObject({ status: 415 });
    const r = await engine.request({ url: "/search/commits?q=fix", headers: { accept: "application/vnd.github.v3+json" } });
    expect(r.status).toBe(415);
  });
  it("answers with the preview, with or without +json", async () => {
    expect((await engine.search("commits", { q: "fix" }, { accept: "application/vnd.github.cloak-preview" })).total_count).toBe(2);
    const r = await engine.request({ url: "/search/commits?q=fix", headers: { accept: CLOAK } });
    expect(r.status).toBe(200);
  });
});

describe("commit search: message and scope", () => {
  it("matches every word of the message", async () => {
    expect(await found("fix typo")).toEqual([C1]);
    expect(await found("fix")).toEqual([C1, C3]);
    expect(await found("fix NOT typo")).toEqual([C3]);
    expect(await found("Fix typo", { login: "alice" })).toEqual([C1, C4]);
  });
  it("never searches forks, even by repo:", async () => {
    expect(await found("fork")).toEqual([]);
    expect(await found("typo repo:alice/web")).toEqual([]);
  });
  it("repo:, user:, org:", async () => {
    expect(await found("css repo:octo/web")).toEqual([C3]);
    expect(await found("repo:octo/web")).toEqual(PUBLIC);
    expect(await found("fix user:octo")).toEqual([C1, C3]);
    expect(await found("fix org:octo")).toEqual([C1, C3]);
    expect(await found("fix org:octo", { login: "alice" })).toEqual([C1, C3, C4]);
    await rejects("typo repo:octo/secret");
    expect(await found("typo repo:octo/secret", { login: "alice" })).toEqual([C4]);
  });
  it("is:public, is:private, is:internal", async () => {
    expect(await found("fix is:public")).toEqual([C1, C3]);
    expect(await found("fix is:private")).toEqual([]);
    expect(await found("fix is:private", { login: "alice" })).toEqual([C4]);
    expect(await found("fix is:internal", { login: "alice" })).toEqual([]);
    await rejects("fix is:merged");
  });
});

describe("commit search: people", () => {
  it("author: and committer: are the linked accounts; @me is the caller", async () => {
    expect(await found("author:chris")).toEqual([C1]);
    expect(await found("author:CHRIS")).toEqual([C1]);
    expect(await found("author:alice")).toEqual([C2]);
    expect(await found("author:@me", { login: "alice" })).toEqual([C2, C4]);
    expect(await found("committer:chris")).toEqual([C1]);
    expect(await found("committer:alice")).toEqual([]);
    expect(await found("repo:octo/web -author:chris")).toEqual([C2, C3, C6, C7].sort());
    await rejects("author:@me");
  });
  it("author-name: and committer-name: match words of the git name", async () => {
    expect(await found("author-name:wanstrath")).toEqual([C1]);
    expect(await found("committer-name:wanstrath")).toEqual([C1, C3]);
    expect(await found('author-name:"chris wanstrath"')).toEqual([C1]);
    expect(await found('author-name:"wanstrath chris"')).toEqual([C1]);
    expect(await found("author-name:Liddell")).toEqual([C2]);
    expect(await found("author-name:wans")).toEqual([]);
    expect(await found("committer-name:github")).toEqual([C2]);
    await rejects('author-name:"."');
  });
  it("author-email: and committer-email: match the whole address, any case", async () => {
    expect(await found("author-email:chris@github.com")).toEqual([C1]);
    expect(await found("author-email:bob@example.com")).toEqual([C3]);
    expect(await found("author-email:github.com")).toEqual([]);
    expect(await found("author-email:chris")).toEqual([]);
    expect(await found("committer-email:noreply@github.com")).toEqual([C2]);
    expect(await found("committer-email:CHRIS@GITHUB.COM")).toEqual([C1, C3]);
  });
});

describe("commit search: dates", () => {
  it("author-date:", async () => {
    expect(await found("author-date:<2016-01-01")).toEqual([C1, C3]);
    expect(await found("author-date:>=2016-01-01")).toEqual([C2, C6, C7].sort());
    expect(await found("author-date:2015-12-31")).toEqual([C3]);
    expect(await found("author-date:2015-06-01..2016-02-01")).toEqual([C1, C2, C3]);
    await rejects("author-date:yesterday");
  });
  it("committer-date:", async () => {
    expect(await found("committer-date:>2016-01-01")).toEqual([C2, C3, C6, C7].sort());
    expect(await found("committer-date:<=2015-06-02")).toEqual([C1]);
    expect(await found("committer-date:>2016-01-01T00:00:00+02:00 bump")).toEqual([C6, C7].sort());
  });
});

describe("commit search: merges and object ids", () => {
  it("merge:true and merge:false", async () => {
    expect(await found("merge:true")).toEqual([C2]);
    expect(await found("merge:false")).toEqual([C1, C3, C6, C7].sort());
    await rejects("merge:maybe");
  });
  it("hash: full or a prefix of at least seven hex digits", async () => {
    expect(await found(`hash:${C1}`)).toEqual([C1]);
    expect(await found(`hash:${C1.toUpperCase()}`)).toEqual([C1]);
    expect(await found("hash:1111111")).toEqual([C1]);
    expect(await found("hash:6666666")).toEqual([C6, C7].sort());
    expect(await found("hash:6666666abc")).toEqual([C6]);
    expect(await found("hash:1234567")).toEqual([]);
    await rejects("hash:111111");
    await rejects("hash:zzzzzzz");
    await rejects(`hash:${C1}0`);
  });
  it("parent: any parent", async () => {
    expect(await found(`parent:${C1}`)).toEqual([C2, C3]);
    expect(await found(`parent:${C3.slice(0, 9)}`)).toEqual([C2]);
    expect(await found(`parent:${P0}`)).toEqual([C1]);
    await rejects("parent:abc");
  });
  it("tree: the tree's id or a prefix of it", async () => {
    expect(await found("tree:99ca967")).toEqual([C1]);
    expect(await found(`tree:99ca967${"a".repeat(33)}`)).toEqual([C1]);
    await rejects("tree:99ca96");
  });
});

describe("commit search: sorts", () => {
  it("author-date and committer-date, both orders", async () => {
    expect(await ordered({ q: "repo:octo/web", sort: "author-date" })).toEqual([C7, C6, C2, C3, C1]);
    expect(await ordered({ q: "repo:octo/web", sort: "author-date", order: "asc" })).toEqual([C1, C3, C2, C6, C7]);
    // C7 was authored after C6 but committed before it, so the two sorts differ.
    expect(await ordered({ q: "repo:octo/web", sort: "committer-date", order: "desc" })).toEqual([C6, C7, C2, C3, C1]);
    expect(await ordered({ q: "repo:octo/web", sort: "committer-date", order: "asc" })).toEqual([C1, C3, C2, C7, C6]);
    expect(await ordered({ q: "bump", sort: "author-date" })).toEqual([C7, C6]);
    expect(await ordered({ q: "bump", sort: "committer-date" })).toEqual([C6, C7]);
  });
  it("in the query, and the parameter wins over it", async () => {
    expect(await ordered({ q: "repo:octo/web sort:author-date-asc" })).toEqual([C1, C3, C2, C6, C7]);
    expect(await ordered({ q: "repo:octo/web sort:committer-date" })).toEqual([C6, C7, C2, C3, C1]);
    expect(await ordered({ q: "repo:octo/web sort:author-date-asc", sort: "author-date" })).toEqual([C7, C6, C2, C3, C1]);
  });
  it("refuses other sorts", async () => {
    await expect(engine.search("commits", { q: "fix", sort: "stars" }, { accept: CLOAK })).rejects.toMatchObject({ status: 422 });
    await rejects("fix sort:stars");
  });
});

describe("the commit result item", () => {
  it("has the 2.5 fields, URLs from the engine's bases", async () => {
    const [item] = (await engine.search("commits", { q: `hash:${C1}` }, { accept: CLOAK })).items;
    const api = "https://api.example.test/repos/octo/web";
    expect(item).toMatchObject({
      url: `${api}/commits/${C1}`,
      sha: C1,
      html_url: `https://example.test/octo/web/commit/${C1}`,
      comments_url: `${api}/commits/${C1}/comments`,
      commit: {
        url: `${api}/git/commits/${C1}`,
        author: CHRIS_2015,
        committer: { name: "Chris Wanstrath", email: "chris@github.com", date: "2015-06-02T10:00:00Z" },
        message: "Fix typo in README",
        tree: { url: `${api}/git/trees/99ca967${"a".repeat(33)}`, sha: `99ca967${"a".repeat(33)}` },
        comment_count: 0,
      },
      author: { login: "chris", id: 3, site_admin: true, type: "User", url: "https://api.example.test/users/chris" },
      committer: { login: "chris", id: 3 },
      parents: [{ url: `${api}/commits/${P0}`, html_url: `https://example.test/octo/web/commit/${P0}`, sha: P0 }],
      repository: { id: 10, full_name: "octo/web", owner: { login: "octo", id: 1, type: "Organization" } },
    });
    expect(typeof item.node_id).toBe("string");
    expect(typeof item.score).toBe("number");
    expect(Object.keys(item).sort()).toEqual(["author", "comments_url", "commit", "committer", "html_url", "node_id", "parents", "repository", "score", "sha", "url"]);
  });
  it("gives author null and committer {} when no account is linked", async () => {
    const [item] = (await engine.search("commits", { q: "css" }, { accept: CLOAK })).items;
    expect(item.author).toBeNull();
    expect(item.committer).toEqual({});
    expect((item.parents as unknown[]).length).toBe(1);
  });
  it("lists both parents of a merge", async () => {
    const [item] = (await engine.search("commits", { q: "merge:true" }, { accept: CLOAK })).items;
    expect((item.parents as Array<{ sha: string }>).map((p) => p.sha)).toEqual([C1, C3]);
  });
});

describe("commit text matches", () => {
  it("highlights the message, offsets into the fragment", async () => {
    const r = await engine.search("commits", { q: "typo readme" }, { accept: `${CLOAK}, application/vnd.github.text-match+json` });
    const [item] = r.items;
    const tm = item.text_matches as TextMatch[];
    expect(tm).toHaveLength(1);
    expect(tm[0]).toMatchObject({ object_url: item.url, object_type: "Commit", property: "message", fragment: "Fix typo in README" });
    expect(tm[0].matches).toEqual([
      { text: "typo", indices: [4, 8] },
      { text: "README", indices: [12, 18] },
    ]);
    for (const m of tm[0].matches) expect(tm[0].fragment.slice(m.indices[0], m.indices[1])).toBe(m.text);
  });
});
