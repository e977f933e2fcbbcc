/**
 * Builders for the qualifier entries kinds declare: each returns a
 * QualifierSpec whose `build` turns a qualifier node into a logical match.
 */
import type { QualifierNode, TextValue } from "../parse/ast.js";
import { and, keyword, none, not, or, type Match } from "../logical/match.js";
import { dateBounds, numberBounds } from "../logical/values.js";
import type { ColumnUse, QualifierSpec, ResolveContext } from "./types.js";

const NUMBER_FORMS = "n, >n, >=n, <n, <=n, n..m, n..* or *..n";
const DATE_FORMS = "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS with Z or ±HH:MM, optionally with >, >=, <, <= or a .. range";

/** The value as plain text: a list keeps its commas, a comparison its operator. */
function valueText(node: QualifierNode): string {
  return node.raw;
}

/** The values of a comma list, or the single value. */
function valueList(node: QualifierNode): string[] {
  return node.value.type === "list" ? node.value.items.map((i: TextValue) => i.text) : [node.raw];
}

function requireText(node: QualifierNode, ctx: ResolveContext): string {
  const text = node.raw.trim();
  if (!text) ctx.invalid(node, `"${node.rawName}:" needs a value`);
  return text;
}

export function numberQualifier(name: string, column: string, extra: Partial<QualifierSpec> = {}): QualifierSpec {
  return {
    name,
    columns: { [column]: "number" },
    ...extra,
    build(node, ctx) {
      const b = numberBounds(node.value);
      if (!b) return ctx.invalid(node, `"${node.raw}" is not a valid value for ${node.rawName}: use ${NUMBER_FORMS}`);
      if (b.low > b.high) return none(`${node.rawName}:${node.raw} is an empty range`);
      return { op: "range", column, low: b.low, high: b.high };
    },
  };
}

export function dateQualifier(name: string, column: string, extra: Partial<QualifierSpec> = {}): QualifierSpec {
  return {
    name,
    columns: { [column]: "number" },
    ...extra,
    build(node, ctx) {
      const b = dateBounds(node.value);
      if (!b) return ctx.invalid(node, `"${node.raw}" is not a valid date for ${node.rawName}: use ${DATE_FORMS}`);
      if (b.low > b.high) return none(`${node.rawName}:${node.raw} is an empty range`);
      return { op: "range", column, low: b.low, high: b.high };
    },
  };
}

/** Equality on a keyword column; `normalize` maps the value to the stored form (null: no such value). */
export function keywordQualifier(
  name: string,
  column: string,
  options: Partial<QualifierSpec> & { normalize?: (v: string, node: QualifierNode, ctx: ResolveContext) => string | null; commaList?: boolean } = {},
): QualifierSpec {
  const { normalize, commaList, ...extra } = options;
  return {
    name,
    columns: { [column]: "keyword" },
    ...extra,
    build(node, ctx) {
      const raw = commaList ? valueList(node).filter((v) => v.trim() !== "") : [requireText(node, ctx)];
      if (!raw.length) return ctx.invalid(node, `"${node.rawName}:" needs a value`);
      const values: string[] = [];
      for (const v of raw) {
        const n = normalize ? normalize(v, node, ctx) : v.toLowerCase();
        if (n !== null) values.push(n);
      }
      return values.length ? keyword(column, ...values) : none(`no ${node.rawName} named ${node.raw}`);
    },
  };
}

/** A login-valued qualifier; `@me` is the caller. */
export function userQualifier(name: string, column: string, extra: Partial<QualifierSpec> = {}): QualifierSpec {
  return keywordQualifier(name, column, {
    ...extra,
    normalize: (v, node, ctx) => ctx.login(v, node).toLowerCase(),
  });
}

/** The columns a match reads, typed by how it reads them (a range needs numbers, a keyword or prefix test keywords). */
function columnsOfMatch(match: Match, into: Record<string, ColumnUse> = {}): Record<string, ColumnUse> {
  switch (match.op) {
    case "and":
    case "or":
      for (const child of match.children) columnsOfMatch(child, into);
      break;
    case "not":
      columnsOfMatch(match.child, into);
      break;
    case "keyword":
    case "prefix":
      into[match.column] = "keyword";
      break;
    case "range":
      into[match.column] = "number";
      break;
    case "exists":
      // Either type holds "any value": only the name is checked.
      into[match.column] ??= "any";
      break;
  }
  return into;
}

/**
 * The columns of the cases that take no arguments (built once here: they depend on nothing); a case
 * that reads the context declares its columns through `extra.columns`.
 */
function columnsOfCases(cases: Record<string, (ctx: ResolveContext, node: QualifierNode) => Match>): Record<string, ColumnUse> {
  const columns: Record<string, ColumnUse> = {};
  for (const build of Object.values(cases)) if (build.length === 0) columnsOfMatch((build as () => Match)(), columns);
  return columns;
}

/** A qualifier with a fixed set of literal values, each a match. */
export function enumQualifier(name: string, cases: Record<string, (ctx: ResolveContext, node: QualifierNode) => Match>, extra: Partial<QualifierSpec> = {}): QualifierSpec {
  const values = Object.keys(cases);
  return {
    name,
    values,
    ...extra,
    columns: { ...columnsOfCases(cases), ...extra.columns },
    build(node, ctx) {
      const text = requireText(node, ctx).toLowerCase();
      const build = Object.prototype.hasOwnProperty.call(cases, text) ? cases[text] : undefined;
      if (!build) return ctx.invalid(node, `"${node.raw}" is not a valid value for ${node.rawName}: use one of ${values.join(", ")}`);
      return build(ctx, node);
    },
  };
}

/** `true` / `false` on a boolean keyword column. */
export function booleanQualifier(name: string, column: string): QualifierSpec {
  return enumQualifier(name, {
    true: () => keyword(column, "true"),
    false: () => not(keyword(column, "true")),
  });
}

/** `in:` — chooses the fields bare terms search; any of the listed fields. */
export function inQualifier(fields: Record<string, string[]>): QualifierSpec {
  return { name: "in", selectsFields: fields, values: Object.keys(fields) };
}

/** repo:OWNER/NAME on a column holding the lower-cased full name. */
export function repoQualifier(column: string): QualifierSpec {
  return {
    name: "repo",
    scope: true,
    columns: { [column]: "keyword" },
    build(node, ctx) {
      const v = requireText(node, ctx);
      if (!/^[^/\s]+\/[^/\s]+$/.test(v)) ctx.invalid(node, `"${v}" is not a repository: use repo:OWNER/NAME`);
      ctx.requireScope("repo", v, node);
      return keyword(column, v.toLowerCase());
    },
  };
}

/** user: / org: on a column holding the lower-cased owner login. */
export function ownerQualifier(name: "user" | "org", column: string): QualifierSpec {
  return {
    name,
    scope: true,
    columns: { [column]: "keyword" },
    build(node, ctx) {
      const v = ctx.login(requireText(node, ctx), node);
      ctx.requireScope(name, v, node);
      return keyword(column, v.toLowerCase());
    },
  };
}

/** The `oneValue` of a qualifier whose values test different one-value fields: field → its values. */
export function oneValueOf(fields: Record<string, string[]>): (value: string) => string | undefined {
  const byValue = new Map(Object.entries(fields).flatMap(([field, values]) => values.map((v) => [v, field] as const)));
  return (value) => byValue.get(value.trim().toLowerCase());
}

export const VISIBILITY_VALUES = ["public", "private", "internal"];

/** `is:public` / `is:private` / `is:internal` on a visibility column. */
export const visibilityCases = (column: string): Record<string, () => Match> => ({
  public: () => keyword(column, "public"),
  private: () => keyword(column, "private"),
  internal: () => keyword(column, "internal"),
});

export { not, keyword, none };
