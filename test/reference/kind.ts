/**
 * What the reference evaluator needs to know about one search kind, as data:
 * how to get its records, its text fields, its qualifiers (each a builder of a
 * record predicate), its sorts, and the few whole-query rules some kinds have.
 * Adding a kind is one more file in kinds/ and one line in kinds/index.ts.
 */
import type { Caller } from "./access.js";
import type { Dataset } from "./dataset.js";
import type { Query } from "./query.js";

export type Predicate<R> = (record: R) => boolean;

export interface OracleContext {
  data: Dataset;
  caller?: Caller;
  /**
   * The login of `@me` for user-valued qualifiers; any other value as given.
   * Rejects (422) `@me` without a caller.
   */
  login(value: string): string;
  /**
   * The positive repo:/user:/org: qualifiers at the top level of the query
   * (lower-cased name and value), for rules that depend on the query's scope.
   */
  scopes: Array<{ name: string; value: string }>;
}

export interface QualifierRule<R> {
  /** repo:/user:/org:: a union when repeated at the top level, refused inside parentheses. */
  scope?: boolean;
  /** False when neither `-` nor `NOT` may exclude it (422): the `no:` qualifiers. */
  negatable?: false;
  /** "or": positive repeats joined side by side are alternatives (`involves:a involves:b`). */
  repeats?: "or";
  /**
   * The field the qualifier tests when a record holds one value of it (a
   * license, a state), by value when that decides it (`is:open` → state):
   * positive repeats on one such field, joined side by side, are alternatives.
   */
  oneValue?: string | ((value: string) => string | undefined);
  /**
   * The predicate for a value (as written, quotes removed; `list`: its comma
   * list items, or the whole value when quoted); throws Rejected for a bad value.
   */
  build(value: string, ctx: OracleContext, list: string[]): Predicate<R>;
}

/** Extra request parameters some kinds need (labels: the repository). */
export interface RequestScope {
  repositoryId?: number;
}

/**
 * How keywords read a field's text. `prose`: a keyword or phrase is a run of
 * consecutive words. `code`: words are also matched by their identifier parts,
 * a phrase is a run, and the words of a bare keyword are separate terms.
 */
export type TextReading = "prose" | "code";

export interface OracleKind<R> {
  name: string;
  /** The records a search of this kind runs over (before visibility); may reject (labels: unknown repository). */
  records(ctx: OracleContext, scope: RequestScope): R[];
  /** The identity of a record in results. */
  key(record: R): string;
  /** The same identity read from a result item the engine rendered. */
  itemKey(item: Record<string, unknown>): string;
  /** Text fields: each yields the separate values a keyword may match. */
  fields: Record<string, (record: R, ctx: OracleContext) => Array<string | null | undefined>>;
  defaultFields: string[];
  textReading?: TextReading;
  /** `in:` values and the fields each selects; absent when the kind has no `in:`. */
  inValues?: Record<string, string[]>;
  /** How whitespace-joined top-level keywords combine (labels: any of them). */
  keywordsCombine: "and" | "or";
  /** Qualifiers by lower-cased name. */
  qualifiers: Record<string, QualifierRule<R>>;
  /** Qualifiers matched by a name prefix (`props.NAME`); the rule gets the full lower-cased name. */
  prefixQualifiers?: Array<{ prefix: string; rule: (name: string) => QualifierRule<R> }>;
  /** What a bare keyword means besides its text (issues: a hex word is also a commit SHA prefix). */
  term?(text: string, asText: Predicate<R>, ctx: OracleContext): Predicate<R>;
  /** Sort fields and each record's value (undefined: missing, sorts last). */
  sorts: Record<string, (record: R, ctx: OracleContext) => number | undefined>;
  /** Sorts only the in-query `sort:` takes, not the REST parameter. */
  queryOnlySorts?: string[];
  /** False when `sort:` in the query is no sort but an unknown qualifier, hence keywords (code). */
  inQuerySort?: false;
  /** A preview media type the request must accept (`cloak-preview`): without it, 415. */
  preview?: string;
  /** Rules on the whole query (a 422 when broken), given the caller. */
  check?(query: Query, ctx: OracleContext, kind: OracleKind<R>): void;
  /** Filters added to every query, given the names of the qualifiers it used. */
  defaults?(present: ReadonlySet<string>, ctx: OracleContext): Array<Predicate<R>>;
  /** Whether the caller may see the record. */
  visible?(record: R, ctx: OracleContext): boolean;
}
