#!/usr/bin/env node
/**
 * Where the long turns of a run went, from a `perf` recording that `bench/scale.mjs --turns MS --perf
 * FILE` made (bench/turns.mjs): per turn, the main thread's time on the CPU (cpu-clock samples, about
 * a millisecond each) and its heaviest frames, its time off the CPU (from each time it left, as
 * `sched:sched_switch` recorded it, to its next event) with the frames it left from, its state (S:
 * asleep, waiting for something; R: runnable, another thread held the CPU) and who ran next, and the
 * other threads' samples meanwhile.
 *
 * Usage: node bench/off-cpu.mjs FILE [--top 6]
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const { values: opts, positionals } = parseArgs({ options: { top: { type: "string", default: "6" } }, allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error("usage: node bench/off-cpu.mjs FILE [--top 6]");
  process.exit(2);
}
const top = Number(opts.top);
const { pid, turns } = JSON.parse(readFileSync(`${file}.turns.json`, "utf8"));
const main = String(pid);

/** perf's events, in time order: thread, time (s), event, its trace text, and its frames (innermost first). */
async function eventsOf(recording) {
  const script = spawn("perf", ["script", "-i", recording, "-F", "tid,time,event,trace,ip,sym"], { stdio: ["ignore", "pipe", "ignore"] });
  const events = [];
  let current;
  const head = /^\s*(\d+)\s+([\d.]+):\s+(\S+):\s*(.*)$/;
  for await (const line of createInterface({ input: script.stdout })) {
    const m = !line.startsWith("\t") && head.exec(line);
    if (m) {
      current = { tid: m[1], time: Number(m[2]), event: m[3], trace: m[4], frames: [] };
      events.push(current);
    } else if (current && line.trim()) {
      // "address symbol": the symbol without its address; JavaScript frames keep their file and line.
      current.frames.push(line.trim().replace(/^[0-9a-f]+ /, ""));
    }
  }
  return events.sort((a, b) => a.time - b.time);
}

/** The first frames worth reading: the kernel's scheduling frames left out. */
const readable = (frames) => frames.filter((f) => !/^(__schedule|schedule|\[unknown\])/.test(f)).slice(0, 6);

/** The index of the first of the (time-ordered) events at or after `time`. */
function firstAtOrAfter(events, time) {
  let [lo, hi] = [0, events.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid].time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const counted = (items) => [...items.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map())].sort((a, b) => b[1] - a[1]);

const events = await eventsOf(file);
const mine = events.filter((e) => e.tid === main);
for (const turn of turns) {
  const [from, to] = [turn.startMicros / 1e6, turn.endMicros / 1e6];
  const inTurn = (e) => e.time >= from && e.time <= to;
  const onCpu = mine.filter((e) => inTurn(e) && e.event === "cpu-clock");
  const offCpu = [];
  // From the main thread's last event before the turn: it may have left the CPU before the turn began.
  for (let i = Math.max(0, firstAtOrAfter(mine, from) - 1); i < mine.length && mine[i].time <= to; i++) {
    const e = mine[i];
    if (e.event !== "sched:sched_switch") continue;
    // Back on the CPU at its next event: a sample, or leaving again.
    const back = mine[i + 1]?.time ?? to;
    const ms = (Math.min(back, to) - Math.max(e.time, from)) * 1000;
    if (ms <= 0) continue;
    offCpu.push({ ms, state: /prev_state=(\S+)/.exec(e.trace)?.[1] ?? "?", next: /next_comm=(.*?) next_pid=(\d+)/.exec(e.trace)?.slice(1).join("/") ?? "?", frames: readable(e.frames) });
  }
  const others = counted(events.filter((e) => inTurn(e) && e.tid !== main && e.event === "cpu-clock").map((e) => e.tid));
  const off = offCpu.reduce((n, o) => n + o.ms, 0);
  console.log(`\n${turn.phase || "(between phases)"}: ${((to - from) * 1000).toFixed(1)} ms; main thread on the CPU ~${onCpu.length} ms, off it ${off.toFixed(1)} ms; other threads' samples ${others.map(([t, n]) => `${t}: ${n}`).join(", ") || "none"}`);
  for (const [frame, n] of counted(onCpu.map((e) => e.frames.find((f) => f.startsWith("JS:")) ?? e.frames[0] ?? "?")).slice(0, top)) console.log(`  on  ${n} × ${frame}`);
  for (const o of offCpu.sort((a, b) => b.ms - a.ms).slice(0, top)) console.log(`  off ${o.ms.toFixed(1)} ms (${o.state}, then ${o.next}): ${o.frames.join(" < ")}`);
}
