/**
 * Keyword columns and their document sets against plain models: values set,
 * replaced and cleared in any order, documents per value, and the saved form.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DocKeys, KeywordColumn, NumberColumn } from "../../src/index/columns.js";
import { DocSet } from "../../src/index/doc-set.js";

/** Adds (true) and removes documents in a DocSet and in its model, checking the size after each step. */
function replay(set: DocSet, model: Set<number>, steps: Array<[boolean, number]>): void {
  for (const [add, doc] of steps) {
    if (add) {
      set.add(doc);
      model.add(doc);
    } else {
      set.delete(doc);
      model.delete(doc);
    }
    expect(set.size).toBe(model.size);
  }
}

describe("DocSet", () => {
  it("holds what a Set holds, however documents join and leave", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(50)), { maxLength: 80 }), (steps) => {
        const set = new DocSet();
        const model = new Set<number>();
        replay(set, model, steps);
        expect([...set].sort((a, b) => a - b)).toEqual([...model].sort((a, b) => a - b));
        for (let doc = 0; doc <= 50; doc++) expect(set.has(doc)).toBe(model.has(doc));
      }),
      { numRuns: 200 },
    );
  });

  it("holds what a Set holds as a bitmap too, once many documents are dense among the slots", () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(3000), fc.integer({ min: 2800, max: 3001 })), fc.array(fc.tuple(fc.boolean(), fc.nat(3000)), { minLength: 400, maxLength: 800 }), (first, steps) => {
        // Begun as a restored list of the documents from `first` up: a long one becomes a bitmap, a short one a Set and later a bitmap.
        const start = Uint32Array.from({ length: 3001 - first }, (_, i) => first + i);
        const set = new DocSet(start, start.length);
        const model = new Set<number>(start);
        replay(set, model, steps);
        const ascending = [...model].sort((a, b) => a - b);
        expect([...set.ascending()]).toEqual(ascending);
        expect([...set].sort((a, b) => a - b)).toEqual(ascending);
        for (let doc = 0; doc <= 3001; doc += 7) expect(set.has(doc)).toBe(model.has(doc));
      }),
      { numRuns: 100 },
    );
  });

  it("becomes a bitmap, not a Set, when a document leaves a dense list", () => {
    const set = new DocSet();
    for (let doc = 0; doc < 10_000; doc += 2) set.add(doc);
    set.delete(4);
    const inside = set as unknown as { set?: Set<number>; bits?: Uint32Array };
    expect(inside.set).toBeUndefined();
    expect(inside.bits).toBeInstanceOf(Uint32Array);
    expect(set.size).toBe(4999);
    expect(set.has(4)).toBe(false);
    expect(set.has(6)).toBe(true);
    expect(set.ascending().slice(0, 3)).toEqual(Uint32Array.of(0, 2, 6));
  });

  it("stays an ascending array while documents join in order", () => {
    const set = new DocSet();
    for (const doc of [1, 4, 4, 9]) set.add(doc);
    expect([...set]).toEqual([1, 4, 9]);
    expect((set as unknown as { set?: Set<number> }).set).toBeUndefined();
  });
});

const values = fc.array(fc.constantFrom("a", "b", "c", "dd", "e e"), { maxLength: 3 });

/** Sets (or clears) a document's values in a column and in its model, distinct values in the model. */
function write(column: KeywordColumn, model: Map<number, string[]>, doc: number, vs: string[]): void {
  if (vs.length) column.set(doc, vs);
  else column.clear(doc);
  const unique = [...new Set(vs)];
  if (unique.length) model.set(doc, unique);
  else model.delete(doc);
}

describe("KeywordColumn", () => {
  it("answers get, docs and values as a plain model does, and again once saved and restored", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(9), values), { maxLength: 60 }), (steps) => {
        const column = new KeywordColumn();
        const model = new Map<number, string[]>();
        for (const [doc, vs] of steps) write(column, model, doc, vs);
        const check = (c: KeywordColumn) => {
          for (let doc = 0; doc < 10; doc++) expect(c.get(doc)).toEqual(model.get(doc) ?? []);
          const held = new Set([...model.values()].flat());
          expect(new Set(c.values())).toEqual(held);
          for (const v of ["a", "b", "c", "dd", "e e", "zz"]) {
            const want = [...model].filter(([, vs]) => vs.includes(v)).map(([doc]) => doc).sort((a, b) => a - b);
            expect([...c.docs(v)].sort((a, b) => a - b)).toEqual(want);
            expect(c.docs(v).size).toBe(want.length);
          }
        };
        check(column);
        check(KeywordColumn.of(column.state(10)));
      }),
      { numRuns: 200 },
    );
  });

  it("documents holding one value share its list", () => {
    const column = new KeywordColumn();
    column.set(0, ["open"]);
    column.set(1, ["open"]);
    expect(column.get(0)).toBe(column.get(1));
    const restored = KeywordColumn.of(column.state(2));
    expect(restored.get(0)).toBe(restored.get(1));
  });

  it("rejects a saved form that does not add up", () => {
    const state = { values: ["a"], counts: Uint32Array.of(1, 1), ids: Uint32Array.of(0) };
    expect(() => KeywordColumn.of(state)).toThrow(RangeError);
    expect(() => KeywordColumn.of({ ...state, ids: Uint32Array.of(0, 1) })).toThrow(RangeError);
    // A repeated value is found when the column is first used, and every use after fails too.
    const repeated = KeywordColumn.of({ values: ["a", "a"], counts: Uint32Array.of(1, 1), ids: Uint32Array.of(0, 1) });
    expect(() => repeated.docs("a")).toThrow(RangeError);
    expect(() => repeated.get(0)).toThrow(RangeError);
  });
});

describe("KeywordColumn reading its documents' keys", () => {
  /** Document d's key is `k<d>`; documents 8 and 9 have none (free slots). */
  const keys: DocKeys = {
    keyOf: (doc) => (doc < 8 ? `k${doc}` : undefined),
    slotOf: (key) => (/^k[0-7]$/.test(key) ? Number(key.slice(1)) : undefined),
  };
  const keyed = fc.array(fc.constantFrom("k0", "k1", "k2", "k3", "k8", "a", "b"), { maxLength: 3 });

  it("answers as a plain model does, whichever documents hold their own key or another's, and once saved and restored", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(9), keyed, fc.boolean()), { minLength: 5, maxLength: 60 }), (steps) => {
        const column = new KeywordColumn(keys);
        const model = new Map<number, string[]>();
        for (const [doc, given, own] of steps) {
          // Often a document's own key alone, as a column of keys gives it.
          write(column, model, doc, own && keys.keyOf(doc) ? [keys.keyOf(doc)!] : given);
        }
        const check = (c: KeywordColumn) => {
          for (let doc = 0; doc < 10; doc++) expect(c.get(doc)).toEqual(model.get(doc) ?? []);
          expect(new Set(c.values())).toEqual(new Set([...model.values()].flat()));
          expect([...c.values()].length).toBe(new Set([...model.values()].flat()).size);
          for (const v of ["k0", "k1", "k2", "k3", "k7", "k8", "a", "b"]) {
            const want = [...model].filter(([, vs]) => vs.includes(v)).map(([doc]) => doc).sort((a, b) => a - b);
            expect([...c.docs(v)].sort((a, b) => a - b)).toEqual(want);
          }
        };
        check(column);
        const state = column.state(10);
        expect(new Set(state.values).size).toBe(state.values.length);
        check(KeywordColumn.of(state, keys));
        check(KeywordColumn.of(state));
        // A restored column goes on changing as a built one does.
        const restored = KeywordColumn.of(state, keys);
        restored.set(4, ["k1"]);
        column.set(4, ["k1"]);
        expect([...restored.docs("k1")].sort()).toEqual([...column.docs("k1")].sort());
      }),
      { numRuns: 300 },
    );
  });

  it("keeps no value id for a document's own key", () => {
    const column = new KeywordColumn(keys);
    for (let doc = 0; doc < 8; doc++) column.set(doc, [`k${doc}`]);
    const ids = (c: KeywordColumn) => (c as unknown as { ids: { size: number } }).ids.size;
    expect(ids(column)).toBe(0);
    const restored = KeywordColumn.of(column.state(8), keys);
    expect([...restored.docs("k5")]).toEqual([5]);
    expect(ids(restored)).toBe(0);
  });

  it("finds a saved value repeated as another document's own key", () => {
    // "k1" is document 1's own key, and saved again as a second value held by document 2.
    const repeated = KeywordColumn.of({ values: ["k1", "k1"], counts: Uint32Array.of(0, 1, 1), ids: Uint32Array.of(0, 1) }, keys);
    expect(() => repeated.docs("k1")).toThrow(RangeError);
  });
});

describe("NumberColumn", () => {
  it("copies and restores its values, NaN for none", () => {
    const column = new NumberColumn();
    column.set(2, 5);
    column.set(0, Infinity);
    column.setExactly(1, -Infinity);
    const copy = column.copy(4);
    expect([...copy]).toEqual([NaN, -Infinity, 5, NaN]);
    expect(NumberColumn.of(copy).get(2)).toBe(5);
    expect(NumberColumn.of(copy).get(100)).toBeNaN();
  });
});
