/**
 * A one-line progress display on stderr. It draws only on a terminal: piped or redirected output
 * stays clean.
 */

export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** Reports `done` units of `total` (total unknown: a counter without a bar). */
  update(done: number, total?: number): void;
  /** Erases the line. */
  finish(): void;
}

export type Unit = "bytes" | "items";

const REDRAW_INTERVAL_MS = 100;
const BAR_WIDTH = 24;
const SILENT: Progress = { update() {}, finish() {} };

export function createProgress(
  stream: ProgressStream,
  label: string,
  unit: Unit,
  now: () => number = Date.now,
): Progress {
  if (!stream.isTTY) return SILENT;
  let lastDrawMs = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(done, total) {
      const complete = total !== undefined && done >= total;
      const time = now();
      // Redrawing on every chunk would cost more than the work it reports.
      if (!complete && time - lastDrawMs < REDRAW_INTERVAL_MS) return;
      lastDrawMs = time;
      drawn = true;
      const line = progressLine(label, unit, done, total);
      stream.write(`\r${fit(line, stream.columns)}\x1b[K`);
    },
    finish() {
      if (drawn) stream.write("\r\x1b[K");
      drawn = false;
    },
  };
}

/** `label [######------]  42%  1.2 MB / 3.0 MB`, or `label 1,234` when the total is unknown. */
export function progressLine(label: string, unit: Unit, done: number, total?: number): string {
  const amount = (n: number) => (unit === "bytes" ? formatBytes(n) : n.toLocaleString("en-US"));
  if (total === undefined || total <= 0) return `${label} ${amount(done)}`;
  const ratio = Math.min(1, Math.max(0, done / total));
  const filled = Math.round(ratio * BAR_WIDTH);
  const bar = "#".repeat(filled) + "-".repeat(BAR_WIDTH - filled);
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4);
  return `${label} [${bar}] ${percent}  ${amount(done)} / ${amount(total)}`;
}

export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index++;
  }
  return index === 0 ? `${value} B` : `${value.toFixed(1)} ${units[index]}`;
}

function fit(line: string, columns: number | undefined): string {
  return columns && line.length >= columns ? line.slice(0, columns - 1) : line;
}
