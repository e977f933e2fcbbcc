import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { importGit, type ImportGitReport, type ImportProgress } from "../../src/import/index.js";
import { FixtureRepository, temporaryFolder } from "./fixture.js";

const REPO = "octo-org/demo";
const LIMIT = 384 * 1024;

const files = {
  "README.md": "# Demo\n\n" + "Prose that linguist does not count.\n".repeat(80),
  "src/app.js": "export const app = () => 1;\n".repeat(40),
  "src/old-name.js": "export const renamed = true;\n".repeat(40),
  "src/style.css": "body { margin: 0; }\n".repeat(10),
  "lib/helper.py": "def helper():\n    return 42\n".repeat(60),
  "docs/index.html": "<p>documentation</p>\n".repeat(300),
  "vendor/bundle/gem.rb": "puts :vendored\n".repeat(800),
};
const featureFile = { path: "src/feature.ts", content: "export const feature: number = 1;\n" };
const binaryFile = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n"), Buffer.alloc(64, 0), Buffer.from("tail")]);
const belowLimit = "a".repeat(LIMIT - 1);
const atLimit = "b".repeat(LIMIT);
const unicodeMessage = "Ajoute la fonctionnalité ✨\n\nDétails : ünïcödé, 日本語\n– troisième ligne";

interface Fixture {
  repository: FixtureRepository;
  shas: { root: string; rename: string; feature: string; assets: string; merge: string };
}

function buildFixture(path: string): Fixture {
  const repository = FixtureRepository.create(path);
  for (const [file, content] of Object.entries(files)) repository.write(file, content);
  repository.symlink("link", "src/app.js");
  const root = repository.commit("Initial commit", "2020-01-01T01:00:00+01:00", "2020-01-01T03:00:00+01:00");
  repository.git("mv", "src/old-name.js", "src/new-name.js");
  const rename = repository.commit("Rename old-name to new-name", "2020-01-02T00:00:00Z");
  repository.git("checkout", "--quiet", "-b", "feature");
  repository.write(featureFile.path, featureFile.content);
  const feature = repository.commit(unicodeMessage, "2020-01-03T00:00:00Z");
  repository.git("checkout", "--quiet", "main");
  repository.write("assets/logo.png", binaryFile);
  repository.write("data/below-limit.txt", belowLimit);
  repository.write("data/at-limit.txt", atLimit);
  const assets = repository.commit("Add assets and data", "2020-01-04T00:00:00Z");
  repository.gitAt({ author: "2020-01-05T00:00:00Z" }, "merge", "--quiet", "--no-ff", "-m", "Merge branch 'feature'", "feature");
  const merge = repository.git("rev-parse", "HEAD");
  return { repository, shas: { root, rename, feature, assets, merge } };
}

function readNdjson(path: string): any[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

function readDump(folder: string) {
  return {
    repositories: readNdjson(join(folder, "repositories.ndjson")),
    code: readNdjson(join(folder, "code.ndjson")),
    commits: readNdjson(join(folder, "commits.ndjson")),
  };
}

const workspace = temporaryFolder("import");
let fixture: Fixture;
let report: ImportGitReport;
let progress: ImportProgress[];
let dump: ReturnType<typeof readDump>;
let outCounter = 0;
const freshOut = () => join(workspace.path, `dump-${++outCounter}`);

beforeAll(async () => {
  fixture = buildFixture(join(workspace.path, "demo"));
  const out = freshOut();
  progress = [];
  report = await importGit(fixture.repository.path, { repo: REPO, out, ownerType: "Organization", onProgress: (p) => progress.push(p) });
  dump = readDump(out);
});

afterAll(() => workspace.remove());

describe("importGit report", () => {
  test("counts commits, written files and skipped contents", () => {
    expect(report).toMatchObject({ repository: REPO, commits: 5, files: 10, skipped: { binary: 1, tooLarge: 1 } });
    expect(report.ms).toBeGreaterThanOrEqual(0);
  });

  test("reports progress for both phases, ending at the totals", () => {
    expect(progress.at(-1)).toEqual({ phase: "files", done: 11, total: 11 });
    expect(progress.filter((p) => p.phase === "commits").at(-1)).toEqual({ phase: "commits", done: 5, total: 5 });
    expect(progress.findIndex((p) => p.phase === "files")).toBeGreaterThan(progress.findIndex((p) => p.phase === "commits"));
  });
});

describe("commits.ndjson", () => {
  test("holds every reachable commit, newest first", () => {
    const { shas } = fixture;
    expect(dump.commits.map((c) => c.sha)).toEqual([shas.merge, shas.assets, shas.feature, shas.rename, shas.root]);
    expect(dump.commits.every((c) => c.repository === REPO)).toBe(true);
  });

  test("gives the merge both parents, first parent first", () => {
    const merge = dump.commits[0];
    expect(merge.parents).toEqual([{ sha: fixture.shas.assets }, { sha: fixture.shas.feature }]);
    expect(dump.commits.at(-1).parents).toEqual([]);
  });

  test("keeps a unicode multi-line message whole, without its trailing newline", () => {
    const feature = dump.commits.find((c) => c.sha === fixture.shas.feature);
    expect(feature.commit.message).toBe(unicodeMessage);
  });

  test("records author and committer apart, dates in UTC", () => {
    const root = dump.commits.at(-1);
    expect(root.commit.author).toEqual({ name: "Ada Lovelace", email: "ada@example.com", date: "2020-01-01T00:00:00Z" });
    expect(root.commit.committer).toEqual({ name: "Charles Babbage", email: "charles@example.com", date: "2020-01-01T02:00:00Z" });
  });

  test("has the shape of the commit endpoint", () => {
    const root = dump.commits.at(-1);
    const tree = fixture.repository.git("rev-parse", `${fixture.shas.root}^{tree}`);
    expect(root.commit.tree).toEqual({ sha: tree });
    expect(root.commit.comment_count).toBe(0);
    expect(root.author).toBeNull();
    expect(root.committer).toBeNull();
    const repositoryId = dump.repositories[0].id;
    expect(Buffer.from(root.node_id, "base64").toString()).toBe(`06:Commit${repositoryId}:${fixture.shas.root}`);
  });
});

describe("code.ndjson", () => {
  const byPath = () => new Map(dump.code.map((f) => [f.path, f]));

  test("holds the text files of the head tree with their blob ids and contents", () => {
    const code = byPath();
    for (const [path, content] of Object.entries(files)) {
      if (path === "src/old-name.js") continue;
      expect(code.get(path)).toEqual({
        repository: REPO,
        path,
        name: path.split("/").at(-1),
        sha: fixture.repository.git("rev-parse", `HEAD:${path}`),
        size: Buffer.byteLength(content),
        content,
      });
    }
    expect(code.get(featureFile.path)?.content).toBe(featureFile.content);
  });

  test("lists a renamed file under its new name only", () => {
    const code = byPath();
    expect(code.has("src/new-name.js")).toBe(true);
    expect(code.get("src/new-name.js")?.content).toBe(files["src/old-name.js"]);
    expect(code.has("src/old-name.js")).toBe(false);
  });

  test("leaves out binary files and symbolic links", () => {
    const code = byPath();
    expect(code.has("assets/logo.png")).toBe(false);
    expect(code.has("link")).toBe(false);
  });

  test("writes files of 384 KB or more without content, smaller ones with it", () => {
    const code = byPath();
    const large = code.get("data/at-limit.txt");
    expect(large).toMatchObject({ size: LIMIT, sha: fixture.repository.git("rev-parse", "HEAD:data/at-limit.txt") });
    expect(large).not.toHaveProperty("content");
    expect(code.get("data/below-limit.txt")?.content).toBe(belowLimit);
  });
});

describe("repositories.ndjson", () => {
  test("describes the repository as git knows it", () => {
    expect(dump.repositories).toHaveLength(1);
    const [repository] = dump.repositories;
    expect(repository).toMatchObject({
      name: "demo",
      full_name: REPO,
      owner: { login: "octo-org", type: "Organization" },
      private: false,
      fork: false,
      description: null,
      default_branch: "main",
      created_at: "2020-01-01T00:00:00Z",
      updated_at: "2020-01-05T00:00:00Z",
      pushed_at: "2020-01-05T00:00:00Z",
      topics: [],
      stargazers_count: 0,
      forks_count: 0,
      watchers_count: 0,
      open_issues_count: 0,
      archived: false,
      visibility: "public",
    });
  });

  test("takes the language with the most bytes among counted programming and markup files", () => {
    // Python has more bytes than either JavaScript file, fewer than both; documentation, dependencies and prose do not count.
    expect(dump.repositories[0].language).toBe("JavaScript");
  });

  test("sizes the head tree in KB, rounded up", () => {
    const blobs = [...Object.entries(files).filter(([path]) => path !== "src/old-name.js").map(([, c]) => c), files["src/old-name.js"], featureFile.content, belowLimit, atLimit];
    const bytes = blobs.reduce((sum, c) => sum + Buffer.byteLength(c), 0) + binaryFile.length + "src/app.js".length;
    expect(dump.repositories[0].size).toBe(Math.ceil(bytes / 1024));
  });

  test("derives ids from names: SHA-1 of the kind and the lower-cased name, 31 bits", () => {
    const hash = (key: string) => createHash("sha1").update(key).digest().readUInt32BE(0) & 0x7fffffff;
    const [repository] = dump.repositories;
    expect(repository.id).toBe(hash("repo:octo-org/demo"));
    expect(repository.owner.id).toBe(hash("user:octo-org"));
    expect(Buffer.from(repository.node_id, "base64").toString()).toBe(`010:Repository${repository.id}`);
  });
});

describe("importGit options", () => {
  test("imports a named branch", async () => {
    const out = freshOut();
    const result = await importGit(fixture.repository.path, { repo: REPO, out, branch: "feature" });
    const other = readDump(out);
    expect(result.commits).toBe(3);
    expect(other.commits[0].sha).toBe(fixture.shas.feature);
    expect(other.repositories[0]).toMatchObject({ default_branch: "feature", updated_at: "2020-01-03T00:00:00Z", owner: { type: "User" } });
    expect(other.code.map((f) => f.path)).toContain(featureFile.path);
    expect(other.code.map((f) => f.path)).not.toContain("data/at-limit.txt");
  });

  test("the same clone always gives the same bytes", async () => {
    const out = freshOut();
    await importGit(fixture.repository.path, { repo: REPO, out, ownerType: "Organization" });
    const first = join(workspace.path, "dump-1");
    for (const name of ["repositories.ndjson", "code.ndjson", "commits.ndjson"]) {
      expect(readFileSync(join(out, name), "utf8")).toBe(readFileSync(join(first, name), "utf8"));
    }
  });

  test("a clone's default branch is origin/HEAD, whatever is checked out", async () => {
    const clonePath = join(workspace.path, "clone-of-demo");
    const clone = new FixtureRepository(workspace.path);
    clone.git("clone", "--quiet", fixture.repository.path, clonePath);
    const cloned = new FixtureRepository(clonePath);
    cloned.git("checkout", "--quiet", "-b", "topic", "origin/feature");
    const out = freshOut();
    const result = await importGit(clonePath, { repo: "octo-org/clone", out });
    expect(result.commits).toBe(5);
    expect(readDump(out).repositories[0].default_branch).toBe("main");

    cloned.git("remote", "set-head", "origin", "--delete");
    const fromHead = freshOut();
    await importGit(clonePath, { repo: "octo-org/clone", out: fromHead });
    expect(readDump(fromHead).repositories[0].default_branch).toBe("topic");

    cloned.git("checkout", "--quiet", "--detach");
    await expect(importGit(clonePath, { repo: "octo-org/clone", out: freshOut() })).rejects.toThrow(/detached/);
  });

  test("append adds a second repository to a dump and refuses the same one twice", async () => {
    const second = FixtureRepository.create(join(workspace.path, "second"), "trunk");
    second.write("main.go", "package main\n");
    second.commit("Only commit", "2021-06-01T12:00:00Z");
    const out = freshOut();
    await importGit(fixture.repository.path, { repo: REPO, out });
    const appended = await importGit(second.path, { repo: "someone/second", out, append: true });
    expect(appended).toMatchObject({ commits: 1, files: 1 });
    const both = readDump(out);
    expect(both.repositories.map((r) => [r.full_name, r.default_branch, r.language])).toEqual([
      [REPO, "main", "JavaScript"],
      ["someone/second", "trunk", "Go"],
    ]);
    expect(both.commits).toHaveLength(6);
    expect(both.code.filter((f) => f.repository === "someone/second").map((f) => f.path)).toEqual(["main.go"]);

    const before = readFileSync(join(out, "commits.ndjson"), "utf8");
    await expect(importGit(second.path, { repo: "Someone/Second", out, append: true })).rejects.toThrow(/already in/);
    expect(readFileSync(join(out, "commits.ndjson"), "utf8")).toBe(before);
  });

  test("append starts the next record on a line of its own", async () => {
    const out = freshOut();
    await importGit(fixture.repository.path, { repo: REPO, out });
    const path = join(out, "repositories.ndjson");
    writeFileSync(path, readFileSync(path, "utf8").trimEnd());
    await importGit(fixture.repository.path, { repo: "octo-org/again", out, append: true });
    expect(readNdjson(path).map((r) => r.full_name)).toEqual([REPO, "octo-org/again"]);
  });
});

describe("importGit failures", () => {
  test("rejects a folder that is not a git repository, even inside one", async () => {
    const plain = join(workspace.path, "plain");
    FixtureRepository.create(plain).write("x.txt", "x");
    const inside = join(fixture.repository.path, "src");
    await expect(importGit(inside, { repo: REPO, out: freshOut() })).rejects.toThrow(/Not a git repository/);
    await expect(importGit(join(workspace.path, "missing"), { repo: REPO, out: freshOut() })).rejects.toThrow(/Not a git repository/);
  });

  test("rejects an empty repository", async () => {
    const empty = FixtureRepository.create(join(workspace.path, "empty"));
    await expect(importGit(empty.path, { repo: REPO, out: freshOut() })).rejects.toThrow(/Empty repository/);
  });

  test.each(["demo", "a/b/c", "/demo", "octo-/demo", "octo org/demo", "octo/..", ""])("rejects the repository name %j", async (repo) => {
    await expect(importGit(fixture.repository.path, { repo, out: freshOut() })).rejects.toThrow(/Invalid repository name/);
  });

  test("rejects an unknown branch", async () => {
    await expect(importGit(fixture.repository.path, { repo: REPO, out: freshOut(), branch: "nope" })).rejects.toThrow(/Branch not found: nope/);
  });

  test("an aborted import leaves the dump as it was, with no partial files", async () => {
    const out = freshOut();
    await importGit(fixture.repository.path, { repo: REPO, out });
    const before = readdirSync(out).map((name) => [name, readFileSync(join(out, name), "utf8")]);
    const controller = new AbortController();
    const aborted = importGit(fixture.repository.path, {
      repo: REPO,
      out,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === "commits") controller.abort();
      },
    });
    await expect(aborted).rejects.toThrow(/abort/i);
    expect(readdirSync(out).map((name) => [name, readFileSync(join(out, name), "utf8")])).toEqual(before);
  });

  test("a failed import into a new folder leaves it empty", async () => {
    const out = freshOut();
    const failing = importGit(fixture.repository.path, {
      repo: REPO,
      out,
      onProgress: (p) => {
        if (p.phase === "files") throw new Error("stopped by the caller");
      },
    });
    await expect(failing).rejects.toThrow("stopped by the caller");
    expect(readdirSync(out)).toEqual([]);
  });

  test("an already aborted signal stops the import before it writes anything", async () => {
    const out = freshOut();
    const controller = new AbortController();
    controller.abort();
    await expect(importGit(fixture.repository.path, { repo: REPO, out, signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(existsSync(out)).toBe(false);
  });
});
