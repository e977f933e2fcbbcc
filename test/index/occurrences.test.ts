/**
 * Occurrences against a plain model (a map from document to its list of
 * (term, position, width)): indexing documents again and again, clearing
 * them, compacting, and saving and restoring the arrays.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Occurrences } from "../../src/index/occurrences.js";
import { finish } from "../../src/index/steps.js";

type Occurrence = [term: number, position: number, width: number];

/** Writes a document's occurrences as the index does: sorted by term, then position; all at once (`putAll`) when every width is 1. */
function index(o: Occurrences, doc: number, occurrences: Occurrence[]): void {
  const sorted = [...occurrences].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const first = o.reserve(doc, sorted.length);
  if (sorted.every(([, , width]) => width === 1)) {
    const positions = sorted.map(([, position]) => position);
    o.putAll(first, Uint32Array.from(sorted, ([term]) => term), Uint32Array.from(positions), sorted.length, Math.max(0, ...positions));
  } else sorted.forEach(([term, position, width], i) => o.put(first + i, term, position, width));
}

function read(o: Occurrences, doc: number): Occurrence[] {
  const [start, end] = o.span(doc);
  const out: Occurrence[] = [];
  for (let at = start; at < end; at++) out.push([o.idAt(at), o.positionAt(at), o.widthAt(at)]);
  return out;
}

function expectSame(o: Occurrences, model: Map<number, Occurrence[]>, capacity: number): void {
  for (let doc = 0; doc < capacity; doc++) {
    const want = [...(model.get(doc) ?? [])].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(read(o, doc)).toEqual(want);
    expect(o.count(doc)).toBe(want.length);
    for (let term = 0; term < 6; term++) {
      const of = want.filter((x) => x[0] === term);
      expect(o.frequency(doc, term)).toBe(of.length);
      const [lo, hi] = o.range(doc, term);
      expect(hi - lo).toBe(of.length);
      const terms: number[] = [];
      o.forEachTerm(doc, (t) => terms.push(t));
      expect(terms).toEqual([...new Set(want.map((x) => x[0]))]);
    }
  }
}

const position = fc.oneof({ arbitrary: fc.nat(40), weight: 9 }, { arbitrary: fc.integer({ min: 65_530, max: 70_000 }), weight: 1 });
const occurrence = fc.tuple(fc.nat(5), position, fc.constantFrom(1, 1, 1, 2, 3)) as fc.Arbitrary<Occurrence>;
const narrow = fc.tuple(fc.nat(5), position, fc.constant(1)) as fc.Arbitrary<Occurrence>;
const step = fc.oneof(
  fc.record({ doc: fc.nat(11), occurrences: fc.array(occurrence, { maxLength: 30 }) }),
  fc.record({ doc: fc.nat(11), occurrences: fc.array(narrow, { maxLength: 30 }) }),
  fc.record({ doc: fc.nat(11), clear: fc.constant(true) }),
);

describe("occurrences", () => {
  it("follow every indexing and clearing, through compactions and a save, in blocks of any size", () => {
    fc.assert(
      // Blocks of 8 to 64 occurrences: documents fill blocks, pass over their ends, and outgrow them.
      fc.property(fc.array(step, { maxLength: 60 }), fc.constantFrom(3, 4, 6, 20), (steps, blockBits) => {
        const o = new Occurrences(blockBits);
        const model = new Map<number, Occurrence[]>();
        for (const s of steps) {
          if ("clear" in s) {
            o.clear(s.doc);
            model.delete(s.doc);
          } else {
            index(o, s.doc, s.occurrences);
            model.set(s.doc, s.occurrences);
          }
        }
        expectSame(o, model, 12);
        const restored = Occurrences.of(o.state(12), blockBits);
        expectSame(restored, model, 12);
        // A restored set goes on changing like any other.
        index(restored, 3, [[1, 0, 1], [0, 1, 2]]);
        model.set(3, [[1, 0, 1], [0, 1, 2]]);
        expectSame(restored, model, 12);
      }),
      { numRuns: 150 },
    );
  });

  it("a snapshot keeps what it saw while the occurrences go on changing (reindexing, compacting, wider positions)", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.array(step, { maxLength: 40 }), fc.constantFrom(3, 4, 6, 20), (before, after, blockBits) => {
        const o = new Occurrences(blockBits);
        const apply = (steps: typeof before) => {
          for (const s of steps) {
            if ("clear" in s) o.clear(s.doc);
            else index(o, s.doc, s.occurrences);
          }
        };
        apply(before);
        const expected = o.state(12);
        const snapshot = finish(o.snapshotting(12));
        apply(after);
        // A position past 65,535 widens an array that already holds occurrences.
        index(o, 0, [[1, 70_000, 2]]);
        expect(snapshot.state()).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it("a save copies a chunk out in steps, pausing after every 8,192 documents, and the chunks are what state holds", () => {
    // 40,000 documents of 5 occurrences in blocks of 2^20: one chunk of 200,000 occurrences.
    const o = new Occurrences(20);
    for (let doc = 0; doc < 40_000; doc++) index(o, doc, [0, 1, 2, 3, 4].map((k) => [(doc + k) % 97, k, 1]));
    const snapshot = finish(o.snapshotting(40_000));
    for (const part of ["ids", "positions"] as const) {
      const chunks: Uint32Array[] = [];
      let pauses = 0;
      for (const chunk of snapshot.chunks(part)) {
        if (chunk) chunks.push(chunk.slice());
        else pauses++;
      }
      // 40,000 documents looked at, all within one chunk.
      expect(pauses, part).toBe(Math.floor(40_000 / 8_192));
      expect(chunks).toEqual(snapshot.state()[part]);
      expect(chunks.reduce((n, c) => n + c.length, 0)).toBe(200_000);
    }
  });

  it("widths are stored only once some occurrence is wider than 1", () => {
    const o = new Occurrences();
    index(o, 0, [[0, 0, 1], [1, 1, 1]]);
    expect(o.state(1).widths).toBeUndefined();
    index(o, 1, [[0, 0, 2]]);
    expect(o.state(2).widths!.flatMap((chunk) => [...chunk])).toEqual([1, 1, 2]);
  });

  it("keeps positions past 65,535 exactly, in memory and through a save", () => {
    const o = new Occurrences();
    const first = o.reserve(0, 2);
    o.put(first, 3, 7, 1);
    o.put(first + 1, 3, 70_000, 1);
    const second = o.reserve(1, 1);
    o.put(second, 4, 65_535, 1);
    for (const copy of [o, Occurrences.of(o.state(2))]) {
      const [lo, hi] = copy.range(0, 3);
      expect([copy.positionAt(lo), copy.positionAt(hi - 1)]).toEqual([7, 70_000]);
      expect(copy.firstAtOrAfter(70_000, lo, hi)).toBe(hi - 1);
      expect(copy.positionAt(copy.range(1, 4)[0])).toBe(65_535);
    }
  });

  it("takes positions saved in two bytes as they lie, and narrows those saved in four where they fit", () => {
    const o = new Occurrences();
    index(o, 0, [[0, 3, 1], [1, 9, 1]]);
    index(o, 1, [[2, 65_535, 1]]);
    const state = o.state(2);
    const wide = state.positions[0];
    expect(wide).toBeInstanceOf(Uint32Array);
    const narrow = Uint16Array.from(wide);
    for (const [given, taken] of [
      [narrow, true],
      [wide, false],
    ] as const) {
      const restored = finish(Occurrences.restoring({ ...state, positions: [given] }));
      const held = (restored as unknown as { positions: ArrayLike<number>[] }).positions[0];
      expect(held).toBeInstanceOf(Uint16Array);
      expect(held === given, `${given.constructor.name} taken as it lies`).toBe(taken);
      expect([0, 1].map((doc) => restored.positionAt(restored.range(doc, doc ? 2 : 0)[0]))).toEqual([3, 65_535]);
    }
  });

  it("reclaims the room documents indexed again leave behind", () => {
    const o = new Occurrences(8);
    const doc: Occurrence[] = Array.from({ length: 100 }, (_, i) => [i % 5, i, 1]);
    for (let round = 0; round < 200; round++) index(o, round % 3, doc);
    // Three documents of 100 occurrences; without compaction 20,000 would have been written.
    expect(o.state(3).ids.reduce((n, chunk) => n + chunk.length, 0)).toBe(300);
    expect(o.allocated).toBeLessThan(4096);
  });

  it("adds blocks as it grows, never copying a full one", () => {
    const o = new Occurrences(10);
    const doc: Occurrence[] = Array.from({ length: 100 }, (_, i) => [i % 7, i, 1]);
    for (let d = 0; d < 100; d++) index(o, d, doc);
    // 10,000 occurrences, ten documents to a block of 1,024 (the rest of each passed over): 10 blocks.
    expect(o.allocated).toBe(10 * 1024);
    expect(o.frequency(99, 3)).toBe(14);
    const long: Occurrence[] = Array.from({ length: 3000 }, (_, i) => [i % 3, i, 1]);
    index(o, 100, long);
    expect(o.allocated).toBe(13 * 1024);
    expect(o.frequency(100, 2)).toBe(1000);
    expect(o.positionAt(o.range(100, 2)[1] - 1)).toBe(2999);
  });

  it("rejects saved arrays that do not fit together", () => {
    const state = (() => {
      const o = new Occurrences();
      index(o, 0, [[0, 0, 1], [1, 1, 1]]);
      return o.state(1);
    })();
    expect(() => Occurrences.of({ ...state, counts: Uint32Array.of(3) })).toThrow(RangeError);
    expect(() => Occurrences.of({ ...state, positions: [Uint32Array.of(0)] })).toThrow(RangeError);
    // A document's occurrences straddling two chunks.
    expect(() => Occurrences.of({ ...state, ids: [Uint32Array.of(0), Uint32Array.of(1)], positions: [Uint32Array.of(0), Uint32Array.of(1)] })).toThrow(RangeError);
  });
});
