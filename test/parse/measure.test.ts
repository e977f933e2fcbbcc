import { describe, expect, it } from "vitest";
import { collectQualifiers, countOperators, groupDepth, keywordLength, walk } from "../../src/parse/measure.js";
import { parseQuery } from "../../src/parse/parse.js";

describe("countOperators", () => {
  it.each([
    ["", 0],
    ["a b c", 0],
    ["a -b -label:x", 0],
    ["(a) ((b))", 0],
    ["a AND b", 1],
    ["a OR b OR c", 2],
    ["NOT a", 1],
    ["NOT NOT a", 2],
    ["a AND b c OR NOT d", 3],
    ["(a OR b) AND (c OR NOT d)", 4],
    ["a and b or c not d", 0],
    ["a OR b AND c OR d NOT e AND f", 5],
  ])("%j has %i", (query, count) => {
    expect(countOperators(parseQuery(query))).toBe(count);
  });
});

describe("groupDepth", () => {
  it.each([
    ["a b", 0],
    ["foo(bar)", 0],
    ["(a)", 1],
    ["()", 1],
    ["(a) (b)", 1],
    ["((a))", 2],
    ["(a (b (c))) (d)", 3],
    ["NOT -((((((x))))))", 6],
  ])("%j is %i deep", (query, depth) => {
    expect(groupDepth(parseQuery(query))).toBe(depth);
  });
});

describe("keywordLength", () => {
  it.each([
    ["", 0],
    ["cats", 4],
    ["fix typo", 8],
    ['"hello world"', 11],
    ['cats NOT "hello world"', 16],
    ["hello NOT world", 11],
    ["cats stars:>10 -language:javascript", 4],
    ["label:bug is:open", 0],
    ["a AND b OR c", 5],
    ["(a OR b) c", 5],
    ["a -b", 4],
    ["x fullname:nat friedman", 1],
    ["fullname:nat friedman x", 0],
    ["café", 4],
  ])("%j is %i", (query, length) => {
    expect(keywordLength(parseQuery(query))).toBe(length);
  });
});

describe("walk and collectQualifiers", () => {
  it("collects qualifiers in source order, wherever they sit", () => {
    const tree = parseQuery("a:1 (b:2 OR NOT c:3) -d:4 x");
    expect(collectQualifiers(tree).map((q) => `${q.negated ? "-" : ""}${q.name}`)).toEqual(["a", "b", "c", "-d"]);
  });

  it("passes ancestors and skips children when told to", () => {
    const tree = parseQuery("x (y:1 OR z:2)");
    const seen: string[] = [];
    walk(tree, (node, ancestors) => {
      if (node.type === "qualifier") seen.push(`${node.name} under ${ancestors.map((a) => a.type).join(">")}`);
    });
    expect(seen).toEqual(["y under and>group>or", "z under and>group>or"]);

    const visited: string[] = [];
    walk(tree, (node) => {
      visited.push(node.type);
      return node.type !== "group";
    });
    expect(visited).toEqual(["and", "term", "group"]);
  });
});
