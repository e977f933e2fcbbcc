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
import { hashString, mulberry32, sample } from "./random.mjs";
import { fmt, table } from "./report.mjs";
import { flatten, idKey, kindSpec } from "./schema.mjs";
import { engineAvailable } from "./systems/forgesearch.mjs";
import { createSystem } from "./systems/index.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..");
const WORD = /[\p{L}\p{N}_]+/gu;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]{5,}/g;
const TOP = 30;

const tokens = (text) => Array.from(text.matchAll(WORD), (m) => m[0].toLowerCase());

/** Document frequency of each token over the given texts. */
function documentFrequency(texts) {
  const df = new Map();
  for (const text of texts) for (const t of new Set(tokens(text))) df.set(t, (df.get(t) ?? 0) + 1);
  return df;
}

/**
 * The 2 or 3 (seeded) most distinctive words of a short text: highest idf first,
 * words of 3+ characters with a letter; null when fewer than 2 qualify.
 */
export function distinctiveWords(text, df, rng) {
  const words = [...new Set(tokens(text))].filter((w) => w.length >= 3 && /\p{L}/u.test(w));
  if (words.length < 2) return null;
  const k = Math.min(words.length, rng() < 0.5 ? 2 : 3);
  return words.sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : 1)).slice(0, k);
}

/** Known-item tasks over text records whose key text is `keyText(record)`. */
function wordTasks({ name, kind, records, keyText, indexText, items, seed }) {
  const df = documentFrequency(records.map(indexText));
  const seen = new Map();
  for (const r of records) seen.set(keyText(r).toLowerCase(), (seen.get(keyText(r).toLowerCase()) ?? 0) + 1);
  // A text shared by several records names none of them.
  const eligible = records.filter((r) => seen.get(keyText(r).toLowerCase()) === 1);
  const rng = mulberry32(hashString(`${seed}:${name}`));
  const tasks = [];
  for (const r of sample(rng, eligible, eligible.length)) {
    if (tasks.length >= items) break;
    const words = distinctiveWords(keyText(r), df, rng);
    if (words) tasks.push({ target: idKey(kindSpec(kind).id(r)), words });
  }
  return { name, kind, records, tasks };
}

/**
 * Code tasks: per sampled file, the identifier (6+ characters, not a hex string)
 * found in at most five files that it uses most often; files without one are skipped.
 */
function codeTasks({ records, items, seed }) {
  const df = new Map();
  const perFile = records.map((r) => {
    const tf = new Map();
    for (const m of r.content.matchAll(IDENTIFIER)) tf.set(m[0], (tf.get(m[0]) ?? 0) + 1);
    for (const id of new Set([...tf.keys()].map((k) => k.toLowerCase()))) df.set(id, (df.get(id) ?? 0) + 1);
    return tf;
  });
  const rng = mulberry32(hashString(`${seed}:code`));
  const order = sample(rng, records.map((_, i) => i), records.length);
  const tasks = [];
  for (const i of order) {
    if (tasks.length >= items) break;
    // Hex strings (hashes, colours) are not identifiers anyone searches for by name.
    const candidates = [...perFile[i]].filter(([id]) => (df.get(id.toLowerCase()) ?? 0) <= 5 && /[a-z]/.test(id) && !/^[0-9a-f]+$/i.test(id));
    if (!candidates.length) continue;
    candidates.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    tasks.push({ target: idKey(kindSpec("code").id(records[i])), words: [candidates[0][0]] });
  }
  return { name: "code", kind: "code", records, tasks };
}

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
