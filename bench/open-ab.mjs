#!/usr/bin/env node
/**
 * Two opens compared in one process, taken in turns (A then B, then B then A): two saved indexes
 * (`--index-a`, `--index-b`: a format change) or two builds (`--a`, `--b`: a change to the open), or
 * both. On this shared two-core machine one open of the same file took 20 s in one process and 27 s in
 * another an hour later, so only opens side by side in time say which is quicker. Each engine is let
 * go and the heap collected before the next open. The first open of a process was the slowest whichever
 * build made it (at 10M, 189-192 s against 129-145 s for the second): each line says the open's place,
 * and opens are best compared at the same place (builds swapped between runs).
 *
 * Prints per side: each open's wall and CPU seconds, longest event-loop delay, full collections (how
 * many, the longest pause) and the gaps between turns of a 1 ms timer over 30 and 50 ms; then the
 * median of each and the ratio B / A; and checks that both sides answer a few searches the same.
 *
 * Usage (build first): node --expose-gc --max-old-space-size=20000 bench/open-ab.mjs
 *   --index-a DIR [--index-b DIR] [--a DIST] [--b DIST] [--rounds 3]
 */
import path from "node:path";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: opts } = parseArgs({
  options: {
    "index-a": { type: "string" },
    "index-b": { type: "string" },
    a: { type: "string", default: new URL("../dist", import.meta.url).pathname },
    b: { type: "string" },
    rounds: { type: "string", default: "3" },
  },
});
if (!opts["index-a"]) throw new Error("--index-a is required");
if (!global.gc) throw new Error("run with --expose-gc");

const options = { rateLimit: false, timeLimitMs: 3_600_000, now: () => Date.UTC(2026, 11, 31) };
const sides = [];
for (const [dist, index] of [
  [opts.a, opts["index-a"]],
  [opts.b ?? opts.a, opts["index-b"] ?? opts["index-a"]],
]) {
  const { SearchEngine } = await import(pathToFileURL(path.join(path.resolve(dist), "index.js")).href);
  sides.push({ SearchEngine, index, name: `${path.basename(path.resolve(dist, ".."))}:${path.basename(index)}`, runs: [], answers: undefined });
}

const QUERIES = ["pull within", "the", "is:issue sort:created", "is:open label:bug", "xyzzy OR within"];

/** Opens done so far in this process. */
let opened = 0;

async function openOnce(side) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const fullCollections = [];
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections.push(entry.duration);
  });
  collections.observe({ entryTypes: ["gc"] });
  const gaps = [];
  let lastTurn = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - lastTurn > 30) gaps.push(now - lastTurn);
    lastTurn = now;
  }, 1);
  const [t0, c0] = [performance.now(), process.cpuUsage()];
  const engine = await side.SearchEngine.open(side.index, options);
  const cpu = process.cpuUsage(c0);
  clearInterval(timer);
  // Entries of the last collections are handed over after a turn.
  await new Promise((resolve) => setImmediate(resolve));
  collections.disconnect();
  const run = {
    wall: (performance.now() - t0) / 1000,
    cpu: (cpu.user + cpu.system) / 1e6,
    delay: delay.max / 1e6,
    full: fullCollections.length,
    longestFull: Math.max(0, ...fullCollections),
    over30: gaps.length,
    over50: gaps.filter((g) => g > 50).length,
  };
  delay.disable();
  const answers = [];
  for (const q of QUERIES) {
    const res = await engine.search("issues", { q, per_page: 10 });
    answers.push(JSON.stringify([res.total_count, res.items.map((item) => `${item.number}:${item.score}`)]));
  }
  side.answers ??= answers;
  if (JSON.stringify(side.answers) !== JSON.stringify(answers)) console.log(`${side.name}: answers differ between rounds`);
  side.runs.push(run);
  console.log(
    `${side.name}: open #${++opened} ${run.wall.toFixed(1)} s, CPU ${run.cpu.toFixed(1)} s, longest delay ${run.delay.toFixed(1)} ms, ` +
      `${run.full} full collections (longest ${run.longestFull.toFixed(1)} ms), gaps over 30 / 50 ms ${run.over30} / ${run.over50}`,
  );
}

for (let round = 0; round < Number(opts.rounds); round++) {
  for (const side of round % 2 ? [...sides].reverse() : sides) {
    await openOnce(side);
    // The engine is let go before the other side opens: both meet the same heap.
    for (let i = 0; i < 3; i++) global.gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = sides.map((s) => ({ name: s.name, ...Object.fromEntries(["wall", "cpu", "delay", "full", "longestFull"].map((k) => [k, median(s.runs.map((r) => r[k]))])) }));
for (const s of summary) {
  console.log(`${s.name}: median open ${s.wall.toFixed(1)} s, CPU ${s.cpu.toFixed(1)} s, longest delay ${s.delay.toFixed(1)} ms, ${s.full} full collections (longest ${s.longestFull.toFixed(1)} ms)`);
}
console.log(`B / A: open ${(summary[1].wall / summary[0].wall).toFixed(3)}, CPU ${(summary[1].cpu / summary[0].cpu).toFixed(3)}`);
console.log(JSON.stringify(sides[0].answers) === JSON.stringify(sides[1].answers) ? "answers: the same" : "answers: DIFFERENT");
