#!/usr/bin/env node
/**
 * How long one heavy search holds the event loop. Builds synthetic issue-like records (default
 * 1,000,000; repositories when the engine has no issue search), runs heavy queries — a very common
 * word, qualifiers only, a sorted scan — and measures the longest stretch the loop could not run
 * other work, with a 1 ms interval probe and `perf_hooks.monitorEventLoopDelay`.
 *
 * Usage (build first): npm run build && node --max-old-space-size=12000 bench/event-loop.mjs [--records N] [--kind issues|repositories]
 */
import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import os from "node:os";
import { SearchEngine } from "../dist/index.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? fallback : args[i + 1];
};
const RECORDS = Number(option("records", 1_000_000));
const REPOSITORIES = 1000;
const USERS = 5000;

// ---------------------------------------------------------------------------
// Deterministic records

/** mulberry32: a small seeded generator, so that every run builds the same corpus. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20240601);

const VOCABULARY = (
  "error build fails when running tests on windows after upgrade the latest version crash memory leak in parser " +
  "support for new syntax add option to disable cache slow startup with large projects documentation is missing " +
  "example for config file timeout during install network request returns wrong status code unexpected token " +
  "type definitions broken since release regression in rendering of tables dark mode colors too low contrast " +
  "feature request allow custom plugins improve performance of search index refactor module loader fix typo"
).split(" ");
/** A Zipf-like pick: early words of the vocabulary are much more common. */
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 2.5)];
const words = (min, max) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, word).join(" ");
const LABELS = ["bug", "enhancement", "documentation", "question", "good first issue", "help wanted"];
const day = (n) => new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString().replace(".000Z", "Z");

function repositoryName(i) {
  return `org${i % 50}/project-${i}`;
}

function* records(kind) {
  for (let i = 0; i < USERS; i++) yield ["users", { login: `user${i}`, id: i + 1, type: "User", followers: i % 300 }];
  for (let i = 0; i < (kind === "issues" ? REPOSITORIES : RECORDS); i++) {
    const full = repositoryName(i);
    yield ["repositories", { id: 100_000 + i, full_name: full, name: full.split("/")[1], owner: { login: full.split("/")[0] }, description: words(4, 12), stargazers_count: Math.floor(random() * 5000), created_at: day(i % 3000) }];
  }
  if (kind !== "issues") return;
  for (let i = 0; i < RECORDS; i++) {
    const repo = repositoryName(i % REPOSITORIES);
    const created = i % 3000;
    yield [
      "issues",
      {
        id: 1_000_000 + i,
        number: Math.floor(i / REPOSITORIES) + 1,
        repository_url: `https://api.github.com/repos/${repo}`,
        title: words(4, 10),
        body: words(15, 60),
        user: { login: `user${Math.floor(random() * USERS)}` },
        state: random() < 0.6 ? "open" : "closed",
        labels: random() < 0.5 ? [{ name: LABELS[Math.floor(random() * LABELS.length)] }] : [],
        comments: Math.floor(random() * 20),
        created_at: day(created),
        updated_at: day(created + Math.floor(random() * 100)),
        ...(i % 3 === 0 ? { pull_request: { url: `https://api.github.com/repos/${repo}/pulls/${i}` } } : {}),
      },
    ];
  }
}

// ---------------------------------------------------------------------------
// Measurement

/**
 * Where the longest stretch without a pause ended: the engine pauses through `setImmediate` between
 * blocks of collection and of ranking, so each stretch runs from one resumption to the next pause
 * (or to the end of the search), and the stack of the next pause names the stage that ran it.
 */
function stretchRecorder() {
  const original = globalThis.setImmediate;
  let longest = { ms: 0, site: "" };
  let resumed = performance.now();
  let site = "before the first pause (parse, resolve, plan, refresh)";
  const note = (ms, where) => {
    if (ms > longest.ms) longest = { ms, site: where };
  };
  globalThis.setImmediate = (callback, ...rest) => {
    const stage = /at (collect|topKInBlocks|SearchEngine\.\w+)/.exec(new Error().stack ?? "")?.[1] ?? "elsewhere";
    note(performance.now() - resumed, `${site} → pause in ${stage}`);
    return original(() => {
      resumed = performance.now();
      site = `after a pause in ${stage}`;
      callback(...rest);
    });
  };
  return () => {
    note(performance.now() - resumed, `${site} → end (render)`);
    globalThis.setImmediate = original;
    return longest;
  };
}

/** Runs `work` while probing the loop; returns how long it took, the longest block seen and the GC pauses in it. */
async function probe(work) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let longestGc = 0;
  let totalGc = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longestGc = Math.max(longestGc, entry.duration);
      totalGc += entry.duration;
    }
  });
  gc.observe({ entryTypes: ["gc"] });
  let longestGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 1);
  histogram.enable();
  const start = performance.now();
  last = start;
  const stop = stretchRecorder();
  const result = await work();
  const stretch = stop();
  const elapsed = performance.now() - start;
  // One more turn of the loop, so that a block at the very end is seen too.
  await new Promise((resolve) => setTimeout(resolve, 2));
  clearInterval(ticker);
  histogram.disable();
  gc.disconnect();
  return { result, elapsed, longestGap, histogramMax: histogram.max / 1e6, longestGc, totalGc, stretch };
}

const ms = (n) => `${n.toFixed(1)} ms`;

async function main() {
  const engine = new SearchEngine({ rateLimit: false, timeLimitMs: 60_000 });
  const hasIssues = await engine.search("issues", { q: "x" }).then(
    () => true,
    (e) => e.status !== 404,
  );
  const kind = option("kind", hasIssues ? "issues" : "repositories");

  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}`);
  console.log(`corpus: ${RECORDS.toLocaleString("en")} ${kind}`);
  let t = performance.now();
  for (const [k, record] of records(kind)) engine.add(k, record);
  console.log(`built in ${ms(performance.now() - t)}; heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`);

  const common = VOCABULARY[0];
  const queries =
    kind === "issues"
      ? [
          { label: "first search (lazy columns)", q: "is:open" },
          { label: `common word "${common}"`, q: common },
          { label: "qualifiers only: is:open", q: "is:open" },
          { label: "qualifiers only, sorted by created", q: "is:issue created:>2015-01-01", sort: "created" },
          { label: `common word OR another`, q: `${common} OR ${VOCABULARY[1]}` },
        ]
      : [
          { label: "first search (lazy columns)", q: "stars:>=0" },
          { label: `common word "${common}"`, q: common },
          { label: "qualifiers only: stars:>=0", q: "stars:>=0" },
          { label: "qualifiers only, sorted by stars", q: "created:>2015-01-01", sort: "stars" },
        ];

  let worst = 0;
  console.log("\n| query | matches | search time | longest block (interval probe) | max delay (monitorEventLoopDelay) | GC pauses: longest / total | longest stretch between the engine's pauses |");
  console.log("|---|---|---|---|---|---|---|");
  for (const { label, q, sort } of queries) {
    const run = await probe(() => engine.search(kind, { q, sort, per_page: 100 }));
    if (!label.startsWith("first")) worst = Math.max(worst, run.longestGap);
    const cells = [label, run.result.total_count.toLocaleString("en"), ms(run.elapsed), ms(run.longestGap), ms(run.histogramMax), `${ms(run.longestGc)} / ${ms(run.totalGc)}`, `${ms(run.stretch.ms)}: ${run.stretch.site}`];
    console.log(`| ${cells.join(" | ")} |`);
  }
  console.log(`\nlongest event-loop block during a search (first search excluded): ${ms(worst)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
