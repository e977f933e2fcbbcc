#!/usr/bin/env node
/**
 * One `SearchEngine.open` of a saved index, second by second: how busy the main thread was, how fast
 * the process read from disk, how far through the file the open had got, and the process's user and
 * system time (over both cores: 200 % is two cores busy). What it shows is which of the disk, the
 * kernel (first writes of fresh memory show as system time) and the main thread holds an open back
 * at each moment. Linux only (/proc). `--cold` empties the page cache first (as root), so that runs
 * compare: a saved index read from the cache opens several times faster.
 *
 * Usage (build first): node --max-old-space-size=20000 bench/open-timeline.mjs --index DIR [--cold]
 *   FORGESEARCH_DIST=DIR measures another build (for before/after pairs).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: opts } = parseArgs({ options: { index: { type: "string" }, cold: { type: "boolean", default: false } } });
if (!opts.index) throw new Error("--index DIR: a folder holding a saved index");
const dist = process.env.FORGESEARCH_DIST ? path.resolve(process.env.FORGESEARCH_DIST) : new URL("../dist", import.meta.url).pathname;
const { SearchEngine } = await import(pathToFileURL(path.join(dist, "index.js")).href);

/** User and system seconds from a /proc stat line (fields 14 and 15, in clock ticks of 1/100 s). */
function cpuOf(file) {
  const stat = readFileSync(file, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}
const mainThread = () => cpuOf(`/proc/self/task/${process.pid}/stat`);
const bytesRead = () => Number(/read_bytes: (\d+)/.exec(readFileSync("/proc/self/io", "utf8"))[1]);

if (opts.cold) {
  execFileSync("sync");
  writeFileSync("/proc/sys/vm/drop_caches", "3");
}

const sample = () => ({ at: performance.now(), main: mainThread(), process: cpuOf("/proc/self/stat"), read: bytesRead() });
const pct = (seconds, ms) => `${Math.round((100 * seconds) / (ms / 1000))}`.padStart(4);
let handed = 0;
const rows = [];
const start = sample();
let last = start;
const timer = setInterval(() => {
  const now = sample();
  const ms = now.at - last.at;
  const main = now.main.user + now.main.system - last.main.user - last.main.system;
  const mbs = Math.round((now.read - last.read) / 1e6 / (ms / 1000));
  rows.push(
    `${((now.at - start.at) / 1000).toFixed(0).padStart(4)} s  main ${pct(main, ms)} %  disk ${String(mbs).padStart(5)} MB/s  ` +
      `handed over ${(handed / 1e9).toFixed(2).padStart(6)} GB  process user ${pct(now.process.user - last.process.user, ms)} %  system ${pct(now.process.system - last.process.system, ms)} %`,
  );
  last = now;
}, 1000);

await SearchEngine.open(opts.index, { rateLimit: false, onProgress: (bytes) => (handed = bytes) });
clearInterval(timer);
const end = sample();
console.log(rows.join("\n"));
const peak = Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
const mainCpu = end.main.user + end.main.system - start.main.user - start.main.system;
console.log(
  `open ${((end.at - start.at) / 1000).toFixed(1)} s, main thread CPU ${mainCpu.toFixed(1)} s, read from disk ${((end.read - start.read) / 1e9).toFixed(2)} GB, peak rss ${(peak / 1e9).toFixed(2)} GB`,
);
