#!/usr/bin/env node
/**
 * The benchmark: forgesearch against MiniSearch, Orama, Lunr, FlexSearch and a
 * linear scan, on synthetic corpora of chosen sizes and on the real corpus.
 *
 *   node bench/run.mjs [--preset quick|full] [--issues 10000,100000] [--repos 10000] [--users 10000]
 *                      [--real ../shared/corpus/real | --real none]
 *                      [--systems forgesearch,minisearch,...] [--time 250] [--iterations 5]
 *                      [--check-max 100000] [--stub] [--seed N] [--out bench/results]
 *                      [--scale N|none] [--scale-dir DIR] [--scale-timeout S]
 *
 * Each system runs on each corpus in a child process of its own, one at a time. With `--scale N`
 * (the full preset: ten million), forgesearch alone then runs `bench/scale.mjs --issues N` too, in
 * a process of its own: a size the peers do not reach.
 * Prints corpus statistics, then per corpus the tables; writes JSON and
 * markdown into the output folder.
 */
import { fork, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { realCorpora, syntheticCorpora } from "./corpora.mjs";
import { DEFAULT_SEED } from "./generate.mjs";
import { corpusSection, machineSection, scaleSection, statsSection, translationSection } from "./report.mjs";
import { corpusStats } from "./stats.mjs";
import { engineAvailable } from "./systems/forgesearch.mjs";
import { SYSTEMS } from "./systems/index.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..");

/** Corpus sizes: "quick" finishes in minutes on two cores; "full" is the task's scale. */
const PRESETS = {
  quick: { issues: "10000", repos: "10000", users: "10000", scale: "none" },
  full: { issues: "10000,100000,1000000", repos: "100000", users: "100000", scale: "10000000" },
};

const USAGE = `usage: node bench/run.mjs [--preset quick|full] [--issues N,N] [--repos N,N] [--users N,N] [--real DIR|none]
  [--systems ${SYSTEMS.join(",")}] [--time MS] [--iterations N] [--check-max N]
  [--stub] [--seed N] [--out DIR] [--heap-mb MB] [--job-timeout S] [--scale N|none] [--scale-dir DIR] [--scale-timeout S]`;

function parseCli(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      preset: { type: "string", default: "quick" },
      issues: { type: "string" },
      repos: { type: "string" },
      users: { type: "string" },
      real: { type: "string", default: path.resolve(repoRoot, "../shared/corpus/real") },
      systems: { type: "string", default: SYSTEMS.join(",") },
      time: { type: "string", default: "250" },
      iterations: { type: "string", default: "5" },
      "check-max": { type: "string", default: "100000" },
      stub: { type: "boolean", default: false },
      seed: { type: "string", default: String(DEFAULT_SEED) },
      out: { type: "string", default: path.join(here, "results") },
      "heap-mb": { type: "string", default: "20000" },
      "job-timeout": { type: "string", default: "3600" },
      scale: { type: "string" },
      "scale-dir": { type: "string", default: path.join(os.tmpdir(), "forgesearch-scale") },
      "scale-timeout": { type: "string", default: "14400" },
      help: { type: "boolean", default: false },
    },
  });
  const preset = PRESETS[values.preset];
  if (!preset) throw new Error(`unknown preset "${values.preset}" (known: ${Object.keys(PRESETS).join(", ")})`);
  const sizes = (s) => (s && s !== "none" && s !== "0" ? s.split(",").map((x) => Number(x.replace(/_/g, ""))) : []);
  const systems = values.systems.split(",").map((s) => s.trim()).filter(Boolean);
  for (const s of systems) if (!SYSTEMS.includes(s)) throw new Error(`unknown system "${s}"\n${USAGE}`);
  return {
    help: values.help,
    issues: sizes(values.issues ?? preset.issues),
    repos: sizes(values.repos ?? preset.repos),
    users: sizes(values.users ?? preset.users),
    real: values.real === "none" ? undefined : values.real,
    systems,
    time: Number(values.time),
    iterations: Number(values.iterations),
    checkMax: Number(values["check-max"]),
    stub: values.stub,
    seed: Number(values.seed),
    out: values.out,
    heapMb: Number(values["heap-mb"]),
    jobTimeoutMs: Number(values["job-timeout"]) * 1000,
    scale: sizes(values.scale ?? preset.scale)[0],
    scaleDir: values["scale-dir"],
    scaleTimeoutMs: Number(values["scale-timeout"]) * 1000,
  };
}

function machine() {
  const cpus = os.cpus();
  return { cpus: cpus.length, cpuModel: cpus[0]?.model ?? "unknown", memoryBytes: os.totalmem(), node: process.version, platform: `${os.platform()} ${os.release()}` };
}

/** Runs `bench/scale.mjs` for `issues` in a process of its own; resolves with its figures, or with { records, error }. */
function runScale(issues, { heapMb, scaleDir, scaleTimeoutMs, out }) {
  const json = path.join(out, `scale-${issues}.json`);
  rmSync(json, { force: true });
  return new Promise((resolve) => {
    const args = ["--expose-gc", `--max-old-space-size=${heapMb}`, path.join(here, "scale.mjs"), "--issues", String(issues), "--dir", scaleDir, "--json", json];
    const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), scaleTimeoutMs);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(readFileSync(json, "utf8")));
      } catch {
        resolve({ records: issues, error: signal === "SIGKILL" ? `timed out after ${scaleTimeoutMs / 1000} s` : `ended (${signal ?? code}) without figures` });
      }
    });
  });
}

/** Runs one job in a fresh process; resolves with its result, or with { error } and whatever build figures arrived. */
function runInChild(job, { heapMb, jobTimeoutMs }) {
  return new Promise((resolve) => {
    const child = fork(path.join(here, "worker.mjs"), [], {
      execArgv: ["--expose-gc", `--max-old-space-size=${heapMb}`],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let settled = false;
    // The build figures, kept in case the query phase never ends.
    let partial = { system: job.system, corpus: job.corpus.name, queries: [] };
    const finish = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const fail = (error) => finish({ ...partial, error });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(`timed out after ${jobTimeoutMs / 1000} s`);
    }, jobTimeoutMs);
    child.on("message", (m) => {
      if (m.partial) partial = m.partial;
      else if (m.ok) finish(m.result);
      else fail(m.error);
    });
    child.on("exit", (code, signal) => fail(`worker exited (${signal ?? code}) without a result`));
    child.send(job);
  });
}

async function main() {
  const args = parseCli(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return;
  }
  let systems = args.systems;
  if (systems.includes("forgesearch") && !args.stub) {
    const available = await engineAvailable();
    if (available !== true) {
      console.log(`forgesearch left out: ${available}`);
      systems = systems.filter((s) => s !== "forgesearch");
    }
  }
  const corpora = [...syntheticCorpora({ issues: args.issues, repositories: args.repos, users: args.users, seed: args.seed }), ...realCorpora(args.real)];
  if (args.real && !realCorpora(args.real).length) console.log(`real corpus not found at ${args.real}; synthetic corpora only`);

  const startedAt = new Date();
  const report = { startedAt: startedAt.toISOString(), machine: machine(), args, systems, corpora: [] };
  const md = [`# forgesearch benchmark, ${report.startedAt}`, "", machineSection(report.machine), ""];
  console.log(md.join("\n"));
  if (args.stub) console.log("forgesearch answers come from a stand-in over the linear scan (--stub): its figures are not the engine's.\n");

  const stats = corpora.map((c) => corpusStats(c));
  const statsMd = statsSection(stats);
  console.log(`## Corpora\n\n${statsMd}\n`);
  md.push("## Corpora", "", statsMd, "", "## Results", "");

  for (const [i, corpus] of corpora.entries()) {
    const check = corpus.source === "real" || corpus.size <= args.checkMax;
    const order = check ? ["scan", ...systems.filter((s) => s !== "scan")] : systems;
    const results = [];
    let exact;
    for (const system of order) {
      const job = { corpus, system, time: args.time, iterations: args.iterations, stub: args.stub, produceExact: check && system === "scan", exact };
      const started = performance.now();
      console.log(`${corpus.name}: ${system} running`);
      const result = await runInChild(job, args);
      if (result.exact) {
        exact = result.exact;
        delete result.exact;
      }
      const took = `${((performance.now() - started) / 1000).toFixed(0)} s`;
      console.log(`${corpus.name}: ${system} ${result.error ? `failed after ${took}: ${result.error.split("\n")[0]}` : `done in ${took} (build ${(result.buildMs / 1000).toFixed(2)} s)`}`);
      if (system !== "scan" || systems.includes("scan")) results.push(result);
    }
    const section = corpusSection({ corpus: corpus.name, results });
    console.log(`\n${section}\n`);
    md.push(section, "", "<details><summary>Peer calls</summary>", "", translationSection(results), "", "</details>", "");
    report.corpora.push({ corpus, stats: stats[i], results });
  }

  mkdirSync(args.out, { recursive: true });
  if (args.scale && systems.includes("forgesearch") && !args.stub) {
    console.log(`scale: forgesearch alone, ${args.scale} issues, running`);
    const scale = await runScale(args.scale, args);
    const section = `## Scale: forgesearch alone, ${scale.records.toLocaleString("en")} issues (bench/scale.mjs)\n\n${scaleSection(scale)}`;
    console.log(`\n${section}\n`);
    md.push(section, "");
    report.scale = scale;
  }
  const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
  const jsonFile = path.join(args.out, `bench-${stamp}.json`);
  const mdFile = path.join(args.out, `bench-${stamp}.md`);
  writeFileSync(jsonFile, JSON.stringify(report, null, 2));
  writeFileSync(mdFile, md.join("\n"));
  writeFileSync(path.join(args.out, "latest.json"), JSON.stringify(report, null, 2));
  writeFileSync(path.join(args.out, "latest.md"), md.join("\n"));
  console.log(`results: ${path.relative(process.cwd(), jsonFile)}, ${path.relative(process.cwd(), mdFile)}`);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});
