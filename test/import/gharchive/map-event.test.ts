/** Each event type's records, the trimmed shapes, and the reasons events are skipped. */
import { describe, expect, it } from "vitest";
import { actorObject, event, everyEventType, repoRef, trimmedEvents, type ArchiveEvent } from "../../../bench/gharchive-events.mjs";
import { readEvent } from "../../../src/import/gharchive/event.js";
import type { Part } from "../../../src/import/gharchive/fields.js";
import { mapEvent, type EventParts } from "../../../src/import/gharchive/map-event.js";

const EVENTS = everyEventType();
const TRIMMED = trimmedEvents();

function mapped(e: ArchiveEvent | string): EventParts {
  const reading = readEvent(typeof e === "string" ? e : JSON.stringify(e));
  if ("skip" in reading) throw new Error(`skipped: ${reading.skip}`);
  const mapping = mapEvent(reading.event);
  if ("skip" in mapping) throw new Error(`skipped: ${mapping.skip}`);
  return mapping;
}

const byType = (events: ArchiveEvent[], type: string, n = 0) => events.filter((e) => e.type === type)[n];

/** The fields every part of one record gives, merged in order. */
function fieldsOf(parts: Part[], kind: Part["kind"], key: string): Record<string, any> | undefined {
  const mine = parts.filter((p) => p.kind === kind && p.key === key);
  return mine.length ? Object.assign({}, ...mine.map((p) => p.fields)) : undefined;
}

const keysOf = (parts: Part[]) => parts.map((p) => `${p.kind}:${p.key}`).sort();
const ENVELOPE = ["repositories:500", "users:11", "users:900"];

describe("every event", () => {
  it("gives its repository as a public stub, its actor and its organisation", () => {
    const { parts } = mapped(byType(EVENTS, "WatchEvent"));
    expect(fieldsOf(parts, "repositories", "500")).toEqual({
      id: 500, name: "widgets", full_name: "octo-org/widgets", url: "https://api.github.com/repos/octo-org/widgets",
      html_url: "https://github.com/octo-org/widgets", private: false, visibility: "public",
      "owner.login": "octo-org", "owner.id": 900, "owner.type": "Organization",
    });
    expect(fieldsOf(parts, "users", "13")).toMatchObject({ login: "lisa", id: 13, type: "User" });
    expect(fieldsOf(parts, "users", "900")).toMatchObject({ login: "octo-org", type: "Organization" });
  });

  it("gives a Bot account for an actor whose login ends in [bot]", () => {
    const { parts } = mapped(byType(EVENTS, "IssueCommentEvent"));
    expect(parts.find((p) => p.kind === "users" && p.key === "12" && p.rank === "0")?.fields.type).toBe("Bot");
  });

  it.each(["WatchEvent", "DeleteEvent", "GollumEvent", "PublicEvent", "SponsorshipEvent"])("%s carries nothing else", (type) => {
    const { parts, trimmed } = mapped(byType(EVENTS, type));
    expect(keysOf(parts).filter((k) => k !== "users:13")).toEqual(ENVELOPE.filter((k) => type !== "WatchEvent" || k !== "users:11"));
    expect(trimmed).toEqual([]);
  });

  it("of a type not known still gives its envelope", () => {
    const unknown = event(1, "FutureEvent", "2030-01-01T00:00:00Z", actorObject("mona", 11), repoRef("octo-org/widgets", 500), { anything: 1 });
    expect(keysOf(mapped(unknown).parts)).toEqual(["repositories:500", "users:11"]);
  });
});

describe("issues and comments", () => {
  it("IssuesEvent gives the issue with its author and labels", () => {
    const { parts } = mapped(byType(EVENTS, "IssuesEvent", 1));
    const issue = fieldsOf(parts, "issues", "500#1")!;
    expect(issue).toMatchObject({ number: 1, title: "Widgets crash on start", state: "closed", state_reason: "completed", closed_at: "2021-07-21T06:09:00Z" });
    expect(Object.keys(issue).some((name) => name.startsWith("pull_request"))).toBe(false);
    expect(fieldsOf(parts, "labels", "77")).toMatchObject({ name: "bug", repository_id: 500 });
    expect(fieldsOf(parts, "users", "11")).toMatchObject({ login: "mona", html_url: "https://github.com/mona" });
  });

  it("IssueCommentEvent gives the comment, linked to its issue, and the issue's newer state", () => {
    const { parts } = mapped(byType(EVENTS, "IssueCommentEvent"));
    expect(fieldsOf(parts, "comments", "4001")).toMatchObject({
      body: "Thanks for the report", issue_url: "https://api.github.com/repos/octo-org/widgets/issues/1",
    });
    expect(fieldsOf(parts, "issues", "500#1")).toMatchObject({ comments: 1, updated_at: "2021-07-21T06:04:00Z" });
  });

  it("a deleted comment or issue is marked so", () => {
    const comment = byType(EVENTS, "IssueCommentEvent");
    const deleted = { ...comment, payload: { ...comment.payload, action: "deleted" } };
    expect(fieldsOf(mapped(deleted).parts, "comments", "4001")?.$deleted).toBe(true);
    expect(fieldsOf(mapped(comment).parts, "comments", "4001")?.$deleted).toBeUndefined();
  });
});

describe("pull requests", () => {
  it("PullRequestEvent gives the pull request in the issue shape, its branches and its repositories", () => {
    const { parts } = mapped(byType(EVENTS, "PullRequestEvent"));
    const pull = fieldsOf(parts, "issues", "500#2")!;
    expect(pull).toMatchObject({
      number: 2, title: "Fix the widget crash", state: "open",
      url: "https://api.github.com/repos/octo-org/widgets/issues/2", html_url: "https://github.com/octo-org/widgets/pull/2",
      repository_url: "https://api.github.com/repos/octo-org/widgets",
      "pull_request.url": "https://api.github.com/repos/octo-org/widgets/pulls/2", "pull_request.merged_at": null,
      head: { label: "octo-org:feature", ref: "feature", sha: "a".repeat(40) },
    });
    // The pull request's own id is not the issue's: it is left out rather than mistaken for it.
    expect(pull.id).toBeUndefined();
    expect(pull.additions).toBeUndefined();
    expect(fieldsOf(parts, "repositories", "500")).toMatchObject({ $full: true, description: "The octo-org/widgets project", "owner.type": "Organization" });
  });

  it("the closing PullRequestEvent gives the merge time", () => {
    const { parts } = mapped(byType(EVENTS, "PullRequestEvent", 1));
    expect(fieldsOf(parts, "issues", "500#2")).toMatchObject({ state: "closed", "pull_request.merged_at": "2021-07-21T06:08:00Z" });
  });

  it("PullRequestReviewEvent keeps the review on its pull request, in the pulls API's capitals", () => {
    const { parts } = mapped(byType(EVENTS, "PullRequestReviewEvent"));
    const review = fieldsOf(parts, "issues", "500#2")![`reviews[${"6001".padStart(20, "0")}]`];
    expect(review).toMatchObject({ id: 6001, state: "APPROVED", submitted_at: "2021-07-21T06:06:00Z", user: { login: "hubot[bot]", id: 12 } });
  });

  it("PullRequestReviewCommentEvent gives the pull request and the comment's author, not a comment", () => {
    const { parts } = mapped(byType(EVENTS, "PullRequestReviewCommentEvent"));
    expect(parts.some((p) => p.kind === "comments")).toBe(false);
    expect(fieldsOf(parts, "issues", "500#2")).toMatchObject({ updated_at: "2021-07-21T06:07:00Z" });
    expect(fieldsOf(parts, "users", "12")).toMatchObject({ login: "hubot[bot]", type: "Bot" });
  });
});

describe("repositories and accounts", () => {
  it("CreateEvent of a repository gives its description, default branch and creation time", () => {
    const { parts } = mapped(byType(EVENTS, "CreateEvent"));
    expect(fieldsOf(parts, "repositories", "500")).toMatchObject({ description: "Widgets for everyone", default_branch: "main", created_at: "2021-07-21T06:01:00Z" });
  });

  it("PushEvent gives the push time", () => {
    const { parts, trimmed } = mapped(byType(EVENTS, "PushEvent"));
    expect(fieldsOf(parts, "repositories", "500")?.pushed_at).toBe("2021-07-21T06:02:00Z");
    expect(trimmed).toEqual([]);
  });

  it("ForkEvent gives the fork as a full repository, with its parent and owner", () => {
    const { parts } = mapped(byType(EVENTS, "ForkEvent"));
    expect(fieldsOf(parts, "repositories", "501")).toMatchObject({
      full_name: "lisa/widgets", fork: true, private: false, $full: true, "owner.login": "lisa",
      parent: { id: 500, full_name: "octo-org/widgets", owner: { login: "octo-org" } },
    });
    expect(fieldsOf(parts, "users", "13")).toMatchObject({ login: "lisa", type: "User" });
  });

  it.each([
    ["MemberEvent", "14", "kai"],
    ["ReleaseEvent", "11", "mona"],
    ["CommitCommentEvent", "11", "mona"],
  ])("%s gives the account it names", (type, key, login) => {
    const { parts } = mapped(byType(EVENTS, type));
    expect(parts.find((p) => p.kind === "users" && p.key === key && p.rank === "1")?.fields).toMatchObject({ login });
    expect(parts.some((p) => p.kind !== "users" && p.kind !== "repositories")).toBe(false);
  });
});

describe("payloads trimmed since 2025-10-07", () => {
  it("a push without commits is counted and still gives its time", () => {
    const { parts, trimmed } = mapped(byType(TRIMMED, "PushEvent"));
    expect(trimmed).toEqual(["pushWithoutCommits"]);
    expect(fieldsOf(parts, "repositories", "500")?.pushed_at).toBe("2025-10-08T06:03:00Z");
  });

  it("an opening pull-request stub gives number, branches and the state its action and actor tell", () => {
    const { parts, trimmed } = mapped(byType(TRIMMED, "PullRequestEvent"));
    expect(trimmed).toEqual(["pullRequestStub"]);
    const carried = parts.find((p) => p.kind === "issues" && p.rank === "1")!.fields;
    expect(carried).toMatchObject({ number: 4, head: { ref: "stub-branch", sha: "c".repeat(40) }, "pull_request.url": expect.stringMatching(/pulls\/4$/) });
    expect(carried.title).toBeUndefined();
    expect("pull_request.merged_at" in carried).toBe(false);
    const derived = parts.find((p) => p.kind === "issues" && p.rank === "0")!.fields;
    expect(derived).toMatchObject({ state: "open", created_at: "2025-10-08T06:04:00Z", closed_at: null, user: { login: "mona", id: 11 } });
  });

  it("a closing stub gives the closing time but no merge state", () => {
    const { parts } = mapped(byType(TRIMMED, "PullRequestEvent", 1));
    const fields = fieldsOf(parts, "issues", "500#4")!;
    expect(fields).toMatchObject({ state: "closed", closed_at: "2025-10-08T06:06:00Z" });
    expect("pull_request.merged_at" in fields).toBe(false);
  });

  it("objects without author_association are counted once per event", () => {
    expect(mapped(byType(TRIMMED, "IssuesEvent")).trimmed).toEqual(["withoutAuthorAssociation"]);
    expect(mapped(byType(TRIMMED, "IssueCommentEvent")).trimmed).toEqual(["withoutAuthorAssociation"]);
    expect(mapped(byType(TRIMMED, "PullRequestReviewEvent")).trimmed.sort()).toEqual(["pullRequestStub", "withoutAuthorAssociation"]);
    expect(mapped(byType(EVENTS, "IssuesEvent")).trimmed).toEqual([]);
  });
});

describe("skipped events", () => {
  const good = byType(EVENTS, "WatchEvent");
  it.each([
    ["{not json", "not a JSON object"],
    ["[1, 2]", "not a JSON object"],
    [JSON.stringify({ ...good, id: undefined }), "no numeric event id"],
    [JSON.stringify({ ...good, id: "abc" }), "no numeric event id"],
    [JSON.stringify({ ...good, type: "" }), "no event type"],
    [JSON.stringify({ ...good, created_at: "2021-07-21T06:00:00.123Z" }), "no created_at time in UTC seconds"],
    [JSON.stringify({ ...good, created_at: undefined }), "no created_at time in UTC seconds"],
    [JSON.stringify({ ...good, repo: { id: 5, name: "no-slash" } }), "no repo with a numeric id and an owner/name"],
    [JSON.stringify({ ...good, repo: { name: "a/b" } }), "no repo with a numeric id and an owner/name"],
    [JSON.stringify({ ...good, public: false }), "not public"],
  ])("at the envelope: %s", (line, reason) => {
    expect(readEvent(line)).toEqual({ skip: reason });
  });

  const withPayload = (type: string, payload: Record<string, unknown>) => ({ ...good, type, payload });
  it.each([
    [withPayload("IssuesEvent", { action: "opened" }), "IssuesEvent without payload.issue.number"],
    [withPayload("IssueCommentEvent", { issue: { number: 1 }, comment: { body: "x" } }), "IssueCommentEvent without payload.comment.id"],
    [withPayload("PullRequestEvent", { action: "opened", pull_request: { title: "x" } }), "PullRequestEvent without a pull request number"],
    [withPayload("PullRequestReviewEvent", { pull_request: { number: 2 } }), "PullRequestReviewEvent without payload.review"],
    [withPayload("PullRequestReviewCommentEvent", {}), "PullRequestReviewCommentEvent without payload.pull_request.number"],
    [withPayload("ForkEvent", {}), "ForkEvent without payload.forkee"],
  ])("at the payload: %s", (e, reason) => {
    const reading = readEvent(JSON.stringify(e));
    if ("skip" in reading) throw new Error(reading.skip);
    expect(mapEvent(reading.event)).toEqual({ skip: reason });
  });

  it("a payload's number in the payload serves a pull request object without one", () => {
    const e = withPayload("PullRequestEvent", { action: "closed", number: 9, pull_request: { url: "https://api.github.com/repos/octo-org/widgets/pulls/9" } });
    expect(keysOf(mapped(e).parts)).toContain("issues:500#9");
  });

  it("keys that could reach Object.prototype are dropped before mapping", () => {
    const line = JSON.stringify(byType(EVENTS, "IssuesEvent")).replace('"title":', '"__proto__":{"polluted":true},"title":');
    const issue = fieldsOf(mapped(line).parts, "issues", "500#1")!;
    expect(Object.keys(issue)).not.toContain("__proto__");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
