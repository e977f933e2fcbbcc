/**
 * Code search needs at least one search term. Qualifier-only queries are
 * refused by `requiresTerm`; this rule (checked before anything else) adds the terms made only of the
 * characters code search ignores (`.`, `*`, `(`, …): they are dropped, so a
 * query whose every term is such a word has no term either.
 */
import type { QueryNode } from "../../parse/ast.js";
import { proseTokens } from "../../text/tokenize.js";

export const NEEDS_TERM = "The search must include at least one keyword: a query of qualifiers only is not accepted here.";

interface TermCount {
  terms: number;
  withWords: number;
  filename: boolean;
}

/**
 * False when the query has terms but none of them holds a word, unless it
 * has `filename:`. `isQualifier` tells a known qualifier from an unknown
 * `name:value`, which is a keyword.
 */
export function hasSearchWord(tree: QueryNode, isQualifier: (name: string) => boolean): boolean {
  const seen: TermCount = { terms: 0, withWords: 0, filename: false };
  const text = (t: string) => {
    seen.terms++;
    if (proseTokens(t).length) seen.withWords++;
  };
  const walk = (node: QueryNode): void => {
    switch (node.type) {
      case "term":
      case "phrase":
        return text(node.text);
      case "qualifier":
        if (node.name === "filename") seen.filename = true;
        else if (!isQualifier(node.name)) text(`${node.rawName}:${node.raw}`);
        return;
      case "and":
      case "or":
        return node.children.forEach(walk);
      case "not":
      case "group":
        return walk(node.child);
      case "empty":
        return;
    }
  };
  walk(tree);
  return !(seen.terms > 0 && seen.withWords === 0 && !seen.filename);
}
