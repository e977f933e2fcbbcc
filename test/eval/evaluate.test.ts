/** evaluate(): engines over a query set, runs keyed as documented, measures and significance against the baseline. */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, compareRuns, evaluate, formatEvaluation, formatQrels, formatRun, measure, parseQrels, runQueries, type EvalQuery, type Run } from "../../src/index.js";

const SAMPLE = fileURLToPath(new URL("../../data/sample", import.meta.url));

async function sampleEngine(ranking?: ConstructorParameters<typeof SearchEngine>[0]["ranking"]) {
  const engine = new SearchEngine({ rateLimit: false, now: () => Date.UTC(2026, 0, 1), ranking });
  await engine.load(SAMPLE);
  return engine;
}

describe("item keys in runs", () => {
  let engine: SearchEngine;
  beforeAll(async () => {
    engine = await sampleEngine();
  });
  const cases: Array<[EvalQuery, RegExp]> = [
    [{ id: "i", endpoint: "issues", q: "is:issue" }, /^[\w.-]+\/[\w.-]+#\d+$/],
    [{ id: "c", endpoint: "commits", q: "fix" }, /^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/],
    [{ id: "f", endpoint: "code", q: "function" }, /^[\w.-]+\/[\w.-]+:\S+$/],
    [{ id: "r", endpoint: "repositories", q: "stars:>=0" }, /^[\w.-]+\/[\w.-]+$/],
    [{ id: "u", endpoint: "users", q: "followers:>=0" }, /^[\w.-]+$/],
    [{ id: "t", endpoint: "topics", q: "is:featured" }, /^[\w.-]+$/],
  ];
  for (const [query, form] of cases) {
    it(`${query.endpoint}: ${String(form)}`, async () => {
      const { run, errors } = await runQueries(engine, [query]);
      expect(errors.size).toBe(0);
      const entries = run.get(query.id)!;
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) expect(e.key).toMatch(form);
    });
  }

  it("an issue's key names its repository and number", async () => {
    const res = await engine.search("issues", { q: "is:issue", per_page: 1 });
    const item = res.items[0] as { number: number; repository_url: string };
    const { run } = await runQueries(engine, [{ id: "i", endpoint: "issues", q: "is:issue" }], { depth: 1 });
    expect(run.get("i")![0].key).toBe(`${item.repository_url.split("/repos/")[1]}#${item.number}`.toLowerCase());
  });

  it("runs to the requested depth across pages, in the engine's order", async () => {
    const query: EvalQuery = { id: "d", endpoint: "commits", q: "committer-date:>1970-01-01" };
    const { run } = await runQueries(engine, [query], { depth: 150 });
    const entries = run.get("d")!;
    const total = (await engine.search("commits", { q: query.q, per_page: 1 }, { accept: "application/vnd.github.cloak-preview+json" })).total_count;
    expect(entries.length).toBe(Math.min(150, total));
    const page2 = await engine.search("commits", { q: query.q, per_page: 100, page: 2 }, { accept: "application/vnd.github.cloak-preview+json", explain: true });
    expect(entries.slice(100).map((e) => e.score)).toEqual(page2.items.slice(0, 50).map((i) => i.score));
  });

  it("a query the engine rejects is recorded and retrieves nothing", async () => {
    const { run, errors } = await runQueries(engine, [{ id: "bad", endpoint: "issues", q: "created:notadate" }]);
    expect(run.get("bad")).toEqual([]);
    expect(errors.get("bad")).toMatch(/422/);
  });
});

describe("evaluate", () => {
  it("measures each configuration and tests it against the first", async () => {
    const defaults = await sampleEngine();
    // Titles weigh nothing: a known-item query for a title must do worse.
    const blind = await sampleEngine({ issues: { fields: { title: { weight: 0 } } } });
    const sample = (await defaults.search("issues", { q: "is:issue", per_page: 30 }, { explain: true })).items;
    const queries: EvalQuery[] = [];
    const lines: string[] = [];
    for (const item of sample) {
      const words = String(item.title).split(/\W+/).filter((w) => w.length > 3).slice(0, 2);
      if (words.length < 2) continue;
      const id = `q${queries.length}`;
      queries.push({ id, endpoint: "issues", q: `${words.join(" ")} in:title,body` });
      lines.push(`${id} 0 ${(item.explain as { key: string }).key} 1`);
    }
    expect(queries.length).toBeGreaterThan(10);
    queries.push({ id: "unjudged", endpoint: "issues", q: "bug" });
    const qrels = parseQrels(lines.join("\n"));
    const result = await evaluate({ queries, qrels, systems: [{ tag: "defaults", engine: defaults }, { tag: "title0", engine: blind }] });
    expect(result.queries.length).toBe(queries.length - 1);
    expect(result.unjudged).toEqual(["unjudged"]);
    const [base, other] = result.systems;
    expect(base.pValues).toBeUndefined();
    expect(base.mean.mrr10).toBeGreaterThan(other.mean.mrr10);
    expect(other.pValues!.mrr10).toBeGreaterThan(0);
    expect(other.pValues!.mrr10).toBeLessThanOrEqual(1);
    // Each query's measures are those of its own run.
    for (const id of result.queries) expect(base.perQuery.get(id)).toEqual(measure(base.run.get(id)!, qrels.get(id)!));
    const table = formatEvaluation(result);
    expect(table).toMatch(/^\d+ judged queries \(1 left out/);
    expect(table).toMatch(/title0 +\d\.\d{4} \(p=/);
  });

  it("compareRuns over runs read from files: identical runs, p = 1", () => {
    const run: Run = new Map([
      ["1", [{ key: "a", score: 2 }, { key: "b", score: 1 }]],
      ["2", [{ key: "c", score: 1 }]],
    ]);
    const qrels = parseQrels("1 0 b 1\n2 0 c 2\n");
    const result = compareRuns([{ tag: "x", run }, { tag: "y", run }], qrels, { test: "t-test" });
    expect(result.systems[1].pValues!.ndcg10).toBe(1);
    expect(result.systems[0].mean.mrr10).toBe(0.75);
  });
});

const trecEval = spawnSync("trec_eval", ["-v"], { encoding: "utf8" });
const haveTrecEval = !trecEval.error;
if (!haveTrecEval) console.log("trec_eval is not installed: the comparison with trec_eval is skipped (no Debian package provides it)");

describe.skipIf(!haveTrecEval)("trec_eval reads our files", () => {
  it("and computes the same measures", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "forgesearch-trec-"));
    const run: Run = new Map([
      ["1", [{ key: "a", score: 2 }, { key: "b", score: 2 }, { key: "c", score: 1 }]],
      ["2", [{ key: "d x", score: 3 }, { key: "e", score: 1 }]],
    ]);
    const qrels = parseQrels("1 0 b 2\n1 0 c 1\n2 0 e 1\n2 0 f 3\n");
    writeFileSync(path.join(dir, "run"), formatRun(run, "t"));
    writeFileSync(path.join(dir, "qrels"), formatQrels(qrels));
    const out = execFileSync("trec_eval", ["-m", "ndcg_cut.10", "-m", "P.10", "-m", "recall.100", path.join(dir, "qrels"), path.join(dir, "run")], { encoding: "utf8" });
    const value = (name: string) => Number(new RegExp(`^${name.replace(".", "\\.")}\\s+all\\s+(\\S+)`, "m").exec(out)![1]);
    const ours = compareRuns([{ tag: "t", run }], qrels).systems[0].mean;
    expect(value("ndcg_cut_10")).toBeCloseTo(ours.ndcg10, 4);
    expect(value("P_10")).toBeCloseTo(ours.p10, 4);
    expect(value("recall_100")).toBeCloseTo(ours.recall100, 4);
  });
});
