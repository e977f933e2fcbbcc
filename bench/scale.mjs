#!/usr/bin/env node
/**
 * One process at scale, as someone indexing a large dump would: N generated issues written once as an
 * NDJSON dump, `engine.load()`, the first search (indexing ends there), heap + external after full
 * collections, latency of the query shapes the scale goals name, and the longest event-loop stall of
 * each phase (`monitorEventLoopDelay` at 1 ms, and the longest GC pause from a GC observer).
 * With `--save`, also `save` and `open` of the index, and the same latencies from the opened engine.
 * With `--reuse`, the saved index is kept under `--dir` and later runs open it instead of loading the
 * dump (only the opened engine's latencies then): a query change measured at 1M in seconds. A change of
 * the saved format needs a fresh save (`--save` without `--reuse` overwrites it, or delete the folder).
 * `--repeat N` (N > 1) adds rows for the same shapes searched again N times once all have run once: the
 * median and the fastest, without the first search's one-time costs (columns built when first read,
 * code run for the first time).
 * The AND shape is measured twice: as the first searches of the engine (code not yet optimised, the
 * p99 then mostly the coldest ones), and warm, over other words after a round of yet other words.
 * `--system minisearch` runs MiniSearch over the same texts (title and body) instead.
 *
 * `--changes K` (default 10,000; 0: none) adds K new issues to the loaded and to the opened engine, a
 * hundred a turn as a service's requests would, then searches (a search sees what was added, or says it
 * is incomplete), then removes them the same way and searches: the loop's longest delay through each.
 * `--warm` calls `engine.warm()` after the load and after the open (a row of its own) before the
 * searches: the first searches then run compiled code, as a service's do once it has warmed.
 * `--json FILE` also writes the figures as JSON (what `bench/run.mjs --scale N` reads).
 * `--turns MS` lists every turn of the loop over MS ms at the end, with its phase and the collections
 * inside it; `--perf FILE` (with `--turns`) also records the process with `perf` for `bench/off-cpu.mjs`,
 * which says where each such turn went on the CPU and off it (bench/turns.mjs).
 *
 * Usage (build first): npm run build && node --expose-gc --max-old-space-size=20000 bench/scale.mjs
 *   [--issues 1000000] [--dir /tmp/forgesearch-scale] [--save] [--reuse] [--warm] [--changes K] [--repeat N] [--system forgesearch|minisearch] [--json FILE]
 *   [--turns MS [--perf FILE]]
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createWorld, WORDS } from "./generate.mjs";
import { offHeapBytes } from "./memory.mjs";
import { mulberry32 } from "./random.mjs";
import { describeTurn, startTurnLog } from "./turns.mjs";

const { values: opts } = parseArgs({
  options: {
    issues: { type: "string", default: "1000000" },
    dir: { type: "string", default: path.join(os.tmpdir(), "forgesearch-scale") },
    save: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    warm: { type: "boolean", default: false },
    changes: { type: "string", default: "10000" },
    system: { type: "string", default: "forgesearch" },
    queries: { type: "string", default: "40" },
    repeat: { type: "string", default: "1" },
    json: { type: "string" },
    turns: { type: "string" },
    perf: { type: "string" },
  },
});
const N = Number(opts.issues.replace(/_/g, ""));
const dumpDir = path.join(opts.dir, `issues-${N}`);
const ms = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

// ---------------------------------------------------------------------------
// The dump, written once per size

async function writeLines(file, records) {
  const out = createWriteStream(`${file}.part`);
  for (const r of records) if (!out.write(`${JSON.stringify(r)}\n`)) await new Promise((r) => out.once("drain", r));
  await new Promise((r) => out.end(r));
  renameSync(`${file}.part`, file);
}

async function ensureDump() {
  const issuesFile = path.join(dumpDir, "issues.ndjson");
  if (existsSync(issuesFile)) return;
  mkdirSync(dumpDir, { recursive: true });
  const world = createWorld();
  const used = world.repositoriesOfIssues(N);
  const repositories = (function* () {
    const all = world.repositories();
    let i = 0;
    let next = 0;
    for (const r of all) {
      if (next < used.length && used[next] === i) {
        yield r;
        next++;
      }
      i++;
    }
  })();
  await writeLines(path.join(dumpDir, "repositories.ndjson"), repositories);
  await writeLines(issuesFile, world.issues(N));
}

// ---------------------------------------------------------------------------
// Measuring a phase: wall time, longest loop delay, longest GC pause

async function phase(work) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let longestGc = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  });
  gc.observe({ entryTypes: ["gc"] });
  histogram.enable();
  // The histogram measures from its first tick: a block at the very start of `work` would go unseen without one.
  await new Promise((r) => setTimeout(r, 5));
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const end = performance.now();
  const elapsed = end - start;
  const used = process.cpuUsage(cpuStart);
  // User + system time of every thread of the process (a worker's too), in ms.
  const cpu = (used.user + used.system) / 1000;
  // One more turn, so that a block at the very end is seen too.
  await new Promise((r) => setTimeout(r, 5));
  histogram.disable();
  gc.disconnect();
  return { result, start, end, elapsed, cpu, stall: histogram.max / 1e6, gc: longestGc };
}

/** Bytes the engine measured holds that Node's figures leave out: its growable buffers (none before it is imported). */
let uncountedBytes = () => 0;

async function memory() {
  const start = performance.now();
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  const end = performance.now();
  // The collections' performance entries come a turn later: let them go by, or the next phase's
  // observer would count these forced collections (300-500 ms at 1M) as its own.
  await new Promise((r) => setTimeout(r, 20));
  // Named once the timer has seen the turn.
  turnLog?.label("full collections forced to measure memory", start, end);
  const m = process.memoryUsage();
  // `external`: what lies outside the heap, array buffers (Buffers and typed arrays) shared or not.
  return { heap: m.heapUsed, external: offHeapBytes(m, uncountedBytes()), rss: m.rss };
}

// ---------------------------------------------------------------------------
// The query set: deterministic, from the generator's real words

function queryWords(seed = 4242) {
  const rng = mulberry32(seed);
  const words = WORDS.filter((w) => /^[a-z]{4,}$/.test(w));
  // Mid-frequency words: the head of the list matches most of the corpus, the tail almost nothing.
  const pick = () => words[30 + Math.floor(rng() * 400)];
  const out = [];
  for (let i = 0; i < Number(opts.queries); i++) out.push(Array.from({ length: 2 + (i % 2) }, pick).join(" "));
  return out;
}

/**
 * Records a phase's row; each also goes to stderr as it is measured, so that a long run that fails
 * late (out of memory at ten million) still leaves the figures it reached.
 */
function noting(rows) {
  return (what, p, extra = "") => {
    const row = { what, ms: p.elapsed, cpu: p.cpu, stall: p.stall, gc: p.gc, extra };
    rows.push(row);
    turnLog?.label(what, p.start, p.end);
    console.error(`# ${what}: ${ms(row.ms)} ms, longest loop delay ${ms(row.stall)} ms, longest GC pause ${ms(row.gc)} ms ${extra}`);
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function latencies(run, queries, rounds = 3) {
  const times = [];
  let stall = 0;
  let gcPause = 0;
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const p = await phase(() => run(q));
      times.push(p.elapsed);
      stall = Math.max(stall, p.stall);
      gcPause = Math.max(gcPause, p.gc);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), min: times[0], max: times.at(-1), stall, gc: gcPause };
}

/** Issues not in the dump: its first `k` issues under numbers past every number in it (their repositories are loaded). */
async function newIssues(k) {
  const out = [];
  if (k <= 0) return out;
  const lines = createInterface({ input: createReadStream(path.join(dumpDir, "issues.ndjson")) });
  for await (const line of lines) {
    const r = JSON.parse(line);
    const number = r.number + N;
    const repo = r.repository_url.slice("https://api.github.com/repos/".length);
    out.push({ ...r, id: r.id + N, number, node_id: `I_${(r.id + N).toString(36)}`, url: `${r.repository_url}/issues/${number}`, html_url: `https://github.com/${repo}/issues/${number}` });
    if (out.length === k) break;
  }
  lines.close();
  return out;
}

/** Runs `each` over `items` a hundred a turn: a service's changes come between other work, not in one block. */
async function inTurns(items, each) {
  for (let i = 0; i < items.length; i++) {
    each(items[i]);
    if (i % 100 === 99) await new Promise((r) => setImmediate(r));
  }
}

// ---------------------------------------------------------------------------

async function forgesearch() {
  const dist = process.env.FORGESEARCH_DIST ? path.resolve(process.env.FORGESEARCH_DIST) : new URL("../dist", import.meta.url).pathname;
  const { SearchEngine, growableBytes } = await import(pathToFileURL(path.join(dist, "index.js")).href);
  uncountedBytes = growableBytes ?? uncountedBytes;
  const options = { rateLimit: false, timeLimitMs: 3_600_000, now: () => Date.UTC(2026, 11, 31) };
  const rows = [];
  const note = noting(rows);

  const saveDir = path.join(opts.dir, `saved-${N}`);
  if (opts.reuse && existsSync(path.join(saveDir, "forgesearch.index"))) {
    const o = await phase(() => SearchEngine.open(saveDir, options));
    note("open (reused)", o);
    await warmed(o.result, "opened");
    const saved = await queriesOf(o.result, "opened");
    await changesOf(o.result, "opened");
    return { rows, perRecord: NaN, mem: await memory(), records: N, load: 0, index: 0, saved };
  }

  const base = await memory();
  let engine = new SearchEngine(options);
  const load = await phase(() => engine.load(dumpDir));
  note("load", load, `${load.result.counts.issues} issues`);
  const index = await phase(() => engine.search("issues", { q: "benchmark", per_page: 1 }));
  note("first search (indexing)", index);
  const mem = await memory();
  const perRecord = (mem.heap + mem.external - base.heap - base.external) / N;

  async function warmed(engine, label) {
    if (!opts.warm) return;
    const w = await phase(() => engine.warm());
    note(`${label}: warm()`, w, `${w.result.searches} searches`);
  }

  async function changesOf(engine, label) {
    const added = await newIssues(Number(opts.changes));
    if (!added.length) return;
    const count = async () => (await engine.search("issues", { q: "is:issue", per_page: 1 })).total_count;
    const before = await count();
    const add = await phase(async () => {
      await inTurns(added, (r) => engine.add("issues", r));
      return count();
    });
    note(`${label}: add ${added.length} issues, then search`, add, `is:issue ${before} → ${add.result}`);
    const remove = await phase(async () => {
      await inTurns(added, (r) => engine.remove("issues", `${r.repository}#${r.number}`.toLowerCase()));
      return count();
    });
    note(`${label}: remove them, then search`, remove, `is:issue → ${remove.result}`);
  }

  async function queriesOf(engine, label) {
    const search = (params) => engine.search("issues", { per_page: 30, ...params });
    const and = await latencies((q) => search({ q }), queryWords());
    note(`${label}: 2–3-word AND (${queryWords().length} × 3)`, { elapsed: and.p50, stall: and.stall, gc: and.gc }, `p50 ${ms(and.p50)} ms, p99 ${ms(and.p99)} ms`);
    // The same shape once the code it runs is optimised: other words first, then new ones measured.
    await latencies((q) => search({ q }), queryWords(77), 1);
    const warm = await latencies((q) => search({ q }), queryWords(4343));
    note(`${label}: 2–3-word AND, warm (${queryWords().length} × 3)`, { elapsed: warm.p50, stall: warm.stall, gc: warm.gc }, `p50 ${ms(warm.p50)} ms, p99 ${ms(warm.p99)} ms`);
    const common = await phase(() => search({ q: "the" }));
    note(`${label}: most frequent word "the"`, common, `total_count ${common.result.total_count}`);
    const sorted = await phase(() => search({ q: "is:issue", sort: "created" }));
    note(`${label}: is:issue sort=created`, sorted, `total_count ${sorted.result.total_count}`);
    const some = await search({ q: "is:open", per_page: 1 });
    const author = some.items[0]?.user?.login ?? "nobody";
    const qual = await latencies((q) => search({ q }), [`is:open author:${author}`, "is:closed label:bug", "is:pr is:merged"]);
    note(`${label}: qualifiers only (3 × 3)`, { elapsed: qual.p50, stall: qual.stall, gc: qual.gc }, `p50 ${ms(qual.p50)} ms, p99 ${ms(qual.p99)} ms`);
    const rounds = Number(opts.repeat);
    if (rounds > 1) {
      for (const [what, params] of [
        ['"the"', { q: "the" }],
        ["is:issue sort=created", { q: "is:issue", sort: "created" }],
        [`is:open author:${author}`, { q: `is:open author:${author}` }],
        ["is:closed label:bug", { q: "is:closed label:bug" }],
        ["is:pr is:merged", { q: "is:pr is:merged" }],
      ]) {
        const again = await latencies(() => search(params), [what], rounds);
        note(`${label}: ${what} again (${rounds} ×)`, { elapsed: again.p50, stall: again.stall, gc: again.gc }, `p50 ${ms(again.p50)} ms, fastest ${ms(again.min)} ms`);
      }
    }
    return { and, common: common.elapsed, sorted: sorted.elapsed, qual };
  }
  await warmed(engine, "loaded");
  const loaded = await queriesOf(engine, "loaded");
  await changesOf(engine, "loaded");

  let saved;
  if (opts.save || opts.reuse) {
    await rm(saveDir, { recursive: true, force: true });
    const s = await phase(() => engine.save(saveDir));
    note("save", s, `${(statSync(path.join(saveDir, "forgesearch.index")).size / 2 ** 20).toFixed(0)} MB`);
    engine = undefined;
    await memory();
    const o = await phase(() => SearchEngine.open(saveDir, options));
    note("open", o);
    engine = o.result;
    await warmed(engine, "opened");
    saved = await queriesOf(engine, "opened");
    await changesOf(engine, "opened");
    if (!opts.reuse) await rm(saveDir, { recursive: true, force: true });
  }
  return { rows, perRecord, mem, records: N, load: load.elapsed, index: index.elapsed, loaded, saved };
}

async function minisearch() {
  const { default: MiniSearch } = await import("minisearch");
  const rows = [];
  const note = noting(rows);
  const base = await memory();
  const ms = new MiniSearch({ fields: ["title", "body"], idField: "id" });
  const load = await phase(async () => {
    const lines = createInterface({ input: createReadStream(path.join(dumpDir, "issues.ndjson")) });
    let batch = [];
    for await (const line of lines) {
      const r = JSON.parse(line);
      batch.push({ id: r.id, title: r.title, body: r.body });
      if (batch.length === 1000) {
        ms.addAll(batch);
        batch = [];
      }
    }
    ms.addAll(batch);
  });
  note("read + index", load);
  const mem = await memory();
  const perRecord = (mem.heap + mem.external - base.heap - base.external) / N;
  const and = await latencies((q) => ms.search(q, { combineWith: "AND" }).slice(0, 30), queryWords());
  note("2–3-word AND", { elapsed: and.p50, stall: and.stall, gc: and.gc }, `p50 ${and.p50.toFixed(1)} ms, p99 ${and.p99.toFixed(1)} ms`);
  const common = await phase(() => ms.search("the").length);
  note('most frequent word "the"', common, `${common.result} matches`);
  return { rows, perRecord, mem, records: N, load: load.elapsed, loaded: { and, common: common.elapsed } };
}

await ensureDump();
const turnLog = opts.turns ? await startTurnLog({ over: Number(opts.turns), perf: opts.perf }) : undefined;
const dumpBytes = statSync(path.join(dumpDir, "issues.ndjson")).size;
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`);
console.log(`corpus: ${N.toLocaleString("en")} issues, ${(dumpBytes / 2 ** 20).toFixed(0)} MB of NDJSON (${Math.round(dumpBytes / N)} B per issue); system ${opts.system}`);
const result = opts.system === "minisearch" ? await minisearch() : await forgesearch();
console.log("\n| phase | time (ms) | CPU (ms) | longest loop delay (ms) | longest GC pause (ms) | |");
console.log("|---|---:|---:|---:|---:|---|");
for (const r of result.rows) console.log(`| ${r.what} | ${ms(r.ms)} | ${r.cpu === undefined ? "" : ms(r.cpu)} | ${ms(r.stall)} | ${ms(r.gc)} | ${r.extra} |`);
const build = (result.load + (result.index ?? 0)) / 1000;
// A reused index was neither loaded nor indexed here: no build rate or memory per record to report.
const buildRows = result.rows.slice(0, result.index === undefined ? 1 : 2);
const buildCpu = buildRows.reduce((sum, r) => sum + (r.cpu ?? 0), 0) / 1000;
if (build) console.log(
  `\nrecords/s (load + first search): ${Math.round(N / build).toLocaleString("en")} (${build.toFixed(1)} s wall, ${buildCpu.toFixed(1)} s CPU); ` +
    `longest loop delay / GC pause while building: ${ms(Math.max(...buildRows.map((r) => r.stall)))} / ${ms(Math.max(...buildRows.map((r) => r.gc)))} ms; heap + external after GC: ${(result.mem.heap / 2 ** 20).toFixed(0)} MB + ${(result.mem.external / 2 ** 20).toFixed(0)} MB, ` +
    `${Math.round(result.perRecord)} B per record (${(result.perRecord / (dumpBytes / N)).toFixed(2)}× the NDJSON); rss ${(result.mem.rss / 2 ** 20).toFixed(0)} MB`,
);
const longestStall = Math.max(...result.rows.map((r) => r.stall));
console.log(`longest loop delay over all phases: ${ms(longestStall)} ms`);
if (turnLog) {
  const turns = await turnLog.stop();
  console.log(`\nturns over ${opts.turns} ms, longest first (${turns.length}):`);
  for (const t of turns) console.log(`- ${describeTurn(t)}`);
  if (opts.perf) console.log(`perf: ${opts.perf} (node bench/off-cpu.mjs ${opts.perf})`);
}
if (opts.json) {
  const summary = {
    system: opts.system,
    records: N,
    dumpBytes,
    buildMs: build * 1000,
    buildCpuMs: buildCpu * 1000,
    recordsPerSecond: build ? N / build : undefined,
    bytesPerRecord: result.perRecord,
    memory: result.mem,
    buildStall: Math.max(...buildRows.map((r) => r.stall)),
    buildGc: Math.max(...buildRows.map((r) => r.gc)),
    longestStall,
    loaded: result.loaded,
    opened: result.saved,
    rows: result.rows,
  };
  writeFileSync(opts.json, JSON.stringify(summary, null, 2));
}
