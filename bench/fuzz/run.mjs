/**
 * The fuzzer's checks: every case goes through `search()` or `request()` of an engine, and a case
 * fails when search() rejects with anything but a SearchError, or with a 500; when request()
 * throws or answers 500; when the engine logs an internal failure; or when one call takes longer
 * than the time limit. The engine and its error class are passed in, so the same loop runs over
 * dist/ (npm run fuzz) and over src/ (the fixed-seed test).
 */
import { fuzzCase } from "./cases.mjs";

/** The longest a single call may take. */
export const SLOW_MS = 1000;

/** Slowest calls kept for the report. */
const SLOWEST_KEPT = 5;

/** A JSON view of a case that keeps what JSON drops (undefined, NaN, BigInt, lone surrogates stay escaped). */
export function describeCase(c) {
  return JSON.stringify(c, (_key, value) => {
    if (value === undefined) return "<undefined>";
    if (typeof value === "number" && !Number.isFinite(value)) return `<${value}>`;
    if (typeof value === "bigint") return `<${value}n>`;
    if (typeof value === "function") return `<function ${String(value)}>`;
    return value;
  });
}

/**
 * One case through the engine. Resolves to { problem?, ms, status }: problem is absent when the engine
 * behaved, else says what went wrong (with the cause the engine logged, if any).
 */
export async function runCase(c, { engine, SearchError, logged, slowMs = SLOW_MS, now = () => performance.now() }) {
  logged.length = 0;
  const start = now();
  let problem;
  let status = 200;
  if (c.via === "search") {
    try {
      await engine.search(c.kind, c.params, c.options);
    } catch (err) {
      status = err?.status ?? "throw";
      if (!(err instanceof SearchError)) problem = `search() threw a non-typed ${err?.constructor?.name ?? typeof err}: ${String(err?.stack ?? err)}`;
      else if (err.status === 500) problem = `search() answered 500`;
    }
  } else {
    try {
      const res = await engine.request(c.req);
      status = res?.status;
      if (!res || typeof res.status !== "number") problem = `request() answered ${describeCase(res)}`;
      else if (res.status === 500) problem = `request() answered 500`;
    } catch (err) {
      status = "throw";
      problem = `request() threw ${err?.constructor?.name ?? typeof err}: ${String(err?.stack ?? err)}`;
    }
  }
  const ms = now() - start;
  if (logged.length) problem = `${problem ?? "logged"}; cause: ${logged.map((e) => String(e?.stack ?? e)).join(" | ")}`;
  if (!problem && ms > slowMs) problem = `took ${ms.toFixed(0)} ms (limit ${slowMs} ms)`;
  return { problem, ms, status };
}

function signatureOf(problem) {
  if (problem.startsWith("took ")) return "slow";
  const frame = /\n\s+at [^\n]*/.exec(problem)?.[0].trim() ?? "";
  return `${problem.split(/[:\n]/)[0]} ${frame}`;
}

/**
 * Runs cases [from, from + count) of the run seeded by `seed`. `engine` must have been built
 * with a logger whose `error` pushes the cause onto `logged`. Cases matching one of `skip` (known
 * open failures) are counted, not run. Stops after `maxFailures` distinct failures.
 */
export async function runFuzz({ engine, SearchError, logged, ctx, seed, count, from = 0, endpoints, skip = [], slowMs = SLOW_MS, maxFailures = 20, onProgress }) {
  const failures = [];
  const slowest = [];
  let searches = 0;
  let requests = 0;
  /** How many calls ended with each status: shows how much of the engine the cases reach. */
  const statuses = {};
  const skipped = Object.fromEntries(skip.map((k) => [k.name, 0]));
  const started = performance.now();
  for (let index = from; index < from + count; index++) {
    const c = fuzzCase(seed, index, ctx, endpoints);
    const known = skip.find((k) => k.matches(c));
    if (known) {
      skipped[known.name]++;
      onProgress?.(index - from + 1);
      continue;
    }
    if (c.via === "search") searches++;
    else requests++;
    const { problem, ms, status } = await runCase(c, { engine, SearchError, logged, slowMs });
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (slowest.length < SLOWEST_KEPT || ms > slowest[slowest.length - 1].ms) {
      slowest.push({ ms, index, input: describeCase(c) });
      slowest.sort((a, b) => b.ms - a.ms);
      slowest.length = Math.min(slowest.length, SLOWEST_KEPT);
    }
    if (problem) {
      // Failures are grouped by their first line and the first frame of their cause: one bug, one entry.
      const signature = signatureOf(problem);
      const known = failures.find((f) => f.signature === signature);
      if (known) known.count++;
      else failures.push({ signature, count: 1, index, problem, input: describeCase(c) });
      if (failures.length >= maxFailures) break;
    }
    onProgress?.(index - from + 1);
  }
  return { seed, count: searches + requests, searches, requests, failures, slowest, statuses, skipped, elapsedMs: performance.now() - started };
}
