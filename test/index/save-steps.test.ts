/**
 * The steps a save copies the store's tables and a keyword column in, bounded by the keys copied as
 * bytes between two pauses: each is a look-up and bytes written.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { KeywordColumn } from "../../src/index/columns.js";
import { Store } from "../../src/store.js";
import { PackedKeys } from "../../src/structures/packed-keys.js";

/** Drives `steps` through; the most keys copied as bytes between two pauses. */
function mostCopiedBetweenPauses(steps: Generator<unknown, unknown>): { most: number; copied: number } {
  let copied = 0;
  const copyKeyTo = PackedKeys.prototype.copyKeyTo;
  vi.spyOn(PackedKeys.prototype, "copyKeyTo").mockImplementation(function (this: PackedKeys, ...args) {
    copied++;
    return copyKeyTo.apply(this, args);
  });
  let [most, before] = [0, 0];
  for (let step = steps.next(); ; step = steps.next()) {
    most = Math.max(most, copied - before);
    before = copied;
    if (step.done) return { most, copied };
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a save's copies", () => {
  it("copy at most 2,048 of the store's keys between two pauses", () => {
    const store = new Store();
    for (let i = 0; i < 10_000; i++) store.put("users", `u${i}`, { login: `u${i}`, id: i });
    const { most, copied } = mostCopiedBetweenPauses(store.saving());
    expect(copied).toBeGreaterThanOrEqual(10_000);
    expect(most).toBeLessThanOrEqual(2048);
  });

  it("copy at most 2,048 of a keyword column's distinct values between two pauses", () => {
    const column = new KeywordColumn();
    for (let doc = 0; doc < 10_000; doc++) column.set(doc, [`v${doc}`]);
    const { most, copied } = mostCopiedBetweenPauses(column.stating(10_000));
    expect(copied).toBe(10_000);
    expect(most).toBeLessThanOrEqual(2048);
    expect(column.state(10_000).values.length).toBe(10_000);
  });
});
