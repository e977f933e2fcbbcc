/** `forgesearch import-gharchive`: GH Archive event files into a data dump, with a summary of what was read and kept. */
import path from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import type { ImportGharchiveReport } from "../import/gharchive/index.js";
import type { CliEnvironment } from "./main.js";
import { createProgress, formatBytes } from "./progress.js";

interface ImportGharchiveCommandOptions {
  out: string;
  memory?: number;
  temp?: string;
}

const MIB = 1024 * 1024;

export function addImportGharchive(program: Command, env: CliEnvironment): void {
  program
    .command("import-gharchive")
    .description("Import GH Archive event files (hourly .json.gz or plain, any order) into a data dump.")
    .argument("<inputs...>", "event files, or folders of *.json / *.json.gz files")
    .requiredOption("--out <dir>", "dump folder to write (its users, repositories, labels, issues and comments files are replaced)")
    .option("--memory <MiB>", "records held in memory before spilling to disk, in MiB (default 64)", mebibytes)
    .option("--temp <dir>", "folder for spilled records (default: the system's temporary folder)")
    .addHelpText(
      "after",
      `
Each record is written as its newest events tell it, whatever file they are in.

Example:
  forgesearch import-gharchive 2025-01-01-*.json.gz --out ./dump
  forgesearch search issues 'is:pr is:merged parser' --data ./dump`,
    )
    .action(async (inputs: string[], options: ImportGharchiveCommandOptions) => {
      const out = path.resolve(env.cwd, options.out);
      const progress = createProgress(env.stderr, "reading", "bytes");
      let report: ImportGharchiveReport;
      try {
        const { importGharchive } = await import("../import/gharchive/index.js");
        report = await importGharchive(
          inputs.map((input) => path.resolve(env.cwd, input)),
          {
            out,
            budgetBytes: options.memory === undefined ? undefined : options.memory * MIB,
            tempDir: options.temp === undefined ? undefined : path.resolve(env.cwd, options.temp),
            signal: env.signal,
            onProgress: (read, total) => progress.update(read, total),
          },
        );
      } catch (err) {
        throw new Error(`cannot import GH Archive events: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        progress.finish();
      }
      env.stdout.write(summary(report, options.out));
    });
}

/** The report as a few lines a person reads; the figures are the report's own. */
function summary(report: ImportGharchiveReport, out: string): string {
  const { records: r, trimmed: t } = report;
  const events = Object.values(report.events).reduce((sum, n) => sum + n, 0);
  const files = `${report.files} file${report.files === 1 ? "" : "s"}`;
  const lines = [
    `Imported ${events} events from ${files} (${formatBytes(report.bytes)}) in ${(report.ms / 1000).toFixed(1)} s into ${out}`,
    `  events   ${list(report.events) || "none"}`,
    `  records  users ${r.users}, repositories ${r.repositories} (${r.repositoryStubs} stubs), labels ${r.labels}, ` +
      `issues ${r.issues} (${r.pullRequests} pull requests, ${r.reviews} reviews), comments ${r.comments}` +
      (r.deleted > 0 ? `, ${r.deleted} deleted left out` : ""),
    `  trimmed  pull-request stubs ${t.pullRequestStub}, pushes without commits ${t.pushWithoutCommits}, ` +
      `without author_association ${t.withoutAuthorAssociation}`,
    `  skipped  ${list(report.skipped) || "none"}`,
    ...report.damaged.map((d) => `  damaged  ${d.file} after line ${d.line}: ${d.reason}`),
  ];
  return `${lines.join("\n")}\n`;
}

function list(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([name, n]) => `${name} ${n}`)
    .join(", ");
}

function mebibytes(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError("expected a whole number of MiB, 1 or more.");
  return Number(value);
}
