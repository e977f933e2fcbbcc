import { beforeAll, describe, expect, it } from "vitest";
import type { SearchEngine } from "../../src/index.js";
import type { Caller } from "../../src/types.js";
import { fixtureEngine, keyOf } from "./issues-fixture.js";

let engine: SearchEngine;
beforeAll(() => {
  engine = fixtureEngine();
});

const alice: Caller = { login: "alice" };
const bob: Caller = { login: "bob" };
const carol: Caller = { login: "carol" };

async function found(q: string, caller?: Caller): Promise<string[]> {
  const r = await engine.search("issues", { q, per_page: 100 }, { caller });
  expect(r.total_count).toBe(r.items.length);
  return r.items.map(keyOf).sort();
}

async function ordered(q: string, sort?: string, order?: string): Promise<string[]> {
  const r = await engine.search("issues", { q, sort, order, per_page: 100 });
  return r.items.map(keyOf);
}

const W = (n: number) => `acme/web#${n}`;
const OLD = "dave/old#1";
const SECRET = "acme/secret#1";
const VISIBLE = [W(1), W(2), W(3), W(4), W(5), W(6), OLD];
const without = (...keys: string[]) => VISIBLE.filter((k) => !keys.includes(k));

// Each expected set is read off the records in issues-fixture.ts.
const CASES: Array<[query: string, expected: string[], caller?: Caller]> = [
  // kind, state, reason, type
  ["is:issue", [W(1), W(4), W(6)]],
  ["type:issue", [W(1), W(4), W(6)]],
  ["is:issue", [W(1), W(4), W(6), SECRET], alice],
  ["is:pr", [W(2), W(3), W(5), OLD]],
  ["is:pull-request", [W(2), W(3), W(5), OLD]],
  ["type:pr", [W(2), W(3), W(5), OLD]],
  ["is:open", [W(1), W(3), W(5)]],
  ["state:open", [W(1), W(3), W(5)]],
  ["is:closed", [W(2), W(4), W(6), OLD]],
  ["state:closed is:pr", [W(2), OLD]],
  // Each item is one kind, so repeats on the kind are either-or (README, "Repeated qualifiers").
  ["is:issue is:pr", without()],
  ["is:issue AND is:pr", []],
  ["is:merged", [W(2)]],
  ["is:unmerged", [W(3), W(5), OLD]],
  ["is:locked", [W(4)]],
  ["is:unlocked", without(W(4))],
  ["is:draft", [W(3)]],
  ["draft:true", [W(3)]],
  ["draft:false", [W(2), W(5), OLD]],
  ["is:queued", [W(5)]],
  ["is:public", VISIBLE],
  ["is:private", []],
  ["is:private", [SECRET], alice],
  ["is:private", [], bob],
  ["is:internal", []],
  ["reason:completed", [W(6)]],
  ['reason:"not planned"', [W(4)]],
  ["type:Bug", [W(1)]],
  ['type:"task"', [W(4)]],
  ["type:Feature is:closed", [W(6)]],
  // people
  ["author:alice", [W(1)]],
  ["author:alice", [W(1), SECRET], alice],
  ["author:@me", [W(2)], bob],
  ["author:app/robot", [W(3)]],
  ["-author:app/robot", without(W(3))],
  ["assignee:bob", [W(1)]],
  ["assignee:alice", [W(6)]],
  ["assignee:*", [W(1), W(6)]],
  ["no:assignee", [W(2), W(3), W(4), W(5), OLD]],
  ["mentions:bob", [W(1)]],
  ["mentions:dave", [W(1)]],
  ["mentions:carol", [W(3)]],
  ["mentions:alice", []], // after "." and "_": not a mention
  ["mentions:acme", []], // a team mention and an e-mail address
  ["team:acme/ops", [W(1)], bob],
  ["team:acme/ops", [W(1)], alice],
  ["team:acme/ops", [], carol],
  ["team:acme/ops", []],
  ["team:acme/design", [], carol],
  ["commenter:carol", [W(1)]],
  ["commenter:alice", [W(3)]],
  ["commenter:@me", [W(1)], bob],
  ["involves:alice", [W(1), W(3), W(6)]],
  ["involves:dave", [W(1), W(5), W(6), OLD]],
  ["involves:carol", [W(1), W(3), W(4), W(6)]],
  ["involves:alice involves:bob", [W(1), W(2), W(3), W(6)]],
  ["involves:alice -involves:carol", []],
  // labels, milestones, projects, links
  ["label:bug", [W(1), W(2)]],
  ["label:BUG", [W(1), W(2)]],
  ['label:"help wanted"', [W(1)]],
  ['label:bug label:"help wanted"', [W(1)]],
  ["label:bug label:docs", []],
  ["label:docs,enhancement", [W(4), W(6)]],
  ['label:"docs","help wanted"', [W(1), W(4)]],
  ["-label:bug", without(W(1), W(2))],
  ["no:label", [W(3), OLD]],
  ["milestone:v1.0", [W(1)]],
  ['milestone:"legacy"', [OLD]],
  ["no:milestone", [W(2), W(3), W(4), W(5), W(6)]],
  ["project:acme/7", [W(1)]],
  ["project:acme/web/2", [W(6)]],
  ["no:project", [W(2), W(3), W(4), W(5), OLD]],
  ["linked:pr", [W(1), W(4)]], // web#4 is linked from the pull request's side only
  ["linked:issue", [W(2), W(5)]],
  ["-linked:pr is:issue", [W(6)]],
  ["is:open -linked:pr", [W(3), W(5)]],
  // pull-request specifics
  ["status:success", [W(2), W(5)]],
  ["status:pending", [W(3)]],
  ["status:failure", [OLD]],
  ["head:change is:closed is:unmerged", [OLD]],
  ["head:fix", [W(2)]],
  ["head:feature", [W(3)]],
  ["base:main", [W(2), W(5), OLD]],
  ["base:develop", [W(3)]],
  ["abcdef1", [W(2)]],
  ["0123456789AB is:merged", [W(2)]],
  ["1111111", []], // a head SHA not listed in `commits`
  ["abcdef", []], // six hex digits are only a word
  ["deadbee", [W(5)]], // seven hex digits found as a word of the body
  ["review:approved", [W(2)]],
  ["review:changes_requested", [OLD]],
  ["review:required", [W(3)]],
  ["review:none", [W(3)]],
  ["reviewed-by:alice", [W(2)]],
  ["reviewed-by:bob", [W(5)]],
  ["reviewed-by:carol", [OLD]],
  ["review-requested:carol", [W(3)]],
  ["review-requested:bob", [W(3)]], // through the requested team acme/ops
  ["review-requested:alice", []],
  ["user-review-requested:carol", [W(3)]],
  ["user-review-requested:bob", []],
  ["user-review-requested:@me", [W(3)], carol],
  ["team-review-requested:acme/ops", [W(3)]],
  ["team-review-requested:acme/design", []],
  ["team-review-requested:guild/reviewers", [W(3)]], // a team of another organisation
  ["review-requested:dave", [W(3)]],
  // repository
  ["language:typescript", [W(1), W(2), W(3), W(4), W(5), W(6)]],
  ["language:ruby", [OLD]],
  ["language:go", []],
  ["language:go", [SECRET], alice],
  ["archived:true", [OLD]],
  ["archived:false", without(OLD)],
  ["repo:acme/web", without(OLD)],
  ["repo:acme/web repo:dave/old", VISIBLE],
  ["repo:acme/secret", [SECRET], alice],
  ["user:dave", [OLD]],
  ["org:acme", without(OLD)],
  ["org:acme", [...without(OLD), SECRET], alice],
  // counts and dates
  ["comments:>0", [W(1), W(3), W(5)]],
  ["comments:0", [W(2), W(4), W(6), OLD]],
  ["comments:1..2", [W(1), W(3)]],
  ["reactions:>1", [W(1), W(4), OLD]],
  ["reactions:1..5", [W(1), W(2), OLD]],
  ["interactions:>2", [W(1), W(4), W(5)]],
  ["interactions:1", [W(2), W(3)]],
  ["created:<2024-01-01", [OLD]],
  ["created:2024-01-01..2024-01-31", [W(1), W(2)]],
  ["created:>=2024-03-01", [W(4), W(5), W(6)]],
  ["updated:>2024-02-01", [W(3), W(4), W(5), W(6)]],
  ["closed:2024-01-04", [W(2)]],
  ["closed:<2024-01-01", [OLD]],
  ["merged:>=2024-01-01", [W(2)]],
  ["merged:<2024-01-01", []],
  // text and fields
  ["crash", [W(1), W(2), OLD]],
  ["crash", [W(1), W(2), OLD, SECRET], alice],
  ["crash in:title", [W(1), W(2), OLD]],
  ["crash in:body", [OLD]],
  ["crash in:comments", [W(1)]],
  ["shipit", [W(1)]],
  ["shipit in:comment", [W(1)]],
  ["shipit in:title,body", []],
  ['"startup crash"', [W(2)]],
];

describe("issue search qualifiers", () => {
  it.each(CASES)("%s", async (q, expected, caller) => {
    expect(await found(q, caller)).toEqual([...expected].sort());
  });
});

describe("issue search rejects", () => {
  it.each([
    "-no:label",
    "NOT no:label",
    "no:reviewer",
    "is:bogus",
    "state:all",
    "reason:duplicate",
    "status:error",
    "review:maybe",
    "draft:maybe",
    "linked:commit",
    "project:acme",
    "team:acme",
    "team-review-requested:ops",
    "comments:many",
    "merged:yesterday",
    "author:@me",
    "repo:acme/secret",
  ])("%s with 422", async (q) => {
    await expect(engine.search("issues", { q })).rejects.toMatchObject({ status: 422 });
  });
});

describe("issue search sorts", () => {
  const CREATED = [OLD, W(1), W(2), W(3), W(4), W(6), W(5)];
  it("created, both directions", async () => {
    expect(await ordered("is:public", "created", "asc")).toEqual(CREATED);
    expect(await ordered("is:public", "created")).toEqual([...CREATED].reverse());
  });
  it("updated", async () => {
    expect(await ordered("is:public", "updated")).toEqual([W(5), W(6), W(4), W(3), W(1), W(2), OLD]);
  });
  it("comments", async () => {
    expect(await ordered("comments:>0", "comments")).toEqual([W(5), W(1), W(3)]);
    expect(await ordered("comments:>0", "comments", "asc")).toEqual([W(3), W(1), W(5)]);
  });
  it("reactions and interactions", async () => {
    expect(await ordered("reactions:>0", "reactions")).toEqual([W(4), W(1), OLD, W(2)]);
    expect(await ordered("interactions:>=2", "interactions")).toEqual([W(4), W(1), W(5), OLD]);
  });
  it.each([
    ["reactions-+1", [W(1), W(4)]],
    ["reactions--1", [W(4)]],
    ["reactions-smile", [W(4)]],
    ["reactions-thinking_face", [W(4)]],
    ["reactions-heart", [W(1)]],
    ["reactions-tada", [W(2)]],
  ])("%s", async (sort, leaders) => {
    const r = await ordered("is:public", sort);
    expect(r.slice(0, leaders.length)).toEqual(leaders);
  });
  it("in-query sort:, rocket and eyes in the query only", async () => {
    expect(await ordered("is:public sort:created-asc")).toEqual(CREATED);
    expect((await ordered("is:public sort:reactions-eyes")).slice(0, 2)).toEqual([OLD, W(4)]);
    expect((await ordered("is:public sort:reactions-rocket"))[0]).toBe(W(4));
    expect(await ordered("is:public sort:created-asc", "updated")).toEqual([W(5), W(6), W(4), W(3), W(1), W(2), OLD]);
    await expect(engine.search("issues", { q: "is:public", sort: "reactions-rocket" })).rejects.toMatchObject({ status: 422 });
    await expect(engine.search("issues", { q: "is:public", sort: "stars" })).rejects.toMatchObject({ status: 422 });
  });
  it("best match puts a title and body match above a comment match", async () => {
    expect(await ordered("dark")).toEqual([W(6), W(3)]);
  });
});

describe("user-to-server callers", () => {
  const app: Caller = { login: "alice", via: "app-user" };
  it.each(["crash", "-is:issue crash", "is:issue OR is:pr", "type:bug", "NOT is:pr"])("%s is refused", async (q) => {
    await expect(engine.search("issues", { q }, { caller: app })).rejects.toMatchObject({
      status: 422,
      body: { message: "Validation Failed", errors: [{ field: "q", message: "Query must include 'is:issue' or 'is:pull-request'" }] },
    });
  });
  it.each([
    ["crash is:issue", [W(1), SECRET]],
    ["crash is:pr", [W(2), OLD]],
    ["crash is:pull-request", [W(2), OLD]],
    ["crash type:issue", [W(1), SECRET]],
    ["crash type:pr", [W(2), OLD]],
    ["(is:pr label:bug)", [W(2)]],
  ])("%s is answered", async (q, expected) => {
    expect(await found(q, app)).toEqual([...expected].sort());
  });
  it("other callers may mix", async () => {
    expect(await found("crash", { login: "alice", via: "oauth" })).toEqual([W(1), W(2), OLD, SECRET].sort());
  });
});

describe("comments arriving later", () => {
  it("re-read the issue's text and people", async () => {
    const e = fixtureEngine();
    e.add("comments", { id: 1004, body: "ping @alice: shipit", user: { login: "bob" }, issue_url: "https://api.github.com/repos/acme/web/issues/6" });
    const q = async (query: string) => (await e.search("issues", { q: query })).items.map(keyOf).sort();
    expect(await q("commenter:bob")).toEqual([W(1), W(6)]);
    expect(await q("mentions:alice")).toEqual([W(6)]);
    expect(await q("shipit")).toEqual([W(1), W(6)]);
    e.remove("comments", "1004");
    expect(await q("commenter:bob")).toEqual([W(1)]);
  });
});
