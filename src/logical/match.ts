/**
 * The logical query: the syntax tree resolved against one resource kind. Terms
 * are tokenised, qualifiers are typed column tests; nothing here knows how the
 * index stores anything.
 */
import type { Span } from "../parse/ast.js";

export type Match =
  | { op: "all" }
  | { op: "none"; reason: string }
  | { op: "and"; children: Match[] }
  | { op: "or"; children: Match[] }
  | { op: "not"; child: Match }
  /**
   * The words of `text` (cut by each field's own tokenizer) in one of `fields`:
   * every word somewhere in the field, or with `phrase` adjacent and in order.
   */
  | { op: "text"; fields: string[]; text: string; phrase: boolean; span: Span }
  /** The column holds at least one of `values` (already normalised). */
  | { op: "keyword"; column: string; values: string[] }
  /** The column holds a value beginning with `prefix`. */
  | { op: "prefix"; column: string; prefix: string }
  /** low <= value <= high, on a numeric or date column (dates as epoch ms). */
  | { op: "range"; column: string; low: number; high: number }
  /** The column holds any value at all (non-empty list, non-null scalar). */
  | { op: "exists"; column: string };

export const ALL: Match = { op: "all" };

export function none(reason: string): Match {
  return { op: "none", reason };
}

export function and(children: Match[]): Match {
  return children.length === 1 ? children[0] : { op: "and", children };
}

export function or(children: Match[]): Match {
  return children.length === 1 ? children[0] : { op: "or", children };
}

export function not(child: Match): Match {
  return { op: "not", child };
}

export function keyword(column: string, ...values: string[]): Match {
  return { op: "keyword", column, values };
}
