/**
 * KeyMap against a plain Map: the same entries after any run of changes, while its entries are in
 * one map and after they are spread over shards.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyMap } from "../../src/structures/key-map.js";

type Key = string | number;

const key = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -6, max: 6 }), fc.constantFrom(0, -0, NaN, 1.5, 2 ** 40, -(2 ** 33)));
const op = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("set" as const), key, value: fc.integer() }), weight: 10 },
  { arbitrary: fc.record({ op: fc.constant("putIfAbsent" as const), key, value: fc.integer() }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant("delete" as const), key }), weight: 6 },
  { arbitrary: fc.record({ op: fc.constant("clear" as const) }), weight: 1 },
);

const sorted = (entries: Iterable<[Key, number]>) => [...entries].map(([k, v]) => `${typeof k}:${Object.is(k, -0) ? 0 : String(k)}=${v}`).sort();

describe("KeyMap", () => {
  it("holds what a Map holds, however entries come and go", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 200 }), fc.constantFrom(1, 3, 8, 64), fc.constantFrom(1, 2, 8), (ops, splitAt, shards) => {
        const map = new KeyMap<Key, number>({ splitAt, shards });
        const model = new Map<Key, number>();
        const seen = new Set<Key>();
        for (const step of ops) {
          if (step.op === "set") {
            expect(map.set(step.key, step.value)).toBe(map);
            model.set(step.key, step.value);
            seen.add(step.key);
          } else if (step.op === "putIfAbsent") {
            expect(map.putIfAbsent(step.key, step.value)).toBe(model.get(step.key));
            if (!model.has(step.key)) model.set(step.key, step.value);
            seen.add(step.key);
          } else if (step.op === "delete") expect(map.delete(step.key)).toBe(model.delete(step.key));
          else {
            map.clear();
            model.clear();
          }
          expect(map.size).toBe(model.size);
        }
        for (const k of seen) {
          expect(map.get(k)).toBe(model.get(k));
          expect(map.has(k)).toBe(model.has(k));
        }
        expect(sorted(map)).toEqual(sorted(model));
        expect(sorted(map.entries())).toEqual(sorted(model.entries()));
        expect([...map.keys()].length).toBe(model.size);
        expect([...map.values()].sort()).toEqual([...model.values()].sort());
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every entry across the default split into shards", () => {
    const map = new KeyMap<string, number>();
    const model = new Map<string, number>();
    for (let i = 0; i < 40_000; i++) {
      map.set(`owner/repo#${i}`, i);
      model.set(`owner/repo#${i}`, i);
      if (i % 3 === 0) {
        map.delete(`owner/repo#${i >> 1}`);
        model.delete(`owner/repo#${i >> 1}`);
      }
    }
    expect(map.size).toBe(model.size);
    for (let i = 0; i < 40_000; i++) expect(map.get(`owner/repo#${i}`)).toBe(model.get(`owner/repo#${i}`));
    expect(sorted(map)).toEqual(sorted(model));
  });

  it("refuses a shard count that is not a power of two", () => {
    expect(() => new KeyMap({ shards: 3 })).toThrow(RangeError);
    expect(() => new KeyMap({ shards: 0 })).toThrow(RangeError);
  });
});
