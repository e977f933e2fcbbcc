/**
 * Long turns of the event loop, one by one: every stretch over `over` ms between the ticks of a 1 ms
 * timer, with the collections a GC observer saw inside it. `monitorEventLoopDelay` gives a phase's
 * longest delay; this says which turns they were, so that a trace can be read at those moments.
 *
 * With `perf`, `perf record` samples the process (cpu-clock, and each time a thread leaves the CPU:
 * `sched:sched_switch`, with call graphs) on the clock the turns are timed by (CLOCK_MONOTONIC), and
 * the turns are written to `${perf}.turns.json` for `bench/off-cpu.mjs`: a profiler of the engine's
 * own sees a thread only while it runs, and a long turn is often a wait. Run node with
 * `--perf-basic-prof` for the JavaScript frames' names. Linux only, with `perf` installed.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { performance, PerformanceObserver } from "node:perf_hooks";

const GC_KINDS = { 1: "minor", 2: "major", 4: "incremental", 8: "weak callbacks" };

/** The monotonic clock in µs: what `perf record -k CLOCK_MONOTONIC` stamps samples with. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Starts logging turns over `over` ms (and `perf record` into `perf`, given); `stop()` ends both. */
export async function startTurnLog({ over = 30, perf } = {}) {
  const turns = [];
  const collections = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) collections.push({ start: e.startTime, ms: e.duration, kind: GC_KINDS[e.detail?.kind] ?? String(e.detail?.kind) });
  });
  observer.observe({ entryTypes: ["gc"] });
  let recorder;
  if (perf) {
    recorder = spawn("perf", ["record", "-k", "CLOCK_MONOTONIC", "-e", "cpu-clock", "-F", "999", "-e", "sched:sched_switch", "-g", "-p", String(process.pid), "-o", perf], { stdio: "ignore" });
    const failed = new Promise((_, reject) => recorder.once("error", reject));
    // perf needs a moment to attach; a missing perf fails here rather than silently.
    await Promise.race([failed, new Promise((r) => setTimeout(r, 2000))]);
  }
  let last = performance.now();
  let lastMicros = monotonicMicros();
  const timer = setInterval(() => {
    const now = performance.now();
    const micros = monotonicMicros();
    if (now - last > over) turns.push({ phase: "", start: last, end: now, startMicros: lastMicros, endMicros: micros });
    [last, lastMicros] = [now, micros];
  }, 1);
  return {
    /** Names the turns that began within `[start, end]` (performance.now() times) after a phase. */
    label(phase, start, end) {
      for (const t of turns) if (!t.phase && t.start >= start - 1 && t.start <= end) t.phase = phase;
    },
    /** Ends the log (and perf); the turns, each with the collections inside it, longest first. */
    async stop() {
      clearInterval(timer);
      // The last collections' entries come a turn later.
      await new Promise((r) => setTimeout(r, 20));
      observer.disconnect();
      if (recorder) {
        const ended = new Promise((r) => recorder.once("exit", r));
        recorder.kill("SIGINT");
        await ended;
        writeFileSync(`${perf}.turns.json`, JSON.stringify({ pid: process.pid, turns: turns.map((t) => ({ phase: t.phase, startMicros: t.startMicros, endMicros: t.endMicros })) }));
      }
      return turns
        .map((t) => ({ ...t, collections: collections.filter((c) => c.start + c.ms > t.start && c.start < t.end).map((c) => ({ ...c, at: c.start - t.start })) }))
        .sort((a, b) => b.end - b.start - (a.end - a.start));
    },
  };
}

/** A turn as one line: its phase, length, and the collections inside it (length @ ms into the turn). */
export function describeTurn(turn) {
  const inside = turn.collections.map((c) => `${c.kind} ${c.ms.toFixed(1)} @${c.at.toFixed(0)}`).join(", ");
  return `${turn.phase || "(between phases)"}: ${(turn.end - turn.start).toFixed(1)} ms${inside ? ` (${inside})` : ""}`;
}
