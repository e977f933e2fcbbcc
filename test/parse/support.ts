import type { QualifierValue, QueryNode, Span } from "../../src/parse/ast.js";
import { childrenOf } from "../../src/parse/measure.js";

/** A deep copy of a tree without any `span` property, for comparisons that ignore positions. */
export function stripSpans<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripSpans) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "span").map(([key, v]) => [key, stripSpans(v)])) as T;
  }
  return value;
}

function valuesOf(value: QualifierValue): QualifierValue[] {
  return value.type === "list" ? [value, ...value.items] : [value];
}

/**
 * Problems with a tree's spans for query text `q`: every span lies inside the
 * text, every child (and value) inside its parent, siblings in order without overlap.
 */
export function spanProblems(node: QueryNode, q: string): string[] {
  const problems: string[] = [];
  const inside = (inner: Span, outer: Span, what: string) => {
    if (inner.start < outer.start || inner.end > outer.end || inner.start > inner.end) {
      problems.push(`${what} [${inner.start},${inner.end}) not inside [${outer.start},${outer.end})`);
    }
  };
  const check = (current: QueryNode, outer: Span) => {
    inside(current.span, outer, current.type);
    if (current.type === "qualifier") {
      for (const value of valuesOf(current.value)) inside(value.span, current.span, `value of ${current.rawName}`);
    }
    const children = childrenOf(current);
    children.forEach((child, i) => {
      if (i > 0 && child.span.start < children[i - 1]!.span.end) problems.push(`${child.type} overlaps its previous sibling`);
      check(child, current.span);
    });
  };
  check(node, { start: 0, end: q.length });
  return problems;
}
