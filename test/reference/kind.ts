/**
 * What the reference evaluator needs to know about one search kind, as data:
 * how to get its records, its text fields, its qualifiers (each a builder of a
 * record predicate), its sorts. Adding a kind (issues, code, commits) is one
 * more file in kinds/ and one line in kinds/index.ts.
 */
import type { Caller } from "./access.js";
import type { Dataset } from "./dataset.js";

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
  /** The predicate for a value (as written, quotes removed); throws Rejected for a bad value. */
  build(value: string, ctx: OracleContext): Predicate<R>;
}

/** Extra request parameters some kinds need (labels: the repository). */
export interface RequestScope {
  repositoryId?: number;
}

export interface OracleKind<R> {
  name: string;
  /** The records a search of this kind runs over (before visibility); may reject (labels: unknown repository). */
  records(ctx: OracleContext, scope: RequestScope): R[];
  /** The identity of a record in results. */
  key(record: R): string;
  /** Text fields: each yields the separate values a keyword may match. */
  fields: Record<string, (record: R, ctx: OracleContext) => Array<string | null | undefined>>;
  defaultFields: string[];
  /** `in:` values and the fields each selects; absent when the kind has no `in:`. */
  inValues?: Record<string, string[]>;
  /** How whitespace-joined top-level keywords combine (labels: any of them). */
  keywordsCombine: "and" | "or";
  /** Qualifiers by lower-cased name. */
  qualifiers: Record<string, QualifierRule<R>>;
  /** Qualifiers matched by a name prefix (`props.NAME`); the rule gets the full lower-cased name. */
  prefixQualifiers?: Array<{ prefix: string; rule: (name: string) => QualifierRule<R> }>;
  /** Sort fields and each record's value (undefined: missing, sorts last). */
  sorts: Record<string, (record: R, ctx: OracleContext) => number | undefined>;
  /** Filters added to every query, given the names of the qualifiers it used. */
  defaults?(present: ReadonlySet<string>): Array<Predicate<R>>;
  /** Whether the caller may see the record. */
  visible?(record: R, ctx: OracleContext): boolean;
}
