/**
 * The store's table of string keys held as bytes, against a `Map`: values set, swapped and
 * removed in any order, insertion order kept (a key set again keeps its place, one removed and
 * added again goes last), ids of removed keys taken again by new ones; copied for a save in steps.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyTable } from "../../src/structures/key-table.js";
import { StringList } from "../../src/structures/string-list.js";
import { finish } from "../../src/index/steps.js";

const KEYS = ["a", "b", "c", "owner/repo#1", "owner/repo#2", "é#3", "ā", ""];

describe("KeyTable", () => {
  it("keeps a Map's entries and order", () => {
    const step = fc.tuple(fc.constantFrom("set", "swap", "delete"), fc.constantFrom(...KEYS), fc.nat(1000));
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 200 }), (steps) => {
        const table = new KeyTable();
        const model = new Map<string, number>();
        for (const [op, key, value] of steps) {
          if (op === "set") {
            table.set(key, value);
            model.set(key, value);
          } else if (op === "swap") {
            expect(table.swap(key, value)).toBe(model.get(key));
            model.set(key, value);
          } else expect(table.delete(key)).toBe(model.delete(key));
          expect(table.size).toBe(model.size);
        }
        expect([...table]).toEqual([...model]);
        expect([...table.values()]).toEqual([...model.values()]);
        // Copied for a save: keys as bytes and values in order, a step after every `every` of them.
        const every = 1 + (steps.length % 4);
        const keys = new StringList();
        const values = new Uint32Array(model.size);
        let pauses = 0;
        for (const copying = table.copying(keys, values, every); !copying.next().done; ) pauses++;
        expect([...keys]).toEqual([...model.keys()]);
        expect([...values]).toEqual([...model.values()]);
        expect(pauses).toBe(Math.floor(model.size / every));
        for (const key of [...KEYS, "absent"]) {
          expect(table.get(key)).toBe(model.get(key));
          expect(table.has(key)).toBe(model.has(key));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("files keys put later in order, dropping a key held already and keeping the first value", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.constantFrom(...KEYS.filter((k) => [...k].every((c) => c <= "\u00ff")), "held#3"), { maxLength: 40 }), (split, later) => {
        const table = new KeyTable();
        const model = new Map<string, number>();
        // Past 4,096 keys a table is spread over parts, where keys put later wait to be placed.
        for (let i = 0; i < (split ? 5000 : 5); i++) {
          table.set(`held#${i}`, i);
          model.set(`held#${i}`, i);
        }
        let repeats = 0;
        later.forEach((key, i) => {
          const bytes = Buffer.from(`<${key}>`, "latin1");
          table.putLatin1Later(bytes, 1, bytes.length - 1, 10_000 + i);
          if (model.has(key)) repeats++;
          else model.set(key, 10_000 + i);
        });
        expect(finish(table.placingLater())).toBe(repeats);
        expect([...table]).toEqual([...model]);
        expect(table.size).toBe(model.size);
        // Ids of the keys dropped are taken again.
        table.set("new", 1);
        expect(table.get("new")).toBe(1);
        expect(table.size).toBe(model.size + 1);
      }),
      { numRuns: 100, seed: 20261128 },
    );
  });

  it("refuses values that are not unsigned 32-bit integers and stays as it was", () => {
    const table = new KeyTable();
    table.set("a", 1);
    for (const value of [-1, 1.5, 2 ** 32]) expect(() => table.swap("b", value)).toThrow(RangeError);
    expect([...table]).toEqual([["a", 1]]);
  });
});
