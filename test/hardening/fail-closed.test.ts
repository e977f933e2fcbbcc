/**
 * Doubtful dump data fails closed and is reported: a repository whose visibility is not exactly
 * a boolean or a known word is private; a record whose repository is not loaded is visible to
 * nobody until it arrives; repeats, bad bytes and over-long lines are counted with file:line; the
 * report keeps the first problems and counts them all.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import { ndjson, tempDump } from "../load/temp-dump.js";

const owner = { login: "acme", id: 1, type: "Organization" };
const repo = (name: string, extra: Record<string, unknown>) => ({ id: name.length * 1000 + name.charCodeAt(0), name, full_name: `acme/${name}`, owner, description: "rocket launch", ...extra });
const issue = (repoName: string, number: number, title = "rocket launch") => ({
  id: number,
  number,
  title,
  state: "open",
  repository_url: `https://api.github.com/repos/acme/${repoName}`,
  user: { login: "ann", id: 10 },
  created_at: "2024-01-01T00:00:00Z",
});

const anonymous = async (engine: SearchEngine, kind: "repositories" | "issues", q = "launch") =>
  (await engine.search(kind, { q, per_page: 100 })).items.map((i) => String(i.full_name ?? i.repository_url));

describe("doubtful visibility", () => {
  const doubtful: Array<[string, Record<string, unknown>]> = [
    ["private as the string true", { private: "true" }],
    ["private as 1", { private: 1 }],
    ["visibility with a trailing space", { visibility: "private " }],
    ["visibility in capitals", { visibility: "PUBLIC" }],
    ["visibility of an unknown word", { visibility: "secret" }],
    ["visibility public but private true", { visibility: "public", private: true }],
    ["visibility as an object", { visibility: { value: "public" } }],
  ];

  it.each(doubtful)("a repository with %s loads as private, reported at its line", async (_, fields) => {
    const dir = await tempDump({ "repositories.ndjson": ndjson([repo("open", { private: false }), repo("odd", fields)]), "issues.ndjson": ndjson([issue("odd", 1)]) });
    const engine = new SearchEngine();
    const report = await engine.load(dir);
    expect(report.counts.repositories).toBe(2);
    expect(report.errors).toEqual([expect.objectContaining({ line: 2, code: "doubtful-visibility" })]);
    expect(report.errors[0].message).toContain("acme/odd");
    expect(await anonymous(engine, "repositories")).toEqual(["acme/open"]);
    expect(await anonymous(engine, "issues")).toEqual([]);
    // Its owner still sees it: private, not lost.
    const own = await engine.search("repositories", { q: "launch" }, { caller: { login: "acme" } });
    expect(own.total_count).toBe(2);
  });

  it("a doubtful repository added through add() is private and goes to the logger", async () => {
    const warnings: string[] = [];
    const engine = new SearchEngine({ logger: { warn: (m) => warnings.push(m), error() {} } });
    engine.add("repositories", repo("odd", { private: "false" }));
    expect(await anonymous(engine, "repositories")).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('"private" is "false", not a boolean')]);
  });

  it("a repository that names its private flag twice is reported (the later value is kept)", async () => {
    const line = '{"id":5,"name":"twice","full_name":"acme/twice","owner":{"login":"acme"},"private":true,"description":"launch","private":false}';
    const dir = await tempDump({ "repositories.ndjson": `${line}\n` });
    const report = await new SearchEngine().load(dir);
    expect(report.errors).toEqual([expect.objectContaining({ line: 1, code: "duplicate-member", message: expect.stringContaining('"private"') })]);
  });
});

describe("records whose repository is not loaded", () => {
  it("are visible to nobody, counted as unresolved, and appear once their repository arrives", async () => {
    const dir = await tempDump({ "repositories.ndjson": ndjson([repo("known", { private: false })]), "issues.ndjson": ndjson([issue("known", 1), issue("ghost", 2), issue("ghost", 3)]) });
    const engine = new SearchEngine();
    const report = await engine.load(dir);
    expect(report.unresolved).toBe(2);
    expect(await anonymous(engine, "issues")).toEqual(["https://api.github.com/repos/acme/known"]);
    // Not even the would-be owner sees them: there is nothing to decide visibility by.
    expect((await engine.search("issues", { q: "launch" }, { caller: { login: "acme" } })).total_count).toBe(1);

    engine.add("repositories", repo("ghost", { private: false }));
    expect((await engine.search("issues", { q: "launch" })).total_count).toBe(3);
    engine.add("repositories", repo("ghost", { private: true }));
    expect((await engine.search("issues", { q: "launch" })).total_count).toBe(1);
    engine.remove("repositories", "acme/ghost");
    engine.remove("repositories", "acme/known");
    expect((await engine.search("issues", { q: "launch" })).total_count).toBe(0);
  });
});

describe("bounded loading", () => {
  it("counts repeated records, bad bytes and over-long lines at their file:line, and loads every other line", async () => {
    const long = JSON.stringify(repo("long", { description: "x".repeat(5000) }));
    const badBytes = Buffer.concat([Buffer.from('{"login":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('","id":3}\n')]);
    const dir = await tempDump({
      "repositories.ndjson": `${JSON.stringify(repo("a", {}))}\n${long}\n${JSON.stringify(repo("a", { description: "again" }))}\n${JSON.stringify(repo("b", {}))}\n`,
      "users.ndjson": Buffer.concat([Buffer.from('{"login":"ann","id":1}\n'), badBytes, Buffer.from('{"login":"bo\uFFFD","id":4}\n')]),
    });
    const engine = new SearchEngine();
    const report = await engine.load(dir, { maxLineBytes: 1000 });
    const where = report.errors.map((e) => [e.file.split("/").pop(), e.line, e.code]);
    expect(where).toEqual([
      ["users.ndjson", 2, "invalid-utf8"],
      ["repositories.ndjson", 2, "line-too-long"],
      ["repositories.ndjson", 3, "duplicate-record"],
    ]);
    expect(report.counts).toMatchObject({ repositories: 3, users: 3 });
    expect(report.problemCount).toBe(3);
    expect(report.problemsByCode).toEqual({ "line-too-long": 1, "duplicate-record": 1, "invalid-utf8": 1 });
    // A genuine U+FFFD in the text is not a bad byte.
    expect(engine.counts().users).toBe(3);
  });

  it("keeps the first maxProblems problems and counts them all", async () => {
    const garbage = Array.from({ length: 50 }, (_, i) => `not json ${i}`).join("\n");
    const dir = await tempDump({ "users.ndjson": `${garbage}\n{"login":"ann","id":1}\n` });
    const report = await new SearchEngine().load(dir, { maxProblems: 5 });
    expect(report.errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5]);
    expect(report.problemCount).toBe(50);
    expect(report.counts.users).toBe(1);
  });

  it("refuses a record nested past the limit at its line, and saves the rest", async () => {
    const deep = `${'{"d":'.repeat(10_000)}"bottom"${"}".repeat(10_000)}`;
    const dir = await tempDump({ "users.ndjson": `{"login":"deep","id":1,"x":${deep}}\n{"login":"ann","id":2}\n` });
    const engine = new SearchEngine();
    const report = await engine.load(dir);
    expect(report.errors).toEqual([expect.objectContaining({ line: 1, code: "invalid-record", message: expect.stringContaining("nest at most 64") })]);
    const out = await tempDump();
    await expect(engine.save(out)).resolves.toBeDefined();
  });
});
