#!/usr/bin/env node
/**
 * The hardening figures: how far past `timeLimitMs` a whole search runs on a large issue corpus,
 * what the first search after a burst of adds costs, how long the loop stalls after one repository
 * changes visibility, and how much memory a load of a large file of garbage lines holds.
 *
 * Usage (build first): npm run build && node --expose-gc bench/hardening.mjs [--issues 200000] [--garbage-mb 1024]
 * (--issues 0 skips the search figures; --garbage-mb 0 the garbage load)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { SearchEngine } from "../dist/index.js";
import { createWorld } from "./generate.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(args[i + 1]);
};
const ISSUES = option("issues", 200_000);
const GARBAGE_MB = option("garbage-mb", 1024);
const LIMIT_MS = 50;
const REPOSITORIES = 2000;

/** Elapsed wall time and the longest event-loop stall while `run` runs. */
async function measured(run) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const start = performance.now();
  const result = await run();
  const ms = performance.now() - start;
  histogram.disable();
  return { ms, stallMs: histogram.max / 1e6, result };
}

async function searchFigures() {
  const world = createWorld({ repositories: REPOSITORIES, users: 20_000 });
  const engine = new SearchEngine({ rateLimit: false, timeLimitMs: LIMIT_MS });
  for (const r of world.repositories(REPOSITORIES)) engine.add("repositories", r);
  let added = 0;
  for (const issue of world.issues(ISSUES)) {
    engine.add("issues", issue);
    added++;
  }
  console.log(`corpus: ${added} issues in ${REPOSITORIES} repositories; timeLimitMs ${LIMIT_MS}`);

  const first = await measured(() => engine.search("issues", { q: "error" }));
  console.log(`first search (indexing ${added} pending, limit ${LIMIT_MS} ms): ${first.ms.toFixed(0)} ms, incomplete=${first.result.incomplete_results}, longest stall ${first.stallMs.toFixed(0)} ms`);
  while ((await engine.search("issues", { q: "error" })).incomplete_results) await new Promise((r) => setTimeout(r, 50));

  const queries = [
    { q: "the" }, { q: "error" }, { q: "is:open" }, { q: "is:issue" }, { q: "the", sort: "created" }, { q: "is:open", sort: "comments" },
    { q: "error fails" }, { q: '"stack trace"' }, { q: "label:bug" }, { q: "the OR a OR to" },
  ];
  let worstOver = -Infinity;
  let incomplete = 0;
  let completeButLate = 0;
  let longestStall = 0;
  for (const params of queries) {
    for (let i = 0; i < 3; i++) {
      const { ms, stallMs, result } = await measured(() => engine.search("issues", { ...params, per_page: 100 }, { accept: "application/vnd.github.text-match+json" }));
      worstOver = Math.max(worstOver, ms - LIMIT_MS);
      longestStall = Math.max(longestStall, stallMs);
      if (result.incomplete_results) incomplete++;
      else if (ms > LIMIT_MS) completeButLate++;
    }
  }
  console.log(`broad queries x3: worst elapsed ${(LIMIT_MS + worstOver).toFixed(1)} ms (limit + ${worstOver.toFixed(1)} ms), incomplete ${incomplete}/${queries.length * 3}, complete but past the limit ${completeButLate}, longest stall ${longestStall.toFixed(0)} ms`);

  // A burst of adds, then a search with the deadline.
  const burst = createWorld({ repositories: REPOSITORIES, users: 20_000, seed: 7 });
  let n = 0;
  for (const issue of burst.issues(30_000)) engine.add("issues", { ...issue, number: 1_000_000 + n++ });
  const afterBurst = await measured(() => engine.search("issues", { q: "error" }));
  console.log(`first search after adding 30,000 issues: ${afterBurst.ms.toFixed(0)} ms, incomplete=${afterBurst.result.incomplete_results}, longest stall ${afterBurst.stallMs.toFixed(0)} ms`);
  while ((await engine.search("issues", { q: "error" })).incomplete_results) await new Promise((r) => setTimeout(r, 50));

  // One repository turns private: its issues' joined columns refresh, nothing else.
  const [repo] = world.repositories(1);
  engine.add("repositories", { ...repo, private: true, visibility: "private" });
  const afterRepo = await measured(() => engine.search("issues", { q: "error" }));
  console.log(`first search after one repository turned private: ${afterRepo.ms.toFixed(1)} ms, longest stall ${afterRepo.stallMs.toFixed(1)} ms`);
}

if (ISSUES > 0) await searchFigures();

// A file of garbage lines: memory must stay flat.
if (GARBAGE_MB > 0) {
  const dir = await mkdtemp(join(tmpdir(), "forgesearch-garbage-"));
  const file = join(dir, "issues.ndjson");
  const out = createWriteStream(file);
  const line = `${"not json at all, ".repeat(6)}\n`;
  const chunk = line.repeat(Math.floor((1 << 20) / line.length));
  for (let mb = 0; mb < GARBAGE_MB; mb++) if (!out.write(chunk)) await new Promise((r) => out.once("drain", r));
  await new Promise((r) => out.end(r));
  const loader = new SearchEngine({ rateLimit: false });
  // What the load keeps alive: the heap after a full collection, every 64 MB read.
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const retained = [];
  let nextSample = 0;
  const onProgress = (bytesRead) => {
    if (bytesRead < nextSample) return;
    nextSample += 64 * 2 ** 20;
    globalThis.gc?.();
    retained.push(process.memoryUsage().heapUsed - before);
  };
  const start = performance.now();
  const report = await loader.load(dir, { onProgress });
  const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);
  console.log(
    `garbage load: ${GARBAGE_MB} MB, ${report.problemCount} problems counted, ${report.errors.length} kept, ${((performance.now() - start) / 1000).toFixed(1)} s; ` +
      `heap retained after GC, every 64 MB: ${retained.map(mb).join(", ")} MB`,
  );
  await rm(dir, { recursive: true, force: true });
}
