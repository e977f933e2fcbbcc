#!/usr/bin/env node
/**
 * Where the long turns of a run went, from a `perf` recording that `bench/scale.mjs --turns MS --perf
 * FILE` made (bench/turns.mjs): per turn, the main thread's time on the CPU and its heaviest frames,
 * its time off the CPU with the frames it left from, its state (S: asleep, waiting for something; R:
 * runnable while another thread held the CPU; D: waiting for the disk) and who ran next, and the
 * other threads' samples (bench/perf-turns.mjs).
 *
 * Usage: node bench/off-cpu.mjs FILE [--top 6]
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { parsePerfScript, turnReport } from "./perf-turns.mjs";

const { values: opts, positionals } = parseArgs({ options: { top: { type: "string", default: "6" } }, allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error("usage: node bench/off-cpu.mjs FILE [--top 6]");
  process.exit(2);
}
const top = Number(opts.top);
const { pid, turns } = JSON.parse(readFileSync(`${file}.turns.json`, "utf8"));

const script = spawn("perf", ["script", "-i", file, "-F", "tid,time,event,trace,ip,sym"], { stdio: ["ignore", "pipe", "ignore"] });
const lines = [];
for await (const line of createInterface({ input: script.stdout })) lines.push(line);
const events = parsePerfScript(lines);

for (const turn of turns) {
  const r = turnReport(events, turn, String(pid));
  const samples = r.onCpu.reduce((n, [, count]) => n + count, 0);
  console.log(`\n${r.phase}: ${r.ms.toFixed(1)} ms; main thread on the CPU ~${samples} ms, off it ${r.offCpuMs.toFixed(1)} ms; other threads' samples ${r.others.map(([t, n]) => `${t}: ${n}`).join(", ") || "none"}`);
  for (const [frame, n] of r.onCpu.slice(0, top)) console.log(`  on  ${n} × ${frame}`);
  for (const o of r.offCpu.slice(0, top)) console.log(`  off ${o.ms.toFixed(1)} ms (${o.state}, then ${o.next}): ${o.frames.join(" < ")}`);
}
