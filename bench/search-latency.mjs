#!/usr/bin/env node
/**
 * Best-match latency from a saved index of the bench generator's issues (`bench/scale.mjs --save`
 * writes one), in one process: `open`, 40 AND queries of other words to ready the code, then 40 two-
 * and three-word AND queries each run twice (the first time and again), four runs each of "and" (a
 * word in a third of the issues) and "the" (in most), and the median of seven runs of 40 more AND
 * queries. `FORGESEARCH_DIST=DIR` measures another build; `--against DIR` opens the index with a second
 * build in the same process as well, and every query then runs on both in turns (the first of them
 * changing from query to query): the machine's drifts fall on both alike. `--queries "a b,c d"` adds the
 * mean time of each named query over 80 runs (after 20 to warm up).
 *
 * Usage (build first): node --max-old-space-size=20000 bench/search-latency.mjs --index DIR [--label NAME]
 *   [--against DIST --against-label NAME] [--queries "Q1,Q2,…"]
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { WORDS } from "./generate.mjs";
import { mulberry32 } from "./random.mjs";

const { values: opts } = parseArgs({
  options: {
    index: { type: "string" },
    label: { type: "string", default: "" },
    against: { type: "string" },
    "against-label": { type: "string", default: "against" },
    queries: { type: "string" },
  },
});
if (!opts.index) throw new Error("--index DIR: a folder saved by bench/scale.mjs --save");
const dist = process.env.FORGESEARCH_DIST ? path.resolve(process.env.FORGESEARCH_DIST) : new URL("../dist", import.meta.url).pathname;
const builds = [{ label: opts.label, dist }];
if (opts.against) builds.push({ label: opts["against-label"], dist: path.resolve(opts.against) });

/** Two- and three-word queries of mid-frequency words, as `bench/scale.mjs` draws them. */
function queryWords(seed, count = 40) {
  const rng = mulberry32(seed);
  const words = WORDS.filter((w) => /^[a-z]{4,}$/.test(w));
  const pick = () => words[30 + Math.floor(rng() * 400)];
  return Array.from({ length: count }, (_, i) => Array.from({ length: 2 + (i % 2) }, pick).join(" "));
}

const options = { rateLimit: false, timeLimitMs: 3_600_000, now: () => Date.UTC(2026, 11, 31) };
for (const build of builds) {
  const { SearchEngine } = await import(pathToFileURL(path.join(build.dist, "index.js")).href);
  const opened = performance.now();
  build.engine = await SearchEngine.open(opts.index, options);
  build.openMs = performance.now() - opened;
  Object.assign(build, { first: [], again: [], and: [], the: [], medians: [], means: [] });
}
// The work each open leaves to the background indexer (boosts, bounds) ends before the first timing.
await new Promise((resolve) => setTimeout(resolve, 5000));
const timed = async (engine, q) => {
  const start = performance.now();
  await engine.search("issues", { q, per_page: 30 });
  return performance.now() - start;
};
/** The builds in turns, the first of them changing from one query to the next (so that neither always runs first). */
let turn = 0;
const inTurns = () => (turn++ % 2 ? [...builds].reverse() : builds);

for (const q of queryWords(77)) for (const b of builds) await timed(b.engine, q);
for (const q of queryWords(4343)) {
  for (const b of inTurns()) {
    b.first.push(await timed(b.engine, q));
    b.again.push(await timed(b.engine, q));
  }
}
for (let i = 0; i < 4; i++) for (const b of inTurns()) b.and.push(await timed(b.engine, "and"));
for (let i = 0; i < 4; i++) for (const b of inTurns()) b.the.push(await timed(b.engine, "the"));
for (const q of queryWords(4242)) {
  for (const b of inTurns()) {
    const runs = [];
    for (let i = 0; i < 7; i++) runs.push(await timed(b.engine, q));
    b.medians.push(runs.sort((x, y) => x - y)[3]);
  }
}

// Named queries: the mean of 80 runs each (20 rounds of four, after five rounds to warm up).
const named = opts.queries ? opts.queries.split(",") : [];
for (let round = 0; round < 25; round++) {
  for (const b of inTurns()) {
    named.forEach((q, i) => (b.means[i] ??= 0));
    for (const [i, q] of named.entries()) {
      let spent = 0;
      for (let run = 0; run < 4; run++) spent += await timed(b.engine, q);
      if (round >= 5) b.means[i] += spent / 80;
    }
  }
}

const at = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))];
const ms = (x) => x.toFixed(1);
for (const { label, openMs, first, again, medians, and, the, means } of builds) {
  console.log(
    `${label}${label ? ": " : ""}open ${(openMs / 1000).toFixed(1)} s | AND first time p50 ${ms(at(first, 0.5))}, p99 ${ms(at(first, 0.99))} ms; ` +
      `again p50 ${ms(at(again, 0.5))}, p99 ${ms(at(again, 0.99))} ms | medians of 7: p50 ${ms(at(medians, 0.5))}, greatest ${ms(Math.max(...medians))} ms | ` +
      `"and" ${and.map(ms).join(", ")} ms | "the" ${the.map(ms).join(", ")} ms` +
      named.map((q, i) => ` | "${q}" ${means[i].toFixed(2)} ms`).join(""),
  );
}
