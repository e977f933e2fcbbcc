/** Ids handed out densely, the last let go taken first, and a pool carried over as saved. */
import { describe, expect, it } from "vitest";
import { FreeIds } from "../../src/structures/free-ids.js";

describe("FreeIds", () => {
  it("hands out the last id let go first, else the next never used", () => {
    const ids = new FreeIds();
    const taken = () => {
      const id = ids.peek();
      ids.take();
      return id;
    };
    expect([taken(), taken(), taken()]).toEqual([0, 1, 2]);
    ids.release(0);
    ids.release(2);
    expect(ids.peek()).toBe(2);
    expect(ids.peek()).toBe(2);
    expect([taken(), taken(), taken()]).toEqual([2, 0, 3]);
    expect(ids.limit).toBe(4);
  });

  it("carries its free ids over, in the order they are taken", () => {
    const ids = new FreeIds(10, [4, 7]);
    ids.release(1);
    const again = new FreeIds(ids.limit, ids.freeIds());
    for (const pool of [ids, again]) {
      const order = [0, 1, 2, 3].map(() => {
        const id = pool.peek();
        pool.take();
        return id;
      });
      expect(order).toEqual([1, 7, 4, 10]);
    }
  });
});
