/**
 * The GitHub CLI (`gh`, the Debian package) against the built `forgesearch serve`, unchanged: gh
 * reaches it as `GH_HOST=github.localhost` through `HTTP_PROXY` pointing at the server itself, so
 * every request names a host (`api.github.localhost`) other than the listen address, and carries
 * a token from the server's token table. Every answer is compared with the engine's own.
 * Where gh cannot run, the tests are skipped and say why.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineAnswer, probe, runClient, TOKEN, serveSample, type Served } from "./clients/support.js";

const gh = probe("gh", ["--version"]);
if (!gh.ok) console.warn(`gh conformance tests skipped: ${gh.reason}`);
const title = gh.ok ? "gh against forgesearch serve" : `gh against forgesearch serve (skipped: ${gh.reason})`;

interface RepoRow {
  fullName: string;
}
interface IssueRow {
  number: number;
  repository: { nameWithOwner: string };
}

describe.skipIf(!gh.ok)(title, () => {
  let server: Served;
  let config: string;
  beforeAll(async () => {
    server = await serveSample(["--previews", "optional"]);
    config = mkdtempSync(path.join(tmpdir(), "forgesearch-gh-"));
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    if (config) rmSync(config, { recursive: true, force: true });
  });

  const ghEnv = (token = TOKEN) => ({
    GH_HOST: "github.localhost",
    HTTP_PROXY: server.url,
    http_proxy: server.url,
    GH_TOKEN: token,
    GH_CONFIG_DIR: config,
    GH_NO_UPDATE_NOTIFIER: "1",
    GH_PROMPT_DISABLED: "1",
    NO_COLOR: "1",
  });

  async function ghJson<T>(args: string[]): Promise<T> {
    const ran = await runClient("gh", args, ghEnv());
    expect(ran.stderr, args.join(" ")).toBe("");
    expect(ran.code, args.join(" ")).toBe(0);
    return JSON.parse(ran.stdout) as T;
  }

  const issueKey = (row: IssueRow) => `${row.repository.nameWithOwner}#${row.number}`;
  const engineIssueKey = (item: Record<string, unknown>) => {
    const m = /\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)$/.exec(String(item.url))!;
    return `${m[1]}#${m[2]}`;
  };

  it("gh search repos finds what the engine finds, in its order", async () => {
    const rows = await ghJson<RepoRow[]>(["search", "repos", "css", "--json", "fullName", "--limit", "100"]);
    const expected = (await engineAnswer("repositories", "css")).map((r) => r.full_name);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.map((r) => r.fullName)).toEqual(expected);
  });

  it("gh search repos --license a,b and --visibility public,private are either-or", async () => {
    const licensed = await ghJson<RepoRow[]>(["search", "repos", "--license", "mit,apache-2.0", "--json", "fullName", "--limit", "100"]);
    const mit = (await engineAnswer("repositories", "license:mit")).map((r) => r.full_name);
    const apache = (await engineAnswer("repositories", "license:apache-2.0")).map((r) => r.full_name);
    expect(mit.length).toBeGreaterThan(0);
    expect(apache.length).toBeGreaterThan(0);
    expect(new Set(licensed.map((r) => r.fullName))).toEqual(new Set([...mit, ...apache]));

    const visible = await ghJson<RepoRow[]>(["search", "repos", "--owner", "github", "--visibility", "public,private", "--json", "fullName", "--limit", "100"]);
    const pub = (await engineAnswer("repositories", "user:github is:public")).map((r) => r.full_name);
    const priv = (await engineAnswer("repositories", "user:github is:private")).map((r) => r.full_name);
    expect(priv.length, "the token's login sees a private repository").toBeGreaterThan(0);
    expect(new Set(visible.map((r) => r.fullName))).toEqual(new Set([...pub, ...priv]));
  });

  it("gh search issues and prs with qualifiers as flags", async () => {
    const issues = await ghJson<IssueRow[]>(["search", "issues", "--state", "open", "--label", "bug", "--json", "number,repository", "--limit", "100"]);
    const expectedIssues = (await engineAnswer("issues", "type:issue state:open label:bug")).map(engineIssueKey);
    expect(issues.length).toBeGreaterThan(2);
    expect(issues.map(issueKey)).toEqual(expectedIssues);

    const prs = await ghJson<IssueRow[]>(["search", "prs", "--state", "closed", "--sort", "created", "--order", "asc", "--json", "number,repository", "--limit", "100"]);
    const expectedPrs = (await engineAnswer("issues", "type:pr state:closed", { sort: "created", order: "asc" })).map(engineIssueKey);
    expect(prs.length).toBeGreaterThan(2);
    expect(prs.map(issueKey)).toEqual(expectedPrs);
  });

  it("gh search commits is answered without a preview type under --previews optional", async () => {
    const rows = await ghJson<Array<{ sha: string }>>(["search", "commits", "fix", "--json", "sha", "--limit", "100"]);
    const expected = (await engineAnswer("commits", "fix")).map((c) => c.sha);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.map((r) => r.sha)).toEqual(expected);
  });

  it("gh api --paginate follows eleven pages through the host name it used, with its token", async () => {
    const q = "search/issues?q=is:issue&sort=created&order=asc&per_page=10";
    const ran = await runClient("gh", ["api", "--paginate", q, "--jq", ".items[].url"], ghEnv());
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const urls = ran.stdout.trim().split("\n");
    const expected = (await engineAnswer("issues", "is:issue", { sort: "created", order: "asc" })).map((i) => String(i.url));
    expect(expected.length).toBeGreaterThan(100);
    expect(urls.length).toBe(expected.length);
    // Item URLs name the host gh used; the items and their order are the engine's.
    expect(urls.every((u) => u.startsWith("http://api.github.localhost/repos/"))).toBe(true);
    expect(urls.map((u) => new URL(u).pathname)).toEqual(expected.map((u) => new URL(u).pathname));
    // The last pages hold items only the token's login may see: the token reached them.
    const anonymous = await engineAnswer("issues", "is:issue", { caller: null });
    expect(anonymous.length).toBeLessThan(expected.length);
  });

  it("gh reports a token the server does not know as bad credentials", async () => {
    const ran = await runClient("gh", ["api", "search/repositories?q=css"], ghEnv("not-a-known-token"));
    expect(ran.code).not.toBe(0);
    expect(ran.stdout + ran.stderr).toContain("Bad credentials");
  });
});
