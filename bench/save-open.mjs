#!/usr/bin/env node
/**
 * Where `save` and `open` spend their time and which steps hold the event loop. Loads the dump that
 * `bench/scale.mjs` wrote for N issues (run that once first), searches once, then saves and opens
 * the index under the V8 profiler, and prints for each: wall and CPU time, the longest loop delay,
 * the CPU time of the parts named below (from the profile, a function counted with what it calls),
 * and each stretch over 30 ms in which a 1 ms timer could not run, where it began (ms into the phase;
 * a stretch from before 0 holds the profiler starting) and the functions that ran then. Also per
 * phase: the full collections it met, and how much memory array buffers took in all (their growth,
 * sampled every millisecond): V8 counts that memory and starts a full collection every few tens of
 * megabytes of it, however little of the heap itself was allocated.
 * `--index DIR` starts from that saved index instead (opened first, then saved and opened again): no
 * load, so a 10M index's save and open are measured in minutes. `--no-profile` leaves the profiler
 * off (it slows every step, and so lengthens the stretches), and prints the longest GC pause instead.
 *
 * Usage (build first): npm run build && node --expose-gc --max-old-space-size=20000 bench/save-open.mjs
 *   [--issues 100000] [--dir /tmp/forgesearch-scale] [--index DIR] [--no-profile]
 */
import { statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: opts } = parseArgs({
  options: {
    issues: { type: "string", default: "100000" },
    dir: { type: "string", default: path.join(os.tmpdir(), "forgesearch-scale") },
    index: { type: "string" },
    "no-profile": { type: "boolean", default: false },
  },
});
const dist = process.env.FORGESEARCH_DIST ? path.resolve(process.env.FORGESEARCH_DIST) : new URL("../dist", import.meta.url).pathname;
const { SearchEngine, growableBytes = () => 0 } = await import(pathToFileURL(path.join(dist, "index.js")).href);

/** The parts whose CPU time is reported: the records' frames, the store's tables, the indexes' states, collections. */
const PARTS = {
  save: ["saving", "writeRecords", "stating", "writeCollection", "runIndexer", "(garbage collector)"],
  open: ["readRecords", "restoreRecords", "restoreLinks", "restoring", "tallyRestored", "(garbage collector)"],
};
const LONG_MS = 30;
const profiling = !opts["no-profile"];

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 500 });

async function profiled(name, work) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // Stretches in which the 1 ms timer could not run, on the profiler's clock (µs).
  const gaps = [];
  let last = process.hrtime.bigint();
  const probe = setInterval(() => {
    const now = process.hrtime.bigint();
    if (now - last > BigInt(LONG_MS * 1e6)) gaps.push([Number(last / 1000n), Number(now / 1000n)]);
    last = now;
  }, 1);
  let longestGc = 0;
  let fullCollections = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longestGc = Math.max(longestGc, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections++;
    }
  });
  // Array buffers' memory taken in all during the phase: each rise of the sampled total (growable ones
  // are left out of Node's figure: the engine counts them).
  let buffersGrew = 0;
  const buffersNow = () => process.memoryUsage().arrayBuffers + growableBytes();
  let buffers = buffersNow();
  const sampleBuffers = () => {
    const now = buffersNow();
    if (now > buffers) buffersGrew += now - buffers;
    buffers = now;
  };
  const bufferProbe = setInterval(sampleBuffers, 1);
  gc.observe({ entryTypes: ["gc"] });
  await new Promise((resolve) => setTimeout(resolve, 5));
  if (profiling) await session.post("Profiler.start");
  const start = performance.now();
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const cpuStart = process.cpuUsage();
  const result = await work();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const profile = profiling ? (await session.post("Profiler.stop")).profile : undefined;
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(probe);
  clearInterval(bufferProbe);
  sampleBuffers();
  delay.disable();
  gc.disconnect();
  const heap = process.memoryUsage();
  console.log(
    `\n${name}: ${wall.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU, longest loop delay ${(delay.max / 1e6).toFixed(1)} ms, ` +
      `longest GC pause ${longestGc.toFixed(1)} ms; heap ${(heap.heapUsed / 2 ** 20).toFixed(0)} MB after; ` +
      `${fullCollections} full collections, array buffers took ${(buffersGrew / 2 ** 20).toFixed(0)} MB`,
  );
  // Each stretch with where it began, in ms from the phase's start.
  const stretch = (from, to) => `${((to - from) / 1000).toFixed(0)} ms without a turn (from ${((from - startUs) / 1000).toFixed(0)} ms)`;
  if (profile) report(profile, PARTS[name.split(" ")[0]], gaps, stretch);
  else for (const [from, to] of gaps.sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, 4)) console.log(`  ${stretch(from, to)}`);
  return result;
}

function report(profile, parts, gaps, stretch) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const label = (id) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    return `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
  };
  let at = profile.startTime;
  const times = profile.timeDeltas.map((d) => (at += d));
  const ms = (i) => (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const inPart = new Map(parts.map((p) => [p, 0]));
  profile.samples.forEach((id, i) => {
    const seen = new Set();
    for (let p = id; p !== undefined; p = parent.get(p)) {
      const name = nodes.get(p).callFrame.functionName;
      if (inPart.has(name) && !seen.has(name)) {
        seen.add(name);
        inPart.set(name, inPart.get(name) + ms(i));
      }
    }
  });
  console.log(`  CPU by part: ${[...inPart].map(([p, t]) => `${p} ${t.toFixed(0)} ms`).join(", ")}`);
  for (const [from, to] of gaps.sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, 8)) {
    const self = new Map();
    profile.samples.forEach((id, i) => {
      if (times[i] >= from && times[i] <= to) self.set(label(id), (self.get(label(id)) ?? 0) + ms(i));
    });
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(`  ${stretch(from, to)}: ${top.map(([l, t]) => `${l} ${t.toFixed(0)} ms`).join("; ")}`);
  }
}

const options = { rateLimit: false, timeLimitMs: 3_600_000 };
const dump = path.join(opts.dir, `issues-${opts.issues}`);
const saved = path.join(opts.dir, `save-open-${opts.issues}`);
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}; ${dump}`);
let engine;
if (opts.index) {
  console.log(`starting from ${opts.index}`);
  engine = await profiled("open (given)", () => SearchEngine.open(opts.index, options));
} else {
  engine = new SearchEngine(options);
  await engine.load(dump);
}
await engine.search("issues", { q: "benchmark", per_page: 1 });
globalThis.gc?.();
await rm(saved, { recursive: true, force: true });
await profiled("save", () => engine.save(saved));
console.log(`  saved file: ${(statSync(path.join(saved, "forgesearch.index")).size / 2 ** 20).toFixed(1)} MB`);
engine = undefined;
globalThis.gc?.();
await profiled("open", () => SearchEngine.open(saved, options));
await rm(saved, { recursive: true, force: true });
