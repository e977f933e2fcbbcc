/**
 * Media types end to end through `engine.request()`: text matches on every endpoint that has
 * text-match fields, the preview media types (commit search, topic search, repository topics) and
 * 415 for what cannot be answered.
 */
import { describe, expect, it } from "vitest";
import type { TextMatch } from "../../src/types.js";
import { repositoryId, worldEngine } from "./world.js";

const engine = worldEngine();
const V3 = "application/vnd.github.v3+json";
const TEXT_MATCH = "application/vnd.github.v3.text-match+json";
const CLOAK = "application/vnd.github.cloak-preview";
const MERCY = "application/vnd.github.mercy-preview+json";
const ENDPOINTS = ["code", "commits", "issues", "labels", "repositories", "topics", "users"];

async function get(path: string, accept?: string, caller?: string) {
  const res = await engine.request({ url: path, headers: accept === undefined ? {} : { accept }, caller: caller ? { login: caller } : undefined });
  return { ...res, body: res.body as { items: Array<Record<string, unknown>>; message?: string } };
}

/** What text-match properties each endpoint reports (object type and property), and a query that matches them. */
const TEXT_MATCH_CASES: Array<{ path: string; accept: string; word: string; properties: string[] }> = [
  { path: "/search/repositories?q=launch", accept: TEXT_MATCH, word: "launch", properties: ["Repository.description"] },
  { path: "/search/repositories?q=garden", accept: TEXT_MATCH, word: "garden", properties: ["Repository.name", "Repository.description"] },
  { path: "/search/issues?q=launch", accept: TEXT_MATCH, word: "launch", properties: ["Issue.title", "Issue.body", "IssueComment.body"] },
  { path: "/search/code?q=launch", accept: TEXT_MATCH, word: "launch", properties: ["FileContent.content", "FileContent.path"] },
  { path: "/search/commits?q=launch", accept: `${CLOAK}, ${TEXT_MATCH}`, word: "launch", properties: ["Commit.message"] },
  { path: "/search/users?q=person", accept: TEXT_MATCH, word: "person", properties: ["User.name"] },
  { path: `/search/labels?q=launch&repository_id=${repositoryId("acme/rocket")}`, accept: TEXT_MATCH, word: "launch", properties: ["Label.name", "Label.description"] },
  { path: "/search/topics?q=launch", accept: `${MERCY}, ${TEXT_MATCH}`, word: "launch", properties: ["Topic.short_description", "Topic.description"] },
];

describe("the text-match media type", () => {
  it.each(TEXT_MATCH_CASES)("adds text_matches to every item of $path", async ({ path, accept, word, properties }) => {
    const res = await get(path, accept);
    expect(res.status).toBe(200);
    expect(res.headers["x-github-media-type"]).toMatch(/; param=text-match; format=json$/);
    expect(res.body.items.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const item of res.body.items) {
      const matches = item.text_matches as TextMatch[];
      expect(Array.isArray(matches)).toBe(true);
      for (const m of matches) {
        seen.add(`${m.object_type}.${m.property}`);
        expect(m.object_url).toMatch(/^https:\/\/api\.github\.com\//);
        expect(m.matches.length).toBeGreaterThan(0);
        for (const { text, indices } of m.matches) {
          // Offsets are relative to the fragment.
          expect(m.fragment.slice(indices[0], indices[1])).toBe(text);
          expect(text.toLowerCase()).toContain(word);
        }
      }
    }
    expect([...seen].sort()).toEqual([...properties].sort());
  });

  it.each(TEXT_MATCH_CASES)("leaves text_matches out without it: $path", async ({ path, accept }) => {
    const res = await get(path, accept.replace(TEXT_MATCH, V3));
    expect(res.status).toBe(200);
    expect(res.headers["x-github-media-type"]).not.toContain("text-match");
    for (const item of res.body.items) expect(item).not.toHaveProperty("text_matches");
  });

  it("is read from the short form and from a preview type carrying the param", async () => {
    for (const accept of ["application/vnd.github.text-match+json", "application/vnd.github.mercy-preview.text-match+json"]) {
      const res = await get("/search/repositories?q=launch", accept);
      expect(res.body.items[0]).toHaveProperty("text_matches");
    }
  });
});

describe("preview media types", () => {
  it.each([undefined, "", V3, "application/json", "*/*", TEXT_MATCH, MERCY])("commit search answers 415 without the cloak preview (Accept: %s)", async (accept) => {
    const res = await get("/search/commits?q=launch", accept);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(
      "If you would like to help us test the Commit Search API during its preview period, you must specify a custom media type in the 'Accept' header. Please see the docs for full details.",
    );
  });

  it.each([CLOAK, `${CLOAK}+json`, `${V3}, ${CLOAK}`])("commit search answers with the cloak preview (Accept: %s)", async (accept) => {
    const res = await get("/search/commits?q=launch", accept);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
  });

  it.each([undefined, V3, TEXT_MATCH, CLOAK])("topic search answers 415 without the mercy preview (Accept: %s)", async (accept) => {
    const res = await get("/search/topics?q=launch", accept);
    expect(res.status).toBe(415);
    expect(res.body.message).toContain("the Topics API during its preview period");
  });

  it.each([MERCY, "application/vnd.github.mercy-preview"])("topic search answers with the mercy preview (Accept: %s)", async (accept) => {
    const res = await get("/search/topics?q=launch", accept);
    expect(res.status).toBe(200);
    expect(res.headers["x-github-media-type"]).toBe("github.mercy-preview; format=json");
    expect(res.body.items.map((t) => t.name).sort()).toEqual(["rockets", "space"]);
  });

  it("gives repository results their topics with the mercy preview only", async () => {
    const plain = await get("/search/repositories?q=launch", V3);
    for (const item of plain.body.items) expect(item).not.toHaveProperty("topics");
    const mercy = await get("/search/repositories?q=launch", MERCY);
    const rocket = mercy.body.items.find((item) => item.full_name === "acme/rocket");
    expect(rocket?.topics).toEqual(["space", "rockets"]);
  });

  it("combines several topic: qualifiers with the mercy preview", async () => {
    const res = await get(`/search/repositories?q=${encodeURIComponent("topic:space topic:rockets")}`, MERCY);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item) => item.full_name)).toEqual(["acme/rocket"]);
  });

  it("switches on every preview listed, and the text matches with them", async () => {
    const res = await get("/search/commits?q=launch", `${MERCY}, ${CLOAK}, ${TEXT_MATCH}`);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toHaveProperty("text_matches");
  });
});

describe("unacceptable media types", () => {
  const refused = ["text/html", "application/xml", "text/*", "application/vnd.github.v3+xml", "application/vnd.gitlab+json", "application/json;q=0", "application/json;q=0, text/html"];

  it.each(ENDPOINTS)("are refused with 415 on /search/%s", async (endpoint) => {
    for (const accept of refused) {
      const res = await get(`/search/${endpoint}?q=launch&repository_id=${repositoryId("acme/rocket")}`, accept);
      expect(res.status, accept).toBe(415);
      expect(res.body).toEqual({
        message: `Unsupported 'Accept' header: '${accept}'. Must accept 'application/json'.`,
        documentation_url: "https://docs.github.com/rest/overview/media-types",
      });
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
  });

  it("do not stop an acceptable type listed beside them", async () => {
    const res = await get("/search/repositories?q=launch", "text/html, application/json;q=0.5");
    expect(res.status).toBe(200);
    expect(res.headers["x-github-media-type"]).toBe("github.v3; format=json");
  });
});
