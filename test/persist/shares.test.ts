/** The saved bounds' shares checked when read: refused when one is not a finite number at least 0, and in steps of some 65,536. */
import { describe, expect, it } from "vitest";
import { LayoutError } from "../../src/persist/frames.js";
import { checkingShares } from "../../src/persist/shares.js";

describe("checkingShares", () => {
  it("looks at some 65,536 shares between two pauses, a table whole", () => {
    // Forty tables of 10,000 shares: the blocks of a term at ten million documents.
    const tables = Array.from({ length: 40 }, (_, t) => Float32Array.from({ length: 10_000 }, (_, i) => (t * i) % 7));
    let pauses = 0;
    for (const _ of checkingShares(tables, "bounds.title.shares")) pauses++;
    // 400,000 shares: a pause after each seventh table.
    expect(pauses).toBe(5);
  });

  it("refuses a share that is negative, not a number or infinite, naming the section", () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const tables = [new Float32Array(3), Float32Array.of(0, 2.5, bad)];
      expect(() => [...checkingShares(tables, "bounds.body.shares")]).toThrow(LayoutError);
      expect(() => [...checkingShares(tables, "bounds.body.shares")]).toThrow(/bounds\.body\.shares holds/);
    }
    expect([...checkingShares([Float32Array.of(0, 0.5, 3.4e38)], "ok")].length).toBe(0);
  });
});
