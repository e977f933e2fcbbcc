/**
 * Lists of strings kept as bytes, against a plain array: entries and nulls read back by place, in
 * slices and in order, empty strings, long strings and strings past U+00FF (kept as strings)
 * included, across pages of bytes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StringList } from "../../src/structures/string-list.js";

const entry = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constant(null),
  fc.constantFrom("x".repeat(1024), "y".repeat(1025), "é/ø#1", "ā", ""),
);

const listOf = (entries: Array<string | null>) => {
  const list = new StringList();
  for (const e of entries) list.push(e);
  return list;
};

describe("StringList", () => {
  it("reads back what was pushed, by place, in slices and in order", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 200 }), fc.integer({ min: -3, max: 210 }), fc.integer({ min: -3, max: 210 }), (entries, start, end) => {
        const list = listOf(entries);
        expect(list.length).toBe(entries.length);
        expect(list.nulls).toBe(entries.filter((e) => e === null).length);
        for (let i = 0; i < entries.length; i++) expect(list.at(i)).toBe(entries[i]);
        expect(list.at(entries.length)).toBeUndefined();
        expect(list.at(-1)).toBeUndefined();
        expect([...list]).toEqual(entries);
        expect(list.slice(start, end)).toEqual(entries.slice(Math.max(start, 0), Math.max(end, 0)));
        expect(list.slice(start)).toEqual(entries.slice(Math.max(start, 0)));
        expect(list.asStrings() === undefined).toBe(entries.includes(null));
      }),
    );
  });

  it("holds a hundred thousand keys across pages of bytes", () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => (i % 1000 === 7 ? null : `owner-${i % 977}/repo-${i}#${i * 31}`));
    const list = listOf(keys);
    expect(list.length).toBe(keys.length);
    for (let i = 0; i < keys.length; i += 997) expect(list.at(i)).toBe(keys[i]);
    expect(list.slice(50_000, 50_100)).toEqual(keys.slice(50_000, 50_100));
    expect(list.at(keys.length - 1)).toBe(keys.at(-1));
  });
});
