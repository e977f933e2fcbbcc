/**
 * Keyword columns and their document sets against plain models: values set,
 * replaced and cleared in any order, documents per value, and the saved form.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DocKeys, KeywordColumn, type KeywordColumnState, NumberColumn, RANGE_BLOCK } from "../../src/index/columns.js";
import { DocSet } from "../../src/index/doc-set.js";
import { finish, ScratchArray } from "../../src/index/steps.js";
import { mulberry32 } from "../../bench/random.mjs";

/** Adds or removes a document in a DocSet and in its model; false, changing nothing, for any other step. */
function change(set: DocSet, model: Set<number>, what: string, doc: number): boolean {
  if (what === "add") {
    set.add(doc);
    model.add(doc);
  } else if (what === "delete") {
    set.delete(doc);
    model.delete(doc);
  } else return false;
  return true;
}

/** Adds (true) and removes documents in a DocSet and in its model, checking the size after each step. */
function replay(set: DocSet, model: Set<number>, steps: Array<[boolean, number]>): void {
  for (const [add, doc] of steps) {
    change(set, model, add ? "add" : "delete", doc);
    expect(set.size).toBe(model.size);
  }
}

describe("DocSet", () => {
  it("is made in steps, as bits where dense and as a list where not, holding the documents given", () => {
    const dense = Uint32Array.from({ length: 200_000 }, (_, i) => 3 + i * 2);
    const sparse = Uint32Array.from({ length: 150_000 }, (_, i) => 5 + i * 40);
    for (const docs of [dense, sparse]) {
      const steps = DocSet.making(docs);
      let yields = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) yields++;
      const set = step.value;
      expect(yields).toBeGreaterThan(2);
      expect(set.size).toBe(docs.length);
      // Compared as bytes: a failing toEqual over 200,000 numbers takes minutes to print.
      expect(Buffer.compare(Buffer.from(set.ascending().slice().buffer), Buffer.from(docs.buffer))).toBe(0);
      expect(set.bitmap() !== undefined).toBe(docs === dense);
    }
  });

  it("holds what a Set holds, however documents join and leave and whenever it is read", () => {
    const step = fc.tuple(fc.constantFrom("add", "add", "delete", "read"), fc.nat(300));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
        const set = new DocSet();
        const model = new Set<number>();
        for (const [what, doc] of steps) {
          if (!change(set, model, what, doc)) expect([...set.ascending()]).toEqual([...model].sort((a, b) => a - b));
          expect(set.size).toBe(model.size);
          expect(set.has(doc)).toBe(model.has(doc));
        }
        expect([...set]).toEqual([...model].sort((a, b) => a - b));
        for (let doc = 0; doc <= 300; doc++) expect(set.has(doc)).toBe(model.has(doc));
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

  it("holds what a Set holds while it turns from a list to bits and back, however documents join and leave", () => {
    // Begun dense (bits), as a list, or empty; adds and removals over 12,000 slots, now and then one far past them.
    const step = fc.oneof(
      { weight: 40, arbitrary: fc.tuple(fc.constantFrom("add", "add", "delete", "delete", "read", "bitmap"), fc.nat(12_000)) },
      { weight: 1, arbitrary: fc.tuple(fc.constant("add"), fc.integer({ min: 400_000, max: 2_000_000 })) },
    );
    fc.assert(
      fc.property(fc.constantFrom(0, 3000, 6000), fc.array(step, { minLength: 300, maxLength: 600 }), (begun, steps) => {
        const start = Uint32Array.from({ length: begun }, (_, i) => i * 2);
        const set = DocSet.of(start);
        const model = new Set<number>(start);
        // Enough documents in order for the list to fill past 4,096 and turn to bits.
        for (let doc = 12_000; doc < 16_000; doc++) change(set, model, "add", doc);
        for (const [what, doc] of steps) {
          if (what === "read") expect(set.ascending().join()).toBe([...model].sort((a, b) => a - b).join());
          else if (what === "bitmap") {
            const bits = set.bitmap();
            if (bits) for (const d of [doc, doc + 1, 15_999]) expect(d >>> 5 < bits.length && ((bits[d >>> 5] >>> (d & 31)) & 1) === 1).toBe(model.has(d));
          } else change(set, model, what, doc);
          expect(set.size).toBe(model.size);
          expect(set.has(doc)).toBe(model.has(doc));
        }
        expect([...set].join()).toBe([...model].sort((a, b) => a - b).join());
      }),
      { numRuns: 40 },
    );
  });

  it("keeps at most an eighth of its documents aside from its array", () => {
    // One slot in 64: never dense, so kept as a list.
    const set = new DocSet();
    for (let doc = 0; doc < 640_000; doc += 64) set.add(doc);
    const aside = () => {
      const { gone, added } = set as unknown as { gone?: Set<number>; added?: Set<number> };
      return (gone?.size ?? 0) + (added?.size ?? 0);
    };
    let most = 0;
    for (let doc = 0; doc < 640_000; doc += 128) {
      set.delete(doc);
      set.add(doc + 1);
      most = Math.max(most, aside());
    }
    expect(set.bitmap()).toBeUndefined();
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(10_000 / 8 + 1);
    expect(set.size).toBe(10_000);
    expect(set.ascending()[0]).toBe(1);
  });

  it("keeps a dense set as bits alone, growing them instead of a list, and turns back to a list once sparse", () => {
    const kept = (set: DocSet) => set as unknown as { sorted: Uint32Array; bits?: Uint32Array };
    const set = new DocSet();
    const model = new Set<number>();
    // Two slots in three: bits from the list's first full doubling past 4,096 documents on.
    for (let doc = 0; doc < 200_000; doc++) {
      if (doc % 3 === 2) continue;
      set.add(doc);
      model.add(doc);
    }
    expect(kept(set).sorted.length).toBe(0);
    expect(kept(set).bits!.length).toBeLessThanOrEqual(Math.ceil((200_000 / 32) * 1.5));
    expect(set.size).toBe(model.size);
    for (const doc of [0, 1, 2, 4_096, 199_999, 200_000]) expect(set.has(doc)).toBe(model.has(doc));
    set.delete(1);
    model.delete(1);
    set.add(2);
    model.add(2);
    expect([...set]).toEqual([...model].sort((a, b) => a - b));
    // A document far past the bits while fewer than one slot in 64 would be held: a list again.
    set.add(20_000_000);
    model.add(20_000_000);
    expect(kept(set).bits).toBeUndefined();
    expect(set.size).toBe(model.size);
    expect([...set.ascending()]).toEqual([...model].sort((a, b) => a - b));
    // Built from a dense list: bits from the start.
    const built = DocSet.of(Uint32Array.from({ length: 5000 }, (_, i) => i * 2));
    expect(kept(built).sorted.length).toBe(0);
    expect(built.size).toBe(5000);
    expect(built.has(9998)).toBe(true);
    expect(built.has(9997)).toBe(false);
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
            expect(docsAdded(c, v)).toEqual(want);
          }
          for (const asked of [["a"], ["b", "zz"], ["c", "dd", "e e"], []]) {
            const holder = c.holderOf(asked);
            for (let doc = 0; doc < 11; doc++) expect(holder(doc)).toBe((model.get(doc) ?? []).some((v) => asked.includes(v)));
          }
        };
        check(column);
        check(KeywordColumn.of(column.state(10)));
      }),
      { numRuns: 200 },
    );
  });

  it("built one after another over one scratch array, answer as the columns saved", () => {
    // Several columns, each long enough for short lists and sets; a column keeping a view of the scratch would answer with the next one's documents.
    const many = fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 3 });
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(fc.nat(199), many), { minLength: 100, maxLength: 400 }), { minLength: 2, maxLength: 4 }), (runs) => {
        const sources = runs.map((steps) => {
          const column = new KeywordColumn();
          const model = new Map<number, string[]>();
          for (const [doc, vs] of steps) write(column, model, doc, vs);
          return { column, model };
        });
        const scratch = new ScratchArray();
        const restored = sources.map(({ column }) => KeywordColumn.of(column.state(200)));
        for (const column of restored) finish(column.building(scratch));
        for (const [i, column] of restored.entries()) {
          const { model } = sources[i];
          for (const v of ["a", "b", "c", "d"]) {
            const want = [...model].filter(([, vs]) => vs.includes(v)).map(([doc]) => doc).sort((x, y) => x - y);
            expect([...column.docs(v)].sort((x, y) => x - y)).toEqual(want);
          }
          for (let doc = 0; doc < 200; doc++) expect(column.get(doc)).toEqual(model.get(doc) ?? []);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("answers docs as a plain model does while values pass from one document to short lists to sets and back", () => {
    // Few values over many documents: a value's documents cross MAX_SMALL (64) both ways.
    const many = fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 2 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(299), many), { minLength: 400, maxLength: 900 }), (steps) => {
        const column = new KeywordColumn();
        const model = new Map<number, string[]>();
        const check = (c: KeywordColumn) => {
          for (const v of ["a", "b", "c"]) {
            const want = [...model].filter(([, vs]) => vs.includes(v)).map(([doc]) => doc).sort((x, y) => x - y);
            expect([...c.docs(v)]).toEqual(want);
            for (const doc of [0, 150, 299]) expect(c.docs(v).has(doc)).toBe(want.includes(doc));
          }
        };
        for (const [i, [doc, vs]] of steps.entries()) {
          write(column, model, doc, vs);
          if (i % 50 === 0) check(column);
        }
        check(column);
        check(KeywordColumn.of(column.state(300)));
      }),
      { numRuns: 60 },
    );
  });

  it("keeps values of a few documents as short lists, not sets, and lets their room go with them", () => {
    const column = new KeywordColumn();
    const inside = (c: KeywordColumn) => c as unknown as { short: { used: number }; docsById: Array<DocSet | number> };
    let used = 0;
    for (let round = 0; round < 30; round++) {
      // 200 values of 2-6 documents each, then every document cleared.
      for (let doc = 0; doc < 800; doc++) column.set(doc, [`v${(doc * 7) % 200}`]);
      if (round === 0) used = inside(column).short.used;
      expect(inside(column).docsById.some((docs) => docs instanceof DocSet)).toBe(false);
      const restored = KeywordColumn.of(column.state(800));
      expect([...restored.docs("v3")]).toEqual([...column.docs("v3")]);
      expect(inside(restored).docsById.some((docs) => docs instanceof DocSet)).toBe(false);
      for (let doc = 0; doc < 800; doc++) column.clear(doc);
      expect([...column.values()]).toEqual([]);
    }
    expect(inside(column).short.used).toBe(used);
  });

  it("documents holding one value share its list", () => {
    const column = new KeywordColumn();
    column.set(0, ["open"]);
    column.set(1, ["open"]);
    expect(column.get(0)).toBe(column.get(1));
    const restored = KeywordColumn.of(column.state(2));
    expect(restored.get(0)).toBe(restored.get(1));
  });

  it("keeps lists of values compact however often they are replaced", () => {
    const column = new KeywordColumn();
    const model = new Map<number, string[]>();
    const rng = mulberry32(7);
    const pick = () => `v${Math.floor(rng() * 40)}`;
    for (let round = 0; round < 12; round++) {
      for (let doc = 0; doc < 1000; doc++) {
        const vs = [...new Set([pick(), pick(), pick()])];
        column.set(doc, vs);
        model.set(doc, vs);
        expect(column.holderOf([vs[0]])(doc)).toBe(true);
      }
    }
    const listsUsed = (column as unknown as { lists: { used: number } }).lists.used;
    const live = [...model.values()].reduce((n, vs) => n + (vs.length > 1 ? vs.length + 1 : 0), 0);
    expect(listsUsed).toBeLessThanOrEqual(2 * live + 4097);
    for (const [doc, vs] of model) {
      expect(column.get(doc)).toEqual(vs);
      expect(column.count(doc)).toBe(vs.length);
      for (const v of vs) expect(column.docs(v).has(doc)).toBe(true);
    }
    expect(KeywordColumn.of(column.state(1000)).get(999)).toEqual(model.get(999));
  });

  it("saves counts and ids in as few bytes as the most values of a document and the most values need", () => {
    const widths = (c: KeywordColumn, n: number) => {
      const { counts, ids } = c.state(n);
      return [counts.BYTES_PER_ELEMENT, ids.BYTES_PER_ELEMENT];
    };
    const few = new KeywordColumn();
    for (let doc = 0; doc < 1000; doc++) few.set(doc, [["open", "closed"][doc % 2]]);
    expect(widths(few, 1000)).toEqual([1, 1]);
    // A document with 300 values, and 300 distinct values: two bytes each.
    const many = new KeywordColumn();
    const lots = Array.from({ length: 300 }, (_, i) => `v${i}`);
    many.set(0, lots);
    many.set(5, ["v7"]);
    expect(widths(many, 10)).toEqual([2, 2]);
    // 70,000 distinct values: four bytes per id.
    const wide = new KeywordColumn();
    for (let doc = 0; doc < 70_000; doc++) wide.set(doc, [`w${doc}`, "shared"]);
    expect(widths(wide, 70_000)).toEqual([1, 4]);
    // Documents whose value is their own key are marked, not values of the saved table: one byte each.
    const keys = new Map(Array.from({ length: 70_000 }, (_, doc) => [doc, `k${doc}`]));
    const docKeys: DocKeys = {
      keyOf: (doc) => keys.get(doc),
      isLive: (doc) => keys.has(doc),
      slotOf: (key) => (key.startsWith("k") ? Number(key.slice(1)) : undefined),
      hasKey: (doc, key) => keys.get(doc) === key,
      copyKeyTo: (doc, list) => list.push(keys.get(doc) ?? null),
    };
    const own = new KeywordColumn(docKeys);
    for (let doc = 0; doc < 70_000; doc++) own.set(doc, [`k${doc}`]);
    expect(widths(own, 70_000)).toEqual([1, 1]);
    // A document's own key is found by `addDocsTo` as by `docs`; a value of hundreds of documents (a set) too.
    expect(docsAdded(own, "k69998")).toEqual([69_998]);
    expect(docsAdded(wide, "shared")).toEqual([...wide.docs("shared")].sort((a, b) => a - b));
    expect(docsAdded(wide, "shared")).toHaveLength(70_000);
    expect(own.state(70_000).values.length).toBe(0);
    for (const [column, n] of [[few, 1000], [many, 10], [wide, 70_000], [own, 70_000]] as const) {
      const restored = KeywordColumn.of(column.state(n), column === own ? docKeys : undefined);
      for (const doc of [0, 1, 5, 999, 69_999].filter((d) => d < n)) expect(restored.get(doc), `doc ${doc}`).toEqual(column.get(doc));
    }
  });

  it("builds from its saved form in steps, and a read between steps finishes the build", () => {
    const source = new KeywordColumn();
    for (let doc = 0; doc < 200_000; doc++) source.set(doc, doc % 3 ? [`v${doc % 70_000}`] : [`v${doc % 5}`, `w${doc % 7}`]);
    const state = source.state(200_000);
    const stepped = KeywordColumn.of(state);
    const steps = stepped.building();
    let taken = 0;
    while (!steps.next().done) taken++;
    expect(taken).toBeGreaterThan(3);
    const interrupted = KeywordColumn.of(state);
    interrupted.building().next();
    interrupted.building().next();
    // Read mid-build: the build is taken up where it stopped and finished.
    expect(interrupted.get(3)).toEqual(["v3", "w3"]);
    expect(interrupted.building().next().done).toBe(true);
    for (const column of [stepped, interrupted]) {
      for (const doc of [0, 1, 2, 69_999, 70_000, 199_999]) expect(column.get(doc)).toEqual(source.get(doc));
      expect(column.docs("v4").size).toBe(source.docs("v4").size);
    }
    const repeated = KeywordColumn.of({ values: ["a", "a"], counts: Uint32Array.of(1, 1), ids: Uint32Array.of(0, 1) });
    expect(() => [...iterate(repeated.building())]).toThrow(RangeError);
    expect(() => repeated.get(0)).toThrow(RangeError);
  });

  it("keeps a byte per document while its cells fit one, widening as values and lists come", () => {
    const width = (c: KeywordColumn) => (c as unknown as { cells: Uint8Array }).cells.BYTES_PER_ELEMENT;
    const column = new KeywordColumn();
    const model = new Map<number, string[]>();
    const put = (doc: number, vs: string[]) => {
      column.set(doc, vs);
      model.set(doc, vs);
    };
    for (let doc = 0; doc < 1000; doc++) put(doc, [["open", "closed"][doc % 2]]);
    expect(width(column)).toBe(1);
    expect(width(KeywordColumn.of(column.state(1000)))).toBe(1);
    for (let doc = 0; doc < 300; doc++) put(doc, [`v${doc}`]);
    expect(width(column)).toBe(2);
    for (let doc = 0; doc < 70_000; doc++) put(doc, [`w${doc}`]);
    expect(width(column)).toBe(4);
    put(5, ["a", "b"]);
    const restored = KeywordColumn.of(column.state(70_000));
    for (const doc of [0, 5, 299, 300, 999, 69_999]) {
      expect(column.get(doc)).toEqual(model.get(doc));
      expect(restored.get(doc)).toEqual(model.get(doc));
    }
    expect([...column.docs("w300")]).toEqual([300]);
  });

  it("widens in room reserved ahead and after a restore without losing a value", () => {
    const model = new Map<number, string[]>();
    const check = (column: KeywordColumn, docs: number[]) => {
      for (const doc of docs) expect(column.get(doc), `doc ${doc}`).toEqual(model.get(doc) ?? []);
    };
    const column = new KeywordColumn();
    finish(column.reserving(100_000));
    const put = (c: KeywordColumn, doc: number, vs: string[]) => {
      c.set(doc, vs);
      model.set(doc, vs);
    };
    put(column, 3, ["a"]);
    put(column, 40_000, ["b"]);
    // Past a byte's values, then a list: each widens the cells set so far.
    for (let doc = 100; doc < 400; doc++) put(column, doc, [`v${doc}`]);
    put(column, 50_000, ["a", "b"]);
    put(column, 99_999, ["c"]);
    check(column, [0, 3, 100, 399, 400, 40_000, 50_000, 99_998, 99_999]);
    const restored = KeywordColumn.of(column.state(100_000));
    put(restored, 60_000, ["d", "e"]);
    check(restored, [0, 3, 100, 399, 40_000, 50_000, 60_000, 99_999]);
    // Restored with a byte per cell, then widened by a list.
    model.clear();
    const narrow = new KeywordColumn();
    for (let doc = 0; doc < 1000; doc += 3) put(narrow, doc, [`n${doc % 5}`]);
    const reopened = KeywordColumn.of(narrow.state(1000));
    put(reopened, 500, ["x", "y"]);
    check(reopened, [0, 3, 500, 501, 999]);
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

/** A saved form as formats up to 10 laid it out: each own key a value of its own at the end of the values. */
function withOwnKeysAsValues(state: KeywordColumnState, keys: DocKeys): KeywordColumnState {
  const values = [...state.values];
  const ids = Uint32Array.from(state.ids);
  let at = 0;
  state.counts.forEach((n, doc) => {
    if (n === 1 && ids[at] === state.ownKey) ids[at] = values.push(keys.keyOf(doc)!) - 1;
    at += n;
  });
  return { values, counts: state.counts, ids };
}

function* iterate(steps: Generator<void>): Generator<void> {
  for (let step = steps.next(); !step.done; step = steps.next()) yield;
}

describe("KeywordColumn reading its documents' keys", () => {
  /** Document d's key is `k<d>`; documents 8 and 9 have none (free slots). */
  const keys: DocKeys = {
    keyOf: (doc) => (doc < 8 ? `k${doc}` : undefined),
    isLive: (doc) => doc < 8,
    slotOf: (key) => (/^k[0-7]$/.test(key) ? Number(key.slice(1)) : undefined),
    hasKey: (doc, key) => doc < 8 && key === `k${doc}`,
    copyKeyTo: (doc, list) => list.push(doc < 8 ? `k${doc}` : null),
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
          // Each value once, with the documents holding it, own keys included.
          const counted = new Map<string, number>();
          finish(
            c.counting((value, n) => {
              expect(counted.has(value)).toBe(false);
              counted.set(value, n);
            }),
          );
          const holders = new Map<string, number>();
          for (const vs of model.values()) for (const v of new Set(vs)) holders.set(v, (holders.get(v) ?? 0) + 1);
          expect(counted).toEqual(holders);
          expect([...c.values()].length).toBe(new Set([...model.values()].flat()).size);
          for (const v of ["k0", "k1", "k2", "k3", "k7", "k8", "a", "b"]) {
            const want = [...model].filter(([, vs]) => vs.includes(v)).map(([doc]) => doc).sort((a, b) => a - b);
            expect([...c.docs(v)].sort((a, b) => a - b)).toEqual(want);
          }
          for (const asked of [["k1"], ["k2", "a"], ["k3", "k8", "b"]]) {
            const holder = c.holderOf(asked);
            for (let doc = 0; doc < 10; doc++) expect(holder(doc)).toBe((model.get(doc) ?? []).some((v) => asked.includes(v)));
          }
        };
        check(column);
        const state = column.state(10);
        expect(new Set(state.values).size).toBe(state.values.length);
        check(KeywordColumn.of(state, keys));
        // Own keys are marks that only a column reading keys can take.
        const marked = [...state.ids].some((id) => id === state.ownKey);
        if (marked) expect(() => KeywordColumn.of(state).get(0)).toThrow(RangeError);
        else check(KeywordColumn.of(state));
        // Saved before the marks (formats up to 10): own keys as values of their own, compared with the documents' keys.
        const unmarked = withOwnKeysAsValues(state, keys);
        check(KeywordColumn.of(unmarked, keys));
        check(KeywordColumn.of(unmarked));
        // A restored column goes on changing as a built one does.
        const restored = KeywordColumn.of(state, keys);
        restored.set(4, ["k1"]);
        column.set(4, ["k1"]);
        expect([...restored.docs("k1")].sort()).toEqual([...column.docs("k1")].sort());
      }),
      { numRuns: 300 },
    );
  });

  it("takes values given as another thread's local ids exactly as it takes them by value, over restarted dictionaries and ids let go", () => {
    // A step: a document's values given by local id, its values cleared (ids let go), or the other thread's dictionary started again.
    const step = fc.oneof(
      fc.tuple(fc.constant("give" as const), fc.nat(9), keyed, fc.boolean()),
      fc.tuple(fc.constant("clear" as const), fc.nat(9)),
      fc.tuple(fc.constant("restart" as const)),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 80 }), (steps) => {
        const [byValue, byId] = [new KeywordColumn(keys), new KeywordColumn(keys)];
        // The other thread's dictionary: values by local id, in an array that starts again.
        let local: string[] = [];
        let ids = new Map<string, number>();
        for (const [what, doc, given, own] of steps) {
          if (what === "restart") [local, ids] = [[], new Map()];
          else if (what === "clear") {
            byValue.clear(doc);
            byId.clear(doc);
          } else {
            const values = own && keys.keyOf(doc) ? [keys.keyOf(doc)!] : given!;
            const source = Uint32Array.from(values, (v) => ids.get(v) ?? (ids.set(v, local.push(v) - 1), local.length - 1));
            byValue.set(doc, values);
            byId.setGiven(doc, local, Uint32Array.of(7, ...source, 7), 1, 1 + source.length);
          }
        }
        // The same ids for the same values in the same order: the saved forms are equal.
        expect(byId.state(10)).toEqual(byValue.state(10));
        for (let doc = 0; doc < 10; doc++) expect(byId.get(doc)).toEqual(byValue.get(doc));
        for (const v of ["k0", "k1", "k2", "k3", "k8", "a", "b"]) expect([...byId.docs(v)].sort()).toEqual([...byValue.docs(v)].sort());
      }),
      { numRuns: 300 },
    );
    // Many values with repeats (found with a set past a few): the first of each kept, in order.
    const [byValue, byId] = [new KeywordColumn(keys), new KeywordColumn(keys)];
    const values = Array.from({ length: 40 }, (_, i) => `v${(i * 7) % 13}`);
    const local = [...new Set(values)];
    byValue.set(2, values);
    byId.setGiven(2, local, Uint32Array.from(values, (v) => local.indexOf(v)), 0, values.length);
    expect(byId.get(2)).toEqual(byValue.get(2));
    expect(byId.get(2)).toHaveLength(13);
  });

  it("keeps no value id for a document's own key", () => {
    const column = new KeywordColumn(keys);
    for (let doc = 0; doc < 8; doc++) column.set(doc, [`k${doc}`]);
    const ids = (c: KeywordColumn) => (c as unknown as { valueKeys: { size: number } }).valueKeys.size;
    expect(ids(column)).toBe(0);
    const restored = KeywordColumn.of(column.state(8), keys);
    expect([...restored.docs("k5")]).toEqual([5]);
    expect(ids(restored)).toBe(0);
    // Nor a free one: a restored column numbers only the values it keeps (a column of ten million keys kept a list of freed ids).
    expect((restored as unknown as { ids: { limit: number } }).ids.limit).toBe(0);
  });

  it("finds a saved value repeated as another document's own key", () => {
    // "k1" is document 1's own key, and saved again as a second value held by document 2.
    const repeated = KeywordColumn.of({ values: ["k1", "k1"], counts: Uint32Array.of(0, 1, 1), ids: Uint32Array.of(0, 1) }, keys);
    expect(() => repeated.docs("k1")).toThrow(RangeError);
  });
});

describe("NumberColumn", () => {
  it("saves its numbers in its form and restores them, none where none", () => {
    const counts = new NumberColumn();
    counts.set(2, 5);
    const saved = counts.state(4);
    expect(saved).toEqual({ form: "u8", values: Uint8Array.of(0, 0, 6, 0) });
    const restored = finish(NumberColumn.restoringState(saved));
    expect([0, 1, 2, 3, 100].map((doc) => restored.get(doc))).toEqual([NaN, NaN, 5, NaN, NaN]);
    expect(restored.width).toBe(1);

    const column = new NumberColumn();
    column.set(2, 5);
    column.set(0, Infinity);
    column.setExactly(1, -Infinity);
    const doubles = column.state(4);
    expect(doubles.form).toBe("f64");
    expect([...doubles.values]).toEqual([NaN, -Infinity, 5, NaN]);
    expect(finish(NumberColumn.restoringState(doubles)).get(1)).toBe(-Infinity);
    // Doubles are narrowed as a column of them would be (formats before 10 saved every column so).
    expect(finish(NumberColumn.restoringState({ form: "f64", values: Float64Array.of(NaN, 3) })).width).toBe(1);
  });

  it("refuses a saved column of an unknown form, or numbers of another width than its form's", () => {
    const restore = (state: Parameters<typeof NumberColumn.restoringState>[0]) => () => finish(NumberColumn.restoringState(state));
    expect(restore({ form: "u12" as "u8", values: new Uint8Array(2) })).toThrow(/unknown number form u12/);
    expect(restore({ form: "seconds", values: new Uint16Array(2) })).toThrow(/seconds numbers of 2 bytes/);
    expect(restore({ form: "u8", values: new Uint32Array(2) })).toThrow(/u8 numbers of 4 bytes/);
    expect(restore({ form: "f64", values: new Uint32Array(2) })).toThrow(/not doubles/);
  });

  const value = fc.oneof(
    fc.integer({ min: 0, max: 300 }),
    fc.integer({ min: 0, max: 70_000 }),
    fc.integer({ min: 0, max: 2 ** 32 }),
    fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }).map((s) => s * 1000),
    fc.double({ noNaN: false }),
    fc.constantFrom(-0, -1, 0.5, NaN, Infinity, -Infinity, 2 ** 32 - 1, 0xff, 0xfe, 0xffff),
  );

  it("reads back every value exactly, whatever form its values take, and after a save and restore takes the same changes", () => {
    const op = fc.tuple(fc.constantFrom("set", "setExactly", "clear", "reserve"), fc.nat(300), value);
    const apply = (column: NumberColumn, model: Map<number, number>, [what, doc, v]: [string, number, number]) => {
      if (what === "clear") {
        column.clear(doc);
        model.delete(doc);
      } else if (what === "reserve") column.reserve(doc);
      else if (what === "set") {
        column.set(doc, v);
        model.set(doc, Number.isFinite(v) ? v : NaN);
      } else {
        column.setExactly(doc, v);
        model.set(doc, v);
      }
    };
    const check = (column: NumberColumn, model: Map<number, number>, what: string) => {
      for (let doc = 0; doc < 302; doc++) expect(Object.is(column.get(doc), model.get(doc) ?? NaN), `${what} doc ${doc}`).toBe(true);
    };
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), fc.array(op, { maxLength: 40 }), (ops, later) => {
        const column = new NumberColumn();
        const model = new Map<number, number>();
        for (const o of ops) apply(column, model, o);
        const saved = column.state(302);
        const restored = finish(NumberColumn.restoringState(saved));
        // The form saved is the column's own; a restore keeps it unless it holds doubles.
        expect(saved.values.BYTES_PER_ELEMENT).toBe(column.width);
        if (saved.form !== "f64") expect(restored.width).toBe(column.width);
        check(column, model, "column");
        check(restored, model, "restored");
        const doubles = NumberColumn.of(Float64Array.from({ length: 302 }, (_, doc) => model.get(doc) ?? NaN));
        check(doubles, model, "of doubles");
        // Changes after the restore (a widening among them) read back as on the column saved.
        const laterModel = new Map(model);
        for (const o of later) {
          apply(column, model, o);
          apply(restored, laterModel, o);
        }
        check(column, model, "column after");
        check(restored, laterModel, "restored after");
      }),
    );
  });

  it("widens to hold a new value without losing values set before, in room reserved ahead and after a restore", () => {
    const column = new NumberColumn();
    column.reserve(100_000);
    const model = new Map<number, number>([
      [3, 7],
      [40_000, 200],
    ]);
    for (const [doc, v] of model) column.set(doc, v);
    for (const [doc, v] of [[10, 300], [20, 70_000], [30, 1.5]] as const) {
      column.set(doc, v);
      model.set(doc, v);
      for (const doc of [0, 3, 10, 20, 30, 40_000, 99_999]) expect(column.get(doc)).toBe(model.get(doc) ?? NaN);
    }
    const restored = NumberColumn.of(Float64Array.from({ length: 1000 }, (_, doc) => (doc % 7 ? doc : NaN)));
    restored.set(0, 2.5);
    for (let doc = 1; doc < 1000; doc++) expect(restored.get(doc)).toBe(doc % 7 ? doc : NaN);
  });

  it("keeps counts in a byte and whole-second dates in four bytes", () => {
    const counts = new NumberColumn();
    counts.set(0, 3);
    counts.set(5, 254);
    expect(counts.width).toBe(1);
    counts.set(6, 255);
    expect(counts.width).toBe(2);
    expect([counts.get(0), counts.get(5), counts.get(6), counts.get(1)]).toEqual([3, 254, 255, NaN]);
    const dates = new NumberColumn();
    dates.set(0, Date.UTC(2024, 0, 1));
    expect(dates.width).toBe(4);
    dates.set(1, Date.UTC(2024, 0, 1) + 1);
    expect(dates.width).toBe(8);
    expect([dates.get(0), dates.get(1)]).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 1) + 1]);
    expect(finish(NumberColumn.restoringState(counts.state(7))).width).toBe(2);
    expect(NumberColumn.of(new Float64Array([Date.UTC(2020, 1, 2), NaN])).width).toBe(4);
  });

  it("widens a restored column to a form that holds the values it was saved with", () => {
    // Whole numbers in four bytes, one between the least and the greatest not a whole thousand: a
    // date past four bytes then needs doubles, not whole seconds (which would lose the 500); all
    // whole thousands, whole seconds do.
    for (const held of [[1000, 1500, 4_000_000_000], [7_000, 1_500_000, 4_000_000_000]]) {
      const column = new NumberColumn();
      held.forEach((v, doc) => column.set(doc, v));
      expect(column.width).toBe(4);
      const restored = finish(NumberColumn.restoringState(column.state(held.length)));
      const date = Date.UTC(2024, 0, 1);
      for (const c of [column, restored]) c.set(held.length, date);
      expect(restored.width, String(held)).toBe(column.width);
      expect([...held, date].map((_, doc) => restored.get(doc))).toEqual([...held, date]);
    }
  });

  it("bounds each 32 documents' values, from when first asked for or made ahead and through later changes", () => {
    rangeBoundsHold({ span: 32, docs: 200, ranges: 8, bestIn: (column, word, direction) => column.bestInWord(word, direction), seed: 42 });
  });

  it("bounds each block's values from its words' bounds, from when first asked for or made ahead and through later changes", () => {
    // Words asked about first, or not: a block is made from its words' bounds either way.
    rangeBoundsHold({ span: RANGE_BLOCK, docs: 3 * RANGE_BLOCK + 40, ranges: 5, bestIn: (column, block, direction) => column.bestInBlock(block, direction), seed: 43 });
  });
});

/** `best` is at least (`desc`) or at most (`asc`) every value `held`, and exactly their best unless `loose`; NaN when none is held and nothing loosened it. */
function expectBound(best: number, held: number[], direction: "asc" | "desc", loose: boolean): void {
  if (!held.length) {
    if (!loose) expect(best).toBeNaN();
    return;
  }
  const exact = direction === "desc" ? Math.max(...held) : Math.min(...held);
  if (loose) expect(direction === "desc" ? best >= exact : best <= exact).toBe(true);
  else expect(best).toBe(exact);
}

/**
 * For random sets, clears, questions (about ranges of `span` documents, and about words) and bounds
 * made ahead (`preparingRanges`), the bounds `bestIn` gives hold every value of their range, and are
 * exact for a range where no value was lowered or cleared since bounds were first made.
 */
function rangeBoundsHold({ span, docs, ranges, bestIn, seed }: { span: number; docs: number; ranges: number; bestIn: (column: NumberColumn, range: number, direction: "asc" | "desc") => number; seed: number }): void {
  const value = fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constantFrom(2 ** 40 + 0.5, -Infinity, Infinity, 1.5), fc.constant(null));
  const direction = fc.constantFrom("asc" as const, "desc" as const);
  const op = fc.oneof(
    fc.record({ set: fc.nat(docs), value }),
    fc.record({ clear: fc.nat(docs) }),
    fc.record({ ask: fc.nat(ranges), direction }),
    fc.record({ askWord: fc.nat((docs >>> 5) + 1), direction }),
    fc.constant({ prepare: true as const }),
  );
  const rangeOf = (doc: number) => Math.floor(doc / span);
  fc.assert(
    fc.property(fc.array(op, { maxLength: 150 }), (ops) => {
      const column = new NumberColumn();
      const model = new Map<number, number>();
      // Ranges where a value was lowered or cleared after some bounds were made: bounds there need not be exact.
      const loosened = new Set<number>();
      let made = false;
      const check = (range: number, direction: "asc" | "desc") => {
        const best = bestIn(column, range, direction);
        made = true;
        expectBound(best, [...model].filter(([doc]) => rangeOf(doc) === range).map(([, v]) => v), direction, loosened.has(range));
      };
      const changed = (doc: number) => {
        if (made) loosened.add(rangeOf(doc));
      };
      for (const o of ops) {
        if ("set" in o) {
          column.set(o.set, o.value);
          const v = column.get(o.set);
          if (Number.isNaN(v)) {
            if (model.delete(o.set)) changed(o.set);
          } else {
            if (model.has(o.set) && model.get(o.set) !== v) changed(o.set);
            model.set(o.set, v);
          }
        } else if ("clear" in o) {
          column.clear(o.clear);
          if (model.delete(o.clear)) changed(o.clear);
        } else if ("prepare" in o) {
          finish(column.preparingRanges());
          made = true;
        } else if ("askWord" in o) {
          column.bestInWord(o.askWord, o.direction);
          made = true;
        } else check(o.ask, o.direction);
      }
      for (let range = 0; range < ranges; range++) for (const d of ["asc", "desc"] as const) check(range, d);
    }),
    { seed, numRuns: 300 },
  );
}

describe("growing in steps", () => {
  // Arrays of megabytes: the fresh memory is written over several steps, values set and widened between them.
  const SIZE = 3_000_000;
  const numberValues = [0, 7, 300, 70_000, 2 ** 32 + 5, 1.5, -2, 1_700_000_000_000];

  it("a number column reads back every value set between its steps, a widening and a growth of its own among them", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const rng = mulberry32(seed);
      const column = new NumberColumn();
      const model = new Map<number, number>();
      const set = (doc: number, values = numberValues) => {
        const v = values[Math.floor(rng() * values.length)];
        column.setExactly(doc, v);
        model.set(doc, v);
      };
      // A byte each until the steps begin: the widenings come between them.
      for (let i = 0; i < 20; i++) set(Math.floor(rng() * 64), [0, 7, 200]);
      const steps = column.reserving(SIZE);
      let stepsTaken = 0;
      while (!steps.next().done) {
        stepsTaken++;
        for (let i = 0; i < 3; i++) set(Math.floor(rng() * (rng() < 0.1 ? SIZE : 300)));
      }
      expect(stepsTaken, `seed ${seed}`).toBeGreaterThan(1);
      for (let doc = 0; doc < 300; doc++) expect(Object.is(column.get(doc), model.get(doc) ?? NaN), `seed ${seed} doc ${doc}`).toBe(true);
      for (const [doc, v] of model) expect(column.get(doc), `seed ${seed} doc ${doc}`).toBe(v);
      expect(column.get(SIZE - 1)).toBe(model.get(SIZE - 1) ?? NaN);
    }
  });

  it("a keyword column reads back every value set between its steps, its cells widened among them", () => {
    for (let seed = 1; seed <= 4; seed++) {
      const rng = mulberry32(seed);
      const column = new KeywordColumn();
      const model = new Map<number, string[]>();
      const set = (doc: number) => {
        // Hundreds of values: the cells widen past a byte; lists widen them to four.
        const values = rng() < 0.2 ? [`v${Math.floor(rng() * 600)}`, "w"] : [`v${Math.floor(rng() * 600)}`];
        column.set(doc, values);
        model.set(doc, values);
      };
      for (let i = 0; i < 20; i++) set(Math.floor(rng() * 64));
      const steps = column.reserving(SIZE);
      while (!steps.next().done) for (let i = 0; i < 40; i++) set(Math.floor(rng() * (rng() < 0.05 ? SIZE : 300)));
      for (const [doc, values] of model) expect(column.get(doc), `seed ${seed} doc ${doc}`).toEqual(values);
      expect(column.get(299)).toEqual(model.get(299) ?? []);
    }
  });
  it("a keyword column reserves its dense sets' bits in steps, and a new document past their old end copies none of them", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const rng = mulberry32(seed);
      const column = new KeywordColumn();
      const model = new Map<number, string>();
      const set = (doc: number, value: string) => {
        column.set(doc, [value]);
        model.set(doc, value);
      };
      // Two values on every document: both sets are kept as bits over the 20,000 slots.
      for (let doc = 0; doc < 20_000; doc++) set(doc, doc % 3 ? "common" : "rarer");
      const before = [column.docs("common").bitmap(), column.docs("rarer").bitmap()];
      expect(before.every((bits) => bits !== undefined && bits.length < SIZE / 32)).toBe(true);
      const steps = column.reserving(SIZE);
      let stepsTaken = 0;
      while (!steps.next().done) {
        stepsTaken++;
        // Changes between the steps, past the sets' old end among them.
        for (let i = 0; i < 5; i++) set(Math.floor(rng() * 25_000), rng() < 0.5 ? "common" : "rarer");
      }
      expect(stepsTaken, `seed ${seed}`).toBeGreaterThan(2);
      const reserved = [column.docs("common").bitmap()!, column.docs("rarer").bitmap()!];
      expect(reserved.map((bits) => bits.length >= SIZE / 32)).toEqual([true, true]);
      set(SIZE - 1, "common");
      set(SIZE - 2, "rarer");
      expect(column.docs("common").bitmap(), `seed ${seed}`).toBe(reserved[0]);
      expect(column.docs("rarer").bitmap(), `seed ${seed}`).toBe(reserved[1]);
      for (const value of ["common", "rarer"]) {
        const expected = [...model].filter(([, v]) => v === value).map(([doc]) => doc).sort((a, b) => a - b);
        expect([...column.docs(value)], `seed ${seed} ${value}`).toEqual(expected);
      }
    }
  });
});

/** The documents `addDocsTo` adds for `value`, ascending. */
function docsAdded(column: KeywordColumn, value: string): number[] {
  const added: number[] = [];
  column.addDocsTo(value, { add: (doc: number) => added.push(doc) });
  return added.sort((a, b) => a - b);
}
