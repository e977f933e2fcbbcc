/**
 * The block walk against the per-document tests: for random collections (with removed and
 * re-indexed documents, so that slots are free, posting lists hold stale entries and keyword lists
 * turned into sets) and random logical queries, `collect` finds exactly the live slots whose
 * `root.test` holds, in ascending order, whatever the block size.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collect } from "../../src/execute/execute.js";
import type { Match } from "../../src/logical/match.js";
import { docsOf, wordsFor } from "../../src/plan/bits.js";
import { BLOCK, plan } from "../../src/plan/plan.js";
import { build, type Edit } from "./support.js";

const WORDS = ["crash", "window", "linux", "error", "again", "fast", "slow"];
const LABELS = ["bug", "docs", "ui", "perf"];
const SPAN = { start: 0, end: 0 };

const record = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((w) => w.join(" ")),
  body: fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((w) => w.join(" ")),
  state: fc.constantFrom("open", "closed"),
  labels: fc.uniqueArray(fc.constantFrom(...LABELS), { maxLength: 3 }),
  comments: fc.option(fc.nat(9), { nil: undefined }),
});


const leaf: fc.Arbitrary<Match> = fc.oneof(
  fc.record({ op: fc.constant("text" as const), fields: fc.subarray(["title", "body"], { minLength: 1 }), text: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((w) => w.join(" ")), phrase: fc.boolean(), span: fc.constant(SPAN) }),
  fc.record({ op: fc.constant("keyword" as const), column: fc.constant("label"), values: fc.uniqueArray(fc.constantFrom(...LABELS), { minLength: 1, maxLength: 2 }) }),
  fc.record({ op: fc.constant("keyword" as const), column: fc.constant("state"), values: fc.constantFrom(["open"], ["closed"]) }),
  fc.record({ op: fc.constant("prefix" as const), column: fc.constant("label"), prefix: fc.constantFrom("b", "d", "p", "x") }),
  fc.record({ op: fc.constant("range" as const), column: fc.constant("comments"), low: fc.integer({ min: 0, max: 5 }), high: fc.integer({ min: 3, max: 9 }) }),
  fc.record({ op: fc.constant("exists" as const), column: fc.constantFrom("comments", "label") }),
  fc.constant<Match>({ op: "all" }),
  fc.constant<Match>({ op: "none", reason: "test" }),
);

const query: fc.Arbitrary<Match> = fc.letrec<{ m: Match }>((tie) => ({
  m: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ op: fc.constant("and" as const), children: fc.array(tie("m"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ op: fc.constant("or" as const), children: fc.array(tie("m"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ op: fc.constant("not" as const), child: tie("m") }),
  ),
})).m;

const edit = (n: number): fc.Arbitrary<Edit> =>
  fc.oneof(
    fc.record({ kind: fc.constant("put" as const), number: fc.integer({ min: 1, max: n + 5 }), value: record }) as fc.Arbitrary<Edit>,
    fc.record({ kind: fc.constant("remove" as const), number: fc.integer({ min: 1, max: n }) }),
  );

describe("the block walk", () => {
  it("finds exactly the documents the per-document tests accept, for any block size", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 120 }).chain((rs) => fc.tuple(fc.constant(rs), fc.array(edit(rs.length), { maxLength: 20 }))),
        query,
        fc.constantFrom(1, 7, 32, 100, 1024, 8192),
        async ([records, edits], match, blockSize) => {
          const collection = build(records, edits);
          const p = plan(match, collection);
          const expected: number[] = [];
          for (let d = 0; d < collection.capacity; d++) if (collection.isLive(d) && p.root.test(d)) expected.push(d);
          const never = { now: () => 0, at: 1 };
          const found = await collect(plan(match, collection), never, { pause: async () => {}, pauseEvery: blockSize });
          expect(found.incomplete).toBe(false);
          expect(found.count).toBe(expected.length);
          expect(Array.from(docsOf(found.bits, found.count))).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("stops at the deadline after whole blocks, with the matches of the blocks walked", async () => {
    const records = Array.from({ length: 300 }, (_, i) => ({ title: i % 2 ? "crash" : "window", body: "", state: "open", labels: [] }));
    const collection = build(records, []);
    let readings = 0;
    const deadline = { now: () => (readings++ < 2 ? 0 : 10), at: 5 };
    const found = await collect(plan({ op: "text", fields: ["title"], text: "crash", phrase: false, span: SPAN }, collection), deadline, { pause: async () => {}, pauseEvery: 64 });
    expect(found.incomplete).toBe(true);
    // Two blocks of 64 slots walked (one check after each, one after its pause): the odd slots below 128.
    expect(Array.from(docsOf(found.bits, found.count))).toEqual(Array.from({ length: 64 }, (_, i) => 2 * i + 1));
  });

  it("runs a plan's readying before its first fill, in steps with pauses, and stops there at the deadline", async () => {
    const events: string[] = [];
    const root = { cost: 1, scans: false, testCost: 1, fill: () => void events.push("fill"), test: () => false, describe: "x" };
    const readying = [
      function* () {
        for (let i = 0; i < 20; i++) {
          events.push("step");
          yield;
        }
      },
    ];
    const pause = async () => void events.push("pause");
    const found = await collect({ root, capacity: 64, scoring: [], readying }, { now: () => 0, at: 1 }, { pause });
    expect(found.incomplete).toBe(false);
    expect(events.filter((e) => e === "pause").length).toBeGreaterThanOrEqual(2);
    expect(events.lastIndexOf("step")).toBeLessThan(events.indexOf("fill"));
    events.length = 0;
    const late = await collect({ root, capacity: 64, scoring: [], readying }, { now: () => 10, at: 1 }, { pause });
    expect(late.incomplete).toBe(true);
    expect(events).not.toContain("fill");
  });

  it("with a slice, pauses only once the slice has passed, whatever the slots walked", async () => {
    const events: string[] = [];
    let clock = 0;
    let perFill = 0;
    const root = { cost: 1, scans: false, testCost: 1, fill: () => void (events.push("fill"), (clock += perFill)), test: () => false, describe: "x" };
    const pause = async () => void events.push("pause");
    const slice = { ms: 10, now: () => clock };
    const never = { now: () => 0, at: 1 };
    // Time standing still: 20 blocks of slots (more than one pause interval without a slice) and no pause.
    await collect({ root, capacity: 20 * BLOCK, scoring: [], readying: [] }, never, { pause, slice });
    expect(events).toEqual(Array(20).fill("fill"));
    events.length = 0;
    // 4 ms a block: a pause after the third (12 ms since the start), none after the last.
    perFill = 4;
    await collect({ root, capacity: 5 * BLOCK, scoring: [], readying: [] }, never, { pause, slice });
    expect(events).toEqual(["fill", "fill", "fill", "pause", "fill", "fill"]);
  });

  it("with a slice, tells when the slice under way began: at its start, or at its last pause", async () => {
    let clock = 0;
    const root = { cost: 1, scans: false, testCost: 1, fill: () => void (clock += 4), test: () => false, describe: "x" };
    const never = { now: () => 0, at: 1 };
    const slice = { ms: 10, now: () => clock };
    // Blocks end at 4, 8, 12 (a pause: the slice begins again at 12), 16 and 20.
    expect((await collect({ root, capacity: 5 * BLOCK, scoring: [], readying: [] }, never, { pause: async () => {}, slice })).sliceBegan).toBe(12);
    clock = 30;
    expect((await collect({ root, capacity: 2 * BLOCK, scoring: [], readying: [] }, never, { pause: async () => {}, slice })).sliceBegan).toBe(30);
    expect((await collect({ root, capacity: 2 * BLOCK, scoring: [], readying: [] }, never, { pause: async () => {} })).sliceBegan).toBeUndefined();
  });

  it("with a slice, reads the deadline as often whether it pauses or not: an injected clock cuts at the same place", async () => {
    const root = { cost: 1, scans: false, testCost: 1, fill: () => {}, test: () => false, describe: "x" };
    const readying = [
      function* () {
        for (let i = 0; i < 20; i++) yield;
      },
    ];
    const readings = async (hostStep: number): Promise<number> => {
      let read = 0;
      let host = 0;
      const deadline = { now: () => (read++, 0), at: 1 };
      await collect({ root, capacity: 6 * BLOCK, scoring: [], readying }, deadline, { pause: async () => {}, slice: { ms: 10, now: () => (host += hostStep) } });
      return read;
    };
    // A host clock that stands still never pauses; one that runs 20 ms a reading pauses at every chance.
    expect(await readings(20)).toBe(await readings(0));
  });

  it("with a slice not yet passed, walks its blocks without letting other microtasks in between", async () => {
    // An await per block let other work in 2,442 times per search at ten million, a promise each.
    const root = { cost: 1, scans: false, testCost: 1, fill: () => {}, test: () => false, describe: "x" };
    const never = { now: () => 0, at: 1 };
    let turns = 0;
    let walking = true;
    const counting = (async () => {
      while (walking) {
        turns++;
        await Promise.resolve();
      }
    })();
    await collect({ root, capacity: 200 * BLOCK, scoring: [], readying: [] }, never, { pause: async () => {}, slice: { ms: 10, now: () => 0 } });
    walking = false;
    await counting;
    expect(turns).toBeLessThan(5);
  });

  it("fills the bitset it is given, and refuses one of another length", async () => {
    const records = Array.from({ length: 200 }, (_, i) => ({ title: i % 3 === 0 ? "crash" : "fine", body: "", state: "open", labels: [] }));
    const collection = build(records, []);
    const crash = plan({ op: "text", fields: ["title"], text: "crash", phrase: false, span: SPAN }, collection);
    const never = { now: () => 0, at: 1 };
    const into = new Uint32Array(wordsFor(collection.capacity));
    const found = await collect(crash, never, { pause: async () => {}, pauseEvery: 64, into });
    expect(found.bits).toBe(into);
    expect(Array.from(docsOf(into, found.count))).toEqual(Array.from({ length: 67 }, (_, i) => 3 * i));
    await expect(collect(crash, never, { pause: async () => {}, pauseEvery: 64, into: new Uint32Array(into.length + 1) })).rejects.toThrow(RangeError);
  });
});
