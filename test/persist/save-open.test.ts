/**
 * save(dir) / SearchEngine.open(dir): an opened engine answers every request
 * exactly as the engine that saved it, and goes on changing as one.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, type SearchEngineOptions } from "../../src/index.js";
import { FORMAT_VERSION } from "../../src/persist/index.js";
import { ACCEPT, answers, REQUESTS, tempDir } from "./support.js";

const OPTIONS = { rateLimit: false as const, now: () => Date.UTC(2025, 0, 1) };

async function loaded(options: SearchEngineOptions = OPTIONS): Promise<SearchEngine> {
  const engine = new SearchEngine(options);
  await engine.load("data/sample");
  return engine;
}

let original: SearchEngine;
let expected: string[];
let dir: string;

beforeAll(async () => {
  original = await loaded();
  expected = await answers(original);
  dir = await tempDir();
  await original.save(dir);
});

describe("save and open", () => {
  it("the requests cover every kind and answer something", () => {
    expect(new Set(REQUESTS.map((r) => r.kind)).size).toBe(7);
    const found = expected.map((a) => JSON.parse(a) as { total_count?: number }).filter((a) => (a.total_count ?? 0) > 0);
    expect(found.length).toBeGreaterThan(REQUESTS.length * 0.7);
  });

  it("an opened engine gives the same envelopes, items, scores and text matches", async () => {
    const opened = await SearchEngine.open(dir, OPTIONS);
    expect(await answers(opened)).toEqual(expected);
  });

  it("holds the same records", async () => {
    const opened = await SearchEngine.open(dir, OPTIONS);
    expect(opened.counts()).toEqual(original.counts());
  });

  it("answers the same again after being saved from an opened engine", async () => {
    const opened = await SearchEngine.open(dir, OPTIONS);
    const again = await tempDir();
    await opened.save(again);
    expect(await answers(await SearchEngine.open(again, OPTIONS))).toEqual(expected);
  });

  it("saves what was added but not yet searched", async () => {
    const engine = await loaded();
    const issue = { number: 9001, title: "Persisted before any search", body: "zanzibar", repository: "github/hub", id: 9001, state: "open", user: { login: "defunkt" } };
    engine.add("issues", issue);
    engine.add("comments", { id: 99001, issue_url: "https://api.github.com/repos/github/hub/issues/9001", body: "quokka", user: { login: "jlord" } });
    const target = await tempDir();
    await engine.save(target);
    const opened = await SearchEngine.open(target, OPTIONS);
    for (const q of ["zanzibar", "quokka in:comments", "commenter:jlord repo:github/hub"]) {
      const a = await engine.search("issues", { q }, { accept: ACCEPT });
      expect(a.total_count).toBeGreaterThan(0);
      expect(await opened.search("issues", { q }, { accept: ACCEPT })).toEqual(a);
    }
  });

  it("saves records and indexes that agree while records are added as the indexes are copied", async () => {
    // With a set blockSize, the save pauses after each of its steps (not only after 8 ms of them): adds land between them.
    const engine = await loaded({ ...OPTIONS, blockSize: 64 });
    const baseline = engine.counts().issues;
    const issue = (n: number) => ({ number: 9100 + n, title: `Added while saving ${n}`, body: `wombat${n} wombat`, repository: "github/hub", id: 9100 + n, state: "open", user: { login: "defunkt" } });
    let added = 0;
    let saving = true;
    // Added while the save copies the indexes in steps (it holds the read gate then, as a search would).
    const copying = () => (engine as unknown as { gate: { busy: boolean } }).gate.busy;
    const addOne = () => {
      if (!saving) return;
      if (copying()) engine.add("issues", issue(added++));
      setImmediate(addOne);
    };
    setImmediate(addOne);
    const target = await tempDir();
    await engine.save(target);
    saving = false;
    const opened = await SearchEngine.open(target, OPTIONS);
    const saved = opened.counts().issues - baseline;
    // The adds landed after the records were taken: none is saved, and the indexes agree.
    expect(added).toBeGreaterThan(0);
    expect(saved).toBe(0);
    const fresh = await loaded();
    for (let n = 0; n < saved; n++) fresh.add("issues", issue(n));
    expect(await answers(opened)).toEqual(await answers(fresh));
    const wombats = await opened.search("issues", { q: "wombat", per_page: 100 });
    expect(wombats).toEqual(await fresh.search("issues", { q: "wombat", per_page: 100 }));
    expect(wombats.total_count).toBe(saved);
  });

  it("counts the records it was saved with in a later load's unresolved records", async () => {
    const orphan = (n: number) => JSON.stringify({ number: n, title: "no repository", repository: "nobody/nowhere", id: 8800 + n, state: "open", user: { login: "defunkt" } });
    const first = await tempDir();
    await writeFile(join(first, "issues.ndjson"), `${orphan(1)}\n`);
    const engine = new SearchEngine(OPTIONS);
    expect((await engine.load(first)).unresolved).toBe(1);
    const target = await tempDir();
    await engine.save(target);
    const opened = await SearchEngine.open(target, OPTIONS);
    const second = await tempDir();
    await writeFile(join(second, "issues.ndjson"), `${orphan(2)}\n`);
    expect((await opened.load(second)).unresolved).toBe(2);
    expect((await engine.load(second)).unresolved).toBe(2);
  });

  it("reports its progress through the saved file as it opens", async () => {
    const seen: Array<[number, number]> = [];
    const opened = await SearchEngine.open(dir, { ...OPTIONS, onProgress: (read, total) => seen.push([read, total]) });
    const size = (await readFile(join(dir, "forgesearch.index"))).length;
    expect(seen.length).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
    expect(seen.every(([, total]) => total === size)).toBe(true);
    expect(seen.at(-1)![0]).toBe(size);
    expect(opened.counts()).toEqual(original.counts());
    await expect(SearchEngine.open(dir, { onProgress: 3 as never })).rejects.toThrow(/onProgress/);
  });

  it("replaces an earlier save in the same folder", async () => {
    const target = await tempDir();
    const engine = await loaded();
    await engine.save(target);
    engine.remove("issues", "github/hub#822");
    await engine.save(target);
    const opened = await SearchEngine.open(target, OPTIONS);
    expect((await opened.search("issues", { q: "error in:title,body" })).total_count).toBe(2);
  });

  it("an empty engine saves and opens", async () => {
    const target = await tempDir();
    await new SearchEngine(OPTIONS).save(target);
    const opened = await SearchEngine.open(target, OPTIONS);
    expect(Object.values(opened.counts()).every((n) => n === 0)).toBe(true);
    expect((await opened.search("repositories", { q: "anything" })).total_count).toBe(0);
  });

  it("keeps text JSON has to escape: line breaks, quotes, non-Latin scripts, lone surrogates", async () => {
    const engine = new SearchEngine(OPTIONS);
    const bodies = ["first line\nsecond line", 'a "quoted" word\ttab', "日本語のテキスト emoji 🎉", "broken \ud800 surrogate", "para\u2028separator"];
    bodies.forEach((description, i) => engine.add("repositories", { full_name: `o/r${i}`, name: `r${i}`, owner: { login: "o" }, id: i + 1, description }));
    const queries = ["line", "quoted", "tab", "日本語のテキスト", "emoji", "surrogate", "separator"];
    const before = await Promise.all(queries.map((q) => engine.search("repositories", { q }, { accept: ACCEPT })));
    expect(before.every((a) => a.total_count === 1)).toBe(true);
    const target = await tempDir();
    await engine.save(target);
    const opened = await SearchEngine.open(target, OPTIONS);
    expect(await Promise.all(queries.map((q) => opened.search("repositories", { q }, { accept: ACCEPT })))).toEqual(before);
  });

  it("writes one versioned file", async () => {
    const bytes = await readFile(join(dir, "forgesearch.index"));
    expect(bytes.subarray(0, 8).toString("latin1")).toBe("FSINDEX\n");
    expect(bytes.readUInt32LE(8)).toBe(FORMAT_VERSION);
  });
});

describe("changes after open", () => {
  /** The same changes on a loaded and on an opened engine: both must then answer alike. */
  async function change(engine: SearchEngine): Promise<void> {
    engine.add("issues", { number: 77, title: "Crash when saving", body: "stack trace attached", repository: "github/hub", id: 77077, state: "open", user: { login: "mdo" }, comments: 1 });
    engine.add("comments", { id: 88001, issue_url: "https://api.github.com/repos/github/hub/issues/77", body: "same crash here on windows", user: { login: "vmg" } });
    // A comment on an existing issue changes that issue's text; removals free slots that later adds reuse.
    engine.add("comments", { id: 88002, issue_url: "https://api.github.com/repos/github/hub/issues/822", body: "still an error on windows", user: { login: "jlord" } });
    expect(engine.remove("issues", "github/hub#823")).toBe(true);
    expect(engine.remove("repositories", "jquery/jquery")).toBe(true);
    engine.add("repositories", { full_name: "octocat/new-thing", name: "new-thing", owner: { login: "octocat" }, id: 4242, description: "a crash reporter", stargazers_count: 5 });
    engine.add("users", { login: "newcomer", id: 31337, type: "User", name: "New Comer", followers: 3 });
    engine.add("commits", { sha: "abcdef1234567", repository: "github/hub", commit: { message: "Fix the crash on windows", author: { name: "A", email: "a@example.com", date: "2024-01-02T00:00:00Z" } } });
  }

  const CHANGED = [
    ...REQUESTS,
    ...["crash", "windows in:comments", "stack trace", "error", "commenter:vmg", "repo:github/hub"].map((q) => ({ kind: "issues" as const, params: { q } })),
    ...["crash", "language:javascript", "user:octocat"].map((q) => ({ kind: "repositories" as const, params: { q } })),
    { kind: "users" as const, params: { q: "comer" } },
    { kind: "commits" as const, params: { q: "crash windows" } },
  ];

  it("adds, replacements and removals after open answer as on the engine that never saved", async () => {
    const live = await loaded();
    await answers(live); // indexed and searched before the changes, as the saved one was
    await change(live);
    const opened = await SearchEngine.open(dir, OPTIONS);
    await change(opened);
    expect(await answers(opened, CHANGED)).toEqual(await answers(live, CHANGED));
  });

  it("changes between searches of an opened engine", async () => {
    const live = await loaded();
    const opened = await SearchEngine.open(dir, OPTIONS);
    for (const engine of [live, opened]) {
      await answers(engine);
      engine.remove("issues", "github/hub#822");
      await answers(engine);
      engine.add("issues", { number: 822, title: "Back again", body: "error", repository: "github/hub", id: 822822, state: "closed" });
    }
    expect(await answers(opened, CHANGED)).toEqual(await answers(live, CHANGED));
  });
});
