/**
 * A small corpus of issues and pull requests, each fact chosen so that every
 * qualifier and sort has a result set that can be read off these records by hand.
 */
import { SearchEngine } from "../../src/index.js";

const API = "https://api.github.com";

const u = (login: string, id: number, type = "User") => ({ login, id, type });

function issue(repo: string, number: number, fields: Record<string, unknown>) {
  return {
    url: `${API}/repos/${repo}/issues/${number}`,
    repository_url: `${API}/repos/${repo}`,
    number,
    state: "open",
    locked: false,
    labels: [],
    assignees: [],
    milestone: null,
    comments: 0,
    body: "",
    ...fields,
  };
}

const pull = (repo: string, number: number, merged_at: string | null = null) => ({
  url: `${API}/repos/${repo}/pulls/${number}`,
  html_url: `https://github.com/${repo}/pull/${number}`,
  merged_at,
});

const reactions = (counts: Record<string, number>) => {
  const all = { "+1": 0, "-1": 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0, ...counts };
  return { total_count: Object.values(all).reduce((a, b) => a + b, 0), ...all };
};

export const SHA_A = "abcdef1234567890abcdef1234567890abcdef12";
export const SHA_B = "0123456789abcdef0123456789abcdef01234567";

export const RECORDS = {
  users: [
    { ...u("acme", 50, "Organization"), members: ["alice"], teams: [{ slug: "ops", members: ["bob"] }, { slug: "design", members: ["carol"] }] },
    { ...u("guild", 56, "Organization"), members: [], teams: [{ slug: "reviewers", members: ["dave"] }] },
    u("alice", 51),
    u("bob", 52),
    u("carol", 53),
    u("dave", 54),
    u("robot[bot]", 55, "Bot"),
  ],
  repositories: [
    { id: 100, name: "web", full_name: "acme/web", owner: { login: "acme" }, language: "TypeScript", visibility: "public" },
    { id: 101, name: "secret", full_name: "acme/secret", owner: { login: "acme" }, language: "Go", private: true, visibility: "private" },
    { id: 102, name: "old", full_name: "dave/old", owner: { login: "dave" }, language: "Ruby", archived: true },
  ],
  labels: [{ id: 900, node_id: "LA_900", repository_id: 100, name: "bug", color: "d73a4a", default: true, description: "Something isn't working" }],
  issues: [
    issue("acme/web", 1, {
      id: 1,
      node_id: "I_1",
      title: "Crash on startup",
      body: "The app crashes. cc @bob and @acme/ops",
      user: u("alice", 51),
      labels: [{ id: 900, node_id: "LA_900", name: "bug", color: "d73a4a", default: true, description: "Something isn't working" }, { name: "help wanted" }],
      assignee: u("bob", 52),
      assignees: [u("bob", 52)],
      milestone: { id: 300, number: 1, title: "v1.0", state: "open", creator: u("alice", 51), open_issues: 1, closed_issues: 0, created_at: "2023-12-01T00:00:00Z", updated_at: "2023-12-02T00:00:00Z", closed_at: null, due_on: "2024-06-01T00:00:00Z", description: "First release" },
      comments: 2,
      reactions: reactions({ "+1": 3, heart: 2 }),
      created_at: "2024-01-01T09:00:00Z",
      updated_at: "2024-01-05T09:00:00Z",
      closed_at: null,
      author_association: "MEMBER",
      type: { id: 1, name: "Bug" },
      projects: ["acme/7"],
      linked_pull_requests: [2],
    }),
    issue("acme/web", 2, {
      id: 2,
      title: "Fix startup crash",
      body: "Closes #1",
      user: u("bob", 52),
      state: "closed",
      labels: ["bug"],
      pull_request: pull("acme/web", 2, "2024-01-04T10:00:00Z"),
      draft: false,
      head: { ref: "fix-crash", sha: SHA_A },
      base: { ref: "main" },
      commits: [SHA_A, { sha: SHA_B }],
      status: "success",
      reviews: [{ user: u("alice", 51), state: "APPROVED" }],
      review_decision: "APPROVED",
      linked_issues: [1],
      reactions: reactions({ hooray: 1 }),
      created_at: "2024-01-02T09:00:00Z",
      updated_at: "2024-01-04T10:00:00Z",
      closed_at: "2024-01-04T10:00:00Z",
    }),
    issue("acme/web", 3, {
      id: 3,
      title: "Draft: new theme",
      body: "WIP theme work",
      user: u("robot[bot]", 55, "Bot"),
      pull_request: pull("acme/web", 3),
      draft: true,
      head: { ref: "feature/theme", sha: "1111111111111111111111111111111111111111" },
      base: { ref: "develop" },
      requested_reviewers: [u("carol", 53)],
      requested_teams: [{ slug: "ops", name: "Ops" }, { slug: "reviewers", organization: "guild" }],
      status: { state: "pending" },
      review_decision: "REVIEW_REQUIRED",
      reviews: [],
      comments: 1,
      created_at: "2024-02-01T09:00:00Z",
      updated_at: "2024-02-10T09:00:00Z",
    }),
    issue("acme/web", 4, {
      id: 4,
      title: "Docs typo",
      body: "Spelling error in readme, mail docs@acme.test",
      user: u("carol", 53),
      state: "closed",
      state_reason: "not_planned",
      locked: true,
      active_lock_reason: "resolved",
      labels: [{ name: "docs" }],
      reactions: reactions({ "+1": 1, "-1": 4, laugh: 2, confused: 1, rocket: 1, eyes: 1 }),
      created_at: "2024-03-01T09:00:00Z",
      updated_at: "2024-03-03T09:00:00Z",
      closed_at: "2024-03-02T09:00:00Z",
      type: { name: "Task" },
    }),
    issue("acme/web", 5, {
      id: 7,
      title: "Bump deps",
      body: "Bumps lib to deadbee",
      user: u("dave", 54),
      labels: [{ name: "dependencies" }],
      pull_request: pull("acme/web", 5),
      head: { ref: "deps/bump" },
      base: { ref: "main" },
      status: "success",
      queued: true,
      linked_issues: ["https://github.com/acme/web/issues/4"],
      reviews: [{ user: u("bob", 52), state: "COMMENTED" }],
      comments: 3,
      created_at: "2024-06-01T09:00:00Z",
      updated_at: "2024-06-02T09:00:00Z",
    }),
    issue("acme/web", 6, {
      id: 8,
      title: "Add dark mode",
      body: "Please add dark mode to the web app (ask support.@alice or x_@alice)",
      user: u("dave", 54),
      state: "closed",
      state_reason: "completed",
      labels: [{ name: "enhancement" }],
      assignees: [u("alice", 51), u("carol", 53)],
      projects: ["acme/web/2"],
      type: { name: "Feature" },
      created_at: "2024-05-01T09:00:00Z",
      updated_at: "2024-05-02T09:00:00Z",
      closed_at: "2024-05-02T09:00:00Z",
    }),
    issue("acme/secret", 1, {
      id: 5,
      title: "Secret crash",
      body: "crash in vault",
      user: u("alice", 51),
      labels: [{ name: "bug" }],
      created_at: "2024-04-01T09:00:00Z",
      updated_at: "2024-04-01T09:00:00Z",
    }),
    issue("dave/old", 1, {
      id: 6,
      title: "Old crash fix",
      body: "ruby crash",
      user: u("dave", 54),
      state: "closed",
      milestone: { number: 4, title: "Legacy" },
      pull_request: pull("dave/old", 1),
      head: { ref: "change-log" },
      base: { ref: "main" },
      status: "error",
      reviews: [{ user: u("carol", 53), state: "CHANGES_REQUESTED" }],
      review_decision: "changes_requested",
      reactions: reactions({ eyes: 2 }),
      created_at: "2023-05-01T09:00:00Z",
      updated_at: "2023-06-01T09:00:00Z",
      closed_at: "2023-06-01T09:00:00Z",
    }),
  ],
  comments: [
    { id: 1001, body: "I see this crash too, @dave", user: u("carol", 53), issue_url: `${API}/repos/acme/web/issues/1`, created_at: "2024-01-02T00:00:00Z" },
    { id: 1002, body: "Fixed in the shipit branch", user: u("bob", 52), issue_url: `${API}/repos/acme/web/issues/1`, created_at: "2024-01-03T00:00:00Z" },
    { id: 1003, body: "Looks good @carol, dark colours work", user: u("alice", 51), issue_url: `${API}/repos/acme/web/issues/3`, created_at: "2024-02-02T00:00:00Z" },
  ],
} as const;

export function fixtureEngine(): SearchEngine {
  const e = new SearchEngine({ rateLimit: false });
  for (const kind of ["users", "repositories", "labels", "issues", "comments"] as const) {
    for (const r of RECORDS[kind]) e.add(kind, structuredClone(r) as Record<string, unknown>);
  }
  return e;
}

/** `owner/name#number` of an item. */
export const keyOf = (item: Record<string, unknown>): string => `${String(item.repository_url).split("/repos/")[1]}#${String(item.number)}`;
