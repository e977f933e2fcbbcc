/**
 * The committed slice of real archive data (fixtures/gharchive: 620 events of
 * 2021-07-21, three gzipped hours and one plain) imported, loaded and searched.
 * The expected figures were counted from the event files themselves.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../../src/engine.js";
import { importGharchive, type ImportGharchiveReport } from "../../../src/import/index.js";
import { temporaryFolder } from "../fixture.js";
import { FIXTURE } from "./files.js";

const workspace = temporaryFolder("gharchive-sample");
const engine = new SearchEngine({ rateLimit: false });
let report: ImportGharchiveReport;

beforeAll(async () => {
  const out = join(workspace.path, "dump");
  report = await importGharchive(FIXTURE, { out, tempDir: workspace.path });
  const loaded = await engine.load(out);
  expect(loaded.errors).toEqual([]);
});
afterAll(() => workspace.remove());

const urls = (items: Array<Record<string, unknown>>) => items.map((i) => i.html_url);

describe("the real sample", () => {
  it("is read whole: every event of every type, none skipped or trimmed", () => {
    expect(report.files).toBe(4);
    expect(report.events).toEqual({
      PushEvent: 323, CreateEvent: 81, PullRequestEvent: 53, WatchEvent: 46, IssueCommentEvent: 28, PullRequestReviewEvent: 20,
      ForkEvent: 18, DeleteEvent: 17, IssuesEvent: 15, PullRequestReviewCommentEvent: 9, MemberEvent: 4, CommitCommentEvent: 2,
      PublicEvent: 2, GollumEvent: 1, ReleaseEvent: 1,
    });
    expect(report.skipped).toEqual({});
    expect(report.trimmed).toEqual({ pullRequestStub: 0, pushWithoutCommits: 0, withoutAuthorAssociation: 0 });
    expect(report.records).toMatchObject({ issues: 111, pullRequests: 83, comments: 28 });
  });

  it("gives issues and pull requests with their merge state", async () => {
    expect((await engine.search("issues", { q: "is:issue" })).total_count).toBe(28);
    expect((await engine.search("issues", { q: "is:pr" })).total_count).toBe(83);
    expect((await engine.search("issues", { q: "is:pr is:merged" })).total_count).toBe(23);
    const unmerged = await engine.search("issues", { q: "is:pr is:closed is:unmerged" });
    expect(unmerged.total_count).toBe(6);
    // Commented on while open at 06:00:03, closed unmerged at 06:00:04: the newer state wins.
    expect(urls(unmerged.items)).toContain("https://github.com/Georges7Haddad/BubblyEverAfter/pull/139");
  });

  it("finds issues by words, labels, commenters and reviewers", async () => {
    expect(urls((await engine.search("issues", { q: "drawBlock GenericCrafters" })).items)).toEqual(["https://github.com/Anuken/Mindustry/issues/5627"]);
    expect(urls((await engine.search("issues", { q: "label:bug repo:Anuken/Mindustry" })).items)).toEqual(["https://github.com/Anuken/Mindustry/issues/5627"]);
    expect(urls((await engine.search("issues", { q: "commenter:kvaster" })).items)).toEqual(["https://github.com/cilium/cilium/pull/16772"]);
    expect(urls((await engine.search("issues", { q: "reviewed-by:rvl" })).items)).toEqual(["https://github.com/input-output-hk/cardano-wallet/pull/2770"]);
  });

  it("gives repositories, forks among them", async () => {
    expect(urls((await engine.search("repositories", { q: "user:cilium" })).items)).toEqual(["https://github.com/cilium/cilium"]);
    expect((await engine.search("repositories", { q: "fork:only" })).total_count).toBe(34);
    const cpython = await engine.search("repositories", { q: "cpython fork:true" });
    expect(urls(cpython.items).sort()).toEqual(["https://github.com/kawata-yuya/cpython", "https://github.com/python/cpython"]);
  });

  it("gives accounts: actors, members, organisations and bots", async () => {
    expect(urls((await engine.search("users", { q: "yuvalbloom" })).items)).toEqual(["https://github.com/yuvalbloom"]);
    const bots = await engine.search("users", { q: "dependabot in:login" });
    expect(bots.items.map((u) => [u.login, u.type])).toEqual(expect.arrayContaining([["dependabot-preview[bot]", "Bot"]]));
    const orgs = await engine.search("users", { q: "cilium type:org" });
    expect(orgs.items.map((u) => u.login)).toEqual(["cilium"]);
  });
});
