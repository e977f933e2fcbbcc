/**
 * Memory of the GH Archive import as the input grows: seeded synthetic hours
 * (gharchive-events.mjs, gzipped like the archive's files) imported at two
 * input sizes, each in a child process of its own, reporting its peak RSS.
 * With a fixed budget the peak should stay about the same while the input
 * (and the number of distinct records) grows several times; a last run of
 * the smallest input without a budget to speak of shows what the table would
 * hold otherwise.
 *
 *   npm run bench:gharchive -- [--hours 4,16,32] [--events 10000] [--budget-mib 16]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { syntheticHour } from "./gharchive-events.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};

if (args[0] === "--child") {
  await child();
} else {
  await parent();
}

async function parent() {
  const hours = option("hours", "4,16,32").split(",").map(Number);
  const events = Number(option("events", "10000"));
  const budgetMib = Number(option("budget-mib", "16"));
  const folder = mkdtempSync(join(tmpdir(), "forgesearch-bench-gharchive-"));
  try {
    const most = Math.max(...hours);
    process.stderr.write(`generating ${most} hours of ${events} events…\n`);
    for (let h = 0; h < most; h++) {
      const text = [...syntheticHour(h, { events })].map((e) => JSON.stringify(e)).join("\n") + "\n";
      writeFileSync(join(folder, `2021-01-01-${String(h).padStart(2, "0")}.json.gz`), gzipSync(text));
    }
    const files = readdirSync(folder).sort().map((name) => join(folder, name));
    const runs = [...hours.map((n) => ({ n, budgetMib })), { n: hours[0], budgetMib: 4096 }];
    console.log(`GH Archive import: synthetic hours of ${events} events, seed 1, node ${process.version}`);
    console.log("| hours | events | input (gzip) | records | budget | runs spilled | time | peak RSS |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const { n, budgetMib: budget } of runs) {
      const input = files.slice(0, n);
      const bytes = input.reduce((sum, path) => sum + statSync(path).size, 0);
      const out = join(folder, `dump-${n}-${budget}`);
      const script = fileURLToPath(import.meta.url);
      const result = JSON.parse(execFileSync(process.execPath, [script, "--child", "--out", out, "--budget-mib", String(budget), ...input], { encoding: "utf8" }));
      const records = Object.entries(result.records).filter(([k]) => ["users", "repositories", "labels", "issues", "comments"].includes(k)).reduce((s, [, v]) => s + v, 0);
      console.log(
        `| ${n} | ${result.events.toLocaleString("en-US")} | ${(bytes / 1048576).toFixed(1)} MiB | ${records.toLocaleString("en-US")} | ` +
          `${budget} MiB | ${result.runs} | ${(result.ms / 1000).toFixed(1)} s | ${result.peakRssMib} MiB |`,
      );
      rmSync(out, { recursive: true, force: true });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function child() {
  const { importGharchive } = await import("../dist/index.js");
  const rest = args.slice(1);
  const files = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i].startsWith("--")) i++;
    else files.push(rest[i]);
  }
  const report = await importGharchive(files, { out: option("out"), budgetBytes: Number(option("budget-mib")) * 1048576 });
  const events = Object.values(report.events).reduce((a, b) => a + b, 0);
  // maxRSS is in kilobytes: the peak resident memory of this process over its whole life.
  const peakRssMib = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify({ events, records: report.records, runs: report.runs, ms: report.ms, peakRssMib }));
}
