/**
 * A long list against a plain array: what FlexSearch's map holds is always a prefix of the
 * documents appended, and all of them once settled, whether the list began as an array or was taken
 * over full from a typed chunk, with buffers begun, copied ahead and let go (a load's end) between appends.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LongList } from "../../src/index/long-list.js";

const op = fc.oneof(
  { weight: 8, arbitrary: fc.record({ push: fc.nat(1000) }) },
  { weight: 1, arbitrary: fc.constant({ settle: true as const }) },
  { weight: 1, arbitrary: fc.constant({ trim: true as const }) },
);

describe("LongList", () => {
  it("keeps in FlexSearch's map a prefix of what was appended, and all of it once settled", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 40 }), fc.boolean(), fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 400 }), (start, typed, flushEvery, ops) => {
        const initial = typed ? Uint32Array.from(start) : start.slice();
        const byScore: Array<number[] | Uint32Array> = [initial];
        const list = new LongList(byScore, initial, flushEvery);
        const model = start.slice();
        // Taken over as it is when typed; an array is copied into a typed buffer at once.
        if (typed) expect(byScore[0]).toBe(initial);
        else expect(byScore[0]).toBeInstanceOf(Uint32Array);
        expect(Array.from(byScore[0])).toEqual(model);
        for (const step of ops) {
          if ("push" in step) {
            expect(list.push(step.push)).toBe(0);
            model.push(step.push);
          } else if ("settle" in step) list.settle();
          else list.trim();
          expect(list.length).toBe(model.length);
          const held = Array.from(byScore[0]);
          expect(held).toEqual(model.slice(0, held.length));
          if ("settle" in step) expect(held).toEqual(model);
          // Fewer than a flush's worth wait: a list this short is copied into a larger buffer in one slice.
          expect(model.length - held.length).toBeLessThan(flushEvery);
        }
        list.settle();
        expect(Array.from(byScore[0])).toEqual(model);
      }),
    );
  });

  it("grows a list taken over full in slices, holding few appends back", () => {
    const byScore: Array<number[] | Uint32Array> = [Uint32Array.from({ length: 100_000 }, (_, i) => i)];
    const list = new LongList(byScore, byScore[0], 1024);
    let longestWait = 0;
    for (let doc = 100_000; doc < 400_000; doc++) {
      list.push(doc);
      longestWait = Math.max(longestWait, list.length - byScore[0].length);
    }
    list.settle();
    expect(byScore[0].length).toBe(400_000);
    expect(byScore[0][123_456]).toBe(123_456);
    expect(byScore[0][399_999]).toBe(399_999);
    // Taken over full, appends wait while the first copy is made, 4,096 entries a flush (one per
    // append once the tail is full): the 25th completes it, so at most 1,024 + 23 wait. Later buffers
    // are begun and copied ahead before the room runs out, so no append waits longer.
    expect(longestWait).toBe(1024 + Math.ceil(100_000 / 4096) - 2);
  });
});
