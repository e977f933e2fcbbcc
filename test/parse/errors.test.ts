import { describe, expect, it } from "vitest";
import { QueryError } from "../../src/errors.js";
import { parseQuery } from "../../src/parse/parse.js";

/** Query → offset and length of the offending part, and a fragment of the message. */
const errors: Array<[string, number, number, string]> = [
  ["(a b", 0, 1, 'Unbalanced parenthesis: "(" at offset 0 is never closed'],
  ["a b (c", 4, 1, 'Unbalanced parenthesis: "(" at offset 4 is never closed'],
  ["((a)", 0, 1, '"(" at offset 0 is never closed'],
  ["((a", 1, 1, '"(" at offset 1 is never closed'],
  ["-(a", 1, 1, '"(" at offset 1 is never closed'],
  ["NOT (a", 4, 1, '"(" at offset 4 is never closed'],
  ['(a "b)', 0, 1, '"(" at offset 0 is never closed'],
  ["(", 0, 1, '"(" at offset 0 is never closed'],
  ["OR a", 0, 2, '"OR" at offset 0 has nothing on its left'],
  ["AND", 0, 3, '"AND" at offset 0 has nothing on its left'],
  ["  AND a", 2, 3, '"AND" at offset 2 has nothing on its left'],
  ["(OR a)", 1, 2, '"OR" at offset 1 has nothing on its left'],
  ["a OR", 2, 2, '"OR" at offset 2 has nothing on its right'],
  ["a b c OR", 6, 2, '"OR" at offset 6 has nothing on its right'],
  ["a OR OR b", 2, 2, '"OR" at offset 2 has nothing on its right'],
  ["a OR AND b", 2, 2, '"OR" at offset 2 has nothing on its right'],
  ["a AND OR b", 2, 3, '"AND" at offset 2 has nothing on its right'],
  ["a AND", 2, 3, '"AND" at offset 2 has nothing on its right'],
  ["(a AND)", 3, 3, '"AND" at offset 3 has nothing on its right'],
  ["(a OR) b", 3, 2, '"OR" at offset 3 has nothing on its right'],
  ["NOT", 0, 3, '"NOT" at offset 0 has nothing on its right'],
  ["a NOT", 2, 3, '"NOT" at offset 2 has nothing on its right'],
  ["NOT OR a", 0, 3, '"NOT" at offset 0 has nothing on its right'],
  ["a NOT AND b", 2, 3, '"NOT" at offset 2 has nothing on its right'],
  ["(NOT)", 1, 3, '"NOT" at offset 1 has nothing on its right'],
  ["x -(a AND)", 6, 3, '"AND" at offset 6 has nothing on its right'],
];

describe("parse errors", () => {
  it.each(errors)("%j fails at offset %i", (query, offset, length, message) => {
    let caught: unknown;
    try {
      parseQuery(query);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(QueryError);
    const error = caught as QueryError;
    expect(error.offset).toBe(offset);
    expect(error.length).toBe(length);
    expect(error.detail).toContain(message);
    expect(error.status).toBe(422);
    expect(error.body.errors?.[0]?.message).toBe(error.detail);
  });

  it("reports nesting beyond the call stack as a QueryError", () => {
    const deep = "(".repeat(50_000) + ")".repeat(50_000);
    expect(() => parseQuery(deep)).toThrow(QueryError);
  });

  it("rejects a value that is not text", () => {
    expect(() => parseQuery(undefined as unknown as string)).toThrow(QueryError);
  });
});
