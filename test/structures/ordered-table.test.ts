/**
 * OrderedTable against a plain Map: the same keys and values in the same order (a key set again
 * keeps its place, one removed and added again goes last), snapshots that later changes leave
 * alone, `shift` taking the oldest key, and memory that follows the keys held.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OrderedTable } from "../../src/structures/ordered-table.js";

const KEYS = [..."abcdefghijklmnopqrstuvwxyz".split(""), "owner/repo#1", "owner/repo#2", ""];
/** Whole-number keys: a chunk's typed array grows as its keys come, and the greatest key such a table takes. */
const NUMBERS = [...Array.from({ length: 40 }, (_, i) => i), 2 ** 32 - 2];

type Step<K> = { op: "set"; key: K; value: number } | { op: "delete"; key: K } | { op: "shift" } | { op: "snapshot" } | { op: "clear" };

function stepsOver<K>(keys: readonly K[]): fc.Arbitrary<Step<K>> {
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    { arbitrary: fc.record({ op: fc.constant("set" as const), key, value: fc.nat() }), weight: 10 },
    { arbitrary: fc.record({ op: fc.constant("delete" as const), key }), weight: 6 },
    { arbitrary: fc.record({ op: fc.constant("shift" as const) }), weight: 3 },
    { arbitrary: fc.record({ op: fc.constant("snapshot" as const) }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant("clear" as const) }), weight: 1 },
  );
}

/** Runs `ops` on a table and on a Map side by side: the same entries, order and snapshots throughout. */
function checkAgainstMap<K>(table: OrderedTable<K>, ops: Array<Step<K>>, probes: readonly K[]): void {
  const model = new Map<K, number>();
  const snapshots: Array<{ view: Iterable<[K, number]>; iterator: Iterator<[K, number]>; keys: Iterator<K>; values: Iterator<number>; expected: Array<[K, number]> }> = [];
  for (const step of ops) {
    if (step.op === "set") {
      expect(table.set(step.key, step.value)).toBe(table);
      model.set(step.key, step.value);
    } else if (step.op === "delete") expect(table.delete(step.key)).toBe(model.delete(step.key));
    else if (step.op === "shift") {
      const oldest = model.keys().next();
      expect(table.shift()).toBe(oldest.done ? undefined : oldest.value);
      if (!oldest.done) model.delete(oldest.value);
    } else if (step.op === "snapshot") snapshots.push({ view: table.snapshot(), iterator: table.entries(), keys: table.keys(), values: table.values(), expected: [...model] });
    else {
      table.clear();
      model.clear();
    }
    expect(table.size).toBe(model.size);
  }
  expect([...table]).toEqual([...model]);
  expect([...table.keys()]).toEqual([...model.keys()]);
  expect([...table.values()]).toEqual([...model.values()]);
  for (const k of probes) {
    expect(table.get(k)).toBe(model.get(k));
    expect(table.has(k)).toBe(model.has(k));
  }
  const all = <T>(iterator: Iterator<T>) => [...{ [Symbol.iterator]: () => iterator }];
  for (const { view, iterator, keys, values, expected } of snapshots) {
    expect([...view]).toEqual(expected);
    // A snapshot can be read again; an iterator got earlier reads the table as it was then.
    expect([...view]).toEqual(expected);
    expect(all(iterator)).toEqual(expected);
    expect(all(keys)).toEqual(expected.map(([k]) => k));
    expect(all(values)).toEqual(expected.map(([, v]) => v));
  }
}

/** Chunks and places of a table, for the memory bound. */
const chunksOf = (table: OrderedTable<unknown>) =>
  (table as unknown as { chunks: Array<{ used: number; live: number } | undefined> }).chunks;

describe("OrderedTable", () => {
  it("keeps a Map's entries and order, and every snapshot as it was taken", () => {
    fc.assert(
      fc.property(fc.array(stepsOver(KEYS), { minLength: 20, maxLength: 300 }), fc.constantFrom(1, 2, 3, 4, 8, 4096), (ops, chunk) => {
        checkAgainstMap(new OrderedTable<string>({ chunk }), ops, [...KEYS, "absent"]);
      }),
      { numRuns: 400 },
    );
  });

  it("keeps whole-number keys in typed arrays, with the same entries, order and snapshots", () => {
    fc.assert(
      fc.property(fc.array(stepsOver(NUMBERS), { minLength: 20, maxLength: 300 }), fc.constantFrom(1, 3, 8, 17, 64, 4096), fc.boolean(), (ops, chunk, values) => {
        const table = new OrderedTable<number>({ chunk, values, wholeNumbers: true });
        checkAgainstMap(table, values ? ops : ops.map((step) => (step.op === "set" ? { ...step, value: 0 } : step)), [...NUMBERS, 41]);
        for (const c of chunksOf(table)) if (c) expect((c as unknown as { keys: unknown }).keys).toBeInstanceOf(Uint32Array);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps places for about four times the keys held, however many were removed", () => {
    const table = new OrderedTable<string>({ chunk: 64 });
    for (let i = 0; i < 10_000; i++) table.set(`k${i}`, i);
    for (let i = 0; i < 10_000; i++) if (i % 97) table.delete(`k${i}`);
    const chunks = chunksOf(table);
    const used = chunks.reduce((n, c) => n + (c?.used ?? 0), 0);
    expect(table.size).toBe(104);
    expect(used).toBeLessThanOrEqual(4 * table.size + 64);
    expect(chunks.filter((c) => c && c.live === 0).length).toBeLessThanOrEqual(1);
    expect([...table.keys()]).toEqual(Array.from({ length: 104 }, (_, j) => `k${j * 97}`));
    expect(table.get("k9409")).toBe(9409);
  });

  it("keeps few places when keys are removed while their chunk is still being filled", () => {
    const table = new OrderedTable<string>({ chunk: 64 });
    for (let round = 0; round < 100; round++) {
      for (let i = 0; i < 64; i++) table.set(`r${round}k${i}`, i);
      for (let i = 1; i < 64; i++) table.delete(`r${round}k${i}`);
    }
    const used = chunksOf(table).reduce((n, c) => n + (c?.used ?? 0), 0);
    expect(table.size).toBe(100);
    expect(used).toBeLessThanOrEqual(4 * table.size + 64);
    expect([...table.keys()]).toEqual(Array.from({ length: 100 }, (_, round) => `r${round}k0`));
  });

  it("swaps a key's value in one call: the value replaced, or undefined for a new key that goes last", () => {
    const table = new OrderedTable<string>({ chunk: 2 });
    expect(table.swap("a", 1)).toBeUndefined();
    expect(table.swap("b", 2)).toBeUndefined();
    expect(table.swap("c", 3)).toBeUndefined();
    expect(table.swap("a", 4)).toBe(1);
    table.delete("b");
    expect(table.swap("b", 5)).toBeUndefined();
    expect([...table]).toEqual([["a", 4], ["c", 3], ["b", 5]]);
    expect(new OrderedTable<string>({ values: false }).set("x").swap("x", 0)).toBe(0);
  });

  it("holds the key first set of those a Map takes as equal", () => {
    const table = new OrderedTable<number>();
    table.set(-0, 1);
    table.set(0, 2);
    expect(Object.is([...table.keys()][0], -0)).toBe(true);
    expect(table.get(-0)).toBe(2);
  });

  it("refuses values that are not unsigned 32-bit integers, and undefined keys", () => {
    const table = new OrderedTable<string | undefined>();
    for (const value of [-1, 1.5, 2 ** 32, NaN]) expect(() => table.set("a", value)).toThrow(RangeError);
    expect(() => table.set(undefined, 1)).toThrow(TypeError);
    expect(table.set("a", 2 ** 32 - 1).get("a")).toBe(2 ** 32 - 1);
    expect(() => new OrderedTable<string>({ values: false }).set("a", 1)).toThrow(RangeError);
    expect(table.size).toBe(1);
  });

  it("refuses a whole-number key it cannot keep, and holds none of it", () => {
    const table = new OrderedTable<number>({ wholeNumbers: true });
    for (const bad of [-1, 1.5, 2 ** 32 - 1, 2 ** 32, NaN]) expect(() => table.set(bad, 1)).toThrow(RangeError);
    expect(table.size).toBe(0);
    expect(table.set(2 ** 32 - 2, 3).get(2 ** 32 - 2)).toBe(3);
    expect([...table]).toEqual([[2 ** 32 - 2, 3]]);
  });
});
