import { describe, expect, it } from "vitest";
import type { QualifierNode, QueryNode } from "../../src/parse/ast.js";
import { collectQualifiers } from "../../src/parse/measure.js";
import { parseQuery } from "../../src/parse/parse.js";
import { formatTree, printQuery, valueText } from "../../src/parse/print.js";
import { stripSpans } from "./support.js";
import { constructs, documented } from "./tables.js";

/** Queries of the tables not written in canonical form, and the canonical text they print as. */
const canonicalForms = new Map<string, string>([
  ["", ""],
  ["  \t\n ", ""],
  ["  cats  ", "cats"],
  ["fix \t  typo", "fix typo"],
  ["a\u00a0b\u3000c", "a b c"],
  ['"unterminated runs to the end', '"unterminated runs to the end"'],
  ['a"b c"', 'a "b c"'],
  ['label:"unterminated value', 'label:"unterminated value"'],
  ['stars:"*..10"', "stars:*..10"],
  ['stars:">10"', "stars:>10"],
  ["created:2017-01-01T01:00:00 07:00", "created:2017-01-01T01:00:00+07:00"],
  ["created:>2017-01-01T01:00:00 07:00", "created:>2017-01-01T01:00:00+07:00"],
  ["created:2017-01-01T01:00:00 07:00..2017-03-01T15:30:15 07:00", "created:2017-01-01T01:00:00+07:00..2017-03-01T15:30:15+07:00"],
  ["created:2017-01-01T01:00:00 07:00..*", "created:2017-01-01T01:00:00+07:00..*"],
  ['created:"2017-01-01T01:00:00 07:00"', 'created:"2017-01-01T01:00:00+07:00"'],
  ["created:2017-01-01T01:00:00 07:00 cats", "created:2017-01-01T01:00:00+07:00 cats"],
  ['a OR"b"', 'a OR "b"'],
  ["( )", "()"],
  ["(a)b", "(a) b"],
]);

const allQueries = [...new Set([...constructs, ...documented].map(([query]) => query))];

describe("printQuery", () => {
  it.each(allQueries)("prints %j back in canonical form", (query) => {
    expect(printQuery(parseQuery(query))).toBe(canonicalForms.get(query) ?? query);
  });

  it.each(allQueries)("re-parses the printed form of %j to the same tree", (query) => {
    const tree = parseQuery(query);
    expect(stripSpans(parseQuery(printQuery(tree)))).toEqual(stripSpans(tree));
  });

  it("keeps the qualifier name as written and quotes as written", () => {
    const query = 'Label:"bug" LABEL:wip -Milestone:"v 1"';
    const tree = parseQuery(query);
    expect(collectQualifiers(tree).map((q) => [q.name, q.rawName])).toEqual([
      ["label", "Label"],
      ["label", "LABEL"],
      ["milestone", "Milestone"],
    ]);
    expect(printQuery(tree)).toBe(query);
  });

  // Found by the parse property test: fullname: reads a bare >5 as text, so the quotes must stay.
  it.each(['fullname:">5"', 'fullname:">=("', 'fullname:"1..2"', 'fullname:"*..z"'])("keeps the quotes of a fullname comparison or range %j", (query) => {
    const tree = parseQuery(query);
    expect(printQuery(tree)).toBe(query);
    expect(stripSpans(parseQuery(printQuery(tree)))).toEqual(stripSpans(tree));
  });

  it("prints explicit AND joins and implicit ones as written", () => {
    expect(printQuery(parseQuery("a AND b c AND d"))).toBe("a AND b c AND d");
  });
});

describe("qualifier raw text", () => {
  const raw = (query: string) => (parseQuery(query) as QualifierNode).raw;

  it.each([
    ['label:"help wanted"', "help wanted"],
    ['label:"bug","wip"', "bug,wip"],
    ['label:bug,"help wanted"', "bug,help wanted"],
    ["stars:>10", ">10"],
    ['stars:"*..10"', "*..10"],
    ["stars:10..*", "10..*"],
    ["label:", ""],
    ["fullname:nat friedman", "nat friedman"],
    ["created:2017-01-01T01:00:00 07:00", "2017-01-01T01:00:00+07:00"],
  ])("%j has raw %j", (query, expected) => {
    expect(raw(query)).toBe(expected);
  });

  it.each(allQueries)("raw of every qualifier in %j is its value's text", (query) => {
    for (const qualifier of collectQualifiers(parseQuery(query))) expect(qualifier.raw).toBe(valueText(qualifier.value));
  });
});

describe("formatTree", () => {
  it("distinguishes the two kinds of negation and explicit AND", () => {
    expect(formatTree(parseQuery("NOT a -b c AND d"))).toBe("(and (not a) (- b) c AND d)");
  });

  it("marks text values that could be read as another shape", () => {
    const text = (t: string, quoted = false): QueryNode => ({
      type: "qualifier",
      name: "x",
      rawName: "x",
      negated: false,
      value: { type: "text", text: t, quoted, span: { start: 0, end: 0 } },
      raw: t,
      span: { start: 0, end: 0 },
    });
    expect(formatTree(text(">1"))).toBe('x:(bare ">1")');
    expect(formatTree(text("1..2"))).toBe('x:(bare "1..2")');
    expect(formatTree(text("a,b"))).toBe('x:(bare "a,b")');
    expect(formatTree(text("a b", true))).toBe('x:"a b"');
    expect(formatTree(text("plain"))).toBe("x:plain");
  });
});
