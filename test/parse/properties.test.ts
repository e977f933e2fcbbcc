import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QueryError } from "../../src/errors.js";
import type { QualifierValue, QueryNode, TextValue } from "../../src/parse/ast.js";
import { parseQuery } from "../../src/parse/parse.js";
import { printQuery, valueText } from "../../src/parse/print.js";
import { spanProblems, stripSpans } from "./support.js";

const NO_SPAN = { start: 0, end: 0 };

// ---------------------------------------------------------------- arbitrary text

/** Pieces that stress the grammar: operators, quotes, parens, prefixes, values, odd whitespace and unicode. */
const queryPieces = fc.constantFrom(
  " ", " ", "  ", "\t", "\u00a0", "(", ")", '"', "-", ":", ",", "..", "*", ">", ">=", "<", "=",
  "AND", "OR", "NOT", "and", "a", "bc", "7", "label:", "fullname:", "Stars:", "x.y-z:", "@me", "+",
  "2017-01-01T01:00:00", " 07:00", "é", "😀", "\ud800", "中文",
);

function expectParsesOrQueryError(query: string): void {
  let tree: QueryNode;
  try {
    tree = parseQuery(query);
  } catch (err) {
    expect(err).toBeInstanceOf(QueryError);
    const { offset, length } = err as QueryError;
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset + length).toBeLessThanOrEqual(query.length);
    return;
  }
  expect(spanProblems(tree, query)).toEqual([]);
  // Printing is stable: the printed form re-parses to the same tree and prints the same again.
  const printed = printQuery(tree);
  const reparsed = parseQuery(printed);
  expect(stripSpans(reparsed)).toEqual(stripSpans(tree));
  expect(printQuery(reparsed)).toBe(printed);
}

describe("arbitrary text", () => {
  it("either parses (with sound spans and a stable printed form) or throws a QueryError", () => {
    fc.assert(fc.property(fc.string({ unit: queryPieces, maxLength: 30 }), expectParsesOrQueryError), { numRuns: 1500 });
  });

  it("holds for any unicode string too", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 40 }), expectParsesOrQueryError), { numRuns: 500 });
  });
});

// ---------------------------------------------------------------- generated trees

const chars = (alphabet: string) => fc.constantFrom(...Array.from(alphabet));
const word = (first: string, rest: string, maxLength = 6) =>
  fc.tuple(chars(first), fc.string({ unit: chars(rest), maxLength })).map(([head, tail]) => head + tail);

const LETTERS = "abcXYZé中";
const isOperator = (text: string) => text === "AND" || text === "OR" || text === "NOT";

/** A bare word: never an operator, never qualifier-shaped, never starting with - ( or ". */
const termText = word(LETTERS + "0189_.#@+*/😀", LETTERS + "019_.#@+*/(-😀").filter((text) => !isOperator(text));
/** After "-" anything word-like goes, operator words included. */
const excludedText = fc.oneof(termText, fc.constantFrom("-", "-x", "AND", "OR", "NOT"));
const phraseText = fc.string({ unit: chars("ab é:()-,*.<> AND"), maxLength: 10 });

const text = (value: string, quoted: boolean): TextValue => ({ type: "text", text: value, quoted, span: NO_SPAN });
/** Unquoted text that cannot be read as a list, comparison, range or date-time with a spaced zone. */
const bareText = fc.string({ unit: chars("abZ09_/@#+*:-é"), maxLength: 6 }).map((t) => text(t, false));
/** Quoted text that cannot be read as a comparison or range. */
const quotedText = fc.string({ unit: chars("abZ09 ,()-_/#@+*é"), maxLength: 8 }).map((t) => text(t, true));
const listItem = fc.oneof(
  fc.string({ unit: chars("abZ09_/@#+*:.<>-"), maxLength: 5 }).map((t) => text(t, false)),
  fc.string({ unit: chars("ab ,.<>:()"), maxLength: 5 }).map((t) => text(t, true)),
);
const operand = fc.oneof(
  word("abZ0129T+:_-", "abZ0129T+:_-."),
  fc.constantFrom("2016-04-29", "2017-01-01T01:00:00+07:00", "2016-03-21T14:11:00Z"),
);
const rangeEnd = fc.oneof(fc.constant(null), word("abZ0129T+:_-", "abZ0129T+:_-"), fc.constantFrom("2017-01-01T01:00:00+07:00", "10"));

const value: fc.Arbitrary<QualifierValue> = fc.oneof(
  bareText,
  quotedText,
  fc.array(listItem, { minLength: 2, maxLength: 4 }).map((items) => ({ type: "list" as const, items, span: NO_SPAN })),
  fc
    .tuple(fc.constantFrom(">" as const, ">=" as const, "<" as const, "<=" as const), operand)
    .map(([op, operand]) => ({ type: "compare" as const, op, operand, span: NO_SPAN })),
  fc.tuple(rangeEnd, rangeEnd).map(([low, high]) => ({ type: "range" as const, low, high, span: NO_SPAN })),
);

const qualifierName = word("abcXYZ", "abcXYZ019_.-", 8).filter((name) => name.toLowerCase() !== "fullname");

const term = termText.map((t): QueryNode => ({ type: "term", text: t, span: NO_SPAN }));
const phrase = phraseText.map((t): QueryNode => ({ type: "phrase", text: t, span: NO_SPAN }));
const qualifier = fc.tuple(qualifierName, fc.boolean(), value).map(
  ([rawName, negated, v]): QueryNode => ({
    type: "qualifier",
    name: rawName.toLowerCase(),
    rawName,
    negated,
    value: v,
    raw: valueText(v),
    span: NO_SPAN,
  }),
);
const empty: QueryNode = { type: "empty", span: NO_SPAN };

/** Trees of the shapes the parser builds: OR over AND over NOT over primaries; EMPTY only alone or in a group. */
const trees = fc.letrec<{ expr: QueryNode; or: QueryNode; and: QueryNode; unary: QueryNode; primary: QueryNode; group: QueryNode }>(
  (tie) => ({
    expr: fc.oneof({ maxDepth: 4 }, tie("unary"), tie("and"), tie("or")),
    or: fc.array(fc.oneof(tie("unary"), tie("and")), { minLength: 2, maxLength: 3 }).map((children): QueryNode => ({ type: "or", children, span: NO_SPAN })),
    and: fc
      .array(fc.tuple(fc.constantFrom(" " as const, "AND" as const), tie("unary")), { minLength: 2, maxLength: 4 })
      .map((pairs): QueryNode => ({
        type: "and",
        children: pairs.map(([, child]) => child),
        joins: pairs.slice(1).map(([join]) => join),
        span: NO_SPAN,
      })),
    unary: fc.oneof(
      { maxDepth: 4 },
      tie("primary"),
      tie("unary").map((child): QueryNode => ({ type: "not", child, keyword: true, span: NO_SPAN })),
      fc
        .oneof(excludedText.map((t): QueryNode => ({ type: "term", text: t, span: NO_SPAN })), phrase, tie("group"))
        .map((child): QueryNode => ({ type: "not", child, keyword: false, span: NO_SPAN })),
    ),
    primary: fc.oneof({ maxDepth: 4 }, term, phrase, qualifier, tie("group")),
    group: fc.oneof({ maxDepth: 3 }, fc.constant(empty), tie("expr")).map((child): QueryNode => ({ type: "group", child, span: NO_SPAN })),
  }),
);
const query = fc.oneof({ arbitrary: trees.expr, weight: 19 }, { arbitrary: fc.constant(empty), weight: 1 });

describe("generated trees", () => {
  it("survive printing and parsing again", () => {
    fc.assert(
      fc.property(query, (tree) => {
        const printed = printQuery(tree);
        const parsed = parseQuery(printed);
        expect(stripSpans(parsed)).toEqual(stripSpans(tree));
        expect(spanProblems(parsed, printed)).toEqual([]);
      }),
      { numRuns: 1500 },
    );
  });

  it("keep fullname values when the name comes last or is quoted", () => {
    const name = fc.array(word("abN", "abN-'", 5), { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(trees.unary, name, fc.boolean(), (before, fullname, quoted) => {
        const value = text(fullname, quoted);
        const tree: QueryNode = {
          type: "and",
          children: [before, { type: "qualifier", name: "fullname", rawName: "fullname", negated: false, value, raw: fullname, span: NO_SPAN }],
          joins: [" "],
          span: NO_SPAN,
        };
        expect(stripSpans(parseQuery(printQuery(tree)))).toEqual(stripSpans(tree));
      }),
      { numRuns: 300 },
    );
  });
});
