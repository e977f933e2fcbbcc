/**
 * One measurement: one system on one corpus. Builds the index (records/s, heap
 * bytes per record), times every query the system supports with tinybench
 * (p50/p99 latency, queries/s), and either produces the exact answers (the
 * linear scan) or compares the system's match sets with them.
 *
 * Runs in a process of its own (worker.mjs), started with --expose-gc, so that
 * heap figures see only this system and memory is returned between systems.
 */
import { Bench } from "tinybench";
import { loadCorpus } from "./corpora.mjs";
import { offHeapBytes } from "./memory.mjs";
import { queriesFor } from "./queries.mjs";
import { flatten, idKey, kindSpec } from "./schema.mjs";
import { createSystem, supports } from "./systems/index.mjs";

const TOP = 30;
/** A query whose first answer took longer is timed with two samples and no warm-up (its first call was one). */
const SLOW_MS = 1000;

/**
 * Heap in use after full collections, counting array buffers (typed-array indexes live there) and
 * what the system says Node's figures leave out (`uncounted`).
 */
function heapBytes(uncounted = 0) {
  if (typeof global.gc !== "function") throw new Error("heap figures need node --expose-gc");
  global.gc();
  global.gc();
  const m = process.memoryUsage();
  return m.heapUsed + offHeapBytes(m, uncounted);
}

/** The values the query sorts by, for the top results (ties may come in any order). */
function sortValues(q, ids, docOf) {
  return ids.slice(0, TOP).map((id) => docOf(id)?.[q.sort.by] ?? null);
}

/** Compares a system's full answer with the exact one. */
export function compareAnswer(q, got, exact, docOf) {
  const exactIds = new Set(exact.ids);
  const gotIds = got.ids.map(idKey);
  const gotSet = new Set(gotIds);
  const extra = gotIds.filter((id) => !exactIds.has(id)).length;
  // A capped answer (1,000 results at most) cannot show what it left out.
  const missing = got.capped ? null : exact.ids.filter((id) => !gotSet.has(id)).length;
  const out = { exactTotal: exact.total, total: got.total, extra, missing };
  if (q.sort) out.sortOk = JSON.stringify(sortValues(q, gotIds, docOf)) === JSON.stringify(exact.sortValues);
  out.exact = got.total === exact.total && extra === 0 && (missing === null || missing === 0) && out.sortOk !== false;
  return out;
}

/**
 * job: { corpus, system, time, iterations, stub, exact?, produceExact? }.
 * Returns build figures, per-query timings and answers, and the correctness
 * comparison (or, for produceExact, the exact answers themselves); `onBuilt`
 * receives the build figures as soon as they are known.
 */
export async function runJob(job, { onBuilt } = {}) {
  const { corpus } = job;
  const kind = corpus.kind;
  const spec = kindSpec(kind);
  const { records, related, world } = loadCorpus(corpus);
  const queries = queriesFor(corpus, world);
  const system = await createSystem(job.system, { stub: job.stub, queries, now: corpus.now });
  const docs = system.input === "docs" ? records.map((r) => flatten(kind, r)) : undefined;
  await system.prepare?.({ related });

  const heapBefore = heapBytes(system.uncountedBytes?.());
  const started = performance.now();
  await system.build({ kind, records, docs });
  const buildMs = performance.now() - started;
  const heapAfter = heapBytes(system.uncountedBytes?.());

  const result = {
    system: system.name,
    corpus: corpus.name,
    records: records.length,
    buildMs,
    recordsPerSecond: records.length / (buildMs / 1000),
    heapBytes: heapAfter - heapBefore,
    heapBytesPerRecord: (heapAfter - heapBefore) / records.length,
    queries: [],
  };
  // Build figures survive a later timeout or crash of the query phase.
  onBuilt?.({ ...result });

  const runnable = [];
  for (const q of queries) {
    const entry = { id: q.id, shape: q.shape, q: q.q, supported: supports(system, q) };
    result.queries.push(entry);
    if (!entry.supported) continue;
    entry.call = system.describe(q);
    try {
      const started = performance.now();
      const answer = await system.query(q, { limit: TOP });
      entry.firstMs = performance.now() - started;
      entry.total = answer.total;
      entry.top = answer.ids.slice(0, 5);
      if (answer.incomplete) entry.incomplete = true;
      runnable.push(q);
    } catch (error) {
      entry.error = String(error?.message ?? error);
    }
  }

  const isSlow = (q) => result.queries.find((e) => e.id === q.id).firstMs > SLOW_MS;
  const benches = [
    [new Bench({ time: job.time, iterations: job.iterations, warmupTime: 0, warmupIterations: 1, throws: false }), runnable.filter((q) => !isSlow(q))],
    [new Bench({ time: 0, iterations: 2, warmup: false, throws: false }), runnable.filter(isSlow)],
  ];
  const tasks = [];
  for (const [bench, qs] of benches) {
    if (!qs.length) continue;
    for (const q of qs) bench.add(q.id, () => system.query(q, { limit: TOP }));
    await bench.run();
    tasks.push(...bench.tasks);
  }
  for (const task of tasks) {
    const entry = result.queries.find((e) => e.id === task.name);
    const r = task.result;
    if (r.state !== "completed") {
      entry.error = String(r.error?.message ?? r.state);
      continue;
    }
    entry.p50 = r.latency.p50;
    entry.p99 = r.latency.p99;
    entry.mean = r.latency.mean;
    entry.qps = 1000 / r.latency.mean;
    entry.samples = task.runs;
  }

  if (job.produceExact || job.exact) {
    const byId = new Map(records.map((r) => [idKey(spec.id(r)), r]));
    const flat = new Map();
    const docOf = (id) => {
      if (!flat.has(id)) flat.set(id, byId.has(id) ? flatten(kind, byId.get(id)) : undefined);
      return flat.get(id);
    };
    if (job.produceExact) result.exact = {};
    else result.correctness = {};
    for (const q of runnable) {
      const full = await system.query(q, { limit: Infinity });
      if (job.produceExact) {
        const ids = full.ids.map(idKey);
        result.exact[q.id] = { total: full.total, ids, sortValues: q.sort ? sortValues(q, ids, docOf) : undefined };
      } else if (job.exact[q.id]) {
        result.correctness[q.id] = compareAnswer(q, full, job.exact[q.id], docOf);
      }
    }
  }
  system.release();
  return result;
}
