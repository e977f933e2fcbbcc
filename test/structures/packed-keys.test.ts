/**
 * Keys kept as bytes under ids, against a plain map: keys filed, found, read back and let go in any
 * order, long keys and keys past U+00FF kept as strings, the bytes of keys let go used again, and
 * tens of thousands of keys through the table's parts growing and entries shifted back on removal.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashKey, hashLatin1 } from "../../src/structures/hash.js";
import { PackedKeys } from "../../src/structures/packed-keys.js";
import { mulberry32 } from "../../bench/random.mjs";

const key = fc.oneof(
  fc.stringMatching(/^[a-c]{0,3}$/),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("x".repeat(1024), "x".repeat(1025), "é/ø#1", "ā", ""),
);

describe("PackedKeys", () => {
  it("holds what a map of ids to keys holds, however keys come and go", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(40), key), { minLength: 20, maxLength: 300 }), (steps) => {
        const keys = new PackedKeys();
        const model = new Map<number, string>();
        const idOf = (k: string) => [...model].find(([, held]) => held === k)?.[0];
        for (const [put, id, k] of steps) {
          if (put) {
            if (model.has(id)) {
              expect(() => keys.putIfAbsent(k, id)).toThrow(RangeError);
              continue;
            }
            const held = idOf(k);
            expect(keys.putIfAbsent(k, id)).toBe(held);
            if (held === undefined) model.set(id, k);
          } else {
            expect(keys.delete(id)).toBe(model.delete(id));
          }
          expect(keys.size).toBe(model.size);
        }
        for (let id = 0; id <= 40; id++) {
          expect(keys.keyOf(id)).toBe(model.get(id));
          expect(keys.has(id)).toBe(model.has(id));
          if (model.has(id)) expect(keys.idOf(model.get(id)!)).toBe(id);
        }
        for (const [, k] of steps) expect(keys.idOf(k)).toBe(idOf(k) ?? -1);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps tens of thousands of keys through growth and removal, reusing the bytes let go", () => {
    const keys = new PackedKeys();
    const rng = mulberry32(11);
    const text = (i: number) => `owner-${i % 997}/repo-${(i * 7919) % 100_003}#${i}`;
    const n = 60_000;
    for (let i = 0; i < n; i++) expect(keys.putIfAbsent(text(i), i)).toBeUndefined();
    const used = (keys as unknown as { used: number }).used;
    const gone = new Set<number>();
    for (let i = 0; i < n / 2; i++) {
      const id = Math.floor(rng() * n);
      expect(keys.delete(id)).toBe(!gone.has(id));
      gone.add(id);
    }
    for (let i = 0; i < n; i++) {
      expect(keys.idOf(text(i))).toBe(gone.has(i) ? -1 : i);
      expect(keys.keyOf(i)).toBe(gone.has(i) ? undefined : text(i));
    }
    // The same keys filed again under the same ids take the bytes they left.
    for (const id of gone) expect(keys.putIfAbsent(text(id), id)).toBeUndefined();
    expect((keys as unknown as { used: number }).used).toBe(used);
    for (let i = 0; i < n; i++) expect(keys.idOf(text(i))).toBe(i);
    expect(keys.size).toBe(n);
  });

  it("tells apart keys of the same hash, through removal of either", () => {
    const [a, b] = ["o/r#522789", "o/r#739192"];
    expect(hashKey(a)).toBe(hashKey(b));
    const keys = new PackedKeys();
    expect(keys.putIfAbsent(a, 1)).toBeUndefined();
    expect(keys.idOf(b)).toBe(-1);
    expect(keys.putIfAbsent(b, 2)).toBeUndefined();
    expect([keys.idOf(a), keys.idOf(b)]).toEqual([1, 2]);
    keys.delete(1);
    expect([keys.idOf(a), keys.idOf(b)]).toEqual([-1, 2]);
    expect(keys.putIfAbsent(a, 3)).toBeUndefined();
    keys.delete(2);
    expect([keys.idOf(a), keys.idOf(b)]).toEqual([3, -1]);
  });

  it("files a key given as Latin-1 bytes as the same key given as a string, either way round", () => {
    const latin1 = fc.oneof(fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 12 }), fc.constantFrom("x".repeat(1024), "y".repeat(1025), ""));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), latin1), { minLength: 1, maxLength: 60 }), (puts) => {
        const keys = new PackedKeys();
        const filed = new Map<string, number>();
        puts.forEach(([asBytes, k], id) => {
          expect(hashLatin1(Buffer.from(`..${k}`, "latin1"), 2, 2 + k.length)).toBe(hashKey(k));
          // The key amid other bytes, as a saved table's keys lie end to end.
          const source = Buffer.from(`ab${k}cd`, "latin1");
          const held = asBytes ? keys.putLatin1IfAbsent(source, 2, 2 + k.length, id) : keys.putIfAbsent(k, id);
          expect(held).toBe(filed.get(k));
          if (held === undefined) filed.set(k, id);
        });
        for (const [k, id] of filed) {
          expect(keys.idOf(k)).toBe(id);
          expect(keys.keyOf(id)).toBe(k);
        }
        expect(keys.size).toBe(filed.size);
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it("files keys put later as at once: placed by a step or by the next look-up, a key held already let go", () => {
    const latin1 = fc.oneof(fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 8 }), fc.constantFrom("x".repeat(1025), "base#7", ""));
    const op = fc.oneof(
      fc.tuple(fc.constant("later" as const), latin1),
      fc.tuple(fc.constant("put" as const), latin1),
      fc.tuple(fc.constant("find" as const), latin1),
      fc.tuple(fc.constant("delete" as const), fc.nat(5100)),
      fc.tuple(fc.constant("step" as const), fc.constant("")),
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(op, { minLength: 1, maxLength: 120 }), (split, ops) => {
        const keys = new PackedKeys();
        const model = new Map<number, string>();
        // Past 4,096 keys a table is spread over parts, where keys put later wait to be placed.
        const base = split ? 5000 : 10;
        for (let id = 0; id < base; id++) {
          keys.putIfAbsent(`base#${id}`, id);
          model.set(id, `base#${id}`);
        }
        const ids = new Map([...model].map(([id, k]) => [k, id]));
        const idOf = (k: string) => ids.get(k);
        const file = (id: number, k: string) => model.set(id, k) && ids.set(k, id);
        const repeated: number[] = [];
        let placing = keys.placingLater();
        let next = base;
        for (const [name, value] of ops) {
          if (name === "later") {
            const id = next++;
            keys.putLatin1Later(Buffer.from(`ab${value}cd`, "latin1"), 2, 2 + value.length, id);
            if (idOf(value) === undefined) file(id, value);
            else repeated.push(id);
          } else if (name === "put") {
            const id = next++;
            const held = idOf(value);
            expect(keys.putIfAbsent(value, id)).toBe(held);
            if (held === undefined) file(id, value);
          } else if (name === "find") expect(keys.idOf(value)).toBe(idOf(value) ?? -1);
          else if (name === "delete") {
            if (model.has(value)) ids.delete(model.get(value)!);
            expect(keys.delete(value)).toBe(model.delete(value));
          }
          else if (placing.next().done) {
            // Done is every key placed, those put while it paused too.
            expect((keys as unknown as { later: unknown }).later).toBeUndefined();
            placing = keys.placingLater();
          }
        }
        for (const _ of keys.placingLater());
        expect(keys.takeRepeated().sort((a, b) => a - b)).toEqual(repeated);
        expect(keys.size).toBe(model.size);
        for (const [id, k] of model) {
          expect(keys.idOf(k)).toBe(id);
          expect(keys.keyOf(id)).toBe(k);
        }
        for (const id of repeated) expect(keys.has(id)).toBe(false);
      }),
      { numRuns: 200, seed: 20261128 },
    );
  });

  it("places keys put later while it pauses, in parts it has passed too", () => {
    const keys = new PackedKeys();
    for (let id = 0; id < 5000; id++) keys.putIfAbsent(`o/r#${id}`, id);
    const partOf = (key: string) => hashLatin1(Buffer.from(key, "latin1"), 0, key.length) >>> 24;
    const putLater = (key: string, id: number) => keys.putLatin1Later(Buffer.from(key, "latin1"), 0, key.length, id);
    // A key in a late part, placed first; then one in an earlier part, put while the placing pauses.
    const late = Array.from({ length: 1000 }, (_, i) => `late#${i}`).find((k) => partOf(k) > 200)!;
    const early = Array.from({ length: 1000 }, (_, i) => `early#${i}`).find((k) => partOf(k) < 50)!;
    putLater(late, 6000);
    const placing = keys.placingLater();
    expect(placing.next().done).toBe(false);
    putLater(early, 6001);
    while (!placing.next().done);
    expect((keys as unknown as { later: unknown }).later).toBeUndefined();
    expect([keys.idOf(late), keys.idOf(early), keys.size]).toEqual([6000, 6001, 5002]);
  });

  it("places keys put later a part a step", () => {
    const keys = new PackedKeys();
    for (let id = 0; id < 5000; id++) keys.putIfAbsent(`o/r#${id}`, id);
    for (let id = 5000; id < 50_000; id++) {
      const key = Buffer.from(`o/r#${id}`, "latin1");
      keys.putLatin1Later(key, 0, key.length, id);
    }
    const parts = (keys as unknown as { parts: Uint32Array[] }).parts;
    let steps = 0;
    for (const _ of keys.placingLater()) {
      steps++;
      // Each step places one part's keys: the parts after it hold none of them yet.
      expect(parts.filter((part, index) => part.some((entry, at) => at % 2 === 1 && entry > 5000 && index >= steps)).length).toBe(0);
    }
    expect(steps).toBe(256);
    expect(keys.size).toBe(50_000);
    expect(keys.idOf("o/r#49999")).toBe(49_999);
  });

  it("refuses ids that are not unsigned 32-bit numbers short of the largest", () => {
    const keys = new PackedKeys();
    for (const id of [-1, 1.5, 2 ** 32 - 1, 2 ** 32]) expect(() => keys.putIfAbsent("k", id)).toThrow(RangeError);
    expect(keys.size).toBe(0);
  });

  it("makes room ahead in steps, a part at a time, so that filing that many keys grows no part", () => {
    const n = 100_000;
    for (const already of [0, 5000]) {
      const keys = new PackedKeys();
      for (let id = 0; id < already; id++) keys.putIfAbsent(`o/r#${id}`, id);
      let pauses = 0;
      for (const _ of keys.reserving(n)) pauses++;
      // One part grown a step, every part of 256 (after one to split a table of a few keys).
      expect(pauses, `${already} filed before`).toBeGreaterThanOrEqual(256);
      const parts = (keys as unknown as { parts: Uint32Array[] }).parts;
      const before = parts.map((part) => part.length);
      for (let id = already; id < n; id++) keys.putIfAbsent(`o/r#${id}`, id);
      expect((keys as unknown as { parts: Uint32Array[] }).parts.map((part) => part.length)).toEqual(before);
      expect(keys.size).toBe(n);
      for (const id of [0, already, 77_777, n - 1]) expect(keys.idOf(`o/r#${id}`)).toBe(id);
      expect(keys.idOf(`o/r#${n}`)).toBe(-1);
      // Room made for fewer than held, or for a few, changes nothing.
      expect([...keys.reserving(10)].length + [...keys.reserving(n / 2)].length).toBe(0);
    }
  });
});
