#!/usr/bin/env node
/**
 * Best-match latency from a saved index of the bench generator's issues (`bench/scale.mjs --save`
 * writes one), in one process: `open`, 40 AND queries of other words to ready the code, then 40 two-
 * and three-word AND queries each run twice (the first time and again), four runs each of "and" (a
 * word in a third of the issues) and "the" (in most), and the median of seven runs of 40 more AND
 * queries. `FORGESEARCH_DIST=DIR` measures another build, so that builds can be run in turns.
 *
 * Usage (build first): node --max-old-space-size=20000 bench/search-latency.mjs --index DIR [--label NAME]
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { WORDS } from "./generate.mjs";
import { mulberry32 } from "./random.mjs";

const { values: opts } = parseArgs({ options: { index: { type: "string" }, label: { type: "string", default: "" } } });
if (!opts.index) throw new Error("--index DIR: a folder saved by bench/scale.mjs --save");
const dist = process.env.FORGESEARCH_DIST ? path.resolve(process.env.FORGESEARCH_DIST) : new URL("../dist", import.meta.url).pathname;
const { SearchEngine } = await import(pathToFileURL(path.join(dist, "index.js")).href);

/** Two- and three-word queries of mid-frequency words, as `bench/scale.mjs` draws them. */
function queryWords(seed, count = 40) {
  const rng = mulberry32(seed);
  const words = WORDS.filter((w) => /^[a-z]{4,}$/.test(w));
  const pick = () => words[30 + Math.floor(rng() * 400)];
  return Array.from({ length: count }, (_, i) => Array.from({ length: 2 + (i % 2) }, pick).join(" "));
}

const options = { rateLimit: false, timeLimitMs: 3_600_000, now: () => Date.UTC(2026, 11, 31) };
const opened = performance.now();
const engine = await SearchEngine.open(opts.index, options);
const openMs = performance.now() - opened;
const timed = async (q) => {
  const start = performance.now();
  await engine.search("issues", { q, per_page: 30 });
  return performance.now() - start;
};

for (const q of queryWords(77)) await timed(q);
const first = [];
const again = [];
for (const q of queryWords(4343)) {
  first.push(await timed(q));
  again.push(await timed(q));
}
const and = [];
const the = [];
for (let i = 0; i < 4; i++) and.push(await timed("and"));
for (let i = 0; i < 4; i++) the.push(await timed("the"));
const medians = [];
for (const q of queryWords(4242)) {
  const runs = [];
  for (let i = 0; i < 7; i++) runs.push(await timed(q));
  medians.push(runs.sort((a, b) => a - b)[3]);
}

const at = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))];
const ms = (x) => x.toFixed(1);
console.log(
  `${opts.label}${opts.label ? ": " : ""}open ${(openMs / 1000).toFixed(1)} s | AND first time p50 ${ms(at(first, 0.5))}, p99 ${ms(at(first, 0.99))} ms; ` +
    `again p50 ${ms(at(again, 0.5))}, p99 ${ms(at(again, 0.99))} ms | medians of 7: p50 ${ms(at(medians, 0.5))}, greatest ${ms(Math.max(...medians))} ms | ` +
    `"and" ${and.map(ms).join(", ")} ms | "the" ${the.map(ms).join(", ")} ms`,
);
