/**
 * A load indexes records as it reads them where no later file of the dump can change them
 * (src/index/load-indexer.ts). Whatever it indexed then, the engine must answer exactly as one
 * given the same records one by one through `add()`, which only marks them for the background
 * indexer: the same slots, columns, statistics and so the same pages, scores and text matches.
 */
import { copyFile, readFile, appendFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import { NumberColumn } from "../../src/index/columns.js";
import { KINDS } from "../../src/kinds/index.js";
import { Store } from "../../src/store.js";
import { DUMP_FILES, LOAD_ORDER } from "../../src/load/index.js";
import type { DumpKind, SearchKind } from "../../src/kinds/types.js";
import { tempDump } from "../load/temp-dump.js";

const SAMPLE = join(import.meta.dirname, "..", "..", "data", "sample");
const ACCEPT = "application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json, application/vnd.github.v3.text-match+json";
const OPTIONS = { rateLimit: false, now: () => Date.UTC(2026, 0, 1) } as const;

/** Queries with many matches on every kind, sorted and ranked, with and without a caller. */
const QUERIES: Array<[SearchKind, string, string?]> = [
  ["issues", "is:issue"],
  ["issues", "is:pr sort:created-asc"],
  ["issues", "fix bug"],
  ["issues", "the in:body,comments"],
  ["repositories", "stars:>=0"],
  ["repositories", "hello", "sort:stars"],
  ["users", "type:user"],
  ["users", "a"],
  ["commits", "fix"],
  ["commits", "committer-date:>2000-01-01"],
  ["code", "function"],
  ["labels", "bug", "repository_id"],
  ["topics", "is:featured"],
  ["topics", "javascript"],
];

async function answers(engine: SearchEngine): Promise<unknown[]> {
  const out: unknown[] = [];
  const repo = (await engine.search("repositories", { q: "stars:>=0", per_page: 1 })).items[0] as { id?: number } | undefined;
  for (const [kind, q, extra] of QUERIES) {
    for (const caller of [undefined, { login: "octocat" }]) {
      const params = { q, per_page: 100, ...(extra === "repository_id" ? { repository_id: String(repo?.id ?? 1) } : {}) };
      try {
        out.push(await engine.search(kind, params, { accept: ACCEPT, caller }));
      } catch (err) {
        out.push(String(err));
      }
    }
  }
  return out;
}

/** A dump folder with the sample's files of `kinds`, and `extra` lines appended per file. */
async function dumpOf(kinds: readonly DumpKind[], extra: Partial<Record<DumpKind, string>> = {}): Promise<string> {
  const dir = await tempDump();
  for (const kind of kinds) {
    await copyFile(join(SAMPLE, DUMP_FILES[kind]), join(dir, DUMP_FILES[kind]));
    if (extra[kind]) await appendFile(join(dir, DUMP_FILES[kind]), extra[kind]);
  }
  return dir;
}

/** An engine given the dump's records through `add()`, in load order. */
async function addedOneByOne(dir: string, kinds: readonly DumpKind[]): Promise<SearchEngine> {
  const engine = new SearchEngine(OPTIONS);
  for (const kind of LOAD_ORDER) {
    if (!kinds.includes(kind)) continue;
    const text = await readFile(join(dir, DUMP_FILES[kind]), "utf8");
    for (const line of text.split("\n")) if (line.trim()) engine.add(kind, JSON.parse(line));
  }
  return engine;
}

describe("indexing while loading", () => {
  const all = LOAD_ORDER;
  const cases: Array<[string, readonly DumpKind[]]> = [
    ["every file (issues wait for their comments)", all],
    ["no comments (issues indexed as they load)", all.filter((k) => k !== "comments")],
    ["repositories and issues only", ["repositories", "issues"]],
    ["issues before their repositories' users", ["issues", "users"]],
  ];

  for (const [name, kinds] of cases) {
    it(`answers as records added one by one: ${name}`, async () => {
      const dir = await dumpOf(kinds);
      const loaded = new SearchEngine(OPTIONS);
      await loaded.load(dir);
      const added = await addedOneByOne(dir, kinds);
      const found = await answers(loaded);
      // The queries find something on every kind loaded: the comparison is not of empty pages.
      expect(found.filter((a) => typeof a === "object" && (a as { total_count: number }).total_count > 0).length).toBeGreaterThan(kinds.length > 2 ? 10 : 2);
      expect(found).toEqual(await answers(added));
    });
  }

  it("answers as records added one by one when lines repeat a key (the later one replaces the earlier)", async () => {
    const issues = (await readFile(join(SAMPLE, DUMP_FILES.issues), "utf8")).split("\n").filter(Boolean);
    // Every tenth issue again, with a new title and state: indexed once as loaded, then again.
    const again = issues
      .filter((_, i) => i % 10 === 0)
      .map((line) => JSON.stringify({ ...JSON.parse(line), title: "replaced title zebra", state: "closed" }))
      .join("\n");
    const kinds: DumpKind[] = ["users", "repositories", "issues"];
    const dir = await dumpOf(kinds, { issues: `${again}\n` });
    const loaded = new SearchEngine(OPTIONS);
    const report = await loaded.load(dir);
    expect(report.problemsByCode["duplicate-record"]).toBe(Math.ceil(issues.length / 10));
    const added = await addedOneByOne(dir, kinds);
    const zebra = await loaded.search("issues", { q: "zebra", per_page: 100 }, { caller: { login: "octocat" } });
    expect(zebra.total_count).toBeGreaterThan(0);
    expect(zebra).toEqual(await added.search("issues", { q: "zebra", per_page: 100 }, { caller: { login: "octocat" } }));
    expect(await answers(loaded)).toEqual(await answers(added));
  });
});

describe("a load's end", () => {
  it("lets go of the records kept parsed once the last of the loads under way ends", async () => {
    const forget = vi.spyOn(Store.prototype, "forgetParsed");
    try {
      const dir = await dumpOf(["users", "repositories", "issues"]);
      const engine = new SearchEngine(OPTIONS);
      const first = engine.load(dir);
      const second = engine.load(dir);
      await first;
      await second;
      expect(forget).toHaveBeenCalledTimes(1);
      await engine.load(dir);
      expect(forget).toHaveBeenCalledTimes(2);
    } finally {
      forget.mockRestore();
    }
  });
});

describe("bounds of sortable columns", () => {
  /** A search of each kind sorted by each of its columns, with matches to sort. */
  const SORTED: Array<[SearchKind, string]> = [
    ["issues", "is:issue"],
    ["commits", "committer-date:>2000-01-01"],
    ["repositories", "stars:>=0"],
    ["users", "type:user"],
  ];

  async function sortedSearches(engine: SearchEngine, kinds: readonly SearchKind[]): Promise<number> {
    let matched = 0;
    for (const [kind, q] of SORTED.filter(([k]) => kinds.includes(k))) {
      for (const sort of Object.keys(KINDS[kind].sorts)) {
        // In the query: some sorts have no REST form.
        for (const order of ["asc", "desc"]) matched += (await engine.search(kind, { q: `${q} sort:${sort}-${order}`, per_page: 5 }, { accept: ACCEPT })).total_count;
      }
    }
    return matched;
  }

  it("are made by a load and an open before their first search, which then reads no values to make them", async () => {
    // Without comments issues are indexed as they load, as commits are; repositories and users wait for
    // later files and are indexed after the load (and their bounds with the boosts once that is done).
    const dir = await dumpOf(LOAD_ORDER.filter((k) => k !== "comments"));
    const indexedAsLoaded: SearchKind[] = ["issues", "commits"];
    const made = vi.spyOn(NumberColumn.prototype as unknown as { buildWord(): void }, "buildWord");
    try {
      const loaded = new SearchEngine(OPTIONS);
      await loaded.load(dir);
      expect(made).toHaveBeenCalled();
      made.mockClear();
      expect(await sortedSearches(loaded, indexedAsLoaded)).toBeGreaterThan(100);
      expect(made).not.toHaveBeenCalled();
      const everyKind = SORTED.map(([kind]) => kind);
      const matched = await sortedSearches(loaded, everyKind);
      const saved = await tempDump();
      await loaded.save(saved);
      const opened = await SearchEngine.open(saved, OPTIONS);
      made.mockClear();
      expect(await sortedSearches(opened, everyKind)).toBe(matched);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});

describe("duplicate lines", () => {
  const user = (login: string, followers: number) => JSON.stringify({ login, id: followers + 1, type: "User", followers });

  it("reports a line whose key an earlier line of the same load had, not one whose key was added or loaded before the load", async () => {
    const dir = await tempDump({ "users.ndjson": [user("ada", 1), user("bob", 2), user("ada", 3), user("cy", 4), user("ada", 5)].join("\n") });
    const engine = new SearchEngine(OPTIONS);
    engine.add("users", JSON.parse(user("cy", 0)));
    engine.add("users", JSON.parse(user("bob", 0)));
    const first = await engine.load(dir);
    expect(first.problemCount).toBe(2);
    expect(first.errors.map((e) => [e.line, e.code])).toEqual([
      [3, "duplicate-record"],
      [5, "duplicate-record"],
    ]);
    // Loaded again: each key's first line replaces a record of the earlier load, which is no repeat within this one.
    const second = await engine.load(dir);
    expect(second.errors.map((e) => e.line)).toEqual([3, 5]);
    const found = await engine.search("users", { q: "ada" });
    expect(found.items.map((u) => u.login)).toEqual(["ada"]);
  });
  it("does not report a line whose key was added while the load ran", async () => {
    const dir = await tempDump({ "users.ndjson": [user("ada", 1), user("dan", 2), user("ada", 3)].join("\n") });
    const engine = new SearchEngine(OPTIONS);
    let added = false;
    // Told as the first chunk is read, before its lines are stored.
    const onProgress = () => {
      if (!added) engine.add("users", JSON.parse(user("dan", 0)));
      added = true;
    };
    const report = await engine.load(dir, { onProgress });
    expect(added).toBe(true);
    expect(report.errors.map((e) => [e.line, e.code])).toEqual([[3, "duplicate-record"]]);
  });
});
