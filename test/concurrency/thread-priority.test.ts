/** Helper threads lower their own priority, never the main thread's, and never fail for it. */
import { describe, expect, it } from "vitest";
import { lowerThreadPriority } from "../../src/concurrency/thread-priority.js";

function run(link: string | Error, setFails = false): Array<[number, number]> {
  const set: Array<[number, number]> = [];
  lowerThreadPriority(
    (id, priority) => {
      if (setFails) throw new Error("EACCES");
      set.push([id, priority]);
    },
    () => {
      if (link instanceof Error) throw link;
      return link;
    },
  );
  return set;
}

describe("lowerThreadPriority", () => {
  it("lowers the calling thread, by its own id, to nice 10", () => {
    expect(run("4242/task/4250")).toEqual([[4250, 10]]);
  });

  it("leaves the main thread (whose id is the process's) and anything it cannot read as it is", () => {
    expect(run("4242/task/4242")).toEqual([]);
    expect(run("4242")).toEqual([]);
    expect(run(new Error("ENOENT"))).toEqual([]);
  });

  it("does not throw when the system refuses", () => {
    expect(() => run("4242/task/4250", true)).not.toThrow();
  });
});
