/**
 * Query text → syntax tree. The grammar (grammar/query.peggy, compiled by
 * scripts/build-grammar.mjs) does the parsing; this module turns every failure
 * into a QueryError whose message names the offending part and its offset.
 */
import { QueryError } from "../errors.js";
import type { QueryNode } from "./ast.js";
import { parse as parseGenerated, SyntaxError as GrammarSyntaxError } from "./generated/query-parser.js";

/** Why the grammar refused the text; reported with the offending token. */
type RejectReason = "unclosed" | "nothing-left" | "nothing-right";

const describeRejection: Record<RejectReason, (token: string, offset: number) => string> = {
  unclosed: (token, offset) => `Unbalanced parenthesis: "${token}" at offset ${offset} is never closed`,
  "nothing-left": (token, offset) => `"${token}" at offset ${offset} has nothing on its left`,
  "nothing-right": (token, offset) => `"${token}" at offset ${offset} has nothing on its right`,
};

function reject(reason: RejectReason, token: string, start: number, end: number): never {
  throw new QueryError(describeRejection[reason](token, start), start, end - start);
}

/** Parses a query; throws QueryError, and nothing else, for any text it cannot read. */
export function parseQuery(q: string): QueryNode {
  if (typeof q !== "string") throw new QueryError("The query must be text", 0, 0);
  try {
    return parseGenerated(q, { reject });
  } catch (err) {
    throw asQueryError(err, q);
  }
}

function asQueryError(err: unknown, q: string): QueryError {
  if (err instanceof QueryError) return err;
  if (err instanceof GrammarSyntaxError) {
    const offset = err.location.start.offset;
    const found = err.found == null ? "the end of the query" : JSON.stringify(err.found);
    return new QueryError(`Unexpected ${found} at offset ${offset}`, offset, err.found == null ? 0 : err.found.length);
  }
  // A call-stack overflow is the only other way out of the parser: absurdly deep nesting.
  if (err instanceof RangeError) return new QueryError("The query is nested too deeply to parse", 0, q.length);
  const message = err instanceof Error ? err.message : String(err);
  return new QueryError(`The query cannot be parsed: ${message}`, 0, q.length);
}
