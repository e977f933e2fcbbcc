/**
 * A column's value as the index keeps it, and which columns a load's reading thread may read: one
 * conversion for both threads, so that a value read there is the value this thread would read.
 */
import type { ColumnSpec, KindSpec, RecordLike } from "../kinds/types.js";

/** A keyword column's values: lower-cased strings, lists flattened, booleans as "true" / "false", nothing for null or "". */
export function asKeywords(v: unknown): string[] {
  if (v == null || v === "") return [];
  if (Array.isArray(v)) return v.flatMap(asKeywords);
  if (typeof v === "boolean") return [v ? "true" : "false"];
  return [String(v).toLowerCase()];
}

/** A number column's value: a number as it is, a boolean as 0 or 1, anything else NaN (no value). */
export function asNumber(v: unknown): number {
  return typeof v === "number" ? v : typeof v === "boolean" ? Number(v) : NaN;
}

/**
 * Whether a column's values come from the record alone: its value function declares one parameter,
 * so it cannot reach the store (the second), and no join recomputes it.
 */
export function readFromRecordAlone(column: ColumnSpec<RecordLike>): boolean {
  return !column.dependsOn?.length && column.value.length < 2;
}

/** The columns of a kind whose values come from the record alone, by type, in the kind's order. */
export function columnsFromRecordAlone(spec: KindSpec<RecordLike>): { numbers: string[]; keywords: string[] } {
  const alone = spec.columns.filter(readFromRecordAlone);
  return { numbers: alone.filter((c) => c.type === "number").map((c) => c.name), keywords: alone.filter((c) => c.type === "keyword").map((c) => c.name) };
}
