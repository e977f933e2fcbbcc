#!/usr/bin/env node
/**
 * Ranking quality on real data, by known-item search: a query made from one
 * record must find that record. From the real corpus (../shared/corpus/real):
 * 2–3 distinctive words (highest idf within the corpus) of a pull request's
 * title must find that pull request; of a commit's subject, that commit. From
 * a code corpus of installed npm package sources: a distinctive identifier of a
 * file must find that file. Reports MRR@10 and recall@30 per system on the same
 * records and queries. Query selection is seeded, so runs repeat exactly.
 *
 *   node bench/ranking.mjs [--real DIR] [--items 200] [--code 2000] [--seed N]
 *                          [--systems forgesearch,minisearch,orama,lunr] [--stub] [--out DIR]
 *
 * Several words are asked with AND semantics (the engine's); the peers are also
 * asked with OR, their default, shown as "system (OR)".
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { codeCorpus, packageRepositories } from "./code-corpus.mjs";
import { readNdjson } from "./corpora.mjs";
import { DEFAULT_SEED } from "./generate.mjs";
import { and, or, query, term } from "./query-ir.mjs";
import { fmt, table } from "./report.mjs";
import { codeTasks, wordTasks } from "./known-item.mjs";
import { flatten, idKey } from "./schema.mjs";
import { engineAvailable } from "./systems/forgesearch.mjs";
import { createSystem } from "./systems/index.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..");
const TOP = 30;

/** Rank (1-based) of each task's target in each system's top 30, or null. */
async function evaluate(systemName, task, related, options) {
  const system = await createSystem(systemName, { stub: options.stub, queries: [], now: Date.UTC(2026, 11, 31) });
  const docs = system.input === "docs" ? task.records.map((r) => flatten(task.kind, r)) : undefined;
  await system.prepare?.({ related });
  await system.build({ kind: task.kind, records: task.records, docs });
  const modes = systemName === "forgesearch" ? ["and"] : ["and", "or"];
  const out = [];
  for (const mode of modes) {
    const ranks = [];
    for (const [n, t] of task.tasks.entries()) {
      const terms = t.words.map(term);
      if (mode === "or" && terms.length === 1) continue;
      const text = terms.length === 1 ? terms[0] : mode === "and" ? and(...terms) : or(...terms);
      const q = query({ id: `${task.name}.${n}`, kind: task.kind, shape: "known item", text });
      let ids = [];
      try {
        ids = (await system.query(q, { limit: TOP })).ids.map(idKey);
      } catch (error) {
        if (ranks.length === 0) console.log(`${systemName}: ${task.name}: ${error.message}`);
      }
      const at = ids.indexOf(t.target);
      ranks.push(at < 0 ? null : at + 1);
    }
    if (ranks.length) out.push({ system: mode === "or" ? `${systemName} (OR)` : systemName, ranks });
  }
  system.release();
  return out;
}

export function metrics(ranks) {
  const n = ranks.length;
  return {
    queries: n,
    mrr10: ranks.reduce((s, r) => s + (r !== null && r <= 10 ? 1 / r : 0), 0) / n,
    recall1: ranks.filter((r) => r === 1).length / n,
    recall10: ranks.filter((r) => r !== null && r <= 10).length / n,
    recall30: ranks.filter((r) => r !== null && r <= TOP).length / n,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      real: { type: "string", default: path.resolve(repoRoot, "../shared/corpus/real") },
      items: { type: "string", default: "200" },
      code: { type: "string", default: "2000" },
      seed: { type: "string", default: String(DEFAULT_SEED) },
      systems: { type: "string", default: "forgesearch,minisearch,orama,lunr" },
      stub: { type: "boolean", default: false },
      out: { type: "string", default: path.join(here, "results") },
    },
  });
  if (!existsSync(path.join(values.real, "issues.ndjson"))) {
    console.log(`real corpus not found at ${values.real}: nothing to rank`);
    return;
  }
  const items = Number(values.items);
  const seed = Number(values.seed);
  let systems = values.systems.split(",").filter(Boolean);
  if (systems.includes("forgesearch") && !values.stub) {
    const available = await engineAvailable();
    if (available !== true) {
      console.log(`forgesearch left out: ${available}`);
      systems = systems.filter((s) => s !== "forgesearch");
    }
  }

  const repositories = readNdjson(path.join(values.real, "repositories.ndjson"));
  const users = readNdjson(path.join(values.real, "users.ndjson"));
  const pulls = readNdjson(path.join(values.real, "issues.ndjson"));
  const commits = readNdjson(path.join(values.real, "commits.ndjson"));
  const subject = (c) => c.commit.message.split("\n")[0];
  const taskSets = [
    {
      set: wordTasks({ name: "pull requests", kind: "issues", records: pulls, keyText: (r) => r.title, indexText: (r) => `${r.title}\n${r.body ?? ""}`, items, seed }),
      related: { repositories, users },
    },
    {
      // Merge commits have templated subjects; the rest are written by people.
      set: wordTasks({ name: "commits", kind: "commits", records: commits.filter((c) => (c.parents ?? []).length <= 1), keyText: subject, indexText: (c) => c.commit.message, items, seed }),
      related: { repositories, users },
    },
  ];
  const codeCount = Number(values.code);
  if (codeCount > 0) {
    const code = codeCorpus({ count: codeCount, seed });
    taskSets.push({ set: codeTasks({ records: code, items, seed }), related: { repositories: packageRepositories(code) } });
  }

  const report = { startedAt: new Date().toISOString(), seed, items, systems, tasks: [] };
  const md = [`# Known-item ranking, ${report.startedAt}`, ""];
  for (const { set, related } of taskSets) {
    console.log(`${set.name}: ${set.records.length} records, ${set.tasks.length} queries, e.g. ${set.tasks.slice(0, 3).map((t) => JSON.stringify(t.words.join(" "))).join(", ")}`);
    const rows = [];
    const results = [];
    for (const s of systems) {
      for (const r of await evaluate(s, set, related, { stub: values.stub })) {
        const m = metrics(r.ranks);
        results.push({ system: r.system, ...m, ranks: r.ranks });
        rows.push([r.system, m.queries, fmt(m.mrr10, 3), fmt(m.recall1, 3), fmt(m.recall10, 3), fmt(m.recall30, 3)]);
      }
    }
    const section = `## ${set.name} (${set.records.length} records, ${set.tasks.length} known-item queries)\n\n${table(["system", "queries", "MRR@10", "recall@1", "recall@10", "recall@30"], rows)}`;
    console.log(`\n${section}\n`);
    md.push(section, "");
    report.tasks.push({ name: set.name, records: set.records.length, queries: set.tasks, results });
  }
  mkdirSync(values.out, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, "-");
  writeFileSync(path.join(values.out, `ranking-${stamp}.json`), JSON.stringify(report, null, 2));
  writeFileSync(path.join(values.out, `ranking-${stamp}.md`), md.join("\n"));
  writeFileSync(path.join(values.out, "ranking-latest.md"), md.join("\n"));
  console.log(`results: ${path.relative(process.cwd(), path.join(values.out, `ranking-${stamp}.md`))}`);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
