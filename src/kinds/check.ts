/**
 * Checks a kind's declaration against itself when the kinds are assembled: every name that one
 * part of a spec uses to point at another (a sort's column, a default field, a text-match field,
 * an `in:` field, a qualifier's columns, a join's column) must exist with the right type, so that
 * a misspelt name fails at startup instead of matching nothing at search time.
 */
import type { ColumnType, KindSpec, RecordLike } from "./types.js";

/** A kind spec that names something it does not have; `name` is the offending name. */
export class KindSpecError extends Error {
  readonly kind: string;
  /** The name that does not resolve. */
  readonly offending: string;

  constructor(kind: string, name: string, message: string) {
    super(`kind "${kind}": ${message}`);
    this.name = "KindSpecError";
    this.kind = kind;
    this.offending = name;
  }
}

/** Throws a KindSpecError at the first name of `spec` that does not resolve. */
export function checkKindSpec(spec: KindSpec<RecordLike>): void {
  const fail = (name: string, message: string): never => {
    throw new KindSpecError(spec.kind, name, message);
  };
  const textFields = unique(spec.kind, "text field", spec.textFields.map((f) => f.name));
  const columns = new Map<string, ColumnType>();
  for (const c of spec.columns) {
    if (columns.has(c.name)) fail(c.name, `column "${c.name}" is declared twice`);
    columns.set(c.name, c.type);
  }
  const needColumn = (name: string, type: ColumnType | "any", where: string) => {
    const found = columns.get(name);
    if (found === undefined) fail(name, `${where} names column "${name}", which the kind does not have`);
    if (type !== "any" && found !== type) fail(name, `${where} reads column "${name}" as ${type}, but it is a ${found} column`);
  };
  const needField = (name: string, where: string) => {
    if (!textFields.has(name)) fail(name, `${where} names text field "${name}", which the kind does not have (fields: ${[...textFields].join(", ")})`);
  };

  for (const name of spec.defaultFields) needField(name, "defaultFields");
  for (const tm of spec.textMatches) needField(tm.field, `text match "${tm.property}"`);
  for (const [name, sort] of Object.entries(spec.sorts)) needColumn(sort.column, "number", `sort "${name}"`);
  for (const c of spec.columns) if (c.joinedBy) needColumn(c.joinedBy.column, "keyword", `the join of column "${c.name}"`);

  unique(spec.kind, "qualifier", spec.qualifiers.flatMap((q) => [q.name, ...(q.aliases ?? [])]));
  for (const q of spec.qualifiers) {
    for (const [option, fields] of Object.entries(q.selectsFields ?? {})) for (const f of fields) needField(f, `${q.name}:${option}`);
    if (q.build && !q.columns) fail(q.name, `qualifier "${q.name}" builds matches but declares no columns`);
    for (const [column, type] of Object.entries(q.columns ?? {})) needColumn(column, type, `qualifier "${q.name}"`);
  }
}

function unique(kind: string, what: string, names: string[]): Set<string> {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new KindSpecError(kind, name, `${what} "${name}" is declared twice`);
    seen.add(name);
  }
  return seen;
}
