import { describe, expect, it } from "vitest";
import { etagOf, matchesIfNoneMatch } from "../../src/http/etag.js";

describe("etagOf", () => {
  it("is a weak tag of a sha256 hex digest", () => {
    expect(etagOf({ total_count: 0 })).toMatch(/^W\/"[0-9a-f]{64}"$/);
  });

  it("does not depend on key order", () => {
    const a = { total_count: 1, incomplete_results: false, items: [{ id: 1, name: "a" }] };
    const b = { items: [{ name: "a", id: 1 }], incomplete_results: false, total_count: 1 };
    expect(etagOf(a)).toBe(etagOf(b));
  });

  it("changes with the content", () => {
    expect(etagOf({ items: [1, 2] })).not.toBe(etagOf({ items: [2, 1] }));
    expect(etagOf({ score: 1 })).not.toBe(etagOf({ score: 1.5 }));
  });

  it("tags an absent body too", () => {
    expect(etagOf(undefined)).toMatch(/^W\/"[0-9a-f]{64}"$/);
  });
});

describe("matchesIfNoneMatch", () => {
  const tag = 'W/"abc"';

  it.each([
    [undefined, false],
    ["", false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['w/"abc"', true],
    ["abc", true],
    ['"abcd"', false],
    ['"ab"', false],
    ['"x", W/"abc"', true],
    ['"x",W/"y"', false],
    ["*", true],
    ['"a,b", "abc"', true],
    [["\"x\"", "W/\"abc\""], true],
  ] as const)("%j → %s", (header, matches) => {
    expect(matchesIfNoneMatch(header, tag)).toBe(matches);
  });

  it("compares a strong tag weakly", () => {
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).toBe(true);
  });

  it("does not split a quoted tag that contains a comma", () => {
    expect(matchesIfNoneMatch('"a,b"', '"a,b"')).toBe(true);
    expect(matchesIfNoneMatch('"a,b"', '"a"')).toBe(false);
  });

  it("matches the tag of the same body", () => {
    const body = { total_count: 2, items: ["x", "y"] };
    expect(matchesIfNoneMatch(etagOf({ ...body }), etagOf(body))).toBe(true);
  });
});
