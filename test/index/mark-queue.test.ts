import { describe, expect, it } from "vitest";
import { MarkQueue } from "../../src/index/mark-queue.js";

function drain<T>(queue: MarkQueue<T>): T[] {
  const out: T[] = [];
  for (let next = queue.take(); next !== undefined; next = queue.take()) out.push(next);
  return out;
}

describe("MarkQueue", () => {
  it("gives each mark once, oldest first, however often it was marked", () => {
    const q = new MarkQueue<string>();
    for (const m of ["a", "b", "a", "c", "b"]) q.add(m);
    expect(q.size).toBe(3);
    expect(drain(q)).toEqual(["a", "b", "c"]);
    expect(q.size).toBe(0);
  });

  it("gives a mark added while taking, and one taken and marked again, after the others", () => {
    const q = new MarkQueue<number>();
    [1, 2, 3].forEach((n) => q.add(n));
    expect(q.take()).toBe(1);
    q.add(1);
    q.add(4);
    expect(drain(q)).toEqual([2, 3, 1, 4]);
  });

  it("skips a mark deleted before it was taken, and starts again after running dry", () => {
    const q = new MarkQueue<number>();
    [1, 2, 3].forEach((n) => q.add(n));
    q.delete(2);
    expect(drain(q)).toEqual([1, 3]);
    expect(q.take()).toBeUndefined();
    q.add(5);
    q.add(6);
    expect(drain(q)).toEqual([5, 6]);
  });

  it("agrees with an array model over a long mixed run", () => {
    const q = new MarkQueue<number>();
    const model: number[] = [];
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const r = rand();
      const n = Math.floor(rand() * 300);
      if (r < 0.5) {
        q.add(n);
        if (!model.includes(n)) model.push(n);
      } else if (r < 0.6) {
        q.delete(n);
        const at = model.indexOf(n);
        if (at >= 0) model.splice(at, 1);
      } else expect(q.take()).toBe(model.shift());
      expect(q.size).toBe(model.length);
    }
  });
});
