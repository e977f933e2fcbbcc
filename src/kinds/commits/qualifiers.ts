/** The qualifiers only commit search has: words of a git name and object-id prefixes. */
import { and, keyword, type Match } from "../../logical/match.js";
import { proseTokens } from "../../text/tokenize.js";
import type { QualifierSpec } from "../types.js";

/** Shortest object-id prefix accepted by `hash:`, `parent:` and `tree:`. */
const MIN_SHA_PREFIX = 7;
const FULL_SHA = 40;

/** `author-name:wanstrath`: every word of the value is a word of the name. */
export function nameQualifier(name: string, column: string): QualifierSpec {
  return {
    name,
    columns: { [column]: "keyword" },
    build(node, ctx) {
      const words = proseTokens(node.raw).map((t) => t.term);
      if (!words.length) ctx.invalid(node, `"${node.rawName}:${node.raw}" needs a name: use ${node.rawName}:WORD or ${node.rawName}:"FIRST LAST"`);
      return and(words.map((w) => keyword(column, w)));
    },
  };
}

/**
 * An object id (`hash:`, `parent:`, `tree:`): the full 40 hexadecimal digits,
 * or a prefix of at least seven. Anything shorter, or not hexadecimal, is a 422.
 */
export function shaQualifier(name: string, column: string): QualifierSpec {
  return {
    name,
    columns: { [column]: "keyword" },
    build(node, ctx): Match {
      const value = node.raw.trim().toLowerCase();
      if (!/^[0-9a-f]+$/.test(value) || value.length < MIN_SHA_PREFIX || value.length > FULL_SHA) {
        ctx.invalid(node, `"${node.raw}" is not a valid value for ${node.rawName}: use ${MIN_SHA_PREFIX} to ${FULL_SHA} hexadecimal digits of a SHA`);
      }
      return value.length === FULL_SHA ? keyword(column, value) : { op: "prefix", column, prefix: value };
    },
  };
}
