#!/usr/bin/env node
/**
 * The ranking lab: per judged task of bench/judgments/, the default ranking
 * against a tuned one and against MiniSearch, Orama and Lunr, honestly split.
 * Each task's queries are split in two halves (seeded, by a hash of the query
 * id); a small grid over k1, field weights and b, and signal weights is
 * searched on the tuning half (best nDCG@10, the defaults kept unless beaten);
 * every figure reported is on the other half, with a paired randomization test
 * of each system against the defaults. Writes one TREC run per system and task.
 *
 *   npm run build && node bench/ranking-lab.mjs [--corpus ../shared/corpus] [--tasks a,b] [--seed N]
 *                                              [--systems minisearch,orama,lunr] [--out bench/results]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { readNdjson } from "./corpora.mjs";
import { DEFAULT_SEED } from "./generate.mjs";
import { and, or, query, term } from "./query-ir.mjs";
import { hashString } from "./random.mjs";
import { table } from "./report.mjs";
import { flatten, kindSpec } from "./schema.mjs";
import { distEntry } from "./systems/forgesearch.mjs";
import { createSystem } from "./systems/index.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const lib = await import(pathToFileURL(distEntry()).href);
const { SearchEngine, compareRuns, runQueries, formatRun, parseQueries, parseQrels, MEASURES, MEASURE_NAMES } = lib;
const NOW = Date.UTC(2026, 11, 31);
const fmt = (x, digits = 3) => x.toFixed(digits);

/** The grid, in two stages: the text part first, then what is left from the best text part. */
const GRID = {
  issues: {
    first: product({ k1: [0.5, 0.9, 1.2, 1.6, 2.2], titleWeight: [1, 2, 3, 5], titleB: [0, 0.3, 0.6, 0.9] }).map((g) => ({
      k1: g.k1,
      fields: { title: { weight: g.titleWeight, b: g.titleB } },
    })),
    second: (best) =>
      product({ bodyWeight: [0.5, 1, 2], bodyB: [0.3, 0.75, 1], signal: [0, 0.05, 0.2] }).map((g) => ({
        ...best,
        fields: { ...best.fields, body: { weight: g.bodyWeight, b: g.bodyB } },
        signals: { comments: { weight: g.signal }, reactions: { weight: g.signal } },
      })),
  },
  commits: {
    first: product({ k1: [0.2, 0.5, 0.9, 1.2, 1.6, 2.2, 3], b: [0, 0.25, 0.5, 0.75, 1] }).map((g) => ({ k1: g.k1, fields: { message: { b: g.b } } })),
    second: () => [],
  },
};

function product(axes) {
  return Object.entries(axes).reduce((acc, [name, values]) => acc.flatMap((a) => values.map((v) => ({ ...a, [name]: v }))), [{}]);
}

/** The records a task searches and the records they refer to. */
function dataOf(task, corpus) {
  const dir = task.data === "real" ? path.join(corpus, "real") : path.join(here, "judgments", task.data);
  const records = task.endpoint === "commits" ? readNdjson(path.join(dir, "commits.ndjson")) : readNdjson(path.join(dir, "issues.ndjson"));
  return {
    records,
    related: { repositories: readNdjson(path.join(dir, "repositories.ndjson")), users: readNdjson(path.join(dir, "users.ndjson")) },
    comments: readNdjson(path.join(dir, "comments.ndjson")),
  };
}

async function engineFor(task, data, ranking) {
  const engine = new SearchEngine({ rateLimit: false, timeLimitMs: 600_000, now: () => NOW, ranking: ranking && { [task.endpoint]: ranking } });
  for (const [kind, records] of Object.entries(data.related)) for (const r of records) engine.add(kind, r);
  for (const r of data.records) engine.add(task.endpoint, r);
  for (const c of data.comments) engine.add("comments", c);
  return engine;
}

async function forgesearchRun(task, data, queries, ranking, depth) {
  const engine = await engineFor(task, data, ranking);
  return runQueries(engine, queries, { depth });
}

const itemKeyOf = {
  issues: (r) => `${typeof r.repository === "string" ? r.repository : r.repository_url.split("/repos/")[1]}#${r.number}`.toLowerCase(),
  commits: (r) => `${r.repository}@${r.sha}`.toLowerCase(),
};

/** A peer's run: its ranked ids as item keys, scored by rank (peers report no comparable scores). */
async function peerRun(name, mode, task, data, queries, depth) {
  const system = await createSystem(name);
  const docs = system.input === "docs" ? data.records.map((r) => flatten(task.endpoint, r)) : undefined;
  await system.prepare?.({ related: data.related });
  await system.build({ kind: task.endpoint, records: data.records, docs });
  const keyById = new Map(data.records.map((r) => [String(kindSpec(task.endpoint).id(r)), itemKeyOf[task.endpoint](r)]));
  const run = new Map();
  const errors = new Map();
  for (const q of queries) {
    const words = q.q.split(/\s+OR\s+|\s+/).filter(Boolean).map(term);
    const text = words.length === 1 ? words[0] : mode === "and" ? and(...words) : or(...words);
    try {
      const ids = (await system.query(query({ id: q.id, kind: task.endpoint, shape: "judged", text }), { limit: depth })).ids;
      run.set(q.id, ids.map((id, i) => ({ key: keyById.get(String(id)), score: ids.length - i })));
    } catch (error) {
      run.set(q.id, []);
      errors.set(q.id, error.message);
    }
  }
  system.release();
  return { run, errors };
}

/** Queries split in two halves by a seeded hash of their ids: [tune, test]. */
function split(queries, seed, name) {
  const ordered = [...queries].sort((a, b) => hashString(`${seed}:${name}:${a.id}`) - hashString(`${seed}:${name}:${b.id}`) || (a.id < b.id ? -1 : 1));
  const half = Math.ceil(ordered.length / 2);
  return [ordered.slice(0, half), ordered.slice(half)];
}

async function tune(task, data, queries, qrels) {
  const grid = GRID[task.endpoint];
  const score = async (ranking) => {
    const { run } = await forgesearchRun(task, data, queries, ranking, 10);
    return compareRuns([{ tag: "x", run }], qrels, { queries: queries.map((q) => q.id) }).systems[0].mean.ndcg10;
  };
  let best = { ranking: undefined, ndcg10: await score(undefined) };
  const defaults = best.ndcg10;
  let tried = 1;
  const consider = async (candidates) => {
    for (const ranking of candidates) {
      tried++;
      const ndcg10 = await score(ranking);
      // Ties keep what came first: the defaults, then the grid in order.
      if (ndcg10 > best.ndcg10 + 1e-12) best = { ranking, ndcg10 };
    }
  };
  await consider(grid.first);
  await consider(grid.second(best.ranking ?? {}));
  return { ...best, defaults, tried };
}

async function main() {
  const { values } = parseArgs({
    options: {
      corpus: { type: "string", default: path.resolve(here, "../../shared/corpus") },
      tasks: { type: "string", default: "" },
      seed: { type: "string", default: String(DEFAULT_SEED) },
      systems: { type: "string", default: "minisearch,orama,lunr" },
      out: { type: "string", default: path.join(here, "results") },
    },
  });
  const seed = Number(values.seed);
  const manifest = JSON.parse(readFileSync(path.join(here, "judgments", "tasks.json"), "utf8"));
  const wanted = values.tasks.split(",").filter(Boolean);
  const tasks = manifest.tasks.filter((t) => !wanted.length || wanted.includes(t.name));
  const peers = values.systems.split(",").filter(Boolean);
  const stamp = new Date().toISOString();
  const md = [`# Ranking lab, ${stamp}`, ""];
  const report = { startedAt: stamp, seed, tasks: [] };

  for (const task of tasks) {
    const queries = parseQueries(readFileSync(path.join(here, "judgments", `${task.name}.queries.ndjson`), "utf8"));
    const qrels = parseQrels(readFileSync(path.join(here, "judgments", `${task.name}.qrels`), "utf8"));
    const data = dataOf(task, values.corpus);
    const [tuneHalf, testHalf] = split(queries, seed, task.name);
    const started = Date.now();
    const tuned = await tune(task, data, tuneHalf, qrels);
    console.log(`${task.name}: ${tuned.tried} configurations on ${tuneHalf.length} tuning queries in ${((Date.now() - started) / 1000).toFixed(0)} s; nDCG@10 ${fmt(tuned.defaults, 4)} → ${fmt(tuned.ndcg10, 4)}`);

    const runs = [{ tag: "defaults", ...(await forgesearchRun(task, data, testHalf, undefined, 1000)) }];
    runs.push({ tag: "tuned", ...(await forgesearchRun(task, data, testHalf, tuned.ranking, 1000)) });
    const oring = queries.some((q) => / OR /.test(q.q));
    for (const peer of peers) {
      for (const mode of oring ? ["or"] : ["and", "or"]) runs.push({ tag: `${peer}${mode === "or" && !oring ? "-or" : ""}`, ...(await peerRun(peer, mode, task, data, testHalf, 1000)) });
    }
    const result = compareRuns(runs, qrels, { queries: testHalf.map((q) => q.id), seed });
    const runDir = path.join(values.out, "runs", task.name);
    mkdirSync(runDir, { recursive: true });
    for (const s of result.systems) writeFileSync(path.join(runDir, `${s.tag}.run`), formatRun(s.run, s.tag));

    const p = (s, m) => (s.pValues ? ` (p=${s.pValues[m] < 0.001 ? "<0.001" : s.pValues[m].toFixed(3)})` : "");
    const rows = result.systems.map((s) => [s.tag, ...MEASURES.map((m) => `${fmt(s.mean[m], 3)}${m === "mrr10" || m === "ndcg10" ? p(s, m) : ""}`)]);
    const section = [
      `## ${task.name} (${task.description}; ${data.records.length} records)`,
      "",
      `Tuned on ${tuneHalf.length} queries (${tuned.tried} configurations; nDCG@10 there ${fmt(tuned.defaults, 3)} → ${fmt(tuned.ndcg10, 3)}), reported on the other ${result.queries.length}${result.unjudged.length ? ` (${result.unjudged.length} without a relevant judgment left out)` : ""}. Tuned: \`${JSON.stringify(tuned.ranking ?? "the defaults")}\``,
      "",
      table(["system", ...MEASURES.map((m) => MEASURE_NAMES[m])], rows),
    ].join("\n");
    console.log(`\n${section}\n`);
    md.push(section, "");
    report.tasks.push({
      name: task.name,
      tuned: tuned.ranking ?? null,
      tuneHalf: { queries: tuneHalf.length, defaults: tuned.defaults, tuned: tuned.ndcg10, tried: tuned.tried },
      test: result.systems.map((s) => ({ tag: s.tag, mean: s.mean, pValues: s.pValues ?? null, errors: s.errors.size })),
    });
  }
  md.push("p: paired randomization test against the defaults (10,000 draws, two-sided), on the reporting half.");
  mkdirSync(values.out, { recursive: true });
  const file = `ranking-lab-${stamp.replace(/[:.]/g, "-")}`;
  writeFileSync(path.join(values.out, `${file}.json`), JSON.stringify(report, null, 2));
  writeFileSync(path.join(values.out, `${file}.md`), md.join("\n"));
  writeFileSync(path.join(values.out, "ranking-lab-latest.md"), md.join("\n"));
  console.log(`results: ${path.relative(process.cwd(), path.join(values.out, `${file}.md`))}; runs in ${path.relative(process.cwd(), path.join(values.out, "runs"))}`);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
