/** Generated hours of every event type, old and trimmed shapes, through the whole import. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everyEventType, trimmedEvents, type ArchiveEvent } from "../../../bench/gharchive-events.mjs";
import { GharchiveInputError, importGharchive, type ImportGharchiveReport } from "../../../src/import/index.js";
import { temporaryFolder } from "../fixture.js";
import { dumpRecords, dumpText, writeEvents, type Row } from "./files.js";

const workspace = temporaryFolder("gharchive");
const dir = (name: string) => {
  const path = join(workspace.path, name);
  mkdirSync(path, { recursive: true });
  return path;
};
afterAll(() => workspace.remove());

let OLD: string;
let TRIMMED: string;
let report: ImportGharchiveReport;
let dump: string;

beforeAll(async () => {
  const hours = dir("hours");
  OLD = writeEvents(join(hours, "2021-07-21-6.json.gz"), everyEventType());
  TRIMMED = writeEvents(join(hours, "2025-10-08-6.json"), trimmedEvents());
  dump = dir("dump");
  // The newer file first: the order files are given in must not matter.
  report = await importGharchive([TRIMMED, OLD], { out: dump, tempDir: workspace.path });
});

const find = (rows: Row[], test: (row: Row) => boolean) => rows.find(test);
const issue = (number: number) => find(dumpRecords(dump, "issues"), (r) => r.number === number)!;

describe("an import of every event type, before and after the trimming", () => {
  it("reports the events per type, the trimmed shapes and nothing skipped", () => {
    expect(report.files).toBe(2);
    expect(report.events).toMatchObject({ PullRequestEvent: 5, IssuesEvent: 3, IssueCommentEvent: 2, PushEvent: 2, SponsorshipEvent: 1, GollumEvent: 1 });
    expect(Object.values(report.events).reduce((a, b) => a + b, 0)).toBe(everyEventType().length + trimmedEvents().length);
    expect(report.trimmed).toEqual({ pullRequestStub: 4, pushWithoutCommits: 1, withoutAuthorAssociation: 3 });
    expect(report.skipped).toEqual({});
    expect(report.damaged).toEqual([]);
  });

  it("reports the records per kind, as written", () => {
    const count = (kind: Parameters<typeof dumpRecords>[1]) => dumpRecords(dump, kind).length;
    expect(report.records).toEqual({
      users: count("users"), repositories: count("repositories"), labels: count("labels"), issues: count("issues"), comments: count("comments"),
      pullRequests: 2, reviews: 2, repositoryStubs: 0, deleted: 0,
    });
    expect(report.records).toMatchObject({ users: 5, repositories: 2, labels: 1, issues: 4, comments: 2 });
  });

  it("keeps each issue's newest state", () => {
    expect(issue(1)).toMatchObject({ title: "Widgets crash on start", state: "closed", state_reason: "completed", comments: 1, labels: [{ name: "bug" }] });
    expect(issue(3)).toMatchObject({ title: "Trimmed era issue", comments: 1 });
    expect(issue(3).author_association).toBeUndefined();
  });

  it("takes a pull request's merge state from its closing event and keeps its title through newer stubs", () => {
    const pull = issue(2);
    expect(pull).toMatchObject({
      title: "Fix the widget crash", state: "closed",
      pull_request: { url: "https://api.github.com/repos/octo-org/widgets/pulls/2", merged_at: "2021-07-21T06:08:00Z" },
      // The 2025 stub's head is newer than the 2021 object's.
      head: { ref: "feature", sha: "c".repeat(40) },
      reviews: [{ id: 6001, state: "APPROVED", user: { login: "hubot[bot]" } }],
    });
  });

  it("builds a pull request known only from stubs out of what they carry", () => {
    const pull = issue(4);
    expect(pull).toMatchObject({ number: 4, state: "closed", closed_at: "2025-10-08T06:06:00Z", created_at: "2025-10-08T06:04:00Z", user: { login: "mona" }, head: { ref: "stub-branch" } });
    expect(pull.title).toBeUndefined();
    expect(pull.pull_request).toEqual({ url: "https://api.github.com/repos/octo-org/widgets/pulls/4" });
    expect(pull.reviews).toEqual([expect.objectContaining({ state: "COMMENTED" })]);
  });

  it("writes issue comments linked to their issues, not review or commit comments", () => {
    const comments = dumpRecords(dump, "comments");
    expect(comments.map((c) => [c.id, c.issue_url.replace(/.*repos\//, "")]).sort()).toEqual([
      [4001, "octo-org/widgets/issues/1"],
      [5001, "octo-org/widgets/issues/3"],
    ]);
  });

  it("writes repositories public, newest fields first, forks with their parent", () => {
    const repos = dumpRecords(dump, "repositories");
    const widgets = find(repos, (r) => r.id === 500)!;
    expect(widgets).toMatchObject({
      full_name: "octo-org/widgets", private: false, visibility: "public", default_branch: "main",
      pushed_at: "2025-10-08T06:03:00Z",
      // The pull requests' base objects (06:05–06:08) are newer than the CreateEvent (06:01): their fields win.
      description: "The octo-org/widgets project", created_at: "2020-01-01T00:00:00Z",
      owner: { login: "octo-org", type: "Organization" },
    });
    expect(find(repos, (r) => r.id === 501)).toMatchObject({ full_name: "lisa/widgets", fork: true, parent: { full_name: "octo-org/widgets" } });
    expect(repos.every((r) => !Object.keys(r).some((k) => k.startsWith("$")))).toBe(true);
  });

  it("writes accounts from actors and payloads, bots and organisations typed", () => {
    const users = Object.fromEntries(dumpRecords(dump, "users").map((u) => [u.login, u.type]));
    expect(users).toEqual({ mona: "User", "hubot[bot]": "Bot", lisa: "User", kai: "User", "octo-org": "Organization" });
  });

  it("writes the same dump whatever the order of the files and wherever the records were spilled", async () => {
    const again = dir("again");
    await importGharchive([OLD, TRIMMED], { out: again, tempDir: workspace.path });
    expect(dumpText(again)).toBe(dumpText(dump));
    const spilled = dir("spilled");
    const tiny = await importGharchive(join(workspace.path, "hours"), { out: spilled, tempDir: workspace.path, budgetBytes: 512 });
    expect(tiny.runs).toBeGreaterThan(3);
    expect(dumpText(spilled)).toBe(dumpText(dump));
  });
});

describe("newest by event time, across files", () => {
  const base = everyEventType();
  const opened = base.find((e) => e.type === "IssuesEvent")!;
  const closed = base.filter((e) => e.type === "IssuesEvent")[1];
  const comment = base.find((e) => e.type === "IssueCommentEvent")!;

  it("whatever file holds the newest event, and a deleted comment is left out", async () => {
    const hours = dir("three-hours");
    // The deletion, an hour later, carries the issue as it then was: closed.
    const deleted = { ...comment, id: "9999999", created_at: "2021-07-21T07:00:00Z", payload: { ...comment.payload, issue: closed.payload.issue, action: "deleted" } };
    const files = [
      writeEvents(join(hours, "a.json"), [closed, deleted]),
      writeEvents(join(hours, "b.json.gz"), [comment]),
      writeEvents(join(hours, "c.json"), [opened]),
    ];
    const out = dir("three-out");
    const result = await importGharchive(files, { out, tempDir: workspace.path });
    expect(dumpRecords(out, "issues")).toEqual([expect.objectContaining({ state: "closed", closed_at: "2021-07-21T06:09:00Z" })]);
    expect(dumpRecords(out, "comments")).toEqual([]);
    expect(result.records.deleted).toBe(1);
  });

  it("orders events of the same second by their ids", async () => {
    const hours = dir("same-second");
    const first = { ...opened, id: "100", created_at: "2021-07-21T06:00:00Z" };
    const second = { ...closed, id: "99999999999", created_at: "2021-07-21T06:00:00Z" };
    const out = dir("same-second-out");
    await importGharchive([writeEvents(join(hours, "x.json"), [second]), writeEvents(join(hours, "y.json"), [first])], { out, tempDir: workspace.path });
    expect(dumpRecords(out, "issues")[0].state).toBe("closed");
  });
});

describe("input", () => {
  const events = everyEventType();

  it("reports skipped events with their reasons and places, and passes over blank lines", async () => {
    const hours = dir("skips");
    const file = writeEvents(join(hours, "bad.json"), [
      events[0],
      "",
      "{oops",
      JSON.stringify({ ...events[1], created_at: "yesterday" }),
      JSON.stringify({ ...events[2], payload: {} }),
      events[3],
    ]);
    const result = await importGharchive(file, { out: dir("skips-out"), tempDir: workspace.path });
    expect(result.skipped).toEqual({ "not a JSON object": 1, "no created_at time in UTC seconds": 1, "IssuesEvent without payload.issue.number": 1 });
    expect(result.problems).toEqual([
      { file, line: 3, reason: "not a JSON object" },
      { file, line: 4, reason: "no created_at time in UTC seconds" },
      { file, line: 5, reason: "IssuesEvent without payload.issue.number" },
    ]);
    expect(result.events).toEqual({ CreateEvent: 1, IssueCommentEvent: 1 });
  });

  it("counts event types past the first 64 together, so that the report stays small", async () => {
    const many = Array.from({ length: 70 }, (_, i) => ({ ...events[11], id: String(500 + i), type: `Made${i}Event` }));
    const result = await importGharchive(writeEvents(join(dir("types"), "types.json"), many), { out: dir("types-out"), tempDir: workspace.path });
    expect(Object.keys(result.events)).toHaveLength(65);
    expect(result.events["(other types)"]).toBe(6);
    expect(result.records.repositories).toBe(1);
  });

  it("reads gzip members end to end, as one file", async () => {
    const path = join(dir("members"), "two-members.json.gz");
    const half = (list: ArchiveEvent[]) => gzipSync(list.map((e) => JSON.stringify(e)).join("\n") + "\n");
    writeFileSync(path, Buffer.concat([half(events.slice(0, 9)), half(events.slice(9))]));
    const result = await importGharchive(path, { out: dir("members-out"), tempDir: workspace.path });
    expect(Object.values(result.events).reduce((a, b) => a + b, 0)).toBe(events.length);
  });

  it("keeps the events before a cut in a gzipped file and reports the damage", async () => {
    const whole = gzipSync(events.map((e) => JSON.stringify(e)).join("\n") + "\n");
    const path = join(dir("cut"), "cut.json.gz");
    writeFileSync(path, whole.subarray(0, Math.floor(whole.length * 0.7)));
    const result = await importGharchive(path, { out: dir("cut-out"), tempDir: workspace.path });
    const read = Object.values(result.events).reduce((a, b) => a + b, 0);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(events.length);
    expect(result.damaged).toEqual([{ file: path, line: read, reason: expect.stringMatching(/unexpected end of file/i) }]);
  });

  it("tells the bytes read as it goes, up to the total", async () => {
    const seen: Array<[number, number]> = [];
    await importGharchive([OLD, TRIMMED], { out: dir("progress-out"), tempDir: workspace.path, onProgress: (read, total) => seen.push([read, total]) });
    const total = readFileSync(OLD).length + readFileSync(TRIMMED).length;
    expect(seen.at(-1)).toEqual([total, total]);
  });

  it("rejects a missing input or a folder without event files with a GharchiveInputError, writing nothing", async () => {
    const out = join(workspace.path, "never");
    await expect(importGharchive(join(workspace.path, "missing.json.gz"), { out })).rejects.toThrow(GharchiveInputError);
    await expect(importGharchive(dir("empty-folder"), { out })).rejects.toThrow(/no event files/);
    expect(existsSync(out)).toBe(false);
  });

  it("stops when aborted and leaves no dump files behind", async () => {
    const controller = new AbortController();
    controller.abort();
    const out = dir("aborted");
    await expect(importGharchive(OLD, { out, signal: controller.signal })).rejects.toThrow();
    expect(existsSync(join(out, "issues.ndjson"))).toBe(false);
  });
});
