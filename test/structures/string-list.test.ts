/**
 * Lists of strings kept as bytes, against a plain array: entries and nulls read back by place, in
 * slices and in order, empty strings, long strings and strings past U+00FF (kept as strings)
 * included, across pages of bytes; encoded and appended again or read where they lie (lone
 * surrogates too), keys copied from their bytes, and damaged encodings refused whole.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EncodedStrings, StringList } from "../../src/structures/string-list.js";
import { PackedKeys } from "../../src/structures/packed-keys.js";

const entry = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constant(null),
  fc.constantFrom("x".repeat(1024), "y".repeat(1025), "é/ø#1", "ā", "", "\ud800", "a\udfffb", "\u00ff".repeat(1030)),
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

  it("reads back what it encoded, in slices, appended after entries already held", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 120 }), fc.array(entry, { maxLength: 5 }), fc.nat(130), fc.nat(130), (entries, before, start, end) => {
        const list = listOf(before);
        const bytes = listOf(entries).encode(start, end);
        list.appendEncoded(bytes);
        const kept = entries.slice(start, Math.max(start, end));
        // Or read where they lie.
        const encoded = new EncodedStrings(bytes);
        expect([...encoded]).toEqual(kept);
        expect(encoded.slice(1)).toEqual(kept.slice(1));
        expect(encoded.at(kept.length)).toBeUndefined();
        expect(encoded.nulls).toBe(kept.filter((e) => e === null).length);
        expect(list.length).toBe(before.length + kept.length);
        expect([...list]).toEqual([...before, ...kept]);
        expect(list.nulls).toBe([...before, ...kept].filter((e) => e === null).length);
      }),
    );
  });

  it("copies keys from their bytes as they are", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("\ud800", "ā", "z".repeat(1025))), { maxLength: 80 }), (keys) => {
        const packed = new PackedKeys();
        keys.forEach((key, id) => packed.putIfAbsent(key, 2 * id));
        const copied = new StringList();
        for (let id = 0; id < 2 * keys.length; id++) packed.copyKeyTo(id, copied);
        expect([...copied]).toEqual(keys.flatMap((key) => [key, null]));
      }),
    );
  });

  it("refuses an encoding that is cut, runs on, or holds a UTF-16 entry of an odd length, appending nothing", () => {
    const good = listOf(["ab", null, "ā"]).encode();
    const damaged = [
      good.subarray(0, 3),
      good.subarray(0, good.length - 1),
      Uint8Array.from([...good, 0]),
      // The count says four entries: the bytes of the first entries are read as a fourth tag.
      Uint8Array.from([4, ...good.subarray(1)]),
      // "ā" as three bytes of UTF-16.
      Uint8Array.from([...good.subarray(0, 12), 7, ...good.subarray(13, good.length - 1)]),
    ];
    for (const bytes of damaged) {
      const list = listOf(["kept"]);
      expect(() => list.appendEncoded(bytes)).toThrow(RangeError);
      expect(() => new EncodedStrings(bytes)).toThrow(RangeError);
      expect([...list]).toEqual(["kept"]);
    }
  });
});
