/**
 * How `forgesearch search` prints results: a table of the columns that identify each kind (as
 * `gh search` prints them) for people, JSON or NDJSON for machines, with `--json` picking fields.
 */
import type { Endpoint } from "./search-request.js";

type Item = Record<string, unknown>;

interface Column {
  header: string;
  value(item: Item): string;
  /** The column that gives up width when the terminal is narrow (descriptions, titles). */
  flexible?: boolean;
}

const text = (v: unknown): string => (v === null || v === undefined ? "" : String(v));
const at = (item: Item, dotted: string): unknown => dotted.split(".").reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Item)[key] : undefined), item);
const day = (v: unknown): string => (typeof v === "string" ? v.slice(0, 10) : "");
const firstLine = (v: unknown): string => text(v).split("\n")[0];
/** The `owner/name` a URL such as `…/repos/owner/name/issues/3` names. */
const repoOfUrl = (v: unknown): string => /\/repos\/([^/]+\/[^/]+)/.exec(text(v))?.[1] ?? "";
const labelNames = (v: unknown): string =>
  Array.isArray(v) ? v.map((l) => (typeof l === "string" ? l : text((l as Item | null)?.name))).join(", ") : "";

const COLUMNS: Record<Endpoint, Column[]> = {
  repositories: [
    { header: "NAME", value: (i) => text(i.full_name) },
    { header: "DESCRIPTION", value: (i) => firstLine(i.description), flexible: true },
    { header: "VISIBILITY", value: (i) => text(i.visibility ?? (i.private === true ? "private" : "public")) },
    { header: "STARS", value: (i) => text(i.stargazers_count) },
    { header: "UPDATED", value: (i) => day(i.updated_at) },
  ],
  issues: [
    { header: "REPO", value: (i) => repoOfUrl(i.repository_url ?? i.url) },
    { header: "ID", value: (i) => `#${text(i.number)}` },
    { header: "KIND", value: (i) => (i.pull_request ? "pr" : "issue") },
    { header: "STATE", value: (i) => text(i.state) },
    { header: "TITLE", value: (i) => firstLine(i.title), flexible: true },
    { header: "LABELS", value: (i) => labelNames(i.labels) },
    { header: "UPDATED", value: (i) => day(i.updated_at) },
  ],
  commits: [
    { header: "REPO", value: (i) => text(at(i, "repository.full_name")) },
    { header: "SHA", value: (i) => text(i.sha).slice(0, 8) },
    { header: "MESSAGE", value: (i) => firstLine(at(i, "commit.message")), flexible: true },
    { header: "AUTHOR", value: (i) => text(at(i, "author.login") ?? at(i, "commit.author.name")) },
    { header: "DATE", value: (i) => day(at(i, "commit.author.date")) },
  ],
  code: [
    { header: "REPO", value: (i) => text(at(i, "repository.full_name")) },
    { header: "PATH", value: (i) => text(i.path), flexible: true },
  ],
  users: [
    { header: "LOGIN", value: (i) => text(i.login) },
    { header: "TYPE", value: (i) => text(i.type) },
    { header: "URL", value: (i) => text(i.html_url), flexible: true },
  ],
  topics: [
    { header: "NAME", value: (i) => text(i.name) },
    { header: "FEATURED", value: (i) => (i.featured === true ? "yes" : "") },
    { header: "CURATED", value: (i) => (i.curated === true ? "yes" : "") },
    { header: "DESCRIPTION", value: (i) => firstLine(i.short_description ?? i.description), flexible: true },
  ],
  labels: [
    { header: "NAME", value: (i) => text(i.name) },
    { header: "COLOR", value: (i) => text(i.color) },
    { header: "DESCRIPTION", value: (i) => firstLine(i.description), flexible: true },
  ],
};

/** Reads a `--json` field list: comma-separated names, dotted for nested fields (`owner.login`). */
export function parseFields(list: string): string[] {
  const fields = list.split(",").map((f) => f.trim());
  for (const f of fields) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(f)) throw new RangeError(`"${f}" is not a field name (use e.g. full_name,owner.login)`);
  }
  return fields;
}

/** The item with only the fields asked for (a missing one is null), in the order asked. */
export function pickFields(item: Item, fields: readonly string[] | undefined): Item {
  if (!fields) return item;
  return Object.fromEntries(fields.map((f) => [f, at(item, f) ?? null]));
}

/** Cells of the rows: every column's value, control characters removed. */
function cells(endpoint: Endpoint, items: readonly Item[]): string[][] {
  return items.map((item) => COLUMNS[endpoint].map((c) => clean(c.value(item))));
}

/** Column widths for these items (and the headers), the flexible column narrowed to fit `width`. */
export function tableWidths(endpoint: Endpoint, items: readonly Item[], width: number | undefined): number[] {
  const columns = COLUMNS[endpoint];
  const rows = [columns.map((c) => c.header), ...cells(endpoint, items)];
  const widths = columns.map((_, k) => Math.max(...rows.map((r) => r[k].length)));
  const total = widths.reduce((a, b) => a + b, 0) + GAP * (columns.length - 1);
  const flexible = columns.findIndex((c) => c.flexible);
  if (width && total > width && flexible >= 0) widths[flexible] = Math.max(10, widths[flexible] - (total - width));
  return widths;
}

/** Rows of a table as lines, each cell padded or cut to its column's width; the header first unless told not. */
export function tableLines(endpoint: Endpoint, items: readonly Item[], widths: readonly number[], withHeader = true): string[] {
  const rows = cells(endpoint, items);
  if (withHeader) rows.unshift(COLUMNS[endpoint].map((c) => c.header));
  return rows.map((row) =>
    row
      .map((cell, k) => (k === row.length - 1 ? fit(cell, widths[k]) : fit(cell, widths[k]).padEnd(widths[k])))
      .join(" ".repeat(GAP))
      .trimEnd(),
  );
}

const GAP = 2;

function fit(cell: string, width: number): string {
  return cell.length <= width ? cell : `${cell.slice(0, Math.max(0, width - 1))}…`;
}

/** Control characters (a title with a tab or an escape sequence) never reach the terminal. */
function clean(cell: string): string {
  return cell.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ");
}
