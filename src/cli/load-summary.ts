/**
 * The few lines a command prints on stderr after loading a dump: what was loaded, how many lines
 * were skipped and the first of them with file:line, and the records no one can see. Reads the
 * report loosely so that older and newer reports (with or without `problemCount` / `unresolved`)
 * both print.
 */
import path from "node:path";

export interface LoadReportLike {
  counts: Record<string, number>;
  /** The first problems (all of them in older reports). */
  errors: Array<{ file: string; line: number; message: string }>;
  files?: string[];
  /** Every problem, when `errors` keeps only the first few. */
  problemCount?: number;
  /** Records visible to nobody: their repository is not in the dump. */
  unresolved?: number;
}

export interface LoadSummary {
  text: string;
  /** Lines skipped plus records left unresolved: what `--strict` refuses. */
  problems: number;
}

/** Problems listed one per line; the rest are counted. */
const SHOWN = 5;

export function isLoadReport(value: unknown): value is LoadReportLike {
  if (typeof value !== "object" || value === null) return false;
  const { counts, errors } = value as Record<string, unknown>;
  return typeof counts === "object" && counts !== null && Array.isArray(errors);
}

/** The summary of a load of `dir`; paths are shown relative to `cwd` when inside it. */
export function summarizeLoad(report: LoadReportLike, dir: string, cwd: string): LoadSummary {
  const shown = (file: string) => {
    const relative = path.relative(cwd, file);
    return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
  };
  const counts = Object.entries(report.counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n.toLocaleString("en-US")} ${kind}`);
  const lines = [`loaded ${shown(dir)}: ${counts.length ? counts.join(", ") : "no records"}`];

  const skipped = report.problemCount ?? report.errors.length;
  if (skipped > 0) {
    lines.push(`${skipped.toLocaleString("en-US")} ${skipped === 1 ? "line" : "lines"} skipped:`);
    for (const e of report.errors.slice(0, SHOWN)) lines.push(`  ${shown(e.file)}:${e.line}: ${e.message}`);
    const more = skipped - Math.min(SHOWN, report.errors.length);
    if (more > 0) lines.push(`  … and ${more.toLocaleString("en-US")} more`);
  }
  const unresolved = report.unresolved ?? 0;
  if (unresolved > 0) {
    lines.push(`${unresolved.toLocaleString("en-US")} ${unresolved === 1 ? "record is" : "records are"} visible to nobody: ${unresolved === 1 ? "its" : "their"} repository is not in the dump`);
  }
  return { text: `${lines.join("\n")}\n`, problems: skipped + unresolved };
}
