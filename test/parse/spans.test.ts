import { describe, expect, it } from "vitest";
import type { QualifierNode, QueryNode, Span } from "../../src/parse/ast.js";
import { walk } from "../../src/parse/measure.js";
import { parseQuery } from "../../src/parse/parse.js";
import { spanProblems } from "./support.js";
import { constructs, documented } from "./tables.js";

/** Each node's type with the source text its span covers, in walk order. */
function covered(query: string): string[] {
  const parts: string[] = [];
  const slice = (span: Span) => query.slice(span.start, span.end);
  walk(parseQuery(query), (node: QueryNode) => {
    parts.push(`${node.type}:${slice(node.span)}`);
    if (node.type === "qualifier") {
      const values = node.value.type === "list" ? [node.value, ...node.value.items] : [node.value];
      for (const value of values) parts.push(`${value.type}:${slice(value.span)}`);
    }
  });
  return parts;
}

describe("spans", () => {
  it("cover each node's source text", () => {
    expect(covered('a -label:"x y" OR NOT (b "c d")')).toEqual([
      'or:a -label:"x y" OR NOT (b "c d")',
      'and:a -label:"x y"',
      "term:a",
      'qualifier:-label:"x y"',
      'text:"x y"',
      'not:NOT (b "c d")',
      'group:(b "c d")',
      'and:b "c d"',
      "term:b",
      'phrase:"c d"',
    ]);
  });

  it("cover list items, comparisons, ranges and empty values", () => {
    expect(covered('label:a,"b c" stars:>5 created:1..* x:')).toEqual([
      'and:label:a,"b c" stars:>5 created:1..* x:',
      'qualifier:label:a,"b c"',
      'list:a,"b c"',
      "text:a",
      'text:"b c"',
      "qualifier:stars:>5",
      "compare:>5",
      "qualifier:created:1..*",
      "range:1..*",
      "qualifier:x:",
      "text:",
    ]);
  });

  it("cover a zone offset written with a space and a fullname's words", () => {
    expect(covered("created:2017-01-01T01:00:00 07:00 fullname:nat friedman")).toEqual([
      "and:created:2017-01-01T01:00:00 07:00 fullname:nat friedman",
      "qualifier:created:2017-01-01T01:00:00 07:00",
      "text:2017-01-01T01:00:00 07:00",
      "qualifier:fullname:nat friedman",
      "text:nat friedman",
    ]);
  });

  it("are UTF-16 offsets", () => {
    const query = "😀 é label:ü";
    const tree = parseQuery(query) as { children: QueryNode[] };
    expect(tree.children.map((child) => child.span)).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 4 },
      { start: 5, end: 12 },
    ]);
    expect((tree.children[2] as QualifierNode).value.span).toEqual({ start: 11, end: 12 });
  });

  it("of an empty query cover the whole text", () => {
    expect(parseQuery("   ").span).toEqual({ start: 0, end: 3 });
  });

  it.each([...constructs, ...documented].map(([query]) => query))("nest properly in %j", (query) => {
    expect(spanProblems(parseQuery(query), query)).toEqual([]);
  });
});
