/**
 * The typed top-k against sorting everything with `comparator`: the same best `k`, in the same
 * order, for best match and for a sort column in either direction (missing keys, equal scores,
 * equal orders), whatever the block size, and with a bound that passes matches over unscored.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparator, type Ranked } from "../../src/score/rank.js";
import { rankInBlocks } from "../../src/score/top-k.js";

/** A bitset over slots holding `docs`. */
function bitsOf(docs: Uint32Array): Uint32Array {
  const bits = new Uint32Array(((docs.at(-1) ?? 0) >>> 5) + 1);
  for (const d of docs) bits[d >>> 5] |= 1 << (d & 31);
  return bits;
}

/** The key that ranks first among `keys` in `direction`, NaN when none is there (missing keys rank last). */
function bestKey(keys: number[], direction: "asc" | "desc"): number {
  const present = keys.filter((k) => !Number.isNaN(k));
  if (!present.length) return NaN;
  return direction === "desc" ? Math.max(...present) : Math.min(...present);
}

const item = fc.record({
  score: fc.constantFrom(0.5, 1, 1.25, 2, 3.75),
  key: fc.oneof(fc.constantFrom(1, 2, 3), fc.constant(Number.NaN)),
  order: fc.integer({ min: 0, max: 4 }),
  slack: fc.constantFrom(0, 0.5, 10),
});

/** Never out of time, never waiting, blocks of ten. */
const steady = { order: () => 0, direction: "desc" as const, expired: () => false, pause: async () => {}, block: 10, first: 10 };

describe("typed top-k", () => {
  it("keeps the same best k as a full sort, in the same order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 200 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        fc.constantFrom("asc" as const, "desc" as const),
        fc.constantFrom(1, 3, 64, 16_384),
        fc.boolean(),
        async (items, k, byKey, direction, block, bounded) => {
          const docs = Uint32Array.from(items.map((_, i) => i * 3 + 1));
          const at = (doc: number) => items[(doc - 1) / 3];
          let scored = 0;
          const got = await rankInBlocks({
            bits: bitsOf(docs),
            k,
            score: (doc) => (scored++, at(doc).score),
            // An upper bound: the score, or more.
            bound: bounded && !byKey ? (doc) => at(doc).score + at(doc).slack : undefined,
            order: (doc) => at(doc).order,
            key: byKey ? (doc) => at(doc).key : undefined,
            // The best key of each word's documents (missing keys last in either direction).
            keyInWord: byKey && bounded ? (word) => bestKey(Array.from(docs).filter((d) => d >>> 5 === word).map((d) => at(d).key), direction) : undefined,
            // The same for blocks of 64 slots (two words).
            keyInBlock: byKey && bounded ? (b) => bestKey(Array.from(docs).filter((d) => d >>> 6 === b).map((d) => at(d).key), direction) : undefined,
            keyBlockSlots: 64,
            direction,
            expired: () => false,
            pause: async () => {},
            block,
            first: block,
          });
          const all: Ranked[] = Array.from(docs, (doc) => ({ doc, score: at(doc).score, key: byKey ? at(doc).key : 0, order: at(doc).order }));
          const expected = all.sort(comparator(byKey, direction)).slice(0, k);
          expect(got.complete).toBe(true);
          expect(got.ranked).toEqual(expected);
          expect(scored).toBeLessThanOrEqual(items.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("passes over, unscored, matches whose bound is below the worst kept score", async () => {
    const docs = Uint32Array.from({ length: 100 }, (_, i) => i);
    let scored = 0;
    const got = await rankInBlocks({
      bits: bitsOf(docs),
      k: 2,
      // The first two score 10; every later one is bound by 5.
      score: (doc) => (scored++, doc < 2 ? 10 : 1),
      bound: (doc) => (doc < 2 ? 10 : 5),
      ...steady,
    });
    expect(got.ranked.map((r) => r.doc)).toEqual([0, 1]);
    expect(scored).toBe(2);
  });

  it("with block bounds (and word bounds), keeps the same best k, passing over blocks (and words) that cannot beat the worst kept", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4095 }), item), { maxLength: 300 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(1, 7, 64, 16_384),
        fc.constantFrom(32, 64, 1024),
        // Blocks and words whose bound is not known (Infinity), one in `unknownEvery`.
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        async (placed, k, block, blockSlots, unknownEvery, byWords) => {
          const bySlot = new Map(placed.map(([slot, it]) => [slot, it]));
          const docs = Uint32Array.from([...bySlot.keys()].sort((a, b) => a - b));
          const at = (doc: number) => bySlot.get(doc)!;
          // The greatest score plus slack of the documents of each block (or word), unknown in some.
          const boundOf = (size: number) => {
            const greatest = new Map<number, number>();
            for (const [doc, it] of bySlot) greatest.set(Math.floor(doc / size), Math.max(greatest.get(Math.floor(doc / size)) ?? -Infinity, it.score + it.slack));
            return (b: number) => (b % unknownEvery === unknownEvery - 1 ? Infinity : (greatest.get(b) ?? -Infinity));
          };
          const looked = new Set<number>();
          const got = await rankInBlocks({
            bits: bitsOf(docs),
            k,
            score: (doc) => (looked.add(doc), at(doc).score),
            order: (doc) => at(doc).order,
            blockBound: boundOf(blockSlots),
            ...(byWords ? { wordBound: boundOf(32) } : {}),
            blockSlots,
            direction: "desc",
            expired: () => false,
            pause: async () => {},
            block,
            first: block,
          });
          const all: Ranked[] = Array.from(docs, (doc) => ({ doc, score: at(doc).score, key: 0, order: at(doc).order }));
          expect(got.ranked).toEqual(all.sort(comparator(false, "desc")).slice(0, k));
          expect(looked.size).toBeLessThanOrEqual(docs.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("looks at no match of a word whose bound is below the worst kept score", async () => {
    // Word 0 (slots 0 … 31) holds the two best; words 1 and 2 are bound by 5, word 3 is not known.
    const docs = Uint32Array.from([0, 1, 33, 40, 70, 100]);
    const looked: number[] = [];
    const got = await rankInBlocks({
      bits: bitsOf(docs),
      k: 2,
      score: (doc) => (looked.push(doc), doc < 2 ? 10 : 1),
      wordBound: (w) => (w === 0 ? 10 : w < 3 ? 5 : Infinity),
      ...steady,
    });
    expect(got.ranked.map((r) => r.doc)).toEqual([0, 1]);
    expect(looked).toEqual([0, 1, 100]);
  });

  it("ranking by a key, passes over a word whose best key ranks below the worst kept, and looks at one whose best key ties it", async () => {
    const keys = new Map([
      [1, 3],
      [40, 3],
      [70, 1],
    ]);
    const keyed: number[] = [];
    const got = await rankInBlocks({
      bits: bitsOf(Uint32Array.from([1, 40, 70])),
      k: 1,
      score: (doc) => (doc === 40 ? 2 : 1),
      key: (doc) => (keyed.push(doc), keys.get(doc)!),
      keyInWord: (word) => (word === 0 || word === 1 ? 3 : 1),
      ...steady,
    });
    // Doc 40 ties doc 1 on its key and wins on its score; word 2's best key is below: its key not read.
    expect(got.ranked.map((r) => r.doc)).toEqual([40]);
    expect(keyed).toEqual([1, 40]);
  });

  it("ranking by a key, passes over a block whose best key ranks below the worst kept, unread", async () => {
    // Block 0 (slots 0 … 63) holds keys 9 and 8, block 1 keys up to 5, block 2 a key of 9 again.
    const keys = new Map([
      [1, 9],
      [40, 8],
      [64, 5],
      [100, 4],
      [130, 9],
    ]);
    const keyed: number[] = [];
    const got = await rankInBlocks({
      bits: bitsOf(Uint32Array.from(keys.keys())),
      k: 2,
      score: () => 1,
      key: (doc) => (keyed.push(doc), keys.get(doc)!),
      keyInBlock: (block) => [9, 5, 9][block],
      keyBlockSlots: 64,
      ...steady,
    });
    expect(got.ranked.map((r) => r.doc)).toEqual([1, 130]);
    // Blocks 0 and 2 tie on their bound: either goes first.
    expect(keyed.sort((a, b) => a - b)).toEqual([1, 40, 130]);
  });

  it("does not ready again (nor count the matches of) a block that is readied already", async () => {
    const docs = Uint32Array.from({ length: 300 }, (_, i) => i);
    const events: string[] = [];
    await rankInBlocks({
      bits: bitsOf(docs),
      k: 3,
      score: (doc) => doc,
      prepare: (block) => events.push(`prepare ${block}`),
      prepared: () => true,
      blockSlots: 1024,
      ...steady,
      block: 16_384,
    });
    expect(events).toEqual([]);
  });

  it("looks at a word whose bound equals the worst kept score: a match there may win on order", async () => {
    const got = await rankInBlocks({
      bits: bitsOf(Uint32Array.from([0, 40])),
      k: 1,
      score: () => 5,
      wordBound: () => 5,
      ...steady,
      order: (doc) => (doc === 0 ? 3 : 0),
    });
    expect(got.ranked.map((r) => r.doc)).toEqual([40]);
  });

  it("looks at no match of a block whose bound is below the worst kept score", async () => {
    // Block 0 (slots 0 … 31) holds the two best; blocks 1 and 2 are bound by 5, block 3 is not known.
    const docs = Uint32Array.from([0, 1, ...Array.from({ length: 64 }, (_, i) => 32 + i), 100]);
    const looked: number[] = [];
    const got = await rankInBlocks({
      bits: bitsOf(docs),
      k: 2,
      score: (doc) => (looked.push(doc), doc < 2 ? 10 : 1),
      blockBound: (b) => (b === 0 ? 10 : b < 3 ? 5 : Infinity),
      blockSlots: 32,
      ...steady,
    });
    expect(got.ranked.map((r) => r.doc)).toEqual([0, 1]);
    expect(looked).toEqual([0, 1, 100]);
  });

  it("ranks blocks best bound first and stops at the first whose bound cannot beat the worst kept", async () => {
    // One match per block of 32 slots, bounds and scores rising with the slot: only the last blocks can hold the best.
    const docs = Uint32Array.from({ length: 20 }, (_, i) => i * 32);
    const looked: number[] = [];
    const got = await rankInBlocks({
      bits: bitsOf(docs),
      k: 2,
      score: (doc) => (looked.push(doc), doc),
      blockBound: (b) => b * 32,
      blockSlots: 32,
      ...steady,
    });
    expect(got.ranked.map((r) => r.doc)).toEqual([608, 576]);
    expect(looked).toEqual([608, 576]);
  });

  it("pauses while it asks for the blocks' bounds, before it ranks, once the slice has passed", async () => {
    const docs = Uint32Array.from({ length: 100 }, (_, i) => i * 32);
    const events: string[] = [];
    // A clock that moves 1 ms each time it is read.
    let clock = 0;
    await rankInBlocks({
      bits: bitsOf(docs),
      k: 2,
      score: (doc) => (events.push("score"), doc),
      blockBound: (b) => b * 32,
      blockSlots: 32,
      ...steady,
      pause: async () => void events.push("pause"),
      slice: { ms: 1, now: () => clock++ },
      block: 1000,
      first: 1000,
    });
    expect(events.indexOf("pause")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("pause")).toBeLessThan(events.indexOf("score"));
  });

  it("goes on with the slice an earlier stage began", async () => {
    const docs = Uint32Array.from({ length: 50 }, (_, i) => i);
    const pausesWith = async (began: number): Promise<number> => {
      let pauses = 0;
      // The host's clock stands at 100 ms: a slice begun at 50 has passed, one begun at 100 has not.
      await rankInBlocks({ bits: bitsOf(docs), k: 5, score: (doc) => doc, ...steady, pause: async () => void pauses++, slice: { ms: 10, now: () => 100, began }, block: 10, first: 10 });
      return pauses;
    };
    expect(await pausesWith(100)).toBe(0);
    expect(await pausesWith(50)).toBe(1);
  });

  it("ranking by a key, ranks a block without keys after every block with one", async () => {
    // Block 1 has no key: it neither hides block 3's 9 nor ranks before it.
    const keys = [5, NaN, 1, 9, 2];
    const got = await rankInBlocks({
      bits: bitsOf(Uint32Array.from(keys, (_, b) => b * 64)),
      k: 1,
      score: () => 1,
      key: (doc) => keys[doc / 64],
      keyInBlock: (b) => keys[b],
      keyBlockSlots: 64,
      ...steady,
    });
    expect(got.ranked.map((r) => r.doc)).toEqual([192]);
  });

  it("ranking by a key, ranks blocks best key first in either direction and stops at the first that cannot take", async () => {
    const docs = Uint32Array.from({ length: 20 }, (_, i) => i * 64 + 5);
    for (const direction of ["desc", "asc"] as const) {
      const keyed: number[] = [];
      const got = await rankInBlocks({
        bits: bitsOf(docs),
        k: 2,
        score: () => 1,
        key: (doc) => (keyed.push(doc), doc),
        keyInBlock: (b) => b * 64 + 5,
        keyBlockSlots: 64,
        ...steady,
        direction,
      });
      const best = direction === "desc" ? [1221, 1157] : [5, 69];
      expect(got.ranked.map((r) => r.doc)).toEqual(best);
      expect(keyed).toEqual(best);
    }
  });

  it("ends when the block passed over is the last and the bits end inside it", async () => {
    // Three words of bits, blocks of two words: passing block 1 over must stop at the bits' end.
    const docs = Uint32Array.from([0, 1, 70, 90]);
    const looked: number[] = [];
    let pauses = 0;
    const got = await rankInBlocks({
      bits: bitsOf(docs),
      k: 2,
      score: (doc) => (looked.push(doc), doc < 2 ? 10 : 1),
      blockBound: (b) => (b === 0 ? 10 : 5),
      blockSlots: 64,
      ...steady,
      // A walk that never reaches the end would pause forever: fail instead.
      pause: async () => {
        if (++pauses > 100) throw new Error("the walk does not end");
      },
      block: 2,
      first: 2,
    });
    expect(got.ranked.map((r) => r.doc)).toEqual([0, 1]);
    expect(looked).toEqual([0, 1]);
  });

  it("readies the blocks where at least one slot in eight matches, before scoring their matches", async () => {
    // Slots 0 … 199 of block 0 (of 1,024) match, and 10 slots of block 1.
    const docs = Uint32Array.from([...Array.from({ length: 200 }, (_, i) => i), ...Array.from({ length: 10 }, (_, i) => 1024 + i * 50)]);
    const events: string[] = [];
    await rankInBlocks({
      bits: bitsOf(docs),
      k: 3,
      score: (doc) => (events.push(`score ${doc}`), doc),
      prepare: (block) => events.push(`prepare ${block}`),
      blockSlots: 1024,
      ...steady,
      block: 16_384,
    });
    expect(events.filter((e) => e.startsWith("prepare"))).toEqual(["prepare 0"]);
    expect(events[0]).toBe("prepare 0");
  });

  it("stops between blocks when time is up, with the best of what it ranked", async () => {
    const docs = Uint32Array.from({ length: 100 }, (_, i) => i);
    let checks = 0;
    const got = await rankInBlocks({
      bits: bitsOf(docs),
      k: 5,
      score: (doc) => doc,
      ...steady,
      expired: () => ++checks > 2,
    });
    expect(got.complete).toBe(false);
    // Three blocks ranked, each ending at a word's end: the best of slots 0 … 95.
    expect(got.ranked.map((r) => r.doc)).toEqual([95, 94, 93, 92, 91]);
  });

  it("with a time slice, pauses only once the slice has passed, ranking the same", async () => {
    const docs = Uint32Array.from({ length: 100 }, (_, i) => i * 3);
    // A clock that moves 1 ms each time it is read.
    let clock = 0;
    const now = () => clock++;
    const rank = async (ms: number | undefined) => {
      let pauses = 0;
      const got = await rankInBlocks({
        bits: bitsOf(docs),
        k: 5,
        score: (doc) => doc % 17,
        ...steady,
        pause: async () => void pauses++,
        block: 10,
        slice: ms === undefined ? undefined : { ms, now },
      });
      return { ranked: got.ranked.map((r) => r.doc), pauses };
    };
    const each = await rank(undefined);
    const never = await rank(60_000);
    const always = await rank(0);
    const everyThird = await rank(3);
    expect(each.pauses).toBe(9);
    expect(never.pauses).toBe(0);
    expect(always.pauses).toBe(9);
    expect(everyThird.pauses).toBe(3);
    expect(everyThird.ranked).toEqual(each.ranked);
    expect(never.ranked).toEqual(each.ranked);
    expect(always.ranked).toEqual(each.ranked);
  });
});
