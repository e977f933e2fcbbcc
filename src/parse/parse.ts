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

/**
 * The longest query text parsed, in UTF-8 bytes: sixteen times what the 256-character keyword rule
 * allows, room for many qualifiers, and small enough that no parse takes more than a few milliseconds.
 */
export const MAX_QUERY_BYTES = 4096;

/**
 * Parentheses nested deeper than this are refused before parsing: the grammar descends once per
 * level, and the site's own limit (5, checked later with the other measures) is far below it.
 */
const MAX_PARSE_DEPTH = 32;

/** Parses a query; throws QueryError, and nothing else, for any text it cannot read. */
export function parseQuery(q: string): QueryNode {
  if (typeof q !== "string") throw new QueryError("The query must be text", 0, 0);
  // Every UTF-16 unit takes at least one byte: a long text is refused before it is measured.
  if (q.length > MAX_QUERY_BYTES || Buffer.byteLength(q, "utf8") > MAX_QUERY_BYTES) {
    throw new QueryError(`The query is longer than ${MAX_QUERY_BYTES} bytes.`, 0, q.length);
  }
  const deep = tooDeepAt(q);
  if (deep >= 0) throw new QueryError(`Parentheses are nested more than ${MAX_PARSE_DEPTH} levels deep.`, deep, 1);
  try {
    return parseGenerated(q, { reject });
  } catch (err) {
    throw asQueryError(err, q);
  }
}

/** The offset of the first parenthesis (outside quotes) past MAX_PARSE_DEPTH, or -1. */
function tooDeepAt(q: string): number {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < q.length; i++) {
    const ch = q[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === "(" && ++depth > MAX_PARSE_DEPTH) return i;
    else if (ch === ")" && depth > 0) depth--;
  }
  return -1;
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
