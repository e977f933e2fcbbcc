/** Event files and dump files for the archive import tests. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { ArchiveEvent } from "../../../bench/gharchive-events.mjs";

export const FIXTURE = join(import.meta.dirname, "..", "fixtures", "gharchive");

/** Writes events one a line, gzipped when the name ends in .gz. */
export function writeEvents(path: string, events: readonly (ArchiveEvent | string)[]): string {
  const text = events.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n") + "\n";
  writeFileSync(path, path.endsWith(".gz") ? gzipSync(text) : text);
  return path;
}

export type Row = Record<string, any>;

/** The records of one dump file (none when the file is empty). */
export function dumpRecords(folder: string, kind: "users" | "repositories" | "labels" | "issues" | "comments"): Row[] {
  const text = readFileSync(join(folder, `${kind}.ndjson`), "utf8");
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Row);
}

export function dumpText(folder: string): string {
  return ["users", "repositories", "labels", "issues", "comments"].map((kind) => readFileSync(join(folder, `${kind}.ndjson`), "utf8")).join("\n--\n");
}
