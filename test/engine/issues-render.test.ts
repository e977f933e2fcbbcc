import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { TextMatch } from "../../src/types.js";
import { fixtureEngine, keyOf } from "./issues-fixture.js";

const TEXT_MATCH = "application/vnd.github.v3.text-match+json";
const API = "https://api.github.com";
const WEB = "https://github.com";

let engine: SearchEngine;
beforeAll(() => {
  engine = fixtureEngine();
});

async function item(q: string, accept?: string) {
  const r = await engine.search("issues", { q }, { accept });
  expect(r.items).toHaveLength(1);
  return r.items[0] as Record<string, any>;
}

// Logins are percent-encoded in URLs; a bot's web page is its app's page.
const userShape = (login: string, id: number, type = "User") =>
  expect.objectContaining({
    login,
    id,
    type,
    url: `${API}/users/${encodeURIComponent(login)}`,
    html_url: type === "Bot" ? `${WEB}/apps/${login.replace(/\[bot\]$/, "")}` : `${WEB}/${login}`,
    site_admin: false,
  });

describe("issue items (spec 2.6)", () => {
  it("an issue carries every field, and no pull_request", async () => {
    const i = await item("repo:acme/web is:issue label:bug");
    const url = `${API}/repos/acme/web/issues/1`;
    expect(Object.keys(i).sort()).toEqual(
      [
        "url", "repository_url", "labels_url", "comments_url", "events_url", "html_url", "id", "node_id", "number", "title", "user",
        "labels", "state", "locked", "assignee", "assignees", "milestone", "comments", "created_at", "updated_at", "closed_at",
        "author_association", "active_lock_reason", "body", "reactions", "timeline_url", "performed_via_github_app", "state_reason", "score",
      ].sort(),
    );
    expect(i).toMatchObject({
      url,
      repository_url: `${API}/repos/acme/web`,
      labels_url: `${url}/labels{/name}`,
      comments_url: `${url}/comments`,
      events_url: `${url}/events`,
      html_url: `${WEB}/acme/web/issues/1`,
      timeline_url: `${url}/timeline`,
      id: 1,
      node_id: "I_1",
      number: 1,
      title: "Crash on startup",
      body: "The app crashes. cc @bob and @acme/ops",
      state: "open",
      locked: false,
      comments: 2,
      created_at: "2024-01-01T09:00:00Z",
      updated_at: "2024-01-05T09:00:00Z",
      closed_at: null,
      author_association: "MEMBER",
      active_lock_reason: null,
      performed_via_github_app: null,
      state_reason: null,
      reactions: { url: `${url}/reactions`, total_count: 5, "+1": 3, "-1": 0, laugh: 0, hooray: 0, confused: 0, heart: 2, rocket: 0, eyes: 0 },
    });
    expect(typeof i.score).toBe("number");
    expect(i.user).toEqual(userShape("alice", 51));
    expect(i.assignee).toEqual(userShape("bob", 52));
    expect(i.assignees).toEqual([userShape("bob", 52)]);
    expect(i.labels).toEqual([
      { id: 900, node_id: "LA_900", url: `${API}/repos/acme/web/labels/bug`, name: "bug", color: "d73a4a", default: true, description: "Something isn't working" },
      { id: expect.any(Number), node_id: expect.any(String), url: `${API}/repos/acme/web/labels/help%20wanted`, name: "help wanted", color: "ededed", default: false, description: null },
    ]);
    expect(i.milestone).toEqual({
      url: `${API}/repos/acme/web/milestones/1`,
      html_url: `${WEB}/acme/web/milestone/1`,
      labels_url: `${API}/repos/acme/web/milestones/1/labels`,
      id: 300,
      node_id: expect.any(String),
      number: 1,
      state: "open",
      title: "v1.0",
      description: "First release",
      creator: userShape("alice", 51),
      open_issues: 1,
      closed_issues: 0,
      created_at: "2023-12-01T00:00:00Z",
      updated_at: "2023-12-02T00:00:00Z",
      closed_at: null,
      due_on: "2024-06-01T00:00:00Z",
    });
    expect("pull_request" in i).toBe(false);
    expect("draft" in i).toBe(false);
  });

  it("a pull request adds draft and pull_request with merged_at", async () => {
    const i = await item("is:merged");
    expect(i.html_url).toBe(`${WEB}/acme/web/pull/2`);
    expect(i.draft).toBe(false);
    expect(i.pull_request).toEqual({
      url: `${API}/repos/acme/web/pulls/2`,
      html_url: `${WEB}/acme/web/pull/2`,
      diff_url: `${WEB}/acme/web/pull/2.diff`,
      patch_url: `${WEB}/acme/web/pull/2.patch`,
      merged_at: "2024-01-04T10:00:00Z",
    });
    // A label named only is completed from the repository's label records.
    expect(i.labels).toEqual([{ id: 900, node_id: "LA_900", url: `${API}/repos/acme/web/labels/bug`, name: "bug", color: "d73a4a", default: true, description: "Something isn't working" }]);
    expect(i.assignee).toBeNull();
    expect(i.milestone).toBeNull();
    const draft = await item("is:draft");
    expect(draft.draft).toBe(true);
    expect(draft.pull_request.merged_at).toBeNull();
    expect(draft.user).toEqual(userShape("robot[bot]", 55, "Bot"));
  });

  it("closed and locked issues report why", async () => {
    const i = await item("is:locked");
    expect(i).toMatchObject({ state: "closed", state_reason: "not_planned", active_lock_reason: "resolved", closed_at: "2024-03-02T09:00:00Z", author_association: "NONE" });
  });

  it("builds every URL from the configured hosts", async () => {
    const e = new SearchEngine({ rateLimit: false, baseUrl: "https://ghe.test/api/v3", htmlUrl: "https://ghe.test" });
    e.add("repositories", { id: 1, name: "Web", full_name: "Acme/Web", owner: { login: "Acme" } });
    e.add("issues", { number: 9, title: "x", repository_url: "https://api.github.com/repos/acme/web", user: { login: "z" }, pull_request: {} });
    const [i] = (await e.search("issues", { q: "x" })).items as Array<Record<string, any>>;
    expect(i.url).toBe("https://ghe.test/api/v3/repos/Acme/Web/issues/9");
    expect(i.html_url).toBe("https://ghe.test/Acme/Web/pull/9");
    expect(i.pull_request.diff_url).toBe("https://ghe.test/Acme/Web/pull/9.diff");
    expect(i.user.url).toBe("https://ghe.test/api/v3/users/z");
  });
});

function expectOffsets(matches: TextMatch[]) {
  for (const m of matches) {
    for (const x of m.matches) expect(m.fragment.slice(x.indices[0], x.indices[1]).toLowerCase()).toBe(x.text.toLowerCase());
  }
}

describe("issue text matches", () => {
  it("highlight the title and each matching comment", async () => {
    const i = await item("crash repo:acme/web is:issue", TEXT_MATCH);
    const tm = i.text_matches as TextMatch[];
    expect(tm.map((m) => [m.object_type, m.property, m.object_url])).toEqual([
      ["Issue", "title", `${API}/repos/acme/web/issues/1`],
      ["IssueComment", "body", `${API}/repos/acme/web/issues/comments/1001`],
    ]);
    expect(tm[0]).toMatchObject({ fragment: "Crash on startup", matches: [{ text: "Crash", indices: [0, 5] }] });
    expect(tm[1]).toMatchObject({ fragment: "I see this crash too, @dave", matches: [{ text: "crash", indices: [11, 16] }] });
    expectOffsets(tm);
  });

  it("highlight the body", async () => {
    const i = await item("ruby", TEXT_MATCH);
    expect(i.text_matches).toEqual([
      { object_url: `${API}/repos/dave/old/issues/1`, object_type: "Issue", property: "body", fragment: "ruby crash", matches: [{ text: "ruby", indices: [0, 4] }] },
    ]);
  });

  it("keep offsets relative to a fragment cut from a long comment", async () => {
    const e = fixtureEngine();
    const body = `${"lorem ipsum ".repeat(60)}needle here ${"dolor sit ".repeat(40)}`;
    e.add("comments", { id: 2001, body, user: { login: "bob" }, issue_url: `${API}/repos/acme/web/issues/4` });
    const [i] = (await e.search("issues", { q: "needle" }, { accept: TEXT_MATCH })).items as Array<Record<string, any>>;
    expect(keyOf(i)).toBe("acme/web#4");
    const [m] = i.text_matches as TextMatch[];
    expect(m.object_type).toBe("IssueComment");
    expect(m.fragment.length).toBeLessThan(body.length);
    expectOffsets([m]);
    expect(m.matches[0].text).toBe("needle");
  });

  it("are absent without the media type", async () => {
    const i = await item("ruby");
    expect("text_matches" in i).toBe(false);
  });
});
