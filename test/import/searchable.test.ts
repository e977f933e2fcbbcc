/** An imported clone is a dump the engine loads and searches with the syntax users know. */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import { importGit } from "../../src/import/index.js";
import { FixtureRepository, temporaryFolder } from "./fixture.js";

const workspace = temporaryFolder("import-search");
const engine = new SearchEngine({ rateLimit: false });
const COMMITS = { accept: "application/vnd.github.cloak-preview+json" };

beforeAll(async () => {
  const repo = FixtureRepository.create(join(workspace.path, "clone"));
  repo.write("src/queryParser.ts", "export function parseQuery(text: string) { return text.split(' '); }\n");
  repo.commit("Add the query parser", "2024-01-02T10:00:00Z");
  repo.write("README.md", "# demo\n\nSearch things.\n");
  repo.commit("Document the parser\n\nLonger body mentioning tokenizer.", "2024-02-03T10:00:00Z");
  const out = join(workspace.path, "dump");
  await importGit(repo.path, { repo: "octo/demo", out });
  const report = await engine.load(out);
  expect(report.errors).toEqual([]);
});
afterAll(() => workspace.remove());

describe("an imported clone", () => {
  it("is a repository", async () => {
    const r = await engine.search("repositories", { q: "repo:octo/demo" });
    expect(r.items.map((i) => i.full_name)).toEqual(["octo/demo"]);
  });

  it("has searchable code, by identifier parts and by path", async () => {
    const byPart = await engine.search("code", { q: "parse repo:octo/demo" });
    expect(byPart.items.map((i) => i.path)).toEqual(["src/queryParser.ts"]);
    const byLanguage = await engine.search("code", { q: "search language:markdown" });
    expect(byLanguage.items.map((i) => i.path)).toEqual(["README.md"]);
  });

  it("has searchable history, by message words and dates", async () => {
    const byWord = await engine.search("commits", { q: "tokenizer" }, COMMITS);
    expect(byWord.items.map((i) => (i.commit as { message: string }).message.split("\n")[0])).toEqual(["Document the parser"]);
    const byDate = await engine.search("commits", { q: "repo:octo/demo author-date:<2024-02-01" }, COMMITS);
    expect(byDate.total_count).toBe(1);
  });
});
