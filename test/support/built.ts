/**
 * The built library (dist/, which `npm test` builds first) run in a process of its own: what runs
 * on a worker thread (a load's reading thread, an open's lists) exists only as built modules. A thread
 * left running keeps that process alive: each run has a time limit, and a test that ends means its
 * threads ended.
 */
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const CHILD = join(dirname(fileURLToPath(import.meta.url)), "built-child.mjs");

/** Runs `task` of built-child.mjs with `args`; its JSON answer. */
export function runBuilt<T>(task: string, args: unknown): T {
  const out = execFileSync(process.execPath, [CHILD, task, JSON.stringify(args)], { encoding: "utf8", timeout: 60_000, maxBuffer: 1 << 28 });
  return JSON.parse(out) as T;
}
