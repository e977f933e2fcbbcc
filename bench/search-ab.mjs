#!/usr/bin/env node
/**
 * Two builds searching one saved index in one process, their searches taken in turns (A then B, then
 * B then A): a change to the search path compared under the same machine load, the same heap state
 * and the same query order. On a shared two-core machine two processes of the same build differed by
 * up to 45 % in the mean of each query's fastest time, one build opened twice here by 0.4 % (bench/README.md).
 *
 * Queries: the 2–3-word AND set of `bench/scale.mjs` (the warm-up words, then other words measured),
 * plus `--extra "q1;q2"` (a query with `=` in it is read as URL parameters: `q=is:open&sort=created`).
 * Prints per build: the sum of each query's fastest time (what the search itself costs, the machine's
 * noise mostly left out), mean, p50, p90, p99 and the longest of all searches, and of the first round
 * alone (each query's first search, as `bench/scale.mjs` measures its AND p99); with `--each`, every
 * query's fastest time per build. Answers (total_count, numbers and scores of the page) are compared
 * between the builds and between rounds: any difference is printed.
 *
 * Usage (build each first; a build is a folder holding dist/index.js's folder, e.g. a git worktree's dist):
 *   node --expose-gc --max-old-space-size=20000 bench/search-ab.mjs --index DIR --a DIST_A --b DIST_B
 *     [--rounds 5] [--extra "the;pull"] [--each]
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { WORDS } from "./generate.mjs";
import { mulberry32 } from "./random.mjs";

const { values: opts } = parseArgs({
  options: {
    index: { type: "string" },
    a: { type: "string" },
    b: { type: "string" },
    rounds: { type: "string", default: "5" },
    extra: { type: "string", default: "" },
    each: { type: "boolean", default: false },
  },
});
if (!opts.index || !opts.a || !opts.b) throw new Error("--index, --a and --b are required");

const options = { rateLimit: false, timeLimitMs: 3_600_000, now: () => Date.UTC(2026, 11, 31) };
const builds = [path.resolve(opts.a), path.resolve(opts.b)];
const engines = [];
for (const dist of builds) {
  const { SearchEngine } = await import(pathToFileURL(path.join(dist, "index.js")).href);
  engines.push(await SearchEngine.open(opts.index, options));
}

/** The AND set of bench/scale.mjs: mid-frequency words of the generator, two or three per query. */
function queryWords(seed) {
  const rng = mulberry32(seed);
  const words = WORDS.filter((w) => /^[a-z]{4,}$/.test(w));
  const pick = () => words[30 + Math.floor(rng() * 400)];
  return Array.from({ length: 40 }, (_, i) => Array.from({ length: 2 + (i % 2) }, pick).join(" "));
}
const paramsOf = (q) => ({ per_page: 30, ...(q.includes("=") ? Object.fromEntries(new URLSearchParams(q)) : { q }) });
const answerOf = (res) => JSON.stringify([res.total_count, res.items.map((item) => `${item.number}:${item.score}`)]);

for (const engine of engines) for (const q of [...queryWords(4242), ...queryWords(77)]) await engine.search("issues", paramsOf(q));
const queries = [...queryWords(4343), ...queryWords(991), ...opts.extra.split(";").filter(Boolean)];
const times = engines.map(() => []);
// The first round searches words each engine has not searched yet: its lists, bounds and records read for the first time.
const firstTimes = engines.map(() => []);
const fastest = engines.map(() => new Map());
const answers = engines.map(() => new Map());
for (let round = 0; round < Number(opts.rounds); round++) {
  for (const q of queries) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const started = performance.now();
      const res = await engines[i].search("issues", paramsOf(q));
      const ms = performance.now() - started;
      times[i].push(ms);
      if (round === 0) firstTimes[i].push(ms);
      fastest[i].set(q, Math.min(fastest[i].get(q) ?? Infinity, ms));
      const answer = answerOf(res);
      if (answers[i].has(q) && answers[i].get(q) !== answer) console.log(`build ${"AB"[i]}: the answer to "${q}" changed between rounds`);
      answers[i].set(q, answer);
    }
  }
}
for (const q of queries) if (answers[0].get(q) !== answers[1].get(q)) console.log(`the builds answer "${q}" differently`);

const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
engines.forEach((_, i) => {
  const sorted = [...times[i]].sort((x, y) => x - y);
  const sum = [...fastest[i].values()].reduce((n, t) => n + t, 0);
  const mean = sorted.reduce((n, t) => n + t, 0) / sorted.length;
  const first = [...firstTimes[i]].sort((x, y) => x - y);
  console.log(`${"AB"[i]} ${builds[i]}: fastest per query, summed ${sum.toFixed(0)} ms | ${sorted.length} searches: mean ${mean.toFixed(2)}, p50 ${at(sorted, 0.5)}, p90 ${at(sorted, 0.9)}, p99 ${at(sorted, 0.99)}, longest ${at(sorted, 1)} ms | first round: p50 ${at(first, 0.5)}, p90 ${at(first, 0.9)}, longest ${at(first, 1)} ms`);
});
if (opts.each) for (const q of queries) console.log(`${q.padEnd(40)} ${fastest.map((f) => f.get(q).toFixed(1).padStart(7)).join(" ")}`);
