/** The logical query's printed form and its simplification to a fixed point. */
import { describe, expect, it } from "vitest";
import { ALL, and, keyword, none, not, or, type Match } from "../../src/logical/match.js";
import { printMatch } from "../../src/logical/print.js";
import { simplify } from "../../src/logical/simplify.js";

const span = { start: 0, end: 1 };
const word = (text: string): Match => ({ op: "text", fields: ["title", "body"], text, phrase: false, span });

describe("printMatch", () => {
  it("prints every node in the plan's notation", () => {
    const m = and([
      word("rocket"),
      { op: "text", fields: ["title"], text: "to the moon", phrase: true, span },
      or([keyword("label", "bug", "docs"), { op: "prefix", column: "commit", prefix: "abc1234" }]),
      not({ op: "range", column: "stars", low: 10, high: Number.POSITIVE_INFINITY }),
      { op: "exists", column: "milestone" },
    ]);
    expect(printMatch(m)).toBe('(and rocket@title|body "to the moon"@title (or label=bug|docs commit^=abc1234) (not stars:[10..*]) milestone:*)');
    expect(printMatch(ALL)).toBe("all");
    expect(printMatch(none("no such repository"))).toBe("none(no such repository)");
  });
});

describe("simplify", () => {
  const cases: Array<[name: string, input: Match, printed: string]> = [
    ["flattens nested conjunctions, keeping the words' order", and([word("a"), and([word("b"), and([word("c"), word("d")])])]), "(and a@title|body b@title|body c@title|body d@title|body)"],
    ["flattens nested disjunctions", or([word("a"), or([word("b"), word("c")])]), "(or a@title|body b@title|body c@title|body)"],
    ["drops all from a conjunction", and([ALL, word("a"), ALL]), "a@title|body"],
    ["drops none from a disjunction", or([none("x"), word("a")]), "a@title|body"],
    ["keeps the first none of a conjunction, with its reason", and([word("a"), none("first"), none("second")]), "none(first)"],
    ["a conjunction of only all is all", and([ALL, and([ALL, ALL])]), "all"],
    ["simplifies under not", not(and([ALL, word("a")])), "(not a@title|body)"],
    ["leaves a disjunction with all in it, whose words still score", or([ALL, word("a")]), "(or all a@title|body)"],
  ];
  for (const [name, input, printed] of cases) {
    it(name, () => expect(printMatch(simplify(input))).toBe(printed));
  }

  it("reaches a fixed point: simplifying again changes nothing", () => {
    for (const [, input] of cases) {
      const once = simplify(input);
      expect(simplify(once)).toEqual(once);
    }
  });

  it("gives back the very tree it was given when nothing applies, and the simplified one when simplified again", () => {
    const simple = and([word("a"), or([word("b"), not(word("c"))])]);
    expect(simplify(simple)).toBe(simple);
    for (const [, input] of cases) {
      const once = simplify(input);
      expect(simplify(once)).toBe(once);
    }
  });
});
