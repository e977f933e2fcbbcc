import { describe, expect, it } from "vitest";
import { parseQuery } from "../../src/parse/parse.js";
import { formatTree } from "../../src/parse/print.js";
import { constructs, documented } from "./tables.js";

describe("grammar: query → tree", () => {
  it.each(constructs)("constructs: %j", (query, tree) => {
    expect(formatTree(parseQuery(query))).toBe(tree);
  });

  it.each(documented)("documented examples: %j", (query, tree) => {
    expect(formatTree(parseQuery(query))).toBe(tree);
  });
});
