/**
 * Measures of a syntax tree that the query limits are stated in
 * (operators, nesting, keyword length), and a generic walk.
 */
import type { QualifierNode, QueryNode } from "./ast.js";

/**
 * Visits every node depth-first, parents before children, in source order.
 * `ancestors` runs from the root to the node's parent. Returning `false` skips
 * the node's children.
 */
export function walk(node: QueryNode, visit: (node: QueryNode, ancestors: readonly QueryNode[]) => void | boolean): void {
  const ancestors: QueryNode[] = [];
  const step = (current: QueryNode): void => {
    if (visit(current, ancestors) === false) return;
    ancestors.push(current);
    for (const child of childrenOf(current)) step(child);
    ancestors.pop();
  };
  step(node);
}

export function childrenOf(node: QueryNode): readonly QueryNode[] {
  switch (node.type) {
    case "and":
    case "or":
      return node.children;
    case "not":
    case "group":
      return [node.child];
    default:
      return [];
  }
}

/** Every qualifier in source order, wherever it sits (negated, under NOT, in groups). */
export function collectQualifiers(node: QueryNode): QualifierNode[] {
  const found: QualifierNode[] = [];
  walk(node, (current) => {
    if (current.type === "qualifier") found.push(current);
  });
  return found;
}

/** The operator words AND, OR and NOT; not `-`, implicit AND or parentheses. */
export function countOperators(node: QueryNode): number {
  let count = 0;
  walk(node, (current) => {
    if (current.type === "or") count += current.children.length - 1;
    else if (current.type === "and") count += current.joins.filter((join) => join === "AND").length;
    else if (current.type === "not" && current.keyword) count += 1;
  });
  return count;
}

/** Deepest parenthesis nesting: 0 without groups, 1 for `(a)`, 2 for `((a))`. */
export function groupDepth(node: QueryNode): number {
  const below = Math.max(0, ...childrenOf(node).map(groupDepth));
  return node.type === "group" ? below + 1 : below;
}

/**
 * Length of the query's keyword text (the suggested reading of the 256-character
 * limit): the text of every term and phrase (phrases without their quotes, a
 * `-word` with its `-`), plus one separator between consecutive parts.
 * Qualifiers, operator words and parentheses do not count.
 */
export function keywordLength(node: QueryNode): number {
  const parts: number[] = [];
  walk(node, (current, ancestors) => {
    if (current.type !== "term" && current.type !== "phrase") return;
    const parent = ancestors.at(-1);
    const excluded = parent?.type === "not" && !parent.keyword;
    parts.push(current.text.length + (excluded ? 1 : 0));
  });
  return parts.reduce((sum, length) => sum + length, 0) + Math.max(0, parts.length - 1);
}
