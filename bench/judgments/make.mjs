#!/usr/bin/env node
/**
 * Judged query sets from real data, written here as NDJSON query sets and TREC
 * qrels (`npm run judgments`). How each task is built: README.md in this folder.
 *
 *   node bench/judgments/make.mjs [--corpus ../shared/corpus] [--out bench/judgments] [--items 200] [--seed N]
 *
 * Reads <corpus>/real (repositories, pull requests, commits) and
 * <corpus>/gharchive (a GH Archive sample, turned into the small dump
 * gharchive/ written next to the judgments). Seeded: the same corpus gives the
 * same files.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readNdjson } from "../corpora.mjs";
import { DEFAULT_SEED } from "../generate.mjs";
import { distinctiveWords, documentFrequency, tokens, wordTasks } from "../known-item.mjs";
import { hashString, mulberry32, sample } from "../random.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Item keys as the engine names them (README: "Item keys"). */
export const itemKey = {
  issues: (r) => `${r.repository}#${r.number}`.toLowerCase(),
  commits: (r) => `${r.repository}@${r.sha}`.toLowerCase(),
};

const subjectOf = (c) => c.commit.message.split("\n")[0];
const MERGE = /^Merge pull request #(\d+) from /;
/** A pull request body (or commit) naming the issue it closes, as the hosting site recognises it. */
const CLOSES = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\b:?\s+#(\d+)\b/gi;
const DUPLICATE = /\bduplicate of #(\d+)\b/i;

function writeTask(out, task) {
  const queries = task.queries.map((q) => JSON.stringify({ id: q.id, endpoint: task.endpoint, q: q.q })).join("\n");
  const qrels = task.queries.flatMap((q) => q.judged.map(([key, grade]) => `${q.id} 0 ${key} ${grade}`)).join("\n");
  writeFileSync(path.join(out, `${task.name}.queries.ndjson`), `${queries}\n`);
  writeFileSync(path.join(out, `${task.name}.qrels`), `${qrels}\n`);
  console.log(`${task.name}: ${task.queries.length} queries, ${task.queries.reduce((n, q) => n + q.judged.length, 0)} judgments (data: ${task.data})`);
  return { name: task.name, endpoint: task.endpoint, data: task.data, queries: task.queries.length, description: task.description };
}

/** Known-item tasks of the ranking benchmark, with item keys as judgments. */
function knownItem({ name, endpoint, records, keyText, indexText, items, seed, key, data, prefix }) {
  const set = wordTasks({ name, kind: endpoint, records, keyText, indexText, items, seed });
  const byId = new Map(records.map((r) => [String(endpoint === "commits" ? r.sha : r.id), r]));
  return {
    name,
    endpoint,
    data,
    description: `known item: 2-3 distinctive words of the ${endpoint === "commits" ? "subject" : "title"} find the record`,
    queries: set.tasks.map((t, i) => ({ id: `${prefix}${i + 1}`, q: t.words.join(" "), judged: [[key(byId.get(t.target)), 1]] })),
  };
}

/** Every ancestor of `sha` (itself included) within one repository's commits. */
function ancestors(sha, bySha, stop) {
  const seen = new Set();
  const todo = [sha];
  while (todo.length) {
    const s = todo.pop();
    if (seen.has(s) || stop?.has(s) || !bySha.has(s)) continue;
    seen.add(s);
    for (const p of bySha.get(s).parents ?? []) todo.push(p.sha);
  }
  return seen;
}

/**
 * Commit → pull request: a commit of a pull request's branch (reachable from
 * the merge's second parent, not from its first), asked with its subject's
 * distinctive words OR'd, must find the pull request that merged it (grade 2);
 * a pull request that merged it only as part of a larger branch is grade 1.
 */
function commitToPull({ pulls, commits, items, seed }) {
  const prs = new Map(pulls.map((p) => [itemKey.issues(p), p]));
  const byRepo = new Map();
  for (const c of commits) byRepo.set(c.repository, [...(byRepo.get(c.repository) ?? []), c]);
  const mergedBy = new Map(); // commit sha → [{ pr key, size of the merged set }]
  const branchOf = new Map(); // pr key → non-merge commits it merged
  for (const [repo, list] of byRepo) {
    const bySha = new Map(list.map((c) => [c.sha, c]));
    for (const merge of list) {
      const m = MERGE.exec(subjectOf(merge));
      const pr = m && prs.get(`${repo}#${m[1]}`.toLowerCase());
      if (!pr || (merge.parents ?? []).length !== 2) continue;
      const base = ancestors(merge.parents[0].sha, bySha);
      const merged = [...ancestors(merge.parents[1].sha, bySha, base)];
      const key = itemKey.issues(pr);
      branchOf.set(key, merged.map((s) => bySha.get(s)).filter((c) => (c.parents ?? []).length <= 1));
      for (const s of merged) {
        if (!mergedBy.has(s)) mergedBy.set(s, []);
        mergedBy.get(s).push({ key, size: merged.length });
      }
    }
  }
  const df = documentFrequency(commits.map((c) => c.commit.message));
  const rng = mulberry32(hashString(`${seed}:commit-to-pull`));
  const queries = [];
  for (const [key, branch] of sample(rng, [...branchOf].sort((a, b) => (a[0] < b[0] ? -1 : 1)), branchOf.size)) {
    if (queries.length >= items) break;
    const title = prs.get(key).title.toLowerCase();
    // A subject that is the pull request's title is the known-item task; this one asks across the vocabulary gap.
    const candidates = branch.filter((c) => subjectOf(c).toLowerCase() !== title);
    if (!candidates.length) continue;
    const commit = candidates[Math.floor(rng() * candidates.length)];
    const words = distinctiveWords(subjectOf(commit), df, rng);
    if (!words) continue;
    const by = [...mergedBy.get(commit.sha)].sort((a, b) => a.size - b.size);
    const judged = by.map((x, i) => [x.key, i === 0 || x.size === by[0].size ? 2 : 1]);
    queries.push({ id: `cp${queries.length + 1}`, q: words.join(" OR "), judged });
  }
  return {
    name: "commit-to-pull",
    endpoint: "issues",
    data: "real",
    description: "commit → pull request: a branch commit's subject words (OR) find the pull request that merged it",
    queries,
  };
}

/** The issues and pull requests of a GH Archive sample as a dump (latest state of each), with their comments and repositories. */
function gharchiveDump(events) {
  const items = new Map();
  const comments = new Map();
  const repositories = new Map();
  for (const e of events) {
    const p = e.payload ?? {};
    const raw = p.issue ?? p.pull_request;
    if (!raw?.number) continue;
    const repo = e.repo.name;
    const [owner, name] = repo.split("/");
    repositories.set(repo, { id: e.repo.id, name, full_name: repo, owner: { login: owner }, private: false, html_url: `https://github.com/${repo}` });
    const isPull = Boolean(p.pull_request || raw.pull_request);
    const record = {
      id: raw.id,
      number: raw.number,
      title: raw.title ?? "",
      body: raw.body ?? "",
      user: raw.user ? { login: raw.user.login, id: raw.user.id } : null,
      state: raw.state,
      locked: Boolean(raw.locked),
      comments: raw.comments ?? 0,
      labels: (raw.labels ?? []).map((l) => ({ name: l.name })),
      created_at: raw.created_at,
      updated_at: raw.updated_at,
      closed_at: raw.closed_at ?? null,
      html_url: raw.html_url,
      repository: repo,
      ...(isPull && { pull_request: { merged_at: raw.merged_at ?? raw.pull_request?.merged_at ?? null, html_url: raw.html_url } }),
    };
    items.set(itemKey.issues(record), record);
    if (p.comment && e.type === "IssueCommentEvent") {
      comments.set(p.comment.id, { id: p.comment.id, issue_url: raw.url, body: p.comment.body ?? "", user: { login: p.comment.user?.login }, created_at: p.comment.created_at, updated_at: p.comment.updated_at });
    }
  }
  return { items: [...items.values()], comments: [...comments.values()], repositories: [...repositories.values()] };
}

/**
 * Issue → closing pull request: an issue's title words (OR) must find the pull
 * request whose body says it closes, fixes or resolves it (grade 2); another
 * item of the repository that names the issue (#N) is grade 1.
 */
function issueToPull({ items, comments }) {
  const byKey = new Map(items.map((r) => [itemKey.issues(r), r]));
  const df = documentFrequency(items.map((r) => `${r.title}\n${r.body}`));
  const queries = [];
  for (const issue of items.filter((r) => !r.pull_request)) {
    const ref = new RegExp(`#${issue.number}\\b`);
    const judged = [];
    for (const other of items) {
      if (other === issue || other.repository !== issue.repository) continue;
      const closes = other.pull_request && [...(other.body ?? "").matchAll(CLOSES)].some((m) => Number(m[1]) === issue.number);
      if (closes) judged.push([itemKey.issues(other), 2]);
      else if (ref.test(`${other.title}\n${other.body}`)) judged.push([itemKey.issues(other), 1]);
    }
    if (!judged.some(([, g]) => g === 2)) continue;
    const words = [...new Set(tokens(issue.title))].filter((w) => w.length >= 3).sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : 1)).slice(0, 3);
    if (!words.length) continue;
    queries.push({ id: `ip${queries.length + 1}`, q: words.join(" OR "), judged });
  }
  const duplicates = items.filter((r) => DUPLICATE.test(r.body ?? "") || r.labels.some((l) => /duplicate/i.test(l.name))).length + comments.filter((c) => DUPLICATE.test(c.body)).length;
  return {
    task: {
      name: "issue-to-pull",
      endpoint: "issues",
      data: "gharchive",
      description: "issue → closing pull request: the issue's title words (OR) find the pull request that closes it",
      queries,
    },
    duplicates,
    byKey,
  };
}

function main() {
  const { values } = parseArgs({
    options: {
      corpus: { type: "string", default: path.resolve(here, "../../../shared/corpus") },
      out: { type: "string", default: here },
      items: { type: "string", default: "200" },
      seed: { type: "string", default: String(DEFAULT_SEED) },
    },
  });
  const items = Number(values.items);
  const seed = Number(values.seed);
  const real = path.join(values.corpus, "real");
  const pulls = readNdjson(path.join(real, "issues.ndjson"));
  const commits = readNdjson(path.join(real, "commits.ndjson"));
  if (!pulls.length || !commits.length) throw new Error(`no real corpus at ${real}`);
  const events = readFileSync(path.join(values.corpus, "gharchive", "2021-07-21-few-hours.json"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

  const out = values.out;
  mkdirSync(out, { recursive: true });
  const dump = gharchiveDump(events);
  const dumpDir = path.join(out, "gharchive");
  mkdirSync(dumpDir, { recursive: true });
  const ndjson = (records) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
  writeFileSync(path.join(dumpDir, "issues.ndjson"), ndjson(dump.items));
  writeFileSync(path.join(dumpDir, "comments.ndjson"), ndjson(dump.comments));
  writeFileSync(path.join(dumpDir, "repositories.ndjson"), ndjson(dump.repositories));
  console.log(`gharchive dump: ${dump.items.length} issues and pull requests, ${dump.comments.length} comments, ${dump.repositories.length} repositories`);

  const closing = issueToPull(dump);
  const realDuplicates = pulls.filter((p) => DUPLICATE.test(p.body ?? "")).length;
  console.log(`duplicates ("Duplicate of #N" or a duplicate label): ${closing.duplicates} in the GH Archive sample, ${realDuplicates} in the real corpus: no duplicate task`);

  const titleTask = (name, records, data, prefix) =>
    knownItem({ name, endpoint: "issues", records, keyText: (r) => r.title, indexText: (r) => `${r.title}\n${r.body ?? ""}`, items, seed, key: itemKey.issues, data, prefix });
  const tasks = [
    titleTask("known-item-pulls", pulls, "real", "kp"),
    knownItem({
      name: "known-item-commits",
      endpoint: "commits",
      // Merge commits have templated subjects; the rest are written by people.
      records: commits.filter((c) => (c.parents ?? []).length <= 1),
      keyText: subjectOf,
      indexText: (c) => c.commit.message,
      items,
      seed,
      key: itemKey.commits,
      data: "real",
      prefix: "kc",
    }),
    commitToPull({ pulls, commits, items, seed }),
    titleTask("known-item-gharchive", dump.items, "gharchive", "kg"),
    closing.task,
  ];
  const manifest = tasks.map((t) => writeTask(out, t));
  writeFileSync(path.join(out, "tasks.json"), `${JSON.stringify({ seed, items, duplicates: { gharchive: closing.duplicates, real: realDuplicates }, tasks: manifest }, null, 2)}\n`);
}

main();
